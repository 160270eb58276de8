"""Attack: hold a worker with one message (issue 27), forcing the per-turn budget. A 64 KB hostile message whose
turn would wait on a model that does not answer (the fake OpenAI-compatible server sleeps 60 s): the real worker,
started with MAGIE_TURN_BUDGET_SECONDS=10, ends that turn at its budget in the failure path — one honest reply, the
message handled, nothing for the sweeper — and its only process answers the next message. Through the live
server's signed webhook."""

from __future__ import annotations

import os
import time

import pytest
from django_tenants.utils import schema_context, tenant_context

from agent.models import AgentSettings, Turn
from agent.replies import say
from agent.tests.helpers import perception_args
from agent.tests.test_poison_live import handled, replies_after, send
from tenants.models import Organisation
from testing.fake_openai import completion
from testing.platform import WorkerProcess, tasks_through_broker
from whatsapp.services import inbound_sweep
from whatsapp.tests.test_live import wait_for

BUDGET = 10  # seconds: at load 16 in CI a plain turn once took 4 s before calling the model
HOSTILE = "000201-" * (64 * 1024 // 7)


@pytest.fixture
def budget_worker(committed, monkeypatch):
    monkeypatch.setenv("MAGIE_TURN_BUDGET_SECONDS", str(BUDGET))  # the worker's own settings read it at start
    worker = WorkerProcess(concurrency=1, queues=f"budget-{os.getpid()}")  # one process: the hung turn blocks it
    with tasks_through_broker(worker.queue):
        yield worker
    worker.stop()


def test_a_turn_past_its_budget_ends_in_one_honest_reply_and_the_worker_answers_the_next(
        live_server, budget_worker, fake_openai):
    with tenant_context(Organisation.objects.get(schema_name="demobank")):
        AgentSettings.objects.update_or_create(pk=1, defaults={
            "provider": "openai", "openai_base_url": fake_openai.base_url, "openai_api_key": "sk",
            "openai_model": "f"})
    answers = [completion(tool_calls=[("record_perception", perception_args(None, {"greeting"}))]),
               completion("Olá! Como posso ajudar?")]

    def model(request: dict) -> dict:
        """The hostile message's calls hang for 60 s (past the budget); the next message's are answered."""
        if any("000201-000201-" in str(message.get("content")) for message in request.get("messages", [])):
            time.sleep(60)
            return completion("never read")
        return answers.pop(0)
    fake_openai.replies = [model] * 10
    url = f"{live_server.url}/webhooks/whatsapp"
    started = time.monotonic()
    hostile = send(url, HOSTILE)
    wait_for(lambda: handled(hostile) is not None, "the hostile message's turn to end", timeout=BUDGET + 30)
    freed_after = time.monotonic() - started
    first = handled(hostile)
    with schema_context("demobank"):
        turn = Turn.objects.get(message=first)
        assert turn.status == Turn.Status.FAILED and "SoftTimeLimitExceeded" in turn.error_class, turn.error
        assert turn.reply == say("pt-BR", "turn_failed")
    greeting = send(url, "oi")
    wait_for(lambda: handled(greeting) is not None, "the next message to be answered", timeout=60)
    time.sleep(1)  # a (wrong) second reply to the hostile message would arrive meanwhile
    replies = replies_after(first)
    with schema_context("demobank"):
        next_turn = Turn.objects.get(message=handled(greeting))
    assert next_turn.status != Turn.Status.FAILED, (next_turn.error, len(fake_openai.requests),
                                                    [r.get("messages", [])[-1:] for r in fake_openai.requests])
    assert replies == [say("pt-BR", "turn_failed"), "Olá! Como posso ajudar?"], (freed_after, replies)
    assert freed_after < 60  # the model's answer never came: the budget, not the model, freed the worker
    assert inbound_sweep(older_than_seconds=0) == {}
