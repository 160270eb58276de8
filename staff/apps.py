from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StaffConfig(AppConfig):
    """The staff side of every back office: its navigation, theme, language and staff profiles."""

    name = "staff"
    verbose_name = _("Staff")
