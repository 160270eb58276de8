"""A turn that raises is recorded, answered once, and passed.

Whatever raised (after the SDK's own retries: an unreachable model is not a crash, it gets the "try again" reply),
the attempt's open transaction has rolled back; then, in one new short transaction under the conversation lock:
the Ask is left in a state the customer can act on (the same rules as a tool failure: an executing Ask fails and
its approved request is marked failed, so nothing is half-executed; otherwise `on_tool_failure` holds or closes
it), the `Turn` is written as failed with the error's code, class and a hash of its traceback's frames (to group
repeats in the dead-letter list), one honest reply goes to the outbox in the customer's language, and the message
is marked handled — so the next message proceeds and the sweeper does not replay it. After `REPEATED` crashed
turns in a row the conversation goes to the human inbox.

Not caught: losing the database (`OperationalError`, `InterfaceError`: nothing could be recorded; the task fails
and the sweeper queues the message again) and losing the lease (another attempt has the conversation).
"""

from __future__ import annotations

import hashlib
import traceback

from django.conf import settings
from django.db import DatabaseError
from django.utils import timezone

from agent.models import Turn
from agent.replies import say
from agent.turn.commit import TurnOutcome, turn_commit
from agent.turn.lease import lease_locked
from agent.turn.state import TurnState
from approvals.models import ApprovalRequest
from approvals.services import approval_record_execution
from asks.models import OPEN_STATUSES, Ask
from asks.services import ask_fail, ask_hold
from conversations.services import message_outbound_unsaved
from inbox.services import escalation_open
from magie.errors import DomainError

REPEATED = 3  # crashed turns in a row before people take the chat


def error_code(error: BaseException) -> str:
    """A stable code: the domain error's own, the database's SQLSTATE, else `unexpected_error`."""
    if isinstance(error, DomainError):
        return error.code
    if isinstance(error, DatabaseError):
        sqlstate = getattr(error.__cause__, "sqlstate", None)
        return f"database_{sqlstate}" if sqlstate else "database_error"
    return "unexpected_error"


def traceback_hash(error: BaseException) -> str:
    """The same bug gives the same hash: the exception's class and the (file, function) of every frame, without
    line numbers or values (which change with every release and every message)."""
    base = str(settings.BASE_DIR)
    frames = [f"{frame.filename.removeprefix(base)}:{frame.name}" for frame in traceback.extract_tb(error.__traceback__)]
    return hashlib.sha256("|".join([type(error).__qualname__, *frames]).encode()).hexdigest()[:16]


def turn_fail(state: TurnState, error: BaseException, *, queries: int) -> Turn:
    """Record the failed turn, leave its Ask actionable, answer once, mark the message handled (one transaction)."""
    message, lang = state.message, state.lang
    with lease_locked(state.lease):
        ask = Ask.objects.filter(conversation=state.conversation, status__in=OPEN_STATUSES).first()
        if ask is not None:
            _settle(ask, state, error_code(error))
        trace = state.trace
        trace.pk = None  # whatever the attempt wrote was rolled back with it: the failed turn is a new row
        trace._state.adding = True
        trace.status = Turn.Status.FAILED
        trace.error_code, trace.error_class = error_code(error), f"{type(error).__module__}.{type(error).__qualname__}"
        trace.traceback_hash, trace.error = traceback_hash(error), f"{type(error).__name__}: {error}"[:2000]
        trace.tool_calls = [{"name": r.name, "arguments": r.arguments, "result": r.result, "ms": r.ms,
                             "effect": r.executed_effect, **r.extra} for r in state.records]
        trace.ask = ask
        text = say(lang, "turn_failed")
        trace.reply, trace.asked_for = text, ""
        reply = message_outbound_unsaved(
            conversation=state.conversation, text=text, sent_at=max(message.sent_at, timezone.now())
            if message.channel == message.Channel.WHATSAPP else message.sent_at, channel=message.channel)
        trace.finished_at = timezone.now()
        trace.queries = queries
        turn_commit(TurnOutcome(trace=trace, message_id=message.pk, at=trace.finished_at, reply=reply,
                                attributed=ask.pk if ask is not None else None,
                                queue_delivery=state.queue_delivery))
        recent = list(Turn.objects.filter(message__conversation=state.conversation).order_by("-pk")
                      .values_list("error_class", flat=True)[:REPEATED])
        if len(recent) == REPEATED and all(recent):
            escalation_open(conversation_id=state.conversation.pk, ask_id=ask.pk if ask else None,
                            guard="turn_failed",
                            evidence={"turns": [trace.pk], "traceback_hash": trace.traceback_hash,
                                      "count": REPEATED, "error_code": trace.error_code},
                            drafts=[])
    return trace


def _settle(ask: Ask, state: TurnState, code: str) -> None:
    at = state.message.sent_at
    if ask.status == Ask.Status.EXECUTING or state.org.policy.on_tool_failure == "close_and_restart":
        for request in ApprovalRequest.objects.filter(ask=ask, status=ApprovalRequest.Status.APPROVED):
            approval_record_execution(approval_id=request.pk, at=at,
                                      result={"ok": False, "error": {"code": "turn_failed", "detail": {"code": code}}})
        ask_fail(ask_id=ask.pk, code="turn_failed", at=at, rule="turn_failed", message_id=state.message.pk)
    else:
        ask_hold(ask_id=ask.pk, rule="turn_failed_holds", message_id=state.message.pk)

