"""What one inbound message costs the worker, counted in-process and independent of the machine's load: the
statements (by kind), the model instances made, its PostgreSQL backend's CPU (the server must run on this machine:
read from /proc), and (with --profile) the task's own CPU by cProfile.

Run: `.venv/bin/python bench/worker_counts.py [--messages 150] [--profile /tmp/x.prof]` with the settings of the
tests (MAGIE_DEPLOYMENT, DATABASE_URL, CELERY_BROKER_URL) on a database where `manage.py migrate_schemas` and
`manage.py seed_demo` ran. Each message is a new customer's text, the three demo organisations in turn, with the
texts of bench/pipeline_bench.py (with `--per-customer 5`, each customer's five messages one after the other, as in
the pipeline bench's compressed day: a returning customer's turns read the conversation's earlier ones); the body is acknowledged by `webhook_receive` (not counted), then answered by
`whatsapp.answering.inbound_answer` in the public schema, as the worker's task does; replies go to a fake Graph
server. The first 30 messages warm up (not counted).
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import hmac
import os
import pstats
import signal
import subprocess
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "magie.settings.base")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.models.signals import pre_init  # noqa: E402
from pipeline_bench import TEXTS, body_for  # noqa: E402  (this folder: the pipeline bench's texts and bodies)

from tenants.demo import DEMO_ORGANISATIONS, demo_channel_secrets  # noqa: E402
from whatsapp.answering import inbound_answer  # noqa: E402
from whatsapp.services import inbound_queued_take, webhook_receive  # noqa: E402

WARM_UP = 30
PER_CUSTOMER = [1]  # `--per-customer`: messages each customer sends, one after the other


def organisation_of(index: int):
    """The demo organisation of the `index`th message: its customer's (customers go to the three in turn)."""
    return DEMO_ORGANISATIONS[index // PER_CUSTOMER[0] % len(DEMO_ORGANISATIONS)]


def acknowledged(index: int) -> int:
    org = organisation_of(index)
    customer = index // PER_CUSTOMER[0]
    body = body_for(org, f"55119{os.getpid() % 1000:03d}{customer:05d}{int(time.time()) % 100:02d}",
                    TEXTS[org.schema_name])
    secret = demo_channel_secrets(org.schema_name)["app_secret"]
    signature = "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    ack = webhook_receive(body=body, signature=signature)
    assert ack.inbound_id is not None
    # published as the webhook publishes it (`inbound_publish`), the broker left out: counted on its number's task
    inbound_queued_take(number=org.phone_number_id)
    return ack.inbound_id


def _forget_earlier_wamids() -> None:
    """The fake Graph server numbers its wamids from 1 each run: an earlier run's are renamed (unique columns)."""
    with connection.cursor() as cursor:
        for org in DEMO_ORGANISATIONS:
            for table, column in (("whatsapp_delivery", "wamid"), ("conversations_message", "channel_message_id")):
                cursor.execute(f'UPDATE "{org.schema_name}"."{table}" SET {column} = {column} || \'-\' || id '
                               f"WHERE {column} LIKE 'wamid.FAKE-%%' AND {column} NOT LIKE 'wamid.FAKE-%%-%%'")


GRAPH_PROCESS = """
import sys, time
sys.path.insert(0, sys.argv[1])
from testing.fake_whatsapp import FakeGraphServer
graph = FakeGraphServer().start()
print(graph.url, flush=True)
time.sleep(3600)
"""


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--messages", type=int, default=150, help="per pass")
    parser.add_argument("--profile", default="", help="also a pass under cProfile, written to this file")
    parser.add_argument("--sql", action="store_true", help="print every statement of one message per organisation")
    parser.add_argument("--per-customer", type=int, default=1,
                        help="messages each customer sends one after the other (the compressed day's: 5); the "
                             "warm-up and --messages are best multiples of it")
    parser.add_argument("--no-burst", action="store_true",
                        help="skip the pass where each organisation's bodies wait together, taken by one task")
    options = parser.parse_args()
    PER_CUSTOMER[0] = max(1, options.per_customer)
    # the fake Graph server in a process of its own: its CPU is not this one's
    # a SIGTERM (a stopped run) ends through the `finally` below, which stops the fake Graph server too
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    graph = subprocess.Popen([sys.executable, "-c", GRAPH_PROCESS, str(ROOT)], stdout=subprocess.PIPE, text=True)
    try:
        settings.WHATSAPP_GRAPH_URL = graph.stdout.readline().strip()  # type: ignore[union-attr]
        settings.WHATSAPP_RATE_PER_SECOND = 100000
        _forget_earlier_wamids()
        connection.set_schema_to_public()  # type: ignore[attr-defined]  # django-tenants' backend
        _passes(options)
    finally:
        graph.terminate()
        graph.wait()


def _backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return int(cursor.fetchone()[0])


def _backend_cpu(pid: int) -> float:
    """The backend's CPU time in seconds, from the scheduler's own account (a server on this machine)."""
    return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e9


def _schedstat(path: str) -> tuple[float, float]:
    """(CPU, time waiting for a core) in seconds of one task, from the scheduler's account."""
    cpu, waited = Path(path).read_text().split()[:2]
    return int(cpu) / 1e9, int(waited) / 1e9


def _passes(options: argparse.Namespace) -> None:
    n = options.messages
    for index in range(WARM_UP):
        inbound_answer(inbound_id=acknowledged(index))
    sequence = [WARM_UP]

    def fresh() -> list[tuple[str, int]]:
        """n bodies acknowledged (not counted), with their organisation: they wait together (a burst)."""
        first, sequence[0] = sequence[0], sequence[0] + n
        return [(organisation_of(i).schema_name, acknowledged(i))
                for i in range(first, first + n)]

    def one_by_one() -> Iterator[tuple[str, int]]:
        """n bodies, each acknowledged (not counted) when the previous one was answered: unhurried messages."""
        first, sequence[0] = sequence[0], sequence[0] + n
        for i in range(first, first + n):
            yield organisation_of(i).schema_name, acknowledged(i)

    # 1. the worker's CPU per message, nothing measuring it but the clock; and its PostgreSQL backend's
    # Beside them, where the task's thread spends its wall-clock time: running, waiting for a core, or blocked
    # (on its backend's work, the guards' thread, and the rest: WAL flushes at commit, Redis, the fake Graph server)
    backend = _backend_pid()
    cpu = backend_cpu = wall = ran = queued = backend_queued = 0.0
    for _, inbound_id in one_by_one():
        started, backend_at = time.process_time(), _schedstat(f"/proc/{backend}/schedstat")
        thread_started, wall_started = _schedstat("/proc/thread-self/schedstat"), time.monotonic()
        inbound_answer(inbound_id=inbound_id)
        wall += time.monotonic() - wall_started
        thread, backend_now = _schedstat("/proc/thread-self/schedstat"), _schedstat(f"/proc/{backend}/schedstat")
        cpu += time.process_time() - started
        ran, queued = ran + thread[0] - thread_started[0], queued + thread[1] - thread_started[1]
        backend_cpu += backend_now[0] - backend_at[0]
        backend_queued += backend_now[1] - backend_at[1]
    cpu, backend_cpu = cpu / n, backend_cpu / n
    if _backend_pid() != backend:
        raise RuntimeError("the worker's database connection changed during the pass: its backend's CPU is lost")
    print(f"messages per pass {n} (three organisations in turn, {PER_CUSTOMER[0]} a customer); CPU per message {cpu * 1000:.2f} ms; "
          f"its PostgreSQL backend's {backend_cpu * 1000:.2f} ms")
    blocked = wall - ran - queued
    others = cpu * n - ran  # the process's other threads (the guards' pool), run while the task's thread waits
    print(f"wall-clock per message {wall / n * 1000:.2f} ms: the task's thread running {ran / n * 1000:.2f}, "
          f"waiting for a core {queued / n * 1000:.2f}, blocked {blocked / n * 1000:.2f} — of which its backend "
          f"running {backend_cpu * 1000:.2f} and waiting for a core {backend_queued / n * 1000:.2f}, the other "
          f"threads running {others / n * 1000:.2f}, the rest (WAL flushes, Redis, the fake Graph server, "
          f"round trips) {(blocked - backend_cpu * n - backend_queued - others) / n * 1000:.2f}")

    # 2. statements and model instances
    statements: Counter[str] = Counter()
    by_org: Counter[str] = Counter()
    org_now = [""]
    last: dict[str, list[str]] = {}
    counting = [False]
    backend_by_statement: defaultdict[str, float] = defaultdict(float)  # the backend's CPU (s) in each statement

    def count(execute, sql, params, many, context):
        if not counting[0]:
            return execute(sql, params, many, context)
        statements[sql.split(None, 1)[0].upper()] += 1
        by_org[org_now[0]] += 1
        last.setdefault(org_now[0], []).append(sql)
        before = _backend_cpu(backend)
        try:
            return execute(sql, params, many, context)
        finally:
            backend_by_statement[" ".join(sql.split())[:90]] += _backend_cpu(backend) - before

    instances: Counter[str] = Counter()

    def made(sender, **_):
        if counting[0]:
            instances[sender.__name__] += 1

    backend, backend_total = _backend_pid(), 0.0
    pre_init.connect(made, weak=False)
    try:
        with connection.execute_wrapper(count):
            for org, inbound_id in one_by_one():
                org_now[0], last[org] = org, []
                counting[0] = True
                backend_started = _backend_cpu(backend)
                inbound_answer(inbound_id=inbound_id)
                backend_total += _backend_cpu(backend) - backend_started
                counting[0] = False
    finally:
        pre_init.disconnect(made)
    print(f"statements per message: {sum(statements.values()) / n:.2f}  "
          + "  ".join(f"{kind} {value / n:.2f}" for kind, value in statements.most_common()))
    print("statements per message by organisation: " + "  ".join(
        f"{org} {value / (n / len(DEMO_ORGANISATIONS)):.2f}" for org, value in sorted(by_org.items())))
    print(f"model instances per message: {sum(instances.values()) / n:.2f}  "
          + "  ".join(f"{name} {value / n:.2f}" for name, value in instances.most_common()))
    in_statements = sum(backend_by_statement.values())
    print(f"the backend's CPU per message in this pass {backend_total / n * 1000:.2f} ms: in the statements "
          f"{in_statements / n * 1000:.2f}, outside them (BEGIN, COMMIT, ROLLBACK: Django's transactions) "
          f"{(backend_total - in_statements) / n * 1000:.2f}; the statements costing most (ms per message):")
    for text, seconds in sorted(backend_by_statement.items(), key=lambda item: -item[1])[:12]:
        print(f"  {seconds / n * 1000:6.2f}  {text}")
    if options.sql:
        for org, sqls in sorted(last.items()):
            print(f"--- {org}: {len(sqls)}")
            print("\n".join(sql[:240] for sql in sqls))

    # 2b. a burst: the bodies acknowledged before any is taken, as behind a busy worker; then each organisation's
    # taken by the task the webhook queued for its number (its first body: the others came while it was queued),
    # which takes them in batches (`inbound_answer`), the organisations in turn; statements counted too
    if not options.no_burst:
        bodies = fresh()
        firsts: dict[str, list[int]] = defaultdict(list)
        for org, inbound_id in bodies:
            firsts[org].append(inbound_id)
        burst_statements = [0]

        def count_all(execute, sql, params, many, context):
            burst_statements[0] += 1
            return execute(sql, params, many, context)

        backend = _backend_pid()
        tasks = 0
        started, backend_started = time.process_time(), _backend_cpu(backend)
        with connection.execute_wrapper(count_all):
            while any(firsts.values()):
                for ids in firsts.values():
                    if ids:
                        outcome = inbound_answer(inbound_id=ids[0])
                        tasks += 1
                        del ids[:outcome.bodies or 1]
        cpu = (time.process_time() - started) / n
        backend_cpu = (_backend_cpu(backend) - backend_started) / n
        print(f"burst of {n} bodies taken by {tasks} tasks (a number's queued task takes what came meanwhile): "
              f"CPU per message {cpu * 1000:.2f} ms; its PostgreSQL backend's {backend_cpu * 1000:.2f} ms; "
              f"statements per message {burst_statements[0] / n:.2f}")

    # 3. under cProfile (its overhead included: read the shares)
    if options.profile:
        profiler = cProfile.Profile(time.process_time)
        cpu = 0.0
        for _, inbound_id in one_by_one():
            started = time.process_time()
            profiler.enable()
            inbound_answer(inbound_id=inbound_id)
            profiler.disable()
            cpu += time.process_time() - started
        print(f"profiled CPU per message: {cpu / n * 1000:.2f} ms")
        profiler.dump_stats(options.profile)
        pstats.Stats(options.profile).sort_stats("cumulative").print_stats(40)


if __name__ == "__main__":
    main()
