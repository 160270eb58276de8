"""Automatic assignment of escalated chats (writes): the team a hand-over goes to, the available agent of that team
who takes it, and the agents' availability.

The rule: among the team's agents marked available and under their capacity, the one holding the fewest unresolved
chats; on a tie, the one whose last automatic assignment is oldest (round-robin), then the lowest id. It runs inside
the transaction that creates the escalation (`inbox.services.escalation_open`), after locking the team's
availability rows in id order: a second hand-over at the same moment waits on those locks, then counts the loads
again in a fresh statement, so it sees the first one's chat and two chats never take the same free place.
"""

from __future__ import annotations

from datetime import UTC, datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone

from inbox.models import NOTICE_REASONS, AgentAvailability, Escalation, Team
from inbox.selectors import ACTING_ROLES

NEVER = datetime.min.replace(tzinfo=UTC)


def team_for_reason(reason: str) -> Team | None:
    """The team naming `reason` among its reasons, else the catch-all team (no reasons; the oldest), else None."""
    teams = list(Team.objects.order_by("pk").only("pk", "reasons"))
    named = next((team for team in teams if reason in (team.reasons or [])), None)
    return named or next((team for team in teams if not team.reasons), None)


def _seats_locked(team_id: int | None) -> list[AgentAvailability]:
    """The team's available seats whose staff may act (active staff, agent or admin role), locked in id order."""
    acting = User.objects.filter(is_active=True, is_staff=True).filter(
        Q(is_superuser=True) | Q(groups__name__in=ACTING_ROLES)).values("pk")
    same_team = Q(team__isnull=True) if team_id is None else Q(team_id=team_id)
    return list(AgentAvailability.objects.select_for_update(of=("self",))
                .filter(same_team, available=True, user_id__in=acting).select_related("user").order_by("pk"))


def _loads(seats: list[AgentAvailability]) -> dict[int, int]:
    rows = (Escalation.objects.filter(status=Escalation.Status.CLAIMED, claimed_by_id__in=[s.user_id for s in seats])
            .values("claimed_by_id").annotate(n=Count("pk")).order_by())
    return {row["claimed_by_id"]: row["n"] for row in rows}


def _least_loaded(seats: list[AgentAvailability], loads: dict[int, int]) -> AgentAvailability | None:
    free = [seat for seat in seats if loads.get(seat.user_id, 0) < seat.capacity]
    if not free:
        return None
    return min(free, key=lambda seat: (loads.get(seat.user_id, 0), seat.last_assigned_at or NEVER, seat.pk))


def _give(escalation: Escalation, seat: AgentAvailability, now: datetime) -> None:
    escalation.reassign(seat.user, now)
    escalation.auto_assigned = True
    escalation.save()
    seat.last_assigned_at = now
    seat.save(update_fields=["last_assigned_at"])


def escalation_auto_assign(*, escalation: Escalation) -> User | None:
    """Give the open `escalation` to its team's least-loaded available agent under capacity; None (left open, in
    the unassigned tab) when nobody is free. Must run inside the caller's transaction, with the escalation's row
    held (it was just created, or is locked)."""
    if escalation.status != Escalation.Status.OPEN:
        return None
    seats = _seats_locked(escalation.team_id)
    seat = _least_loaded(seats, _loads(seats))
    if seat is None:
        return None
    _give(escalation, seat, timezone.now())
    return seat.user


@transaction.atomic
def team_assign_waiting(*, team_id: int | None, limit: int = 50) -> list[int]:
    """Give the team's waiting (open) chats, oldest first, to its free agents, until nobody is free; the ids given.
    Run when someone becomes available or a chat is resolved. Chats another transaction holds are skipped (they are
    being claimed or assigned right now)."""
    seats = _seats_locked(team_id)
    if not seats:
        return []
    loads = _loads(seats)
    waiting = list(Escalation.objects.select_for_update(skip_locked=True)
                   .filter(Q(team__isnull=True) if team_id is None else Q(team_id=team_id),
                           status=Escalation.Status.OPEN).exclude(guard__in=NOTICE_REASONS)
                   .order_by("created_at", "pk")[:limit])
    given = []
    now = timezone.now()
    for escalation in waiting:
        seat = _least_loaded(seats, loads)
        if seat is None:
            break
        _give(escalation, seat, now)
        loads[seat.user_id] = loads.get(seat.user_id, 0) + 1
        given.append(escalation.pk)
    return given


@transaction.atomic
def agent_availability_set(*, user: User, available: bool) -> AgentAvailability:
    """Mark `user` available for new chats or not (their own switch in the inbox). Turning available takes the
    team's waiting chats up to their capacity at once."""
    seat, _created = AgentAvailability.objects.select_for_update().get_or_create(user=user)
    seat.available = available
    seat.save(update_fields=["available"])
    if available:
        transaction.on_commit(lambda: team_assign_waiting(team_id=seat.team_id))
    return seat
