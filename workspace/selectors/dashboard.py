"""The organisation's figures over a range [since, until): Ask outcomes (a partition), approvals, escalations, the
weekly fallback rate, guard rejections, turns and their latency. Each figure is one grouped query, so the page costs
the same for a thousand Asks or a million."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from django.db import connection, transaction
from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from agent.models import Turn
from approvals.models import ApprovalRequest
from approvals.selectors import SIMULATED
from asks.models import Ask
from asks.selectors import ask_outcome_partition, ask_outcomes
from inbox.models import Escalation
from workspace.selectors.aggregates import Percentile
from workspace.selectors.aggregates import rate as _rate
from workspace.selectors.aggregates import seconds_between as _seconds
from workspace.selectors.team import agent_figures, satisfaction, service_level

# the customer said yes (whatever the execution did after)
APPROVED = (ApprovalRequest.Status.APPROVED, ApprovalRequest.Status.EXECUTED, ApprovalRequest.Status.EXECUTION_FAILED)




def handed_to_person() -> QuerySet:
    """Ask ids that a person took over (an escalation names them), as a subquery."""
    return Escalation.objects.filter(ask__isnull=False).values("ask_id")


def outcome_partition(*, since: datetime, until: datetime) -> dict[str, Any]:
    return ask_outcome_partition(since=since, until=until, handed_to_person=handed_to_person())


def ask_outcomes_report(*, since: datetime, until: datetime) -> dict[str, Any]:
    """What `manage.py ask_outcomes` prints: the partition (the dashboard's figures) and the counts by reason."""
    return {**ask_outcomes(since=since, until=until), "partition": outcome_partition(since=since, until=until)}


def approval_figures(*, since: datetime, until: datetime) -> dict[str, Any]:
    """The approval requests of the range, as `approvals.selectors.approval_metrics` (and so `manage.py
    approval_metrics`) counts them: requests shown or decided in the WhatsApp simulator are staff tests, counted
    apart (`simulated`) and in none of the figures; every rate is a share of all the other requests (`total`), the
    median time to decision is over every request with a decision time. One grouped query."""
    window = ApprovalRequest.objects.filter(created_at__gte=since, created_at__lt=until)
    simulated = window.filter(SIMULATED).values("pk")
    row = window.aggregate(
        total=Count("pk", filter=~Q(pk__in=simulated)),
        approved=Count("pk", filter=Q(status__in=APPROVED) & ~Q(pk__in=simulated)),
        declined=Count("pk", filter=Q(status=ApprovalRequest.Status.DECLINED) & ~Q(pk__in=simulated)),
        expired=Count("pk", filter=Q(status=ApprovalRequest.Status.EXPIRED) & ~Q(pk__in=simulated)),
        voided=Count("pk", filter=Q(status=ApprovalRequest.Status.VOIDED) & ~Q(pk__in=simulated)),
        pending=Count("pk", filter=Q(status=ApprovalRequest.Status.PENDING) & ~Q(pk__in=simulated)),
        simulated=Count("pk", filter=Q(pk__in=simulated)),
        median_seconds=Percentile(_seconds("decided_at", "created_at"), 0.5,
                                  filter=Q(decided_at__isnull=False) & ~Q(pk__in=simulated)),
    )
    return {**row, "approval_rate": _rate(row["approved"], row["total"]),
            "decline_rate": _rate(row["declined"], row["total"]), "expiry_rate": _rate(row["expired"], row["total"]),
            "median_seconds": round(row["median_seconds"], 2) if row["median_seconds"] is not None else None}


def _mondays(since: datetime, until: datetime, zone: ZoneInfo) -> list[datetime]:
    """The local Mondays (00:00) from the one on or before `since` to the first past `until`."""
    start = since.astimezone(zone)
    monday = (start - timedelta(days=start.weekday())).date()
    bounds = [datetime.combine(monday, datetime.min.time(), zone)]
    while bounds[-1] < until:
        monday += timedelta(days=7)
        bounds.append(datetime.combine(monday, datetime.min.time(), zone))
    return bounds


LATENCY_STEP_MS = 10  # the resolution of the turn latency percentiles


def _percentile(histogram: dict[int, int], total: int, fraction: float) -> float | None:
    """The `fraction` percentile of a histogram {bucket: count} of LATENCY_STEP_MS-wide buckets, interpolated
    inside its bucket (exact to the step)."""
    if not total:
        return None
    rank, seen = fraction * total, 0
    for bucket in sorted(histogram):
        count = histogram[bucket]
        if seen + count >= rank:
            return round((bucket + (rank - seen) / count) * LATENCY_STEP_MS, 1)
        seen += count
    return float(max(histogram) + 1) * LATENCY_STEP_MS


def _turn_rows(*, since: datetime, until: datetime, zone: ZoneInfo) -> tuple[dict[str, Any], dict[date, int]]:
    """One hashed pass over the turns' covering index: turns and failures per week (bucketed against the local
    Mondays, no time-zone arithmetic per row) and a latency histogram, from which the median and p95 come to
    within LATENCY_STEP_MS (no sort of every turn)."""
    table = connection.ops.quote_name(Turn._meta.db_table)
    bounds = _mondays(since, until, zone)
    with connection.cursor() as cursor:
        cursor.execute(
            # date_part is double precision: EXTRACT's numeric arithmetic doubled the cost of this pass
            "SELECT width_bucket(started_at, %s::timestamptz[]), "
            "floor(date_part('epoch', finished_at - started_at) * 1000 / %s)::int, count(*), "
            f"count(*) FILTER (WHERE status = %s) FROM {table} WHERE started_at >= %s AND started_at < %s "
            "GROUP BY 1, 2", [bounds, LATENCY_STEP_MS, Turn.Status.FAILED.value, since, until])
        rows = cursor.fetchall()
    weeks: dict[date, int] = {}
    histogram: dict[int, int] = {}
    for bucket, latency, n, _ in rows:
        if bucket:
            week = bounds[bucket - 1].date()
            weeks[week] = weeks.get(week, 0) + n
        histogram[latency] = histogram.get(latency, 0) + n
    total = sum(n for _, _, n, _ in rows)
    figures = {"total": total, "failed": sum(failed for *_, failed in rows),
               "median_ms": _percentile(histogram, total, 0.5), "p95_ms": _percentile(histogram, total, 0.95)}
    return figures, weeks


def _escalation_rows(*, since: datetime, until: datetime, zone: ZoneInfo) -> tuple[dict[str, Any], dict[date, int]]:
    """One grouped pass over the range's escalations, by guard, status and local week (bucketed against the
    local Mondays, as the turns are): the totals, the count per guard, and the chats handed over per week; and how
    many name an Ask (`with_ask`: those Asks are "handed to a person" in the outcomes) and how many do not
    (`without_ask`: a payment dispute, a failed delivery, a draft refused outside any Ask)."""
    bounds = _mondays(since, until, zone)
    table = connection.ops.quote_name(Escalation._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT guard, status, width_bucket(created_at, %s::timestamptz[]), count(*) FROM {table} "
                       "WHERE created_at >= %s AND created_at < %s GROUP BY 1, 2, 3", [bounds, since, until])
        rows = cursor.fetchall()
    by_status = dict.fromkeys(("open", "claimed", "resolved"), 0)
    by_guard: dict[str, int] = {}
    weeks: dict[date, int] = {}
    for guard, status, bucket, n in rows:
        by_status[status] = by_status.get(status, 0) + n
        by_guard[guard] = by_guard.get(guard, 0) + n
        if bucket:
            week = bounds[bucket - 1].date()
            weeks[week] = weeks.get(week, 0) + n
    with_ask = Escalation.objects.filter(created_at__gte=since, created_at__lt=until, ask__isnull=False).count()
    total = sum(n for *_, n in rows)
    figures = {"total": total, **by_status, "with_ask": with_ask, "without_ask": total - with_ask,
               "by_guard": sorted(by_guard.items(), key=lambda item: (-item[1], item[0]))}
    return figures, weeks


def weekly_fallback(*, since: datetime, until: datetime, zone: ZoneInfo, turns: dict[date, int],
                    handed: dict[date, int]) -> list[dict[str, Any]]:
    """Per week (from Monday, organisation's time): chats handed to a person ÷ turns, in percent."""
    weeks = []
    for start in _mondays(since, until, zone)[:-1]:
        monday = start.date()
        n_turns, n_handed = turns.get(monday, 0), handed.get(monday, 0)
        weeks.append({"week": monday, "turns": n_turns, "handed": n_handed, "rate": _rate(n_handed, n_turns)})
    return weeks


def guard_rejections(*, since: datetime, until: datetime) -> list[tuple[str, int]]:
    """Drafts rejected, per guard, from the turns' recorded verdicts (one grouped query over their JSON)."""
    table = connection.ops.quote_name(Turn._meta.db_table)
    with connection.cursor() as cursor:
        # Materialised first: the turns with a rejected draft come from their small partial index (planned with
        # the unnesting, PostgreSQL reads every turn in parallel instead).
        cursor.execute(
            f"WITH rejected AS MATERIALIZED (SELECT guards FROM {table} WHERE started_at >= %s AND started_at < %s "
            "AND guards @> '[{\"passed\": false}]') "
            "SELECT failure->>'code' AS guard, count(*) FROM rejected, jsonb_array_elements(rejected.guards) AS "
            "verdict, jsonb_array_elements(verdict->'failures') AS failure GROUP BY 1 ORDER BY 2 DESC, 1",
            [since, until])
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


@transaction.atomic
def dashboard_figures(*, since: datetime, until: datetime, zone: ZoneInfo) -> dict[str, Any]:
    """Every figure of the page, in one read-only transaction: eleven grouped queries (Asks twice, approvals,
    escalations, turns, rejected drafts, the service level, the agents' figures, the ratings twice), each one pass,
    none per row. PostgreSQL's JIT is off for it: these scans
    are costed above its threshold, and compiling them took longer than running them (about 280 ms of 440)."""
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL jit = off")
    now = timezone.now()
    turns, turns_by_week = _turn_rows(since=since, until=until, zone=zone)
    escalations, handed_by_week = _escalation_rows(since=since, until=until, zone=zone)
    return {
        "outcomes": outcome_partition(since=since, until=until),
        "approvals": approval_figures(since=since, until=until),
        "escalations": escalations,
        "weekly": weekly_fallback(since=since, until=until, zone=zone, turns=turns_by_week, handed=handed_by_week),
        "guards": guard_rejections(since=since, until=until),
        "turns": turns,
        "service_level": service_level(since=since, until=until, now=now),
        "agents": agent_figures(since=since, until=until, now=now),
        "satisfaction": satisfaction(since=since, until=until),
    }
