"""Receipts: every one logged once, the delivery only moves forward, `failed` yields to proof of delivery."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from conversations.models import Conversation
from conversations.services import customer_get_or_create, message_store_outbound
from whatsapp.models import Delivery, DeliveryEvent
from whatsapp.services import delivery_send
from whatsapp.tests.conftest import CUSTOMER, change, encode, envelope, post, signed, status

pytestmark = pytest.mark.django_db
T0 = 1_700_000_000


def sent_reply(settings) -> Delivery:
    """An outbound message delivered (simulated mode) so it has a wamid."""
    with schema_context("demobank"):
        customer = customer_get_or_create(channel_user_id=CUSTOMER)
        conversation = Conversation.objects.get(customer=customer)
        conversation.last_inbound_at = timezone.now()
        conversation.save()
        message = message_store_outbound(conversation=conversation, text="Seu saldo é R$ 10", sent_at=timezone.now())
        delivery_send(message_id=message.pk)
        return Delivery.objects.get(message=message)


def receipts(platform, wamid: str, *items: tuple[str, int, list | None]):
    body = encode(envelope(change(statuses=[status(wamid, state, at, errors) for state, at, errors in items])))
    response = post(platform, body, **signed(body))
    assert response.status_code == 200, response.content
    return response


def current(delivery: Delivery) -> Delivery:
    with schema_context("demobank"):
        return Delivery.objects.get(pk=delivery.pk)


def test_in_order_receipts_walk_sent_delivered_read(platform, settings):
    delivery = sent_reply(settings)
    receipts(platform, delivery.wamid, ("sent", T0, None), ("delivered", T0 + 1, None), ("read", T0 + 2, None))
    delivery = current(delivery)
    assert delivery.status == "read" and delivery.status_at == datetime.fromtimestamp(T0 + 2, tz=UTC)
    with schema_context("demobank"):
        assert list(DeliveryEvent.objects.filter(delivery=delivery).values_list("status", "applied")) == [
            ("sent", True), ("delivered", True), ("read", True)]


@pytest.mark.parametrize("seed", range(6))
def test_shuffled_receipts_end_on_the_latest_and_all_are_logged(platform, settings, seed):
    delivery = sent_reply(settings)
    items = [("sent", T0, None), ("delivered", T0 + 1, None), ("read", T0 + 2, None)]
    random.Random(seed).shuffle(items)
    for item in items:  # one webhook each, in the shuffled order
        receipts(platform, delivery.wamid, item)
    assert current(delivery).status == "read"
    with schema_context("demobank"):
        assert DeliveryEvent.objects.filter(wamid=delivery.wamid).count() == 3


def test_a_late_delivered_does_not_undo_read(platform, settings):
    delivery = sent_reply(settings)
    receipts(platform, delivery.wamid, ("read", T0 + 2, None))
    receipts(platform, delivery.wamid, ("delivered", T0 + 1, None))
    assert current(delivery).status == "read"
    with schema_context("demobank"):
        assert DeliveryEvent.objects.get(wamid=delivery.wamid, status="delivered").applied is False


def test_failed_keeps_its_error_code_and_title(platform, settings):
    delivery = sent_reply(settings)
    receipts(platform, delivery.wamid, ("failed", T0 + 1, [{"code": 131047, "title": "Re-engagement message",
                                                             "message": "More than 24 hours have passed"}]))
    delivery = current(delivery)
    assert (delivery.status, delivery.error_code, delivery.error_title) == ("failed", 131047, "Re-engagement message")
    with schema_context("demobank"):
        assert DeliveryEvent.objects.get(wamid=delivery.wamid).errors[0]["code"] == 131047


def test_failed_after_delivered_is_logged_but_ignored(platform, settings):
    delivery = sent_reply(settings)
    receipts(platform, delivery.wamid, ("delivered", T0 + 1, None))
    receipts(platform, delivery.wamid, ("failed", T0 + 2, [{"code": 131000, "title": "Something went wrong"}]))
    assert current(delivery).status == "delivered"


def test_read_after_failed_proves_the_message_arrived(platform, settings):
    delivery = sent_reply(settings)
    receipts(platform, delivery.wamid, ("failed", T0 + 1, [{"code": 131026, "title": "Message undeliverable"}]))
    receipts(platform, delivery.wamid, ("read", T0 + 5, None))
    assert current(delivery).status == "read"


def test_a_redelivered_receipt_is_one_event(platform, settings):
    delivery = sent_reply(settings)
    receipts(platform, delivery.wamid, ("delivered", T0 + 1, None))
    receipts(platform, delivery.wamid, ("delivered", T0 + 1, None))
    with schema_context("demobank"):
        assert DeliveryEvent.objects.filter(wamid=delivery.wamid).count() == 1


def test_a_receipt_before_the_wamid_is_known_is_applied_when_it_is(platform, settings, fake_graph):
    """Meta may notify `delivered` before the send call's answer is committed: the event waits for its wamid."""
    fake_graph.script = [200]
    receipts(platform, "wamid.FAKE-1", ("delivered", T0 + 1, None))
    with schema_context("demobank"):
        assert DeliveryEvent.objects.get(wamid="wamid.FAKE-1").delivery is None
    delivery = sent_reply(settings)
    assert delivery.wamid == "wamid.FAKE-1"
    assert current(delivery).status == "delivered"
