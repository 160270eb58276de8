"""psycopg connections of Magie's own, beside Django's: a session advisory lock held on one opened with the
parameters Django's connection uses, so that the lock outlives Django closing or replacing its connection (a
migration does both); the session connection the live pages' listener holds for LISTEN (`magie.live`); and the boot's probe of DATABASE_URL, said in one line when the database cannot be used.

Private part used (tests/test_framework_seams.py checks it): `DatabaseWrapper.get_connection_params()`, the keyword
arguments Django passes to `psycopg.connect`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from django.db import DEFAULT_DB_ALIAS, connections


@contextmanager
def session_advisory_lock(key: int, alias: str = DEFAULT_DB_ALIAS) -> Iterator[None]:
    params = connections[alias].get_connection_params()
    with psycopg.connect(**params, autocommit=True) as holder:
        holder.execute("SELECT pg_advisory_lock(%s)", [key])
        try:
            yield
        finally:
            holder.execute("SELECT pg_advisory_unlock(%s)", [key])


def autocommit_session(alias: str = DEFAULT_DB_ALIAS) -> psycopg.Connection:
    """A connection of our own in autocommit, opened with the parameters of Django's (for LISTEN, which needs a
    session that Django's pool never lends to a request); the caller closes it (`with … as connection`)."""
    return psycopg.connect(**connections[alias].get_connection_params(), autocommit=True)


def database_unusable(url: str, *, timeout: int = 10) -> str | None:
    """Why the database at `url` cannot be used (psycopg's reason, on one line), or None when it answers."""
    try:
        psycopg.connect(url, connect_timeout=timeout).close()
    except psycopg.OperationalError as error:
        return " ".join(str(error).split())
    return None
