"""The open chat as agents live it: per-agent unread counts on the list (cleared when that agent opens the chat,
not when a colleague does), the list ordered by the customer's last message, and the "messages since" read the open
chat polls (new ones only, marked read on the way, bad input refused)."""

from __future__ import annotations

from datetime import timedelta

from django.db import connection
from django.utils import timezone

from conversations.models import Conversation
from conversations.services import message_store_inbound
from inbox.selectors import InboxFilters, escalation_inbox
from inbox.tests.helpers import chat_make, escalation_make, staff
from testing.organisations import signed_in


def customer_says(conversation: Conversation, text: str, *, minutes_ago: int = 0):
    return message_store_inbound(channel_user_id=conversation.customer.channel_user_id, text=text,
                                 channel_message_id=f"wamid.live-{text}-{conversation.pk}", name="",
                                 sent_at=timezone.now() - timedelta(minutes=minutes_ago)).message


def unread_of(username: str) -> dict[int, int]:
    listed = escalation_inbox(user=staff(username), filters=InboxFilters())
    return {e.pk: e.unread for e in listed}  # type: ignore[attr-defined]


def test_unread_counts_are_per_agent_and_the_list_follows_the_last_customer_message(demobank):
    older = escalation_make(chat_make(texts=("primeira",), name="Ana"))
    newer = escalation_make(chat_make(texts=("segunda",), name="Bia"))
    assert [e.pk for e in escalation_inbox(user=staff("agent"), filters=InboxFilters())] == [newer.pk, older.pk]
    assert unread_of("agent") == {older.pk: 1, newer.pk: 1}

    customer_says(older.conversation, "ainda estou aqui")  # Ana wrote last: her chat goes to the top
    assert [e.pk for e in escalation_inbox(user=staff("agent"), filters=InboxFilters())] == [older.pk, newer.pk]
    assert unread_of("agent") == {older.pk: 2, newer.pk: 1}

    connection.set_schema_to_public()
    signed_in("demobank", "agent").get(f"/inbox/{older.pk}/")
    connection.set_schema("demobank")
    assert unread_of("agent") == {older.pk: 0, newer.pk: 1}  # opened: read
    assert unread_of("admin") == {older.pk: 2, newer.pk: 1}  # a colleague's reading is not theirs


def test_the_open_chat_polls_only_what_arrived_and_it_is_marked_read(demobank):
    escalation = escalation_make(chat_make(texts=("oi",), name="Caio"))
    last_shown = escalation.conversation.messages.get().pk
    connection.set_schema_to_public()
    client = signed_in("demobank", "admin")
    assert client.get(f"/inbox/{escalation.pk}/").status_code == 200  # the chat is open on the admin's screen
    assert client.get(f"/inbox/{escalation.pk}/messages/?after={last_shown}").content.decode().strip() == ""

    connection.set_schema("demobank")
    fresh = customer_says(escalation.conversation, "chegou agora")
    assert unread_of("admin")[escalation.pk] == 1
    connection.set_schema_to_public()
    body = client.get(f"/inbox/{escalation.pk}/messages/?after={last_shown}").content.decode()
    assert f'data-message="{fresh.pk}"' in body and "chegou agora" in body and f'data-message="{last_shown}"' not in body
    assert client.get(f"/inbox/{escalation.pk}/messages/?after={fresh.pk}").content.decode().strip() == ""
    assert client.get(f"/inbox/{escalation.pk}/messages/?after=abc").status_code == 400
    assert client.get(f"/inbox/{escalation.pk}/messages/").status_code == 400
    assert client.get(f"/inbox/{escalation.pk + 10_000}/messages/?after=0").status_code == 404
    connection.set_schema("demobank")
    assert unread_of("admin")[escalation.pk] == 0
    assert unread_of("agent")[escalation.pk] == 2


def test_the_list_links_have_ids_so_a_refresh_gives_focus_back(demobank):
    escalation = escalation_make(chat_make(name="Davi"))
    connection.set_schema_to_public()
    pane = signed_in("demobank", "agent").get("/inbox/list/").content.decode()
    assert f'id="open-{escalation.pk}"' in pane and 'id="tab-all"' in pane
    assert 'data-unread="1"' in pane
