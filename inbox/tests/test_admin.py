"""Escalations in the back office's admin: readable by every role, changeable by none (people act in the inbox)."""

import pytest
from django.db import connection
from django_tenants.utils import schema_context

from inbox.models import Escalation
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
