from django.db import connection

from agent.models import AgentSettings
from agent.tests.helpers import Conversation
from testing.organisations import signed_in


def test_turn_traces_are_readable_by_the_auditor_and_the_model_key_is_write_only(demobank):
    turn = Conversation().say("qual meu saldo?")
    AgentSettings.objects.create(provider="openai", openai_api_key="sk-very-secret-key", openai_model="m")
    connection.set_schema_to_public()
    auditor = signed_in("demobank", "auditor")
    page = auditor.get(f"/admin/agent/turn/{turn.pk}/change/")
    assert page.status_code == 200 and "get_balance" in page.content.decode()
    admin = signed_in("demobank", "admin")
    settings_page = admin.get(f"/admin/agent/agentsettings/{AgentSettings.objects.get().pk}/change/")
    assert settings_page.status_code == 200 and "sk-very-secret-key" not in settings_page.content.decode()
