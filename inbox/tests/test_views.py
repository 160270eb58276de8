"""The queue page on an organisation's host: agents and admins act, auditors read, other organisations see nothing."""

from __future__ import annotations

import pytest
from django.db import connection
from django_tenants.utils import schema_context

from conversations.models import Message
from inbox.models import Escalation
from inbox.tests.helpers import chat_make, escalation_make, staff
from tenants.tests.test_admin import signed_in


@pytest.fixture
def escalated(demobank):
    """An open escalation of a demobank chat, with the connection back in public for the clients."""
    conversation = chat_make(texts=("quero mandar 500 pro João", "é a conta 12345-6"), name="Maria Teste")
    escalation = escalation_make(conversation)
    connection.set_schema_to_public()
    return escalation


def reloaded(escalation: Escalation) -> Escalation:
    with schema_context("demobank"):
        return Escalation.objects.select_related("claimed_by", "resolved_by").get(pk=escalation.pk)


def test_the_agent_sees_the_queue_with_the_note_the_drafts_and_the_chat(escalated):
    response = signed_in("demobank", "agent").get("/inbox/")

    assert response.status_code == 200
    page = response.content.decode()
    for text in ("no_full_account_number", "O rascunho mostrou um número de conta completo: «12345-6».",  # pt-BR
                 "Your account 12345-6 is ready.",
                 "Account 12345-6, all set.", "quero mandar 500 pro João", "é a conta 12345-6", "Maria Teste"):
        assert text in page, text
    assert f'action="/inbox/{escalated.pk}/claim/"' in page
    assert "csrfmiddlewaretoken" in page


def test_the_agent_claims_replies_and_resolves_through_the_page(escalated):
    client = signed_in("demobank", "agent")

    assert client.post(f"/inbox/{escalated.pk}/claim/").status_code == 302
    page = client.get("/inbox/").content.decode()
    assert f'action="/inbox/{escalated.pk}/reply/"' in page
    assert client.post(f"/inbox/{escalated.pk}/reply/", {"text": "Oi Maria, aqui é a Ana."}).status_code == 302
    assert client.post(f"/inbox/{escalated.pk}/resolve/", {"note": "done"}).status_code == 302

    escalation = reloaded(escalated)
    assert escalation.status == Escalation.Status.RESOLVED
    assert escalation.claimed_by.username == escalation.resolved_by.username == "agent"
    with schema_context("demobank"):
        reply, closing = escalation.replies.select_related("message", "author")
        assert (reply.author.username, reply.message.text, reply.message.channel) == (
            "agent", "Oi Maria, aqui é a Ana.", "whatsapp")
        assert (closing.author.username, closing.message.channel) == ("agent", "whatsapp")
        assert closing.message.text.startswith("Este atendimento com a nossa equipe foi encerrado")
    assert 'data-empty="inbox"' in client.get("/inbox/").content.decode()


def test_a_refused_action_shows_its_code_and_changes_nothing(escalated):
    with schema_context("demobank"):
        from inbox.services import escalation_claim

        escalation_claim(escalation_id=escalated.pk, user=staff("admin"))
    client = signed_in("demobank", "agent")

    response = client.post(f"/inbox/{escalated.pk}/claim/", follow=True)

    assert "escalation_already_claimed" in response.content.decode()
    assert reloaded(escalated).claimed_by.username == "admin"


def test_the_auditor_reads_the_queue_but_cannot_act(escalated):
    client = signed_in("demobank", "auditor")

    page = client.get("/inbox/")
    assert page.status_code == 200 and "O rascunho mostrou um número de conta completo" in page.content.decode()
    assert f"/inbox/{escalated.pk}/claim/" not in page.content.decode()
    assert client.post(f"/inbox/{escalated.pk}/claim/").status_code == 403
    assert client.post(f"/inbox/{escalated.pk}/resolve/", {"note": "x"}).status_code == 403

    escalation = reloaded(escalated)
    assert escalation.status == Escalation.Status.OPEN and escalation.claimed_by is None


def test_the_auditor_cannot_reply_even_to_a_claimed_escalation(escalated):
    with schema_context("demobank"):
        from inbox.services import escalation_claim

        escalation_claim(escalation_id=escalated.pk, user=staff("auditor"))  # the service does not check roles
    client = signed_in("demobank", "auditor")

    assert client.post(f"/inbox/{escalated.pk}/reply/", {"text": "hi"}).status_code == 403

    with schema_context("demobank"):
        assert not Message.objects.filter(conversation_id=escalated.conversation_id, direction="out").exists()


def test_anonymous_visitors_are_sent_to_the_login(escalated, host_client):
    client = host_client("demobank")
    response = client.get("/inbox/")
    assert response.status_code == 302 and response["Location"].startswith("/admin/login/")
    assert client.post(f"/inbox/{escalated.pk}/claim/").status_code == 302
    assert reloaded(escalated).status == Escalation.Status.OPEN


def test_actions_answer_only_to_post(escalated):
    client = signed_in("demobank", "agent")
    assert client.get(f"/inbox/{escalated.pk}/claim/").status_code == 405
    assert reloaded(escalated).status == Escalation.Status.OPEN


def test_another_organisation_sees_and_touches_nothing_of_demobank(escalated):
    client = signed_in("demostore", "admin")

    page = client.get("/inbox/").content.decode()
    assert "12345-6" not in page and "Maria Teste" not in page
    client.post(f"/inbox/{escalated.pk}/claim/")
    client.post(f"/inbox/{escalated.pk}/resolve/")

    assert reloaded(escalated).status == Escalation.Status.OPEN
    with schema_context("demostore"):
        assert not Escalation.objects.exists()


def test_a_demobank_agent_cannot_even_sign_in_on_demostore(escalated, host_client):
    from django.contrib.auth.models import Group

    from inbox.tests.helpers import staff_create

    with schema_context("demobank"):
        staff_create(username="ana.demobank", password="ana-password", group=Group.objects.get(name="agent"))
    assert host_client("demobank").post(
        "/admin/login/", {"username": "ana.demobank", "password": "ana-password"}).status_code == 302

    other = host_client("demostore")
    response = other.post("/admin/login/", {"username": "ana.demobank", "password": "ana-password"})
    assert response.status_code == 200  # the form again: demostore's schema has no such user
    assert other.get("/inbox/").status_code == 302  # still anonymous there
