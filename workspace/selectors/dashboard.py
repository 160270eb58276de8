"""The organisation's figures over a range [since, until): Ask outcomes (a partition), approvals, escalations, the
weekly fallback rate, guard rejections, turns and their latency. Each figure is one grouped query, so the page costs
the same for a thousand Asks or a million."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from django.db import connection
from django.db.models import Aggregate, Count, DurationField, ExpressionWrapper, F, FloatField, Q, QuerySet
from django.db.models.functions import Extract, TruncWeek

from agent.models import Turn
from approvals.models import ApprovalRequest
from asks.models import Ask
from asks.selectors import ask_outcome_partition, ask_outcomes
from inbox.models import Escalation

APPROVED = ("approved", "executed", "execution_failed")  # the customer said yes (whatever the execution did after)


class Percentile(Aggregate):
    """PostgreSQL's `percentile_cont(p) WITHIN GROUP (ORDER BY expr)`."""

    function = "PERCENTILE_CONT"
    template = "%(function)s(%(percentile)s) WITHIN GROUP (ORDER BY %(expressions)s)"
    output_field = FloatField()

    def __init__(self, expression, percentile: float, **extra):
        super().__init__(expression, percentile=float(percentile), **extra)


def _seconds(end: str, start: str) -> Extract:
    return Extract(ExpressionWrapper(F(end) - F(start), output_field=DurationField()), "epoch")


def handed_to_person() -> QuerySet:
    """Ask ids that a person took over (an escalation names them), as a subquery."""
    return Escalation.objects.filter(ask__isnull=False).values("ask_id")


def outcome_partition(*, since: datetime, until: datetime) -> dict[str, Any]:
    return ask_outcome_partition(since=since, until=until, handed_to_person=handed_to_person())


def ask_outcomes_report(*, since: datetime, until: datetime) -> dict[str, Any]:
    """What `manage.py ask_outcomes` prints: the partition (the dashboard's figures) and the counts by reason."""
    return {**ask_outcomes(since=since, until=until), "partition": outcome_partition(since=since, until=until)}


def _rate(part: int, whole: int) -> float:
    return round(100 * part / whole, 2) if whole else 0.0


def approval_figures(*, since: datetime, until: datetime) -> dict[str, Any]:
    requests = ApprovalRequest.objects.filter(created_at__gte=since, created_at__lt=until)
    decided = Q(status__in=[*APPROVED, "declined"], decided_at__isnull=False)
    row = requests.aggregate(
        total=Count("pk"),
        approved=Count("pk", filter=Q(status__in=APPROVED)),
        declined=Count("pk", filter=Q(status="declined")),
        expired=Count("pk", filter=Q(status="expired")),
        voided=Count("pk", filter=Q(status="voided")),
        pending=Count("pk", filter=Q(status="pending")),
        median_seconds=Percentile(_seconds("decided_at", "created_at"), 0.5, filter=decided),
    )
    answered = row["approved"] + row["declined"]
    return {**row, "approval_rate": _rate(row["approved"], answered), "decline_rate": _rate(row["declined"], answered),
            "expiry_rate": _rate(row["expired"], row["total"]),
            "median_seconds": round(row["median_seconds"], 1) if row["median_seconds"] is not None else None}


def turn_figures(*, since: datetime, until: datetime) -> dict[str, Any]:
    row = Turn.objects.filter(started_at__gte=since, started_at__lt=until).aggregate(
        total=Count("pk"), failed=Count("pk", filter=Q(status="failed")),
        p95_ms=Percentile(_seconds("finished_at", "started_at") * 1000, 0.95),
        median_ms=Percentile(_seconds("finished_at", "started_at") * 1000, 0.5),
    )
    return {**row, "p95_ms": round(row["p95_ms"], 1) if row["p95_ms"] is not None else None,
            "median_ms": round(row["median_ms"], 1) if row["median_ms"] is not None else None}


def escalation_figures(*, since: datetime, until: datetime) -> dict[str, Any]:
    escalations = Escalation.objects.filter(created_at__gte=since, created_at__lt=until)
    row = escalations.aggregate(total=Count("pk"), open=Count("pk", filter=Q(status="open")),
                                claimed=Count("pk", filter=Q(status="claimed")),
                                resolved=Count("pk", filter=Q(status="resolved")))
    by_guard = list(escalations.order_by().values("guard").annotate(count=Count("pk")).order_by("-count", "guard"))
    return {**row, "by_guard": [(item["guard"], item["count"]) for item in by_guard]}


def weekly_fallback(*, since: datetime, until: datetime, zone: ZoneInfo) -> list[dict[str, Any]]:
    """Per week (Monday, organisation's time): chats handed to a person ÷ turns, in percent."""
    week = lambda field: TruncWeek(field, tzinfo=zone)  # noqa: E731
    turns = dict(Turn.objects.filter(started_at__gte=since, started_at__lt=until).annotate(week=week("started_at"))
                 .order_by().values("week").annotate(n=Count("pk")).values_list("week", "n"))
    handed = dict(Escalation.objects.filter(created_at__gte=since, created_at__lt=until)
                  .annotate(week=week("created_at")).order_by().values("week").annotate(n=Count("pk"))
                  .values_list("week", "n"))
    weeks = []
    start = since.astimezone(zone)
    monday = (start - timedelta(days=start.weekday())).date()
    while True:
        moment = datetime.combine(monday, datetime.min.time(), zone)
        if moment >= until:
            break
        key = next((k for k in set(turns) | set(handed) if k.astimezone(zone).date() == monday), None)
        n_turns, n_handed = turns.get(key, 0), handed.get(key, 0)
        weeks.append({"week": monday, "turns": n_turns, "handed": n_handed, "rate": _rate(n_handed, n_turns)})
        monday += timedelta(days=7)
    return weeks


def guard_rejections(*, since: datetime, until: datetime) -> list[tuple[str, int]]:
    """Drafts rejected, per guard, from the turns' recorded verdicts (one grouped query over their JSON)."""
    table = connection.ops.quote_name(Turn._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT failure->>'code' AS guard, count(*) FROM {table} AS turn, "
            "jsonb_array_elements(turn.guards) AS verdict, jsonb_array_elements(verdict->'failures') AS failure "
            "WHERE turn.started_at >= %s AND turn.started_at < %s AND jsonb_typeof(turn.guards) = 'array' "
            "GROUP BY 1 ORDER BY 2 DESC, 1", [since, until])
        return [(guard or "?", count) for guard, count in cursor.fetchall()]


def recent_asks(*, since: datetime, until: datetime, kind: str = "", limit: int = 20) -> list[dict[str, Any]]:
    """The latest Asks of the range (newest first) with what each moved, to open their traces."""
    asks = Ask.objects.filter(created_at__gte=since, created_at__lt=until).select_related("conversation__customer")
    if kind:
        asks = asks.filter(kind=kind)
    chosen = list(asks.order_by("-created_at", "-pk")[:limit])
    amounts = {row["ask_id"]: row for row in ApprovalRequest.objects.filter(ask__in=chosen)
               .order_by("ask_id", "-pk").distinct("ask_id").values("ask_id", "amount_cents", "status")}
    handed = set(Escalation.objects.filter(ask__in=chosen).values_list("ask_id", flat=True))
    return [{"ask": ask, "customer": ask.conversation.customer, "approval": amounts.get(ask.pk),
             "handed": ask.pk in handed} for ask in chosen]


def dashboard_figures(*, since: datetime, until: datetime, zone: ZoneInfo) -> dict[str, Any]:
    return {
        "outcomes": outcome_partition(since=since, until=until),
        "approvals": approval_figures(since=since, until=until),
        "escalations": escalation_figures(since=since, until=until),
        "weekly": weekly_fallback(since=since, until=until, zone=zone),
        "guards": guard_rejections(since=since, until=until),
        "turns": turn_figures(since=since, until=until),
    }
