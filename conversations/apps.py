from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ConversationsConfig(AppConfig):
    name = "conversations"
    verbose_name = _("Conversations")

    def seed_demo(self, organisation) -> None:
        """The demo's sandbox customers (idempotent)."""
        from conversations.demo import seed_sandbox_customers

        seed_sandbox_customers(organisation)
