"""The webhook's publishing thread (whatsapp.publisher): close() hands a stored body's publish to it without waiting,
it publishes in arrival order, a full queue leaves the body to the sweeper, and a forked child gets a thread of its
own. Through the real server with a hung broker: test_broker_down.py."""

from __future__ import annotations

import json
import logging
import os
import threading

import pytest
from celery.signals import after_task_publish
from opentelemetry import context

from whatsapp import publisher
from whatsapp.inbound.models import InboundBody
from whatsapp.publisher import PUBLISHER, InboundPublisher, PublishDue
from whatsapp.tests.conftest import change, encode, envelope, inbound, post, signed


def due(inbound_id: int) -> PublishDue:
    return PublishDue(inbound_id=inbound_id, numbers=(), trace_context=context.get_current())


@pytest.mark.django_db
def test_the_webhook_publishes_on_the_publishing_thread_in_arrival_order(platform, turns, settings):
    settings.WHATSAPP_PUBLISH_AFTER_RESPONSE = "thread"
    turns.run_inbound = False  # the publish only: parsing would read this test's uncommitted rows from that thread
    threads: list[str] = []

    def record_thread(sender: str | None = None, **_: object) -> None:
        if sender == "whatsapp.inbound_process":
            threads.append(threading.current_thread().name)

    after_task_publish.connect(record_thread, weak=False, dispatch_uid="publisher-test-threads")
    try:
        for n in range(5):
            body = encode(envelope(change(messages=[inbound("text", {"body": f"oi {n}"})])))
            assert post(platform, body, **signed(body)).json() == {"status": "ok", "accepted": True}
        assert PUBLISHER.drain(30)
    finally:
        after_task_publish.disconnect(dispatch_uid="publisher-test-threads")
    assert turns.inbound_ids == list(InboundBody.objects.order_by("pk").values_list("pk", flat=True))
    assert threads == ["whatsapp-publisher"] * 5  # none on the request thread


def test_a_full_queue_is_not_waited_for_and_leaves_the_body_to_the_sweeper(monkeypatch, caplog):
    started, gate, published = threading.Event(), threading.Event(), []

    def publish_held(*, inbound_id: int, numbers: tuple[str, ...]) -> None:  # a broker that hangs
        started.set()
        gate.wait(30)
        published.append(inbound_id)

    monkeypatch.setattr(publisher, "inbound_publish", publish_held)
    own = InboundPublisher(capacity=2)
    assert own.hand_off(due(1))
    assert started.wait(30)  # the thread holds the first; two more fill the queue
    with caplog.at_level(logging.WARNING, logger="whatsapp.publisher"):
        assert [own.hand_off(due(n)) for n in (2, 3, 4)] == [True, True, False]
    assert "whatsapp inbound 4 stored; 2 publishes already queued in this process, the sweeper will publish it" in (
        caplog.text)
    gate.set()
    assert own.drain(30)
    assert published == [1, 2, 3]


def test_a_forked_child_publishes_on_a_thread_of_its_own(monkeypatch):
    published: list[tuple[int, int]] = []
    monkeypatch.setattr(publisher, "inbound_publish",
                        lambda *, inbound_id, numbers: published.append((os.getpid(), inbound_id)))
    own = InboundPublisher(capacity=8)
    assert own.hand_off(due(1)) and own.drain(30)  # the parent's thread is running
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # the child: its parent's thread is not there; a hand-off starts one
        try:
            outcome = own.hand_off(due(2)) and own.drain(30)
            os.write(write, json.dumps([outcome, published]).encode())
        finally:
            os._exit(0)
    os.close(write)
    os.waitpid(child, 0)
    with os.fdopen(read) as answer:
        outcome, seen = json.loads(answer.read())
    assert outcome is True and seen == [[os.getpid(), 1], [child, 2]]
    assert published == [(os.getpid(), 1)]  # the parent's list: the child's publish was the child's
