"""The people's side of the dashboard over a range [since, until): the service level (first response and resolution
against the organisation's targets) and each agent's figures. Hand-overs only: a notice (a failed delivery the bot
goes on from) promises no answer. Each figure is one grouped query over the range's escalations."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Avg, Count, DateTimeField, ExpressionWrapper, F, Q, QuerySet, Value
from django.db.models.functions import Coalesce

from inbox.models import NOTICE_REASONS, Escalation, SatisfactionRating
from inbox.selectors import inbox_settings
from workspace.selectors.aggregates import Percentile
from workspace.selectors.aggregates import rate as _rate
from workspace.selectors.aggregates import seconds_between as _seconds


def _hand_overs(*, since: datetime, until: datetime) -> QuerySet[Escalation]:
    targets = inbox_settings()
    return (Escalation.objects.filter(created_at__gte=since, created_at__lt=until).exclude(guard__in=NOTICE_REASONS)
            .annotate(first_due=_due("first_response_target", targets.first_response_target),
                      resolution_due=_due("resolution_target", targets.resolution_target)))


def _due(field: str, current: timedelta) -> ExpressionWrapper:
    """When a chat's clock runs out: hand-over + the target it was handed over with (`current`, the organisation's
    target now, only for chats older than that record), so a change of policy never rewrites past breaches."""
    return ExpressionWrapper(F("created_at") + Coalesce(F(field), Value(current)), output_field=DateTimeField())


def _first_late(now: datetime) -> Q:
    """Answered after its due time, or still unanswered past it."""
    return Q(first_response_at__gt=F("first_due")) | Q(first_response_at__isnull=True, first_due__lt=now)


def _resolution_late(now: datetime) -> Q:
    return Q(resolved_at__gt=F("resolution_due")) | Q(resolved_at__isnull=True, resolution_due__lt=now)


def _minutes(seconds: float | None) -> float | None:
    return round(seconds / 60, 1) if seconds is not None else None


def service_level(*, since: datetime, until: datetime, now: datetime) -> dict[str, Any]:
    """Hand-overs of the range, how many broke the first response target and the resolution target (answered or
    resolved late, or still waiting past it at `now`), the unresolved ones in breach now, and the targets."""
    targets = inbox_settings()
    row = _hand_overs(since=since, until=until).aggregate(
        total=Count("pk"),
        first_response_breached=Count("pk", filter=_first_late(now)),
        resolution_breached=Count("pk", filter=_resolution_late(now)),
        breached=Count("pk", filter=_first_late(now) | _resolution_late(now)),
        breached_now=Count("pk", filter=~Q(status=Escalation.Status.RESOLVED) & (_first_late(now)
                                                                                  | _resolution_late(now))),
    )
    return {**row, "breach_rate": _rate(row["breached"], row["total"]),
            "first_response_target_minutes": round(targets.first_response_target.total_seconds() / 60, 1),
            "resolution_target_minutes": round(targets.resolution_target.total_seconds() / 60, 1)}


def agent_figures(*, since: datetime, until: datetime, now: datetime) -> list[dict[str, Any]]:
    """Per staff member who handled hand-overs of the range (resolved them, else holds them): chats resolved, held
    now, the median minutes from hand-over to the first human message and to the resolution, and their breaches.
    One grouped query, then one for the names."""
    rows = list(_hand_overs(since=since, until=until)
                .filter(Q(resolved_by__isnull=False) | Q(claimed_by__isnull=False))
                .annotate(handler=Coalesce("resolved_by_id", "claimed_by_id")).values("handler")
                .annotate(handled=Count("pk", filter=Q(status=Escalation.Status.RESOLVED)),
                          holding=Count("pk", filter=Q(status=Escalation.Status.CLAIMED)),
                          first_response=Percentile(_seconds("first_response_at", "created_at"), 0.5,
                                                    filter=Q(first_response_at__isnull=False)),
                          resolution=Percentile(_seconds("resolved_at", "created_at"), 0.5,
                                                filter=Q(status=Escalation.Status.RESOLVED)),
                          breached=Count("pk", filter=_first_late(now) | _resolution_late(now)),
                          ratings=Count("rating"), average_rating=Avg("rating__score"))
                .order_by("handler"))
    names = dict(get_user_model().objects.filter(pk__in=[row["handler"] for row in rows])
                 .values_list("pk", "username"))
    figures = [{"agent": names.get(row["handler"], "?"), "handled": row["handled"], "holding": row["holding"],
                "first_response_minutes": _minutes(row["first_response"]),
                "resolution_minutes": _minutes(row["resolution"]), "breached": row["breached"],
                "ratings": row["ratings"],
                "rating": round(row["average_rating"], 2) if row["average_rating"] is not None else None} for row in rows]
    return sorted(figures, key=lambda item: (-item["handled"], item["agent"]))


def satisfaction(*, since: datetime, until: datetime) -> dict[str, Any]:
    """The customers' ratings given in the range: how many of each score (1–5), their average, and the share of
    the questions sent in the range that were answered (a rating of an earlier question counts in its own range
    only through its score). Two grouped queries."""
    counts = dict.fromkeys((1, 2, 3, 4, 5), 0)
    for score, n in (SatisfactionRating.objects.filter(rated_at__gte=since, rated_at__lt=until)
                     .values_list("score").annotate(n=Count("pk")).order_by()):
        counts[score] = n
    asked = Escalation.objects.filter(csat_asked_at__gte=since, csat_asked_at__lt=until).aggregate(
        asked=Count("pk"), answered=Count("rating"))
    total = sum(counts.values())
    average = round(sum(score * n for score, n in counts.items()) / total, 2) if total else None
    return {"counts": counts, "total": total, "average": average, "asked": asked["asked"],
            "answered": asked["answered"], "response_rate": _rate(asked["answered"], asked["asked"])}
