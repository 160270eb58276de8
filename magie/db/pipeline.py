"""Django's cursor on a psycopg server-binding cursor that prepares its statements, and psycopg's pipeline mode as
one transaction: the Pix hot path's two round trips (bank.transfer_sql).

Private parts used (tests/test_framework_seams.py checks each): Django's `CursorWrapper.cursor` (the psycopg cursor
a wrapper holds, swapped for the preparing one and put back), `BaseDatabaseWrapper.connection` (the raw psycopg
connection) and `wrap_database_errors`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress

import psycopg
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections, transaction


class _PreparingCursor(psycopg.Cursor):
    """A server-binding cursor whose every statement is prepared on first use (once per connection)."""

    def execute(self, query, params=None, *, prepare=None, binary=None):
        return super().execute(query, params, prepare=True, binary=binary)


def _preparing_cursor(raw: psycopg.Connection) -> _PreparingCursor:
    """The connection's own preparing cursor, made once: a cursor is a Python object of some weight, and the hot
    path needs one per Pix. The connection serves one thread at a time (Django's, or the pool's lending), and so
    does the cursor."""
    hot = getattr(raw, "_magie_hot_cursor", None)
    if hot is None or hot.closed:
        if raw.prepare_threshold is None:
            raw.prepare_threshold = 5  # psycopg's default; only server-binding cursors ever use it
        hot = raw._magie_hot_cursor = _PreparingCursor(raw)  # type: ignore[attr-defined]  # our attribute
    return hot


@contextmanager
def hot_cursor():
    """Django's cursor (connection, health check, search_path, query counting, execute_wrappers), on a
    server-binding cursor that prepares its statements when `DATABASE_PREPARED_STATEMENTS` is on (the default).

    The backend (magie.db.pgbackend) prepares every statement at its third run; this cursor prepares the hot
    path's at their first. Behind a pooler that cannot keep prepared statements, set
    DATABASE_PREPARED_STATEMENTS=false."""
    db = connections[DEFAULT_DB_ALIAS]  # once: each `connection.…` is a lookup in a thread-local
    with db.cursor() as wrapper:
        if not getattr(settings, "DATABASE_PREPARED_STATEMENTS", True):
            yield wrapper
            return
        own = wrapper.cursor
        wrapper.cursor = _preparing_cursor(db.connection)
        try:
            yield wrapper
        finally:
            wrapper.cursor = own  # closed with the wrapper; the preparing one stays with its connection


_PIPELINE_SUPPORTED = psycopg.Pipeline.is_supported()  # libpq ≥ 14 (psycopg's binary package brings its own)


@contextmanager
def pipelined_transaction() -> Iterator[None]:
    """The transaction of one Pix, on the connection `hot_cursor` has made ready (search_path set before it).

    On its own: psycopg's pipeline mode, in which PostgreSQL runs the statements a Sync closes as one implicit
    transaction. `transfer_lock`'s fetch sends a Flush: its rows come back with the transaction still open and
    locked; `transfer_write` is sent with the Sync at the end of the block, which commits it (read it after the
    block: `transfer_written`). Two round trips and no BEGIN or COMMIT, where Django's atomic takes four, and the
    payer's rows stay locked one round trip instead of two. A block left early by a refusal sends the Sync over a
    transaction that only read and locked; one left by an exception sends ROLLBACK before it, so that nothing the
    block sent is committed, as with Django's atomic. Nothing in the block may start or end a transaction (Django's
    atomic would commit the implicit one): the write would then refuse to run (TransactionSplit).

    Inside a transaction the caller holds (a test's, or work the caller wraps around the Pix), or with prepared
    statements off (a pooler in transaction mode): Django's atomic, a savepoint or BEGIN … COMMIT, as before."""
    db = connections[DEFAULT_DB_ALIAS]
    if db.in_atomic_block or not (_PIPELINE_SUPPORTED and getattr(settings, "DATABASE_PREPARED_STATEMENTS", True)):
        with transaction.atomic():
            yield
        return
    raw = db.connection
    with db.wrap_database_errors, raw.pipeline():
        try:
            yield
        except BaseException:
            with suppress(psycopg.Error):  # a pipeline the server already aborted rolls back at the Sync anyway
                raw.execute("ROLLBACK")
            raise
