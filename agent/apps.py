from django.apps import AppConfig


class AgentConfig(AppConfig):
    name = "agent"

    def ready(self) -> None:
        # Every field a tool returns is typed for the guards, or nothing starts (web, worker, commands, tests).
        from agent.registry import evidence_check

        evidence_check()
