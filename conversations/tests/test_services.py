"""The conversation store: inbound messages once per channel id, the outbox, the bookkeeping a turn relies on."""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection

from conversations.models import Conversation, Customer, Message
from conversations.services import (
    conversation_touch,
    customer_get_or_create,
    message_mark_handled,
    message_set_channel_id,
    message_store_inbound,
    message_store_outbound,
)
from testing.platform import run_together

T0 = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def inbound(channel_id: str, *, at: datetime = T0, user: str = "5511900000001", **fields) -> tuple[Message, bool]:
    stored = message_store_inbound(channel_user_id=user, channel_message_id=channel_id, sent_at=at, **fields)
    return stored.message, stored.created


def test_a_redelivered_message_is_the_first_row_and_nothing_more(demobank):
    first, created = inbound("wamid.1", text="oi")
    again, created_again = inbound("wamid.1", text="oi (redelivered)")
    assert (created, created_again) == (True, False)
    assert again.pk == first.pk and Message.objects.get(pk=first.pk).text == "oi"
    assert Message.objects.count() == 1


def test_two_deliveries_racing_store_one_message(committed):
    from tenants.models import Organisation

    bank = Organisation.objects.get(schema_name="demobank")
    results = run_together(2, lambda i: message_store_inbound(
        channel_user_id="5511900000009", channel_message_id="wamid.race", sent_at=T0, text="oi").created,
        organisation=bank)
    assert sorted(results) == [False, True]
    connection.set_tenant(bank)
    assert Message.objects.filter(channel_message_id="wamid.race").count() == 1


def test_a_new_customer_gets_one_conversation_and_a_changed_profile_name_is_kept(demobank):
    inbound("wamid.1", name="Carla")
    inbound("wamid.2", name="Carla Souza")
    customer = Customer.objects.get(channel_user_id="5511900000001")
    assert customer.name == "Carla Souza" and Conversation.objects.filter(customer=customer).count() == 1
    assert customer_get_or_create(channel_user_id="5511900000001").pk == customer.pk


def test_the_service_window_opens_at_the_latest_message_and_never_moves_back(demobank):
    later, _ = inbound("wamid.2", at=T0 + timedelta(minutes=5))
    inbound("wamid.1", at=T0)  # delivered late, sent earlier
    assert Conversation.objects.get(pk=later.conversation_id).last_inbound_at == T0 + timedelta(minutes=5)


def test_edits_deletions_and_system_notices_are_stored_with_the_original_they_name(demobank):
    original, _ = inbound("wamid.1", text="manda 200 pro Pedro")
    edit, _ = inbound("wamid.2", kind=Message.Kind.EDIT, text="manda 300 pro Pedro", reply_to="wamid.1")
    deletion, _ = inbound("wamid.3", kind=Message.Kind.DELETION, reply_to="wamid.1")
    notice, _ = inbound("wamid.4", kind=Message.Kind.SYSTEM, text="O número mudou")
    assert [m.kind for m in (edit, deletion, notice)] == ["edit", "deletion", "system"]
    assert (edit.reply_to, deletion.reply_to, deletion.text) == ("wamid.1", "wamid.1", "")


def test_a_whatsapp_reply_queues_its_delivery_by_name_after_commit_and_a_terminal_one_does_not(
        demobank, django_capture_on_commit_callbacks):
    message, _ = inbound("wamid.1")
    from whatsapp.models import Delivery

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        reply = message_store_outbound(conversation=message.conversation, text="Olá", sent_at=T0)
        terminal = message_store_outbound(conversation=message.conversation, text="Olá", sent_at=T0, channel="terminal")
    queued = [callback for callback in callbacks if callback.__name__ == "task_queue_after_commit"]
    assert len(queued) == 1 and not Delivery.objects.exists()  # nothing before the commit (the rest: live pages)
    queued[0]()  # the commit: the channel's task runs (eager; the integration off: marked sent locally)
    assert list(Delivery.objects.values_list("message_id", "status")) == [(reply.pk, "sent")]
    assert terminal.pk != reply.pk
    assert reply.direction == "out" and reply.channel_message_id.startswith("local-")
    assert reply.kind == Message.Kind.TEXT


def test_a_reply_with_buttons_is_a_button_message(demobank):
    message, _ = inbound("wamid.1")
    reply = message_store_outbound(conversation=message.conversation, text="Confirma?", sent_at=T0,
                                   buttons=[{"id": "b1", "title": "Sim"}], channel="terminal")
    assert reply.kind == Message.Kind.BUTTON and reply.buttons == [{"id": "b1", "title": "Sim"}]


def test_the_channel_id_replaces_the_local_one_so_swipe_replies_find_the_reply(demobank):
    message, _ = inbound("wamid.1")
    reply = message_store_outbound(conversation=message.conversation, text="Olá", sent_at=T0, channel="terminal")
    message_set_channel_id(message_id=reply.pk, channel_message_id="wamid.out.1")
    assert Message.objects.get(channel_message_id="wamid.out.1").pk == reply.pk


def test_marking_handled_keeps_the_first_time(demobank):
    message, _ = inbound("wamid.1")
    message_mark_handled(message_id=message.pk, at=T0 + timedelta(seconds=1))
    message_mark_handled(message_id=message.pk, at=T0 + timedelta(hours=1))
    assert Message.objects.get(pk=message.pk).handled_at == T0 + timedelta(seconds=1)


def test_touching_a_conversation_moves_its_version(demobank):
    message, _ = inbound("wamid.1")
    before = Conversation.objects.get(pk=message.conversation_id).version
    conversation_touch(conversation_id=message.conversation_id)
    conversation_touch(conversation_id=message.conversation_id)
    assert Conversation.objects.get(pk=message.conversation_id).version == before + 2


@pytest.mark.parametrize("kind", ["edit", "deletion", "system"])
def test_the_notice_kinds_fit_their_column(demobank, kind):
    assert len(kind) <= Message._meta.get_field("kind").max_length
    assert Message.Kind(kind).value == kind


def test_a_new_customers_first_message_is_one_statement_after_the_read_with_their_conversation(demobank):
    """(Its live notification, sent at commit: inbox/tests/test_live_push.py.)"""
    from django.test.utils import CaptureQueriesContext

    from whatsapp.models import CustomerRoute
    from whatsapp.services import _route_upsert

    with CaptureQueriesContext(connection) as queries:
        stored = message_store_inbound(channel_user_id="5511900000001", channel_message_id="wamid.first", sent_at=T0,
                                       name="Carla", phone="+5511900000001",
                                       also=lambda sql, params: _route_upsert(sql, params, phone_number_id="77"))
    writes = [query["sql"] for query in queries.captured_queries if not query["sql"].startswith(("SELECT", "SET"))]
    assert stored.created and len(writes) == 1 and "pg_notify" in writes[0]
    customer = Customer.objects.get(channel_user_id="5511900000001")
    conversation = Conversation.objects.get(customer=customer)
    assert (customer.name, customer.phone, customer.is_sandbox) == ("Carla", "+5511900000001", False)
    assert (stored.message.conversation_id, stored.message.conversation.customer_id) == (conversation.pk, customer.pk)
    assert conversation.last_inbound_at == T0
    assert CustomerRoute.objects.get(customer=customer).phone_number_id == "77"
    second, created = inbound("wamid.second", at=T0 + timedelta(minutes=1), name="Carla")
    assert created and second.conversation_id == conversation.pk
    assert Customer.objects.filter(channel_user_id="5511900000001").count() == 1


def test_a_new_customers_first_message_that_was_stored_already_makes_the_customer_and_leaves_the_window_shut(
        demobank):
    stored, _ = inbound("wamid.known", user="5511900000002")
    again, created = inbound("wamid.known", user="5511900000003")  # a redelivery naming someone new
    assert not created and again.pk == stored.pk
    newcomer = Customer.objects.get(channel_user_id="5511900000003")
    assert Conversation.objects.get(customer=newcomer).last_inbound_at is None
    assert Message.objects.count() == 1


def test_a_new_customers_first_message_racing_the_same_customers_first_makes_one_customer(committed):
    from tenants.models import Organisation

    bank = Organisation.objects.get(schema_name="demobank")
    results = run_together(2, lambda i: message_store_inbound(
        channel_user_id="5511900000010", channel_message_id=f"wamid.race-{i}", sent_at=T0, text="oi").created,
        organisation=bank)
    assert results == [True, True]
    connection.set_tenant(bank)
    customer = Customer.objects.get(channel_user_id="5511900000010")
    assert Conversation.objects.filter(customer=customer).count() == 1
    assert Message.objects.filter(conversation__customer=customer).count() == 2
