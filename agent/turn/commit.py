"""The turn's one multi-table write: everything a turn changes, in one place.

A turn's steps decide; this module writes. `turn_commit(TurnOutcome)` runs, in ONE statement under the
conversation's row lock, inside the turn's transaction:

    INSERT the trace (agent_turn)                                   — the main statement, returning its id
      WITH reply       INSERT the reply into the outbox (conversations_message), if any
           handled     UPDATE the inbound message: handled
           shown       UPDATE the approval request the reply previews: shown in the reply
           attributed  INSERT the reply's attribution to its Ask (asks_attribution)
           transitions INSERT the Asks' transitions the turn recorded (asks_asktransition)
           extended_n  UPDATE the references an approval request keeps alive (agent_reference)
           saved_n     UPDATE the Asks `deliver` moved, each guarded by the status it was read with (asks_ask)
           released    UPDATE the conversation: the lease given back unless another message is pending
      RETURNING … pg_notify  the reply announced to the pages showing the conversation (sent on commit)

The trace's and the reply's text columns travel as one text[] each and the transitions as one array per column, so the
statement keeps under 50 parameters, past which psycopg splits its text anew on every turn instead of caching it.
PostgreSQL runs every data-modifying WITH exactly once, on one snapshot (`magie.db.statements`). A guarded Ask UPDATE
that finds its row moved makes the statement report it, and `ConcurrentTransition` rolls the turn back.

`writes_flush(writes)` writes what a shorter transaction of the turn collected (a model over the network gets one
per step and tool call) before it ends: the transitions, extensions and Ask saves, one ORM statement each.

Nothing else writes the turn's trace or marks an inbound message handled (`tests/test_hidden_state.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from django.db import connection, models
from django.db.models import Field
from django_fsm import ConcurrentTransition

from agent.models import Reference, Turn
from agent.writes import TurnWrites
from approvals.models import ApprovalRequest
from asks.models import Attribution
from asks.services import ask_update_sql, transitions_insert, transitions_insert_sql
from conversations.models import Message
from conversations.services import message_outbound_notify_expression, message_outbound_stored
from magie.db.statements import insert_sql, prepared, saved


@dataclass
class TurnOutcome:
    """What one turn leaves behind, as plain values: built by `agent.turn.steps.record` (or `agent.turn.failure`),
    written by `turn_commit`."""

    trace: Turn  # unsaved
    message_id: int  # the inbound message the turn answered: marked handled
    at: datetime  # when it was handled
    reply: Message | None = None  # the reply for the outbox, unsaved (`message_outbound_unsaved`)
    shown: int | None = None  # the approval request whose preview the reply is
    attributed: int | None = None  # the Ask the reply belongs to
    writes: TurnWrites | None = None  # what the turn's transaction collected and has not written
    release: tuple[str, list[Any]] | None = None  # the lease's give-back (`lease_release_with`), if asked
    queue_delivery: bool = True  # the reply's delivery task queued on commit (False: the turn's caller hands it over)


def turn_commit(outcome: TurnOutcome) -> bool | None:
    """Write the turn (see the module's docstring); True if the lease was given back, False if it was kept (another
    message is pending), None if not asked. The trace and the reply come back saved."""
    trace, reply, quote = outcome.trace, outcome.reply, connection.ops.quote_name
    assert trace.pk is None, "a turn is written once"
    writes = outcome.writes
    withs = [(f"handled AS (UPDATE {quote(Message._meta.db_table)} SET {quote('handled_at')} = %s "
              f"WHERE {quote('id')} = %s AND {quote('handled_at')} IS NULL)", [outcome.at, outcome.message_id])]
    if reply is not None:  # the WITHs below that name it read its id (so it runs first, after its texts)
        texts, expressions = _texts_as_one_array(reply, "reply_texts")
        sql, params = insert_sql(Message, [reply], returning=True, expressions=expressions)
        withs[:0] = [texts, (f"reply AS ({sql})", params)]
        if outcome.shown is not None:
            withs.append((f"shown AS (UPDATE {quote(ApprovalRequest._meta.db_table)} SET {quote('shown_in_id')} = "
                          f"(SELECT {quote('id')} FROM reply) WHERE {quote('id')} = %s)", [outcome.shown]))
        if outcome.attributed is not None:
            withs.append((f"attributed AS (INSERT INTO {quote(Attribution._meta.db_table)} ({quote('message_id')}, "
                          f"{quote('ask_id')}) SELECT {quote('id')}, %s FROM reply ON CONFLICT ({quote('message_id')}) "
                          f"DO UPDATE SET {quote('ask_id')} = EXCLUDED.{quote('ask_id')})", [outcome.attributed]))
    saves: list[tuple[str, list[Any]]] = []
    if writes is not None:
        if writes.transitions:
            sql, params = transitions_insert_sql(writes.transitions)
            withs.append((f"transitions AS ({sql})", params))
        for number, (token, until) in enumerate(writes.extensions):
            withs.append((f"extended_{number} AS (UPDATE {quote(Reference._meta.db_table)} SET "
                          f"{quote('expires_at')} = %s WHERE {quote('token')} = %s AND {quote('expires_at')} < %s)",
                          [until, token, until]))
        saves = [ask_update_sql(ask, status) for ask, status in writes.saves.values()]
        for number, (sql, params) in enumerate(saves):
            withs.append((f"saved_{number} AS ({sql})", params))
    if outcome.release is not None:
        sql, params = outcome.release
        withs.append((f"released AS ({sql})", params))
    texts, expressions = _texts_as_one_array(trace, "trace_texts")
    withs.append(texts)
    if reply is not None:
        expressions["reply_message_id"] = f"(SELECT {quote('id')} FROM reply)"
    insert, params = insert_sql(Turn, [trace], returning=True, expressions=expressions)
    insert += f", (SELECT {quote('id')} FROM reply)" if reply is not None else ", NULL"
    insert += ", " + " AND ".join(["true", *(f"EXISTS (SELECT FROM saved_{n})" for n in range(len(saves)))])
    insert += ", EXISTS (SELECT FROM released)" if outcome.release is not None else ", NULL"
    notify_params: list[Any] = []
    if reply is not None:  # the pages showing the conversation told on commit, by this statement
        notify, notify_params = message_outbound_notify_expression(
            conversation_id=reply.conversation_id, ref_sql=f"(SELECT {quote('id')} FROM reply)")
        insert += f", {notify}"
    with connection.cursor() as cursor:
        cursor.execute("WITH " + ", ".join(sql for sql, _ in withs) + " " + insert,
                       [*(value for _, values in withs for value in values), *params, *notify_params])
        row = cursor.fetchone()
    assert row is not None
    if not row[2]:  # the statement's writes are rolled back with the turn's transaction
        raise ConcurrentTransition("an Ask moved under the turn")
    if writes is not None:  # written: nothing is left for `writes_flush`
        writes.transitions.clear()
        writes.extensions.clear()
        writes.saves.clear()
    saved(trace, row[0])
    if reply is not None:
        saved(reply, row[1])
        trace.reply_message = reply
        message_outbound_stored(reply, queue=outcome.queue_delivery, announced=True)
    return row[3]


def _texts_as_one_array(obj: Turn | Message, name: str) -> tuple[tuple[str, list[Any]], dict[str, str]]:
    """The text columns of `obj`'s row as one text[] parameter (a WITH `name` of no write) and the expressions that
    read them back for `insert_sql`: the statement stays within psycopg's 50 parameters, past which it splits the
    statement's text anew on every execute instead of caching it."""
    fields = _text_fields(type(obj))
    values = [prepared(field, field.pre_save(obj, add=True)) for field in fields]
    return ((f"{name} AS (SELECT %s::text[] AS texts)", [values]),
            {field.attname: f"(SELECT texts[{number}] FROM {name})" for number, field in enumerate(fields, start=1)})


@cache
def _text_fields(model: type[Turn | Message]) -> list[Field]:
    """The model's text columns (`CharField`, `TextField`), in its order."""
    return [field for field in model._meta.local_concrete_fields
            if type(field) in (models.CharField, models.TextField) and not field.primary_key]


def writes_flush(writes: TurnWrites) -> None:
    """Write what the transaction ending now collected and did not write (see the module's docstring)."""
    if writes.transitions:
        transitions_insert(list(writes.transitions))
        writes.transitions.clear()
    for token, until in writes.extensions:
        Reference.objects.filter(token=token, expires_at__lt=until).update(expires_at=until)
    writes.extensions.clear()
    if writes.saves:
        with connection.cursor() as cursor:
            for ask, status in writes.saves.values():
                cursor.execute(*ask_update_sql(ask, status))
                if cursor.rowcount != 1:
                    raise ConcurrentTransition(f"the Ask {ask.pk} moved from {status} meanwhile")
        writes.saves.clear()
