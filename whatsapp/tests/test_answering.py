"""One task per inbound body (`whatsapp.answering`): the body parsed and stored, its message's turn run and the reply
sent in the same task — no `agent.turn` or `whatsapp.deliver` through the broker — and what does not fit (another
conversation in the body, a conversation another attempt holds, an organisation at its cap, a send that must wait)
handed back to the broker or left to the sweepers, never lost and never done twice."""

from __future__ import annotations

import re
import time
from datetime import timedelta

import pytest
from celery.signals import after_task_publish
from django.utils import timezone
from django_tenants.utils import schema_context

from agent.models import Turn
from conversations.models import Conversation, Message
from magie.celery import app as celery_app
from testing.platform import tasks_through_broker
from whatsapp import answering
from whatsapp.admission import admission_reset, turn_admit
from whatsapp.answering import inbound_answer, turn_here
from whatsapp.models import Delivery
from whatsapp.sender import rate_reset
from whatsapp.services import TurnDue, outbound_sweep
from whatsapp.tests.conftest import (
    BANK_NUMBER,
    CUSTOMER,
    _remove_published,
    change,
    encode,
    envelope,
    inbound,
    post,
    signed,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh():
    rate_reset(phone_number_id=BANK_NUMBER)
    admission_reset(schema_name="demobank")
    yield
    admission_reset(schema_name="demobank")


@pytest.fixture
def published():
    """The names of the tasks published to the broker meanwhile (the turns fixture keeps the broker real)."""
    names: list[str] = []
    ids: set[str] = set()

    def record(sender: str | None = None, headers: dict | None = None, **_: object) -> None:
        names.append(str(sender))
        ids.add((headers or {}).get("id", ""))

    after_task_publish.connect(record, weak=False, dispatch_uid="answering-published")
    yield names
    after_task_publish.disconnect(dispatch_uid="answering-published")
    _remove_published(ids)  # no worker of this test takes them


def acknowledged(platform, turns, *messages: dict) -> int:
    """POST a signed body to the webhook; the id of its raw row (its task recorded, not run: the test runs it)."""
    turns.run_inbound = False
    body = encode(envelope(change(BANK_NUMBER, messages=list(messages))))
    assert post(platform, body, **signed(body)).json()["accepted"] is True
    return turns.inbound_ids[-1]


def bank_messages(customer: str = CUSTOMER) -> list[Message]:
    with schema_context("demobank"):
        return list(Message.objects.filter(conversation__customer__channel_user_id=customer).order_by("pk"))


def test_one_task_stores_the_message_runs_its_turn_and_sends_the_reply(platform, turns, fake_graph, published):
    inbound_id = acknowledged(platform, turns, inbound("text", {"body": "qual meu saldo?"}))
    published.clear()
    outcome = inbound_answer(inbound_id=inbound_id)
    assert outcome.stored == 1
    inbound_row, reply = bank_messages()
    assert inbound_row.direction == "in" and reply.direction == "out"
    with schema_context("demobank"):
        assert Message.objects.get(pk=inbound_row.pk).handled_at is not None
        delivery = Delivery.objects.get(message=reply)
        assert delivery.status == "sent" and Message.objects.get(pk=reply.pk).channel_message_id == delivery.wamid
    [sent] = fake_graph.sent()
    assert sent.json["to"] == CUSTOMER and sent.json["text"]["body"] == reply.text
    assert published == []  # no agent.turn, no whatsapp.deliver: the one task did it all
    assert turns.calls == []


def test_the_reply_leaves_from_the_number_the_task_read_when_it_stored_the_message(platform, turns, fake_graph,
                                                                                   published):
    """The inbound task read the number the message came to (its routing): the send does not read it again, and it
    is the customer's route."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    inbound_id = acknowledged(platform, turns, inbound("text", {"body": "qual meu saldo?"}))
    with CaptureQueriesContext(connection) as queries:
        inbound_answer(inbound_id=inbound_id)
    assert sum('FROM "tenants_whatsappchannel"' in query["sql"] for query in queries.captured_queries) == 1
    [sent] = fake_graph.sent()
    assert f"/{BANK_NUMBER}/messages" in sent.path


def test_a_repeated_task_answers_nothing_twice(platform, turns, fake_graph, published):
    inbound_id = acknowledged(platform, turns, inbound("text", {"body": "qual meu saldo?"}))
    inbound_answer(inbound_id=inbound_id)
    again = inbound_answer(inbound_id=inbound_id)  # a redelivered task (acks_late)
    assert again.stored == 0 and again.due == []
    assert len(fake_graph.sent()) == 1
    with schema_context("demobank"):
        assert Turn.objects.filter(message__conversation__customer__channel_user_id=CUSTOMER).count() == 1


def test_two_messages_of_one_customer_are_answered_in_order_by_one_turn_loop(platform, turns, fake_graph, published):
    now = int(time.time())
    inbound_id = acknowledged(platform, turns, inbound("text", {"body": "oi"}, timestamp=now),
                              inbound("text", {"body": "qual meu saldo?"}, timestamp=now + 1))
    published.clear()
    inbound_answer(inbound_id=inbound_id)
    messages = bank_messages()
    assert [m.direction for m in messages] == ["in", "in", "out", "out"]
    with schema_context("demobank"):
        turns_run = list(Turn.objects.filter(message__in=messages[:2]).order_by("pk").values_list("message_id",
                                                                                                    flat=True))
    assert turns_run == [messages[0].pk, messages[1].pk]  # arrival order
    assert [r.json["text"]["body"] for r in fake_graph.sent()] == [messages[2].text, messages[3].text]
    assert published == []


def test_every_conversation_of_a_burst_is_answered_by_the_task_that_stored_it(platform, turns, fake_graph,
                                                                               published):
    other = "5511999990002"
    inbound_id = acknowledged(platform, turns, inbound("text", {"body": "qual meu saldo?"}),
                              inbound("text", {"body": "qual meu saldo?"}, from_=other))
    published.clear()
    inbound_answer(inbound_id=inbound_id)
    assert [request.json["to"] for request in fake_graph.sent()] == [CUSTOMER, other]  # arrival order
    assert published == [] and turns.calls == []


def test_past_the_inline_window_the_other_conversations_are_queued_as_turn_tasks(platform, turns, fake_graph,
                                                                                 published, settings):
    settings.WHATSAPP_ANSWER_INLINE_SECONDS = 0
    other = "5511999990002"
    inbound_id = acknowledged(platform, turns, inbound("text", {"body": "qual meu saldo?"}),
                              inbound("text", {"body": "qual meu saldo?"}, from_=other))
    published.clear()
    inbound_answer(inbound_id=inbound_id)
    [theirs] = bank_messages(other)
    assert turns.message_ids() == [theirs.pk]  # another worker answers them
    assert published == ["agent.turn"]
    assert [request.json["to"] for request in fake_graph.sent()] == [CUSTOMER]  # the first is always answered here


def test_a_conversation_held_by_another_attempt_goes_to_a_turn_task(platform, turns, fake_graph, published):
    first = acknowledged(platform, turns, inbound("text", {"body": "oi"}))
    inbound_answer(inbound_id=first)
    with schema_context("demobank"):
        Conversation.objects.filter(customer__channel_user_id=CUSTOMER).update(
            turn_lease_token="held", turn_lease_holder="another-host:1",
            turn_lease_expires_at=timezone.now() + timedelta(minutes=1))
    second = acknowledged(platform, turns, inbound("text", {"body": "qual meu saldo?"}))
    published.clear()
    inbound_answer(inbound_id=second)
    message = bank_messages()[-1]
    assert message.direction == "in" and message.handled_at is None
    assert turns.message_ids() == [message.pk] and published == ["agent.turn"]  # retried until the holder ends
    assert len(fake_graph.sent()) == 1  # the first message's reply only


def test_an_organisation_at_its_cap_leaves_the_message_waiting(platform, turns, fake_graph, published, settings):
    settings.WHATSAPP_TURNS_IN_FLIGHT = 1
    for message_id in (10**9, 10**9 + 1):  # another worker's turn holds the only slot
        turn_admit(schema_name="demobank", message_id=message_id)
    inbound_id = acknowledged(platform, turns, inbound("text", {"body": "qual meu saldo?"}))
    published.clear()
    inbound_answer(inbound_id=inbound_id)
    [message] = bank_messages()
    assert message.handled_at is None and published == [] and fake_graph.sent() == []


def test_a_send_meta_throttles_goes_to_the_broker_with_its_countdown(platform, turns, fake_graph, published):
    fake_graph.script = [429]
    inbound_id = acknowledged(platform, turns, inbound("text", {"body": "qual meu saldo?"}))
    published.clear()
    inbound_answer(inbound_id=inbound_id)
    reply = bank_messages()[-1]
    with schema_context("demobank"):
        delivery = Delivery.objects.get(message=reply)
        assert delivery.status == "pending" and delivery.due_at is not None  # the outbound sweeper's fallback
    assert published == ["whatsapp.deliver"]  # retried after the number's pause, by a task
    assert [request.status for request in fake_graph.requests] == [429]


def test_a_reply_whose_hand_off_was_lost_is_sent_by_the_outbound_sweeper(platform, turns, fake_graph, published,
                                                                          settings):
    """The worker died between the turn's commit and the send: the reply has no delivery; the sweeper sends it."""
    turns.run_inbound = True  # stored by the service, its turn not run
    body = encode(envelope(change(BANK_NUMBER, messages=[inbound("text", {"body": "qual meu saldo?"})])))
    post(platform, body, **signed(body))
    [message] = bank_messages()
    turns.calls.clear()
    with schema_context("demobank"):
        [reply] = turn_here(due=TurnDue(schema_name="demobank", conversation_id=message.conversation_id,
                                        message_id=message.pk))
        assert not Delivery.objects.filter(message=reply).exists()
    assert fake_graph.sent() == [] and "whatsapp.deliver" not in published
    settings.WHATSAPP_OUTBOX_SWEEP_AFTER_SECONDS = 0
    with schema_context("demobank"):
        Message.objects.filter(pk=reply.pk).update(created_at=timezone.now() - timedelta(seconds=1))
    published.clear()
    with schema_context("demobank"):
        assert outbound_sweep().get("demobank") == 1
    assert published == ["whatsapp.deliver"]


def test_a_real_worker_answers_a_webhook_with_one_task(graph_worker, platform):
    graph, worker, queue = graph_worker([200])
    message = inbound("text", {"body": "qual meu saldo?"}, from_="5511999990001")
    body = encode(envelope(change(BANK_NUMBER, messages=[message])))
    with tasks_through_broker(queue):
        assert post(platform, body, **signed(body)).json()["accepted"] is True
    deadline = time.monotonic() + 120
    while not graph.sent():
        assert time.monotonic() < deadline, worker.output()[-3000:]
        time.sleep(0.1)
    time.sleep(1.0)  # a second send or a late task would show
    assert len(graph.sent()) == 1
    tasks = re.findall(r"Task ([\w.]+)\[[^\]]+\] succeeded", worker.output())
    assert tasks == ["whatsapp.inbound_process"], tasks


# ------------------------------------------------------------------ a number's bodies taken by its queued task


@pytest.fixture
def queued():
    """The webhook's inbound tasks really published and left queued, as behind a busy worker (not run, their
    numbers' queued marks kept): their body ids, in publish order. Removed from the broker afterwards."""
    ids: list[int] = []
    task_ids: set[str] = set()

    def record(sender: str | None = None, headers: dict | None = None, body: object = None, **_: object) -> None:
        if sender == "whatsapp.inbound_process" and isinstance(body, (list, tuple)):
            ids.append(int(body[0][0]))
            task_ids.add((headers or {}).get("id", ""))

    after_task_publish.connect(record, weak=False, dispatch_uid="answering-queued")
    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = False
    try:
        yield ids
    finally:
        celery_app.conf.task_always_eager = eager
        after_task_publish.disconnect(dispatch_uid="answering-queued")
        _remove_published(task_ids)


def customers(count: int) -> list[str]:
    return [f"551199999{n:04d}" for n in range(1, count + 1)]


def post_text(platform, customer: str) -> None:
    body = encode(envelope(change(BANK_NUMBER, messages=[inbound("text", {"body": "qual meu saldo?"},
                                                                  from_=customer)])))
    assert post(platform, body, **signed(body)).json()["accepted"] is True


def turns_of(numbers: list[str]) -> int:
    with schema_context("demobank"):
        return Turn.objects.filter(message__conversation__customer__channel_user_id__in=numbers).count()


def test_bodies_that_come_while_their_numbers_task_is_queued_are_taken_by_that_task(platform, queued, fake_graph):
    three = customers(3)
    for customer in three:
        post_text(platform, customer)
    assert len(queued) == 1  # the first body's task; the next two found it queued
    outcome = inbound_answer(inbound_id=queued[0])
    assert (outcome.bodies, outcome.stored) == (3, 3)
    assert [request.json["to"] for request in fake_graph.sent()] == three  # arrival order, each once
    post_text(platform, three[0])  # that task has started: a new body publishes its own
    assert len(queued) == 2
    # the first task redelivered (acks_late) takes the new body too: whichever runs first, it is stored once
    assert inbound_answer(inbound_id=queued[0]).stored + inbound_answer(inbound_id=queued[1]).stored == 1
    assert [request.json["to"] for request in fake_graph.sent()] == [*three, three[0]]
    assert turns_of(three) == 4


def test_bodies_left_to_a_task_lost_with_the_broker_are_taken_by_the_next_task_of_their_number(platform, queued,
                                                                                              fake_graph, settings):
    settings.WHATSAPP_INBOUND_SWEEP_AFTER_SECONDS = 1  # the queued mark lapses after a second
    three = customers(3)
    post_text(platform, three[0])
    post_text(platform, three[1])
    assert len(queued) == 1  # and that task is lost
    time.sleep(1.2)
    post_text(platform, three[2])
    assert len(queued) == 2
    outcome = inbound_answer(inbound_id=queued[1])
    assert outcome.stored == 3
    assert [request.json["to"] for request in fake_graph.sent()] == three


def test_a_task_takes_a_bounded_share_of_its_numbers_backlog_and_queues_the_rest(platform, queued, fake_graph,
                                                                                settings, monkeypatch):
    settings.WHATSAPP_INBOUND_BATCH = 2
    monkeypatch.setattr(answering, "DRAIN_BATCHES", 2)
    seven = customers(7)
    for customer in seven:
        post_text(platform, customer)
    assert len(queued) == 1
    assert inbound_answer(inbound_id=queued[0]).bodies == 5  # its body, then two batches of two
    assert len(queued) == 2  # the rest: a task of their own, at the back of the queue
    assert inbound_answer(inbound_id=queued[1]).bodies == 2
    assert [request.json["to"] for request in fake_graph.sent()] == seven
    assert turns_of(seven) == 7


def test_a_body_alone_on_its_numbers_task_costs_no_read_of_the_others(platform, queued, fake_graph):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    post_text(platform, CUSTOMER)
    with CaptureQueriesContext(connection) as queries:
        assert inbound_answer(inbound_id=queued[0]).stored == 1
    assert sum("whatsapp_inbound_inboundbody" in query["sql"] for query in queries.captured_queries) == 1


def test_past_the_window_each_task_answers_the_batch_it_took_and_leaves_the_rest_to_another(platform, queued,
                                                                                           fake_graph, settings,
                                                                                           published):
    settings.WHATSAPP_ANSWER_INLINE_SECONDS = 0  # a slow machine: every turn ends past the window
    settings.WHATSAPP_INBOUND_BATCH = 2
    five = customers(5)
    for customer in five:
        post_text(platform, customer)
    taken = []
    for index in range(5):
        if index == len(queued):
            break
        taken.append(inbound_answer(inbound_id=queued[index]).bodies)
    assert taken == [1, 2, 2]  # its own body; then a task for the rest, the oldest batch first
    assert [request.json["to"] for request in fake_graph.sent()] == five  # each answered by the task that took it
    assert "agent.turn" not in published


def test_without_a_redis_for_the_queued_mark_every_body_is_published(settings, monkeypatch):
    """A broker of another kind and no rate Redis (no URL Redis can read): the mark is skipped, the body published
    as usual, never left to the sweeper."""
    from whatsapp import services, strangers

    settings.WHATSAPP_RATE_REDIS_URL = ""
    settings.CELERY_BROKER_URL = "amqp://guest:guest@127.0.0.1:5672//"
    monkeypatch.setattr(strangers, "_client", None)
    assert services.inbound_queued_take(number="15550001111") is True
    assert services.inbound_queued_release(numbers=["15550001111"]) is True
