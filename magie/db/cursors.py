"""A cursor of Django's connection that skips django-tenants' `SET search_path` (for statements that name their
tables with the schema), still Django's wrapper: counted, logged under DEBUG, its errors Django's.

Private parts used (tests/test_framework_seams.py checks each): `BaseDatabaseWrapper.connection` (the raw psycopg
connection), `make_cursor`, `make_debug_cursor` and `queries_logged` — the pieces Django's own `cursor()` is built
of, without the tenant backend's `_cursor` that sets the search path."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import DEFAULT_DB_ALIAS, connections


@contextmanager
def unrouted_cursor(alias: str = DEFAULT_DB_ALIAS) -> Iterator:
    db = connections[alias]
    db.ensure_connection()
    db.validate_thread_sharing()
    raw = db.connection.cursor()
    with db.make_debug_cursor(raw) if db.queries_logged else db.make_cursor(raw) as cursor:
        yield cursor
