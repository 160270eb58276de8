"""Pix transfers per second on the configured PostgreSQL, side by side with `pgbench -N` on the same database in the
same run. Run: `.venv/bin/python bench/bank_bench.py` (DATABASE_URL optional: the embedded PostgreSQL otherwise);
`--profile` prints where one client's time goes instead (cProfile and the statements of one Pix).

pgbench's simple-update transaction (BEGIN; UPDATE accounts; SELECT; INSERT history; END) is the yardstick: a Pix
locks and reads more rows and writes three, so the share "Pix/s ÷ pgbench TPS" at 8 clients says how much of the
database's pace the Python around it leaves (the goal of issue 20: at least 25%). That figure is measured first, in
ROUNDS rounds that alternate pgbench and the Pix clients so both see the same load on a shared machine; the
median share is the RESULT line. pgbench's tables live in their own schema `pgbench` of this database (created
once with `pgbench -i -s 1`); without a pgbench binary the bench says so and prints its own figures.

Scenarios (each runs BANK_BENCH_SECONDS, default 4):
  local, distinct payers      client i pays payee i (both accounts of this bank): no shared rows;
  external, distinct payers   client i pays a key of another bank: every Pix credits the one settlement account;
  local, one payer            every client debits the same account: serialised on its holder and account locks;
  night, individuals          client i (an individual) pays payee i at 22:00: the night-limit sum runs too (over
                              that payer's Pix of the night so far: hundreds here, a handful for a real customer).
Each client has a connection of its own. The 8 clients run as pgbench's do (-c 8 -j 2: 2 workers of 4 connections):
2 processes of 4 threads — also how `manage.py serve` runs on 2 cores (MAGIE_WEB_WORKERS, one process per core, of
MAGIE_WEB_THREADS 4) — which is the RESULT; and again as 8 threads of one process (one interpreter lock for all 8:
the Python of a Pix costs about twice its single-thread CPU there) and as 8 processes. "statements" counts what went
through Django's cursor per Pix. Before each row the bench organisation's tables are reset as pgbench resets its own
(`tables_reset`); after it the bench checks that no balance is negative and that the organisation's money adds up
to what it was.
"""

from __future__ import annotations

import argparse
import logging
import multiprocessing
import os
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
import uuid
from datetime import datetime, timedelta
from functools import partial
from pathlib import Path
from zoneinfo import ZoneInfo

CLIENTS = 8

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "magie.settings.base")
# One connection per client thread, as a web process's pool has one per request thread (MAGIE_WEB_THREADS). With the
# default pool of 4, 3 of the 8 clients worked and the other 5 waited for a connection until the row ended (the main
# thread held the fourth): the 8-thread rows until 2026-12-04 were 3 clients against pgbench's 8.
os.environ.setdefault("DATABASE_POOL_MAX_SIZE", str(CLIENTS))

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django_tenants.utils import tenant_context  # noqa: E402

SCHEMA = "benchbank"
PGBENCH_SCHEMA = "pgbench"
DURATION = float(os.environ.get("BANK_BENCH_SECONDS", "4"))
GOAL_SHARE = 0.25
ROUNDS = 5
PGBENCH_WORKERS = 2  # pgbench -j: its 8 clients are 2 threads of 4 connections each
PGBENCH_SHAPE = (PGBENCH_WORKERS, CLIENTS // PGBENCH_WORKERS)  # the Pix clients the same way: 2 processes × 4 threads


def database_ready() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass('public.tenants_organisation')")
        migrated = cursor.fetchone()[0] is not None
    if not migrated:
        call_command("migrate_schemas", shared=True, verbosity=0)


def seed():
    """The bench organisation: CLIENTS business payers, CLIENTS individual payers, CLIENTS payees (idempotent)."""
    from bank.demo import cnpj_from_base, cpf_from_base
    from bank.models import Holder
    from bank.services import holder_create, pix_key_register, settlement_account_ensure
    from tenants.services import organisation_create

    organisation = organisation_create(schema_name=SCHEMA, name="Bench Bank", kind="bank", language="pt-BR",
                                       time_zone="America/Sao_Paulo", currency="BRL")
    with tenant_context(organisation):
        settlement_account_ensure(currency="BRL")
        payers, individuals, payees = [], [], []
        for i in range(CLIENTS):
            for role, store in (("payer", payers), ("payee", payees), ("individual", individuals)):
                n = 100 + i if role == "individual" else i * 2 + (role == "payee")
                kind = "individual" if role == "individual" else "business"
                document = cpf_from_base(f"{770000000 + n:09d}") if kind == "individual" else cnpj_from_base(
                    f"{77000000 + n:08d}0001")
                holder = Holder.objects.filter(document=document).first() or holder_create(
                    name=f"Bench {role} {i}", document=document, kind=kind, phone=f"+55119{70000000 + n}",
                    customer_ref=f"55119{70000000 + n}", balance_cents=0 if role == "payee" else 10**13,
                    account_number=f"B{n:05d}")
                store.append(holder)
            pix_key_register(key=f"bench-payee-{i}@bench.example", owner_name=f"Bench payee {i}",
                             owner_document=payees[i].document, bank_name="Bench Bank", bank_ispb="99999999",
                             account=payees[i].accounts.get())
        pix_key_register(key="fora@outrobanco.example", owner_name="Outro Banco Cliente Ltda.",
                         owner_document=cnpj_from_base("880000000001"), bank_name="Outro Banco",
                         bank_ispb="12345678")
    return organisation, payers, individuals


def tables_reset() -> None:
    """What pgbench does to its own tables before each run (vacuum them, empty pgbench_history), done to the bench
    organisation's before each Pix row: its transfers emptied, its accounts and holders vacuumed. Every row starts
    from the same state, run after run, and a payer has the history of a customer, not the 50,000 Pix earlier runs
    left each bench payer (the idempotency key's index grew under them: the RESULT drifted from 27.8% to 26.0% over
    five runs on one database)."""
    with connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {SCHEMA}.bank_pixtransfer")
        cursor.execute(f"VACUUM {SCHEMA}.bank_account, {SCHEMA}.bank_holder")


def money_state() -> tuple[int, int]:
    """(sum of the bench organisation's balances, number of negative balances)."""
    from bank.models import Account

    balances = list(Account.objects.values_list("balance_cents", flat=True))
    return sum(balances), sum(1 for b in balances if b < 0)


# --- the clients ---------------------------------------------------------------------------------------------


def client_loop(organisation, payer, key: str, now: datetime | None, stop_at: float) -> tuple[int, int, int, float]:
    """Pix of 1 cent until `stop_at`; (transfers, errors, statements, when it stopped). In a thread or a process."""
    from bank.services import pix_transfer_create

    statements = [0]

    def count(execute, sql, params, many, context):
        statements[0] += 1
        return execute(sql, params, many, context)

    done = errors = 0
    connection.set_tenant(organisation)  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
    try:
        with connection.execute_wrapper(count):
            while time.perf_counter() < stop_at:
                try:
                    pix_transfer_create(holder=payer, key=key, amount_cents=1, idempotency_key=uuid.uuid4().hex,
                                        now=now)
                    done += 1
                except Exception:  # noqa: BLE001 - counted, the bench goes on
                    errors += 1
    finally:
        connection.close()
    return done, errors, statements[0], time.perf_counter()


def every_client_worked(results: list[tuple[int, int, int, float]]) -> None:
    """A client that made no Pix was not one of the clients (no connection, say): the row would be a lie."""
    idle = [i for i, (done, errors, _, _) in enumerate(results) if done + errors == 0]
    if idle:
        raise SystemExit(f"clients {idle} of {len(results)} made no Pix: the row would count fewer clients")


def _warm(organisation, payer, key: str, now: datetime | None) -> None:
    """One Pix before the clock runs, not counted: the client's connection opened, its statements prepared, the
    server process's caches filled, as on a server that has been running (each row starts new processes and pools)."""
    from bank.services import pix_transfer_create

    connection.set_tenant(organisation)  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
    pix_transfer_create(holder=payer, key=key, amount_cents=1, idempotency_key=uuid.uuid4().hex, now=now)


def _client_threads(organisation, payers, keys, now, first: int, count: int, start_at: float,
                    stop_at: float) -> list[tuple[int, int, int, float]]:
    """Clients first … first + count - 1, each a thread of this process with its own connection, from start_at."""
    results: list[tuple[int, int, int, float]] = [(0, 0, 0, 0.0)] * count

    def client(index: int) -> None:
        payer, key = payers[first + index], keys[first + index]
        _warm(organisation, payer, key, now)
        while time.perf_counter() < start_at:
            time.sleep(0.001)
        results[index] = client_loop(organisation, payer, key, now, stop_at)

    threads = [threading.Thread(target=client, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def _process_clients(organisation, payers, keys, now, first, count, start_at, stop_at, queue) -> None:
    queue.put(_client_threads(organisation, payers, keys, now, first, count, start_at, stop_at))


def run_clients(organisation, payers, keys, now, processes: int, threads: int,
                seconds: float | None = None) -> tuple[float, ...]:
    """processes × threads clients for `seconds` (BANK_BENCH_SECONDS): (Pix, errors, statements, elapsed). Forked
    processes start with no connection and no pool of the parent's (a child that inherited the pool would share its
    sockets with its siblings, and the server drops them); this process's own connection goes back to the pool so
    that its threads take one each."""
    seconds = DURATION if seconds is None else seconds
    connection.close()
    start_at = time.perf_counter() + (0.5 if processes == 1 else 1.5)  # every client started and warm by then
    stop_at = start_at + seconds
    if processes == 1:
        results = _client_threads(organisation, payers, keys, now, 0, threads, start_at, stop_at)
    else:
        connection.close_pool()  # type: ignore[attr-defined]  # postgresql backend; a no-op without a pool
        context = multiprocessing.get_context("fork")
        queue = context.Queue()
        children = [context.Process(target=_process_clients, args=(organisation, payers, keys, now, p * threads,
                                                                    threads, start_at, stop_at, queue))
                    for p in range(processes)]
        for child in children:
            child.start()
        results = [result for _ in children for result in queue.get(timeout=seconds + 60)]
        for child in children:
            child.join(timeout=10)
    every_client_worked(results)
    done, errors, statements = (sum(column) for column in list(zip(*results, strict=True))[:3])
    return done, errors, statements, max(result[3] for result in results) - start_at


def shape_label(processes: int, threads: int) -> str:
    if processes == 1:
        return f"{threads} thread{'s' if threads > 1 else ''}"
    return f"{processes} procs" if threads == 1 else f"{processes} × {threads}"


# --- pgbench -------------------------------------------------------------------------------------------------


def pgbench_env() -> dict[str, str]:
    db = connection.settings_dict
    env = {**os.environ, "PGDATABASE": db["NAME"], "PGOPTIONS": f"-c search_path={PGBENCH_SCHEMA}"}
    for variable, key in (("PGHOST", "HOST"), ("PGPORT", "PORT"), ("PGUSER", "USER"), ("PGPASSWORD", "PASSWORD")):
        if db.get(key):
            env[variable] = str(db[key])
    return env


def pgbench_tps(clients: int, seconds: float = DURATION) -> float | None:
    """pgbench -N TPS with `clients` clients for `seconds` (whole), on this database (schema `pgbench`)."""
    binary = shutil.which("pgbench")
    if binary is None:
        return None
    with connection.cursor() as cursor:
        cursor.execute(f"CREATE SCHEMA IF NOT EXISTS {PGBENCH_SCHEMA}")
        cursor.execute(f"SELECT to_regclass('{PGBENCH_SCHEMA}.pgbench_accounts')")
        initialised = cursor.fetchone()[0] is not None
    env = pgbench_env()
    if not initialised:
        subprocess.run([binary, "-i", "-s", "1", "-q"], env=env, check=True, capture_output=True)
    done = subprocess.run([binary, "-N", "-c", str(clients), "-j", str(min(clients, PGBENCH_WORKERS)), "-T",
                           str(max(1, int(seconds)))],
                          env=env, check=True, capture_output=True, text=True)
    match = re.search(r"tps = ([\d.]+)", done.stdout)
    if match is None:
        raise RuntimeError(f"pgbench printed no tps:\n{done.stdout}\n{done.stderr}")
    return float(match.group(1))


# --- where the time goes ---------------------------------------------------------------------------------------


def profile(organisation, payers) -> None:
    """One client, 1,000 Pix under cProfile: the split between waiting for PostgreSQL and Python, the statements
    of one Pix as they reached the driver, and the functions that cost most."""
    import cProfile
    import pstats

    import psycopg

    from bank.services import pix_transfer_create

    connection.set_tenant(organisation)  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
    payer, key = payers[0], "bench-payee-0@bench.example"

    def pix() -> None:
        pix_transfer_create(holder=payer, key=key, amount_cents=1, idempotency_key=uuid.uuid4().hex)

    for _ in range(50):  # warm: connection, prepared statements, imports
        pix()
    statements: list[str] = []
    commands: list[bytes] = []
    original = psycopg.Connection._exec_command if hasattr(psycopg.Connection, "_exec_command") else None

    def log(execute, sql, params, many, context):
        statements.append(" ".join(sql.split()))
        return execute(sql, params, many, context)

    if original is not None:
        def traced(self, command, *args, **kwargs):
            commands.append(command if isinstance(command, bytes) else str(command).encode())
            return original(self, command, *args, **kwargs)

        psycopg.Connection._exec_command = traced  # type: ignore[method-assign]
    try:
        with connection.execute_wrapper(log):
            pix()
    finally:
        if original is not None:
            psycopg.Connection._exec_command = original  # type: ignore[method-assign]
    count = 1000
    started = time.perf_counter()
    for _ in range(count):
        pix()
    plain_ms = (time.perf_counter() - started) / count * 1000
    profiler = cProfile.Profile()
    profiler.enable()
    for _ in range(count):
        pix()
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = stats.total_tt  # type: ignore[attr-defined]  # pstats keeps its totals undeclared
    waited = sum(row[3] for func, row in stats.stats.items()  # type: ignore[attr-defined]
                 if func[2] == "wait" and "psycopg" in func[0])
    print(f"one client, {count} Pix: {plain_ms:.3f} ms per Pix without the profiler")
    print(f"under cProfile {total / count * 1000:.3f} ms per Pix, of which waiting for PostgreSQL "
          f"{waited / count * 1000:.3f} ms ({waited / total:.0%}); the rest is Python (inflated by the profiler)")
    print(f"one Pix: {len(statements)} statements through Django's cursor; commands psycopg sent of its own: "
          f"{', '.join(c.decode() for c in commands) or 'none (no BEGIN, no COMMIT: magie.db.pipeline.pipelined_transaction)'}")
    for number, sql in enumerate(statements, 1):
        print(f"  {number}. {sql[:150]}{'…' if len(sql) > 150 else ''}")
    print()
    stats.sort_stats("tottime").print_stats(int(os.environ.get("BANK_BENCH_PROFILE_ROWS", "18")))


# --- the run ---------------------------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", action="store_true", help="print where one client's time goes, then stop")
    arguments = parser.parse_args()
    logging.getLogger("bank").setLevel(logging.WARNING)  # one INFO line per Pix would time the terminal
    database_ready()
    organisation, payers, individuals = seed()
    connection.set_schema_to_public()  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
    db = connection.settings_dict
    where = f"{db['HOST'] or 'socket'}:{db['PORT'] or ''}/{db['NAME']}"
    if arguments.profile:
        print(f"bank bench profile on {where}")
        profile(organisation, payers)
        return

    local_keys = [f"bench-payee-{i}@bench.example" for i in range(CLIENTS)]
    zone = ZoneInfo("America/Sao_Paulo")
    # a night of its own per run, so the night sum covers this run's Pix only (as a real night would)
    night = datetime.now(zone).replace(hour=22, minute=0, second=0, microsecond=0) - timedelta(
        days=int(time.time()) % 3650)
    one, threads, procs = (1, 1), (1, CLIENTS), (CLIENTS, 1)
    scenarios = [
        ("local, distinct payers", payers, local_keys, None, (one, PGBENCH_SHAPE, threads, procs)),
        ("external, distinct payers", payers, ["fora@outrobanco.example"] * CLIENTS, None,
         (one, PGBENCH_SHAPE, threads)),
        ("local, one payer", [payers[0]] * CLIENTS, local_keys, None, (PGBENCH_SHAPE, threads)),
        ("night, individuals", individuals, local_keys, night, (one, PGBENCH_SHAPE, threads)),
    ]
    print(f"bank bench on {where}, {DURATION:.0f} s per row, PostgreSQL {connection.pg_version // 10000}, "  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
          f"prepared statements {'on' if settings.DATABASE_PREPARED_STATEMENTS else 'off'}")
    if shutil.which("pgbench") is None:
        print("pgbench: not installed (Debian: apt-get install postgresql-client); no share is computed")
    header = f"{'scenario':<27}{'clients':>12}{'Pix':>8}{'errors':>7}{'Pix/s':>9}{'statements':>11}"

    per_pix: dict[str, float] = {}  # statements per Pix by scenario, as measured in its 8-client row

    def row(name: str, label: str, result, base: float | None) -> float:
        done, errors, statements, elapsed = result
        rate = done / elapsed
        share = f"{rate / base:.1%}" if base else "—"
        per = statements / max(done + errors, 1)
        if label == shape_label(*PGBENCH_SHAPE):
            per_pix[name] = per
        print(f"{name:<27}{label:>12}{done:>8}{errors:>7}{rate:>9.1f}{per:>11.2f}{share:>11}")
        return rate

    def conserved(name: str, work):
        tables_reset()
        with tenant_context(organisation):
            before = money_state()
        result = work()
        with tenant_context(organisation):
            after = money_state()
        if after[0] != before[0] or after[1]:
            raise SystemExit(f"money not conserved in {name}: {before} → {after}")
        return result

    def goal_rate(shape: tuple[int, int]) -> float:
        done, _, _, elapsed = conserved("goal", lambda: run_clients(organisation, payers, local_keys, None, *shape))
        return done / elapsed

    # The goal's figure, alternating with pgbench so that both see the same load on a shared machine.
    goal_shapes = (PGBENCH_SHAPE, threads)
    print(f"\n{CLIENTS} clients, local Pix between distinct payers, alternating with pgbench -N -c {CLIENTS} "
          f"-j {PGBENCH_WORKERS} (schema {PGBENCH_SCHEMA}; 3 statements + BEGIN/END a transaction)")
    print(f"{'round':<8}{'pgbench TPS':>12}" + "".join(
        f"{'Pix/s ' + shape_label(*shape):>18}{'share':>8}" for shape in goal_shapes))
    # Both sides warm first, unrecorded, as on a server that runs: the Pix clients' pooled connections prepare their
    # two statements once, pgbench's tables are read into the cache (the first round was the lowest in every run).
    pgbench_tps(CLIENTS, seconds=1)
    conserved("warm-up", lambda: run_clients(organisation, payers, local_keys, None, *threads, seconds=1))
    rounds: list[tuple[float | None, list[float]]] = []
    for number in range(1, ROUNDS + 1):
        tps = pgbench_tps(CLIENTS)
        rates = [goal_rate(shape) for shape in goal_shapes]
        rounds.append((tps, rates))
        print(f"{number:<8}{(f'{tps:.0f}' if tps else '—'):>12}" + "".join(
            f"{rate:>18.1f}{(f'{rate / tps:.1%}' if tps else '—'):>8}" for rate in rates))
    baselines = [tps for tps, _ in rounds if tps]
    base_8 = statistics.median(baselines) if baselines else None
    base_1 = pgbench_tps(1)

    if base_8:
        print(f"\nevery scenario (share: of pgbench -N with as many clients: {base_1:.0f} TPS with 1, "
              f"median {base_8:.0f} with {CLIENTS})")
    else:
        print("\nevery scenario")
    print(header + f"{'of pgbench':>11}")
    for name, who, keys, now, shapes in scenarios:
        for shape in shapes:
            work = partial(run_clients, organisation, who, keys, now, *shape)
            row(name, shape_label(*shape), conserved(name, work), base_1 if shape == one else base_8)
    if settings.DATABASE_PREPARED_STATEMENTS:
        settings.DATABASE_PREPARED_STATEMENTS = False  # hot_cursor and pix_transaction read it per call
        for shape in (one, PGBENCH_SHAPE, threads):
            row("local, not prepared", shape_label(*shape),
                conserved("not prepared", partial(run_clients, organisation, payers, local_keys, None, *shape)),
                base_1 if shape == one else base_8)
        settings.DATABASE_PREPARED_STATEMENTS = True
    print("money conserved and no balance negative after every row")
    for index, shape in enumerate(goal_shapes):
        label = f"{CLIENTS} clients as {shape_label(*shape)}"
        if not baselines:
            print(f"RESULT: {statistics.median(rates[index] for _, rates in rounds):.0f} Pix/s with {label} "
                  "(no pgbench to compare with)")
            continue
        shares = sorted((rates[index] / tps, rates[index], tps) for tps, rates in rounds if tps)
        share, rate, tps = shares[len(shares) // 2]  # the median round
        verdict = "meets" if share >= GOAL_SHARE else "misses"
        print(f"{'RESULT' if shape == PGBENCH_SHAPE else 'also'}: {rate:.0f} Pix/s with {label} against {tps:.0f} "
              f"pgbench -N TPS = {share:.1%} (the median of {ROUNDS} alternating rounds, {shares[0][0]:.1%} to "
              f"{shares[-1][0]:.1%}; {verdict} the goal of {GOAL_SHARE:.0%})")
    print(f"statements per Pix, measured: {per_pix['local, distinct payers']:.2f} (local), "
          f"{per_pix['night, individuals']:.2f} (an individual at night); the commands psycopg sends besides them "
          "(BEGIN, COMMIT): `--profile`")


if __name__ == "__main__":
    main()
