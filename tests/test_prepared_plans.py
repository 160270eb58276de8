"""magie.db.pgbackend's plan per organisation (plans.py): a statement prepared once per search path, the off switch
for poolers, and a plan a migration outdated."""

from __future__ import annotations

import psycopg
import pytest
from django.db import NotSupportedError, connection, connections
from django.db.backends.postgresql.base import ServerBindingCursor
from django.test.utils import CaptureQueriesContext, override_settings
from django_tenants.utils import tenant_context

from conversations.models import Customer
from tenants.models import Organisation

pytestmark = pytest.mark.django_db

PROBE = "plan_probe"  # a schema of these tests' own, made and dropped around each that needs it


def _prepared(db) -> list[str]:
    """The statements prepared on `db`'s connection (PostgreSQL's own list, per session)."""
    with db.connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


def _customers_read() -> None:
    list(Customer.objects.filter(whatsapp_user_id="5511999990000").values_list("pk", flat=True))


def test_a_statement_run_in_two_organisations_is_prepared_once_for_each():
    bank, school = (Organisation.objects.get(schema_name=name) for name in ("demobank", "demoschool"))
    for _ in range(3):  # alternately, as a worker's messages come: each organisation's third run is prepared
        for organisation in (bank, school):
            with tenant_context(organisation):
                _customers_read()

    reads = [text for text in _prepared(connection) if "FROM \"conversations_customer\"" in text]
    assert sorted(text.split(" */ ")[0] for text in reads) == ["/* demobank,public", "/* demoschool,public"]
    assert len({text.split(" */ ", 1)[1] for text in reads}) == 1  # the same statement, named apart
    # Django's log keeps the statement as the code wrote it
    with tenant_context(bank), CaptureQueriesContext(connection) as captured:
        _customers_read()
    assert captured.captured_queries[-1]["sql"].startswith("SELECT")


def test_a_statement_in_the_public_schema_is_named_by_it():
    for _ in range(3):
        Organisation.objects.filter(schema_name="demostore").exists()
    reads = [text for text in _prepared(connection) if "FROM \"tenants_organisation\"" in text]
    assert reads and all(text.startswith("/* public */ ") for text in reads)


def test_prepared_statements_off_binds_on_the_server_and_prepares_nothing():
    """DATABASE_PREPARED_STATEMENTS=false (a pooler that cannot keep prepared statements): nothing is prepared
    and no statement is named; parameters are still bound on the server, as the suite runs them."""
    db = connections.create_connection("default")
    try:
        with override_settings(DATABASE_PREPARED_STATEMENTS=False):
            db.ensure_connection()
        assert db.settings_dict["NAME"] == connection.settings_dict["NAME"]
        db.set_tenant(Organisation.objects.get(schema_name="demobank"))
        for _ in range(5):
            with db.cursor() as cursor:
                cursor.execute("SELECT count(*) FROM conversations_customer WHERE whatsapp_user_id = %s", ["5511999990000"])
        assert db.connection.prepare_threshold is None
        assert db.statement_name == ""
        assert isinstance(db.connection.cursor(), ServerBindingCursor)
        assert _prepared(db) == []
    finally:
        db.close()


@pytest.fixture
def probe():
    """Two connections of their own, outside the test's transaction: `reader` (the worker) reads a table of a
    scratch schema, `migrator` (a deploy's `migrate`) changes it."""
    reader, migrator = connections.create_connection("default"), connections.create_connection("default")
    migrator.set_schema_to_public()
    with migrator.cursor() as cursor:
        cursor.execute(f"DROP SCHEMA IF EXISTS {PROBE} CASCADE; CREATE SCHEMA {PROBE}")
        cursor.execute(f"CREATE TABLE {PROBE}.amounts (id integer PRIMARY KEY, cents integer)")
        cursor.execute(f"INSERT INTO {PROBE}.amounts VALUES (1, 700)")
    reader.set_schema(PROBE)
    try:
        yield reader, migrator
    finally:
        reader.close()
        with migrator.cursor() as cursor:
            cursor.execute(f"DROP SCHEMA {PROBE} CASCADE")
        migrator.close()


READ = "SELECT cents FROM amounts WHERE id = %s"
READ_PREPARED = "SELECT cents FROM amounts WHERE id = $1"  # as PostgreSQL lists it


def _read(db):
    with db.cursor() as cursor:
        cursor.execute(READ, [1])
        return cursor.fetchone()[0]


def _migrate(migrator) -> None:
    with migrator.cursor() as cursor:
        cursor.execute(f"ALTER TABLE {PROBE}.amounts ALTER COLUMN cents TYPE bigint")


def test_psycopg_alone_refuses_a_statement_a_migration_outdated(probe):
    """What the backend answers: the prepared statement fails at every use afterwards, not once."""
    reader, migrator = probe
    raw = psycopg.connect(_conninfo(), autocommit=True, prepare_threshold=0)
    try:
        raw.execute(f"SET search_path = {PROBE}")
        assert raw.execute(READ, [1]).fetchone() == (700,)
        _migrate(migrator)
        for _ in range(2):
            with pytest.raises(psycopg.errors.FeatureNotSupported, match="cached plan must not change result type"):
                raw.execute(READ, [1])
    finally:
        raw.close()


def _conninfo() -> str:
    params = connection.get_connection_params()
    return psycopg.conninfo.make_conninfo(**{key: params[key] for key in ("dbname", "host", "port", "user")
                                             if params.get(key)})


def test_outside_a_transaction_a_statement_a_migration_outdated_runs_again_at_once(probe):
    reader, migrator = probe
    for _ in range(3):
        assert _read(reader) == 700
    assert any(READ_PREPARED in text for text in _prepared(reader))

    _migrate(migrator)
    assert _read(reader) == 700  # refused, the connection's statements dropped, run again unprepared
    assert not any(READ_PREPARED in text for text in _prepared(reader))
    for _ in range(3):  # and prepared afresh, under the new table
        assert _read(reader) == 700
    assert any(READ_PREPARED in text for text in _prepared(reader))


def test_inside_a_transaction_a_statement_a_migration_outdated_fails_once(probe):
    reader, migrator = probe
    for _ in range(3):
        _read(reader)
    reader.set_autocommit(False)
    try:
        _migrate(migrator)
        with pytest.raises(NotSupportedError, match="cached plan must not change result type"):
            _read(reader)  # the transaction is lost with it: not run again
        reader.rollback()
        assert _read(reader) == 700  # the next transaction runs it
        reader.commit()
    finally:
        reader.set_autocommit(True)
