"""The conversation's turn lease: one attempt at a time runs a conversation's turns, without holding its row lock
(nor a database connection) while it waits on the model.

The lease is three columns of the conversation row (token, holder, expiry), taken and checked under the row lock
in short transactions. Every write of a turn happens inside `lease_locked`, which locks the row, checks that the
lease is still this attempt's (else `LeaseLost`: another attempt took over, nothing is written) and renews it.
A lease whose holder is gone is taken over: at once when the holder was a process of this machine that no longer
exists (a SIGKILLed worker child), otherwise when it expires (`LEASE_SECONDS`, longer than one model call with
its retries, renewed at every step).
"""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone

from agent.models import Turn
from agent.turn.commit import writes_flush
from agent.writes import TurnWrites
from conversations.models import Conversation, Customer, Message


def lease_seconds() -> float:
    """Longer than the slowest model call the SDK may make (timeout × tries) plus its backoff."""
    return settings.OPENAI_TIMEOUT_SECONDS * (settings.OPENAI_MAX_RETRIES + 1) + 30


class ConversationBusy(Exception):
    """Another live attempt runs this conversation's turns: try again shortly (it may well do this message)."""


class LeaseLost(Exception):
    """This attempt's lease was taken over (it outlived its expiry): it must write nothing more."""


@dataclass(frozen=True)
class LockedRow:
    """The conversation's row as `lease_locked` locked it: its version, what a turn compares to tell whether the
    conversation moved (read as two columns: no `Conversation` made per transaction)."""

    conversation_id: int
    version: int


@dataclass
class Lease:
    conversation_id: int
    token: str
    version: int  # the conversation's version when the current message was read (see `Conversation.version`)
    expires_at: datetime
    conversation: Conversation | None = None  # the row as locked when taken by message (with its customer)
    held: LockedRow | None = None  # inside `lease_locked`: the row it locked (a nested one reuses it)
    # the turn's last statement also gave the lease back unless another message was pending (`lease_release_with`):
    # True given back, False kept (one is pending), None not asked — set once that statement's transaction committed
    given_back: bool | None = None


def _holder() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def _holder_is_gone(holder: str) -> bool:
    """True when the holder was a process of this machine that no longer exists."""
    host, _, pid = holder.rpartition(":")
    if host != socket.gethostname() or not pid.isdigit():
        return False
    if int(pid) == os.getpid():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def lease_take(*, conversation_id: int | None = None, message_id: int | None = None) -> Lease:
    """Take the conversation's lease, or raise ConversationBusy. One short transaction. Given `message_id`
    instead, the conversation is the message's, read whole with its customer in the same locking statement
    (`Lease.conversation`; Message.DoesNotExist if there is no such message)."""
    now = timezone.now()
    if message_id is not None:
        taken = _take_free(message_id=message_id, now=now)
        if taken is not None:
            return taken
    with transaction.atomic():
        if message_id is not None:
            row = (Conversation.objects.select_for_update(of=("self",)).select_related("customer")
                   .filter(messages__pk=message_id).first())
            if row is None:
                raise Message.DoesNotExist(f"no message {message_id}")
            conversation_id = row.pk
        else:
            assert conversation_id is not None, "lease_take needs a conversation_id or a message_id"
            row = (Conversation.objects.select_for_update()
                   .only("version", "turn_lease_token", "turn_lease_holder", "turn_lease_expires_at")
                   .get(pk=conversation_id))
        held = bool(row.turn_lease_token) and row.turn_lease_expires_at is not None and row.turn_lease_expires_at > now
        if held and not _holder_is_gone(row.turn_lease_holder):
            raise ConversationBusy(conversation_id)
        lease = Lease(conversation_id, secrets.token_hex(16), row.version, now + timedelta(seconds=lease_seconds()),
                      conversation=row if message_id is not None else None)
        row.turn_lease_token, row.turn_lease_holder = lease.token, _holder()
        row.turn_lease_expires_at = lease.expires_at
        Conversation.objects.filter(pk=conversation_id).update(turn_lease_token=lease.token,
                                                               turn_lease_holder=row.turn_lease_holder,
                                                               turn_lease_expires_at=lease.expires_at)
    return lease


def _take_free(*, message_id: int, now: datetime) -> Lease | None:
    """The common case in one statement: the message's conversation, if its lease is free or expired, is taken
    with UPDATE … RETURNING the row and its customer (a row lock held only for that statement). None when the
    lease is held (then `lease_take` looks at who holds it) or there is no such message."""
    token, holder, expires_at = secrets.token_hex(16), _holder(), now + timedelta(seconds=lease_seconds())
    sql, ours, theirs = _take_free_shape()
    with connection.cursor() as cursor:
        cursor.execute(sql, [token, holder, expires_at, message_id, now])
        row = cursor.fetchone()
    if row is None:
        return None
    alias = connection.alias or "default"
    conversation = Conversation.from_db(alias, ours, row[:len(ours)])
    conversation.customer = Customer.from_db(alias, theirs, row[len(ours):])
    return Lease(conversation.pk, token, conversation.version, expires_at, conversation=conversation)


@cache
def _take_free_shape() -> tuple[str, list[str], list[str]]:
    """`_take_free`'s statement (built once) and the attnames of the conversation's and the customer's columns it
    returns, in order."""
    ours, theirs = list(Conversation._meta.concrete_fields), list(Customer._meta.concrete_fields)
    quote = connection.ops.quote_name
    sql = (f"UPDATE {quote(Conversation._meta.db_table)} AS c SET turn_lease_token = %s, turn_lease_holder = %s, "
           f"turn_lease_expires_at = %s FROM {quote(Message._meta.db_table)} AS m, {quote(Customer._meta.db_table)} "
           "AS u WHERE m.id = %s AND c.id = m.conversation_id AND u.id = c.customer_id AND (c.turn_lease_token = '' "
           "OR c.turn_lease_expires_at IS NULL OR c.turn_lease_expires_at <= %s) RETURNING "
           + ", ".join([f"c.{quote(str(field.column))}" for field in ours]
                       + [f"u.{quote(str(field.column))}" for field in theirs]))
    return sql, [field.attname for field in ours], [field.attname for field in theirs]


@contextmanager
def lease_locked(lease: Lease, writes: TurnWrites | None = None) -> Iterator[LockedRow]:
    """A short transaction holding the conversation's row lock, only while the lease is still ours (else
    LeaseLost before anything is written). Renews the lease when half of it has run out. Re-entrant: inside
    another `lease_locked` of the same lease (a builtin turn runs in one), it is that transaction and that row —
    no second lock, no savepoint. `writes`: the turn's unit of work, whose services were told the row is held;
    what it collected is written before the outermost block's transaction commits (`agent.turn.commit`), and
    forgotten when it rolls back."""
    if lease.held is not None and connection.in_atomic_block:
        yield lease.held
        return
    try:
        with transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute(_locked_row_sql(), [lease.conversation_id])
                found = cursor.fetchone()
            if found is None:
                raise Conversation.DoesNotExist(f"no conversation {lease.conversation_id}")
            if found[1] != lease.token:
                raise LeaseLost(lease.conversation_id)
            row = LockedRow(lease.conversation_id, found[0])
            now = timezone.now()
            if (lease.expires_at - now).total_seconds() < lease_seconds() / 2:
                lease.expires_at = now + timedelta(seconds=lease_seconds())
                Conversation.objects.filter(pk=lease.conversation_id).update(turn_lease_expires_at=lease.expires_at)
            lease.held = row
            try:
                yield row
            finally:
                lease.held = None
            if writes is not None and writes.pending():
                writes_flush(writes)
    except BaseException:
        if writes is not None:
            writes.discard()
        raise


@cache
def _locked_row_sql() -> str:
    quote = connection.ops.quote_name
    return (f"SELECT {quote('version')}, {quote('turn_lease_token')} FROM {quote(Conversation._meta.db_table)} "
            f"WHERE {quote('id')} = %s FOR UPDATE")


def lease_release(lease: Lease, *, unless_pending: bool = False) -> bool:
    """Give the lease back (only if it is still ours); True if it was. With `unless_pending`, only if no inbound
    message of the conversation waits for its turn — in the same statement, so the turn loop asks "anything
    left?" and lets go in one round trip (False: something is pending, or the lease is no longer ours)."""
    if unless_pending:  # written out: the ORM took milliseconds of CPU to build this one statement every turn
        with connection.cursor() as cursor:
            cursor.execute(_release_unless_pending_sql(), [lease.conversation_id, lease.token])
            return cursor.rowcount > 0
    rows = Conversation.objects.filter(pk=lease.conversation_id, turn_lease_token=lease.token)
    return rows.update(turn_lease_token="", turn_lease_holder="", turn_lease_expires_at=None) > 0


def lease_release_with(lease: Lease, *, handled_message_id: int) -> tuple[str, list[Any]]:
    """`lease_release(lease, unless_pending=True)` as the body of a data-modifying WITH, `RETURNING 1` when given
    back: the turn's last statement (which marks `handled_message_id` handled and inserts its trace) lets go of
    the lease in the same round trip. That statement's own writes are not seen by this UPDATE (one snapshot), so
    the message it handles is left out by id. Inside the turn's transaction, holding the row lock: another
    attempt finds the lease free only once the turn has committed, as when it was released after the commit."""
    return (_release_unless_pending_sql(excluding=True) + " RETURNING 1",
            [lease.conversation_id, lease.token, handled_message_id])


@cache
def _release_unless_pending_sql(*, excluding: bool = False) -> str:
    """The lease given back only if no inbound message waits for its turn (unhandled, no trace): the same
    predicate as `agent.turn._next_pending`'s, on the same `inbound_pending` index (the constants are literals,
    so the index's own predicate matches). `excluding`: but the message of a third parameter."""
    quote = connection.ops.quote_name
    conversations, messages, turns = (quote(model._meta.db_table) for model in (Conversation, Message, Turn))
    return (f"UPDATE {conversations} AS c SET turn_lease_token = '', turn_lease_holder = '', "
            f"turn_lease_expires_at = NULL WHERE c.id = %s AND c.turn_lease_token = %s AND NOT EXISTS ("
            f"SELECT 1 FROM {messages} AS m WHERE m.conversation_id = c.id "
            f"AND m.direction = '{Message.Direction.INBOUND.value}' AND m.handled_at IS NULL "
            + ("AND m.id <> %s " if excluding else "")
            + f"AND NOT EXISTS (SELECT 1 FROM {turns} AS t WHERE t.message_id = m.id))")


def connection_release() -> None:
    """Before waiting on the model: give the database connection back (to the pool, or closed), unless the caller
    holds a transaction open (tests run inside one; `manage.py chat` does not)."""
    if not connection.in_atomic_block:
        connection.close()
