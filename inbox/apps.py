from django.apps import AppConfig


class InboxConfig(AppConfig):
    name = "inbox"
