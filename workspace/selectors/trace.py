"""One timeline per Ask or per conversation: every message, decision (with its rule), slot event, transition, turn
(tool calls, drafts, guard verdicts, reply), approval (preview, decision: who, when, channel; execution), transfer
(end-to-end id), escalation — each stamped with the policy version in force at its time.

Reads only; the queries are a fixed handful per page (one per table), whatever the Ask's length.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Q

from agent.models import Turn
from approvals.models import ApprovalRequest
from asks.models import Ask, AskTransition, Decision, SlotEvent
from bank.models import PixTransfer
from conversations.models import Conversation, Message
from conversations.rendering import payload_for_staff
from inbox.models import Escalation
from magie.errors import NotFound
from tenants.models import Organisation, PolicyVersion

KINDS = ("message", "decision", "slot", "transition", "turn", "tool_call", "draft", "guard", "reply", "preview",
         "approval_decision", "execution", "transfer", "escalation", "escalation_resolved")


@dataclass
class TraceEntry:
    at: datetime
    kind: str  # one of KINDS
    ask_id: int | None
    detail: dict[str, Any]
    policy_version: int | None = None
    order: int = 0  # ties at the same instant keep the order they were built in (a turn's parts stay together)


@dataclass
class Trace:
    """The timeline and what it is about: an Ask (with its conversation) or a whole conversation."""

    conversation: Conversation
    asks: list[Ask]
    entries: list[TraceEntry]
    policy_version: int | None  # in force when the first Ask (or the conversation) started
    ask: Ask | None = None
    transfers: list[PixTransfer] = field(default_factory=list)

    @property
    def customer_label(self) -> str:
        customer = self.conversation.customer
        return f"{customer.name} ({customer.channel_user_id})" if customer.name else customer.channel_user_id


class _PolicyClock:
    """The organisation's policy versions, asked "which was in force at t" without a query per entry."""

    def __init__(self, organisation: Organisation) -> None:
        rows = list(PolicyVersion.objects.filter(organisation=organisation).order_by("changed_at", "number")
                    .values_list("changed_at", "number"))
        self._times = [at for at, _ in rows]
        self._numbers = [number for _, number in rows]

    def at(self, moment: datetime | None) -> int | None:
        if moment is None or not self._times:
            return None
        index = bisect.bisect_right(self._times, moment) - 1
        return self._numbers[index] if index >= 0 else None


def _delivery_status(message: Message) -> str:
    try:
        return message.delivery.status
    except ObjectDoesNotExist:  # inbound, or delivered by another channel than WhatsApp
        return ""


def _message_entry(message: Message, ask_id: int | None) -> TraceEntry:
    return TraceEntry(at=message.created_at, kind="message", ask_id=ask_id, detail={
        "id": message.pk, "direction": message.direction, "kind": message.kind, "channel": message.channel,
        "text": message.text, "payload": payload_for_staff(message.payload), "sent_at": message.sent_at,
        "buttons": [button.get("title", "") for button in message.buttons or []],
        "delivery": _delivery_status(message),
    })


def _failure_code(result: dict[str, Any]) -> str:
    """Why a call failed: the engine's own code ("slot_taken", in the error's detail) over the kind the model is
    told ("conflict"); "" for a success."""
    error = result.get("error") or {}
    if not isinstance(error, dict):
        return str(error)
    detail = error.get("detail")
    return str((detail.get("code") if isinstance(detail, dict) else None) or error.get("code") or "")


def _turn_entries(turn: Turn, decided_at: datetime | None) -> list[TraceEntry]:
    """The turn's row at its start; its tool calls, drafts and verdicts just after its decision (the turn records
    no time per step, and they run after deciding), so the page reads message → decision → calls → drafts."""
    ms = round((turn.finished_at - turn.started_at).total_seconds() * 1000, 1)
    at = max(decided_at, turn.started_at) if decided_at else turn.started_at
    entries = [TraceEntry(at=turn.started_at, kind="turn", ask_id=turn.ask_id, detail={
        "id": turn.pk, "status": turn.status, "provider": turn.provider, "decision": turn.decision, "rule": turn.rule,
        "ms": ms, "queries": turn.queries, "error_code": turn.error_code, "message": turn.message_id,
    })]
    for call in turn.tool_calls or []:
        result = call.get("result") or {}
        entries.append(TraceEntry(at=at, kind="tool_call", ask_id=turn.ask_id, detail={
            "turn": turn.pk, "name": call.get("name", ""), "risk": call.get("risk", ""),
            "effect": bool(call.get("effect")), "approval": call.get("approval"), "ms": call.get("ms"),
            "arguments": call.get("arguments") or {}, "ok": bool(result.get("ok")),
            "error": _failure_code(result), "result": result.get("data") or result.get("error"),
        }))
    verdicts = list(turn.guards or [])
    for index, draft in enumerate(turn.drafts or []):
        entries.append(TraceEntry(at=at, kind="draft", ask_id=turn.ask_id,
                                  detail={"turn": turn.pk, "number": index + 1, "text": draft}))
        if index < len(verdicts):
            verdict = verdicts[index] or {}
            entries.append(TraceEntry(at=at, kind="guard", ask_id=turn.ask_id, detail={
                "turn": turn.pk, "draft": index + 1, "passed": bool(verdict.get("passed")),
                "ms": verdict.get("total_ms"),
                # codes and evidence; the page words them in the reader's language (an older trace's
                # "explanation" is the model's, in the customer's language, and not shown)
                "failures": [{"guard": failure.get("code", ""), "evidence": failure.get("evidence") or [],
                              "guard_problem": failure.get("guard_problem", "")}
                             for failure in verdict.get("failures") or [] if isinstance(failure, dict)],
            }))
    if turn.reply and not turn.reply_message_id:  # a stored reply is on the page as its message
        entries.append(TraceEntry(at=turn.finished_at, kind="reply", ask_id=turn.ask_id,
                                  detail={"turn": turn.pk, "text": turn.reply, "message": turn.reply_message_id}))
    return entries


def _approval_turn_times(turns: list[Turn], decided: dict[int, datetime]) -> dict[int, dict[str, datetime]]:
    """approval id → when the turn that asked for it ("asked") and the one that executed it ("ran") started.

    Approvals are dated by the customer's message clock; the trace places them by the turns' clock, beside the tool
    call that asked for or ran them (the request's own times stay in its details)."""
    times: dict[int, dict[str, datetime]] = {}
    for turn in turns:
        for call in turn.tool_calls or []:
            asked = (((call.get("result") or {}).get("error") or {}).get("detail") or {}).get("approval_id")
            at = max(decided.get(turn.message_id, turn.started_at), turn.started_at)
            if asked:
                times.setdefault(int(asked), {})["asked"] = at
            if call.get("approval"):
                times.setdefault(int(call["approval"]), {})["ran"] = at
    return times


def _approval_entries(request: ApprovalRequest, times: dict[str, datetime]) -> list[TraceEntry]:
    entries = [TraceEntry(at=times.get("asked", request.created_at), kind="preview", ask_id=request.ask_id, detail={
        "approval": request.pk, "tool": request.tool, "risk": request.risk, "channel": request.channel,
        "amount_cents": request.amount_cents, "text": (request.preview or {}).get("text", ""),
        "facts": (request.preview or {}).get("facts", {}), "expires_at": request.expires_at,
        "shown_in": request.shown_in_id, "created_at": request.created_at,
    })]
    if request.decided_at:
        entries.append(TraceEntry(at=times.get("ran", request.decided_at), kind="approval_decision", ask_id=request.ask_id, detail={
            "approval": request.pk, "status": request.status, "decided_by": request.decided_by,
            "channel": request.decision_channel, "reason": request.reason, "decided_at": request.decided_at,
            "seconds": round((request.decided_at - request.created_at).total_seconds(), 1),
        }))
    elif request.status in (ApprovalRequest.Status.EXPIRED, ApprovalRequest.Status.VOIDED):
        entries.append(TraceEntry(at=request.expires_at if request.status == ApprovalRequest.Status.EXPIRED else request.created_at,
                                  kind="approval_decision", ask_id=request.ask_id,
                                  detail={"approval": request.pk, "status": request.status, "decided_by": "",
                                          "channel": "", "reason": request.reason, "seconds": None}))
    if request.executed_at:
        result = request.result or {}
        data = result.get("data") or {}
        entries.append(TraceEntry(at=times.get("ran", request.executed_at), kind="execution", ask_id=request.ask_id, detail={
            "approval": request.pk, "status": request.status, "ok": bool(result.get("ok")),
            "error": _failure_code(result),
            "reference": data.get("end_to_end_id") or data.get("booking_ref") or "",
            "executed_at": request.executed_at,
        }))
    return entries


def _transfer_entry(transfer: PixTransfer, ask_id: int | None, executed_at: datetime | None) -> TraceEntry:
    # Placed where the execution that made it ran (the bank dates the transfer by the customer's message clock).
    return TraceEntry(at=executed_at or transfer.created_at, kind="transfer", ask_id=ask_id, detail={
        "id": transfer.pk, "end_to_end_id": transfer.end_to_end_id, "status": transfer.status,
        "created_at": transfer.created_at,
        "amount_cents": transfer.amount_cents, "currency": transfer.currency, "recipient": transfer.recipient_name,
        "bank": transfer.recipient_bank_name, "settled_at": transfer.settled_at, "failure_code": transfer.failure_code,
        "scheduled_for": transfer.scheduled_for,
    })


def _escalation_entries(escalation: Escalation) -> list[TraceEntry]:
    entries = [TraceEntry(at=escalation.created_at, kind="escalation", ask_id=escalation.ask_id, detail={
        "id": escalation.pk, "guard": escalation.guard,
        "evidence": escalation.evidence, "status": escalation.status,
        "claimed_by": str(escalation.claimed_by or ""), "claimed_at": escalation.claimed_at,
    })]
    if escalation.resolved_at:
        entries.append(TraceEntry(at=escalation.resolved_at, kind="escalation_resolved", ask_id=escalation.ask_id,
                                  detail={"id": escalation.pk, "resolved_by": str(escalation.resolved_by or ""),
                                          "note": escalation.resolution_note}))
    return entries


def _transfer_ids(requests: list[ApprovalRequest], turns: list[Turn], times: dict[int, dict[str, datetime]],
                  decided: dict[int, datetime]) -> dict[str, tuple[int | None, datetime | None]]:
    """end_to_end_id → (Ask id, where on the timeline it ran), from executed requests and from effects that ran
    without one (an ungated tool call)."""
    found: dict[str, tuple[int | None, datetime | None]] = {}
    for turn in turns:
        for call in turn.tool_calls or []:
            data = (call.get("result") or {}).get("data") or {}
            if isinstance(data, dict) and data.get("end_to_end_id"):
                found[data["end_to_end_id"]] = (turn.ask_id, max(decided.get(turn.message_id, turn.started_at),
                                                                  turn.started_at))
    for request in requests:
        data = (request.result or {}).get("data") or {}
        if data.get("end_to_end_id"):
            found[data["end_to_end_id"]] = (request.ask_id, times.get(request.pk, {}).get("ran"))
    return found


def _build(*, organisation: Organisation, conversation: Conversation, asks: list[Ask], ask: Ask | None) -> Trace:
    ask_ids = [item.pk for item in asks]
    if ask is not None:
        messages = Message.objects.filter(attribution__ask=ask)
        decisions = Decision.objects.filter(Q(ask=ask) | Q(message__attribution__ask=ask)).distinct()
        turns = Turn.objects.filter(Q(ask=ask) | Q(message__attribution__ask=ask)).distinct()
        escalations = Escalation.objects.filter(ask=ask)
    else:
        messages = Message.objects.filter(conversation=conversation)
        decisions = Decision.objects.filter(message__conversation=conversation)
        turns = Turn.objects.filter(message__conversation=conversation)
        escalations = Escalation.objects.filter(conversation=conversation)
    message_rows = list(messages.select_related("attribution", "delivery").order_by("created_at", "pk"))
    turn_rows = list(turns.order_by("started_at", "pk"))
    decision_rows = list(decisions.order_by("pk"))
    requests = list(ApprovalRequest.objects.filter(ask_id__in=ask_ids).order_by("created_at", "pk"))
    decided = {decision.message_id: decision.created_at for decision in decision_rows}
    times = _approval_turn_times(turn_rows, decided)
    links = _transfer_ids(requests, turn_rows, times, decided)
    transfers = list(PixTransfer.objects.filter(end_to_end_id__in=list(links)).order_by("created_at", "pk"))

    entries: list[TraceEntry] = []
    entries += [_message_entry(message, getattr(getattr(message, "attribution", None), "ask_id", None))
                for message in message_rows]
    entries += [TraceEntry(at=decision.created_at, kind="decision", ask_id=decision.ask_id, detail={
        "message": decision.message_id, "action": decision.action, "rule": decision.rule,
        "detail": decision.detail, "perception": decision.perception,
    }) for decision in decision_rows]
    entries += [TraceEntry(at=event.created_at, kind="slot", ask_id=event.ask_id, detail={
        "slot": event.slot, "action": event.action, "value": event.value, "previous": event.previous,
        "message": event.message_id,
    }) for event in SlotEvent.objects.filter(ask_id__in=ask_ids).order_by("pk")]
    entries += [TraceEntry(at=step.created_at, kind="transition", ask_id=step.ask_id, detail={
        "from": step.source, "to": step.target, "rule": step.rule, "message": step.message_id,
    }) for step in AskTransition.objects.filter(ask_id__in=ask_ids).order_by("pk")]
    for turn in turn_rows:
        entries += _turn_entries(turn, decided.get(turn.message_id))
    for request in requests:
        entries += _approval_entries(request, times.get(request.pk, {}))
    entries += [_transfer_entry(transfer, *links[transfer.end_to_end_id]) for transfer in transfers]
    for escalation in escalations.select_related("claimed_by", "resolved_by").order_by("pk"):
        entries += _escalation_entries(escalation)

    clock = _PolicyClock(organisation)
    for index, entry in enumerate(entries):
        entry.order = index
        entry.policy_version = clock.at(entry.at)
    entries.sort(key=lambda entry: (entry.at, entry.order))
    start = asks[0].created_at if asks else conversation.created_at
    return Trace(conversation=conversation, asks=asks, entries=entries, policy_version=clock.at(start), ask=ask,
                 transfers=transfers)


def trace_for_ask(*, organisation: Organisation, ask_id: int) -> Trace:
    """The Ask's timeline (its own messages, turns, approvals, transfers and escalations)."""
    ask = Ask.objects.select_related("conversation__customer").filter(pk=ask_id).first()
    if ask is None:
        raise NotFound("no such Ask", ask_id=ask_id)
    return _build(organisation=organisation, conversation=ask.conversation, asks=[ask], ask=ask)


def trace_for_conversation(*, organisation: Organisation, conversation_id: int) -> Trace:
    """The whole conversation's timeline, every Ask in it."""
    conversation = Conversation.objects.select_related("customer").filter(pk=conversation_id).first()
    if conversation is None:
        raise NotFound("no such conversation", conversation_id=conversation_id)
    asks = list(Ask.objects.filter(conversation=conversation).order_by("created_at", "pk"))
    return _build(organisation=organisation, conversation=conversation, asks=asks, ask=None)


def ask_for_transfer(*, end_to_end_id: str) -> int | None:
    """The Ask whose approval (or ungated effect) produced this transfer, if any."""
    request = (ApprovalRequest.objects.filter(result__data__end_to_end_id=end_to_end_id)
               .values_list("ask_id", flat=True).first())
    if request is not None:
        return request
    turn = (Turn.objects.filter(tool_calls__contains=[{"result": {"data": {"end_to_end_id": end_to_end_id}}}])
            .values_list("ask_id", flat=True).first())
    return turn
