import importlib

from django.apps import AppConfig


class WorkspaceConfig(AppConfig):
    """The staff workspace: one-page traces of Asks and conversations, and the organisation's dashboards."""

    name = "workspace"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """The dashboard in the back office's sidebar, where the navigation of `staff/` exists (it is built by
        another app; without it the pages are reached from the admin pages' trace links and the breadcrumbs)."""
        try:  # imported by name: the app may not be installed (and then there is nothing to type-check)
            navigation = importlib.import_module("staff.navigation")
        except ImportError:
            return
        NavItem, nav_register = navigation.NavItem, navigation.nav_register
        from django.utils.translation import gettext_lazy as _

        # Auditors and admins see approvals; agents do not (their inbox is their place).
        nav_register("dashboards", NavItem(_("Dashboard"), "workspace:dashboard", "monitoring",
                                           "approvals.view_approvalrequest"))
