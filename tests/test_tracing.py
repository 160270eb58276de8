"""One customer message, one trace: the webhook (in this process, its spans in an in-memory exporter), then across
the broker a real worker — the inbound processing, the turn and its steps, the model call, the send — whose spans
leave by OTLP over HTTP, as in production, to a local collector. Every span is in the webhook's trace."""

from __future__ import annotations

import os
import threading
from http.server import BaseHTTPRequestHandler

import pytest
from django.test import Client
from django_tenants.utils import schema_context
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from conversations.models import Message
from magie.tracing import tracing_start
from testing.platform import WorkerProcess, http_serve, http_stop, tasks_through_broker
from tests.test_platform_up import wait_for
from whatsapp.tests.conftest import BANK_NUMBER, change, encode, envelope, inbound, signed


class Collector:
    """A local OTLP/HTTP trace receiver: the spans every worker process exported, as (trace id, name, parent)."""

    def __init__(self) -> None:
        self.spans: list[tuple[str, str, str]] = []
        lock = threading.Lock()
        spans = self.spans

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                request = ExportTraceServiceRequest()
                request.ParseFromString(self.rfile.read(int(self.headers["Content-Length"])))
                with lock:
                    for resource in request.resource_spans:
                        for scope in resource.scope_spans:
                            spans.extend((span.trace_id.hex(), span.name, span.parent_span_id.hex())
                                         for span in scope.spans)
                self.send_response(200)
                self.send_header("Content-Type", "application/x-protobuf")
                self.send_header("Content-Length", "0")
                self.end_headers()

        self.server = http_serve(Handler)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_port}"


@pytest.fixture(scope="module")
def traced_worker(django_db_setup, django_db_blocker):
    """A real worker whose processes export their spans to a local collector; this process's own in memory."""
    collector = Collector()
    exporter = InMemorySpanExporter()
    tracing_start("magie-test", exporter=exporter)
    saved = dict(os.environ)
    os.environ.update({"OTEL_EXPORTER_OTLP_ENDPOINT": collector.url, "OTEL_BSP_SCHEDULE_DELAY": "100"})
    try:
        with django_db_blocker.unblock():
            # a queue of its own: the session's worker (conftest) listens on the default test queue, and a turn it
            # took would be traced by a process exporting nowhere
            worker = WorkerProcess(concurrency=1, queues=f"traced-{os.getpid()}")
    finally:
        os.environ.clear()
        os.environ.update(saved)
    yield worker, collector, exporter
    worker.stop()
    exporter.shutdown()
    http_stop(collector.server)


def test_one_message_is_one_trace_from_the_webhook_to_the_send(traced_worker, committed):
    worker, collector, exporter = traced_worker
    exporter.clear()
    message = inbound("text", {"body": "qual meu saldo?"}, from_="5511999990001")
    body = encode(envelope(change(BANK_NUMBER, messages=[message])))
    with tasks_through_broker(worker.queue):
        response = Client(HTTP_HOST="localhost").post("/webhooks/whatsapp", data=body, content_type="application/json",
                                                      **signed(body))
    assert response.status_code == 200
    [webhook] = [span for span in exporter.get_finished_spans() if span.name == "webhook"]
    trace_id = f"{webhook.context.trace_id:032x}"

    def names() -> set[str]:
        return {name for trace, name, _ in list(collector.spans) if trace == trace_id}

    wait_for(lambda: "whatsapp.send" in names(), "the worker's spans of the send", timeout=120)
    with schema_context("demobank"):
        stored = Message.objects.get(channel_message_id=message["id"])
        assert Message.objects.filter(conversation=stored.conversation, direction="out", pk__gt=stored.pk).exists()
    # One task answers the message: it parses the body, runs the turn and sends the reply (whatsapp.answering).
    expected = {"task whatsapp.inbound_process", "turn", "turn.receive", "turn.perceive", "turn.decide",
                "turn.draft", "turn.guard", "turn.deliver", "turn.record", "model.call", "whatsapp.send"}
    try:
        wait_for(lambda: expected <= names(), "the turn's spans", timeout=30)
    except AssertionError:
        pass  # the assertion below names what is missing
    seen = names()
    assert expected <= seen, seen
    assert not any(name in seen for name in ("task agent.turn", "task whatsapp.deliver")), seen
    # Nothing the worker did for this message is in another trace.
    others = {name for trace, name, _ in collector.spans if trace != trace_id and name.startswith("turn")}
    assert not others, others


def test_json_log_lines_carry_the_ids_and_never_the_words(demobank):
    import json
    import logging
    import sys

    from magie.logjson import JsonFormatter
    from magie.tracing import traced

    @traced("turn", lambda kw: {"conversation_id": kw["conversation_id"], "message_id": kw["message_id"]})
    def failing_turn(*, conversation_id: int, message_id: int) -> str:
        said = "Carla disse: minha senha é 1234"  # what a customer wrote, carried by an exception
        try:
            raise ValueError(said)
        except ValueError:
            record = logging.LogRecord("agent.turn", logging.ERROR, __file__, 1, "turn of message %s failed",
                                       (message_id,), sys.exc_info())
            return JsonFormatter().format(record)

    line = json.loads(failing_turn(conversation_id=7, message_id=9))
    assert (line["organisation"], line["conversation_id"], line["message_id"]) == ("demobank", 7, 9)
    assert line["message"] == "turn of message 9 failed" and line["exception"] == "ValueError"
    assert "senha" not in json.dumps(line) and "failing_turn" in line["stack"]
