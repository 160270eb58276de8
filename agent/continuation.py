"""After a decision on an approval: revalidate and execute once, then tell the customer.

Called inside the customer's turn for a button tap, and by the `agent.approval_continue` task for a decision on
the approval page or in the bank's app. Idempotent: an executed (or failed) request is never executed again, and
the effect's idempotency key is the request's id, so even a racing second run moves no money twice.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

from agent import registry
from agent.providers.base import Draft
from agent.replies import money, next_step, party, reason, say, when
from agent.tools.base import ToolCallRecord, ToolContext
from approvals.models import ApprovalRequest
from approvals.services import approval_record_execution
from asks.models import Ask
from asks.services import ask_abandon, ask_complete, ask_fail, ask_start_execution
from conversations import wording

CallTool = Callable[[ToolContext, str, dict], ToolCallRecord]


def approval_continue(*, approval_id: int, ctx: ToolContext, call: CallTool | None = None,
                      message_id: int | None = None) -> Draft | None:
    """Execute an approved request once and word the outcome; None when there is nothing (more) to say."""
    call = call or registry.call
    request = ApprovalRequest.objects.select_for_update().select_related("ask").get(pk=approval_id)
    ask = Ask.objects.select_for_update().get(pk=request.ask_id)
    lang = ctx.language
    if request.status in (ApprovalRequest.Status.EXECUTED, ApprovalRequest.Status.EXECUTION_FAILED,
                          ApprovalRequest.Status.VOIDED, ApprovalRequest.Status.PENDING):
        return None
    if request.status == ApprovalRequest.Status.DECLINED:
        if ask.status in (Ask.Status.AWAITING_CONFIRMATION, Ask.Status.COLLECTING):  # the customer's cancel
            ask_abandon(ask_id=ask.pk, reason=Ask.AbandonReason.CANCELLED, at=ctx.now, rule="approval_declined",
                        message_id=message_id, writes=ctx.writes)
        return Draft(say(lang, "cancelled"))
    if request.status == ApprovalRequest.Status.EXPIRED:
        if ask.is_open:
            ask_fail(ask_id=ask.pk, code="approval_expired", at=ctx.now, rule="approval_expired", message_id=message_id,
                     writes=ctx.writes)
        return Draft(say(lang, "approval_expired"))
    if ask.status == Ask.Status.AWAITING_CONFIRMATION and ask.pending_approval_id == request.pk:
        ask_start_execution(ask_id=ask.pk, rule=f"approved_via_{request.decision_channel}", message_id=message_id,
                            writes=ctx.writes)
    elif ask.status != Ask.Status.EXECUTING:
        approval_record_execution(approval_id=request.pk, at=ctx.now,
                                  result={"ok": False, "error": {"code": "ask_moved_on"}})
        return Draft(say(lang, "stale_button"))
    ctx.approval = request
    ctx.ask_id = ask.pk
    record = call(ctx, request.tool, request.arguments)
    approval_record_execution(approval_id=request.pk, result=record.result, at=ctx.now)
    if not record.result["ok"]:
        code = record.result["error"].get("detail", {}).get("code", record.result["error"]["code"])
        ask_fail(ask_id=ask.pk, code=code, at=ctx.now, rule="approved_effect_failed", message_id=message_id,
                 writes=ctx.writes)
        # a refusal that closes the request (the key now credits the customer's own account) says what to do next
        return Draft(next_step(lang, code) or say(lang, "failed", reason=reason(lang, code)))
    ask_complete(ask_id=ask.pk, at=ctx.now, rule=f"{request.tool}_succeeded", message_id=message_id,
                 writes=ctx.writes)
    return _success(request, record, ctx, call)


def _success(request: ApprovalRequest, record: ToolCallRecord, ctx: ToolContext, call: CallTool) -> Draft:
    return effect_worded(request.tool, record, ctx, call) or Draft(say(ctx.language, "done"))


def effect_worded(tool: str, record: ToolCallRecord, ctx: ToolContext, call: CallTool) -> Draft | None:
    """A succeeded effect in words, from its own result (code, not the model): the Pix with its end-to-end id,
    the booking with its payment link; None for a tool without such wording."""
    data, lang = record.result["data"], ctx.language
    if tool == "send_pix":
        amount = money(data["amount_cents"], data["currency"], lang)
        if data.get("status") == "scheduled" and data.get("scheduled_for"):  # not sent yet: say so, with the date
            on = datetime.fromisoformat(data["scheduled_for"]).astimezone(ZoneInfo(ctx.time_zone))
            return Draft(say(lang, "pix_scheduled", amount=amount, name=data["recipient"]["owner_name"],
                             date=wording.long_day(lang, on), e2e=data["end_to_end_id"]))
        return Draft(say(lang, "pix_sent", amount=amount, name=data["recipient"]["owner_name"],
                         e2e=data["end_to_end_id"]))
    if tool in ("change_scheduled_pix", "cancel_scheduled_pix"):  # still scheduled (or not to be sent): the day
        on = datetime.fromisoformat(data["scheduled_for"]).astimezone(ZoneInfo(ctx.time_zone))
        return Draft(say(lang, "pix_schedule_changed" if tool == "change_scheduled_pix" else "pix_schedule_cancelled",
                         amount=money(data["amount_cents"], data["currency"], lang),
                         name=data["recipient"]["owner_name"], date=wording.long_day(lang, on),
                         e2e=data["end_to_end_id"]))
    if tool == "create_booking":
        link = call(ctx, "send_payment_link", {"booking_ref": data["booking_ref"]}).result
        return Draft(say(lang, "booking_done", activity=data["activity"],
                         party=party(lang, data["party_size"]),
                         start=when(datetime.fromisoformat(data["start"]), lang, ctx.time_zone),
                         amount=money(data["amount_cents"], data["currency"], lang),
                         url=link["data"]["url"] if link["ok"] else ""))
    return None
