"""django-tenants' PostgreSQL backend, with a table list that does not grow with the number of organisations.

Django lists a schema's tables (`introspection.table_names`: every migration run asks it several times, through
`MigrationRecorder.has_table`, and so does a test flush) by testing `pg_table_is_visible(oid)` on every relation of
the database: with 1,000 organisations, 57,000 relations, about 0.4 s a time and three quarters of a schema's
migration. django-tenants has already set the search path to the one schema asked about, so the same list is the
relations of the search path's schemas: the same rows, found by comparing a namespace instead of calling a function
per relation.

One more difference: entering a schema whose search path is the one already in force on the connection does not
set it again. django-tenants forgets the path set on the connection whenever an organisation (or public) is
entered, so the next cursor sends `SET search_path` even when nothing changes — a worker task entering the
organisation it has just stored a message in, a `schema_context` around code already there. The path in force is
still forgotten whenever PostgreSQL may have discarded it (a rollback, a rollback to a savepoint, a closed
connection: django-tenants' own rules), so a kept path is always the one PostgreSQL holds.

And a plan per organisation (plans.py): statements bound on the server and, unless DATABASE_PREPARED_STATEMENTS is
off, prepared by psycopg once per search path, the path in force named in the statement's text.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.db.backends.postgresql.introspection import TableInfo
from django_tenants.postgresql_backend.base import DatabaseWrapper as TenantDatabaseWrapper
from django_tenants.postgresql_backend.introspection import (
    DatabaseSchemaIntrospection,
    DatabaseSchemaIntrospectionSearchPathContext,
)
from django_tenants.utils import get_limit_set_calls

from magie.db.pgbackend.plans import PREPARE_THRESHOLD, NamedDebugStatements, NamedStatements, statement_name

TABLE_LIST = """
    SELECT c.relname,
           CASE WHEN c.relispartition THEN 'p' WHEN c.relkind IN ('m', 'v') THEN 'v' ELSE 't' END,
           obj_description(c.oid, 'pg_class')
    FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('f', 'm', 'p', 'r', 'v') AND n.nspname NOT IN ('pg_catalog', 'pg_toast')
      AND n.nspname = ANY (current_schemas(false))
"""


class SchemaIntrospection(DatabaseSchemaIntrospection):
    def get_table_list(self, cursor):
        with DatabaseSchemaIntrospectionSearchPathContext(cursor=cursor, connection=self.connection):
            cursor.execute(TABLE_LIST)
            return [TableInfo(*row) for row in cursor.fetchall() if row[0] not in self.ignored_tables]


class DatabaseWrapper(TenantDatabaseWrapper):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.introspection = SchemaIntrospection(self)
        # Parameters bound on the server, always (plans.py); Django reads the option in OPTIONS.
        self.settings_dict["OPTIONS"].setdefault("server_side_binding", True)

    # The search path PostgreSQL holds for this connection as far as we know (set by the last `SET search_path` this
    # wrapper sent), or None when unknown. django-tenants' `search_path_set_schemas` is cleared by every schema
    # switch; this one only when PostgreSQL may have discarded the path.
    _search_path_in_force: list[str] | None = None
    # The comment naming that path at the head of every statement (plans.py), '' when unknown or when statements
    # are not prepared (DATABASE_PREPARED_STATEMENTS off).
    statement_name: str = ""
    # Whether this wrapper's connections prepare statements: DATABASE_PREPARED_STATEMENTS when the connection
    # parameters were made (a pool's, once).
    prepares_statements: bool = False

    @property
    def search_path_in_force(self) -> list[str] | None:
        return self._search_path_in_force

    @search_path_in_force.setter
    def search_path_in_force(self, path: list[str] | None) -> None:
        self._search_path_in_force = path
        self.statement_name = statement_name(path) if self.prepares_statements else ""

    def get_connection_params(self):
        """Django's parameters, preparing (psycopg's `prepare_threshold`) when DATABASE_PREPARED_STATEMENTS is on
        (OPTIONS may still set the threshold), not at all when it is off."""
        self.prepares_statements = bool(getattr(settings, "DATABASE_PREPARED_STATEMENTS", True))
        params = super().get_connection_params()
        if not self.prepares_statements:
            params["prepare_threshold"] = None
        elif params.get("prepare_threshold") is None:
            params["prepare_threshold"] = PREPARE_THRESHOLD
        return params

    def make_cursor(self, cursor):
        return NamedStatements(cursor, self)

    def make_debug_cursor(self, cursor):
        return NamedDebugStatements(cursor, self)

    def forget_prepared_statements(self) -> bool:
        """After PostgreSQL refused a prepared statement whose plan a migration outdated: drop all of the
        connection's (psycopg sends DEALLOCATE ALL before its next statement). True when the refused statement may
        run again at once — outside a transaction, where nothing else was lost with it."""
        if self.connection is not None:
            self.connection._prepared.clear()  # psycopg's cache of the connection's prepared statements
        return self.get_autocommit() and not self.in_atomic_block
    # When this wrapper last took its connection (`connect`: a new one, or one lent by the pool), on the monotonic
    # clock; None while it holds none. A worker child keeps it between tasks for a while (magie.celery).
    taken_at: float | None = None

    def set_tenant(self, tenant, include_public=True):
        """django-tenants' `set_tenant`, keeping the search path in force when it is the one `tenant` needs (no
        `SET search_path` to the path PostgreSQL already holds)."""
        super().set_tenant(tenant, include_public)
        in_force = self.search_path_in_force
        if in_force is not None and self._get_cursor_search_paths() == in_force:
            self.search_path_set_schemas = in_force

    def _handle_search_path(self, cursor=None):
        sends = not self._setting_search_path and not (get_limit_set_calls() and self.search_path_set_schemas)
        if sends:
            self.search_path_in_force = None  # the SET itself is named by no path (one statement per path set)
        super()._handle_search_path(cursor)
        if sends:  # the SET was sent, or it failed (None)
            self.search_path_in_force = self.search_path_set_schemas

    def connect(self):
        self.search_path_in_force = None  # a new (or pooled) connection: whatever path it has, it is set again
        super().connect()
        self.taken_at = time.monotonic()

    def close(self):
        self.search_path_in_force = None
        self.taken_at = None
        super().close()

    def kept_for_next_task(self, *, seconds: float) -> bool:
        """Whether a worker child may keep this connection for its next task instead of handing it back to the
        pool: plainly usable — open, in autocommit, no transaction, no database error seen — and taken less than
        `seconds` ago (magie.celery.connections_after_task)."""
        return (self.connection is not None and self.taken_at is not None
                and time.monotonic() - self.taken_at < seconds and not self.errors_occurred
                and not self.in_atomic_block and self.get_autocommit() == self.settings_dict["AUTOCOMMIT"])

    def rollback(self):
        self.search_path_in_force = None  # a SET in the rolled back transaction is undone
        super().rollback()

    def savepoint_rollback(self, sid):
        try:
            super().savepoint_rollback(sid)
        finally:
            self.search_path_in_force = None  # a SET after the savepoint is undone
