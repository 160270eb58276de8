"""Bounded database work: each role's connections cut a stuck query and a long lock wait (magie/dbtimeouts.py).

Each role runs in a process of its own started as production starts it (settings magie.settings.base, the pool on),
with the role's timeouts made short through the same environment variables an operator sets."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import psycopg
import pytest
from django.conf import settings

from magie.dbtimeouts import DEFAULTS_MS, process_role, role_timeouts
from testing.platform import test_database_url as database_url

CHILD = textwrap.dedent("""
    import json, time
    import django
    django.setup()
    from django.db import connection
    from django.db.utils import OperationalError
    out = {}
    with connection.cursor() as cursor:
        for name in ("statement_timeout", "lock_timeout", "idle_in_transaction_session_timeout",
                     "application_name"):
            cursor.execute("SELECT current_setting(%s)", [name])
            out[name] = cursor.fetchone()[0]
    for what, sql in (("statement", "SELECT pg_sleep(30)"), ("lock", "SELECT * FROM magie_heartbeat")):
        started = time.monotonic()
        try:
            with connection.cursor() as cursor:
                cursor.execute(sql)
            out[what] = "finished"
        except OperationalError as error:
            out[what] = type(error.__cause__).__name__
        out[what + "_seconds"] = time.monotonic() - started
    print("RESULT " + json.dumps(out))
""")


def run_role(role: str, **extra_env: str) -> dict:
    env = os.environ | {"DJANGO_SETTINGS_MODULE": "magie.settings.base", "DATABASE_URL": database_url(),
                        "MAGIE_PROCESS_ROLE": role, "MAGIE_DEPLOYMENT": "development", **extra_env}
    done = subprocess.run([sys.executable, "-c", CHILD], env=env, cwd=settings.BASE_DIR, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-3000:]
    [line] = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
    return json.loads(line.removeprefix("RESULT "))


@pytest.fixture
def heartbeat_locked(transactional_db):
    """Another session holds an exclusive lock on a table, as a long migration or a stuck transaction would."""
    with psycopg.connect(database_url()) as holder:
        holder.execute("LOCK TABLE public.magie_heartbeat IN ACCESS EXCLUSIVE MODE")
        yield
        holder.rollback()


@pytest.mark.parametrize("role", ["web", "worker", "migrate"])
def test_each_role_cuts_a_stuck_query_and_a_long_lock_wait(heartbeat_locked, role):
    suffix = role.upper()
    result = run_role(role, **{f"DATABASE_STATEMENT_TIMEOUT_{suffix}": "700",
                               f"DATABASE_LOCK_TIMEOUT_{suffix}": "400"})
    assert result["statement_timeout"] == "700ms" and result["lock_timeout"] == "400ms"
    assert result["application_name"] == f"magie-{role}"
    assert result["statement"] == "QueryCanceled" and result["statement_seconds"] < 10  # not pg_sleep's 30 s
    assert result["lock"] == "LockNotAvailable" and result["lock_seconds"] < 10  # not waiting for the holder


def test_without_overrides_each_role_gets_its_documented_defaults(transactional_db):
    result = run_role("web")
    assert result["statement_timeout"] == "5s" and result["lock_timeout"] == "2s"
    assert result["idle_in_transaction_session_timeout"] == "1min"
    assert result["statement"] == "QueryCanceled" and 4 < result["statement_seconds"] < 15
    for role, (statement, lock) in DEFAULTS_MS.items():
        timeouts = role_timeouts(role, {})
        assert (timeouts.statement_ms, timeouts.lock_ms) == (statement, lock)
    assert role_timeouts("beat", {}) == role_timeouts("worker", {})


@pytest.mark.parametrize(("argv", "role"), [
    (["/srv/.venv/bin/granian", "--interface", "wsgi", "magie.wsgi:application"], "web"),
    (["/srv/.venv/bin/gunicorn", "magie.wsgi:application"], "web"),
    (["/srv/.venv/bin/celery", "-A", "magie", "worker", "-c", "4"], "worker"),
    (["/srv/.venv/lib/python3.11/site-packages/celery/__main__.py", "-A", "magie", "worker"], "worker"),
    (["/srv/.venv/bin/celery", "-A", "magie", "beat"], "beat"),
    (["manage.py", "migrate_schemas", "--noinput"], "migrate"),
    (["manage.py", "migrate"], "migrate"),
    (["manage.py", "shell"], "cli"),
    (["/srv/.venv/bin/pytest", "tests"], "cli"),
    ([], "cli"),
])
def test_the_role_is_read_from_the_command_line_when_not_set(argv, role):
    assert process_role(argv, {}) == role
    assert process_role(argv, {"MAGIE_PROCESS_ROLE": "web"}) == "web"


def test_a_bad_setting_is_refused_with_its_name():
    with pytest.raises(ValueError, match="MAGIE_PROCESS_ROLE"):
        process_role([], {"MAGIE_PROCESS_ROLE": "webb"})
    with pytest.raises(ValueError, match="DATABASE_LOCK_TIMEOUT_WEB"):
        role_timeouts("web", {"DATABASE_LOCK_TIMEOUT_WEB": "2s"})
