from django.apps import AppConfig


class ConversationsConfig(AppConfig):
    name = "conversations"

    def seed_demo(self, organisation) -> None:
        """The demo's sandbox customers (idempotent)."""
        from conversations.demo import seed_sandbox_customers

        seed_sandbox_customers(organisation)
