"""Serving pieces on their own: secrets scrubbed from log lines, the server command lines, `manage.py doctor`."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from urllib.parse import urlsplit

import pytest
from django.conf import settings

from magie.logscrub import RedactSecrets, redact
from magie.serving import web_command
from testing.platform import test_database_url as database_url_of_the_tests


def test_a_verify_token_in_a_url_is_scrubbed_from_any_log_line():
    assert redact("GET /webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=s3cr3t&hub.challenge=9 200") == (
        "GET /webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=[redacted]&hub.challenge=9 200")
    record = logging.LogRecord("django.server", logging.INFO, __file__, 1, '"%s" %s',
                               ("GET /webhooks/whatsapp?hub.verify_token=s3cr3t HTTP/1.1", 403), None)
    assert RedactSecrets().filter(record) and "s3cr3t" not in record.getMessage()


def test_runserver_and_request_lines_are_redacted_before_any_handler():
    for logger in ("django.server", "django.request"):
        assert "redact_secrets" in settings.LOGGING["loggers"][logger]["filters"]
    assert "redact_secrets" in settings.LOGGING["handlers"]["console"]["filters"]


@pytest.mark.parametrize("server", ["granian", "gunicorn"])
def test_the_access_logs_carry_the_path_without_the_query(server):
    command = " ".join(web_command(bind="127.0.0.1:8123", server=server, workers=2, threads=4))
    assert "magie.wsgi:application" in command and "--workers 2" in command and "--backlog 2048" in command
    assert ("%(U)s" if server == "gunicorn" else "%(path)s") in command  # the path; never %(q)s / query_string
    assert "%(q)s" not in command and "query" not in command


def doctor(**env: str) -> subprocess.CompletedProcess:
    environment = {"DJANGO_SETTINGS_MODULE": "magie.settings.base", "DATABASE_URL": database_url_of_the_tests(),
                   "CELERY_BROKER_URL": settings.CELERY_BROKER_URL, **env}
    return subprocess.run([sys.executable, "manage.py", "doctor"], cwd=settings.BASE_DIR, capture_output=True,
                          text=True, timeout=120, env=os.environ | environment)


def test_doctor_says_what_is_wrong_when_the_broker_is_down(db):
    result = doctor(CELERY_BROKER_URL="redis://127.0.0.1:1/0")
    assert result.returncode != 0
    assert "database:  ok" in result.stdout
    assert "broker:    FAILED" in result.stdout and "worker:    FAILED" in result.stdout
    assert "not healthy: broker, worker" in result.stderr


def test_up_on_a_database_that_does_not_exist_says_so_and_how_to_make_it(db):
    # It printed ten seconds of pool warnings, then a PoolTimeout traceback from the connection budget check.
    # the database's name is the URL's path; the embedded server's URL names its socket folder in the query
    missing = urlsplit(database_url_of_the_tests())._replace(path="/magie_no_such_database").geturl()
    result = subprocess.run([sys.executable, "manage.py", "up", "--no-worker", "--no-seed", "--addr", "127.0.0.1:1"],
                            cwd=settings.BASE_DIR, capture_output=True, text=True, timeout=120,
                            env=os.environ | {"DJANGO_SETTINGS_MODULE": "magie.settings.base", "DATABASE_URL": missing,
                                              "MAGIE_DEPLOYMENT": "development",
                                              "CELERY_BROKER_URL": settings.CELERY_BROKER_URL})
    assert result.returncode != 0
    assert 'database "magie_no_such_database" does not exist' in result.stderr
    assert "createdb" in result.stderr and "Traceback" not in result.stderr


def test_up_links_customers_to_the_port_it_serves_unless_told_otherwise(monkeypatch):
    from magie.management.commands.up import child_environment

    monkeypatch.delenv("MAGIE_PUBLIC_URL_TEMPLATE", raising=False)
    assert child_environment(addr="127.0.0.1:8150")["MAGIE_PUBLIC_URL_TEMPLATE"] == "http://{host}:8150"
    monkeypatch.setenv("MAGIE_PUBLIC_URL_TEMPLATE", "https://{host}")
    assert child_environment(addr="0.0.0.0:8000")["MAGIE_PUBLIC_URL_TEMPLATE"] == "https://{host}"


@pytest.mark.parametrize(("server", "flag"), [("granian", "--blocking-threads"), ("gunicorn", "--threads")])
def test_each_live_stream_has_a_thread_beyond_the_request_threads(server, flag, settings):
    settings.MAGIE_LIVE_STREAMS = 16  # an open chat's event stream holds a thread while it is open (magie.live)
    command = web_command(bind="127.0.0.1:8123", server=server, workers=2, threads=4)
    assert command[command.index(flag) + 1] == "20"
