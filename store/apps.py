from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StoreConfig(AppConfig):
    name = "store"
    verbose_name = _("Store")
    default_auto_field = "django.db.models.BigAutoField"

    def seed_demo(self, organisation) -> None:
        """Demo catalog and used-device prices, only for organisations of kind "store". Idempotent."""
        from magie.choices import OrganisationKind

        if organisation.kind != OrganisationKind.STORE:
            return
        from store.demo import seed_store_demo

        seed_store_demo(currency=organisation.currency)
