"""Agent turns with the builtin provider: turns per second in one worker process, database queries per turn, and
prompt size with Ask-scoped context against a 20-message window at conversation lengths 10 and 1,000. Then the
openai provider against the repo's fake OpenAI server answering every request after 1 s, 8 conversations at once
(threads, each with its own connection): turns/s, p95 turn overhead (turn time minus the 2 s of model wait), and,
sampled every 20 ms while the model is thinking, how many of the database's connections are open, inside a
transaction, or holding a row lock on a conversation — model latency must hold none of them.

    .venv/bin/python bench/agent_bench.py              # everything
    .venv/bin/python bench/agent_bench.py --history    # only the turn times at histories 10, 1,000 and 10,000
    .venv/bin/python bench/agent_bench.py --profile    # where a turn's time and statements go (cProfile + SQL)
    .venv/bin/python bench/agent_bench.py --profile-cpu  # the same, cProfile on this process's CPU clock

Turn time at conversation histories of 10, 1,000 and 10,000 messages (issue 20: p95 ≤ 30 ms, ≤ 20 queries per
turn, flat): for each length, CUSTOMERS bank customers (each a holder of the bank with Pedro, Ana and João as
contacts) whose conversation already holds that many messages — past Asks completed, with their slot events,
transitions, decisions, attributions and one trace row per inbound message, as real turns leave them — each send
the SCRIPT (balance, a Pix by contact, a correction, the month's statement, another Pix, cancel, hello) in turns
interleaved across customers. A turn's time is `turn_handle` alone (the webhook's store is not in it); its queries
are every statement it sends, the lease included, counted at Django's cursor.

Prompt tokens are estimated as characters / 4 of the JSON the openai provider would send (no tokenizer is
installed); both strategies are measured the same way, so the ratio is what matters.
"""

from __future__ import annotations

import json
import os
import statistics
import time
from datetime import UTC, datetime, timedelta

from _setup import bench_organisation, run_threads
from django.db import transaction
from django_tenants.utils import tenant_context

from agent.models import Turn
from agent.providers.openai import RESPOND_PROMPT
from agent.registry import tool_schemas
from agent.turn import turn_handle
from asks.models import Ask, Attribution
from asks.perception.contract import Slots
from asks.selectors import ask_slots
from bank.demo import seed_bank_demo
from conversations.models import Conversation, Customer, Message
from conversations.services import message_store_inbound

SCRIPT = ["qual meu saldo?", "manda 200 pro Pedro", "na verdade, é pro João", "quantos pix eu fiz esse mês?",
          "manda um pix de 50 pra Ana", "cancela", "oi"]


def run_turns(count: int) -> tuple[float, list[int]]:
    customer = f"55119{time.time_ns() % 10**8:08d}"
    at = datetime.now(UTC)
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


MODEL_SECONDS = 1.0
CONCURRENT, TURNS_EACH = 8, 3
IN_FLIGHT = [0]  # model requests being answered right now


def slow_model(request: dict) -> dict:
    """The fake server's answer after MODEL_SECONDS: a greeting perception, or a short reply."""
    from testing.fake_openai import completion

    IN_FLIGHT[0] += 1
    time.sleep(MODEL_SECONDS)
    IN_FLIGHT[0] -= 1
    if any(tool["function"]["name"] == "record_perception" for tool in request.get("tools") or []):
        slots = {name: None for name in Slots.model_fields}  # every slot of the contract, as strict mode sends
        return completion(tool_calls=[("record_perception", {
            "version": 1, "perceiver": "model", "lang": "pt-BR", "request_kind": None, "slots": slots,
            "markers": ["greeting"], "asked_for": None, "replies_to": None})])
    return completion("Olá! Como posso ajudar?")


class Sampler:
    """Samples pg_stat_activity / pg_locks from its own connection while the turns run."""

    def __init__(self, dsn: str) -> None:
        import psycopg

        self.conn = psycopg.connect(dsn, autocommit=True)
        self.samples: list[tuple[int, int, int, int]] = []
        self.running = True

    def run(self) -> None:
        with self.conn.cursor() as cursor:
            while self.running:
                cursor.execute(
                    "SELECT count(*), count(*) FILTER (WHERE state LIKE 'idle in transaction%%' OR xact_start IS NOT "
                    "NULL AND state <> 'idle'), (SELECT count(DISTINCT l.pid) FROM pg_locks l JOIN pg_class c ON "
                    "c.oid = l.relation WHERE c.relname = 'conversations_conversation' AND l.mode = 'RowShareLock' "
                    "AND l.pid <> pg_backend_pid()) FROM pg_stat_activity WHERE datname = current_database() "
                    "AND pid <> pg_backend_pid() AND backend_type = 'client backend'")
                waiting = IN_FLIGHT[0]  # read before the query: these turns are waiting on the model
                row = cursor.fetchone()
                assert row is not None
                self.samples.append((*row, waiting))
                time.sleep(0.02)
        self.conn.close()


def run_slow_model_turns(organisation) -> None:
    import threading

    from django.conf import settings
    from django.db import connection

    from agent.models import AgentSettings
    from testing.fake_openai import FakeOpenAI
    from testing.platform import test_database_url  # noqa: F401 — the same URL shape the workers use

    fake = FakeOpenAI()
    fake.replies = [slow_model] * (CONCURRENT * TURNS_EACH * 2 + 10)
    # The platform's own model settings (an organisation's own URL must be on the allow-list; the platform's is not)
    settings.OPENAI_API_KEY, settings.OPENAI_BASE_URL, settings.OPENAI_MODEL = "sk-bench", fake.base_url, "fake"
    AgentSettings.objects.filter(pk=1).delete()
    settings_dict = connection.settings_dict
    dsn = (f"host={settings_dict['HOST'] or 'localhost'} port={settings_dict['PORT'] or 5432} "
           f"dbname={settings_dict['NAME']} user={settings_dict['USER']}"
           + (f" password={settings_dict['PASSWORD']}" if settings_dict["PASSWORD"] else ""))
    sampler = Sampler(dsn)
    durations: list[float] = []
    message_ids: list[int] = []
    at = datetime.now(UTC)

    def conversation(index: int) -> None:
        connection.set_tenant(organisation)  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
        customer = f"55118{time.time_ns() % 10**7:07d}{index}"
        try:
            for turn in range(TURNS_EACH):
                stored = message_store_inbound(channel_user_id=customer, sent_at=at + timedelta(seconds=turn),
                                               channel_message_id=f"slow-{customer}-{turn}", text="oi",
                                               channel="terminal")
                message_ids.append(stored.message.pk)
                started = time.perf_counter()
                turn_handle(message_id=stored.message.pk)
                durations.append(time.perf_counter() - started)
        finally:
            connection.close()

    sampling = threading.Thread(target=sampler.run)
    sampling.start()
    elapsed = run_threads(conversation, CONCURRENT)
    sampler.running = False
    sampling.join()
    fake.close()
    settings.OPENAI_API_KEY = ""
    replies = set(Turn.objects.filter(message_id__in=message_ids).values_list("reply", flat=True))
    assert replies == {"Olá! Como posso ajudar?"}, f"the turns did not go through the slow model: {replies}"
    overheads = sorted((d - 2 * MODEL_SECONDS) * 1000 for d in durations)
    p95 = overheads[min(len(overheads) - 1, int(len(overheads) * 0.95))]
    waiting = [sample for sample in sampler.samples if sample[3] == CONCURRENT]  # every turn waits on the model
    opened, in_transaction, locking, _ = (max(column) for column in zip(*waiting, strict=True))
    mean_open = statistics.mean(sample[0] for sample in waiting)
    print(f"openai provider, model answering after {MODEL_SECONDS:.0f} s, {CONCURRENT} conversations at once: "
          f"{len(durations) / elapsed:.2f} turns/s ({len(durations)} turns in {elapsed:.1f} s; the floor is "
          f"{CONCURRENT / (2 * MODEL_SECONDS):.1f} turns/s)")
    print(f"turn overhead beyond the 2 model calls: p50 {statistics.median(overheads):.0f} ms, p95 {p95:.0f} ms")
    print(f"while all {CONCURRENT} turns wait on the model ({len(waiting)} of {len(sampler.samples)} samples): "
          f"database connections open max {opened} (mean {mean_open:.1f}), inside a transaction max "
          f"{in_transaction}, holding a conversation row lock max {locking}")


def history(length: int) -> Conversation:
    customer = Customer.objects.create(channel_user_id=f"hist{length}-{time.time_ns()}")
    conversation = Conversation.objects.create(customer=customer)
    t0 = datetime.now(UTC) - timedelta(days=2)
    closed = Ask.objects.create(conversation=conversation, kind="pix_transfer", status="completed",
                                last_activity_at=t0, closed_at=t0)
    older = Message.objects.bulk_create([
        Message(conversation=conversation, direction="in" if i % 2 == 0 else "out", channel="terminal",
                channel_message_id=f"{customer.channel_user_id}-{i}", sent_at=t0 + timedelta(seconds=i),
                text=("manda 200 pro Pedro" if i % 2 == 0 else "Pix de R$ 200,00 para Pedro Henrique Almeida enviado."))
        for i in range(length - 1)
    ])
    Attribution.objects.bulk_create([Attribution(message=message, ask=closed) for message in older])
    open_ask = Ask.objects.create(conversation=conversation, kind="pix_transfer", last_activity_at=t0)
    newest = Message.objects.create(conversation=conversation, direction="in", channel="terminal",
                                    channel_message_id=f"{customer.channel_user_id}-new",
                                    sent_at=t0 + timedelta(hours=1), text="manda um pix de 100 pra Ana")
    Attribution.objects.create(message=newest, ask=open_ask)
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
              for m in Message.objects.filter(attribution__ask=ask).order_by("sent_at")]
    window = [{"role": "user" if m.direction == "in" else "assistant", "content": m.text}
              for m in Message.objects.filter(conversation=conversation).order_by("-sent_at", "-pk")[:20][::-1]]
    slots = ask_slots(ask)
    return prompt_chars(scoped, slots) // 4, prompt_chars(window, slots) // 4


CUSTOMERS, ROUNDS = 3, 3  # per history length: customers × SCRIPT rounds = 63 measured turns
HISTORIES = (10, 1_000, 10_000)


def bank_customer(ref: str) -> None:
    """A holder of the bench bank answering to `ref`, with the demo directory's Pedro, Ana and João as contacts."""
    from bank.demo import ANA_CPF, JOAO_CPF, cpf_from_base
    from bank.services import contact_save, holder_create

    holder = holder_create(name=f"Cliente {ref[-4:]}", document=cpf_from_base(ref[-9:]), kind="individual",
                           phone=f"+{ref}", customer_ref=ref, balance_cents=10**9)
    for nickname, key in (("Pedro", "+5521987654321"), ("Ana", "ana.costa@exemplo.com.br"), ("João", JOAO_CPF)):
        contact_save(holder=holder, nickname=nickname, key=key)
    assert ANA_CPF  # the demo's directory (seed_bank_demo) holds these keys


def customer_with_history(ref: str, length: int, until: datetime) -> None:
    """A conversation already `length` messages long, built as finished turns leave it (bulk inserts): every six
    messages one completed Pix Ask (three exchanges), with its slot events, transitions, decisions, attributions
    and one trace row per inbound message."""
    from asks.models import AskTransition, Decision, SlotEvent

    bank_customer(ref)
    customer = Customer.objects.create(channel_user_id=ref, name=f"Cliente {ref[-4:]}")
    conversation = Conversation.objects.create(customer=customer)
    t0 = until - timedelta(seconds=60 * length)
    texts = [("manda 200 pro Pedro", "Para quem vai o Pix de R$ 200,00? Pedro Henrique Almeida, chave celular?"),
             ("sim, esse mesmo", "Confirma o Pix de R$ 200,00 para Pedro Henrique Almeida?"),
             ("confirmo", "Pix de R$ 200,00 para Pedro Henrique Almeida enviado.")]
    messages = Message.objects.bulk_create([
        Message(conversation=conversation, direction="in" if i % 2 == 0 else "out", channel="terminal",
                channel_message_id=f"{ref}-{i}", sent_at=t0 + timedelta(seconds=60 * i),
                handled_at=t0 + timedelta(seconds=60 * i + 1) if i % 2 == 0 else None,
                text=texts[(i // 2) % 3][i % 2])
        for i in range(length)
    ])
    asks = Ask.objects.bulk_create([
        Ask(conversation=conversation, kind="pix_transfer", status="completed", last_activity_at=messages[i].sent_at,
            closed_at=messages[min(i + 5, length - 1)].sent_at)
        for i in range(0, length, 6)
    ])
    ask_of = [asks[i // 6] for i in range(length)]
    Attribution.objects.bulk_create([Attribution(message=m, ask=ask_of[i]) for i, m in enumerate(messages)])
    SlotEvent.objects.bulk_create([
        SlotEvent(ask=ask, slot=slot, value=value, previous=None, action="fill", message=messages[6 * n])
        for n, ask in enumerate(asks)
        for slot, value in (("amount", {"cents": 20000, "currency": "BRL"}), ("recipient", "Pedro"))
    ])
    AskTransition.objects.bulk_create([
        AskTransition(ask=ask, source=source, target=target, rule=rule, message=messages[min(6 * n + 4, length - 1)])
        for n, ask in enumerate(asks)
        for source, target, rule in (("", "collecting", "start_new"),
                                     ("collecting", "awaiting_confirmation", "preview_shown"),
                                     ("awaiting_confirmation", "executing", "customer_confirms"),
                                     ("executing", "completed", "pix_send_succeeded"))
    ])
    inbound = [(i, m) for i, m in enumerate(messages) if m.direction == "in"]
    Decision.objects.bulk_create([
        Decision(message=m, action="fill", rule="fills_open_ask", ask=ask_of[i], perception={"version": 1})
        for i, m in inbound
    ])
    Turn.objects.bulk_create([
        Turn(message=m, ask=ask_of[i], status="done", provider="builtin", decision="fill", rule="fills_open_ask",
             reply=messages[i + 1].text if i + 1 < length else "", reply_message=messages[i + 1] if i + 1 < length
             else None, started_at=m.sent_at, finished_at=m.sent_at + timedelta(milliseconds=30), queries=20)
        for i, m in inbound
    ])


def analyze() -> None:
    """Fresh planner statistics after the bulk inserts, as autovacuum gives a live database (without them
    PostgreSQL plans for the empty tables it last saw)."""
    from django.db import connection

    with connection.cursor() as cursor:
        for table in ("conversations_message", "conversations_conversation", "agent_turn", "asks_ask",
                      "asks_attribution", "asks_slotevent", "asks_asktransition", "asks_decision"):
            cursor.execute(f"ANALYZE {table}")


def history_turns(lengths: tuple[int, ...]) -> dict[int, tuple[list[float], list[int], list[float]]]:
    """Turn times (ms), statements per turn and this process's CPU time per turn (ms), by history length: CUSTOMERS customers per length, each sending
    ROUNDS rounds of the SCRIPT. The turns of all lengths are interleaved (one turn of each customer in turn, as a
    worker sees them), so the machine's load at any moment weighs on every length alike."""
    from django.db import connection

    start = datetime.now(UTC) - timedelta(hours=1)
    refs: list[tuple[int, str]] = []
    with transaction.atomic():
        for length in lengths:
            for _ in range(CUSTOMERS):
                ref = f"55{(time.time_ns() // 1000) % 10**11:011d}"
                customer_with_history(ref, length, start)
                refs.append((length, ref))
    analyze()
    counted = [0]

    def count(execute, sql, params, many, context):
        counted[0] += 1
        return execute(sql, params, many, context)

    figures: dict[int, tuple[list[float], list[int], list[float]]] = {length: ([], [], []) for length in lengths}
    at = start
    for turn in range(ROUNDS * len(SCRIPT)):
        for length, ref in refs:
            at += timedelta(seconds=20)
            stored = message_store_inbound(channel_user_id=ref, channel_message_id=f"bench-{ref}-{turn}", sent_at=at,
                                           text=SCRIPT[turn % len(SCRIPT)], channel="terminal")
            counted[0] = 0
            with connection.execute_wrapper(count):
                began, cpu = time.perf_counter(), time.process_time()
                turn_handle(message_id=stored.message.pk)
                figures[length][0].append((time.perf_counter() - began) * 1000)
                figures[length][2].append((time.process_time() - cpu) * 1000)
            figures[length][1].append(counted[0])
    return figures


def history_figures() -> None:
    print(f"turn time by conversation history (builtin provider; per length {CUSTOMERS} bank customers × {ROUNDS} "
          f"rounds of the {len(SCRIPT)}-message script, all lengths interleaved; turn_handle alone, every statement "
          "counted)")
    print("(CPU: this process's own CPU time in the turn — Python, the driver — which the machine's load inflates "
          f"far less than wall time; load average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(f"{'history':>8} {'turns':>6} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7} {'CPU p50':>8} {'CPU p95':>8} "
          f"{'queries p50':>12} {'queries max':>12}")
    history_turns((10,))  # warm-up on customers of its own: imports, caches, the connection
    for length, (times, queries, cpu) in history_turns(HISTORIES).items():
        ordered, cpu_ordered = sorted(times), sorted(cpu)
        p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
        cpu95 = cpu_ordered[min(len(cpu_ordered) - 1, int(len(cpu_ordered) * 0.95))]
        print(f"{length:>8,} {len(times):>6} {statistics.median(times):>7.1f} {p95:>7.1f} {ordered[-1]:>7.1f} "
              f"{statistics.median(cpu):>8.1f} {cpu95:>8.1f} {statistics.median(queries):>12.0f} {max(queries):>12}")


def profile(length: int = 1000, cpu: bool = False) -> None:
    """One customer at history `length` (--profile-history, default 1,000): the statements of each SCRIPT turn as
    they reached Django's cursor, then ROUNDS × SCRIPT turns under cProfile (the share spent waiting for
    PostgreSQL, the costliest functions)."""
    import cProfile
    import pstats

    from django.db import connection

    history_turns((10,))  # warm-up
    start = datetime.now(UTC) - timedelta(hours=1)
    ref = f"55{(time.time_ns() // 1000) % 10**11:011d}"
    customer_with_history(ref, length, start)
    analyze()
    statements: list[str] = []
    slowest: dict[str, float] = {}

    def log(execute, sql, params, many, context):
        statements.append(" ".join(sql.split()))
        began = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            slowest[statements[-1]] = max(slowest.get(statements[-1], 0.0), time.perf_counter() - began)

    at, number = start, 0

    def one(text: str) -> None:
        nonlocal at, number
        at += timedelta(seconds=20)
        number += 1
        stored = message_store_inbound(channel_user_id=ref, channel_message_id=f"prof-{ref}-{number}", sent_at=at,
                                       text=text, channel="terminal")
        turn_handle(message_id=stored.message.pk)

    for text in SCRIPT:
        at += timedelta(seconds=20)
        number += 1
        stored = message_store_inbound(channel_user_id=ref, channel_message_id=f"prof-{ref}-{number}", sent_at=at,
                                       text=text, channel="terminal")
        statements.clear()
        with connection.execute_wrapper(log):
            turn_handle(message_id=stored.message.pk)
        print(f"-- {text!r}: {len(statements)} statements")
        for sql in statements:
            print(f"   {sql[:160]}{'…' if len(sql) > 160 else ''}")
    print("\nslowest statements of those turns (ms, as the client waited):")
    for sql, seconds in sorted(slowest.items(), key=lambda item: -item[1])[:8]:
        print(f"  {seconds * 1000:7.2f}  {sql[:150]}")
    # --profile-cpu: the profiler's clock is this process's CPU time, so a loaded machine's waits for a core (and
    # PostgreSQL's time) drop out and what is left is the Python of a turn.
    profiler = cProfile.Profile(time.process_time) if cpu else cProfile.Profile()
    count = ROUNDS * len(SCRIPT) * 4
    profiler.enable()
    for n in range(count):
        one(SCRIPT[n % len(SCRIPT)])
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = stats.total_tt  # type: ignore[attr-defined]  # pstats keeps its totals undeclared
    waited = sum(row[3] for func, row in stats.stats.items()  # type: ignore[attr-defined]
                 if func[2] in ("wait", "_wait") and "psycopg" in func[0])
    print(f"\n{count} turns (store + turn) under cProfile ({'CPU' if cpu else 'wall'} clock): "
          f"{total / count * 1000:.1f} ms per turn, waiting for PostgreSQL {waited / count * 1000:.1f} ms "
          f"({waited / total:.0%})")
    stats.sort_stats("cumulative").print_stats(45)
    stats.sort_stats("tottime").print_stats(25)
    # the project's own functions (not Django's or psycopg's) by cumulative time: which step costs what
    stats.sort_stats("cumulative").print_stats(r"/(agent|asks|approvals|bank|booking|store|guards|conversations|"
                                               r"inbox|language|tenants|magie)/(?!.*site-packages)", 40)


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser()
    parser.add_argument("--history", action="store_true", help="only the turn times by history length")
    parser.add_argument("--profile", action="store_true", help="where one turn's time and statements go")
    parser.add_argument("--profile-history", type=int, default=1000, help="the profiled conversation's length")
    parser.add_argument("--profile-cpu", action="store_true", help="--profile on the process's CPU clock")
    options = parser.parse_args()
    organisation = bench_organisation("benchagent", "bank")
    with tenant_context(organisation):
        seed_bank_demo(organisation)
        if options.profile or options.profile_cpu:
            return profile(options.profile_history, cpu=options.profile_cpu)
        history_figures()
        if options.history:
            return
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
        run_slow_model_turns(organisation)


if __name__ == "__main__":
    main()
