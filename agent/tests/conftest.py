import io
import json

import pytest
from django.core.management import call_command


@pytest.fixture
def chat(monkeypatch):
    """Run `manage.py chat` with these lines on standard input; return what it printed."""

    def run(org: str, *lines: str, json: bool = False) -> str:
        monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
        out = io.StringIO()
        call_command("chat", "--org", org, *(["--json"] if json else []), stdout=out)
        return out.getvalue()

    return run


@pytest.fixture
def chat_json(monkeypatch):
    """`chat_json(org, *lines, customer=...)` → the parsed JSON replies of one `manage.py chat --json` run, as that
    customer."""

    def run(org: str, *lines: str, customer: str) -> list[dict]:
        monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
        out = io.StringIO()
        call_command("chat", "--org", org, "--customer", customer, "--json", stdout=out)
        return [json.loads(line) for line in out.getvalue().splitlines() if line.strip()]

    return run
