"""Writes of the inbox: open an escalation (the turn), claim, reply and resolve it (human agents).

Every function is one transaction that locks its row first. Reads (`conversation_is_escalated`, the queue) live in
`inbox.selectors`.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import connection, transaction
from django.utils import timezone

from asks.models import Decision
from conversations.models import Conversation, Message
from conversations.services import LIVE_NOTE, conversation_live_announce, conversation_touch, message_store_outbound
from inbox.assignment import escalation_auto_assign, team_assign_waiting, team_for_reason
from inbox.canned import text_has_placeholder
from inbox.csat import csat_options, csat_parse
from inbox.errors import (
    CsatAlreadyRated,
    CsatTapRefused,
    EscalationAlreadyClaimed,
    EscalationAlreadyResolved,
    EscalationAssigneeInvalid,
    EscalationNotClaimed,
    EscalationNoteEmpty,
    EscalationNotFound,
    EscalationReplyEmpty,
    EscalationReplyPlaceholder,
    EscalationResolveNoteRequired,
)
from inbox.models import (
    NOTICE_REASONS,
    ConversationRead,
    CustomerDataView,
    Escalation,
    EscalationNote,
    EscalationReply,
    SatisfactionRating,
)
from inbox.selectors import inbox_settings, user_may_act
from inbox.wording import closing_message, csat_words
from magie.locking import row_locked
from tenants.selectors import organisation_current


@transaction.atomic
def escalation_open(
    *, conversation_id: int, ask_id: int | None, guard: str, evidence: dict[str, Any] | None,
    drafts: list[str],
) -> Escalation:
    """Hand the conversation to people, with the note of why: the reason's code (`guard`) and its parameters
    (`evidence`: the guard's evidence and problem, a failed delivery's error…), no sentence. Staff read it worded
    in their own language at display (`staff.trace_words.guard_explanation`). Idempotent per chat: while the
    conversation already has an unresolved escalation, that one is returned with this note appended to its `notes`.

    Locks the conversation row first (the turn already holds it, so this nests), which serialises concurrent opens;
    the partial unique index backs that up.
    """
    conversation = Conversation.objects.select_for_update().get(pk=conversation_id)
    now = timezone.now()
    existing = (Escalation.objects.select_for_update()
                .filter(conversation=conversation).exclude(status=Escalation.Status.RESOLVED).first())
    if existing is not None and existing.guard in NOTICE_REASONS and guard != existing.guard:
        # a notice (the bot still answering) is taken over by the newer reason — a hand-over, or the same reply's
        # later news ("possibly duplicated", then "failed"); its note is kept in `notes`
        existing.notes = [*existing.notes, {
            "at": existing.created_at.isoformat(), "guard": existing.guard, "evidence": existing.evidence,
            "drafts": existing.drafts, "ask_id": existing.ask_id,
        }]
        existing.guard, existing.evidence, existing.ask_id = guard, evidence or {}, ask_id
        existing.first_draft = drafts[0] if drafts else ""
        existing.second_draft = drafts[1] if len(drafts) > 1 else ""
        existing.save(update_fields=["notes", "guard", "evidence", "ask_id", "first_draft", "second_draft"])
        if guard not in NOTICE_REASONS:
            conversation_touch(conversation_id=conversation.pk)
            _route(existing, guard)
        return existing
    if existing is not None:
        existing.notes = [*existing.notes, {
            "at": now.isoformat(), "guard": guard, "evidence": evidence or {},
            "drafts": list(drafts), "ask_id": ask_id,
        }]
        existing.save(update_fields=["notes"])
        return existing
    if guard not in NOTICE_REASONS:
        conversation_touch(conversation_id=conversation.pk)  # a turn waiting on the model must not answer over people
    targets = inbox_settings()  # the service level promised now: the chat's clocks keep it (see Escalation)
    escalation = Escalation.objects.create(
        conversation=conversation, ask_id=ask_id, guard=guard, evidence=evidence or {},
        language=_customer_language(conversation.pk),
        first_response_target=targets.first_response_target, resolution_target=targets.resolution_target,
        first_draft=drafts[0] if drafts else "", second_draft=drafts[1] if len(drafts) > 1 else "",
    )
    if guard not in NOTICE_REASONS:
        _route(escalation, guard)
    return escalation


def _route(escalation: Escalation, reason: str) -> None:
    """File a hand-over with its team and give it to a free agent of that team, in the opening transaction (a
    notice is no hand-over: it stays in the queue for whoever looks)."""
    team = team_for_reason(reason)
    if escalation.team_id != (team.pk if team else None):
        escalation.team = team
        escalation.save(update_fields=["team"])
    escalation_auto_assign(escalation=escalation)


def _customer_language(conversation_id: int) -> str:
    """The language the customer last wrote in, as perceived (empty when nothing was perceived yet)."""
    perception = (Decision.objects.filter(message__conversation_id=conversation_id).order_by("-pk")
                  .values_list("perception", flat=True).first()) or {}
    return str(perception.get("lang") or "")[:8]


def _escalation_lock(escalation_id: int) -> Escalation:
    return row_locked(Escalation.objects, pk=escalation_id, missing=EscalationNotFound(escalation_id=escalation_id))


def _check_not_held_by_another(escalation: Escalation, user: User) -> None:
    if escalation.status == Escalation.Status.RESOLVED:
        raise EscalationAlreadyResolved(escalation_id=escalation.pk)
    if escalation.status == Escalation.Status.CLAIMED and escalation.claimed_by_id != user.pk:
        raise EscalationAlreadyClaimed(escalation_id=escalation.pk, claimed_by=str(escalation.claimed_by))


@transaction.atomic
def escalation_claim(*, escalation_id: int, user: User) -> Escalation:
    """Take the escalation. Claiming one's own claim again returns it unchanged; someone else's claim raises
    `escalation_already_claimed` (the row lock makes the second of two simultaneous claims see the first)."""
    escalation = _escalation_lock(escalation_id)
    _check_not_held_by_another(escalation, user)
    if escalation.status == Escalation.Status.OPEN:
        escalation.claim(user, timezone.now())
        escalation.save()
    return escalation


@transaction.atomic
def escalation_reply(*, escalation_id: int, user: User, text: str) -> EscalationReply:
    """Send the human's reply: stored in the outbox through `message_store_outbound` on the channel of the
    conversation's last inbound message (WhatsApp delivers it after commit, like any bot reply), and recorded as an
    `EscalationReply` naming its author. Requires the escalation claimed by `user`."""
    escalation = _escalation_lock(escalation_id)
    _check_not_held_by_another(escalation, user)
    if escalation.status != Escalation.Status.CLAIMED:
        raise EscalationNotClaimed(escalation_id=escalation.pk)
    text = text.strip()
    if not text:
        raise EscalationReplyEmpty(escalation_id=escalation.pk)
    if text_has_placeholder(text):
        raise EscalationReplyPlaceholder(escalation_id=escalation.pk)
    return _send(escalation, user, text)


def _channel(escalation: Escalation) -> str:
    """The channel of the conversation's last inbound message (where the customer is)."""
    return (Message.objects.filter(conversation_id=escalation.conversation_id, direction=Message.Direction.INBOUND)
            .order_by("-sent_at", "-pk").values_list("channel", flat=True).first()) or Message.Channel.WHATSAPP


def _ask_satisfaction(escalation: Escalation, language: str) -> Message:
    """The satisfaction question after the closing message: five signed options naming this escalation (a
    list on WhatsApp), in the customer's language; not a person's reply, so no `EscalationReply`."""
    message = message_store_outbound(conversation=escalation.conversation, text=csat_words(language, "question"),
                                     sent_at=timezone.now(), channel=_channel(escalation),
                                     buttons=csat_options(escalation.pk, language))
    escalation.csat_asked_at = message.sent_at
    escalation.save(update_fields=["csat_asked_at"])
    return message


@transaction.atomic
def csat_record(*, message: Message) -> SatisfactionRating:
    """Record the customer's tap on a satisfaction option (`message`, inbound, its payload the option's id).
    Refused (`csat_tap_refused`) when the payload is forged or altered, or names a chat of another conversation,
    one not resolved or never asked; a second rating of the same chat raises `csat_already_rated`. The same tap
    recorded again (a repeated turn) returns its rating. Locks the escalation's row, so two taps at once record one."""
    tap = csat_parse(message.payload)
    if tap is None or not tap.valid or message.direction != Message.Direction.INBOUND:
        raise CsatTapRefused(message_id=message.pk)
    escalation = Escalation.objects.select_for_update().filter(pk=tap.escalation_id).first()
    if (escalation is None or escalation.conversation_id != message.conversation_id
            or escalation.status != Escalation.Status.RESOLVED or escalation.csat_asked_at is None):
        raise CsatTapRefused(message_id=message.pk, escalation_id=tap.escalation_id)
    existing = SatisfactionRating.objects.filter(escalation=escalation).first()
    if existing is not None:
        if existing.message_id == message.pk:
            return existing
        raise CsatAlreadyRated(escalation_id=escalation.pk, score=existing.score)
    return SatisfactionRating.objects.create(escalation=escalation, score=tap.score, message=message,
                                             agent_id=escalation.resolved_by_id)


def _send(escalation: Escalation, user: User, text: str) -> EscalationReply:
    message = message_store_outbound(conversation=escalation.conversation, text=text, sent_at=timezone.now(),
                                     channel=_channel(escalation))
    if escalation.first_response_at is None:
        escalation.first_response_at = message.sent_at
        escalation.save(update_fields=["first_response_at"])
    return EscalationReply.objects.create(escalation=escalation, message=message, author=user)


@transaction.atomic
def escalation_note_add(*, escalation_id: int, user: User, text: str) -> EscalationNote:
    """A private note for the staff (never sent). Any acting staff member may add one, claimed or not, until the
    escalation is resolved."""
    escalation = _escalation_lock(escalation_id)
    if escalation.status == Escalation.Status.RESOLVED:
        raise EscalationAlreadyResolved(escalation_id=escalation.pk)
    text = text.strip()
    if not text:
        raise EscalationNoteEmpty(escalation_id=escalation.pk)
    note = EscalationNote.objects.create(escalation=escalation, author=user, text=text)
    conversation_live_announce(conversation_id=escalation.conversation_id, kind=LIVE_NOTE, ref=note.pk)  # colleagues
    return note


@transaction.atomic
def escalation_reassign(*, escalation_id: int, user: User, to_user: User) -> Escalation:
    """Give the chat to `to_user` (an active agent or admin of this organisation). The holder may pass it on, and
    an open one may be assigned by anyone acting; someone else's claim stays theirs (`escalation_already_claimed`)."""
    escalation = _escalation_lock(escalation_id)
    _check_not_held_by_another(escalation, user)
    if not user_may_act(to_user):
        raise EscalationAssigneeInvalid(escalation_id=escalation.pk, to_user=str(to_user))
    escalation.reassign(to_user, timezone.now())
    escalation.auto_assigned = False  # a person chose who holds it now
    escalation.save()
    return escalation


@transaction.atomic
def escalation_resolve(*, escalation_id: int, user: User, note: str) -> Escalation:
    """Close the escalation with a note saying why (required), tell the customer in their language that a person
    closed the chat (an outbox message recorded as `user`'s reply), and hand the chat back to the bot
    (`conversation_is_escalated` turns false). An open escalation may be resolved directly; one claimed by someone
    else raises `escalation_already_claimed`."""
    escalation = _escalation_lock(escalation_id)
    _check_not_held_by_another(escalation, user)
    note = note.strip()
    if not note:
        raise EscalationResolveNoteRequired(escalation_id=escalation.pk)
    escalation.resolve(user, timezone.now(), note)
    escalation.save()
    language = escalation.language or organisation_current().language
    _send(escalation, user, closing_message(language))
    if inbox_settings().csat_enabled:
        _ask_satisfaction(escalation, language)
    conversation_touch(conversation_id=escalation.conversation_id)
    team_id = escalation.team_id
    transaction.on_commit(lambda: team_assign_waiting(team_id=team_id))  # a place is free: the next waiting chat
    return escalation


def customer_data_view_record(*, escalation: Escalation, user: User, pix_count: int) -> CustomerDataView:
    """Record that `user`'s page showed the balance and `pix_count` Pix of the escalated chat's customer (one row
    per showing; the audit log auditors read)."""
    return CustomerDataView.objects.create(viewer=user, customer_id=escalation.conversation.customer_id,
                                           escalation=escalation, shown=CustomerDataView.Shown.BANK,
                                           pix_count=pix_count)


def bank_data_read_record(*, user: User, shown: str, page: str, customer_id: int | None = None) -> CustomerDataView:
    """Record that `user` was shown bank data on the staff page `page` (`inbox.audit` says which pages do)."""
    return CustomerDataView.objects.create(viewer=user, customer_id=customer_id, shown=shown, page=page[:300])


def conversation_read_mark(*, user: User, conversation_id: int, up_to_message_id: int) -> None:
    """Record that `user` has seen the chat up to message `up_to_message_id` (an upsert that never moves the mark
    back: two tabs or a late poll cannot make read messages unread again). One statement, no lock needed."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {ConversationRead._meta.db_table} (user_id, conversation_id, last_message_id, read_at) "
            "VALUES (%s, %s, %s, now()) ON CONFLICT (user_id, conversation_id) DO UPDATE "
            "SET last_message_id = EXCLUDED.last_message_id, read_at = EXCLUDED.read_at "
            f"WHERE {ConversationRead._meta.db_table}.last_message_id < EXCLUDED.last_message_id",
            [user.pk, conversation_id, up_to_message_id],
        )
