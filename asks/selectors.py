"""Reads of Asks: current slot values (derived from events), values as of a message, traces and outcomes."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from django.db import connection
from django.db.models import Case, CharField, Count, Max, Q, QuerySet, Value, When

from asks.kinds import missing_slots
from asks.models import Ask, AskTransition, Decision, SlotEvent
from conversations.models import Message


def _fold(events) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for slot, value in events:
        if value is None:
            values.pop(slot, None)
        else:
            values[slot] = value
    return values


def ask_slots(ask: Ask) -> dict[str, Any]:
    """The Ask's current slot values, folded from its events (one indexed query on this Ask only)."""
    return _fold(SlotEvent.objects.filter(ask=ask).order_by("pk").values_list("slot", "value"))


def asks_slots(asks: list[Ask]) -> dict[int, dict[str, Any]]:
    """The current slot values of several Asks, by id, folded from their events in one query."""
    events: dict[int, list[tuple[str, Any]]] = {ask.pk: [] for ask in asks}
    if events:
        # written out (every turn reads it): the ORM took about a millisecond of CPU to build it each time
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT ask_id, slot, value FROM {SlotEvent._meta.db_table} WHERE ask_id = ANY(%s) "
                           "ORDER BY id", [list(events)])
            for ask_id, slot, value in cursor.fetchall():
                # (Django has psycopg hand jsonb over as text, for its JSONField to decode: a plain JSONField)
                events[ask_id].append((slot, None if value is None else json.loads(value)))
    return {ask_id: _fold(items) for ask_id, items in events.items()}


def message_ask(message: Message) -> Ask | None:
    """The Ask a message is attributed to, if any (select_related("attribution__ask") makes it free)."""
    attribution = getattr(message, "attribution", None)
    return attribution.ask if attribution is not None else None


def ask_messages(ask: Ask, *, last: int) -> list[Message]:
    """The Ask's own messages, the `last` most recent, oldest first (what the model may see of the chat)."""
    return list(Message.objects.filter(attribution__ask=ask).order_by("-sent_at", "-pk")[:last])[::-1]


def ask_slots_as_of(ask: Ask, message: Message) -> dict[str, Any]:
    """The Ask's slot values as they stood when `message` was handled: later corrections are left out."""
    own = SlotEvent.objects.filter(ask=ask, message=message).aggregate(last=Max("pk"))["last"]
    events = SlotEvent.objects.filter(ask=ask)
    if own is not None:
        events = events.filter(pk__lte=own)
    else:
        events = events.filter(created_at__lte=message.created_at)
    return _fold(events.order_by("pk").values_list("slot", "value"))


def ask_trace(ask: Ask) -> list[dict[str, Any]]:
    """The Ask's story in order: its messages, slot events, transitions and decisions."""
    items: list[tuple[datetime, int, dict[str, Any]]] = []
    for message in Message.objects.filter(attribution__ask=ask):
        items.append((message.created_at, 0, {"type": "message", "id": message.pk, "direction": message.direction,
                                              "kind": message.kind, "text": message.text,
                                              "at": message.sent_at.isoformat()}))
    for decision in Decision.objects.filter(ask=ask):
        items.append((decision.created_at, 1, {"type": "decision", "message": decision.message_id,
                                               "action": decision.action, "rule": decision.rule}))
    for event in SlotEvent.objects.filter(ask=ask):
        items.append((event.created_at, 2, {"type": "slot", "slot": event.slot, "action": event.action,
                                            "value": event.value, "previous": event.previous,
                                            "message": event.message_id}))
    for step in AskTransition.objects.filter(ask=ask):
        items.append((step.created_at, 3, {"type": "transition", "from": step.source, "to": step.target,
                                           "rule": step.rule, "message": step.message_id}))
    return [item for _, _, item in sorted(items, key=lambda entry: (entry[0], entry[1]))]


def ask_outcomes(*, since: datetime, until: datetime) -> dict[str, Any]:
    """Asks opened in [since, until): how they ended, with rates over the closed ones.

    `abandoned_incomplete` counts Asks abandoned (any reason) before all their required slots were filled — the
    figure banks compare with "abandoned before all slots were filled".
    """
    asks = Ask.objects.filter(created_at__gte=since, created_at__lt=until)
    counts = asks.aggregate(
        total=Count("pk"),
        completed=Count("pk", filter=Q(status=Ask.Status.COMPLETED)),
        failed=Count("pk", filter=Q(status=Ask.Status.FAILED)),
        cooled=Count("pk", filter=Q(status=Ask.Status.ABANDONED, abandon_reason="cooled")),
        superseded=Count("pk", filter=Q(status=Ask.Status.ABANDONED, abandon_reason="superseded")),
        cancelled=Count("pk", filter=Q(status=Ask.Status.ABANDONED, abandon_reason="cancelled")),
        open=Count("pk", filter=~Q(status__in=[Ask.Status.COMPLETED, Ask.Status.FAILED, Ask.Status.ABANDONED])),
    )
    incomplete = sum(
        1 for ask in asks.filter(status=Ask.Status.ABANDONED) if missing_slots(ask.kind, ask_slots(ask))
    )
    closed = counts["total"] - counts["open"]

    def rate(n: int) -> float:
        return round(100 * n / closed, 2) if closed else 0.0

    return {
        **counts,
        "closed": closed,
        "abandoned_incomplete": incomplete,
        "rates": {name: rate(counts[name]) for name in ("completed", "failed", "cooled", "superseded", "cancelled")}
        | {"abandoned_incomplete": rate(incomplete)},
    }


OUTCOMES = ("completed", "failed", "abandoned", "superseded", "handed_to_person", "open")


def shares_of(counts: dict[str, int], total: int) -> dict[str, float]:
    """Percentages with two decimals that add up to exactly 100 (largest remainder), or all 0 when nothing counted."""
    if not total:
        return {name: 0.0 for name in counts}
    exact = {name: 10_000 * count / total for name, count in counts.items()}
    floors = {name: int(value) for name, value in exact.items()}
    left = 10_000 - sum(floors.values())
    for name in sorted(exact, key=lambda n: (floors[n] - exact[n], list(counts).index(n)))[:left]:
        floors[name] += 1
    return {name: floors[name] / 100 for name in counts}


def _outcome(handed: QuerySet | None) -> Case:
    """Each Ask's one outcome, first match wins: a person took it over, else its status (and abandon reason)."""
    whens = [When(pk__in=handed, then=Value("handed_to_person"))] if handed is not None else []
    return Case(*whens,
                When(status=Ask.Status.COMPLETED, then=Value("completed")),
                When(status=Ask.Status.FAILED, then=Value("failed")),
                When(status=Ask.Status.ABANDONED, abandon_reason="superseded", then=Value("superseded")),
                When(status=Ask.Status.ABANDONED, then=Value("abandoned")),
                default=Value("open"), output_field=CharField())


def _status_outcome(status: str, abandon_reason: str) -> str:
    """An Ask's outcome from its status (and abandon reason), when no person took it over (as `_outcome`)."""
    if status in (Ask.Status.COMPLETED, Ask.Status.FAILED):
        return str(status)
    if status == Ask.Status.ABANDONED:
        return "superseded" if abandon_reason == "superseded" else "abandoned"
    return "open"


def ask_outcome_partition(*, since: datetime, until: datetime, handed_to_person: QuerySet | None = None
                          ) -> dict[str, Any]:
    """Asks opened in [since, until), each in exactly one outcome — handed to a person (any Ask in
    `handed_to_person`, a query of Ask ids the caller supplies: asks knows nothing of the inbox), else completed,
    failed, abandoned (cooled or cancelled), superseded, or still open — with shares that sum to 100%, overall and
    per kind. Two grouped queries whatever the number of Asks, on plain columns: every Ask of the range by (kind,
    status, reason), and those a person took over (found from the handed ids' side), which move from their status's
    outcome to `handed_to_person` (a CASE per row testing the hand-over cost twice as much)."""
    in_range = Ask.objects.filter(created_at__gte=since, created_at__lt=until).order_by()
    grouped = ("kind", "status", "abandon_reason")
    every = in_range.values(*grouped).annotate(n=Count("pk")).values_list(*grouped, "n")
    handed = (in_range.filter(pk__in=handed_to_person).values(*grouped).annotate(n=Count("pk"))
              .values_list(*grouped, "n")) if handed_to_person is not None else []
    rows: list[tuple[str, str, int]] = [(kind, _status_outcome(status, reason), n) for kind, status, reason, n in every]
    for kind, status, reason, n in handed:
        rows += [(kind, _status_outcome(status, reason), -n), (kind, "handed_to_person", n)]
    counts = dict.fromkeys(OUTCOMES, 0)
    kinds: dict[str, dict[str, int]] = {}
    for kind, outcome, n in rows:
        counts[outcome] += n
        kinds.setdefault(kind, dict.fromkeys(OUTCOMES, 0))[outcome] += n
    total = sum(counts.values())
    by_kind = {kind: {"total": sum(each.values()), "counts": each, "shares": shares_of(each, sum(each.values()))}
               for kind, each in sorted(kinds.items())}
    return {"total": total, "counts": counts, "shares": shares_of(counts, total), "by_kind": by_kind}
