"""Asks: decisions per second (the pure engine), and the cost of handling one message at conversation lengths
10 and 10,000 (store + perceive + decide, with its database queries) — it must not grow with history.

    .venv/bin/python bench/asks_bench.py
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

from _setup import bench_organisation, percentiles
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django_tenants.utils import tenant_context

from asks.decide import AskView, DecisionPolicy, Inbound, decide
from asks.kinds import kinds_for
from asks.models import Ask, AskTransition, Attribution, SlotEvent
from asks.perception.builtin import perceive
from asks.services import message_decide
from conversations.models import Conversation, Customer, Message
from conversations.services import message_store_inbound

POLICY = DecisionPolicy(ask_stale_after_seconds=600, side_request="suspend")
T0 = datetime(2026, 11, 1, 12, tzinfo=UTC)
TEXTS = ["manda 200 pro Pedro", "na verdade, é pro João", "qual meu saldo?", "dois centavos", "cancela",
         "manda um pix de 100 pra Ana", "sim", "300"]


def bench_decide(n: int = 100_000) -> float:
    perceptions = [perceive(t, lang="pt-BR", org_kind="bank", now=T0, tz="America/Sao_Paulo", currency="BRL")
                   for t in TEXTS]
    open_ask = AskView(id=1, kind="pix_transfer", status="awaiting_confirmation",
                       slots={"amount": {"amount_cents": 20000, "currency": "BRL"}, "recipient": "Pedro"},
                       last_activity_at=T0, pending_approval_id=1)
    inbounds = [Inbound(at=T0 + timedelta(minutes=i % 20), perception=p) for i, p in enumerate(perceptions)]
    kinds = kinds_for("bank")
    started = time.perf_counter()
    for i in range(n):
        decide(open_ask=open_ask if i % 3 else None, parked=(), inbound=inbounds[i % len(inbounds)], policy=POLICY,
               org_kinds=kinds)
    return n / (time.perf_counter() - started)


def history(customer_id: str, length: int) -> None:
    """A conversation with `length` earlier messages spread over many closed Asks (bulk-inserted)."""
    customer = Customer.objects.create(channel_user_id=customer_id)
    conversation = Conversation.objects.create(customer=customer)
    asks = Ask.objects.bulk_create(
        [Ask(conversation=conversation, kind="pix_transfer", last_activity_at=T0, status="completed", closed_at=T0)
         for _ in range(max(1, length // 5))]
    )
    messages = Message.objects.bulk_create([
        Message(conversation=conversation, direction="in" if i % 2 == 0 else "out", channel_message_id=f"{customer_id}-{i}",
                text=TEXTS[i % len(TEXTS)], sent_at=T0 - timedelta(minutes=length - i))
        for i in range(length)
    ])
    # Which Ask each message belongs to lives on asks' Attribution (conversations knows nothing of asks).
    Attribution.objects.bulk_create([Attribution(message=m, ask=asks[(i // 5) % len(asks)])
                                     for i, m in enumerate(messages)])
    SlotEvent.objects.bulk_create([
        SlotEvent(ask=asks[(i // 5) % len(asks)], slot="amount", value={"amount_cents": 100 * i, "currency": "BRL"}, action="fill", message=m)
        for i, m in enumerate(messages) if m.direction == "in"
    ])
    AskTransition.objects.bulk_create([AskTransition(ask=a, source="executing", target="completed", rule="bench")
                                       for a in asks])


def bench_message(organisation, length: int, samples: int = 60) -> tuple[dict[str, float], int]:
    customer_id = f"bench{length}-{time.time_ns()}"
    with transaction.atomic():
        history(customer_id, length)
    times, queries = [], []
    at = T0
    for i in range(samples):
        at += timedelta(seconds=30)
        text = TEXTS[i % len(TEXTS)]
        started = time.perf_counter()
        with CaptureQueriesContext(connection) as captured:
            stored = message_store_inbound(channel_user_id=customer_id, channel_message_id=f"{customer_id}-new-{i}",
                                           sent_at=at, text=text)
            perception = perceive(text, lang="pt-BR", org_kind="bank", now=at, tz=organisation.time_zone,
                                  currency="BRL")
            message_decide(message_id=stored.message.pk, perception=perception, policy=POLICY,
                           org_kinds=kinds_for("bank"))
        times.append((time.perf_counter() - started) * 1000)
        queries.append(len(captured))
    return percentiles(times[5:]), max(queries)


def main() -> None:
    organisation = bench_organisation("benchasks", "bank")
    print(f"decide(): {bench_decide():,.0f} decisions/s (pure engine, one core)")
    print(f"{'history':>10} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'queries':>8}   (store + perceive + decide, one message)")
    with tenant_context(organisation):
        for length in (10, 10_000):
            figures, queries = bench_message(organisation, length)
            print(f"{length:>10,} {figures['p50']:8.2f} {figures['p99']:8.2f} {figures['max']:8.2f} {queries:>8}")


if __name__ == "__main__":
    main()
