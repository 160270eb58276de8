import io

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
