"""Which conversation row the current transaction already holds locked, so services called under that lock do not
lock it again (a `SELECT … FOR UPDATE` round trip each) — issue 20.

`conversation_holding(conversation_id)` is entered by whoever has just locked the row (the turn's `lease_locked`)
inside its transaction; while the block runs, `conversation_lock_held(conversation_id)` is true on this thread.
Row locks last until the transaction ends and survive a rollback to a later savepoint, so the mark is never
wrong inside the block; it is cleared when the block exits, before the transaction can end.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import DEFAULT_DB_ALIAS, connections

_held: ContextVar[tuple[int, int] | None] = ContextVar("conversation_lock_held", default=None)


@contextmanager
def conversation_holding(conversation_id: int) -> Iterator[None]:
    """Mark the conversation row as locked by the current transaction for the duration of the block (the caller
    has locked it, inside `transaction.atomic`)."""
    connection = connections[DEFAULT_DB_ALIAS]
    assert connection.in_atomic_block, "a row lock only lasts inside a transaction"
    token = _held.set((id(connection), conversation_id))
    try:
        yield
    finally:
        _held.reset(token)


def conversation_held() -> int | None:
    """The id of the conversation whose row the current transaction holds locked (inside `conversation_holding`
    on this thread's connection), else None."""
    held, connection = _held.get(), connections[DEFAULT_DB_ALIAS]
    if held is None or held[0] != id(connection) or not connection.in_atomic_block:
        return None
    return held[1]
