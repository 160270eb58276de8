"""The eight steps of a turn, in order (see `agent.turn` for how they are run and where the locks are).

Each takes the `TurnState` and fills its part. Steps marked *locked* run inside `lease_locked` (a short
transaction holding the conversation's row lock); the others hold no transaction and, before a model call, no
database connection.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from babel.dates import format_timedelta
from django.db.models import QuerySet
from django.utils import timezone

from agent import registry
from agent.continuation import approval_continue, effect_worded
from agent.drafting import guard_input, guarded, hosts_of, open_missing
from agent.escalated import escalated_reply
from agent.models import PixCode, Turn
from agent.pixcode import (
    CODE_MARK,
    NAME_MARK,
    CodeRead,
    pix_code_amount_conflict,
    pix_code_note,
    pix_code_perception,
    pix_code_present,
    pix_code_read,
    pix_code_redacted,
    pix_code_store,
    pix_code_words,
)
from agent.providers import provider_for_current_organisation
from agent.providers.base import AskScope, Draft, PerceiveInput, ProviderUnavailable, RespondInput
from agent.replies import money, next_step, say
from agent.satisfaction import is_satisfaction_tap, satisfaction_reply
from agent.tools.base import ToolCallRecord, ToolContext
from agent.turn.commit import TurnOutcome, turn_commit
from agent.turn.lease import connection_release, lease_locked, lease_release_with
from agent.turn.state import TurnState
from approvals.links import approval_link_redacted
from approvals.models import ApprovalRequest
from approvals.previews import word
from approvals.services import approval_decide_tap
from asks.buttons import confirm_payload, decline_payload, parse_tap
from asks.decide import Action, decision_policy
from asks.kinds import kinds_for, missing_slots, slot_values
from asks.models import OPEN_STATUSES, Ask
from asks.perception.builtin import perceive as rules_perceive
from asks.perception.contract import Perception, org_kind_of
from asks.selectors import ask_messages, ask_slots, message_ask
from asks.services import (
    ask_await_confirmation,
    ask_complete,
    ask_fail,
    ask_recipient_named_as_saved,
    ask_tool_failed,
    message_decide,
)
from booking.selectors import instructor_names
from conversations.models import Message
from conversations.services import (
    conversation_set_language,
    message_outbound_unsaved,
)
from inbox.selectors import conversation_is_escalated, handoff_outlook
from inbox.services import escalation_open
from language.detect import reply_language
from language.intents import asks_for_named_person
from language.locales import Lang, babel_locale, lang_of
from magie.choices import OrganisationKind
from magie.tracing import traced

SCOPE_MESSAGES = 20


def before_model(state: TurnState) -> None:
    """Give the database connection back before a provider that waits on the network (not the builtin one, which
    answers in microseconds: reconnecting would cost more than it frees)."""
    if getattr(state.provider, "remote", False):
        connection_release()
SILENT_KINDS: dict[str, str] = {Message.Kind.DELETION: "deletion_recorded", Message.Kind.SYSTEM: "system_notice_recorded"}


@traced("turn.receive")
def receive(state: TurnState) -> None:
    """Screen the message before anything answers it. In this order: an escalated chat stays silent (people have
    it, whatever the message is); a deletion or a system notice is recorded and not answered; an edit of the
    message the open Ask came from is a correction of that Ask (any other edit is recorded, not answered); media
    and other kinds get the one "text only" reply. Also reads what the previous reply asked for."""
    message, trace = state.message, state.trace
    # Annotated by the turn's read of the message, used once: a recompute (the conversation moved, maybe people
    # took it) asks again.
    escalated, unread = message.__dict__.pop("escalated", None), object()
    previous_asked_for = message.__dict__.pop("previous_asked_for", unread)
    settings_stamp = message.__dict__.pop("settings_stamp", unread)
    if escalated is None:
        escalated = conversation_is_escalated(conversation_id=state.conversation.pk)
    if is_satisfaction_tap(message):  # a rating of a chat a person resolved: recorded by code, whoever has it now
        text, rule = satisfaction_reply(message, state.lang)  # thanked unless people hold the chat again
        return state.finish_early(Draft("" if escalated else text), provider="none", rule=rule)
    if escalated:  # once "a person will answer here", then silence (agent/escalated.py); the bot never acts
        text, rule = escalated_reply(conversation_id=state.conversation.pk, sent_at=message.sent_at, lang=state.lang)
        return state.finish_early(Draft(text), provider="none", rule=rule)
    if message.kind in SILENT_KINDS:
        return state.finish_early(Draft(""), provider="none", rule=SILENT_KINDS[message.kind])
    if message.kind == Message.Kind.EDIT:
        original = (Message.objects.select_related("attribution__ask")
                    .filter(conversation_id=message.conversation_id, channel_message_id=message.reply_to).first())
        asked = message_ask(original) if original is not None else None
        if original is None or asked is None or not asked.is_open or not message.text:
            return state.finish_early(Draft(""), provider="none", rule="edit_recorded")
        state.corrects = original
    elif message.kind == Message.Kind.MEDIA and message.media_refused == "too_large":
        return state.finish_early(Draft(say(state.lang, "image_too_large")), provider="none")
    elif message.kind == Message.Kind.OTHER and (wordless := wordless_reply(message, lang=state.lang)) is not None:
        text, rule = wordless
        return state.finish_early(Draft(text), provider="none", rule=rule)
    elif message.kind in (Message.Kind.MEDIA, Message.Kind.OTHER) and not (
            message.kind == Message.Kind.MEDIA and pix_code_read_applies(state)):
        return state.finish_early(Draft(say(state.lang, "unsupported")), provider="none")
    if previous_asked_for is unread:
        previous_asked_for = next(iter(previous_asked_for_query(state.conversation.pk)), None)
    state.asked_for = previous_asked_for or None  # None: no turn before this one; "": one that asked nothing
    if message.kind in (Message.Kind.TEXT, Message.Kind.EDIT) and message.text:
        tenancy = state.org.tenancy
        # a Pix code's letters (merchant, city, URL) are third-party text and say nothing of the customer's language
        words = pix_code_redacted(message.text).replace(CODE_MARK, " ")
        state.language = reply_language(words, served=tenancy.languages or (tenancy.language,),
                                        fallback=state.conversation.language or tenancy.language,
                                        first=previous_asked_for is None and not state.conversation.language)
    state.provider = (provider_for_current_organisation() if settings_stamp is unread
                      else provider_for_current_organisation(stamp=settings_stamp))
    trace.provider = state.provider.name


def wordless_reply(message: Message, *, lang: str) -> tuple[str, str] | None:
    """(reply, rule) for a message that says something without words, in the customer's language: a shared
    location (acknowledged with its place; what it is for is asked, never guessed — its coordinates are not amounts)
    and an answer to "may we call you?" (thanked, or the refusal confirmed; any other answer recorded, unanswered).
    None for any other kind of message (then the "text only" reply)."""
    if message.payload == "location":
        return say(lang, "location_received", place=message.text), "location_received"
    if message.payload.startswith("call_permission:"):
        answer = message.payload.removeprefix("call_permission:")
        if answer == "accept":
            return say(lang, "call_permission_accepted"), "call_permission_accepted"
        if answer == "reject":
            return say(lang, "call_permission_declined"), "call_permission_declined"
        return "", "call_permission_recorded"
    return None


def previous_asked_for_query(conversation_id: Any) -> QuerySet:
    """What the previous reply asked for: the `asked_for` of the conversation's latest turn, found through the
    (conversation, sent_at) index of messages — not by the turns' ids, which walks every organisation's turns
    since this chat's last one. `conversation_id` may be an `OuterRef`."""
    return (Message.objects.filter(conversation_id=conversation_id, direction=Message.Direction.INBOUND,
                                   turn__isnull=False)
            .order_by("-sent_at", "-pk").values_list("turn__asked_for", flat=True)[:1])


PIX_CODE_KINDS = (Message.Kind.TEXT, Message.Kind.MEDIA)  # a pasted code, or the QR a channel read from an image


def pix_code_read_applies(state: TurnState) -> bool:
    """Whether this message is read as a Pix code: a text or an image whose text holds one, to an organisation
    that takes Pix requests."""
    message = state.message
    return (message.kind in PIX_CODE_KINDS and "pix_transfer" in kinds_for(state.org.tenancy.kind)
            and pix_code_present(message.text))


@traced("turn.perceive")
def perceive(state: TurnState) -> None:
    """Ask the provider what the message says (a model call: no transaction, no connection held). An edit that
    corrects the open Ask is read as correction wording. An unreachable model ends the turn with the honest
    "try again" reply, recorded as failed.

    A message holding a Pix code is not given to the model: code reads it (`agent.pixcode`; a dynamic code's
    payload fetched here, outside any transaction) into a new Pix request, or ends the turn with the refusal the
    customer reads (a damaged code, a dynamic code from an address not allowed…). Any other message reaches the
    model with its codes masked."""
    assert state.provider is not None
    message, tenancy = state.message, state.org.tenancy
    if pix_code_read_applies(state):
        read = pix_code_read(message.text, before_fetch=connection_release)  # no connection held over the fetch
        assert read is not None
        state.trace.provider = "pix_code"
        if read.refusal is not None:
            return state.finish_early(Draft(say(state.lang, read.refusal)), rule=read.refusal)
        note, words = pix_code_note(pix_code_words(message.text))
        beside = _words_beside_code(state, read, words)
        other = pix_code_amount_conflict(read, beside)
        if other is not None and read.amount_cents is not None:  # "paga 200 <a code of 187,45>": say so, start nothing
            return state.finish_early(Draft(say(
                state.lang, "pix_code_amount_fixed", amount=money(read.amount_cents, tenancy.currency, state.lang),
                said=money(other, tenancy.currency, state.lang))), rule="pix_code_amount_fixed")
        state.pix_code = dataclasses.replace(read, note=note)  # the description said beside it goes with it
        state.perception = pix_code_perception(read, lang=tenancy.language, beside=beside)
        state.trace.perception = state.perception.model_dump(mode="json")
        return
    before_model(state)
    try:
        perception, used = state.provider.perceive(PerceiveInput(
            text=pix_code_redacted(message.text), lang=state.lang, org_kind=tenancy.kind, now=message.sent_at,
            tz=tenancy.time_zone, currency=tenancy.currency, asked_for=state.asked_for,
            replies_to=(message.reply_to or None) if state.corrects is None else None,
        ))
    except ProviderUnavailable as error:
        state.trace.error = str(error)
        return state.finish_early(Draft(say(state.lang, "provider_down")), status=Turn.Status.FAILED)
    state.usage.add(used)
    if state.corrects is not None:
        perception = perception.model_copy(update={"markers": perception.markers | {"correction"}})
    state.perception = perception
    state.trace.perception = perception.model_dump(mode="json")
    if "dispute" in perception.markers:  # "ya fui y pagué", "cobrado duas vezes": money people must look at
        state.escalation = "payment_dispute"  # staff read why in their words (staff.trace_words)
        return state.finish_early(Draft(say(state.lang, "dispute_handoff")), rule="payment_dispute_to_person")
    if "problem" in perception.markers:  # "roubaram meu celular", "vino fallado", "I want to return it"
        state.escalation = "problem_reported"
        return state.finish_early(Draft(say(state.lang, "handoff")), rule="problem_reported_to_person")
    if "limit" in perception.markers:  # "quero aumentar meu limite do pix": no tool changes a limit, a person can
        state.escalation = "limit_change_requested"
        return state.finish_early(Draft(say(state.lang, "handoff")), rule="limit_change_to_person")
    if "person" not in perception.markers and tenancy.kind == OrganisationKind.SCHOOL and asks_for_named_person(
            message.text, lang_of(state.lang), instructor_names()):
        # "quiero hablar con pau serra": one of the school's own people, by name in any case or one slip off it
        perception = perception.model_copy(update={"markers": perception.markers | {"person"}})
        state.perception = perception
        state.trace.perception = perception.model_dump(mode="json")
    if "person" in perception.markers:  # "quero falar com um atendente", "vull parlar amb algú": not the bot's turn
        state.escalation = "person_requested"
        return state.finish_early(Draft(person_handoff_words(state.lang, at=message.sent_at)),
                                  rule="person_requested_to_person")


def _words_beside_code(state: TurnState, read: CodeRead, words: str) -> Perception | None:
    """The customer's own words beside a Pix code ("paga amanhã <code>", "50 reais <code>"; `words`: the message
    without the code and without the description said with it), read by the rules (`asks.perception.builtin`),
    never by a model: the code's text stays out of any model's reach."""
    if not any(character.isalnum() for character in words):
        return None
    tenancy = state.org.tenancy
    return rules_perceive(words, lang=lang_of(state.lang), org_kind=org_kind_of(tenancy.kind),
                          now=state.message.sent_at, tz=tenancy.time_zone, currency=tenancy.currency,
                          asked_for="amount" if read.amount_cents is None else None)


def person_handoff_words(lang: str, *, at: datetime) -> str:
    """What a customer who asked for a person is told: that a person takes over and the bot stays quiet, and when
    to expect them by the organisation's staffed hours and recent waits (`inbox.selectors.handoff_outlook`)."""
    outlook = handoff_outlook(at=at)
    if outlook.staffed_now:
        wait = format_timedelta(outlook.expected_wait, threshold=1.1, locale=babel_locale(cast(Lang, lang)))
        return say(lang, "person_handoff_staffed", wait=wait)
    if outlook.opens_at is not None:  # the hours are set and nobody is in (no promise of a time a guard can't back)
        return say(lang, "person_handoff_closed")
    return say(lang, "person_handoff")


@traced("turn.decide")
def decide(state: TurnState) -> None:
    """*Locked.* `asks` decides what the message does to the conversation's Asks (rule recorded; idempotent, so a
    resumed turn gets the recorded decision back); a tap on a preview's button records the customer's decision
    on the approval request it names. Builds the tool context and the Ask-scoped view the model will see."""
    assert state.perception is not None
    org, message = state.org, state.message
    tap = parse_tap(message.payload) if message.kind == Message.Kind.BUTTON else None
    with lease_locked(state.lease, state.writes) as row:
        state.lease.version = row.version  # what `deliver` compares: has anyone else moved the conversation since?
        state.decided_under = row
        if tap is not None and tap.action in ("confirm", "decline") and tap.approval_id and tap.ask_id:
            # approvals records the decision on the request the button names (if its Ask awaits exactly that one)
            # before asks moves the Ask, so the Ask's move does not void the request being decided
            # (bound to this conversation and channel, judged on the tap's arrival: approvals.services)
            tap_refused = approval_decide_tap(approval_id=tap.approval_id, ask_id=tap.ask_id,
                                              approve=tap.action == "confirm", message=message) is None
        else:
            tap_refused = False
        # read with the message, under this lease (still ours: checked above); once — a recompute asks again
        undecided = message.__dict__.pop("decided", True) is False
        outcome = message_decide(message_id=message.pk, perception=state.perception, message=message,
                                 undecided=undecided, policy=decision_policy(org.policy), asked_for=state.asked_for,
                                 org_kinds=kinds_for(org.tenancy.kind), writes=state.writes,
                                 tap_refused=tap_refused)
        state.outcome = outcome
        state.trace.decision, state.trace.rule = outcome.decision.action.value, outcome.decision.rule
        ask = outcome.ask
        if (state.pix_code is not None and ask is not None and ask.kind == "pix_transfer"
                and outcome.decision.action == Action.START_NEW):  # the code's own Ask, never one already running
            pix_code_store(message_id=message.pk, ask_id=ask.pk, read=state.pix_code)
        state.ctx = tool_context(state, ask.pk if ask else None, message.pk, message.sent_at)
        # a code is stored only for the Ask its own message starts (above): an Ask this message started without one
        # has none, and send_pix need not look
        started = ask is not None and outcome.decision.action == Action.START_NEW
        state.ctx.ask_without_code = started and state.pix_code is None
        # in the builtin turn's one transaction (a recompute rolls it all back), nothing but this turn sees the Ask
        # it started, nor makes a request for one it reopened (whose pending request the move voided:
        # `approvals.signals`) — the conversation's row lock is held until the reply is written
        state.ctx.no_pending_request = ((started or outcome.reopened)
                                        and not getattr(state.provider, "remote", False))
        state.scope = _scope(state)
        if ask is not None and tap is not None and outcome.decision.rule in ("button_confirms", "button_declines"):
            state.ctx.approval_decided = tap.approval_id  # continued once in `act` (idempotent on its state)
    tenancy = org.tenancy
    state.request = RespondInput(lang=state.lang, org_kind=tenancy.kind, org_name=tenancy.name,
                                 currency=tenancy.currency, tz=tenancy.time_zone, now=state.ctx.now,
                                 scope=state.scope,
                                 call_tool=lambda name, arguments: call_tool(state, name, arguments))


@traced("turn.act")
def act(state: TurnState) -> None:
    """*Locked.* After a tap that decided an approval: revalidate and execute it once (keyed by the request's
    id), and word the outcome — code, not the model, answers. Otherwise nothing: the model's tool calls run
    inside `draft`, each through `call_tool`."""
    assert state.ctx is not None
    if state.ctx.approval_decided is None:
        return
    # The execution runs on the server's clock, never on the time the tap claims: the transfer, the request's
    # `executed_at` and the Ask's moves are stamped now (a tap delivered late cannot backdate money).
    state.ctx.now = timezone.now()
    with lease_locked(state.lease, state.writes):
        draft = approval_continue(approval_id=state.ctx.approval_decided, ctx=state.ctx,
                                  call=lambda ctx, name, arguments: call_tool(state, name, arguments, locked=False),
                                  message_id=state.message.pk)
    if draft is not None:
        state.draft = draft


def call_tool(state: TurnState, name: str, arguments: str | dict, *, locked: bool = True) -> ToolCallRecord:
    """One tool call as the model (or the continuation) proposed it, through the registry, in its own short
    transaction under the conversation lock; the connection is given back before the model is called again.
    An effect's idempotency key is derived from the message and the call's index in the turn, so a resumed turn
    repeating the call moves nothing twice."""
    assert state.ctx is not None
    if not locked:
        record = registry.call(state.ctx, name, arguments)
    else:
        with lease_locked(state.lease, state.writes):
            record = registry.call(state.ctx, name, arguments)
        before_model(state)
    state.records.append(record)
    return record


@traced("turn.draft")
def draft(state: TurnState) -> None:
    """The provider drafts the reply, calling tools through the registry between its model calls (no transaction
    held while it thinks). If the gate stopped a call for an approval, the reply is that request's preview, built
    by code from system data, whatever the model wrote; if a refusal closes the Ask (`closing_refusal`), the reply
    is its next step (`agent.replies.NEXT_STEPS`), whatever the model wrote."""
    assert state.ctx is not None and state.request is not None
    if state.draft is None:
        before_model(state)
        try:
            state.draft, state.model_drafted = state.provider.respond(state.request), True  # type: ignore[union-attr]
        except ProviderUnavailable as error:
            state.trace.status, state.trace.error = Turn.Status.FAILED, str(error)
            state.draft = executed_effect_draft(state) or Draft(say(state.lang, "provider_down"))
        if state.ctx.approval_requested is not None:
            state.trace.drafts = [state.draft.text]
            state.draft, state.model_drafted = preview_draft(state), False
        else:
            worded = next_step(state.lang, closing_refusal(state))
            if worded is not None:  # code's words: a guard that refuses them hands over, no model redrafts them
                if state.draft.text != worded:
                    state.trace.drafts = [state.draft.text]
                state.draft, state.model_drafted = Draft(worded, usage=state.draft.usage), False
    state.usage.add(state.draft.usage)


def executed_effect_draft(state: TurnState) -> Draft | None:
    """When the model broke after an effect of this turn ran (a booking the policy lets run without approval),
    the reply is that effect in words from its result — never "technical problem" over a booking that exists."""
    done = [record for record in state.records if record.executed_effect and record.result.get("ok")]
    if not done:
        return None
    return effect_worded(done[-1].name, done[-1], state.ctx,  # type: ignore[arg-type]
                         lambda ctx, name, arguments: call_tool(state, name, arguments))


def preview_draft(state: TurnState) -> Draft:
    """The approval request's preview as the reply: its text, then buttons naming the request (in-chat) or the
    signed link to the approval page (app channel)."""
    request, ask, lang = state.ctx.approval_requested, state.ask, state.lang  # type: ignore[union-attr]
    assert request is not None and ask is not None
    text = request.preview["text"]
    if request.channel == ApprovalRequest.Channel.APP:
        return Draft(f"{text}\n{word(lang, 'link', url=approval_link_redacted(request, state.org.public_base_url))}")
    return Draft(text, buttons=[{"id": confirm_payload(ask.pk, request.pk), "title": say(lang, "approve")},
                                {"id": decline_payload(ask.pk, request.pk), "title": say(lang, "decline")}])


@traced("turn.guard")
def guard(state: TurnState) -> None:
    """The organisation's guards check the draft; a model draft that fails gets one redraft (a model call, no
    transaction), told why; a second failure is replaced by the honest hand-off (the escalation is opened when
    the reply is delivered)."""
    assert state.draft is not None and state.scope is not None
    org, scope, tenancy = state.org, state.scope, state.org.tenancy
    history = (scope.messages if message_ask(state.message) is not None  # attributed before this attempt (a resume)
               else [*scope.messages, {"role": "customer", "text": pix_code_redacted(state.message.text)}])

    def redraft(previous: Draft, note: str) -> Draft:
        if not state.model_drafted or state.provider is None or state.request is None:
            return previous
        before_model(state)
        try:
            again = state.provider.redraft(state.request, previous, note)
        except ProviderUnavailable:
            return previous
        state.usage.add(again.usage)
        return again

    def check(candidate: Draft):
        return guard_input(draft=candidate, lang=state.lang, currency=tenancy.currency, org_kind=tenancy.kind,
                           records=state.records, history=history, ask_kind=scope.kind, ask_slots=scope.slots,
                           policy=org.policy, allowed_hosts=hosts_of(org.public_base_url), context=state.ctx,
                           organisation_name=org.organisation.name, ask_status=scope.status,
                           missing_slots=open_missing(scope.missing, scope.status))

    state.checked = guarded(first=state.draft, redraft=redraft, check=check, policy=org.policy, lang=state.lang)
    state.draft = state.checked.draft
    state.trace.drafts = state.trace.drafts + state.checked.drafts
    state.trace.guards = state.checked.reports


@traced("turn.deliver")
def deliver(state: TurnState) -> None:
    """*Locked, with `record`.* Apply what the turn decided: open the escalation a failed guard asks for, let code
    (not the model) move the Ask — its completing tool succeeded → completed; a refusal no slot fixes → failed; a
    refusal of one slot → the policy's `on_tool_failure`; a preview shown → awaiting that request —, and put the
    reply in the outbox."""
    ask, ctx, checked = state.ask, state.ctx, state.checked
    if state.escalation is not None:
        escalation_open(conversation_id=state.conversation.pk, ask_id=ask.pk if ask else None,
                        guard=state.escalation, evidence={"message": state.message.text}, drafts=[])
    if checked is not None and checked.failed is not None:
        failure = checked.failed.failures[0]
        escalation_open(conversation_id=state.conversation.pk, ask_id=ask.pk if ask else None, guard=failure.code,
                        evidence={key: value for key, value in failure.note().items() if key != "code"},
                        drafts=checked.drafts)
    if state.lang != (state.conversation.language or state.org.tenancy.language):
        conversation_set_language(conversation_id=state.conversation.pk, language=state.lang)
        state.conversation.language = state.lang
    requested = ctx.approval_requested if ctx is not None else None
    if ask is not None:
        name_recipient_as_saved(state)
    if ask is not None and ctx is not None and requested is None and ctx.approval is None:
        advance_ask(state)
    if requested is not None and ask is not None:
        ask_await_confirmation(ask_id=ask.pk, approval_id=requested.pk, rule="preview_shown",
                               message_id=state.message.pk, held=held_ask(state), writes=state.writes)
    draft_ = state.draft or Draft("")
    if draft_.text:
        # inserted by `record`'s statement, with its attribution to the Ask and a preview's request marked shown
        state.reply = message_outbound_unsaved(conversation=state.conversation, text=draft_.text,
                                               sent_at=reply_time(state.message), channel=state.message.channel,
                                               buttons=draft_.buttons or None)


@traced("turn.record")
def record(state: TurnState, *, queries: int) -> Turn:
    """*Locked, with `deliver`.* The turn's one trace row (perception, decision and rule, tool calls, drafts,
    guards, reply, tokens, query count), written with everything else the turn leaves behind by
    `agent.turn.commit` — the reply, the message marked handled so the sweeper leaves it alone, the Asks' moves."""
    trace, draft_ = state.trace, state.draft or Draft("")
    trace.tool_calls = [{"name": r.name, "arguments": r.arguments, "result": r.result, "ms": r.ms,
                         "effect": r.executed_effect, **r.extra} for r in state.records]
    trace.tokens = {"prompt": state.usage.prompt, "completion": state.usage.completion}
    trace.reply = draft_.text
    trace.ask = state.ask
    trace.asked_for = draft_.asked_for or ""
    trace.finished_at = timezone.now()
    trace.queries = queries
    requested = state.ctx.approval_requested if state.ctx is not None else None
    reply = state.reply
    state.gives_back = turn_commit(TurnOutcome(
        trace=trace, message_id=state.message.pk, at=trace.finished_at, reply=reply,
        shown=requested.pk if requested is not None and reply is not None else None,
        attributed=state.ask.pk if state.ask is not None and reply is not None else None,
        writes=state.writes, release=lease_release_with(state.lease, handled_message_id=state.message.pk),
        queue_delivery=state.queue_delivery))
    return trace


def advance_ask(state: TurnState) -> None:
    """Code, not the model, moves the Ask: its completing tool (declared by `ToolSpec.completes`) succeeded →
    completed; an engine refusal no slot can fix (`ToolSpec.closes_ask`: no account at the bank, a Pix to the
    customer's own account) → failed, never parked and offered back, whatever else the turn's calls refused; an
    engine refusal that concerns one slot (`ToolSpec.failed_slots`) → the policy's `on_tool_failure`."""
    message, kind = state.message, state.org.tenancy.kind
    assert state.ask is not None
    completing = registry.completing_tool(kind, state.ask.kind)  # an Ask's kind never changes
    for done in state.records:
        if done.name == completing and done.result["ok"]:  # through executing first if it is not yet; the
            ask_complete(ask_id=state.ask.pk, at=message.sent_at, rule=f"{completing}_succeeded",  # locked read
                         message_id=message.pk, start_rule=f"{completing}_succeeded", if_open=True,  # decides
                         held=held_ask(state), writes=state.writes)
            return
    if all(record.result["ok"] for record in state.records):
        return  # nothing refused: nothing to move, nothing to read
    status = _ask_status_stored(state)
    if status not in OPEN_STATUSES:
        return
    ask_id = state.ask.pk
    closing = refusal_closing(kind, state.records)
    if closing is not None:
        ask_fail(ask_id=ask_id, code=closing, at=message.sent_at, rule="tool_failure_closes", message_id=message.pk,
                 held=held_ask(state), writes=state.writes)
        return
    for failed in state.records:
        code = registry.refusal_code(failed.result)
        slot = registry.failed_slot(kind, failed.name, code)
        if slot is not None and status != Ask.Status.EXECUTING:
            ask_tool_failed(ask_id=ask_id, slot=slot, code=code or "", message_id=message.pk,
                            on_tool_failure=state.org.policy.on_tool_failure, at=message.sent_at,
                            writes=state.writes)
            return


def _ask_status_stored(state: TurnState) -> str:
    """The status the turn's Ask has in its row now. Held as `message_decide` locked it in the transaction still
    open (`held_ask`), its row is that Ask as this turn saved it — or, for a move `deliver` left to the turn's last
    statement (`writes.saves`), still the status it was read with; otherwise a fresh read (not
    refresh_from_db(): django-fsm's refresh unprotects the status field on the class for a moment, which races
    with another thread's refresh, "Direct status modification is not allowed")."""
    assert state.ask is not None
    held = held_ask(state)
    if held is None:
        return Ask.objects.values_list("status", flat=True).get(pk=state.ask.pk)
    deferred = state.writes.saves.get(held.pk)
    return deferred[1] if deferred is not None else held.status


def name_recipient_as_saved(state: TurnState) -> None:
    """A recipient the bank found under another spelling ("Pdero" → the saved contact "Pedro") is held under the
    saved name: the request names the person its preview shows (`ask_recipient_named_as_saved`)."""
    assert state.ask is not None
    for done in state.records:
        if done.name != "lookup_pix_key" or not done.result["ok"] or not isinstance(done.arguments, dict):
            continue
        said, saved = done.arguments.get("contact_name"), done.result["data"].get("contact")
        if isinstance(said, str) and isinstance(saved, str):
            ask_recipient_named_as_saved(ask_id=state.ask.pk, said=said, saved=saved, message_id=state.message.pk)


def refusal_closing(org_kind: str, records: Sequence[ToolCallRecord]) -> str | None:
    """The engine code of the first refused call that closes the Ask (`ToolSpec.closes_ask`): no other value can
    get past it, so it wins over a refusal of one slot made in the same turn (the openai provider stops calling
    tools at it, too)."""
    for record in records:
        code = registry.refusal_code(record.result)
        if registry.refusal_closes(org_kind, record.name, code):
            return code
    return None


def closing_refusal(state: TurnState) -> str | None:
    """The engine code `advance_ask` will close the Ask with, from this turn's calls: none when its completing
    tool succeeded, a preview was shown or an approval executes."""
    ctx, ask = state.ctx, state.ask
    if ask is None or ctx is None or ctx.approval_requested is not None or ctx.approval is not None:
        return None
    kind = state.org.tenancy.kind
    completing = registry.completing_tool(kind, ask.kind)
    if any(record.name == completing and record.result["ok"] for record in state.records):
        return None
    return refusal_closing(kind, state.records)


def held_ask(state: TurnState) -> Ask | None:
    """The Ask as `message_decide` locked it, when `decide` ran in the transaction still open (a builtin turn's
    one transaction) and nothing but this turn's own rows moved it since (no approval continued in `act`, which
    moves the Ask through rows of its own): the services take it without reading it again."""
    same = state.decided_under is not None and state.decided_under is state.lease.held
    return state.ask if same and (state.ctx is None or state.ctx.approval_decided is None) else None


def tool_context(state: TurnState, ask_id: int | None, message_id: int, now: datetime) -> ToolContext:
    customer, tenancy = state.conversation.customer, state.org.tenancy
    return ToolContext(
        conversation_id=state.conversation.pk, ask_id=ask_id, message_id=message_id,
        customer_ref=customer.channel_user_id, customer_name=customer.name, org_kind=tenancy.kind,
        language=state.lang, currency=tenancy.currency, time_zone=tenancy.time_zone, policy=state.org.policy,
        now=now, public_base_url=state.org.public_base_url, writes=state.writes,
        test_money_only=state.message.is_simulated,
    )


def _scope(state: TurnState) -> AskScope:
    outcome, message, perception = state.outcome, state.message, state.perception
    assert outcome is not None and perception is not None
    ask = outcome.ask
    slots = (outcome.slots if outcome.slots is not None else ask_slots(ask)) if ask else {}
    messages = []
    if ask is not None:
        # The code's merchant name is third-party text: masked in the bot's own messages too (a preview's warning
        # quotes it), so it reaches the model from nowhere.
        # (read only for an Ask whose messages hold a code: no query on any other turn)
        # An Ask this message started has this message alone (a tap may bring the message it clarified: read)
        fresh = outcome.decision.action == Action.START_NEW and message.kind != Message.Kind.BUTTON
        items = [message] if fresh else ask_messages(ask, last=SCOPE_MESSAGES)
        coded = any("000201" in item.text for item in items)
        claimed = (PixCode.objects.filter(ask_id=ask.pk).values_list("merchant_name", flat=True).first()
                   if coded else None)
        if not fresh and not coded and len(items) < SCOPE_MESSAGES and state.ctx is not None:
            # All the Ask's messages, none holding a code: the Ask has no code row (one is stored only for the Ask
            # its own message starts, and that message stays attributed to it), so send_pix need not look
            state.ctx.ask_without_code = True
        for item in items:
            inbound = item.direction == Message.Direction.INBOUND
            text = pix_code_redacted(item.text) if inbound else item.text
            if claimed and not inbound:
                text = text.replace(f'"{claimed}"', f'"{NAME_MARK}"')  # as the preview's warning quotes it
            messages.append({"role": "customer" if inbound else "bot", "text": text})
    return AskScope(
        kind=ask.kind if ask else None, status=ask.status if ask else None, slots=slots,
        missing=missing_slots(ask.kind, slots) if ask else [], messages=messages,
        decision=outcome.decision.action.value, rule=outcome.decision.rule,
        changes=[{"slot": c.slot, "old": c.old, "new": c.new} for c in outcome.changes],
        choices=outcome.decision.choices, ask_id=ask.pk if ask else outcome.decision.ask_id,
        message_id=message.pk, said=slot_values(perception, None),
        closed_kind=outcome.closed.kind if outcome.closed else None,
        parked_kinds=[(a.pk, a.kind) for a in outcome.parked_asks], markers=frozenset(perception.markers),
    )


def reply_time(message: Message) -> datetime:
    """Replies are stamped just after the message they answer, on the same clock (the terminal's may be shifted)."""
    return max(message.sent_at, timezone.now()) if message.channel == Message.Channel.WHATSAPP else message.sent_at
