"""Writes of Asks. `message_decide` is the one entry point a turn uses for an inbound message; the others are the
lifecycle steps the agent takes after tools and approvals. Every function locks the conversation row first, so two
messages of one conversation are decided one after the other."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from functools import cache, wraps
from typing import Any
from zoneinfo import ZoneInfo

from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction
from django.utils import timezone
from django_fsm import ConcurrentTransition

from asks.buttons import parse_tap
from asks.decide import Action, AskView, DecidedAction, DecisionPolicy, Inbound, Quote, Tap, decide
from asks.kinds import FOLLOW_UPS, QUESTION_LEADS_TO
from asks.models import OPEN_STATUSES, Ask, AskTransition, Attribution, SlotEvent
from asks.models import Decision as DecisionRow
from asks.perception.contract import Perception
from asks.selectors import ask_slots, ask_slots_as_of, asks_slots, message_ask
from asks.when import EITHER_HALF, WITH_WHEN, is_time_only, when_merge
from asks.writes import AskWrites, TransitionRow
from conversations.models import Conversation, Message
from language.day_parts import in_day_part
from language.text import fold
from magie.db.statements import insert_rows, insert_sql, prepared, rows_of, saved
from magie.tenancy import tenancy_current

PARKED_LIMIT = 5  # parked Asks offered back; older ones are cooled
PARKED_KEEP = timedelta(hours=24)


def _atomic(function: Callable[..., Any]) -> Callable[..., Any]:
    """`transaction.atomic`, without the savepoint (two round trips) when the caller passes `writes` (it holds the
    conversation's row lock in its own transaction: any error there rolls that whole transaction back, so a
    savepoint of its own would never be rolled back to)."""

    @wraps(function)
    def atomic(*args: Any, **kwargs: Any) -> Any:
        writes = kwargs.get("writes")
        assert writes is None or connection.in_atomic_block, "`writes` is for a caller holding a transaction open"
        with transaction.atomic(savepoint=writes is None):
            return function(*args, **kwargs)

    return atomic


@dataclass(frozen=True)
class SlotChange:
    slot: str
    old: Any
    new: Any


@dataclass
class DecisionOutcome:
    """What the turn needs to word its reply: the decision, the Ask now in focus and what changed."""

    decision: DecidedAction
    ask: Ask | None
    changes: list[SlotChange] = field(default_factory=list)
    closed: Ask | None = None  # the Ask closed to make way (superseded, cooled)
    parked: Ask | None = None  # the Ask parked to make way
    parked_asks: list[Ask] = field(default_factory=list)  # all parked Asks after the decision
    slots: dict[str, Any] | None = None  # the focused Ask's slot values after the decision (None: not read)
    reopened: bool = False  # the focused Ask left awaiting confirmation (a changed value voids the preview)


def ask_update_sql(ask: Ask, status_as_read: str) -> tuple[str, list[Any]]:
    """The UPDATE `ask.save()` sends (every field, guarded by the status it was read with, as django-fsm's
    ConcurrentTransitionMixin guards it), `RETURNING 1`; the Ask then counts as saved in that state."""
    fields, sql = _update_shape()
    values = [field.get_db_prep_save(getattr(ask, field.attname), connection) for field in fields]
    ask._update_initial_state()  # django-fsm: what a save() would have done
    return sql, [*values, ask.pk, status_as_read]


@cache
def _update_shape() -> tuple[list[Any], str]:
    quote = connection.ops.quote_name
    fields = [field for field in Ask._meta.concrete_fields if not field.primary_key]
    return fields, (f"UPDATE {quote(Ask._meta.db_table)} SET "
                    + ", ".join(f"{quote(str(field.column))} = %s" for field in fields)
                    + f" WHERE {quote('id')} = %s AND {quote('status')} = %s RETURNING 1")


def _save(ask: Ask, status_as_read: str, writes: AskWrites | None) -> None:
    """The Ask's UPDATE now (what `ask.save()` sends, its statement built once), or left in `writes.saves` for the
    caller's last statement when it defers them (guarded by the status the Ask had when first read)."""
    if writes is not None and writes.defer_saves:
        writes.saves[ask.pk] = (ask, writes.saves[ask.pk][1] if ask.pk in writes.saves else status_as_read)
        return
    sql, params = ask_update_sql(ask, status_as_read)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        if cursor.rowcount != 1:
            raise ConcurrentTransition(f"the Ask {ask.pk} moved from {status_as_read} meanwhile")


def _record_transitions(rows: list[TransitionRow], writes: AskWrites | None) -> None:
    if writes is not None:
        writes.transitions.extend(rows)
    else:
        transitions_insert(rows)


def transitions_insert(rows: list[TransitionRow]) -> None:
    """`AskTransition.objects.bulk_create` of the rows: one INSERT (`transitions_insert_sql`)."""
    if rows:
        with connection.cursor() as cursor:
            cursor.execute(*transitions_insert_sql(rows))


def transitions_insert_sql(rows: list[TransitionRow]) -> tuple[str, list[Any]]:
    """The INSERT of the Asks' transitions `rows` (the rows `insert_sql` builds for `AskTransition` instances, each
    stamped `created_at` now, as its `auto_now_add` would), in their order: a turn records its moves as values, not
    model instances. One array per column (`unnest`): the same text and six parameters whatever the row count, so
    psycopg caches the text of the turn's statement that holds it (it does not past 50 parameters)."""
    columns: list[list[Any]] = [[], [], [], [], [], []]
    for row in rows:
        for column, value in zip(columns, (timezone.now(), row.ask_id, row.source, row.target, row.rule,
                                           row.message_id), strict=True):
            column.append(value)
    return _transitions_insert_text(), columns


_TRANSITION_COLUMNS = ("created_at", "ask_id", "source", "target", "rule", "message_id")


@cache
def _transitions_insert_text() -> str:
    quote = connection.ops.quote_name
    fields = {field.column: field for field in AskTransition._meta.concrete_fields if not field.primary_key}
    assert set(fields) == set(_TRANSITION_COLUMNS)
    arrays = ", ".join(f"%s::{fields[column].db_type(connection)}[]" for column in _TRANSITION_COLUMNS)
    names = ", ".join(quote(column) for column in _TRANSITION_COLUMNS)
    return (f"INSERT INTO {quote(AskTransition._meta.db_table)} ({names}) "
            f"SELECT {names} FROM unnest({arrays}) WITH ORDINALITY AS rows ({names}, ordinal) ORDER BY ordinal")


def _transition(ask: Ask, move: Callable[..., None], rule: str, message: Message | int | None, *args: Any,
                writes: AskWrites | None = None) -> None:
    """Call one of the Ask's transition methods (`ask.abandon`, …), save it, and record the move and its rule
    (`message`: the message or its id)."""
    _transitions(ask, [(move, rule, args)], message, writes)


def _transitions(ask: Ask, moves: list[tuple[Callable[..., None], str, tuple[Any, ...]]],
                 message: Message | int | None, writes: AskWrites | None) -> None:
    """Several moves in a row: one UPDATE of the Ask (still guarded by its status as read), one INSERT of their
    transitions."""
    message_id = message.pk if isinstance(message, Message) else message
    rows, status_as_read = [], ask.status
    for move, rule, args in moves:
        source = ask.status
        move(*args)
        rows.append(TransitionRow(ask.pk, source, ask.status, rule, message_id))
    _save(ask, status_as_read, writes)
    _record_transitions(rows, writes)


def _view(ask: Ask, slots: dict[int, dict[str, Any]]) -> AskView:
    return AskView(id=ask.pk, kind=ask.kind, status=ask.status, slots=dict(slots[ask.pk]),
                   last_activity_at=ask.last_activity_at, pending_approval_id=ask.pending_approval_id)


def _apply_values(ask: Ask, values: Mapping[str, Any], message: Message, action: str,
                  slots: dict[int, dict[str, Any]], events: list[SlotEvent]) -> list[SlotChange]:
    """Add the changed values' slot events to `events` (written with the decision: `_record`); `slots` holds the
    Asks' current values (read once per decision, from the rows before any of its events) and is kept up to
    date — an Ask gets events only once it is in `slots`, so no read of it misses the events not yet written."""
    current = slots[ask.pk] if ask.pk in slots else ask_slots(ask)
    slots[ask.pk] = current
    if "when" in values:
        # a `when` said with its half (or no hour) clears the doubt; a day said in days or by its date holds no unit
        # of weeks (a time alone keeps the day, and the unit it was counted in)
        cleared = {EITHER_HALF} if is_time_only(values["when"]) else WITH_WHEN
        values = {**dict.fromkeys(cleared), **values}
    values = _part_said_after_a_time(values, current)
    if current.get("offer_pick") and "offer_pick" not in values and ({"when", "day_part", "activity"} & set(values)):
        values = {**values, "offer_pick": None}  # a pick among the times once listed; another time asked drops it
    changes = []
    for slot, value in values.items():
        old = current.get(slot)
        if slot == "when" and old is not None and is_time_only(value):  # "a les 9" after "demà" (asks/when.py)
            value = when_merge(previous=old, said=value, time_zone=_time_zone())
        if (slot == "device_model" and isinstance(old, str) and isinstance(value, str) and value[:1].isdigit()
                and not any(char.isdigit() for char in old)):
            value = f"{old} {value}"  # "13" after "iphone": the model number joins the line said before
        if old == value:
            continue
        kind = SlotEvent.Action.FILL if old is None else SlotEvent.Action(action)
        events.append(SlotEvent(ask=ask, slot=slot, value=value, previous=old, action=kind, message=message))
        changes.append(SlotChange(slot, old, value))
    for change in changes:
        if change.new is None:
            current.pop(change.slot, None)
        else:
            current[change.slot] = change.new
    return changes


def _part_said_after_a_time(values: Mapping[str, Any], current: Mapping[str, Any]) -> Mapping[str, Any]:
    """`values`, with the time of day held dropped (its day kept) when a part of the day is said alone that the
    time does not lie in, either half of an hour said without it: "doncs a la tarda" after "a les 9" was not free
    asks for the afternoon of that day, chosen among its free times; a part that fits the time keeps it."""
    held = current.get("when")
    part = values.get("day_part")
    if not part or "when" in values or not isinstance(held, str) or "T" not in held:
        return values
    hour = datetime.fromisoformat(held).hour
    hours = (hour, (hour + 12) % 24) if current.get(EITHER_HALF) else (hour,)
    if any(in_day_part(each, part) for each in hours):
        return values
    return {**values, "when": held[:10], EITHER_HALF: None}


def _time_zone() -> str:
    """The time zone of the organisation whose schema the connection is in (the one tenancy accessor: cached, no
    query per decision)."""
    return tenancy_current().time_zone


def _quote_for(message: Message, open_ask: Ask | None) -> Quote | None:
    """The Ask message a swipe-reply quotes (the open Ask's too); an edit's `reply_to` is the message it edits, no
    quote."""
    if not message.reply_to or message.kind == Message.Kind.EDIT:
        return None
    quoted = (
        Message.objects.select_related("attribution__ask")
        .filter(conversation_id=message.conversation_id, channel_message_id=message.reply_to)
        .first()
    )
    quoted_ask = message_ask(quoted) if quoted is not None else None
    if quoted is None or quoted_ask is None:
        return None
    return Quote(ask_id=quoted_ask.pk, ask_kind=quoted_ask.kind, ask_status=quoted_ask.status, message_id=quoted.pk)


def _tap_for(message: Message, conversation: Conversation) -> tuple[Tap | None, Perception | None]:
    """The tap, and for a clarify choice the perception of the message it was about (if still unattributed)."""
    if message.kind != Message.Kind.BUTTON:
        return None, None
    tap = parse_tap(message.payload)
    if tap is None or tap.action != "choose":
        return tap, None
    asked = (Message.objects.filter(pk=tap.message_id, conversation=conversation, attribution__isnull=True).first()
             if tap.message_id is not None else None)
    row = DecisionRow.objects.filter(message=asked, action=Action.CLARIFY).first() if asked else None
    if row is None:
        return Tap("choose", ask_id=tap.ask_id, choice=tap.choice, message_id=None), None
    return tap, Perception.model_validate(row.perception)


def _cool_old_parked(parked: list[Ask], at: datetime, message: Message, writes: AskWrites | None) -> list[Ask]:
    """Of the parked Asks (locked, newest first), abandon those beyond PARKED_LIMIT or PARKED_KEEP."""
    keep = []
    for index, ask in enumerate(parked):
        if index >= PARKED_LIMIT or at - ask.last_activity_at > PARKED_KEEP:
            _transition(ask, ask.abandon, "parked_ask_cooled", message, Ask.AbandonReason.COOLED, at,
                        writes=writes)
        else:
            keep.append(ask)
    return keep


@_atomic
def message_decide(*, message_id: int, perception: Perception, policy: DecisionPolicy,
                   org_kinds: tuple[str, ...], message: Message | None = None,
                   undecided: bool = False, asked_for: str | None = None,
                   writes: AskWrites | None = None, tap_refused: bool = False) -> DecisionOutcome:
    """Decide what `message` does to the conversation's Asks, apply it, and record the decision with its rule.

    Locks the conversation row (unless the caller holds it and says so: `writes`, `asks.writes`); reads only the open Ask, the
    parked ones (one query, locked) with their slot values (one query) and (for a swipe-reply) the quoted message,
    so the cost does not grow with the conversation's length; writes the Asks' rows as they move and then one
    statement: the decision's row with the slot events and attributions it brought. Idempotent: a message already decided returns its
    recorded outcome without changing anything. A caller holding the message row already (the turn) passes it as
    `message`, with its `conversation` attached, and `undecided=True` when it read, under a lock it still holds
    (the turn's lease), that no decision was recorded for it: the check is not made again. `asked_for`: the slot
    the previous reply asked for (a value for it answers the question rather than asking "change or new?").
    `tap_refused`: the approval this confirm/decline tap names refused it (a tap from another conversation or on
    another channel than its preview's, or for a request no longer current): the tap is read as a stale one.
    """
    if message is None or message.pk != message_id:
        message = Message.objects.select_related("conversation").get(pk=message_id)
    if writes is not None and writes.conversation_id == message.conversation_id:
        conversation = message.conversation
    else:
        conversation = Conversation.objects.select_for_update().get(pk=message.conversation_id)
    recorded = None if undecided else DecisionRow.objects.filter(message=message).select_related("ask").first()
    if recorded:
        return DecisionOutcome(DecidedAction(Action(recorded.action), recorded.rule, ask_id=recorded.ask_id), recorded.ask)

    at = message.sent_at
    current = rows_of(Ask, '"conversation_id" = %s AND "status" = ANY(%s)',  # locked, newest first
                      [conversation.pk, [*OPEN_STATUSES, Ask.Status.SUSPENDED]], tail='ORDER BY "id" DESC FOR UPDATE')
    open_ask = next((ask for ask in current if ask.status in OPEN_STATUSES), None)
    parked = _cool_old_parked([ask for ask in current if ask.status == Ask.Status.SUSPENDED], at, message, writes)
    slots = asks_slots([ask for ask in (open_ask, *parked) if ask is not None])
    tap, clarified = _tap_for(message, conversation)
    if tap_refused and tap is not None and tap.action in ("confirm", "decline"):
        tap = replace(tap, approval_id=None)
    source_message = message
    if clarified is not None:  # a clarify choice applies the values of the message it asked about
        perception = clarified
        assert tap is not None and tap.message_id is not None  # a clarified choice is a tap on a message
        source_message = Message.objects.get(pk=tap.message_id)
    inbound = Inbound(at=at, perception=perception, tap=tap, quote=_quote_for(message, open_ask), asked_for=asked_for)
    done = _done_with_follow_ups(conversation, perception, org_kinds) if open_ask is None and tap is None else None
    done_view = None
    if done is not None:
        slots |= asks_slots([done])
        done_view = _done_view(done, slots, at)
    decision = decide(open_ask=_view(open_ask, slots) if open_ask else None, parked=[_view(a, slots) for a in parked],
                      inbound=inbound, policy=policy, org_kinds=org_kinds, done=done_view)
    events: list[SlotEvent] = []
    attributions: list[tuple[int, int | None]] = []
    outcome = _apply(decision, message, source_message, open_ask, parked, at, slots, events, attributions, writes)
    # a new Ask (`_apply`, START_NEW) is written by the decision's statement: its id is known from there on
    new_ask = outcome.ask if outcome.ask is not None and outcome.ask.pk is None else None
    _record({
        "message_id": message.pk, "action": decision.action, "rule": decision.rule,
        "ask_id": outcome.ask.pk if outcome.ask is not None else None,
        "perception": perception.model_dump(mode="json"),
        "detail": {"choices": list(decision.choices),
                   "changes": [{"slot": c.slot, "old": c.old, "new": c.new} for c in outcome.changes],
                   "closed": outcome.closed.pk if outcome.closed else None,
                   "parked": outcome.parked.pk if outcome.parked else None},
    }, events, attributions, new_ask=new_ask)
    if new_ask is not None:
        slots[new_ask.pk] = slots.pop(None)  # its values, kept under no id until now
        _record_transitions([TransitionRow(new_ask.pk, "", new_ask.status, decision.rule, message.pk)], writes)
    # the parked Asks after the decision, from the rows held (locked) rather than read again
    still = [ask for ask in (*parked, outcome.parked) if ask is not None and ask.status == Ask.Status.SUSPENDED]
    outcome.parked_asks = sorted({ask.pk: ask for ask in still}.values(), key=lambda ask: ask.pk)
    if outcome.ask is not None:
        outcome.slots = dict(slots[outcome.ask.pk]) if outcome.ask.pk in slots else None
    return outcome


def _done_with_follow_ups(conversation: Conversation, perception: Perception, org_kinds: tuple[str, ...]) -> Ask | None:
    """The conversation's latest Ask, when it completed and the organisation takes a follow-up of its kind (a
    booking's change or cancellation) or it is a search a detail narrows; read only when the message could be one (cancel or change wording, or
    values), so other turns pay no query for it."""
    follow_ups = {FOLLOW_UPS[kind] for kind in org_kinds if kind in FOLLOW_UPS} | (_NARROWED_WHEN_DONE & set(org_kinds))
    # a question the request said follows ("hay plazas…?" answered, then "reserva para 3"): its values are carried
    # or asked again at another hour ("¿y a las 15?", asks/decide.py N0a)
    questions = {question for question, kind in QUESTION_LEADS_TO.items() if kind in org_kinds and (
        perception.request_kind in (kind, question) or (perception.request_kind is None and perception.slots.filled()))}
    markers = perception.markers
    if not questions and (not follow_ups or not ({"cancel", "correction"} & markers or perception.slots.filled())):
        return None
    found = rows_of(Ask, '"conversation_id" = %s', [conversation.pk], tail='ORDER BY "id" DESC LIMIT 1')
    latest = found[0] if found else None
    if latest is None or latest.status != Ask.Status.COMPLETED:
        return None
    if latest.kind not in follow_ups and not _changed_again(latest.kind) and latest.kind not in questions:
        return None
    return latest


# Done requests a value said alone narrows ("mejor el de 128" after a product search: asks/decide.py, N5).
_NARROWED_WHEN_DONE = frozenset({"product_search"})


# Follow-ups whose done request may be followed up again, read as the request they changed: a scheduled Pix changed
# ("muda pra segunda") is still a scheduled Pix to cancel or change once more.
_CHANGED_AGAIN = frozenset({"pix_transfer"})


def _changed_again(kind: str) -> bool:
    return kind.endswith("_change") and FOLLOW_UPS.get(kind) in _CHANGED_AGAIN


def _done_view(done: Ask, slots: dict[int, dict[str, Any]], at: datetime) -> AskView | None:
    """The done request as the decision reads it: a scheduled Pix's change is that scheduled Pix (its values are the
    Pix as it now is); a Pix is followed up only while it is still to be sent (its day after the message's, in the
    organisation's zone: a Pix sent cannot be changed or cancelled, and values said after one are no change of it)."""
    view = _view(done, slots)
    if _changed_again(done.kind):
        view = replace(view, kind=FOLLOW_UPS[done.kind])
    if view.kind == "pix_transfer":
        day = view.slots.get("when")
        today = at.astimezone(ZoneInfo(_time_zone())).date().isoformat()
        if not (isinstance(day, str) and len(day) >= 10 and day[:10] > today):
            return None
    return view


def _record(decision: dict[str, Any], events: list[SlotEvent], attributions: list[tuple[int, int | None]], *,
            new_ask: Ask | None = None) -> None:
    """The decision's row (its values by attname: no `Decision` instance made) with the attributions (message id,
    Ask id) it brought in one statement (a data-modifying WITH: the two touch different tables and neither reads
    the other's rows), then its slot events (one INSERT, their ids read back). Nothing of the decision reads them
    before (`_apply_values`). Every message's turn records one decision: the statements are built once
    (`magie.db.statements`), not compiled by the ORM each time.

    `new_ask`: the Ask the decision starts, unsaved — the INSERT `Ask.objects.create` sends, in the same statement
    (a WITH first, returning its id: the decision's Ask and an attribution without an Ask id name it), most
    requests start with it; it comes back saved, its slot events then written with its id."""
    # the Ask's INSERT first: its `created_at` stamped before the decision's, as when it was inserted first
    ask_insert, ask_params = insert_sql(Ask, [new_ask], returning=True) if new_ask is not None else ("", [])
    fields, sql = _decision_insert_shape(new_ask is not None)
    values = {**decision, "created_at": timezone.now()}  # its auto_now_add, as its save() would stamp it
    db = connections[DEFAULT_DB_ALIAS]  # `connection`, looked up once for the decision's values
    params = [prepared(field, values[field.attname], db=db) for field in fields
              if new_ask is None or field.attname != "ask_id"]
    if attributions:
        sql = f"WITH attributed AS ({_attributions_upsert_sql(len(attributions), new_ask is not None)}) {sql}"
        params = [*(value for pair in attributions for value in pair), *params]
    if new_ask is not None:
        sql = (f"WITH new_ask AS ({ask_insert}), {sql.removeprefix('WITH ')}" if attributions
               else f"WITH new_ask AS ({ask_insert}) {sql}")
        params = [*ask_params, *params]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        if new_ask is not None:
            row = cursor.fetchone()
            assert row is not None
            saved(new_ask, row[0])
    insert_rows(events)  # a new Ask's events take its id now (Django's `_prepare_related_fields_for_save`)


@cache
def _decision_insert_shape(new_ask: bool = False) -> tuple[list[Any], str]:
    """The decision's fields and the INSERT `insert_rows` sends for one `Decision` (without its RETURNING: the id
    is not read). `new_ask`: its Ask is the one a WITH `new_ask` of the statement inserts (not a parameter), and
    the statement returns that Ask's id."""
    quote = connection.ops.quote_name
    fields = [field for field in DecisionRow._meta.local_concrete_fields if not field.primary_key]
    assert {field.attname for field in fields} == {"created_at", "message_id", "action", "rule", "ask_id",
                                                   "perception", "detail"}
    values = [_NEW_ASK_ID if new_ask and field.attname == "ask_id" else "%s" for field in fields]
    return fields, (f"INSERT INTO {quote(DecisionRow._meta.db_table)} "
                    f"({', '.join(quote(str(field.column)) for field in fields)}) "
                    f"VALUES ({', '.join(values)})" + (f" RETURNING {_NEW_ASK_ID}" if new_ask else ""))


_NEW_ASK_ID = '(SELECT "id" FROM new_ask)'


@cache
def _attributions_upsert_sql(count: int, new_ask: bool = False) -> str:
    """`Attribution.objects.bulk_create(…, update_conflicts=True, unique_fields=["message"], update_fields=["ask"])`
    of `count` (message id, Ask id) pairs: the same statement, its text built once per row count instead of
    compiled by the ORM on every turn (the message is the key, which `insert_sql` leaves out). `new_ask`: an Ask
    id None is the new Ask's (`_record`)."""
    quote = connection.ops.quote_name
    row = f"(%s, COALESCE(%s::bigint, {_NEW_ASK_ID}))" if new_ask else "(%s, %s)"
    return (f"INSERT INTO {quote(Attribution._meta.db_table)} ({quote('message_id')}, {quote('ask_id')}) VALUES "
            + ", ".join([row] * count)
            + f" ON CONFLICT({quote('message_id')}) DO UPDATE SET {quote('ask_id')} = EXCLUDED.{quote('ask_id')}")


def _apply(decision: DecidedAction, message: Message, source: Message, open_ask: Ask | None, parked: list[Ask],
           at: datetime, slots: dict[int, dict[str, Any]], events: list[SlotEvent],
           attributions: list[tuple[int, int | None]], writes: AskWrites | None) -> DecisionOutcome:
    """Apply the decision to the Asks (their rows saved as they move); the slot events and attributions it brings
    are added to `events` and `attributions`, for `_record` to write with the decision."""
    outcome = DecisionOutcome(decision, None)
    if open_ask is not None and decision.close_open:
        _transition(open_ask, open_ask.abandon, decision.rule, message, decision.close_open, at, writes=writes)
        outcome.closed, open_ask = open_ask, None
    elif open_ask is not None and decision.park_open:
        _transition(open_ask, open_ask.suspend, decision.rule, message, writes=writes)
        outcome.parked, open_ask = open_ask, None

    action = decision.action
    if action == Action.START_NEW and decision.carried_from is not None:
        # a change of a request done: the new Ask starts from its values, and what the customer changed is a
        # correction of them (the reply shows old → new)
        ask = Ask.objects.create(conversation=message.conversation, kind=decision.kind, last_activity_at=at,
                                 resumed_from_id=decision.carried_from)
        _record_transitions([TransitionRow(ask.pk, "", ask.status, decision.rule, message.pk)], writes)
        # (a pick among the times listed then says nothing of the times the change lists)
        carried = {slot: value for slot, value in slots[decision.carried_from].items()
                   if value is not None and slot != "offer_pick"}
        events.extend(SlotEvent(ask=ask, slot=slot, value=value, previous=None, action=SlotEvent.Action.RESUME,
                                message=source) for slot, value in carried.items())
        slots[ask.pk] = carried
        outcome.changes = _apply_values(ask, decision.values, source, SlotEvent.Action.CORRECT, slots, events)
        outcome.ask = ask
    elif action == Action.START_NEW:
        # most requests start here: the Ask is inserted by the decision's statement (`_record`), its transition
        # recorded then (`message_decide`); until then it has no id, and its values are kept under none
        ask = Ask(conversation=message.conversation, kind=decision.kind, last_activity_at=at)
        slots[None] = {}  # type: ignore[index]  # a new Ask has no events yet
        outcome.changes = _apply_values(ask, decision.values, source, SlotEvent.Action.FILL, slots, events)
        outcome.ask = ask
    elif action == Action.RESUME and decision.resume_from is not None:
        old_ask_id, quoted_id = decision.resume_from
        old_ask = Ask.objects.get(pk=old_ask_id)
        quoted = Message.objects.get(pk=quoted_id)
        ask = Ask.objects.create(conversation=message.conversation, kind=decision.kind, last_activity_at=at,
                                 resumed_from=old_ask)
        _record_transitions([TransitionRow(ask.pk, "", ask.status, decision.rule, message.pk)], writes)
        carried = ask_slots_as_of(old_ask, quoted)
        events.extend(SlotEvent(ask=ask, slot=slot, value=value, previous=None, action=SlotEvent.Action.RESUME,
                                message=quoted) for slot, value in carried.items())
        slots[ask.pk] = {slot: value for slot, value in carried.items() if value is not None}
        outcome.changes = _apply_values(ask, decision.values, source, SlotEvent.Action.CORRECT, slots, events)
        outcome.ask = ask
    elif action == Action.RESUME:
        ask = next(a for a in parked if a.pk == decision.ask_id)
        _transition(ask, ask.resume, decision.rule, message, at, writes=writes)
        outcome.changes = _apply_values(ask, decision.values, source, SlotEvent.Action.CORRECT, slots, events)
        outcome.ask = ask
    elif action in (Action.FILL, Action.CORRECT):
        assert open_ask is not None  # the engine fills and corrects only an open Ask
        ask = open_ask
        outcome.changes = _apply_values(ask, decision.values, source, SlotEvent.Action(action.value), slots,
                                        events)
        if outcome.changes and ask.status == Ask.Status.AWAITING_CONFIRMATION:
            ask.last_activity_at = at  # saved with the move (not in an UPDATE of its own below)
            _transition(ask, ask.reopen, "change_voids_preview", message, writes=writes)
            outcome.reopened = True
        outcome.ask = ask
    elif action == Action.CANCEL and open_ask is not None:
        _transition(open_ask, open_ask.abandon, decision.rule, message, Ask.AbandonReason.CANCELLED, at,
                    writes=writes)
        outcome.ask = open_ask
    elif action == Action.CONFIRM:
        assert open_ask is not None  # the engine confirms only the open Ask
        _transition(open_ask, open_ask.execute, decision.rule, message, writes=writes)
        outcome.ask = open_ask
    elif action == Action.CLARIFY and decision.ask_id is not None and not decision.choices:
        # A question offering choices leaves the message unattributed: its values enter an Ask only when the
        # customer picks one (then the message is attributed to that Ask).
        outcome.ask = open_ask
        if decision.void_preview and open_ask is not None and open_ask.status == Ask.Status.AWAITING_CONFIRMATION:
            open_ask.last_activity_at = at  # saved with the move
            _transition(open_ask, open_ask.reopen, "change_voids_preview", message, writes=writes)
            outcome.reopened = True

    if outcome.ask is not None:
        if outcome.ask.is_open and outcome.ask.last_activity_at != at:  # a new Ask was created with it
            outcome.ask.last_activity_at = at
            outcome.ask.save(update_fields=["last_activity_at"])
        attributed = [message] if source.pk == message.pk else [message, source]  # a clarified message's values
        # now belong to this Ask too (written by `_record` as INSERT … ON CONFLICT UPDATE)
        attributions.extend((item.pk, outcome.ask.pk) for item in attributed)
    return outcome


def _locked_ask(ask_id: int, writes: AskWrites | None, ask: Ask | None = None) -> Ask:
    """The Ask, locked after its conversation's row (the lock order everywhere): one statement when the caller
    holds that row (`writes`), else two; none when the caller passes the Ask as it locked it in the transaction
    still holding that row (`message_decide`'s rows, in a builtin turn's one transaction), or when this
    transaction moved it already with its save left to the caller (`writes.saves`: the row is behind it)."""
    if writes is not None and ask_id in writes.saves:
        return writes.saves[ask_id][0]
    if writes is not None and ask is not None and ask.pk == ask_id and ask.conversation_id == writes.conversation_id:
        return ask
    if writes is not None:
        found = Ask.objects.select_for_update().filter(pk=ask_id, conversation_id=writes.conversation_id).first()
        if found is not None:
            return found
    if not list(Conversation.objects.select_for_update(of=("self",)).filter(asks__pk=ask_id).values_list("pk")):
        raise Ask.DoesNotExist(f"no Ask {ask_id}")
    return Ask.objects.select_for_update().get(pk=ask_id)


@_atomic
def ask_await_confirmation(*, ask_id: int, approval_id: int, rule: str = "preview_shown",
                           message_id: int | None = None, held: Ask | None = None,
                           writes: AskWrites | None = None) -> Ask:
    """Move the Ask to awaiting the approval request `approval_id` (the one its preview shows). `held`: the Ask
    as locked in this transaction, if the caller has it (not read again)."""
    ask = _locked_ask(ask_id, writes, held)
    if ask.status == Ask.Status.AWAITING_CONFIRMATION:  # a newer preview replaces the one shown
        _transition(ask, ask.reopen, "new_preview_replaces_old", _message(message_id), writes=writes)
    _transition(ask, ask.await_confirmation, rule, _message(message_id), approval_id, writes=writes)
    return ask


@_atomic
def ask_hold(*, ask_id: int, rule: str, message_id: int | None = None, writes: AskWrites | None = None) -> Ask:
    """Keep the Ask open for the customer's next message; a preview it awaited is void (its buttons then do
    nothing). An executing Ask cannot be held: its effect decides."""
    ask = _locked_ask(ask_id, writes)
    if ask.status == Ask.Status.AWAITING_CONFIRMATION:
        _transition(ask, ask.reopen, rule, _message(message_id), writes=writes)
    return ask


@_atomic
def ask_start_execution(*, ask_id: int, rule: str, message_id: int | None = None,
                        writes: AskWrites | None = None) -> Ask:
    ask = _locked_ask(ask_id, writes)
    _transition(ask, ask.execute, rule, _message(message_id), writes=writes)
    return ask


@_atomic
def ask_complete(*, ask_id: int, at: datetime, rule: str = "effect_completed", message_id: int | None = None,
                 start_rule: str | None = None, if_open: bool = False, held: Ask | None = None,
                 writes: AskWrites | None = None) -> Ask:
    """Complete the executing Ask. With `start_rule`, an Ask not executing yet (an ungated tool completed it)
    first moves to executing by that rule — both transitions recorded, in one UPDATE and one INSERT. With
    `if_open`, an Ask already closed is left as it is (returned unchanged). `held`: the Ask as locked in this
    transaction, if the caller has it (not read again)."""
    ask = _locked_ask(ask_id, writes, held)
    if if_open and not ask.is_open:
        return ask
    if start_rule is not None and ask.status != Ask.Status.EXECUTING:
        _transitions(ask, [(ask.execute, start_rule, ()), (ask.complete, rule, (at,))], _message(message_id), writes)
    else:
        _transition(ask, ask.complete, rule, _message(message_id), at, writes=writes)
    return ask


@_atomic
def ask_fail(*, ask_id: int, code: str, at: datetime, rule: str, message_id: int | None = None,
             held: Ask | None = None, writes: AskWrites | None = None) -> Ask:
    """Close the open Ask as failed with `code`: a failed Ask is never parked or offered back. `held`: the Ask as
    locked in this transaction, if the caller has it (not read again)."""
    ask = _locked_ask(ask_id, writes, held)
    _transition(ask, ask.fail, rule, _message(message_id), code, at, writes=writes)
    return ask


@_atomic
def ask_tool_failed(*, ask_id: int, slot: str | None, code: str, on_tool_failure: str, message_id: int,
                    at: datetime, writes: AskWrites | None = None) -> Ask:
    """Apply the organisation's `on_tool_failure`: hold the Ask and clear only the failed slot (to re-ask it), or
    close the Ask as failed."""
    ask = _locked_ask(ask_id, writes)
    if on_tool_failure == "close_and_restart" or slot is None:
        _transition(ask, ask.fail, "tool_failure_closes", message_id, code, at, writes=writes)
        return ask
    if ask.status == Ask.Status.AWAITING_CONFIRMATION:
        _transition(ask, ask.reopen, "tool_failure_holds", message_id, writes=writes)
    elif ask.status == Ask.Status.EXECUTING:
        raise ValueError("an executing Ask cannot be held; its effect decides")
    held = ask_slots(ask)
    for cleared in (slot, *WITH_WHEN) if slot == "when" else (slot,):  # the doubt about an hour goes with it
        if (old := held.get(cleared)) is not None:
            SlotEvent.objects.create(ask=ask, slot=cleared, value=None, previous=old, action=SlotEvent.Action.CLEAR,
                                     message_id=message_id)
    return ask


def ask_recipient_named_as_saved(*, ask_id: int, said: str, saved: str, message_id: int) -> bool:
    """The Ask's recipient, held as the customer typed it (`said`, "Pdero"), becomes the saved contact's name the bank
    found for it (`saved`, "Pedro"), so the request names the person its preview shows. Only while the recipient is
    still `said`; never another value. Whether it changed."""
    if fold(said) == fold(saved) or ask_slots(Ask.objects.get(pk=ask_id)).get("recipient") != said:
        return False
    SlotEvent.objects.create(ask_id=ask_id, slot="recipient", value=saved, previous=said,
                             action=SlotEvent.Action.CORRECT, message_id=message_id)
    return True


def message_attribute(*, message_id: int, ask_id: int) -> None:
    """Attribute a message (e.g. the reply the agent just put in the outbox) to an Ask."""
    Attribution.objects.bulk_create([Attribution(message_id=message_id, ask_id=ask_id)], update_conflicts=True,
                                    unique_fields=["message"], update_fields=["ask"])


def _message(message_id: int | None) -> int | None:
    """The transition's message by id (no read: the row is only referenced)."""
    return message_id or None


@_atomic
def ask_abandon(*, ask_id: int, reason: str, at: datetime, rule: str, message_id: int | None = None,
                writes: AskWrites | None = None) -> Ask:
    ask = _locked_ask(ask_id, writes)
    _transition(ask, ask.abandon, rule, _message(message_id), reason, at, writes=writes)
    return ask
