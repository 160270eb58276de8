"""The turn: one inbound message → perception → Ask decision → tool calls → draft → at most one reply.

`turn_handle` takes the conversation's row lock, so two messages of one customer never run at once, and runs every
unhandled message of the conversation up to the given one in arrival order (whichever task gets the lock first does
the earlier messages first). It is one database transaction: a worker killed mid-turn leaves nothing half done (the
effects roll back with it) and the redelivered task runs the turn once. State is rebuilt from the database each time.
"""

from __future__ import annotations

import logging
import time
from datetime import datetime

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Q
from django.utils import timezone

from agent import registry
from agent.models import Turn
from agent.providers import provider_for_current_organisation
from agent.providers.base import AskScope, Draft, PerceiveInput, ProviderUnavailable, RespondInput, Usage
from agent.replies import say
from agent.tools.base import ToolCallRecord, ToolContext
from asks.decide import decision_policy
from asks.kinds import kinds_for, missing_slots, slot_values
from asks.models import Ask
from asks.selectors import ask_slots
from agent.continuation import approval_continue
from agent.drafting import guard_input, guarded
from inbox.selectors import conversation_is_escalated
from inbox.services import escalation_open
from approvals.links import approval_link_redacted
from approvals.models import ApprovalRequest
from approvals.previews import word
from approvals.services import approval_decide, approval_decided_by, approval_shown, approvals_void_stale
from asks.buttons import confirm_payload, decline_payload
from asks.decide import Action
from asks.services import (
    DecisionOutcome,
    ask_await_confirmation,
    ask_complete,
    ask_start_execution,
    ask_tool_failed,
    message_decide,
)
from conversations.models import Conversation, Message
from conversations.services import message_mark_handled, message_store_outbound
from tenants.models import Organisation
from tenants.selectors import policy_current

logger = logging.getLogger(__name__)

# The tool whose success completes an Ask of each kind (an effect for effect kinds, the read for read kinds).
COMPLETING_TOOL = {"balance": "get_balance", "pix_history": "list_pix_history", "pix_transfer": "send_pix",
                   "availability": "check_availability", "booking": "create_booking",
                   "product_search": "search_catalog", "used_quote": "quote_used_device"}
# An engine refusal that means one slot's value cannot be used: hold the Ask and re-ask it (policy permitting).
FAILED_SLOT = {"contact_not_found": "recipient", "key_not_found": "recipient", "invalid_key": "pix_key",
               "insufficient_funds": "amount", "night_limit_exceeded": "amount", "amount_invalid": "amount",
               "slot_taken": "when", "slot_in_the_past": "when", "party_too_large": "party_size",
               "model_not_quoted": "device_model", "activity_not_found": "activity",
               "amount_too_large": "amount", "date_out_of_range": "when"}  # bounds of agent.tools.arguments
SCOPE_MESSAGES = 20


def turn_handle(*, message_id: int) -> None:
    with transaction.atomic():
        message = Message.objects.get(pk=message_id)
        Conversation.objects.select_for_update().get(pk=message.conversation_id)
        pending = (
            Message.objects.filter(conversation_id=message.conversation_id, direction=Message.Direction.INBOUND,
                                   handled_at__isnull=True)
            .filter(Q(sent_at__lt=message.sent_at) | Q(sent_at=message.sent_at, pk__lte=message.pk))
            .order_by("sent_at", "pk")
        )
        for earlier in pending:
            if not Turn.objects.filter(message=earlier).exists():
                counter = QueryCounter()
                with connection.execute_wrapper(counter):
                    turn = _turn(earlier)
                Turn.objects.filter(pk=turn.pk).update(queries=counter.count)


class QueryCounter:
    """Counts the turn's database queries for its trace (without keeping their SQL)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)


def _organisation() -> Organisation:
    return Organisation.objects.get(schema_name=connection.schema_name)


def _public_base_url(organisation: Organisation) -> str:
    host = organisation.domains.filter(is_primary=True).values_list("domain", flat=True).first() or ""
    return settings.MAGIE_PUBLIC_URL_TEMPLATE.format(host=host)


def _turn(message: Message) -> Turn:
    started = timezone.now()
    organisation = _organisation()
    lang = organisation.language
    policy = policy_current(organisation=organisation)
    conversation = message.conversation
    customer = conversation.customer
    trace = Turn(message=message, started_at=started, status=Turn.Status.DONE)
    if message.kind in (Message.Kind.MEDIA, Message.Kind.OTHER):
        trace.provider = "none"
        return _finish(trace, message, Draft(say(lang, "unsupported")), None)

    if conversation_is_escalated(conversation_id=conversation.pk):  # people have the chat: the bot stays silent
        trace.provider, trace.rule = "none", "escalated_silent"
        return _finish(trace, message, Draft(""), None)

    provider = provider_for_current_organisation()
    trace.provider = provider.name
    previous = Turn.objects.filter(message__conversation=conversation).order_by("-pk").first()
    usage = Usage()
    try:
        perception, used = provider.perceive(PerceiveInput(
            text=message.text, lang=lang, org_kind=organisation.kind, now=message.sent_at,
            tz=organisation.time_zone, currency=organisation.currency,
            asked_for=previous.asked_for or None if previous else None, replies_to=message.reply_to or None,
        ))
        usage.add(used)
    except ProviderUnavailable as error:
        trace.status, trace.error = Turn.Status.FAILED, str(error)
        return _finish(trace, message, Draft(say(lang, "provider_down")), None)
    trace.perception = perception.model_dump(mode="json")

    outcome = message_decide(message_id=message.pk, perception=perception, policy=decision_policy(policy),
                             org_kinds=kinds_for(organisation.kind))
    trace.decision, trace.rule = outcome.decision.action.value, outcome.decision.rule
    ask = outcome.ask
    ctx = _tool_context(organisation, policy, conversation, ask.pk if ask else None, message.pk, message.sent_at)
    records: list[ToolCallRecord] = []

    def call_tool(name: str, arguments: str | dict) -> ToolCallRecord:
        record = registry.call(ctx, name, arguments)
        records.append(record)
        return record

    scope = _scope(outcome, message, perception)
    request = RespondInput(lang=lang, org_kind=organisation.kind, org_name=organisation.name,
                           currency=organisation.currency, tz=organisation.time_zone, scope=scope, call_tool=call_tool)
    draft = _decide_approval(outcome, message, ctx, call_tool) if ask is not None else None
    approvals_void_stale(conversation_id=conversation.pk)  # after the tap's own request was decided
    model_drafted = draft is None
    if draft is None:
        try:
            draft = provider.respond(request)
        except ProviderUnavailable as error:
            trace.status, trace.error = Turn.Status.FAILED, str(error)
            draft, model_drafted = Draft(say(lang, "provider_down")), False
        if ctx.approval_requested is not None:  # the reply is the preview, built by code, whatever was drafted
            trace.drafts = [draft.text]
            draft, model_drafted = _preview_draft(ctx.approval_requested, ask, ctx, message), False
    usage.add(draft.usage)

    def redraft(previous: Draft, note: str) -> Draft:
        if not model_drafted:  # code-built text (preview, outcome of a decision): nothing to redraft
            return previous
        try:
            again = provider.redraft(request, previous, note)
        except ProviderUnavailable:
            return previous
        usage.add(again.usage)
        return again

    history = scope.messages if message.ask_id else [*scope.messages, {"role": "customer", "text": message.text}]

    def check(candidate: Draft):
        return guard_input(draft=candidate, lang=lang, currency=organisation.currency, org_kind=organisation.kind,
                           records=records, history=history, ask_kind=scope.kind, ask_slots=scope.slots,
                           policy=policy)

    checked = guarded(first=draft, redraft=redraft, check=check, policy=policy, lang=lang)
    draft = checked.draft
    trace.drafts = trace.drafts + checked.drafts
    trace.guards = checked.reports
    if checked.failed is not None:
        failure = checked.failed.failures[0]
        escalation_open(conversation_id=conversation.pk, ask_id=ask.pk if ask else None, guard=failure.code,
                        reason=failure.explanation, evidence={"evidence": list(failure.evidence)},
                        drafts=checked.drafts)
    trace.tool_calls = [{"name": r.name, "arguments": r.arguments, "result": r.result, "ms": r.ms,
                         "effect": r.executed_effect, **r.extra} for r in records]
    trace.tokens = {"prompt": usage.prompt, "completion": usage.completion}
    if ask is not None and ctx.approval_requested is None and ctx.approval is None:
        _advance_ask(ask, records, policy.on_tool_failure, message)
    turn = _finish(trace, message, draft, ask)
    if ctx.approval_requested is not None and turn.reply_message is not None:
        approval_shown(approval_id=ctx.approval_requested.pk, message_id=turn.reply_message.pk)
    return turn


def _decide_approval(outcome: DecisionOutcome, message: Message, ctx: ToolContext, call_tool) -> Draft | None:
    """A tap on the preview's buttons: record the decision (its author is the verified sender), then continue."""
    action, rule = outcome.decision.action, outcome.decision.rule
    if rule not in ("button_confirms", "button_declines"):
        return None
    request = ApprovalRequest.objects.filter(ask=outcome.ask, status=ApprovalRequest.Status.PENDING).first()
    if request is None:
        return None
    by = approval_decided_by(message=message, customer_ref=ctx.customer_ref)
    approval_decide(approval_id=request.pk, approve=action == Action.CONFIRM, by=by,
                    channel=ApprovalRequest.Channel.IN_CHAT_BUTTON, at=message.sent_at)
    return approval_continue(approval_id=request.pk, ctx=ctx, call=lambda c, n, a: call_tool(n, a),
                             message_id=message.pk)


def _preview_draft(request: ApprovalRequest, ask: Ask, ctx: ToolContext, message: Message) -> Draft:
    token = ask_await_confirmation(ask_id=ask.pk, rule="preview_shown", message_id=message.pk, token=request.nonce)
    text = request.preview["text"]
    if request.channel == ApprovalRequest.Channel.APP:
        return Draft(f"{text}\n{word(ctx.language, 'link', url=approval_link_redacted(request, ctx.public_base_url))}")
    return Draft(text, buttons=[{"id": confirm_payload(ask.pk, token), "title": say(ctx.language, "approve")},
                                {"id": decline_payload(ask.pk, token), "title": say(ctx.language, "decline")}])


def _tool_context(organisation: Organisation, policy, conversation: Conversation, ask_id: int | None,
                  message_id: int, now: datetime) -> ToolContext:
    customer = conversation.customer
    return ToolContext(
        conversation_id=conversation.pk, ask_id=ask_id, message_id=message_id, customer_ref=customer.channel_user_id,
        customer_name=customer.name, org_kind=organisation.kind, language=organisation.language,
        currency=organisation.currency, time_zone=organisation.time_zone, policy=policy, now=now,
        public_base_url=_public_base_url(organisation),
    )


def approval_announced(*, approval_id: int) -> None:
    """A decision made on the approval page or in the bank's app: continue (execute once, or word the decline or
    expiry) and tell the customer in their conversation, through the outbox."""
    with transaction.atomic():
        request = ApprovalRequest.objects.select_related("conversation__customer").get(pk=approval_id)
        conversation = Conversation.objects.select_for_update().get(pk=request.conversation_id)
        organisation = _organisation()
        last_inbound = (Message.objects.filter(conversation=conversation, direction=Message.Direction.INBOUND)
                        .order_by("-sent_at", "-pk").first())
        ctx = _tool_context(organisation, policy_current(organisation=organisation), conversation, request.ask_id,
                            last_inbound.pk if last_inbound else 0, timezone.now())
        draft = approval_continue(approval_id=approval_id, ctx=ctx)
        if draft is not None and draft.text:
            message_store_outbound(conversation=conversation, text=draft.text, sent_at=timezone.now(),
                                   channel=last_inbound.channel if last_inbound else Message.Channel.WHATSAPP,
                                   ask_id=request.ask_id)


def _scope(outcome: DecisionOutcome, message: Message, perception) -> AskScope:
    ask = outcome.ask
    slots = ask_slots(ask) if ask else {}
    messages = []
    if ask is not None:
        for item in Message.objects.filter(ask=ask).order_by("-sent_at", "-pk")[:SCOPE_MESSAGES][::-1]:
            messages.append({"role": "customer" if item.direction == Message.Direction.INBOUND else "bot",
                             "text": item.text})
    return AskScope(
        kind=ask.kind if ask else None, status=ask.status if ask else None, slots=slots,
        missing=missing_slots(ask.kind, slots) if ask else [], messages=messages,
        decision=outcome.decision.action.value, rule=outcome.decision.rule,
        changes=[{"slot": c.slot, "old": c.old, "new": c.new} for c in outcome.changes],
        choices=outcome.decision.choices, ask_id=ask.pk if ask else outcome.decision.ask_id,
        message_id=message.pk, said=slot_values(perception, None),
        closed_kind=outcome.closed.kind if outcome.closed else None,
        parked_kinds=[(a.pk, a.kind) for a in outcome.parked_asks],
    )


def _advance_ask(ask: Ask, records: list[ToolCallRecord], on_tool_failure: str, message: Message) -> None:
    """Code, not the model, moves the Ask: its completing tool succeeded → completed; a refusal that concerns one
    slot → the policy's on_tool_failure."""
    ask.refresh_from_db()
    if not ask.is_open:
        return
    completing = COMPLETING_TOOL.get(ask.kind)
    for record in records:
        if record.name == completing and record.result["ok"]:
            if ask.status != Ask.Status.EXECUTING:
                ask_start_execution(ask_id=ask.pk, rule=f"{completing}_succeeded", message_id=message.pk)
            ask_complete(ask_id=ask.pk, at=message.sent_at, rule=f"{completing}_succeeded", message_id=message.pk)
            return
    for record in records:
        code = record.result.get("error", {}).get("detail", {}).get("code") if not record.result["ok"] else None
        if code in FAILED_SLOT and ask.status != Ask.Status.EXECUTING:
            ask_tool_failed(ask_id=ask.pk, slot=FAILED_SLOT[code], code=code, on_tool_failure=on_tool_failure,
                            message_id=message.pk, at=message.sent_at)
            return


def _finish(trace: Turn, message: Message, draft: Draft, ask: Ask | None) -> Turn:
    reply = None
    if draft.text:
        reply = message_store_outbound(conversation=message.conversation, text=draft.text, sent_at=_reply_time(message),
                                       channel=message.channel, buttons=draft.buttons or None,
                                       ask_id=ask.pk if ask else None)
    trace.reply = draft.text
    trace.reply_message = reply
    trace.ask = ask
    trace.asked_for = draft.asked_for or ""
    trace.finished_at = timezone.now()
    trace.save()
    message_mark_handled(message_id=message.pk, at=trace.finished_at)
    return trace


def _reply_time(message: Message) -> datetime:
    """Replies are stamped just after the message they answer, on the same clock (the terminal's may be shifted)."""
    return max(message.sent_at, timezone.now()) if message.channel == Message.Channel.WHATSAPP else message.sent_at
