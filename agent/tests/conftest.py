import io

import pytest
from django.core.management import call_command

from agent.models import AgentSettings
from agent.testing import FakeOpenAI


@pytest.fixture
def fake_openai():
    server = FakeOpenAI()
    yield server
    server.close()


@pytest.fixture
def use_openai(fake_openai):
    """The current organisation talks to the fake OpenAI server (its own provider setting)."""
    AgentSettings.objects.update_or_create(pk=1, defaults={
        "provider": "openai", "openai_base_url": fake_openai.base_url, "openai_api_key": "sk-test", "openai_model": "fake",
    })
    return fake_openai


@pytest.fixture
def chat(monkeypatch):
    """Run `manage.py chat` with these lines on standard input; return what it printed."""

    def run(org: str, *lines: str, json: bool = False) -> str:
        monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
        out = io.StringIO()
        call_command("chat", "--org", org, *(["--json"] if json else []), stdout=out)
        return out.getvalue()

    return run
