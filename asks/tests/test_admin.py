"""The Ask's page in the back office: its decisions, slot events and transitions, whatever their number."""

from django.db import connection
from django_tenants.utils import schema_context

from asks.models import Decision, SlotEvent
from asks.tests.chat import Chat
from testing.organisations import page_queries, signed_in


def test_an_ask_page_costs_the_same_for_more_decisions_and_slot_events(demobank):
    """Each inline row names its message: joined to the rows, not one query per decision, event or transition."""
    chat = Chat("pt-BR")
    ask = chat.say("manda 200 pro Pedro").ask
    assert ask is not None
    connection.set_schema_to_public()
    url = f"/admin/asks/ask/{ask.pk}/change/"
    client = signed_in("demobank", "admin")
    page_queries(client, url)  # the session's first statements are not the page's
    few = page_queries(client, url)
    with schema_context("demobank"):
        for amount in (300, 400, 500):
            chat.say(f"muda o valor pra {amount}")
        assert (Decision.objects.filter(ask=ask).count(), SlotEvent.objects.filter(ask=ask).count()) == (4, 5)
    assert page_queries(client, url) == few
