"""Production settings fail safe: a deployment that is not the development default (DATABASE_URL set) refuses to
start without SECRET_KEY or MAGIE_FIELD_KEYS, or with DEBUG=true (which once turned it into a development machine
silently), turns secure cookies, HSTS and the SSL redirect on, keeps the simulator off, and passes
`manage.py check --deploy` with no warning. Each case is a fresh process, as a server would start."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from cryptography.fernet import Fernet
from django.conf import settings

from testing.organisations import signed_in

UNSET = ("MAGIE_DEPLOYMENT", "DEBUG", "SECRET_KEY", "MAGIE_FIELD_KEYS", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE",
         "SECURE_SSL_REDIRECT", "SECURE_HSTS_SECONDS", "MAGIE_SIMULATOR", "CSP_REPORT_ONLY",
         "DJANGO_ALLOW_ASYNC_UNSAFE")  # the browser tests set this one for their own process
PRODUCTION = {"DATABASE_URL": "postgresql://magie@127.0.0.1:1/magie", "CELERY_BROKER_URL": "redis://127.0.0.1:1/0",
              "DJANGO_SETTINGS_MODULE": "magie.settings.base"}
SECRET = "x7Jq2-" + "kP9vL3mN8rT1wZ5yB0cF4hD6gS2aE7uI9oQ3jX1" * 2  # 86 varied characters


def run(args: list[str], **env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in UNSET} | PRODUCTION | env
    return subprocess.run([sys.executable, *args], env=environment, cwd=settings.BASE_DIR, capture_output=True,
                          text=True, timeout=120)


SHOW = ("import django, json; django.setup(); from django.conf import settings as s; print(json.dumps({k: "
        "getattr(s, k) for k in ['MAGIE_DEPLOYMENT', 'SESSION_COOKIE_SECURE', 'CSRF_COOKIE_SECURE', "
        "'SECURE_SSL_REDIRECT', 'SECURE_HSTS_SECONDS', 'SECURE_HSTS_INCLUDE_SUBDOMAINS', 'MAGIE_SIMULATOR', "
        "'SESSION_COOKIE_AGE', 'MAGIE_LOGIN_FAILURE_LIMIT', 'MAGIE_OPERATOR_TOTP_REQUIRED']}))")


def test_production_refuses_to_start_without_secret_key():
    result = run(["manage.py", "check"], MAGIE_FIELD_KEYS=Fernet.generate_key().decode())
    assert result.returncode != 0 and "SECRET_KEY is required: this is a production deployment" in result.stderr


def test_production_refuses_to_start_without_field_keys():
    result = run(["manage.py", "check"], SECRET_KEY=SECRET)
    assert result.returncode != 0 and "MAGIE_FIELD_KEYS is required" in result.stderr


def test_production_refuses_a_malformed_field_key():
    result = run(["-c", "import django; django.setup(); from magie.crypto import encrypt; encrypt('x')"],
                 SECRET_KEY=SECRET, MAGIE_FIELD_KEYS="not-a-fernet-key")
    assert result.returncode != 0 and "MAGIE_FIELD_KEYS must be Fernet keys" in result.stderr


def test_check_deploy_is_clean_in_a_production_configuration():
    result = run(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], SECRET_KEY=SECRET,
                 MAGIE_FIELD_KEYS=Fernet.generate_key().decode())
    assert result.returncode == 0, result.stderr + result.stdout
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_production_defaults_are_the_safe_ones():
    result = run(["-c", SHOW], SECRET_KEY=SECRET, MAGIE_FIELD_KEYS=Fernet.generate_key().decode())
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout.strip().splitlines()[-1]) == {
        "MAGIE_DEPLOYMENT": "production", "SESSION_COOKIE_SECURE": True, "CSRF_COOKIE_SECURE": True,
        "SECURE_SSL_REDIRECT": True, "SECURE_HSTS_SECONDS": 31536000, "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
        "MAGIE_SIMULATOR": False, "SESSION_COOKIE_AGE": 28800, "MAGIE_LOGIN_FAILURE_LIMIT": 5,
        "MAGIE_OPERATOR_TOTP_REQUIRED": True}


@pytest.mark.parametrize("deployment", [{}, {"MAGIE_DEPLOYMENT": "production"}])
def test_debug_never_downgrades_a_production_deployment_it_refuses_to_start(deployment):
    keys = {"SECRET_KEY": SECRET, "MAGIE_FIELD_KEYS": Fernet.generate_key().decode()}
    for debug in ("true", "1", "on"):
        result = run(["-c", SHOW], DEBUG=debug, **keys, **deployment)
        assert result.returncode != 0 and "DEBUG=true is refused: this is a production deployment" in result.stderr
        assert "MAGIE_DEPLOYMENT" not in result.stdout  # nothing was served with development settings
    result = run(["-c", SHOW], DEBUG="false", **keys, **deployment)
    assert result.returncode == 0 and json.loads(result.stdout.strip().splitlines()[-1])["SESSION_COOKIE_SECURE"]


@pytest.mark.parametrize("debug", ["true", "false"])
def test_the_simulator_is_off_unless_enabled_whatever_debug_says(tmp_path, debug):
    for deployment in ("development", "production"):
        env = {"MAGIE_DEPLOYMENT": deployment, "MAGIE_DATA_DIR": str(tmp_path)}
        if deployment == "production":
            env |= {"SECRET_KEY": SECRET, "MAGIE_FIELD_KEYS": Fernet.generate_key().decode(), "DEBUG": "false"}
        else:
            env["DEBUG"] = debug
        off = run(["-c", SHOW], **env)
        assert off.returncode == 0, off.stderr
        assert json.loads(off.stdout.strip().splitlines()[-1])["MAGIE_SIMULATOR"] is False
        on = run(["-c", SHOW], MAGIE_SIMULATOR="true", **env)
        assert json.loads(on.stdout.strip().splitlines()[-1])["MAGIE_SIMULATOR"] is True


def test_make_run_enables_the_simulator_explicitly():
    makefile = (settings.BASE_DIR / "Makefile").read_text()
    assert makefile.count("MAGIE_SIMULATOR=$${MAGIE_SIMULATOR:-true} $(PY) manage.py up") == 2


def test_a_development_machine_starts_without_any_key_and_serves_plain_http(tmp_path):
    result = run(["-c", SHOW], MAGIE_DEPLOYMENT="development", MAGIE_DATA_DIR=str(tmp_path))
    assert result.returncode == 0, result.stderr
    shown = json.loads(result.stdout.strip().splitlines()[-1])
    assert shown["MAGIE_DEPLOYMENT"] == "development" and shown["MAGIE_SIMULATOR"] is False
    assert not shown["SESSION_COOKIE_SECURE"] and not shown["SECURE_SSL_REDIRECT"] and shown["SECURE_HSTS_SECONDS"] == 0
    assert (tmp_path / "secret-key").stat().st_mode & 0o777 == 0o600  # its own keys, generated once, private
    assert len((tmp_path / "secret-key").read_text().strip()) >= 50
    Fernet((tmp_path / "field-keys").read_text().strip().encode())
    again = run(["-c", "import django; django.setup(); from django.conf import settings as s; print(s.SECRET_KEY)"],
                MAGIE_DEPLOYMENT="development", MAGIE_DATA_DIR=str(tmp_path))
    assert again.stdout.strip().splitlines()[-1] == (tmp_path / "secret-key").read_text().strip()  # reused


@pytest.mark.django_db
def test_every_page_carries_a_content_security_policy(host_client):
    response = host_client("demobank").get("/approve/not-a-token/")
    policy = response["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy and "object-src 'none'" in policy
    assert "script-src 'self';" in policy + ";"  # no inline script may run on it
    themed = host_client("demobank").get("/admin/login/")["Content-Security-Policy"]  # unfold's Alpine.js
    assert "script-src 'self' 'unsafe-eval';" in themed + ";" and "default-src 'self'" in themed
    assert response["X-Frame-Options"] == "DENY"
    simulator = signed_in("demobank").get("/simulator/")  # its one inline script runs by the request's nonce
    nonce = simulator["Content-Security-Policy"].split("'nonce-")[1].split("'")[0]
    assert f'<script nonce="{nonce}">' in simulator.content.decode()
