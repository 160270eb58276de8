"""Escalations: opened once per chat, claimed by one person, replies through the outbox, resolved back to the bot."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import IntegrityError, connection, transaction
from django_tenants.utils import tenant_context

from conversations.models import Message
from inbox.errors import (
    EscalationAlreadyClaimed,
    EscalationAlreadyResolved,
    EscalationNotClaimed,
    EscalationNotFound,
    EscalationReplyEmpty,
)
from inbox.models import Escalation, EscalationReply
from inbox.selectors import conversation_is_escalated, escalation_queue
from inbox.services import escalation_claim, escalation_open, escalation_reply, escalation_resolve
from inbox.tests.helpers import chat_make, escalation_make, staff


def outbound(conversation) -> list[Message]:
    return list(Message.objects.filter(conversation=conversation, direction=Message.Direction.OUTBOUND))


def test_open_keeps_the_note_and_both_drafts_and_silences_the_bot(demobank):
    conversation = chat_make()
    assert not conversation_is_escalated(conversation_id=conversation.pk)

    escalation = escalation_make(conversation)

    escalation.refresh_from_db()
    assert escalation.status == Escalation.Status.OPEN
    assert (escalation.guard, escalation.reason) == ("no_full_account_number", "")  # codes, no sentence
    assert escalation.evidence == {"evidence": ["12345-6"]}
    assert escalation.drafts == ["Your account 12345-6 is ready.", "Account 12345-6, all set."]
    assert conversation_is_escalated(conversation_id=conversation.pk)


def test_opening_again_returns_the_unresolved_one_with_the_note_appended(demobank):
    conversation = chat_make()
    first = escalation_make(conversation)

    again = escalation_make(conversation, guard="no_promises", evidence={"evidence": ["refund"]}, drafts=["a", "b"])

    assert again.pk == first.pk
    assert Escalation.objects.filter(conversation=conversation).count() == 1
    again.refresh_from_db()
    assert again.guard == "no_full_account_number"  # the first note stays the headline
    assert [(note["guard"], note["evidence"], note["drafts"]) for note in again.notes] == [
        ("no_promises", {"evidence": ["refund"]}, ["a", "b"])
    ]


def test_after_a_resolution_a_new_failure_opens_a_new_escalation(demobank):
    conversation = chat_make()
    first = escalation_make(conversation)
    escalation_resolve(escalation_id=first.pk, user=staff("agent"), note="done")

    second = escalation_make(conversation)

    assert second.pk != first.pk and second.status == Escalation.Status.OPEN
    assert conversation_is_escalated(conversation_id=conversation.pk)


def test_the_database_refuses_a_second_unresolved_escalation_of_a_chat(demobank):
    conversation = chat_make()
    escalation_make(conversation)
    with pytest.raises(IntegrityError), transaction.atomic():
        Escalation.objects.create(conversation=conversation, guard="x", reason="y")


def test_claim_names_who_and_another_agents_claim_is_refused(demobank):
    escalation = escalation_make(chat_make())
    agent, admin = staff("agent"), staff("admin")

    escalation_claim(escalation_id=escalation.pk, user=agent)
    again = escalation_claim(escalation_id=escalation.pk, user=agent)  # one's own claim again: no change
    with pytest.raises(EscalationAlreadyClaimed) as refused:
        escalation_claim(escalation_id=escalation.pk, user=admin)

    assert refused.value.code == "escalation_already_claimed"
    assert again.claimed_by == agent
    escalation.refresh_from_db()
    assert escalation.status == Escalation.Status.CLAIMED and escalation.claimed_by == agent
    assert escalation.claimed_at is not None


def test_claiming_an_escalation_that_does_not_exist_is_a_typed_404(demobank):
    with pytest.raises(EscalationNotFound) as missing:
        escalation_claim(escalation_id=987_654, user=staff("agent"))
    assert missing.value.code == "escalation_not_found" and missing.value.http_status == 404


def _backend_waits_on_a_lock(pid: int) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s", [pid])
        row = cursor.fetchone()
    return bool(row) and row[0] == "Lock"


def test_two_agents_claiming_at_once_get_one_claim_and_one_refusal(committed):
    """Thread A claims inside a transaction it keeps open until thread B's claim is blocked on the row lock;
    then A commits and B must see A's claim. Without the lock B would read `open` and overwrite A's claim."""
    from tenants.models import Organisation

    organisation = Organisation.objects.get(schema_name="demobank")
    with tenant_context(organisation):
        escalation = escalation_make(chat_make())
        agent, admin = staff("agent"), staff("admin")
    results: dict[str, object] = {}
    b_pid: list[int] = []
    b_may_start = threading.Event()
    b_ready = threading.Event()

    def claim_a() -> None:
        connection.set_tenant(organisation)  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
        try:
            with transaction.atomic():
                results["a"] = escalation_claim(escalation_id=escalation.pk, user=agent)
                b_may_start.set()
                b_ready.wait()
                deadline = time.monotonic() + 60  # a safety net against a hang, not an assertion on time
                while not _backend_waits_on_a_lock(b_pid[0]):
                    if time.monotonic() > deadline:
                        raise RuntimeError("thread B never waited on the escalation's lock")
                    time.sleep(0.01)
        except Exception as error:  # noqa: BLE001 — reported below
            results["a"] = error
            b_may_start.set()
        finally:
            connection.close()

    def claim_b() -> None:
        connection.set_tenant(organisation)  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
        try:
            b_may_start.wait()
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_backend_pid()")
                b_pid.append(cursor.fetchone()[0])
            b_ready.set()
            results["b"] = escalation_claim(escalation_id=escalation.pk, user=admin)
        except Exception as error:  # noqa: BLE001 — the refusal is the expected outcome
            results["b"] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=claim_a), threading.Thread(target=claim_b)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert isinstance(results["a"], Escalation), results["a"]
    assert isinstance(results["b"], EscalationAlreadyClaimed), results["b"]
    with tenant_context(organisation):
        escalation.refresh_from_db()
        assert escalation.status == Escalation.Status.CLAIMED and escalation.claimed_by == agent


def test_reply_goes_to_the_whatsapp_outbox_and_names_its_author(demobank, django_capture_on_commit_callbacks):
    conversation = chat_make()
    escalation = escalation_make(conversation)
    agent = staff("agent")
    escalation_claim(escalation_id=escalation.pk, user=agent)

    with django_capture_on_commit_callbacks(execute=True):  # the delivery task runs (eager; integration off)
        reply = escalation_reply(escalation_id=escalation.pk, user=agent, text="  Olá, sou a Ana, vou te ajudar.  ")

    [message] = outbound(conversation)
    assert (message.channel, message.text) == ("whatsapp", "Olá, sou a Ana, vou te ajudar.")
    assert reply.message == message and reply.author == agent and reply.escalation == escalation
    from whatsapp.models import Delivery

    assert Delivery.objects.get(message=message).status == "sent"  # queued to the channel, which delivered it


def test_reply_uses_the_channel_of_the_last_inbound_message(demobank, django_capture_on_commit_callbacks):
    conversation = chat_make(channel="terminal")
    escalation = escalation_make(conversation)
    agent = staff("agent")
    escalation_claim(escalation_id=escalation.pk, user=agent)

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        escalation_reply(escalation_id=escalation.pk, user=agent, text="Estou aqui.")

    [message] = outbound(conversation)
    assert message.channel == "terminal"
    assert not [callback for callback in callbacks if "whatsapp.deliver" in getattr(callback, "args", ())]


def test_reply_needs_the_escalation_claimed_by_the_one_who_replies(demobank):
    conversation = chat_make()
    escalation = escalation_make(conversation)
    agent, admin = staff("agent"), staff("admin")

    with pytest.raises(EscalationNotClaimed):
        escalation_reply(escalation_id=escalation.pk, user=agent, text="hello")
    escalation_claim(escalation_id=escalation.pk, user=agent)
    with pytest.raises(EscalationAlreadyClaimed):
        escalation_reply(escalation_id=escalation.pk, user=admin, text="hello")
    with pytest.raises(EscalationReplyEmpty):
        escalation_reply(escalation_id=escalation.pk, user=agent, text="   ")

    assert outbound(conversation) == [] and not EscalationReply.objects.filter(escalation=escalation).exists()


def test_resolve_hands_the_chat_back_to_the_bot(demobank):
    conversation = chat_make()
    escalation = escalation_make(conversation)
    agent = staff("agent")
    escalation_claim(escalation_id=escalation.pk, user=agent)

    escalation_resolve(escalation_id=escalation.pk, user=agent, note="Explained the transfer limits.")

    assert not conversation_is_escalated(conversation_id=conversation.pk)
    escalation.refresh_from_db()
    assert escalation.status == Escalation.Status.RESOLVED
    assert (escalation.resolved_by, escalation.resolution_note) == (agent, "Explained the transfer limits.")
    assert escalation.resolved_at is not None
    with pytest.raises(EscalationAlreadyResolved):
        escalation_resolve(escalation_id=escalation.pk, user=agent, note="again")
    with pytest.raises(EscalationAlreadyResolved):
        escalation_reply(escalation_id=escalation.pk, user=agent, text="late")


def test_an_open_escalation_may_be_resolved_without_a_claim(demobank):
    conversation = chat_make()
    escalation = escalation_make(conversation)

    escalation_resolve(escalation_id=escalation.pk, user=staff("admin"), note="Nothing to do: a duplicate.")

    escalation.refresh_from_db()
    assert escalation.status == Escalation.Status.RESOLVED and escalation.claimed_by is None
    assert not conversation_is_escalated(conversation_id=conversation.pk)


def test_someone_elses_claim_cannot_be_resolved(demobank):
    escalation = escalation_make(chat_make())
    escalation_claim(escalation_id=escalation.pk, user=staff("agent"))

    with pytest.raises(EscalationAlreadyClaimed):
        escalation_resolve(escalation_id=escalation.pk, user=staff("admin"), note="mine now")

    escalation.refresh_from_db()
    assert escalation.status == Escalation.Status.CLAIMED


def test_the_queue_lists_open_ones_first_oldest_first_and_no_resolved_ones(demobank):
    claimed_oldest = escalation_make(chat_make(name="A"))
    open_older = escalation_make(chat_make(name="B"))
    resolved = escalation_make(chat_make(name="C"))
    open_newer = escalation_make(chat_make(name="D"))
    escalation_claim(escalation_id=claimed_oldest.pk, user=staff("agent"))
    escalation_resolve(escalation_id=resolved.pk, user=staff("agent"), note="done")

    assert [escalation.pk for escalation in escalation_queue()] == [open_older.pk, open_newer.pk, claimed_oldest.pk]


def test_escalation_open_is_keyword_only_and_accepts_the_ask(demobank):
    conversation = chat_make()
    with pytest.raises(TypeError):
        escalation_open(conversation.pk, None, "g", {}, [])
    escalation = escalation_open(conversation_id=conversation.pk, ask_id=None, guard="g", evidence=None,
                                 drafts=["only one"])
    assert (escalation.first_draft, escalation.second_draft, escalation.evidence) == ("only one", "", {})
