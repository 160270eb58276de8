"""One organisation exported from the test database and restored into a fresh database answers its customers there:
`manage.py organisation_export`, then, against the new database, `migrate_schemas --shared` and
`manage.py organisation_restore` as an operator runs them, then the platform as `make run` starts it (without the
demo data) receives a signed webhook and its worker replies."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest
from django.conf import settings
from django.core.management import call_command

from testing.platform import test_database_url as database_url
from testing.servers import PlatformProcess
from tests.test_platform_up import request
from whatsapp.tests.conftest import BANK_NUMBER, change, encode, envelope, inbound, signed


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


@pytest.fixture
def fresh_database(committed):
    """A database of its own on the same server, dropped afterwards."""
    name = f"{settings.DATABASES['default']['NAME']}_restored"[:63]
    admin_url = with_database(database_url(), "postgres")
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    yield with_database(database_url(), name)
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def manage(url: str, *args: str) -> str:
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=settings.BASE_DIR, capture_output=True, text=True,
                          timeout=600, env=os.environ | {"DJANGO_SETTINGS_MODULE": "magie.settings.base",
                                                         "DATABASE_URL": url, "MAGIE_DEPLOYMENT": "development",
                                                         "SECRET_KEY": settings.SECRET_KEY,
                                                         "MAGIE_FIELD_KEYS": ",".join(settings.MAGIE_FIELD_KEYS)})
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    return done.stdout


def test_an_organisation_restored_into_a_fresh_database_answers_its_customers(fresh_database, tmp_path):
    archive = tmp_path / "demobank.tar"
    call_command("organisation_export", "demobank", str(archive))
    manage(fresh_database, "migrate_schemas", "--shared", "--noinput")
    assert "demobank: restored" in manage(fresh_database, "organisation_restore", str(archive))
    refused = subprocess.run([sys.executable, "manage.py", "organisation_restore", str(archive)],
                             cwd=settings.BASE_DIR, capture_output=True, text=True, timeout=300,
                             env=os.environ | {"DJANGO_SETTINGS_MODULE": "magie.settings.base",
                                               "DATABASE_URL": fresh_database, "MAGIE_DEPLOYMENT": "development"})
    assert refused.returncode != 0 and "exists in this database" in refused.stderr  # never over a live one

    platform = PlatformProcess(extra_env={"DATABASE_URL": fresh_database}, extra_args=("--no-seed",))
    try:
        message = inbound("text", {"body": "qual meu saldo?"})
        body = encode(envelope(change(BANK_NUMBER, messages=[message])))
        status, _, _ = request(platform.port, "POST", "/webhooks/whatsapp", body,
                               {"Content-Type": "application/json",
                                "X-Hub-Signature-256": signed(body)["HTTP_X_HUB_SIGNATURE_256"]})
        assert status == 200
        with psycopg.connect(fresh_database, autocommit=True) as restored:
            deadline = time.monotonic() + 120
            replies: list[str] = []
            while time.monotonic() < deadline and not replies:
                replies = [text for (text,) in restored.execute(
                    "SELECT reply.text FROM demobank.conversations_message reply "
                    "JOIN demobank.conversations_message asked ON asked.conversation_id = reply.conversation_id "
                    "WHERE asked.channel_message_id = %s AND reply.direction = 'out' AND reply.id > asked.id",
                    [message["id"]]).fetchall()]
                time.sleep(0.2)
        assert replies and "R$" in replies[0], platform.output()[-3000:]
    finally:
        platform.stop()
