from django.apps import AppConfig


class WorkspaceConfig(AppConfig):
    """The staff workspace: one-page traces of Asks and conversations, and the organisation's dashboards."""

    name = "workspace"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """The dashboard in the back office's sidebar (the inbox's list is already in its Inbox section; the
        traces are reached from the dashboard and from every Ask, approval, turn, transfer and escalation page)."""
        from django.utils.translation import gettext_lazy as _

        from staff.navigation import NavItem, nav_register

        # Auditors and admins see approvals; agents do not (their inbox is their place).
        nav_register("dashboards", NavItem(_("Dashboard"), "workspace:dashboard", "monitoring",
                                           "approvals.view_approvalrequest"))
