from django.apps import AppConfig


class AsksConfig(AppConfig):
    name = "asks"
