"""Issue 12's acceptance, through the real webhook (live server, signed payloads) and a real Celery worker: a
poison message gets one honest reply and does not block the chat; a turn that really raises (a database fault on
the transfer, made by a PostgreSQL trigger) is answered once, shown to staff in the back office's dead-letter list,
and never replayed by the sweeper; the next message is answered."""

import os
import time

import pytest
from django.db import connection
from django_tenants.utils import schema_context

from agent.models import Turn
from agent.replies import say
from agent.tests.test_openai_provider import gates_without_money_approval
from conversations.models import Message
from tenants.models import Organisation
from testing.organisations import signed_in
from testing.platform import WorkerProcess, tasks_through_broker
from whatsapp.services import inbound_sweep
from whatsapp.tests.conftest import change, encode, envelope, inbound
from whatsapp.tests.test_live import http_post, signature_headers, wait_for


@pytest.fixture
def own_worker(committed):
    """A worker process of this test alone (not the session's): what earlier tests left in a long-lived worker
    (its per-process caches, a late task) cannot decide how these turns run."""
    worker = WorkerProcess(concurrency=2, queues=f"poison-{os.getpid()}")
    with tasks_through_broker(worker.queue):
        yield worker
    worker.stop()


@pytest.fixture
def refused_transfers_committed(committed):
    with connection.cursor() as cursor:
        cursor.execute("""
            CREATE OR REPLACE FUNCTION demobank.refuse_transfer() RETURNS trigger AS $$
            BEGIN RAISE EXCEPTION 'transfers are refused (test fault)'; END $$ LANGUAGE plpgsql;
            DROP TRIGGER IF EXISTS refuse_transfer ON demobank.bank_pixtransfer;
            CREATE TRIGGER refuse_transfer BEFORE INSERT ON demobank.bank_pixtransfer
            FOR EACH ROW EXECUTE FUNCTION demobank.refuse_transfer();
        """)
    yield
    with connection.cursor() as cursor:
        cursor.execute("DROP TRIGGER IF EXISTS refuse_transfer ON demobank.bank_pixtransfer;"
                       "DROP FUNCTION IF EXISTS demobank.refuse_transfer();")


def send(url: str, text: str) -> str:
    message = inbound("text", {"body": text})
    body = encode(envelope(change(messages=[message])))
    status, answer = http_post(url, body, signature_headers(body))
    assert status == 200, answer
    return message["id"]


def handled(wamid: str) -> Message | None:
    with schema_context("demobank"):
        return Message.objects.filter(channel_message_id=wamid, handled_at__isnull=False).first()


def replies_after(message: Message) -> list[str]:
    with schema_context("demobank"):
        return list(Message.objects.filter(conversation_id=message.conversation_id, direction="out",
                                           created_at__gt=message.created_at).order_by("pk")
                    .values_list("text", flat=True))


def test_poison_and_a_raising_turn_through_the_webhook_and_a_worker(live_server, own_worker,
                                                                     refused_transfers_committed):
    url = f"{live_server.url}/webhooks/whatsapp"
    bank = Organisation.objects.get(schema_name="demobank")

    poison = send(url, "manda 100000000000000000000 para ana.costa@exemplo.com.br")
    wait_for(lambda: handled(poison) is not None, "the poison message to be handled")
    first = handled(poison)
    wait_for(lambda: len(replies_after(first)) >= 1, "the reply to the poison message")

    with schema_context("demobank"):
        gates_without_money_approval(bank)  # the transfer runs inside the turn, where the database refuses it
    raising = send(url, "manda 200 pro Pedro")
    wait_for(lambda: handled(raising) is not None, "the raising turn to be handled")
    failed = handled(raising)

    balance = send(url, "qual meu saldo?")
    wait_for(lambda: handled(balance) is not None, "the balance question to be answered")
    time.sleep(1)  # let any (wrong) extra reply of the earlier turns arrive before counting

    assert len(replies_after(first)) - len(replies_after(failed)) == 1  # exactly one reply to the poison
    with schema_context("demobank"):
        turn = Turn.objects.get(message=failed)
        assert turn.status == "failed" and turn.error_code == "database_P0001", (
            turn.status, turn.rule, turn.reply, [(c["name"], c["result"]) for c in turn.tool_calls])
        answers = list(Message.objects.filter(conversation_id=failed.conversation_id, direction="out",
                                              created_at__gt=failed.created_at).order_by("pk")
                       .values_list("text", flat=True))
    assert answers[0] == say("pt-BR", "turn_failed") and "R$\xa05.000,00" in answers[1] and len(answers) == 2

    assert inbound_sweep(older_than_seconds=0) == {}  # nothing left for the sweeper to replay

    connection.set_schema_to_public()
    page = signed_in("demobank", "auditor").get("/admin/agent/failedturn/")
    assert page.status_code == 200 and turn.traceback_hash in page.content.decode()
