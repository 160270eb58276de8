from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BankConfig(AppConfig):
    name = "bank"
    verbose_name = _("Bank")
    default_auto_field = "django.db.models.BigAutoField"

    def seed_demo(self, organisation) -> None:
        """Demo data for organisations of kind "bank" (idempotent, prints nothing)."""
        from bank.demo import seed_bank_demo

        seed_bank_demo(organisation)
