from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StaffAuthConfig(AppConfig):
    """How staff prove who they are after the password: an authenticator app (its key encrypted at rest), single-use
    recovery codes (stored hashed), and the audit rows of what happened to either. Tables in every schema, like the
    users they belong to."""

    name = "staff_auth"
    verbose_name = _("Staff sign-in")
    default_auto_field = "django.db.models.BigAutoField"
