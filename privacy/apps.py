from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrivacyConfig(AppConfig):
    """Customers' data rights (LGPD): export, erasure that keeps the ledger, retention windows."""

    name = "privacy"
    verbose_name = _("Data rights")

    def ready(self) -> None:
        from staff.navigation import NavItem, nav_register

        nav_register("policies", NavItem(_("Data retention"), "admin:privacy_retentionsettings_changelist",
                                         "auto_delete", "privacy.view_retentionsettings"))
        nav_register("conversations", NavItem(_("Data requests"), "admin:privacy_datarequest_changelist",
                                              "privacy_tip", "privacy.view_datarequest"))
