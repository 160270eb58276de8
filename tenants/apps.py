from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save
from django.utils.translation import gettext_lazy as _


def _forget_organisation(sender, instance, **kwargs) -> None:
    from magie.tenancy import tenancy_forget

    tenancy_forget(instance.schema_name)


class TenantsConfig(AppConfig):
    name = "tenants"
    verbose_name = _("Organisations")

    def ready(self) -> None:
        from tenants.models import Organisation

        # The tenancy cache (magie.tenancy) forgets an organisation as soon as it changes in this process.
        post_save.connect(_forget_organisation, sender=Organisation, dispatch_uid="tenancy-forget-save")
        post_delete.connect(_forget_organisation, sender=Organisation, dispatch_uid="tenancy-forget-delete")
