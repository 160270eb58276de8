"""Outbound recovery: a send whose outcome is unknown is sent again at most once and marked possibly duplicated; a
delivery that finally fails, or a `failed` receipt, opens an item in the staff inbox; a worker SIGKILLed while
sending (a real worker, the fake Graph server over real HTTP) still delivers the reply once; the outbound sweeper
queues deliveries stuck in `sending` past their lease."""

from __future__ import annotations

import signal
import time
from datetime import timedelta

import psutil
import pytest
from celery.signals import after_task_publish
from django.utils import timezone
from django_tenants.utils import schema_context

from conversations.models import Conversation, Message
from conversations.services import customer_get_or_create, message_store_outbound
from inbox.models import Escalation
from magie.celery import app as celery_app
from whatsapp.models import Delivery
from whatsapp.sender import rate_reset
from whatsapp.services import DONE, RETRY, delivery_send, outbound_sweep
from whatsapp.tests.conftest import BANK_NUMBER, CUSTOMER, change, encode, envelope, post, signed, status
from whatsapp.tests.test_delivery import reply, send_until_done


@pytest.fixture(autouse=True)
def _fresh_rate():
    rate_reset(phone_number_id=BANK_NUMBER)
    yield
    rate_reset(phone_number_id=BANK_NUMBER)


@pytest.mark.django_db
def test_a_send_that_times_out_twice_is_sent_twice_at_most_then_failed_and_escalated(
        demobank, fake_graph, settings, django_capture_on_commit_callbacks):
    settings.WHATSAPP_HTTP_TIMEOUT_SECONDS = 0.3
    fake_graph.script = [(200, 1.0)] * 5  # Meta answers, but only after the caller gave up: it may have accepted
    message = reply("Seu Pix de R$ 50,00 foi enviado.")
    with django_capture_on_commit_callbacks(execute=True):
        assert send_until_done(message) == [RETRY, DONE]
    delivery = Delivery.objects.get(message=message)
    assert len(fake_graph.requests) == 2  # at most two sends
    assert delivery.status == "failed" and delivery.possibly_duplicated
    assert [attempt["unknown"] for attempt in delivery.attempts] == [True, True]
    escalation = Escalation.objects.get(conversation=message.conversation)
    assert escalation.guard == "delivery_failed" and "outcome unknown twice" in escalation.evidence["error"]
    assert [note["guard"] for note in escalation.notes] == ["delivery_possibly_duplicated"]  # told at the resend
    assert escalation.evidence["delivery_id"] == delivery.pk


@pytest.mark.django_db
def test_a_timeout_then_an_answer_is_sent_marked_possibly_duplicated_and_staff_are_told(
        demobank, fake_graph, settings, django_capture_on_commit_callbacks):
    settings.WHATSAPP_HTTP_TIMEOUT_SECONDS = 0.3
    fake_graph.script = [(200, 1.0), 200]
    message = reply()
    with django_capture_on_commit_callbacks(execute=True):
        assert send_until_done(message) == [RETRY, DONE]
    delivery = Delivery.objects.get(message=message)
    assert (delivery.status, delivery.possibly_duplicated, delivery.wamid) == ("sent", True, "wamid.FAKE-2")
    notice = Escalation.objects.get(conversation=message.conversation)
    assert notice.guard == "delivery_possibly_duplicated" and notice.evidence["delivery_id"] == delivery.pk
    from inbox.selectors import conversation_is_escalated

    assert not conversation_is_escalated(conversation_id=message.conversation_id)  # the bot goes on


def test_a_timeout_is_waited_out_and_metas_receipt_settles_it_without_a_second_send(
        demobank, fake_graph, settings, platform, turns, django_capture_on_commit_callbacks):
    """The send's answer is lost (a timeout after Meta read it); before sending again, the delivery waits
    (WHATSAPP_UNKNOWN_OUTCOME_WAIT_SECONDS), and Meta's `sent` receipt — which echoes the send's
    biz_opaque_callback_data — names the delivery: it is sent, under the receipt's wamid, once."""
    settings.WHATSAPP_HTTP_TIMEOUT_SECONDS = 0.3
    fake_graph.script = [(200, 1.0)]
    message = reply()
    outcome = delivery_send(message_id=message.pk)
    assert outcome.state == RETRY and outcome.retry_in == settings.WHATSAPP_UNKNOWN_OUTCOME_WAIT_SECONDS
    [request] = fake_graph.requests
    callback = request.json["biz_opaque_callback_data"]
    receipt = {**status("wamid.FROM-META-1", "sent", int(time.time())), "biz_opaque_callback_data": callback}
    body = encode(envelope(change(statuses=[receipt])))
    with django_capture_on_commit_callbacks(execute=True):
        assert post(platform, body, **signed(body)).status_code == 200
    with schema_context("demobank"):
        delivery = Delivery.objects.get(message=message)
        assert (delivery.status, delivery.wamid, delivery.possibly_duplicated) == ("sent", "wamid.FROM-META-1", False)
        assert delivery_send(message_id=message.pk).state == DONE  # the waiting retry finds it settled
        assert len(fake_graph.requests) == 1 and not Escalation.objects.exists()
        assert Message.objects.get(pk=message.pk).channel_message_id == "wamid.FROM-META-1"  # swipe-replies find it


def test_a_receipt_for_a_first_send_after_the_second_was_accepted_marks_a_duplicate(
        demobank, fake_graph, settings, platform, turns, django_capture_on_commit_callbacks):
    settings.WHATSAPP_HTTP_TIMEOUT_SECONDS = 0.3
    fake_graph.script = [(200, 1.0), 200]
    message = reply()
    with django_capture_on_commit_callbacks(execute=True):
        send_until_done(message)
    delivery = Delivery.objects.get(message=message)
    callback = fake_graph.requests[0].json["biz_opaque_callback_data"]
    receipt = {**status("wamid.FIRST-SEND", "delivered", int(time.time())), "biz_opaque_callback_data": callback}
    body = encode(envelope(change(statuses=[receipt])))
    with django_capture_on_commit_callbacks(execute=True):
        post(platform, body, **signed(body))
    with schema_context("demobank"):
        delivery.refresh_from_db()
        assert (delivery.status, delivery.wamid, delivery.possibly_duplicated) == ("sent", "wamid.FAKE-2", True)


def test_a_receipt_naming_another_organisations_delivery_id_settles_nothing(demobank, fake_graph, settings):
    settings.WHATSAPP_HTTP_TIMEOUT_SECONDS = 0.3
    fake_graph.script = [(200, 1.0)]
    message = reply()
    delivery_send(message_id=message.pk)
    from whatsapp.payloads import StatusItem
    from whatsapp.services import status_record

    forged = StatusItem(phone_number_id=BANK_NUMBER, wamid="wamid.X", status="failed", at=timezone.now(),
                        recipient_id="", callback_data=f"magie-delivery:{Delivery.objects.get(message=message).pk}")
    status_record(item=forged)  # a failed status is not a proof of acceptance
    assert Delivery.objects.get(message=message).status == "pending"


@pytest.mark.django_db
def test_a_refused_connection_is_not_an_unknown_outcome(demobank, settings):
    settings.WHATSAPP_GRAPH_URL = "http://127.0.0.1:9/v21.0"  # nothing listens on the discard port
    settings.WHATSAPP_SEND_MAX_ATTEMPTS = 3
    message = reply()
    send_until_done(message)
    delivery = Delivery.objects.get(message=message)
    assert delivery.status == "failed" and not delivery.possibly_duplicated
    assert [attempt["unknown"] for attempt in delivery.attempts] == [False, False, False]


@pytest.mark.django_db
def test_a_final_4xx_opens_an_inbox_item_with_the_reason(demobank, fake_graph, django_capture_on_commit_callbacks):
    fake_graph.script = [400]
    message = reply()
    with django_capture_on_commit_callbacks(execute=True):
        send_until_done(message)
    escalation = Escalation.objects.get(conversation=message.conversation)
    assert escalation.guard == "delivery_failed" and "Invalid parameter" in escalation.evidence["error"]
    assert escalation.evidence["error_code"] == 100


@pytest.mark.django_db
def test_a_failed_receipt_opens_an_inbox_item(platform, turns, fake_graph, django_capture_on_commit_callbacks):
    with schema_context("demobank"):
        message = reply()
        send_until_done(message)
        wamid = Delivery.objects.get(message=message).wamid
    receipt = status(wamid, "failed", int(time.time()), errors=[{"code": 131047, "title": "Re-engagement message"}])
    body = encode(envelope(change(statuses=[receipt])))
    with django_capture_on_commit_callbacks(execute=True):
        assert post(platform, body, **signed(body)).status_code == 200
    with schema_context("demobank"):
        escalation = Escalation.objects.get(conversation=message.conversation)
        assert escalation.guard == "delivery_failed" and "Re-engagement message" in escalation.evidence["error"]
        assert escalation.evidence["error_code"] == 131047


@pytest.mark.django_db
def test_the_outbound_sweeper_queues_sending_past_its_lease_only(demobank, settings):
    settings.WHATSAPP_SENDING_STALE_SECONDS = 60
    stuck, fresh = reply(), reply()
    for message, age in ((stuck, 120), (fresh, 5)):
        delivery = Delivery.objects.create(message=message)
        delivery.claim()
        delivery.save()
        Delivery.objects.filter(pk=delivery.pk).update(claimed_at=timezone.now() - timedelta(seconds=age))
    published: list[tuple] = []

    def record(sender=None, body=None, **_):
        if sender == "whatsapp.deliver":
            published.append(tuple(body[0]))

    after_task_publish.connect(record, weak=False, dispatch_uid="sweep-test")
    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = False
    try:
        assert outbound_sweep() == {"demobank": 1}
    finally:
        celery_app.conf.task_always_eager = eager
        after_task_publish.disconnect(dispatch_uid="sweep-test")
        with celery_app.connection_for_write() as broker:
            broker.default_channel.queue_purge("celery")
    assert published == [("demobank", stuck.pk)]


def test_the_sweepers_are_in_the_beat_schedule():
    tasks = {entry["task"] for entry in celery_app.conf.beat_schedule.values()}
    assert {"whatsapp.sweep_sending", "whatsapp.sweep_inbound", "whatsapp.sweep_unhandled",
            "magie.heartbeat"} <= tasks


def wait_for(predicate, what: str, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_worker_sigkilled_while_sending_delivers_the_reply_once_after_recovery(graph_worker, monkeypatch):
    """The first call hangs at Meta (and is finally not accepted); the worker child sending it is SIGKILLed. The
    task comes back (acks_late), waits out the 2-second lease, records the unknown outcome and sends once more."""
    monkeypatch.setenv("WHATSAPP_SENDING_STALE_SECONDS", "2")
    graph, worker, queue = graph_worker([(503, 4.0), 200])
    with schema_context("demobank"):
        customer = customer_get_or_create(channel_user_id=CUSTOMER)
        conversation = Conversation.objects.get(customer=customer)
        conversation.last_inbound_at = timezone.now()
        conversation.save()
        message = message_store_outbound(conversation=conversation, text="Seu saldo é R$ 5.000,00.",
                                         sent_at=timezone.now(), channel=Message.Channel.TERMINAL)
        Message.objects.filter(pk=message.pk).update(channel=Message.Channel.WHATSAPP)
    celery_app.conf.task_always_eager = False
    try:
        celery_app.signature("whatsapp.deliver", args=("demobank", message.pk), queue=queue,
                             headers={"_schema_name": "demobank"}).apply_async()
    finally:
        celery_app.conf.task_always_eager = True

    def status_of() -> str:
        with schema_context("demobank"):
            return Delivery.objects.filter(message_id=message.pk).values_list("status", flat=True).first() or ""

    wait_for(lambda: status_of() == "sending" and len(graph.requests) == 1, "the first send to be in flight")
    for child in psutil.Process(worker.process.pid).children():
        child.send_signal(signal.SIGKILL)
    try:
        wait_for(lambda: status_of() == "sent", "the reply to be delivered after recovery")
    except AssertionError:
        raise AssertionError(worker.output()[-4000:]) from None
    with schema_context("demobank"):
        delivery = Delivery.objects.get(message_id=message.pk)
        assert Message.objects.get(pk=message.pk).channel_message_id == delivery.wamid == "wamid.FAKE-2"
    assert len(graph.sent()) == 1 and len(graph.requests) == 2  # accepted once; sent at most twice
    assert delivery.possibly_duplicated and delivery.attempts[0]["unknown"] is True
    assert "WorkerLostError" in worker.output() or "SIGKILL" in worker.output()
