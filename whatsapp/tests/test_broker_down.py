"""The webhook never waits for a broker that is down, and loses nothing meanwhile: a publish gives the broker at
most its timeout, a failed one pauses publishing (the circuit) so the next acknowledgements do not try at all, and
the inbound sweeper publishes every body once the broker is back. After-commit callbacks are named, so Django's
robust path logs a failing one and still runs the others."""

from __future__ import annotations

import http.client
import json
import logging
import os
import socket
import threading
import time
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone
from django_tenants.utils import schema_context

from conversations.models import Message
from magie import queueing
from magie.celery import app as celery_app
from testing.servers import PlatformProcess
from whatsapp.inbound.models import InboundBody
from whatsapp.services import raw_inbound_sweep
from whatsapp.tests.conftest import BANK_NUMBER, change, encode, envelope, inbound, post, signed

pytestmark = pytest.mark.django_db


class HungBroker:
    """A TCP port that accepts connections and never answers (a broker stopped with SIGSTOP, or a dead route)."""

    def __init__(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.accepted: list[socket.socket] = []
        self._thread = threading.Thread(target=self._accept, daemon=True)
        self._thread.start()

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            self.accepted.append(connection)

    def close(self) -> None:
        self.listener.close()
        for connection in self.accepted:
            connection.close()


def forget_producer() -> None:
    if queueing._held.producer is not None:
        try:
            queueing._held.producer.connection.release()
        except Exception:  # noqa: BLE001 — the hung broker's connection
            pass
        queueing._held.producer = None


@pytest.fixture
def hung_broker(monkeypatch):
    broker = HungBroker()
    url, transport = hung_broker_restore()
    hung_url = f"redis://127.0.0.1:{broker.port}/0"
    monkeypatch.setenv("CELERY_BROKER_URL", hung_url)  # Celery reads the environment before its own setting
    celery_app.conf.broker_url, celery_app.conf.broker_transport = hung_url, None
    forget_producer()
    yield broker
    celery_app.conf.broker_url, celery_app.conf.broker_transport = url, transport
    forget_producer()
    broker.close()


def test_with_the_broker_hung_the_acks_do_not_wait_for_it_and_the_sweeper_publishes_every_body(
        platform, turns, hung_broker, caplog):
    bodies = [encode(envelope(change(messages=[inbound("text", {"body": f"oi {n}"})]))) for n in range(10)]
    waited = []
    with caplog.at_level(logging.WARNING, logger="whatsapp.services"):
        for body in bodies:
            started = time.monotonic()
            response = post(platform, body, **signed(body))
            waited.append(time.monotonic() - started)
            assert response.json() == {"status": "ok", "accepted": True}  # stored: Meta must not redeliver
    # One acknowledgement tried the broker (on one connection, then once more on a new one); the circuit then
    # kept the nine others from trying at all.
    assert 1 <= len(hung_broker.accepted) <= 2
    assert queueing.publish_circuit.is_open
    assert caplog.text.count("the broker is unavailable, the sweeper will publish it") == 9
    # The one that tried waited for its timeouts, not for kombu's retries (~12 s before the timeout was set).
    assert max(waited) < 10 * settings.MAGIE_PUBLISH_TIMEOUT_SECONDS
    assert InboundBody.objects.filter(processed_at__isnull=True).count() == 10 and turns.inbound_ids == []

    suite_url, suite_transport = hung_broker_restore()
    os.environ["CELERY_BROKER_URL"] = suite_url  # the suite's broker is back (monkeypatch undoes it after the test)
    celery_app.conf.broker_url, celery_app.conf.broker_transport = suite_url, suite_transport
    forget_producer()
    assert raw_inbound_sweep(older_than_seconds=0) == 0  # paused: nothing tried, nothing lost
    queueing.publish_circuit.reset()
    assert raw_inbound_sweep(older_than_seconds=0) == 10
    assert len(turns.inbound_ids) == 10 and InboundBody.objects.filter(processed_at__isnull=True).count() == 0
    with schema_context("demobank"):
        assert sorted(Message.objects.filter(direction="in").values_list("text", flat=True)) == sorted(
            f"oi {n}" for n in range(10))


def test_a_queued_mark_unreadable_in_the_brokers_redis_opens_the_circuit_and_the_broker_is_not_tried(
        hung_broker, settings, monkeypatch, caplog):
    """The queued mark and the broker in one Redis, hung: the mark's timeout counts as the broker failing, so the
    publish is not tried (no connection of its own to the hung broker, no second timeout) and the next ones wait
    for nothing; the body is left to the sweeper."""
    from whatsapp import strangers
    from whatsapp.services import inbound_publish

    settings.CELERY_BROKER_URL, settings.WHATSAPP_RATE_REDIS_URL = celery_app.conf.broker_url, ""
    settings.WHATSAPP_INBOUND_BATCH = 4
    monkeypatch.setattr(strangers, "_client", None)  # the mark's client: on the hung broker
    eager, celery_app.conf.task_always_eager = celery_app.conf.task_always_eager, False
    try:
        with caplog.at_level(logging.WARNING, logger="whatsapp.services"):
            assert inbound_publish(inbound_id=1, numbers=[BANK_NUMBER]) is False
        assert queueing.publish_circuit.is_open
        assert len(hung_broker.accepted) == 1  # the mark's connection; the publish never connected
        assert f"the queued mark of {BANK_NUMBER} is unreadable" in caplog.text
        assert "the broker is unavailable, the sweeper will publish it" in caplog.text
        assert inbound_publish(inbound_id=2, numbers=[BANK_NUMBER]) is False  # the circuit: the mark is not tried
        assert len(hung_broker.accepted) == 1
    finally:
        celery_app.conf.task_always_eager = eager


def test_through_the_server_the_200_leaves_before_the_publish_waits_for_a_hung_broker(committed):
    """`make run`'s web server (granian), its broker hung for longer than Meta waits: the 200 comes back at once
    with the body committed, and only then does the publish try the broker (and give up; the sweeper publishes)."""
    broker = HungBroker()
    platform = PlatformProcess(web_workers=1, extra_args=("--no-worker", "--no-seed"), extra_env={
        "CELERY_BROKER_URL": f"redis://127.0.0.1:{broker.port}/0", "MAGIE_PUBLISH_TIMEOUT_SECONDS": "30",
        # the count of failed signatures (whatsapp.strangers) away from the hung broker: it refuses at once, and
        # every connection the hung broker accepts is the publish's
        "WHATSAPP_RATE_REDIS_URL": "redis://127.0.0.1:1/0"})
    try:
        body = encode(envelope(change(messages=[inbound("text", {"body": "oi"})])))
        started = time.monotonic()
        status, answer = http_post(platform.port, body, signed(body)["HTTP_X_HUB_SIGNATURE_256"])
        waited = time.monotonic() - started
        assert (status, answer) == (200, {"status": "ok", "accepted": True})
        assert waited < 15  # not the publish's 30 s: it had not begun
        assert InboundBody.objects.filter(processed_at__isnull=True).count() == 1  # committed before the 200
        deadline = time.monotonic() + 30
        while not broker.accepted:  # then, after the 200, the publish tries the broker
            assert time.monotonic() < deadline, platform.output()[-3000:]
            time.sleep(0.05)
    finally:
        broker.close()  # the publish fails at once, the server stops without waiting for it
        platform.stop()


def test_through_the_server_a_hung_broker_holds_no_request_thread(committed):
    """One web process with ONE request thread, its broker hung for longer than the test waits: a burst of webhooks
    is acknowledged while the first body's publish still waits on the broker. That publish runs on the process's
    publishing thread (whatsapp.publisher) with the others queued behind it, so the hung broker has seen one
    connection only; published in close() on the request thread (WHATSAPP_PUBLISH_AFTER_RESPONSE=inline), the
    second webhook waited for the first's publish (60 s, then as long again on a new connection), past the
    client's timeout. Nothing is lost: every body is committed, for the sweeper."""
    broker = HungBroker()
    platform = PlatformProcess(web_workers=1, extra_args=("--no-worker", "--no-seed"), extra_env={
        "CELERY_BROKER_URL": f"redis://127.0.0.1:{broker.port}/0", "MAGIE_PUBLISH_TIMEOUT_SECONDS": "60",
        "MAGIE_WEB_THREADS": "1", "MAGIE_LIVE_STREAMS": "0",
        # the signature checks and the queued marks away from the hung broker (refused at once): every connection
        # the hung broker accepts is a publish's
        "WHATSAPP_RATE_REDIS_URL": "redis://127.0.0.1:1/0"})
    try:
        bodies = [encode(envelope(change(messages=[inbound("text", {"body": f"oi {n}"})]))) for n in range(5)]
        answers = [http_post(platform.port, body, signed(body)["HTTP_X_HUB_SIGNATURE_256"], timeout=30)
                   for body in bodies]
        assert answers == [(200, {"status": "ok", "accepted": True})] * 5
        assert InboundBody.objects.filter(processed_at__isnull=True).count() == 5  # committed before each 200
        deadline = time.monotonic() + 30
        while not broker.accepted:  # the first publish tries the broker, on the publishing thread
            assert time.monotonic() < deadline, platform.output()[-3000:]
            time.sleep(0.05)
        assert len(broker.accepted) == 1  # the first publish still waits; the other four are queued behind it
    finally:
        broker.close()  # the publish fails at once, the server stops without waiting for it
        platform.stop()


def http_post(port: int, body: bytes, signature: str, *, timeout: float = 60) -> tuple[int, dict]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("POST", "/webhooks/whatsapp", body=body, headers={
            "Host": "localhost", "Content-Type": "application/json", "X-Hub-Signature-256": signature})
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def hung_broker_restore() -> tuple[str, str | None]:
    from django.conf import settings as django_settings

    return django_settings.CELERY_BROKER_URL, getattr(django_settings, "CELERY_BROKER_TRANSPORT", None)


def test_a_failing_after_commit_publish_is_logged_and_the_next_ones_still_run(committed, platform, turns,
                                                                               monkeypatch, caplog):
    """Two messages in one body: the first turn's publish fails (twice: on its connection and on a new one); the
    second is still published. With `functools.partial` callbacks Django's robust path crashed on the first
    (a partial has no __qualname__) and skipped the second."""
    monkeypatch.setattr(queueing.publish_circuit, "pause_seconds", 0.0)  # this test is about the callbacks
    failures = [ConnectionRefusedError("down"), ConnectionRefusedError("still down")]
    send = celery_app.amqp.send_task_message

    def refuse_first_turn(producer, name, *args, **kwargs):
        if name == "agent.turn" and failures:
            raise failures.pop()
        return send(producer, name, *args, **kwargs)

    monkeypatch.setattr(celery_app.amqp, "send_task_message", refuse_first_turn)
    messages = [inbound("text", {"body": "primeira"}), inbound("text", {"body": "segunda"})]
    body = encode(envelope(change(messages=messages)))
    with caplog.at_level(logging.ERROR):
        assert post(platform, body, **signed(body)).json() == {"status": "ok", "accepted": True}
    assert "turn_queue_after_commit" in caplog.text and "AttributeError" not in caplog.text
    with schema_context("demobank"):
        second = Message.objects.get(channel_message_id=messages[1]["id"])
    assert turns.message_ids() == [second.pk]  # the first is left to the unhandled sweeper


def test_the_inbound_sweeper_publishes_a_waiting_body_once_per_lease(platform, turns):
    """A body whose task still waits in a long queue is published again once, not at every sweep."""
    turns.run_inbound = False  # its task stays queued, as behind a burst
    body = encode(envelope(change(messages=[inbound("text", {"body": "na fila"})])))
    post(platform, body, **signed(body))
    assert raw_inbound_sweep(older_than_seconds=0) == 1
    assert raw_inbound_sweep(older_than_seconds=0) == 0  # leased
    InboundBody.objects.update(republished_at=None)  # the lease ended (its task was lost after all)
    assert raw_inbound_sweep(older_than_seconds=0) == 1


def test_a_body_waiting_behind_a_long_backlog_is_published_again_ever_more_rarely(platform, turns):
    """Its lease is at least as long as it had waited when last published: a body 10 minutes in a queue, published
    again 2.5 minutes ago (when it had waited 7.5), is left alone; published 8 minutes ago (at 2), once more."""
    turns.run_inbound = False
    body = encode(envelope(change(messages=[inbound("text", {"body": "na fila"})])))
    post(platform, body, **signed(body))
    now = timezone.now()
    InboundBody.objects.update(received_at=now - timedelta(minutes=10), republished_at=now - timedelta(minutes=2.5))
    assert raw_inbound_sweep(older_than_seconds=30) == 0
    InboundBody.objects.update(republished_at=now - timedelta(minutes=8))
    assert raw_inbound_sweep(older_than_seconds=30) == 1


def processed_body(*, received_ago: timedelta, processed_ago: timedelta) -> InboundBody:
    """A body the worker processed (its contents do not matter to the sweeper)."""
    now = timezone.now()
    return InboundBody.objects.create(key=os.urandom(16).hex(), body=b"{}", received_at=now - received_ago,
                                      processed_at=now - processed_ago)


def test_a_body_queued_behind_a_backlog_is_not_published_again_while_the_worker_moves_through_it(platform, turns):
    """The webhook's publish is a lease too: a body acknowledged a minute ago whose task waits behind a burst — the
    worker processing, right now, bodies older than it — is left alone however long it waits (at 300 req/s the
    sweeper published again bodies merely queued: 1.27 tasks per message). Once the worker has processed a body
    newer than it half a minute ago, its task was lost: published again, once."""
    turns.run_inbound = False  # its task stays queued
    body = encode(envelope(change(messages=[inbound("text", {"body": "na fila"})])))
    post(platform, body, **signed(body))
    waiting = InboundBody.objects.get(processed_at__isnull=True)
    InboundBody.objects.filter(pk=waiting.pk).update(received_at=timezone.now() - timedelta(seconds=90))
    processed_body(received_ago=timedelta(seconds=150), processed_ago=timedelta(seconds=2))  # the backlog ahead
    processed_body(received_ago=timedelta(seconds=160), processed_ago=timedelta(seconds=40))
    published = len(turns.inbound_ids)
    assert raw_inbound_sweep(older_than_seconds=30) == 0
    assert raw_inbound_sweep(older_than_seconds=30) == 0

    processed_body(received_ago=timedelta(seconds=80), processed_ago=timedelta(seconds=35))  # published after it
    assert raw_inbound_sweep(older_than_seconds=30) == 1
    assert turns.inbound_ids[published:] == [waiting.pk]
    assert raw_inbound_sweep(older_than_seconds=30) == 0  # its new task is queued behind what came since


def test_a_body_whose_queue_stopped_moving_is_published_again(platform, turns):
    """Nothing processed for longer than the grace (the broker lost its queue, or restarted empty, and nothing came
    since): the webhook's publish lapses — published again at the next sweep."""
    turns.run_inbound = False
    body = encode(envelope(change(messages=[inbound("text", {"body": "perdida"})])))
    post(platform, body, **signed(body))
    InboundBody.objects.filter(processed_at__isnull=True).update(received_at=timezone.now() - timedelta(seconds=45))
    processed_body(received_ago=timedelta(seconds=60), processed_ago=timedelta(seconds=40))  # the last one, before
    assert raw_inbound_sweep(older_than_seconds=30) == 1
    assert raw_inbound_sweep(older_than_seconds=30) == 0  # leased
