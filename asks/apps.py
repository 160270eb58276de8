from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AsksConfig(AppConfig):
    name = "asks"
    verbose_name = _("Asks")
