"""Agent turns with the builtin provider: turns per second in one worker process, database queries per turn, and
prompt size with Ask-scoped context against a 20-message window at conversation lengths 10 and 1,000.

    .venv/bin/python bench/agent_bench.py

Prompt tokens are estimated as characters / 4 of the JSON the openai provider would send (no tokenizer is
installed); both strategies are measured the same way, so the ratio is what matters.
"""

from __future__ import annotations

import json
import statistics
import time
from datetime import datetime, timedelta, timezone

from _setup import bench_organisation

from django.db import transaction
from django_tenants.utils import tenant_context

from agent.models import Turn
from agent.providers.openai import RESPOND_PROMPT
from agent.registry import tool_schemas
from agent.turn import turn_handle
from asks.kinds import missing_slots
from asks.models import Ask
from asks.selectors import ask_slots
from bank.demo import seed_bank_demo
from conversations.models import Conversation, Customer, Message
from conversations.services import message_store_inbound

SCRIPT = ["qual meu saldo?", "manda 200 pro Pedro", "na verdade, é pro João", "quantos pix eu fiz esse mês?",
          "manda um pix de 50 pra Ana", "cancela", "oi"]


def run_turns(count: int) -> tuple[float, list[int]]:
    customer = f"55119{time.time_ns() % 10**8:08d}"
    at = datetime.now(timezone.utc)
    started = time.perf_counter()
    ids = []
    for i in range(count):
        at += timedelta(seconds=30)
        stored = message_store_inbound(channel_user_id=customer, channel_message_id=f"bench-{customer}-{i}",
                                       sent_at=at, text=SCRIPT[i % len(SCRIPT)], channel="terminal")
        turn_handle(message_id=stored.message.pk)
        ids.append(stored.message.pk)
    elapsed = time.perf_counter() - started
    queries = list(Turn.objects.filter(message_id__in=ids).values_list("queries", flat=True))
    return count / elapsed, queries


def history(length: int) -> Conversation:
    customer = Customer.objects.create(channel_user_id=f"hist{length}-{time.time_ns()}")
    conversation = Conversation.objects.create(customer=customer)
    t0 = datetime.now(timezone.utc) - timedelta(days=2)
    closed = Ask.objects.create(conversation=conversation, kind="pix_transfer", status="completed",
                                last_activity_at=t0, closed_at=t0)
    Message.objects.bulk_create([
        Message(conversation=conversation, direction="in" if i % 2 == 0 else "out", channel="terminal",
                channel_message_id=f"{customer.channel_user_id}-{i}", sent_at=t0 + timedelta(seconds=i),
                text=("manda 200 pro Pedro" if i % 2 == 0 else "Pix de R$ 200,00 para Pedro Henrique Almeida enviado."),
                ask=closed)
        for i in range(length - 1)
    ])
    open_ask = Ask.objects.create(conversation=conversation, kind="pix_transfer", last_activity_at=t0)
    Message.objects.create(conversation=conversation, direction="in", channel="terminal",
                           channel_message_id=f"{customer.channel_user_id}-new", sent_at=t0 + timedelta(hours=1),
                           text="manda um pix de 100 pra Ana", ask=open_ask)
    return conversation


def prompt_chars(messages: list[dict], kind_slots: dict) -> int:
    system = RESPOND_PROMPT.format(org_name="Banco", lang="pt-BR", kind="pix_transfer", status="collecting",
                                   slots=json.dumps(kind_slots), missing=[], decision="start_new", rule="r")
    body = {"messages": [{"role": "system", "content": system}, *messages], "tools": tool_schemas("bank")}
    return len(json.dumps(body, ensure_ascii=False))


def prompt_sizes(length: int) -> tuple[int, int]:
    conversation = history(length)
    ask = Ask.objects.get(conversation=conversation, status="collecting")
    scoped = [{"role": "user" if m.direction == "in" else "assistant", "content": m.text}
              for m in Message.objects.filter(ask=ask).order_by("sent_at")]
    window = [{"role": "user" if m.direction == "in" else "assistant", "content": m.text}
              for m in Message.objects.filter(conversation=conversation).order_by("-sent_at", "-pk")[:20][::-1]]
    slots = ask_slots(ask)
    return prompt_chars(scoped, slots) // 4, prompt_chars(window, slots) // 4


def main() -> None:
    organisation = bench_organisation("benchagent", "bank")
    with tenant_context(organisation):
        seed_bank_demo(organisation)
        run_turns(10)  # warm-up
        rate, queries = run_turns(200)
        print(f"builtin provider: {rate:,.1f} turns/s in one worker process (store + turn, 200 turns)")
        print(f"queries per turn: median {statistics.median(queries):.0f}, max {max(queries)}")
        print(f"{'conversation length':>20} {'Ask-scoped tokens':>18} {'20-message window':>18}")
        for length in (10, 1000):
            with transaction.atomic():
                scoped, window = prompt_sizes(length)
                transaction.set_rollback(True)
            print(f"{length:>20,} {scoped:>18,} {window:>18,}")


if __name__ == "__main__":
    main()
