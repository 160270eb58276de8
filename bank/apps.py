from django.apps import AppConfig


class BankConfig(AppConfig):
    name = "bank"
    default_auto_field = "django.db.models.BigAutoField"

    def seed_demo(self, organisation) -> None:
        """Demo data for organisations of kind "bank" (idempotent, prints nothing)."""
        from bank.demo import seed_bank_demo

        seed_bank_demo(organisation)
