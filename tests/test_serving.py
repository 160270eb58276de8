"""Serving pieces on their own: secrets scrubbed from log lines, the server command lines, `manage.py doctor`."""

from __future__ import annotations

import logging
import os
import subprocess
import sys

import pytest
from django.conf import settings

from magie.logscrub import RedactSecrets, redact
from magie.serving import web_command
from magie.testing import test_database_url as database_url_of_the_tests


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
