"""Writes of approvals. The gate creates a request; a decision (button, page, app) is recorded once; the execution
re-reads the request and checks it is still usable (one check per line), then the effect runs once, keyed by the
request's id."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction

from approvals.errors import (
    ApprovalAlreadyDecided,
    ApprovalInvalid,
    ApprovalNotFound,
    ApprovalNotUsable,
    SimulatedDecisionRefused,
)
from approvals.links import approval_link_issue
from approvals.models import ApprovalRequest
from approvals.previews import facts_hash
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
    if by.startswith(SIMULATED) and not request.conversation.customer.is_sandbox:
        raise SimulatedDecisionRefused("a decision typed in the simulator cannot decide for a real customer",
                                       approval_id=request.pk)


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
                    announce: bool = False) -> ApprovalRequest:
    """Record the customer's decision, once. Expiry is checked here (and again at execution): a decision after
    `expires_at` leaves the request `expired` (returned, not raised, so the state is kept). `by` comes from the
    verified channel. With `announce`, the agent's continuation is queued after commit (page and app decisions;
    a button tap is already inside the customer's turn)."""
    request = _locked(approval_id)
    if request.status != ApprovalRequest.Status.PENDING:
        raise ApprovalAlreadyDecided(approval_id=approval_id, status=request.status)
    _refuse_simulated_for_real_customer(request, by)
    if request.expires_at <= at:
        request.expire(at)
        request.save()
        if announce:
            _announce(request)
        return request
    if approve:
        request.approve(by, channel, at)
    else:
        request.decline(by, channel, at)
    request.save()
    if announce:
        _announce(request)
    return request


@transaction.atomic
def approval_decide_tap(*, approval_id: int, ask_id: int, approve: bool, by: str, at: datetime) -> ApprovalRequest | None:
    """A tap on a preview's in-chat button, which names its request: decide it if it is the request its Ask awaits
    right now; None for any other (an old preview's, a voided one's): the decision engine refuses that tap as
    stale. `by` is the verified sender of the signed webhook (or the terminal's user)."""
    request = (ApprovalRequest.objects.select_for_update().select_related("ask")
               .filter(pk=approval_id, ask_id=ask_id, status=ApprovalRequest.Status.PENDING).first())
    if request is None or request.ask.status != "awaiting_confirmation" or request.ask.pending_approval_id != request.pk:
        return None
    return approval_decide(approval_id=request.pk, approve=approve, by=by, channel=ApprovalRequest.Channel.IN_CHAT_BUTTON,
                           at=at)


def _announce(request: ApprovalRequest) -> None:
    task_queue_on_commit(CONTINUE_TASK, args=(request.pk,))


def approval_check_usable(*, request: ApprovalRequest, tool: str, preview_hash: str, now: datetime) -> None:
    """Raise unless the request may be executed now for exactly this call (one check per line)."""
    if request.status != ApprovalRequest.Status.APPROVED:
        raise ApprovalNotUsable("not approved", approval_id=request.pk, status=request.status)
    if request.tool != tool:
        raise ApprovalNotUsable("another tool", approval_id=request.pk)
    if request.expires_at <= now:
        raise ApprovalNotUsable("expired", approval_id=request.pk)
    if request.preview_hash != preview_hash:
        raise ApprovalNotUsable("the preview no longer matches", approval_id=request.pk)
    if request.decided_by.startswith(SIMULATED) and not request.conversation.customer.is_sandbox:
        raise ApprovalNotUsable("a simulated decision never moves a real customer's money", approval_id=request.pk)


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
