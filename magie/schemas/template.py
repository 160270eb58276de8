"""A new organisation's schema, copied from a migrated template instead of migrated from nothing.

Migrating a new schema runs every migration of every tenant app (3–11 s on a database of 1,000 organisations);
django-tenants' `clone_schema` (plpgsql walking the catalog) took 0.8–1.6 s. Here a schema `magie_template` is
migrated once like any organisation (the executor migrates it with them), pg_dump writes it out once per set of
applied migrations (kept in `magie.SchemaTemplateDump`), and a new schema is that SQL under the new name, replayed
in one transaction: the same tables, columns, constraints, indexes, sequences, migration records, content types and
permissions as migrations make (`tests/test_schema_template.py` compares the two catalogs).

The template's name has an underscore, which no organisation's schema name may have (`schema_name_validator`), so
it never collides with one and its name is unambiguous in the SQL. Without a pg_dump for the server
(`magie.schemas.pgtools`) a schema is migrated as before.
"""

from __future__ import annotations

import hashlib
import logging
import re
import subprocess

from django.core.management import call_command
from django.db import connection, transaction

from magie.db.own_connections import session_advisory_lock
from magie.schemas.executor import migrations_expected
from magie.schemas.pgtools import PgToolMissing, connection_arguments, pg_tool

logger = logging.getLogger(__name__)

TEMPLATE_SCHEMA = "magie_template"
ADVISORY_LOCK = 0x6D61676965  # "magie": one template build at a time across processes
SIMPLE_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
_TEMPLATE_NAME = re.compile(rf"\b{TEMPLATE_SCHEMA}\b")


def template_exists() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s", [TEMPLATE_SCHEMA])
        return cursor.fetchone() is not None


def template_applied() -> frozenset[str] | None:
    """The template's recorded migrations as "app.name", or None when it has no migration table yet."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass(%s)", [f"{TEMPLATE_SCHEMA}.django_migrations"])
        if cursor.fetchone()[0] is None:
            return None
        cursor.execute(f"SELECT app || '.' || name FROM {TEMPLATE_SCHEMA}.django_migrations")
        return frozenset(name for (name,) in cursor.fetchall())


def _template_lock():
    """A session advisory lock on a connection of its own: migrating the template closes Django's connection."""
    return session_advisory_lock(ADVISORY_LOCK)


class TemplateNotCurrent(Exception):
    """The template misses migrations and cannot be migrated here: the connection is inside a transaction."""


def template_current() -> frozenset[str]:
    """Make sure the template schema exists with every migration of the code applied; its applied migrations.

    The template is migrated on its own, committed (Magie's executor commits each schema and closes the
    connection): never inside the caller's transaction, which it would end — TemplateNotCurrent then, and the
    caller makes its schema another way."""
    expected = migrations_expected()
    applied = template_applied()
    if applied is not None and expected <= applied:
        return applied
    if connection.in_atomic_block:
        raise TemplateNotCurrent(f"{TEMPLATE_SCHEMA} needs migrating, which cannot happen inside a transaction")
    with _template_lock():
        applied = template_applied()
        if applied is None or not expected <= applied:
            logger.info("migrating the schema template %s", TEMPLATE_SCHEMA)
            with connection.cursor() as cursor:
                cursor.execute(f"CREATE SCHEMA IF NOT EXISTS {TEMPLATE_SCHEMA}")
            call_command("migrate_schemas", tenant=True, schema_name=TEMPLATE_SCHEMA, interactive=False,
                         verbosity=0)
            connection.set_schema_to_public()  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
            applied = template_applied()
    assert applied is not None
    return applied


def template_fingerprint(applied: frozenset[str]) -> str:
    return hashlib.sha256("\n".join(sorted(applied)).encode()).hexdigest()


def template_sql() -> str:
    """The SQL that makes a schema like the current template (dumped once per fingerprint, then read)."""
    from magie.models import SchemaTemplateDump

    fingerprint = template_fingerprint(template_current())
    stored = SchemaTemplateDump.objects.filter(fingerprint=fingerprint).values_list("sql", flat=True).first()
    if stored is not None:
        return stored
    with _template_lock():
        stored = SchemaTemplateDump.objects.filter(fingerprint=fingerprint).values_list("sql", flat=True).first()
        if stored is not None:
            return stored
        sql = template_dump()
        SchemaTemplateDump.objects.update_or_create(fingerprint=fingerprint, defaults={"sql": sql})
    return sql


def template_dump() -> str:
    """pg_dump of the template schema (definitions and rows as INSERTs), without the session settings and
    meta-commands a replay through a driver must not run (search_path, \\restrict)."""
    arguments, env = connection_arguments()
    dump = subprocess.run(
        [str(pg_tool("pg_dump")), *arguments, f"--schema={TEMPLATE_SCHEMA}", "--no-owner", "--no-privileges",
         "--no-tablespaces", "--inserts", "--rows-per-insert=1000"],
        capture_output=True, text=True, env=env, check=True, timeout=300).stdout
    kept = [line for line in dump.splitlines()
            if not line.startswith(("--", "\\", "SET ", "SELECT pg_catalog.set_config("))]
    return "\n".join(line for line in kept if line.strip()) + "\n"


def schema_create_from_template(schema_name: str) -> bool:
    """Create `schema_name` as a copy of the migrated template, in one transaction; False (nothing created) when
    that cannot be done here (no pg_dump for this server, a name that needs quoting), so the caller migrates."""
    if not SIMPLE_NAME.match(schema_name) or schema_name == TEMPLATE_SCHEMA:
        return False
    try:
        sql = template_sql()
    except (PgToolMissing, subprocess.CalledProcessError, TemplateNotCurrent) as error:
        logger.warning("creating schema %s by migrations: no template dump (%s)", schema_name, error)
        return False
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(_TEMPLATE_NAME.sub(schema_name, sql))
    connection.set_schema_to_public()  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
    return True


def schema_create_by_migrations(schema_name: str) -> None:
    """CREATE SCHEMA and every migration, as django-tenants creates a schema (the way before the template, kept
    to compare with it, and the way inside a caller's transaction when the template is not current: django-tenants'
    standard executor leaves the transaction open, where Magie's commits and closes the connection)."""
    with connection.cursor() as cursor:
        cursor.execute(f'CREATE SCHEMA "{schema_name}"')
    call_command("migrate_schemas", tenant=True, schema_name=schema_name, executor="standard", interactive=False,
                 verbosity=0)
    connection.set_schema_to_public()  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
