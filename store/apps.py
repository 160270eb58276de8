from django.apps import AppConfig


class StoreConfig(AppConfig):
    name = "store"
    default_auto_field = "django.db.models.BigAutoField"

    def seed_demo(self, organisation) -> None:
        """Demo catalog and used-device prices, only for organisations of kind "store". Idempotent."""
        if organisation.kind != "store":
            return
        from store.demo import seed_store_demo

        seed_store_demo(currency=organisation.currency)
