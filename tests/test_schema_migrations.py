"""`migrate_schemas` with Magie's executor (magie/schemas/executor.py), run as an operator runs it: it reads which
schemas are behind once, migrates only those, and a migration that meets a lock queue gives way and comes back
instead of making the application's statements queue behind it.

The next release's migration is the probe app's (tests/probe): one column added to the messages table (expand),
then dropped (contract); the test database gets it through `tests.probe.settings` only, and loses it afterwards."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time

import psycopg
import pytest
from django.conf import settings
from django.db import connection

from tenants.models import Organisation
from testing.organisations import organisations_ensure
from testing.platform import test_database_url as database_url


def migrate(phase: str = "expand", *extra: str, **env: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "manage.py", "migrate_schemas", "--noinput", *extra], cwd=settings.BASE_DIR,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env=os.environ | {"DJANGO_SETTINGS_MODULE": "tests.probe.settings", "PROBE_PHASE": phase,
                          "DATABASE_URL": database_url(), "MAGIE_DEPLOYMENT": "development",
                          "MAGIE_PROCESS_ROLE": "", **env})


def finished(process: subprocess.Popen) -> str:
    output, _ = process.communicate(timeout=300)
    assert process.returncode == 0, output[-4000:]
    return output


def schemas_with_migrations() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
                       "WHERE c.relname = 'django_migrations' AND c.relkind = 'r' ORDER BY 1")
        return [name for (name,) in cursor.fetchall()]


def has_probe_column(schema: str) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM information_schema.columns WHERE table_schema = %s "
                       "AND table_name = 'conversations_message' AND column_name = 'probe_hint'", [schema])
        return cursor.fetchone() is not None


def probe_forget(schema: str) -> None:
    """`schema` as if the probe's migrations never ran there."""
    with connection.cursor() as cursor:
        cursor.execute(f'ALTER TABLE IF EXISTS "{schema}".conversations_message DROP COLUMN IF EXISTS probe_hint')
        cursor.execute(f"DELETE FROM \"{schema}\".django_migrations WHERE app = 'probe'")


@pytest.fixture
def probe(transactional_db):
    organisations_ensure()
    yield
    connection.set_schema_to_public()
    for schema in schemas_with_migrations():
        probe_forget(schema)


def started(output: str) -> list[str]:
    """The schemas (public aside) Django's migrate ran in, as the executor's output names them."""
    return [schema for schema in re.findall(r"magie:(\w+)\] === Starting migration", output) if schema != "public"]


def organisation_schemas() -> list[str]:
    return list(Organisation.objects.exclude(schema_name="public").values_list("schema_name", flat=True))


def test_only_the_schemas_behind_are_migrated_and_a_lock_queue_is_waited_out(probe):
    first = finished(migrate())
    [(current, total, migrating)] = re.findall(r"(\d+) of (\d+) schemas current .*; migrating (\d+)", first)
    assert current == "0" and migrating == total and int(total) >= len(organisation_schemas())
    assert all(has_probe_column(schema) for schema in organisation_schemas())

    again = finished(migrate())
    assert f"{total} of {total} schemas current" in again and "migrating 0" in again
    assert started(again) == []  # no organisation's schema was run

    probe_forget("demobank")  # demobank alone is behind now
    with psycopg.connect(database_url()) as holder:
        # A transaction that read the table and goes on: the column's ALTER TABLE waits for it.
        holder.execute("SELECT count(*) FROM demobank.conversations_message")
        running = migrate(DATABASE_LOCK_TIMEOUT_MIGRATE="200", MAGIE_MIGRATION_LOCK_RETRIES="30")
        lines: list[str] = []
        collecting = threading.Thread(target=lambda: lines.extend(iter(running.stdout.readline, "")), daemon=True)
        collecting.start()
        gave_way = threading.Event()
        waits: list[float] = []

        def read_meanwhile() -> None:  # what a worker's turn does while the migration waits
            with psycopg.connect(database_url(), autocommit=True) as reader:
                until = None
                while until is None or time.monotonic() < until:
                    started = time.monotonic()
                    reader.execute("SELECT count(*) FROM demobank.conversations_message")
                    waits.append(time.monotonic() - started)
                    if until is None and gave_way.is_set():
                        until = time.monotonic() + 2  # two seconds more of the migration trying again
                    time.sleep(0.05)

        reader = threading.Thread(target=read_meanwhile)
        reader.start()
        deadline = time.monotonic() + 180
        while not any("waited too long for a lock" in line for line in list(lines)):
            assert running.poll() is None and time.monotonic() < deadline, "".join(lines)[-3000:]
            time.sleep(0.1)
        gave_way.set()
        reader.join()
        assert running.poll() is None  # still trying: the holder has not let go
        holder.commit()
    running.wait(timeout=300)
    collecting.join(timeout=30)
    output = "".join(lines)
    assert running.returncode == 0, output[-3000:]

    assert f"{int(total) - 1} of {total} schemas current" in output and "migrating 1" in output
    assert set(started(output)) == {"demobank"}  # once per attempt
    assert "migrating demobank waited too long for a lock" in output
    assert has_probe_column("demobank")
    # While the ALTER TABLE waited and tried again, the readers never queued behind it for long.
    assert len(waits) > 10 and max(waits) < 2, max(waits)


def test_a_migration_that_fails_is_named_and_the_others_still_run(probe):
    finished(migrate())
    probe_forget("demobank")
    probe_forget("demostore")
    with connection.cursor() as cursor:  # demostore cannot take the column: a name already there, another type
        cursor.execute("ALTER TABLE demostore.conversations_message ADD COLUMN probe_hint integer")
        cursor.execute("DELETE FROM demostore.django_migrations WHERE app = 'probe'")
    failing = migrate()
    output, _ = failing.communicate(timeout=300)
    assert failing.returncode != 0
    assert "could not migrate demostore (" in output and "DuplicateColumn" in output
    assert has_probe_column("demobank")  # the other schema behind was migrated all the same


def test_expand_and_contract_over_every_schema_while_the_platform_answers_webhooks(platform_up, probe):
    """The next release's expand migration, then its contract migration, run over every organisation while `manage.py
    up` (the previous release's code, which never heard of the column) receives a webhook every 100 ms: every one is
    acknowledged and every message answered exactly once."""
    from django_tenants.utils import schema_context

    from conversations.models import Message
    from tests.test_platform_up import wait_for, webhook

    statuses: list[int] = []
    customers: list[str] = []
    stop = threading.Event()

    def send() -> None:
        index = 0
        while not stop.is_set():
            customer = f"5511970{index:06d}"
            statuses.append(webhook(platform_up.port, text="oi", customer=customer)[0])
            customers.append(customer)
            index += 1
            time.sleep(0.1)

    sender = threading.Thread(target=send)
    sender.start()
    try:
        time.sleep(1)
        expanded = finished(migrate("expand"))
        assert all(has_probe_column(schema) for schema in organisation_schemas())
        contracted = finished(migrate("contract"))
        assert not any(has_probe_column(schema) for schema in organisation_schemas())
        time.sleep(1)
    finally:
        stop.set()
        sender.join()
    assert "migrating" in expanded and "migrating" in contracted
    assert len(statuses) >= 20 and set(statuses) == {200}

    def replies_per_customer() -> dict[str, int]:
        with schema_context("demobank"):
            counts = dict.fromkeys(customers, 0)
            for channel_user_id in Message.objects.filter(
                    direction="out", conversation__customer__channel_user_id__in=customers).values_list(
                    "conversation__customer__channel_user_id", flat=True):
                counts[channel_user_id] += 1
            return counts

    wait_for(lambda: all(replies_per_customer().values()), "every message to be answered", timeout=240)
    assert set(replies_per_customer().values()) == {1}  # none lost, none answered twice
