"""The inbox as agents work it: tabs, filters, search, pages, the list pane the page polls, private notes,
reassignment, canned replies, a resolution that needs a note and tells the customer in their language, and typed
text kept when an action is refused."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django_tenants.utils import schema_context

from conversations.models import Message
from inbox.errors import EscalationAssigneeInvalid, EscalationNoteEmpty, EscalationResolveNoteRequired
from inbox.models import CannedReply, Escalation, EscalationNote
from inbox.selectors import InboxFilters, escalation_inbox, escalation_tab_counts
from inbox.services import (
    escalation_claim,
    escalation_note_add,
    escalation_reassign,
    escalation_resolve,
)
from inbox.tests.helpers import chat_make, escalation_make, staff
from testing.organisations import signed_in


def test_tabs_filters_and_search_choose_the_chats(demobank):
    mine = escalation_make(chat_make(name="Ana Lima"))
    open_one = escalation_make(chat_make(name="Bruno Dias"), guard="unsupported_amount")
    other = escalation_make(chat_make(name="Carla Reis"))
    escalation_claim(escalation_id=mine.pk, user=staff("agent"))
    escalation_claim(escalation_id=other.pk, user=staff("admin"))
    Escalation.objects.filter(pk=other.pk).update(created_at=open_one.created_at - timedelta(days=2))
    agent = staff("agent")

    def chosen(**filters) -> list[int]:
        return [e.pk for e in escalation_inbox(user=agent, filters=InboxFilters(**filters))]

    assert chosen(tab="mine") == [mine.pk]
    assert chosen(tab="unassigned") == [open_one.pk]
    assert set(chosen()) == {mine.pk, open_one.pk, other.pk}
    assert chosen(guard="unsupported_amount") == [open_one.pk]
    assert chosen(q="bruno") == [open_one.pk]
    assert chosen(q=open_one.conversation.customer.channel_user_id[-6:]) == [open_one.pk]
    assert chosen(age="old") == [other.pk]
    assert set(chosen(age="1h")) == {mine.pk, open_one.pk}
    assert escalation_tab_counts(user=agent) == {"all": 3, "unassigned": 1, "mine": 1}


def test_the_language_of_the_chat_is_kept_for_the_filter_and_the_closing_message(demobank):
    from asks.tests.chat import Chat

    chat = Chat("es", customer="5491100002222")
    chat.say("quiero mandar 100 a Pedro")
    escalation = escalation_make(chat.last_message.conversation)

    assert escalation.language == "es"
    escalation_resolve(escalation_id=escalation.pk, user=staff("agent"), note="Atendido por teléfono.")

    closing, rating = Message.objects.filter(conversation=escalation.conversation, direction="out").order_by("pk")
    assert rating.text.startswith("¿Cómo valoras")  # then the satisfaction question, in the same language
    assert closing.text == "Hemos cerrado esta atención con nuestro equipo. Si necesitas algo más, escríbenos."
    assert closing.escalation_reply.author == staff("agent")


def test_resolving_needs_a_note_and_a_refusal_changes_nothing(demobank):
    escalation = escalation_make(chat_make())

    with pytest.raises(EscalationResolveNoteRequired):
        escalation_resolve(escalation_id=escalation.pk, user=staff("agent"), note="   ")

    escalation.refresh_from_db()
    assert escalation.status == Escalation.Status.OPEN
    assert not Message.objects.filter(conversation=escalation.conversation, direction="out").exists()


def test_an_unclaimed_unanswered_escalation_is_never_closed_silently(demobank):
    escalation = escalation_make(chat_make())

    escalation_resolve(escalation_id=escalation.pk, user=staff("admin"), note="Duplicate of another chat.")

    closing, rating = Message.objects.filter(conversation=escalation.conversation, direction="out").order_by("pk")
    assert closing.text.startswith("Este atendimento com a nossa equipe foi encerrado")  # demobank speaks pt-BR
    assert rating.text.startswith("Como você avalia o atendimento") and len(rating.buttons) == 5


def test_private_notes_are_kept_for_staff_and_never_sent(demobank):
    escalation = escalation_make(chat_make())

    escalation_note_add(escalation_id=escalation.pk, user=staff("agent"), text="Customer called the branch too.")
    with pytest.raises(EscalationNoteEmpty):
        escalation_note_add(escalation_id=escalation.pk, user=staff("agent"), text=" ")

    assert [n.text for n in EscalationNote.objects.filter(escalation=escalation)] == ["Customer called the branch too."]
    assert not Message.objects.filter(conversation=escalation.conversation, direction="out").exists()


def test_reassign_gives_the_chat_to_another_agent_but_not_to_an_auditor(demobank):
    escalation = escalation_make(chat_make())
    escalation_claim(escalation_id=escalation.pk, user=staff("agent"))

    escalation_reassign(escalation_id=escalation.pk, user=staff("agent"), to_user=staff("admin"))
    escalation.refresh_from_db()
    assert (escalation.status, escalation.claimed_by) == (Escalation.Status.CLAIMED, staff("admin"))

    with pytest.raises(EscalationAssigneeInvalid):
        escalation_reassign(escalation_id=escalation.pk, user=staff("admin"), to_user=staff("auditor"))
    escalation.refresh_from_db()
    assert escalation.claimed_by == staff("admin")


@pytest.fixture
def many(demobank):
    made = [escalation_make(chat_make(name=f"Cliente {index:02d}")) for index in range(30)]
    CannedReply.objects.create(title="Saudação", text="Olá! Sou da equipe e vou te ajudar.", language="pt-BR")
    CannedReply.objects.create(title="Saludo", text="¡Hola!", language="es")
    connection.set_schema_to_public()
    return made


def test_the_list_pages_and_the_list_pane_is_served_alone_for_polling(many):
    client = signed_in("demobank", "agent")

    first = client.get("/inbox/").content.decode()
    second = client.get("/inbox/?page=2").content.decode()
    pane = client.get("/inbox/list/?tab=unassigned")

    assert first.count('class="item status-open') == 25 and second.count('class="item status-open') == 5
    assert 'data-page="1" data-pages="2"' in first and "página 1 de 2" in first  # demobank's staff read pt-BR
    assert 'class="why" title="no_full_account_number"' in first  # the guard named by staff.labels, its code on hover
    assert pane.status_code == 200 and pane.content.decode().startswith('<div id="inbox-list"')
    assert 'hx-trigger="every 2s"' in pane.content.decode() and "<html" not in pane.content.decode()
    assert 'htmx-2.min.js' in first


def test_the_detail_offers_the_organisations_canned_replies_for_the_customers_language(many):
    client = signed_in("demobank", "agent")
    escalation = many[0]
    client.post(f"/inbox/{escalation.pk}/claim/")

    page = client.get(f"/inbox/{escalation.pk}/").content.decode()

    # no language recorded: the organisation's (demobank serves pt-BR first)
    assert "Olá! Sou da equipe e vou te ajudar." in page and "¡Hola!" not in page
    with schema_context("demobank"):
        CannedReply.objects.create(title="Para todos", text="Um momento, por favor.", language="")
        Escalation.objects.filter(pk=escalation.pk).update(language="es")
    page = client.get(f"/inbox/{escalation.pk}/").content.decode()
    assert "¡Hola!" in page and "Um momento, por favor." in page  # the chat's language, and any-language replies
    assert "Olá! Sou da equipe e vou te ajudar." not in page  # a Portuguese reply is not offered in a Spanish chat


def test_a_refused_resolution_keeps_what_was_typed_elsewhere_and_says_why(many):
    client = signed_in("demobank", "agent")
    escalation = many[0]
    client.post(f"/inbox/{escalation.pk}/claim/")
    with schema_context("demobank"):
        escalation_reassign(escalation_id=escalation.pk, user=staff("agent"), to_user=staff("admin"))

    response = client.post(f"/inbox/{escalation.pk}/reply/", {"text": "Um texto longo que eu não quero perder."})

    assert response.status_code == 400
    page = response.content.decode()
    assert "escalation_already_claimed" in page
    assert "Um texto longo que eu não quero perder." in page
    with schema_context("demobank"):
        assert not Message.objects.filter(conversation_id=escalation.conversation_id, direction="out").exists()


def test_the_auditor_reads_the_inbox_but_sees_no_actions(many):
    page = signed_in("demobank", "auditor").get(f"/inbox/{many[0].pk}/").content.decode()

    assert "Cliente 00" in page and "/claim/" not in page and "/note/" not in page
