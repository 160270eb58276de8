"""Escalations in the back office's admin: readable by every role, changeable by none (people act in the inbox)."""

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.utils import timezone, translation
from django_tenants.utils import schema_context

from inbox.models import Escalation, EscalationNote, EscalationReply, SatisfactionRating
from inbox.tests.helpers import chat_make, escalation_make
from tenants.tests.test_admin import signed_in


@pytest.fixture
def escalated(demobank):
    escalation = escalation_make(chat_make())
    connection.set_schema_to_public()
    return escalation


@pytest.mark.parametrize("username", ["auditor", "agent", "admin"])
def test_every_role_reads_escalations_in_the_admin(escalated, username):
    client = signed_in("demobank", username)
    listing = client.get("/admin/inbox/escalation/")
    assert listing.status_code == 200 and "no_full_account_number" in listing.content.decode()
    detail = client.get(f"/admin/inbox/escalation/{escalated.pk}/change/")
    assert detail.status_code == 200 and "Account 12345-6, all set." in detail.content.decode()
    assert 'name="_save"' not in detail.content.decode()


def test_the_auditor_cannot_change_an_escalation_in_the_admin(escalated):
    client = signed_in("demobank", "auditor")
    response = client.post(f"/admin/inbox/escalation/{escalated.pk}/change/", {"guard": "changed", "status": "resolved"})
    assert response.status_code == 403
    assert client.post(f"/admin/inbox/escalation/{escalated.pk}/delete/", {"post": "yes"}).status_code == 403
    with schema_context("demobank"):
        escalation = Escalation.objects.get(pk=escalated.pk)
        assert (escalation.guard, escalation.status) == ("no_full_account_number", "open")


def test_the_escalation_list_costs_the_same_for_more_escalations(escalated):
    """Each row names who claimed and who resolved it: those users come with the rows, not two queries a row."""
    from inbox.services import escalation_claim, escalation_resolve
    from inbox.tests.helpers import staff
    from testing.organisations import page_queries

    client = signed_in("demobank", "admin")
    page_queries(client, "/admin/inbox/escalation/")  # the session's first statements are not the list's
    few = page_queries(client, "/admin/inbox/escalation/")
    with schema_context("demobank"):
        for _ in range(3):
            escalation = escalation_make(chat_make())
            escalation_claim(escalation_id=escalation.pk, user=staff("agent"))
            escalation_resolve(escalation_id=escalation.pk, user=staff("agent"), note="done")
    assert page_queries(client, "/admin/inbox/escalation/") == few


def test_an_escalation_page_costs_the_same_for_more_replies_and_notes(escalated):
    """Its replies name their author and message, its notes their author: joined to the inline rows."""
    from inbox.services import escalation_claim, escalation_note_add, escalation_reply
    from inbox.tests.helpers import staff
    from testing.organisations import page_queries

    url = f"/admin/inbox/escalation/{escalated.pk}/change/"
    with schema_context("demobank"):
        escalation_claim(escalation_id=escalated.pk, user=staff("agent"))
        escalation_reply(escalation_id=escalated.pk, user=staff("agent"), text="Oi, já vejo isso.")
        escalation_note_add(escalation_id=escalated.pk, user=staff("agent"), text="Ligou também.")
    client = signed_in("demobank", "admin")
    page_queries(client, url)  # the session's first statements are not the page's
    few = page_queries(client, url)
    with schema_context("demobank"):
        for index in range(3):
            escalation_reply(escalation_id=escalated.pk, user=staff("agent"), text=f"Mais uma, {index}.")
            escalation_note_add(escalation_id=escalated.pk, user=staff("admin"), text=f"Nota {index}.")
    assert page_queries(client, url) == few


# How the records name themselves: in the reader's language and time zone, by the chat's number and the moment ------

MOMENT = datetime(2026, 12, 5, 12, 30, tzinfo=UTC)  # 09:30 in São Paulo
NAMES = {
    "en": ("Escalated chat 12, 12/05/2026 9:30 a.m.", "Reply by a person in escalated chat 12, 12/05/2026 9:30 a.m.",
           "Private note on escalated chat 12, 12/05/2026 9:30 a.m.", "Rating 4 of 5 for escalated chat 12"),
    "pt-br": ("Conversa encaminhada 12, 05/12/2026 09:30",
              "Resposta de uma pessoa na conversa encaminhada 12, 05/12/2026 09:30",
              "Nota privada da conversa encaminhada 12, 05/12/2026 09:30", "Avaliação 4 de 5 da conversa encaminhada 12"),
    "es": ("Conversación derivada 12, 05/12/2026 09:30",
           "Respuesta de una persona en la conversación derivada 12, 05/12/2026 09:30",
           "Nota privada de la conversación derivada 12, 05/12/2026 09:30",
           "Valoración 4 de 5 de la conversación derivada 12"),
    "ca": ("Conversa derivada 12, 05/12/2026 9:30", "Resposta d'una persona a la conversa derivada 12, 05/12/2026 9:30",
           "Nota privada de la conversa derivada 12, 05/12/2026 9:30", "Valoració 4 de 5 de la conversa derivada 12"),
}

UNSAVED = {"en": "Private note on escalated chat 12, no date yet",
           "pt-br": "Nota privada da conversa encaminhada 12, ainda sem data",
           "es": "Nota privada de la conversación derivada 12, aún sin fecha",
           "ca": "Nota privada de la conversa derivada 12, encara sense data"}


@pytest.mark.parametrize("language", sorted(NAMES))
def test_an_escalation_its_replies_notes_and_rating_name_themselves_in_the_readers_words(language):
    records = (Escalation(pk=12, created_at=MOMENT), EscalationReply(escalation_id=12, created_at=MOMENT),
               EscalationNote(escalation_id=12, created_at=MOMENT), SatisfactionRating(escalation_id=12, score=4))
    with translation.override(language), timezone.override(ZoneInfo("America/Sao_Paulo")):
        assert tuple(map(str, records)) == NAMES[language]
        assert str(EscalationNote(escalation_id=12)) == UNSAVED[language]  # before it is stamped


def test_the_escalation_and_rating_pages_name_replies_notes_and_the_rating_in_portuguese(escalated):
    """The inline rows and the pages' titles read as the reader's language says them, not as a developer's."""
    from conversations.models import Message
    from inbox.services import escalation_claim, escalation_note_add, escalation_reply
    from inbox.tests.helpers import staff

    with schema_context("demobank"):
        escalation_claim(escalation_id=escalated.pk, user=staff("agent"))
        escalation_reply(escalation_id=escalated.pk, user=staff("agent"), text="Oi, já vejo isso.")
        escalation_note_add(escalation_id=escalated.pk, user=staff("agent"), text="Ligou também.")
        tap = Message.objects.create(
            conversation=escalated.conversation, direction=Message.Direction.INBOUND, channel="whatsapp",
            channel_message_id=f"wamid.rating-{escalated.pk}", kind=Message.Kind.LIST, text="5", payload="",
            sent_at=timezone.now())
        rating = SatisfactionRating.objects.create(escalation=escalated, score=5, message=tap, agent=staff("agent"))
    client = signed_in("demobank", "admin")
    page = client.get(f"/admin/inbox/escalation/{escalated.pk}/change/").content.decode()
    assert f"Conversa encaminhada {escalated.pk}, " in page
    assert f"Resposta de uma pessoa na conversa encaminhada {escalated.pk}, " in page
    assert f"Nota privada da conversa encaminhada {escalated.pk}, " in page
    assert not re.search(r"\b(Escalation|Reply|Note) \d", page)
    page = client.get(f"/admin/inbox/satisfactionrating/{rating.pk}/change/").content.decode()
    assert f"Avaliação 5 de 5 da conversa encaminhada {escalated.pk}" in page
    assert not re.search(r"\b(Rating|Escalation) \d", page)


@pytest.mark.parametrize("language, expected", [("pt-br", "agent viu: Saldo e Pix recentes"),
                                                ("es", "agent vio: "), ("ca", "agent va veure: ")])
def test_a_showing_of_bank_data_names_itself_in_the_readers_words(demobank, language, expected):
    from django.contrib.auth import get_user_model
    from django.utils import timezone, translation

    from inbox.models import CustomerDataView

    shown = CustomerDataView(viewer=get_user_model()(username="agent"), viewed_at=timezone.now())
    with translation.override(language):
        assert str(shown).startswith(expected) and "Customer data view" not in str(shown)
