"""The outbox cannot lose a reply: the outbound sweeper publishes the delivery of every reply whose task is presumed
lost (never handed to a worker, a retry lost with the broker, a send stuck past its lease), oldest first, each with
a lease so that what is merely queued is not published again."""

from __future__ import annotations

from datetime import timedelta

import pytest
from celery.signals import after_task_publish
from django.utils import timezone

from conversations.models import Message
from magie.celery import app as celery_app
from whatsapp.models import Delivery
from whatsapp.services import outbound_sweep
from whatsapp.tests.test_delivery import reply

pytestmark = pytest.mark.django_db


@pytest.fixture
def published():
    """The delivery tasks published to the broker (schema, message id), taken off the queue afterwards."""
    found: list[tuple] = []

    def record(sender=None, body=None, **_):
        if sender == "whatsapp.deliver":
            found.append(tuple(body[0]))

    after_task_publish.connect(record, weak=False, dispatch_uid="outbox-test")
    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = False
    yield found
    celery_app.conf.task_always_eager = eager
    after_task_publish.disconnect(dispatch_uid="outbox-test")
    with celery_app.connection_for_write() as broker:
        broker.default_channel.queue_purge("celery")


def aged(message: Message, seconds: int) -> Message:
    Message.objects.filter(pk=message.pk).update(created_at=timezone.now() - timedelta(seconds=seconds))
    return message


def pending(message: Message, due_in: int) -> Message:
    Delivery.objects.create(message=message, due_at=timezone.now() + timedelta(seconds=due_in))
    return message


def test_lost_deliveries_are_published_once_per_lease_oldest_first_and_queued_ones_are_left(
        demobank, settings, published):
    settings.WHATSAPP_OUTBOX_SWEEP_AFTER_SECONDS = 30
    never_handed = aged(reply("nunca entregue"), 90)  # no Delivery row: its hand-off was lost
    older_never_handed = aged(reply("mais antiga"), 300)
    retry_lost = pending(aged(reply("retry perdido"), 600), due_in=-60)  # its retry should have run a minute ago
    waiting = pending(aged(reply("esperando"), 600), due_in=120)  # a retry's countdown still running
    fresh = reply("recém-criada")  # its task is in the queue right now
    assert outbound_sweep() == {"demobank": 3}
    assert published == [("demobank", message.pk) for message in (older_never_handed, never_handed, retry_lost)]
    assert Delivery.objects.get(message=never_handed).status == "pending"
    assert not Delivery.objects.filter(message=fresh).exists()
    assert Delivery.objects.get(message=waiting).due_at > timezone.now()

    published.clear()
    assert outbound_sweep() == {}  # leased: what it published is queued, not lost
    Delivery.objects.filter(message=retry_lost).update(due_at=timezone.now() - timedelta(seconds=31))
    assert outbound_sweep() == {"demobank": 1} and published == [("demobank", retry_lost.pk)]


def test_a_sweep_is_bounded_per_organisation(demobank, settings, published):
    for n in range(5):
        aged(reply(f"perdida {n}"), 120)
    assert outbound_sweep(limit_per_organisation=2) == {"demobank": 2}
    assert outbound_sweep(limit_per_organisation=2) == {"demobank": 2}
    assert outbound_sweep(limit_per_organisation=2) == {"demobank": 1}
    assert len(set(published)) == 5


def test_a_retry_records_when_it_is_due(demobank, fake_graph):
    fake_graph.script = [503]
    message = reply()
    from whatsapp.services import delivery_send

    outcome = delivery_send(message_id=message.pk)
    delivery = Delivery.objects.get(message=message)
    assert delivery.status == "pending" and delivery.due_at is not None
    assert abs((delivery.due_at - timezone.now()).total_seconds() - outcome.retry_in) < 5
