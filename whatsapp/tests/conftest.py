"""Fixtures of the channel's tests: signed webhook bodies, the turns queued, a fake Graph server, a worker of our own,
and Debian's chromium for the simulator."""

from __future__ import annotations

import itertools
import json
import os
import threading
import time
import uuid
from typing import Any

import pytest
from celery.signals import after_task_publish
from django.test import Client

from magie.celery import app as celery_app
from tenants.demo import DEMO_ORGANISATIONS, demo_channel_secrets
from testing.fake_whatsapp import FakeGraphServer
from whatsapp.simulator import signature_header

NUMBERS = {demo.schema_name: demo.phone_number_id for demo in DEMO_ORGANISATIONS}
BANK_NUMBER = NUMBERS["demobank"]
STORE_NUMBER = NUMBERS["demostore"]
CUSTOMER = "5511999990001"
_ids = itertools.count(1)


def wamid() -> str:
    return f"wamid.TEST-{uuid.uuid4().hex[:12]}-{next(_ids)}"


def secret_of(schema: str) -> str:
    return demo_channel_secrets(schema)["app_secret"]


def inbound(type_: str, body: dict[str, Any] | list[dict[str, Any]] | None = None, *, id: str | None = None, from_: str = CUSTOMER,
            timestamp: int | None = None, context: str = "") -> dict[str, Any]:
    """One message object as Meta puts it in `value.messages[]`."""
    message: dict[str, Any] = {"from": from_, "id": id or wamid(), "timestamp": str(timestamp or int(time.time())), "type": type_}
    if body is not None:
        message[type_] = body
    if context:
        message["context"] = {"from": "15550000000", "id": context}
    return message


def status(wamid_: str, state: str, timestamp: int, errors: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    item: dict[str, Any] = {"id": wamid_, "status": state, "timestamp": str(timestamp), "recipient_id": CUSTOMER}
    if errors:
        item["errors"] = errors
    return item


def change(number: str = BANK_NUMBER, messages: list | None = None, statuses: list | None = None,
           name: str = "Carla") -> dict[str, Any]:
    value: dict[str, Any] = {"messaging_product": "whatsapp",
                             "metadata": {"display_phone_number": "5511400000001", "phone_number_id": number}}
    if messages:
        value["contacts"] = [{"profile": {"name": name}, "wa_id": m.get("from", "")} for m in messages]
        value["messages"] = messages
    if statuses:
        value["statuses"] = statuses
    return {"field": "messages", "value": value}


def envelope(*changes: dict[str, Any]) -> dict[str, Any]:
    return {"object": "whatsapp_business_account", "entry": [{"id": "WABA", "changes": list(changes)}]}


def encode(payload: dict[str, Any], *, ascii_only: bool = True) -> bytes:
    """As Meta serialises (non-ASCII escaped as \\uXXXX), or raw UTF-8 with `ascii_only=False`."""
    return json.dumps(payload, ensure_ascii=ascii_only).encode()


def signed(body: bytes, schema: str = "demobank") -> dict[str, str]:
    return {"HTTP_X_HUB_SIGNATURE_256": signature_header(body=body, secret=secret_of(schema))}


def post(client: Client, body: bytes, *, path: str = "/webhooks/whatsapp", **headers: Any):
    return client.post(path, data=body, content_type="application/json", **headers)


@pytest.fixture
def platform() -> Client:
    """A test client on the platform host, where the webhook lives."""
    return Client(HTTP_HOST="localhost")


@pytest.fixture(autouse=True)
def _no_queued_marks():
    """No number starts a test with an inbound task marked queued by an earlier test (whose task was removed)."""
    from whatsapp.services import inbound_queued_release

    inbound_queued_release(numbers=list(NUMBERS.values()))


@pytest.fixture(autouse=True)
def _whatsapp_settings(settings):
    """Nothing leaves the machine unless a test points WHATSAPP_GRAPH_URL at its fake server."""
    settings.WHATSAPP_GRAPH_URL = ""
    settings.WHATSAPP_RETRY_BACKOFF_SECONDS = 0.05
    settings.WHATSAPP_THROTTLE_PAUSE_SECONDS = 0.05  # Meta's pace, compressed
    settings.WHATSAPP_THROTTLE_PAUSE_MAX_SECONDS = 0.4
    settings.WHATSAPP_UNKNOWN_OUTCOME_WAIT_SECONDS = 0.1


class TurnLog:
    """Every "agent.turn" published to the broker (schema, message id), from any thread of this process. The
    webhook's own task ("whatsapp.inbound_process": parse and store an acknowledged body) is run right here, in
    the publishing thread, as the worker would run it, so a test reads the stored messages after its POST."""

    def __init__(self) -> None:
        self.run_inbound = True  # False: the inbound task is only recorded (and left to be removed afterwards)
        self.calls: list[tuple[str, int]] = []
        self.task_ids: list[str] = []
        self.inbound_ids: list[int] = []
        self._lock = threading.Lock()

    def record(self, sender: str | None = None, headers: dict | None = None, body: Any = None, **_: Any) -> None:
        args = body[0] if isinstance(body, (list, tuple)) else []
        if sender == "whatsapp.inbound_process":
            from whatsapp.services import inbound_process

            with self._lock:
                self.task_ids.append((headers or {}).get("id", ""))
                self.inbound_ids.append(int(args[0]))
            if self.run_inbound:
                inbound_process(inbound_id=int(args[0]))
            return
        if sender != "agent.turn":
            return
        with self._lock:
            self.calls.append((args[0], int(args[1])))
            self.task_ids.append((headers or {}).get("id", ""))

    def message_ids(self) -> list[int]:
        return [message_id for _, message_id in self.calls]


@pytest.fixture
def turns(settings):
    """Turns are published to the broker (not run inline: the agent is another room) and counted; what this test
    published is removed from the queue afterwards. Every body's task is published (no number's task takes the
    bodies that come while it is queued: `inbound_process`, run here, stores a body and the older ones only)."""
    settings.WHATSAPP_INBOUND_BATCH = 0
    log = TurnLog()
    after_task_publish.connect(log.record, weak=False, dispatch_uid=f"turnlog-{id(log)}")
    eager = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = False
    try:
        yield log
    finally:
        celery_app.conf.task_always_eager = eager
        after_task_publish.disconnect(dispatch_uid=f"turnlog-{id(log)}")
        _remove_published(set(log.task_ids))


def _remove_published(task_ids: set[str]) -> None:
    if not task_ids:
        return
    with celery_app.connection_for_write() as connection:
        if connection.transport_cls not in ("redis", "redis+socket"):  # RabbitMQ: no worker reads it in tests
            connection.default_channel.queue_purge("celery")
            return
        client = connection.default_channel.client
        for raw in client.lrange("celery", 0, -1):
            try:
                if json.loads(raw)["headers"]["id"] in task_ids:
                    client.lrem("celery", 1, raw)
            except (ValueError, KeyError, TypeError):
                continue


@pytest.fixture
def fake_graph(settings):
    """A fake Cloud API on 127.0.0.1 that this process's delivery code calls (answers 200 unless scripted)."""
    with FakeGraphServer() as graph:
        settings.WHATSAPP_GRAPH_URL = graph.url
        yield graph


@pytest.fixture
def graph_worker(committed):
    """`graph_worker(script, rate)` → (fake Graph server, a real worker process of our own on a private queue whose
    WHATSAPP_GRAPH_URL is that server). Stopped after the test."""
    from testing.platform import WorkerProcess

    started: list[tuple[FakeGraphServer, WorkerProcess]] = []

    def make(script: list[int | tuple[int, float]], rate: int = 80) -> tuple[FakeGraphServer, WorkerProcess, str]:
        graph = FakeGraphServer(script=script).start()
        queue = f"wa-test-{os.getpid()}-{len(started)}"
        previous = {name: os.environ.get(name) for name in ENV_KEYS}
        os.environ.update({"WHATSAPP_GRAPH_URL": graph.url, "WHATSAPP_RATE_PER_SECOND": str(rate),
                           "WHATSAPP_RETRY_BACKOFF_SECONDS": "0.1"})
        try:
            worker = WorkerProcess(concurrency=2, queues=queue)
        finally:
            for name, value in previous.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
        started.append((graph, worker))
        return graph, worker, queue

    yield make
    for graph, worker in started:
        worker.stop()
        graph.stop()


ENV_KEYS = ("WHATSAPP_GRAPH_URL", "WHATSAPP_RATE_PER_SECOND", "WHATSAPP_RETRY_BACKOFF_SECONDS")
