"""Attack: read bearer links (approval and payment links: the token is the path) from the web server's access log
(issue 27: 35 approval-link and 10 payment-link lines). Through `manage.py serve` as it runs in production, granian
and gunicorn, reading what each writes; and the headers those pages answer with."""

from __future__ import annotations

import http.client
import logging
import os
import subprocess
import sys
import time

import pytest
from django.conf import settings
from django.test import Client

from magie.logscrub import RedactSecrets, redact
from testing.platform import process_stop
from testing.platform import test_database_url as database_url_of_the_tests
from testing.servers import free_port

pytestmark = pytest.mark.django_db

APPROVAL = "aPpRoVaLtOkEn-1234567890abcdef"
PAYMENT = "pAyMeNtToKeN-abcdef1234567890"
PATHS = [f"/approve/{APPROVAL}/", f"/approve/{APPROVAL}", f"/pay/{PAYMENT}/", f"/pay/{PAYMENT}/?x=1",
         f"/approve/{APPROVAL}/decide", "/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=vErIfY&hub.challenge=1"]


def get(port: int, path: str) -> int:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path, headers={"Host": "demobank.localhost", "Referer": f"http://x{path}"})
        return connection.getresponse().status
    finally:
        connection.close()


@pytest.mark.parametrize("server", ["granian", "gunicorn"])
def test_the_access_log_of_manage_py_serve_carries_no_bearer_token(server, tmp_path):
    port = free_port()
    log_path = tmp_path / f"{server}.log"
    env = {key: value for key, value in os.environ.items() if key != "PROMETHEUS_MULTIPROC_DIR"} | {
        "DJANGO_SETTINGS_MODULE": "magie.settings.base", "DATABASE_URL": database_url_of_the_tests(),
        "CELERY_BROKER_URL": settings.CELERY_BROKER_URL, "MAGIE_SERVER": server, "MAGIE_DATA_DIR": str(tmp_path),
        "SECRET_KEY": settings.SECRET_KEY, "MAGIE_FIELD_KEYS": ",".join(settings.MAGIE_FIELD_KEYS),
        "MAGIE_DEPLOYMENT": "development"}
    with open(log_path, "w") as log:
        process = subprocess.Popen([sys.executable, "manage.py", "serve", "--bind", f"127.0.0.1:{port}",
                                    "--workers", "1"], env=env, cwd=settings.BASE_DIR, stdout=log,
                                   stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 90
            while True:
                try:
                    get(port, "/healthz")
                    break
                except OSError:
                    assert time.monotonic() < deadline and process.poll() is None, log_path.read_text()[-2000:]
                    time.sleep(0.3)
            statuses = [get(port, path) for path in PATHS]
            time.sleep(1)  # the access lines are written after the answers
        finally:
            process_stop(process, timeout=30)
    written = log_path.read_text()
    assert all(status < 500 for status in statuses), (statuses, written[-3000:])
    assert "/approve/[redacted]" in written and "/pay/[redacted]" in written, written[-3000:]  # the lines are there
    for secret in (APPROVAL, PAYMENT, "vErIfY"):
        assert secret not in written


@pytest.mark.parametrize("path", [f"/approve/{APPROVAL}/", f"/pay/{PAYMENT}/"])
def test_bearer_pages_are_not_cached_and_send_no_referer(path):
    response = Client(HTTP_HOST="demobank.localhost").get(path)
    assert response["Cache-Control"] == "no-store" and response["Referrer-Policy"] == "no-referrer"


def test_other_pages_keep_the_sites_referrer_policy():
    response = Client(HTTP_HOST="demobank.localhost").get("/admin/login/")
    assert response["Referrer-Policy"] == "same-origin"


@pytest.mark.parametrize("line", [f'127.0.0.1 "GET /pay/{PAYMENT}/ HTTP/1.1" 200', f"GET /approve/{APPROVAL}/ 404",
                                  f"Referer: https://bank.example/approve/{APPROVAL}/decide"])
def test_a_bearer_token_is_redacted_from_any_log_line(line):
    assert APPROVAL not in redact(line) and PAYMENT not in redact(line) and "[redacted]" in redact(line)


def test_a_log_record_with_named_fields_is_redacted():
    record = logging.LogRecord("granian.access", logging.INFO, __file__, 1, '"%(method)s %(path)s"',
                               ({"method": "GET", "path": f"/pay/{PAYMENT}/"},), None)
    assert RedactSecrets().filter(record) and PAYMENT not in record.getMessage()
