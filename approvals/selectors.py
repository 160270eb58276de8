"""Reads of approvals: the customer's pending requests, the audit chain of one request, and metrics."""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db.models import Count, Q, QuerySet

from approvals.models import ApprovalRefusal, ApprovalRequest
from asks.models import SlotEvent
from conversations.models import Message
from magie.errors import NotFound

RUBBER_STAMP_MIN_DECISIONS = 5
RUBBER_STAMP_APPROVAL_SHARE = 0.9
RUBBER_STAMP_MEDIAN_SECONDS = 5.0


def approvals_pending_for_customer(*, customer_ref: str, now: datetime) -> list[ApprovalRequest]:
    return list(ApprovalRequest.objects.filter(
        conversation__customer__channel_user_id=customer_ref, status=ApprovalRequest.Status.PENDING,
        expires_at__gt=now).order_by("created_at"))


def approval_get_for_customer(*, approval_id: int, customer_ref: str) -> ApprovalRequest:
    """NotFound alike for a missing request and someone else's."""
    request = ApprovalRequest.objects.filter(pk=approval_id, conversation__customer__channel_user_id=customer_ref).first()
    if request is None:
        raise NotFound("no such approval request", approval_id=approval_id)
    return request


def approval_chain(request: ApprovalRequest) -> dict[str, Any]:
    """The whole story of one effect, for auditors: messages → slots → preview → decision → execution."""
    return approval_chains([request])[0]


def approval_chains(requests: Iterable[ApprovalRequest]) -> list[dict[str, Any]]:
    """`approval_chain` of each request, in their order, in three queries whatever their number: the requests
    with their Asks, every message of those Asks and of the previews' own, every slot event of the Asks."""
    if isinstance(requests, QuerySet):
        requests = requests.select_related("ask")
    requests = list(requests)
    ask_ids = {request.ask_id for request in requests}
    shown_ids = {request.shown_in_id for request in requests if request.shown_in_id}
    messages: dict[int, Message] = {}
    of_ask: dict[int, list[Message]] = defaultdict(list)
    for message in (Message.objects.filter(Q(attribution__ask_id__in=ask_ids) | Q(pk__in=shown_ids))
                    .select_related("attribution").order_by("sent_at", "pk")):
        messages[message.pk] = message
        attribution = getattr(message, "attribution", None)
        if attribution is not None and attribution.ask_id in ask_ids:
            of_ask[attribution.ask_id].append(message)
    events: dict[int, list[SlotEvent]] = defaultdict(list)
    for event in SlotEvent.objects.filter(ask_id__in=ask_ids).order_by("pk"):
        events[event.ask_id].append(event)
    return [_chain(request, _with_shown(of_ask[request.ask_id], messages.get(request.shown_in_id or 0)),
                   events[request.ask_id]) for request in requests]


def _with_shown(of_ask: list[Message], shown: Message | None) -> list[Message]:
    if shown is None or shown in of_ask:
        return of_ask
    return sorted([*of_ask, shown], key=lambda message: (message.sent_at, message.pk))


def _chain(request: ApprovalRequest, messages: list[Message], events: list[SlotEvent]) -> dict[str, Any]:
    ask = request.ask
    return {
        "approval": {"id": request.pk, "tool": request.tool, "risk": request.risk, "channel": request.channel,
                     "status": request.status, "created_at": request.created_at.isoformat(),
                     "expires_at": request.expires_at.isoformat()},
        "ask": {"id": ask.pk, "kind": ask.kind, "status": ask.status},
        "messages": [{"id": m.pk, "at": m.sent_at.isoformat(), "direction": m.direction, "channel": m.channel,
                      "kind": m.kind, "text": m.text, "channel_message_id": m.channel_message_id} for m in messages],
        "slots": [{"at": e.created_at.isoformat(), "slot": e.slot, "action": e.action, "value": e.value,
                   "previous": e.previous, "message": e.message_id} for e in events],
        "preview": {"shown_in_message": request.shown_in_id, "text": request.preview["text"],
                    "facts": request.preview["facts"], "hash": request.preview_hash},
        "decision": {"by": request.decided_by, "channel": request.decision_channel,
                     "at": request.decided_at.isoformat() if request.decided_at else None, "reason": request.reason},
        "execution": {"at": request.executed_at.isoformat() if request.executed_at else None,
                      "idempotency_key": f"approval-{request.pk}", "result": request.result},
    }


# A simulated request is one a sandbox customer's simulator turn made and showed there: its effect could only ever
# move test money. A request a real channel showed is a customer's, whoever decided it: a decision typed in the
# simulator on it (possible only before taps were bound to their channel) is counted with the real ones and
# reported, never hidden among the staff's tests.
SIMULATED = Q(shown_in__channel=Message.Channel.SIMULATOR, conversation__customer__is_sandbox=True)
SIMULATED_DECISION = Q(decided_by__startswith="simulator:")


def approval_metrics(*, since: datetime, until: datetime, effects_without_approval: int) -> dict[str, Any]:
    """Approval and decline rates, median time to decision, expiries, and a rubber-stamping warning per customer.
    `effects_without_approval` is counted by the caller from the turn traces (it must stay 0). Requests shown or
    shown in the WhatsApp simulator to a sandbox customer are counted apart (`simulated`): they are staff tests,
    not customers' decisions, and never enter the rates. A real request decided from the simulator stays among
    the real ones and is counted in `simulator_decisions_on_real_requests`; refused taps by reason."""
    window = ApprovalRequest.objects.filter(created_at__gte=since, created_at__lt=until)
    simulated = window.filter(SIMULATED)
    requests = window.exclude(pk__in=simulated.values("pk"))
    counts = {row["status"]: row["n"] for row in requests.values("status").annotate(n=Count("pk"))}
    decided = [r for r in requests.exclude(decided_at=None)]
    delays = [(r.decided_at - r.created_at).total_seconds() for r in decided]
    approved = counts.get("approved", 0) + counts.get("executed", 0) + counts.get("execution_failed", 0)
    declined = counts.get("declined", 0)
    total = sum(counts.values())
    warnings = []
    by_customer: dict[int, list[ApprovalRequest]] = {}
    for request in decided:
        by_customer.setdefault(request.conversation_id, []).append(request)
    for conversation_id, own in by_customer.items():
        yes = [r for r in own if r.status in (ApprovalRequest.Status.APPROVED, ApprovalRequest.Status.EXECUTED,
                                               ApprovalRequest.Status.EXECUTION_FAILED)]
        seconds = statistics.median((r.decided_at - r.created_at).total_seconds() for r in own if r.decided_at)
        if (len(own) >= RUBBER_STAMP_MIN_DECISIONS and len(yes) / len(own) >= RUBBER_STAMP_APPROVAL_SHARE
                and seconds < RUBBER_STAMP_MEDIAN_SECONDS):
            warnings.append({"conversation": conversation_id, "decisions": len(own), "approved": len(yes),
                             "median_seconds": round(seconds, 2),
                             "warning": "approves nearly everything within seconds (rubber-stamping?)"})
    return {
        "requests": total, "by_status": counts,
        "approval_rate": round(100 * approved / total, 2) if total else 0.0,
        "decline_rate": round(100 * declined / total, 2) if total else 0.0,
        "expired": counts.get("expired", 0),
        "median_seconds_to_decision": round(statistics.median(delays), 2) if delays else None,
        "effects_executed_without_approval": effects_without_approval,
        "rubber_stamping": warnings,
        # must stay 0: a real request decided from the simulator (approvals.services refuses it now)
        "simulator_decisions_on_real_requests": requests.filter(SIMULATED_DECISION).count(),
        "refused_taps": {row["reason"]: row["n"] for row in ApprovalRefusal.objects.filter(
            received_at__gte=since, received_at__lt=until).values("reason").annotate(n=Count("pk"))},
        "simulated": {
            "requests": simulated.count(),
            "by_status": {row["status"]: row["n"] for row in simulated.values("status").annotate(n=Count("pk"))},
            "decided_by": sorted(set(simulated.exclude(decided_by="").values_list("decided_by", flat=True))),
        },
    }
