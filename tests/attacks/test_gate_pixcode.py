"""Attack: tie up a worker with one message (issue 27). The Pix-code finder was quadratic (64 KB held a worker
70.8 s, and the sweeper queued it again); it is now linear and bounded (language.brcode.MAX_CODE_CHARS,
MAX_CANDIDATES), and a turn has a wall-clock budget (MAGIE_TURN_BUDGET_SECONDS) that ends in its failure path."""

from __future__ import annotations

import os
import time

import pytest
from django.conf import settings
from django_tenants.utils import schema_context

from agent.pixcode import pix_code_read, pix_code_redacted
from agent.tasks import turn_task
from agent.tests.test_poison_live import handled, replies_after, send
from conversations.models import Message
from language.brcode import MAX_CANDIDATES, MAX_CODE_CHARS, _crc16_table, brcode_find, crc16_ccitt_false
from language.tests.test_brcode import encode
from testing.platform import WorkerProcess, tasks_through_broker
from whatsapp.services import inbound_sweep
from whatsapp.tests.test_live import wait_for

CODE = encode(key="contato@padaria.com.br", name="Padaria", city="SAO PAULO", amount="10.00")
HOSTILE = "000201-" * (64 * 1024 // 7)  # every "000201" a start; each used to be walked to the end of the text


def test_a_64_kb_run_of_code_starts_is_ordinary_text():
    assert brcode_find(HOSTILE) == [] and pix_code_read(HOSTILE) is None


def test_a_64_kb_run_ending_in_a_crc_field_is_not_a_code():
    assert brcode_find(HOSTILE + "6304ABCD") == []


def test_a_64_kb_run_ending_in_the_pix_gui_is_one_damaged_code_that_pays_nothing():
    matches = brcode_find(HOSTILE + "br.gov.bcb.pix")
    assert len(matches) == 1 and matches[0].code is None and matches[0].end == len(HOSTILE) + 14
    read = pix_code_read(HOSTILE + "br.gov.bcb.pix")
    assert read is not None and read.refusal == "pix_code_damaged" and read.key is None


def test_a_valid_code_behind_too_many_starts_is_refused_not_paid():
    text = "000201 " * MAX_CANDIDATES + CODE
    read = pix_code_read(text)
    assert read is not None and read.refusal is not None and read.key is None


def test_a_valid_code_behind_a_few_starts_is_still_read():
    text = "pedidos 000201 e 000201, paga: " + CODE
    read = pix_code_read(text)
    assert read is not None and read.refusal is None and read.amount_cents == 1000


def test_the_model_never_sees_a_code_hidden_behind_the_hostile_run():
    redacted = pix_code_redacted(HOSTILE + " " + CODE)
    assert CODE not in redacted and "br.gov.bcb.pix" not in redacted


def test_a_candidate_is_never_read_past_the_longest_code():
    long_run = "000201" + "0" * (MAX_CODE_CHARS * 4) + "br.gov.bcb.pix"
    assert [match.end - match.start for match in brcode_find(long_run)] in ([], [MAX_CODE_CHARS])


def test_the_c_crc_is_the_reference_crc():
    for data in (b"", b"123456789", os.urandom(4096), CODE.encode()):
        assert crc16_ccitt_false(data) == _crc16_table(data)


def test_a_turn_has_a_wall_clock_budget():
    assert turn_task.soft_time_limit == settings.MAGIE_TURN_BUDGET_SECONDS
    assert turn_task.time_limit > turn_task.soft_time_limit


@pytest.fixture
def own_worker(committed):
    worker = WorkerProcess(concurrency=1, queues=f"gate-pix-{os.getpid()}")  # one process: the hostile one blocks it
    with tasks_through_broker(worker.queue):
        yield worker
    worker.stop()


def test_a_64_kb_hostile_message_frees_the_worker_and_the_next_message_is_answered(live_server, own_worker):
    url = f"{live_server.url}/webhooks/whatsapp"
    started = time.monotonic()
    hostile = send(url, HOSTILE + "br.gov.bcb.pix")
    wait_for(lambda: handled(hostile) is not None, "the hostile message to be handled",
             timeout=settings.MAGIE_TURN_BUDGET_SECONDS)  # within the budget, or the test fails
    freed_after = time.monotonic() - started
    first = handled(hostile)
    balance = send(url, "qual meu saldo?")
    wait_for(lambda: handled(balance) is not None, "the next message to be answered")
    time.sleep(1)  # any (wrong) extra reply to the hostile message would arrive meanwhile
    replies = replies_after(first)
    assert len(replies) == 2 and "R$" in replies[1], (freed_after, replies)
    assert inbound_sweep(older_than_seconds=0) == {}  # nothing for the sweeper to queue again
    with schema_context("demobank"):
        assert Message.objects.filter(direction="in", handled_at__isnull=True).count() == 0
