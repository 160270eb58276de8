"""`migrate_schemas` for many organisations: read every schema's applied migrations once, skip the schemas that are
current, migrate the others in parallel processes, and wait out lock queues instead of joining them.

django-tenants' executors run Django's whole `migrate` in every schema, even when nothing is to be applied: the
system checks, the table introspection (over the catalog of every schema), the project state rendered and the
post-migrate signal's content types and permissions — about a second per schema on a database of 1,000. This
executor (`settings.GET_EXECUTOR_FUNCTION` picks it unless `--executor` names one of theirs) asks PostgreSQL in a
few statements which schemas miss a migration of the code's graph and runs Django's own migrate (django-tenants'
`run_migrations`, unchanged) only there.

A migration that waits for a lock longer than the migrate role's lock timeout (2 s, `magie.dbtimeouts`) fails
instead of making every statement of the application queue behind it; that schema is migrated again after a pause
(`MAGIE_MIGRATION_LOCK_RETRIES` times, 1 s doubling up to 30 s). Every schema is tried; the run fails at the end
naming the schemas it could not migrate.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import sys
import time
from collections.abc import Iterable, Sequence
from typing import Any

from django.core.management.base import CommandError
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django_tenants.migration_executors import get_executor
from django_tenants.migration_executors.base import MigrationExecutor, run_migrations
from psycopg.errors import LockNotAvailable

logger = logging.getLogger(__name__)

CODENAME = "magie"
BATCH = 250  # schemas per catalog statement
# Options that ask for something other than "bring every schema up to the code's migrations": with any of them
# set, every schema goes through Django's migrate, as django-tenants' executors do.
NOT_PLAIN = ("app_label", "migration_name", "fake", "fake_initial", "plan", "prune", "check_unapplied",
             "run_syncdb")


def executor_for(codename: str | None = None) -> type[MigrationExecutor]:
    """GET_EXECUTOR_FUNCTION: this executor by default and for `--executor magie`, else django-tenants' own."""
    if codename in (None, CODENAME) and not os.environ.get("EXECUTOR"):
        return SkipCurrentExecutor
    return get_executor(codename)


def migrations_expected() -> frozenset[str]:
    """Every migration of the code's graph as "app.name" (a squash in place of what it replaces): a schema that has
    all of them recorded has nothing to apply. django-tenants records every app's migrations in every schema."""
    graph = MigrationLoader(None, ignore_no_migrations=True).graph
    return frozenset(f"{app}.{name}" for app, name in graph.nodes)


def schemas_behind(schemas: Sequence[str], expected: Iterable[str]) -> list[str]:
    """The schemas among `schemas` that miss at least one of `expected` (or have no migration table yet), read in
    one statement per BATCH schemas."""
    expected_list = sorted(expected)
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE c.relname = 'django_migrations' AND c.relkind = 'r' AND n.nspname = ANY(%s)", [list(schemas)])
        with_table = {name for (name,) in cursor.fetchall()}
        behind = [schema for schema in schemas if schema not in with_table]
        present = [schema for schema in schemas if schema in with_table]
        for start in range(0, len(present), BATCH):
            part = present[start:start + BATCH]
            selects = " UNION ALL ".join(
                f"SELECT %s WHERE NOT %s::text[] <@ ARRAY(SELECT app || '.' || name FROM {_quote(schema)}"
                ".django_migrations)" for schema in part)
            params: list[Any] = []
            for schema in part:
                params += [schema, expected_list]
            cursor.execute(selects, params)
            behind += [name for (name,) in cursor.fetchall()]
    return [schema for schema in schemas if schema in set(behind)]


def _quote(schema: str) -> str:
    return '"' + schema.replace('"', '""') + '"'


def migration_processes() -> int:
    return max(1, int(os.environ.get("MAGIE_MIGRATION_PROCESSES", "0")) or (os.cpu_count() or 1))


def lock_retries() -> int:
    return max(0, int(os.environ.get("MAGIE_MIGRATION_LOCK_RETRIES", "10")))


def _waited_for_a_lock(error: BaseException) -> bool:
    while error is not None:
        if isinstance(error, LockNotAvailable):
            return True
        error = error.__cause__ or error.__context__  # type: ignore[assignment]
    return False


def migrate_one(args: Sequence[Any], options: dict[str, Any], schema_name: str, index: int,
                count: int) -> str | None:
    """Django's migrate in one schema (django-tenants' run_migrations), again after a pause when a lock wait was
    cut; None when done, else why not."""
    from django.db import connections

    pause = 1.0
    for attempt in range(lock_retries() + 1):
        try:
            run_migrations(args, options, CODENAME, schema_name, allow_atomic=False, idx=index, count=count)
            return None
        except Exception as error:  # noqa: BLE001 — reported per schema; the other schemas go on
            connections[options.get("database") or "default"].close()
            if not _waited_for_a_lock(error) or attempt == lock_retries():
                logger.exception("migrating %s failed", schema_name)
                return f"{type(error).__name__}: {error}"
            logger.warning("migrating %s waited too long for a lock; again in %.0f s", schema_name, pause)
            time.sleep(pause)
            pause = min(30.0, pause * 2)
    return "unreachable"


def _migrate_in_child(job: tuple[Sequence[Any], dict[str, Any], str, int, int]) -> tuple[str, str | None]:
    args, options, schema_name, index, count = job
    return schema_name, migrate_one(args, options, schema_name, index, count)


class SkipCurrentExecutor(MigrationExecutor):
    codename = CODENAME

    def run_migrations(self, tenants: Iterable[str] | None = None) -> None:
        from magie.schemas.template import TEMPLATE_SCHEMA, template_exists

        schemas = list(tenants or [])
        options = {**self.options, "skip_checks": True}  # the command ran them once, not once per schema
        if self.PUBLIC_SCHEMA_NAME in schemas:
            run_migrations(self.args, options, self.codename, self.PUBLIC_SCHEMA_NAME)
            schemas.remove(self.PUBLIC_SCHEMA_NAME)
        if not schemas:
            return
        whole_run = not self.options.get("schema_name")
        if whole_run and TEMPLATE_SCHEMA not in schemas and template_exists():
            schemas.append(TEMPLATE_SCHEMA)  # new organisations are copied from it: migrated like one
        plain = not any(self.options.get(name) for name in NOT_PLAIN)
        started = time.perf_counter()
        todo = schemas_behind(schemas, migrations_expected()) if plain else schemas
        verbosity = int(self.options.get("verbosity", 1))
        if verbosity >= 1:
            sys.stdout.write(f"{len(schemas) - len(todo)} of {len(schemas)} schemas current (read in "
                             f"{time.perf_counter() - started:.2f} s); migrating {len(todo)}\n")
        failures = self._migrate(todo, options)
        if failures:
            raise CommandError("could not migrate " + "; ".join(f"{schema} ({why})" for schema, why in failures))

    def _migrate(self, schemas: list[str], options: dict[str, Any]) -> list[tuple[str, str]]:
        from magie.serving import close_database_connections

        processes = min(migration_processes(), len(schemas))
        jobs = [(self.args, options, schema, index, len(schemas)) for index, schema in enumerate(schemas)]
        if processes <= 1:
            results = [_migrate_in_child(job) for job in jobs]
        else:
            close_database_connections()  # no socket or pool thread is inherited by the children
            context = multiprocessing.get_context("fork")  # the children inherit the loaded apps and settings
            with context.Pool(processes=processes) as pool:
                results = pool.map(_migrate_in_child, jobs, chunksize=1)
        return [(schema, why) for schema, why in results if why]

    def run_multi_type_migrations(self, tenants: Iterable[Any]) -> None:
        raise NotImplementedError("Magie's organisations have one type (HAS_MULTI_TYPE_TENANTS is off)")

