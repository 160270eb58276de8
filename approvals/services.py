"""Writes of approvals. The gate creates a request; a decision (button, page, app) is recorded once; the execution
re-reads the request and checks it is still usable (one check per line), then the effect runs once, keyed by the
request's id."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction

from approvals.errors import (
    ApprovalAlreadyDecided,
    ApprovalInvalid,
    ApprovalNotFound,
    ApprovalNotUsable,
    SimulatedDecisionRefused,
)
from approvals.links import approval_link_issue
from approvals.models import ApprovalRefusal, ApprovalRequest
from approvals.previews import facts_hash
from asks.statuses import AskStatus
from conversations.models import Message
from magie.bounds import AMOUNT_CEILING_CENTS
from magie.locking import row_locked
from magie.queueing import task_queue_on_commit

CONTINUE_TASK = "agent.approval_continue"  # the agent continues the conversation; approvals never imports agent
SIMULATED = "simulator:"  # `decided_by` of a decision typed in the WhatsApp simulator: "simulator:<staff username>"


def approval_decided_by(*, message, customer_ref: str) -> str:
    """Who decided through a tap on the preview's button: the customer on a real channel
    (`whatsapp:<wa_id>`, `terminal:<id>`), or the staff member who typed it in the simulator."""
    if message.is_simulated:
        return f"{SIMULATED}{message.simulated_by or 'unknown'}"
    return f"{message.channel}:{customer_ref}"


def _refuse_simulated_for_real_customer(request: ApprovalRequest, by: str) -> None:
    """A simulated decision decides only a sandbox customer's request that was shown in the simulator: never a
    request a real channel showed (a real customer who wrote from a number made a sandbox identity)."""
    if not by.startswith(SIMULATED):
        return
    if not request.conversation.customer.is_sandbox or not _shown_in_simulator(request):
        raise SimulatedDecisionRefused("a decision typed in the simulator cannot decide for a real customer",
                                       approval_id=request.pk)


def _shown_in_simulator(request: ApprovalRequest) -> bool:
    return request.shown_in is not None and request.shown_in.channel == Message.Channel.SIMULATOR


def approval_request_create(*, ask_id: int, conversation_id: int, tool: str, arguments: dict[str, Any],
                            preview: dict[str, Any], risk: str, channel: str, amount_cents: int | None,
                            now: datetime, expires_in: timedelta, none_pending: bool = False) -> ApprovalRequest:
    """A new pending request for this Ask; an earlier pending one of the same Ask is voided (its buttons die).
    ApprovalInvalid, before anything is written, for an amount no organisation allows (callers bound it first).
    `none_pending`: the caller knows the Ask has no pending request (it created the Ask, or moved it out of
    awaiting confirmation — which voids its request: `approvals.signals` —, in this transaction and made no
    request for it since), so none is looked for."""
    if amount_cents is not None and (isinstance(amount_cents, bool) or not isinstance(amount_cents, int)
                                     or not 0 < amount_cents <= AMOUNT_CEILING_CENTS):
        raise ApprovalInvalid("the amount must be positive and within the platform's ceiling",
                              max_cents=AMOUNT_CEILING_CENTS)
    # No savepoint inside a caller's transaction (the agent's turn): the refusal above is raised before it, so
    # only the database can raise inside, and that fails the caller's transaction anyway.
    with transaction.atomic(savepoint=False):
        pending = () if none_pending else ApprovalRequest.objects.select_for_update().filter(
            ask_id=ask_id, status=ApprovalRequest.Status.PENDING)
        for older in pending:
            older.void("replaced by a newer preview")
            older.save()
        request = ApprovalRequest(
            ask_id=ask_id, conversation_id=conversation_id, tool=tool, arguments=arguments, preview=preview,
            preview_hash=facts_hash(preview["facts"]), risk=risk, channel=channel, amount_cents=amount_cents,
            nonce=secrets.token_hex(12), created_at=now, expires_at=now + expires_in,
        )
        if channel == ApprovalRequest.Channel.APP:
            approval_link_issue(request)
        request.save()
        return request


@transaction.atomic
def approval_void_for_ask(*, ask_id: int, reason: str) -> int:
    """Void the Ask's pending request (a correction changed a slot: a new preview is needed)."""
    voided = 0
    for request in ApprovalRequest.objects.select_for_update().filter(ask_id=ask_id, status=ApprovalRequest.Status.PENDING):
        request.void(reason)
        request.save()
        voided += 1
    return voided


def _locked(approval_id: int) -> ApprovalRequest:
    return row_locked(ApprovalRequest.objects, pk=approval_id, missing=ApprovalNotFound(approval_id=approval_id))


@transaction.atomic
def approval_decide(*, approval_id: int, approve: bool, by: str, channel: str, at: datetime,
                    announce: bool = False, claimed_at: datetime | None = None,
                    grace: timedelta = timedelta(0)) -> ApprovalRequest:
    """Record the customer's decision, once. `at` is the server's clock (for a tap, when it arrived); expiry is
    judged on it (and again at execution): a decision at or after `expires_at` (+ `grace`, a tap's bounded allowance
    for the channel's delay: `tap_grace`) leaves the request `expired` (returned, not raised, so the state is kept).
    `claimed_at`, the time the deciding message claimed, is kept beside `decided_at`, never instead of it. `by`
    comes from the verified channel. With `announce`, the agent's continuation is queued after commit (page and app
    decisions; a button tap is already inside the customer's turn)."""
    request = _locked(approval_id)
    if request.status != ApprovalRequest.Status.PENDING:
        raise ApprovalAlreadyDecided(approval_id=approval_id, status=request.status)
    _refuse_simulated_for_real_customer(request, by)
    if request.expires_at + grace <= at:
        request.expire(at)
        request.save()
        if announce:
            _announce(request)
        return request
    if approve:
        request.approve(by, channel, at)
    else:
        request.decline(by, channel, at)
    request.decision_claimed_at = claimed_at
    request.save()
    if announce:
        _announce(request)
    return request


def _tap_refusal(request: ApprovalRequest, message: Message) -> str | None:
    """Why this tap may not decide this request, or None. A tap decides only its own customer's request, on the
    channel its preview was shown on: the tapping message's conversation must be the request's (a signed button
    forwarded to, or replayed by, another number decides nothing), and a simulator tap decides only a request
    shown in the simulator, a real channel's tap never one."""
    if message.conversation_id != request.conversation_id:
        return ApprovalRefusal.Reason.STRANGER
    if request.shown_in is None:
        return ApprovalRefusal.Reason.NOT_SHOWN
    if request.shown_in.is_simulated != message.is_simulated:
        return ApprovalRefusal.Reason.OTHER_CHANNEL
    return None


def _refusal_record(request: ApprovalRequest, message: Message, reason: str, by: str) -> None:
    ApprovalRefusal.objects.get_or_create(request=request, message=message, defaults={
        "reason": reason, "by": by[:120], "claimed_at": message.sent_at, "received_at": tap_received_at(message)})


def tap_grace(request: ApprovalRequest, message: Message) -> timedelta:
    """How long after `expires_at` a tap may still arrive and decide: `MAGIE_TAP_GRACE_SECONDS` (at most 30 s,
    checked at start-up) for a tap that claims to have been made before expiry — the channel's own delay — and
    none for one that does not. The claim only ever buys this bounded allowance; it stamps nothing."""
    if message.sent_at < request.expires_at:
        return timedelta(seconds=settings.MAGIE_TAP_GRACE_SECONDS)
    return timedelta(0)


def tap_received_at(message: Message) -> datetime:
    """When a tap reached the server: the time its message was stored (the channel's claimed `sent_at` is not
    used for expiry nor for any stamp)."""
    return message.created_at


@transaction.atomic
def approval_decide_tap(*, approval_id: int, ask_id: int, approve: bool, message: Message) -> ApprovalRequest | None:
    """A tap on a preview's in-chat button (`message`, stored from the verified channel), which names its request:
    decide it if the tap is its own customer's (`_tap_refusal`) and it is the request its Ask awaits right now;
    None for any other (an old preview's, a voided one's, someone else's): the decision engine refuses that tap as
    stale. A refused tap is recorded (`ApprovalRefusal`), and so is one arriving after expiry (the request is then
    `expired`). The server's clock decides: the tap is judged and stamped when it arrived; the time it claims is
    kept beside (`decision_claimed_at`)."""
    request = (ApprovalRequest.objects.select_for_update(of=("self",))
               .select_related("ask", "shown_in", "conversation__customer")
               .filter(pk=approval_id, ask_id=ask_id).first())
    if request is None:
        return None
    by = approval_decided_by(message=message, customer_ref=message.conversation.customer.channel_user_id)
    refusal = _tap_refusal(request, message)
    if refusal is not None:
        _refusal_record(request, message, refusal, by)
        return None
    if (request.status != ApprovalRequest.Status.PENDING or request.ask.status != AskStatus.AWAITING_CONFIRMATION
            or request.ask.pending_approval_id != request.pk):
        return None
    received, grace = tap_received_at(message), tap_grace(request, message)
    if request.expires_at + grace <= received:
        _refusal_record(request, message, ApprovalRefusal.Reason.LATE, by)
    return approval_decide(approval_id=request.pk, approve=approve, by=by, channel=ApprovalRequest.Channel.IN_CHAT_BUTTON,
                           at=received, claimed_at=message.sent_at, grace=grace)


def _announce(request: ApprovalRequest) -> None:
    task_queue_on_commit(CONTINUE_TASK, args=(request.pk,))


def approval_check_usable(*, request: ApprovalRequest, tool: str, preview_hash: str, now: datetime) -> None:
    """Raise unless the request may be executed now for exactly this call (one check per line)."""
    if request.status != ApprovalRequest.Status.APPROVED:
        raise ApprovalNotUsable("not approved", approval_id=request.pk, status=request.status)
    if request.tool != tool:
        raise ApprovalNotUsable("another tool", approval_id=request.pk)
    if _execution_deadline(request) <= now:
        raise ApprovalNotUsable("expired", approval_id=request.pk)
    if request.preview_hash != preview_hash:
        raise ApprovalNotUsable("the preview no longer matches", approval_id=request.pk)
    if request.decided_by.startswith(SIMULATED) and not (request.conversation.customer.is_sandbox
                                                         and _shown_in_simulator(request)):
        raise ApprovalNotUsable("a simulated decision never moves a real customer's money", approval_id=request.pk)


def _execution_deadline(request: ApprovalRequest) -> datetime:
    """Until when an approved request may execute: its expiry, or — decided by a tap inside its grace — the end of
    that grace (the execution follows the decision in the same turn)."""
    if request.decided_at is not None and request.decided_at >= request.expires_at:
        return approval_usable_until(request)
    return request.expires_at


def approval_usable_until(request: ApprovalRequest) -> datetime:
    """The latest a request can still be executed (its expiry and the longest tap grace): what the execution needs
    (the opaque references of its arguments) must live until then."""
    return request.expires_at + timedelta(seconds=settings.MAGIE_TAP_GRACE_SECONDS)


@transaction.atomic
def approval_expire(*, approval_id: int, at: datetime) -> ApprovalRequest:
    request = _locked(approval_id)
    if request.status in (ApprovalRequest.Status.PENDING, ApprovalRequest.Status.APPROVED):
        request.expire(at)
        request.save()
    return request


@transaction.atomic
def approval_record_execution(*, approval_id: int, result: dict[str, Any], at: datetime) -> ApprovalRequest:
    request = _locked(approval_id)
    if result.get("ok"):
        request.mark_executed(result, at)
    else:
        request.mark_failed(result, at, reason=str(result.get("error", {}).get("code", "failed")))
    request.save()
    return request


@transaction.atomic(savepoint=False)  # one statement: a savepoint of its own would never be used
def approval_shown(*, approval_id: int, message_id: int) -> None:
    ApprovalRequest.objects.filter(pk=approval_id).update(shown_in_id=message_id)
