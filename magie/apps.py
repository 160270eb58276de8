from django.apps import AppConfig


class MagieConfig(AppConfig):
    name = "magie"
    verbose_name = "Magie platform"
