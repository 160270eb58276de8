from django.apps import AppConfig


class WorkspaceConfig(AppConfig):
    """The staff workspace: one-page traces of Asks and conversations, and the organisation's dashboards."""

    name = "workspace"
    default_auto_field = "django.db.models.BigAutoField"
