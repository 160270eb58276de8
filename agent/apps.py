from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AgentConfig(AppConfig):
    name = "agent"
    verbose_name = _("Agent")

    def ready(self) -> None:
        # Every field a tool returns is typed for the guards, or nothing starts (web, worker, commands, tests).
        from agent.registry import evidence_check

        evidence_check()
        # A real bank holder's number never becomes a sandbox identity (conversations asks; the bank knows).
        from agent.sandbox import real_holder_number
        from conversations.services import sandbox_id_check_register

        sandbox_id_check_register(real_holder_number)
