"""The message pipeline end to end: signed webhooks into the platform `make run` starts (`manage.py up`: the
production server, a Celery worker and beat), replies caught by a fake Graph server that timestamps each send.

Run: `.venv/bin/python bench/pipeline_bench.py` (about 4 minutes with the defaults, plus the compressed day).
The platform runs on its embedded default in a data folder of its own, made afresh each run (`.data/pipeline-bench`:
its own PostgreSQL and Redis, the demo organisations, stopped at the end), so neither the demo data of `make run`
nor another bench is touched.
PIPELINE_BENCH_SECONDS (default 15) per offered load; PIPELINE_BENCH_RATES (default "20 50 100" msg/s);
PIPELINE_BENCH_ACK_RATE (default 300 req/s; 0 skips the ack phases) for PIPELINE_BENCH_ACK_SECONDS (default 5); PIPELINE_BENCH_DAY_SCALE (default 1.0: 1,000
customers × 5 messages; 0 skips the day, 0.2 is 200 customers at the same rates, a fifth of the length);
PIPELINE_BENCH_CONCURRENCY (default: `up`'s, 2): the worker's children;
PIPELINE_BENCH_WAITS=1: beside each phase, what the web's requests waited for, counted (bench/ack_waits.py: the web's
backends sampled in pg_stat_activity, lock waits over 1 ms, WAL syncs, the web's time waiting for a core); and after
the ack phase the same webhooks again with the worker stopped (SIGSTOP), to tell what the turns add;
PIPELINE_BENCH_PROFILE=<file>: instead of the phases, the first rate only (with PIPELINE_BENCH_RATES="", the
compressed day), answered by one worker process under cProfile (solo pool), and where its time went printed. The
platform's own settings pass through the environment (e.g. CELERY_DB_REUSE_MAX=0 for the worker's old pool
behaviour, MAGIE_WORKER_NICE=0).

What it prints, each phase with the load average beside it:
  1. The bare view (`/healthz`, the same server and middleware, no work) at 300 requests/s, the worker idle.
  2. Offered loads of 20, 50 and 100 new customers' messages/s for PIPELINE_BENCH_SECONDS each, then until every
     reply was sent: messages/s end to end (messages ÷ first request → last reply), the webhook's ack p50/p99, and
     ack → reply-sent p50/p95/p99. Beside them, the worker's CPU per message (its processes' CPU time over the
     phase; its main process's, Celery's consumer, apart) and the worker's tasks per message (its log's "succeeded" lines): the figures to compare before/after
     on a busy machine, where wall-clock figures are noise.
  3. Webhooks at 300 requests/s with the worker running their turns: ack p99 beside the bare view's.
  4. A compressed day: 1,000 customers × 5 messages across the three demo organisations, ~13 messages/s on
     average and ~20 at the peak (a sine over the length), each customer's messages 20–60 s apart.
  5. The broker hung (PIPELINE_BENCH_BROKER_HUNG_SECONDS, default 5; 0 skips): the embedded Redis stopped with
     SIGSTOP (a broker that accepts nothing and refuses nothing, worse than one that is down) while 50 messages/s
     come in, then resumed: the ack's p50/p99 while it hung, and every reply still sent once (the sweepers publish
     what could not be published, up to a minute later).
RESULT lines at the end name each acceptance figure: throughput ≥ 100 msg/s, p95 ≤ 1 s at 50 msg/s, p95 ≤ 2 s in
the day, ack p99 ≤ 2× the bare view with turns running.
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import math
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tenants.demo import DEMO_ORGANISATIONS, demo_channel_secrets  # noqa: E402
from testing.fake_whatsapp import FakeGraphServer  # noqa: E402
from testing.servers import free_port  # noqa: E402

SECONDS = float(os.environ.get("PIPELINE_BENCH_SECONDS", "15"))
RATES = [float(rate) for rate in os.environ.get("PIPELINE_BENCH_RATES", "20 50 100").split()]
ACK_RATE = float(os.environ.get("PIPELINE_BENCH_ACK_RATE", "300"))  # 0: no ack phase
ACK_SECONDS = float(os.environ.get("PIPELINE_BENCH_ACK_SECONDS", "5"))
DAY_SCALE = float(os.environ.get("PIPELINE_BENCH_DAY_SCALE", "1.0"))
WAITS = os.environ.get("PIPELINE_BENCH_WAITS", "") not in ("", "0")
CONCURRENCY = os.environ.get("PIPELINE_BENCH_CONCURRENCY", "")  # "": `up`'s default
DATA_DIR = ROOT / ".data" / "pipeline-bench"
BROKER_HUNG_SECONDS = float(os.environ.get("PIPELINE_BENCH_BROKER_HUNG_SECONDS", "5"))  # 0: no such phase
CLIENT_THREADS = 64
WARM_UP_MESSAGES = 30
PERIODIC = re.compile(r"sweep|heartbeat|scheduled")  # the beat's tasks, not the messages'
TEXTS = {"demobank": "qual meu saldo?", "demoschool": "Hola, quines activitats teniu?",
         "demostore": "Hola, ¿qué celulares tienen?"}


# ---------------------------------------------------------------------------------------------------- load


def body_for(org, wa_id: str, text: str) -> bytes:
    message = {"from": wa_id, "id": f"wamid.pipebench-{uuid.uuid4().hex}", "timestamp": str(int(time.time())),
               "type": "text", "text": {"body": text}}
    return json.dumps({"object": "whatsapp_business_account", "entry": [{"id": "bench", "changes": [{
        "field": "messages", "value": {
            "messaging_product": "whatsapp",
            "metadata": {"display_phone_number": org.display_phone_number, "phone_number_id": org.phone_number_id},
            "contacts": [{"profile": {"name": "Bench"}, "wa_id": wa_id}], "messages": [message]}}]}]}).encode()


def post(port: int, path: str, body: bytes, org=None) -> int:
    headers = {"Host": "localhost", "Content-Type": "application/json"}
    if org is not None:
        secret = demo_channel_secrets(org.schema_name)["app_secret"]
        headers["X-Hub-Signature-256"] = "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("POST" if org is not None else "GET", path, body=body if org is not None else None,
                           headers=headers)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def send_schedule(port: int, schedule: list[tuple[float, Any, str, str]]) -> dict[str, Any]:
    """Open loop: each (offset, org, wa_id, text) leaves at start + offset whether or not earlier ones answered;
    the ack's latency runs from that scheduled time. Returns {wa_id: [ack time, …]} and the latencies."""
    acks: dict[str, list[float]] = {}
    latencies: list[float] = []
    failures: list[str] = []
    lock = threading.Lock()

    def one(scheduled: float, org, wa_id: str, text: str) -> None:
        body = body_for(org, wa_id, text) if org is not None else b""
        try:
            status = post(port, "/webhooks/whatsapp" if org is not None else "/healthz", body, org)
        except OSError as error:
            status = -1
            failures.append(type(error).__name__)
        finished = time.monotonic()
        with lock:
            latencies.append(finished - scheduled)
            if status == 200 and org is not None:
                acks.setdefault(wa_id, []).append(finished)
            elif status != 200:
                failures.append(str(status))

    start = time.monotonic() + 0.5
    with ThreadPoolExecutor(max_workers=CLIENT_THREADS) as pool:
        for offset, org, wa_id, text in schedule:
            scheduled = start + offset
            delay = scheduled - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            pool.submit(one, scheduled, org, wa_id, text)
    return {"acks": acks, "latencies": latencies, "failures": failures, "start": start}


def percentile(samples: list[float], fraction: float) -> float:
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


# ---------------------------------------------------------------------------------------------------- platform


def embedded_stop() -> None:
    """Stop the embedded PostgreSQL and Redis `up` left running under DATA_DIR (they outlive it by design)."""
    for pid_file in (DATA_DIR / "pg" / "postmaster.pid", DATA_DIR / "redis" / "redis.pid"):
        try:
            pid = int(pid_file.read_text().split()[0])
            os.kill(pid, signal.SIGTERM)
        except (FileNotFoundError, ValueError, IndexError, ProcessLookupError):
            continue
        for _ in range(100):  # up to 10 s for it to exit
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)


class Platform:
    """`manage.py up` on its embedded default under a fresh DATA_DIR (no backlog of an earlier run), its replies
    going to `graph`. `profile_to`: no worker of `up`'s; instead one worker process of our own (the solo pool, so
    its tasks run in the process cProfile watches: Celery's consumer, the tasks and everything they call) on its CPU
    clock, from the end of the warm-up, whose statistics are written to that file when it stops."""

    def __init__(self, graph: FakeGraphServer, profile_to: Path | None = None) -> None:
        self.port = free_port()
        embedded_stop()
        shutil.rmtree(DATA_DIR, ignore_errors=True)
        DATA_DIR.mkdir(parents=True, exist_ok=True)
        self.log_path = DATA_DIR / "up.log"
        env = {key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "CELERY_BROKER_URL")}
        env |= {"MAGIE_DATA_DIR": str(DATA_DIR), "WHATSAPP_GRAPH_URL": graph.url, "MAGIE_DEPLOYMENT": "development",
                "WHATSAPP_RATE_PER_SECOND": "1000", "MAGIE_BIND": f"127.0.0.1:{self.port}"}
        self.log = open(self.log_path, "w")
        self.profiled: subprocess.Popen | None = None
        self.process = subprocess.Popen([sys.executable, "manage.py", "up", *(["--no-worker"] if profile_to else []),
                                         *(["--concurrency", CONCURRENCY] if CONCURRENCY else [])],
                                        cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 600
        while "ready:" not in self.log_path.read_text():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"manage.py up did not start:\n{self.log_path.read_text()[-3000:]}")
            time.sleep(0.5)
        if profile_to is not None:
            self.profiled = subprocess.Popen(
                [sys.executable, str(ROOT / "bench" / "_worker_profiled.py"), "-A", "magie", "worker", "-P", "solo",
                 "-l", "INFO", "-n", f"profiled-{os.getpid()}@%h"],
                cwd=ROOT, env=env | {"MAGIE_PROCESS_ROLE": "worker", "PROFILE_TO": str(profile_to),
                                     "PROFILE_SKIP_TASKS": str(WARM_UP_MESSAGES)},
                stdout=self.log, stderr=subprocess.STDOUT)
            while "ready." not in self.log_path.read_text():
                if self.profiled.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"the profiled worker did not start:\n{self.log_path.read_text()[-3000:]}")
                time.sleep(0.5)
        time.sleep(3)  # the worker's children and beat settle

    def worker(self) -> list[psutil.Process]:
        if self.profiled is not None:
            return [psutil.Process(self.profiled.pid)]
        processes = []
        for child in psutil.Process(self.process.pid).children(recursive=True):
            try:
                if "celery" in " ".join(child.cmdline()) and "worker" in child.cmdline():
                    processes.append(child)
            except psutil.NoSuchProcess:
                continue
        return processes

    def broker(self) -> psutil.Process:
        """The embedded Redis, the platform's broker."""
        return psutil.Process(int((DATA_DIR / "redis" / "redis.pid").read_text().split()[0]))

    def worker_cpu(self) -> float:
        return sum(self.worker_cpu_split())

    def worker_cpu_split(self) -> tuple[float, float]:
        """The worker's CPU seconds: its main process (Celery's consumer: receiving, the late acknowledgement,
        prefork's hand-over to a child), its children (the tasks)."""
        processes = self.worker()
        pids = {process.pid for process in processes}
        main = children = 0.0
        for process in processes:
            try:
                times = process.cpu_times()
                if process.ppid() in pids:
                    children += times.user + times.system
                else:
                    main += times.user + times.system
            except psutil.NoSuchProcess:
                pass
        return main, children

    def database_cpu(self) -> float:
        """The embedded PostgreSQL's CPU seconds: the postmaster, its live backends and those it has reaped."""
        try:
            postmaster = psutil.Process(int((DATA_DIR / "pg" / "postmaster.pid").read_text().split()[0]))
            times = postmaster.cpu_times()
            total = times.user + times.system + times.children_user + times.children_system
            for child in postmaster.children(recursive=True):
                try:
                    child_times = child.cpu_times()
                    total += child_times.user + child_times.system
                except psutil.NoSuchProcess:
                    continue
            return total
        except (OSError, ValueError, IndexError, psutil.Error):
            return float("nan")

    def cpu_by_role(self) -> dict[str, float]:
        """CPU seconds so far of every process on the cores, by role: web (the server's processes), worker, beat,
        PostgreSQL, Redis, and this bench (its load generator and the fake Graph server, one process)."""
        roles = {"web": 0.0, "worker": self.worker_cpu(), "beat": 0.0, "postgresql": self.database_cpu(),
                 "redis": 0.0, "bench": 0.0}
        for child in psutil.Process(self.process.pid).children(recursive=True):
            try:
                command = " ".join(child.cmdline())
                times = child.cpu_times()
            except psutil.NoSuchProcess:
                continue
            if "celery" in command:
                if " beat" in command:
                    roles["beat"] += times.user + times.system
            elif "granian" in command or "gunicorn" in command or " serve" in command or "runserver" in command:
                roles["web"] += times.user + times.system
        try:
            times = self.broker().cpu_times()
            roles["redis"] = times.user + times.system
        except (OSError, ValueError, psutil.Error):
            roles["redis"] = float("nan")
        times = psutil.Process().cpu_times()
        roles["bench"] = times.user + times.system
        return roles

    def tasks_done(self) -> dict[str, int]:
        """Tasks the worker ran (ended or retried) by name, the beat's periodic ones left out."""
        counts: dict[str, int] = {}
        for name in re.findall(r"Task ([\w.]+)\[[^\]]+\] (?:succeeded|retry)", self.log_path.read_text()):
            if not PERIODIC.search(name):
                counts[name] = counts.get(name, 0) + 1
        return counts

    def stop(self) -> None:
        if self.profiled is not None:  # a warm shutdown: cProfile writes its file as the process exits
            self.profiled.send_signal(signal.SIGTERM)
            try:
                self.profiled.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.profiled.kill()
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()
        embedded_stop()


# ---------------------------------------------------------------------------------------------------- phases


def replies_by_customer(graph: FakeGraphServer, since: int) -> dict[str, list[float]]:
    sent: dict[str, list[float]] = {}
    for request in graph.requests[since:]:
        if 200 <= request.status < 300 and isinstance(request.json, dict):
            sent.setdefault(str(request.json.get("to", "")), []).append(request.at)
    return sent


def wait_replies(graph: FakeGraphServer, since: int, expected: int, quiet: float = 60.0) -> None:
    """Until every reply came, or none came for `quiet` seconds (then the missing ones are counted as lost)."""
    seen, last_progress = -1, time.monotonic()
    while time.monotonic() - last_progress < quiet:
        count = sum(len(v) for v in replies_by_customer(graph, since).values())
        if count >= expected:
            return
        if count != seen:
            seen, last_progress = count, time.monotonic()
        time.sleep(0.5)


def run_phase(name: str, platform: Platform, graph: FakeGraphServer,
              schedule: list[tuple[float, Any, str, str]], probe: Any = None,
              broker_hung: bool = False) -> dict[str, float]:
    """One phase: `schedule` sent, every reply waited for. `broker_hung`: the embedded Redis (the broker) stopped
    while the schedule is sent, resumed after; the replies waited for up to the sweepers' pace."""
    since = len(graph.requests)
    (main, children), database, tasks = platform.worker_cpu_split(), platform.database_cpu(), platform.tasks_done()
    cpu = main + children
    roles = platform.cpu_by_role()
    load = os.getloadavg()[0]
    mark = probe.start() if probe is not None else None
    broker = platform.broker() if broker_hung else None
    if broker is not None:
        broker.suspend()
    try:
        sent = send_schedule(platform.port, schedule)
    finally:
        if broker is not None:
            broker.resume()
    waits_seen = probe.stop(mark, len(schedule)) if probe is not None else ""
    wait_replies(graph, since, len(schedule), quiet=240.0 if broker_hung else 60.0)
    time.sleep(1.0)  # a late duplicate would show
    replies = replies_by_customer(graph, since)
    waits, answered, duplicates = [], 0, 0
    for wa_id, acks in sent["acks"].items():
        got = replies.get(wa_id, [])
        duplicates += max(0, len(got) - len(acks))
        for ack, reply in zip(acks, got, strict=False):
            waits.append(reply - ack)
            answered += 1
    last = max((at for times in replies.values() for at in times), default=sent["start"])
    tasks_after = platform.tasks_done()
    task_count = sum(tasks_after.values()) - sum(tasks.values())
    figures = {
        "messages": len(schedule), "answered": answered, "duplicates": duplicates,
        "throughput": answered / max(1e-9, last - sent["start"]),
        "ack_p50_ms": percentile(sent["latencies"], 0.50) * 1000, "ack_p99_ms": percentile(sent["latencies"], 0.99) * 1000,
        "reply_p50_s": percentile(waits, 0.50), "reply_p95_s": percentile(waits, 0.95),
        "reply_p99_s": percentile(waits, 0.99),
        "worker_cpu_ms": (platform.worker_cpu() - cpu) * 1000 / max(1, answered),
        "worker_main_cpu_ms": (platform.worker_cpu_split()[0] - main) * 1000 / max(1, answered),
        "database_cpu_ms": (platform.database_cpu() - database) * 1000 / max(1, answered),
        "tasks_per_message": task_count / max(1, len(schedule)), "load": load,
    }
    roles_after = platform.cpu_by_role()
    figures |= {f"{role}_cpu_ms": (roles_after[role] - roles[role]) * 1000 / max(1, answered) for role in roles}
    by_name = {key: tasks_after.get(key, 0) - tasks.get(key, 0) for key in tasks_after}
    print(f"{name}: {figures['messages']} messages, {answered} answered, {duplicates} duplicated, "
          f"{len(sent['failures'])} failed requests; {figures['throughput']:.1f} msg/s end to end; ack p50 "
          f"{figures['ack_p50_ms']:.1f} ms p99 {figures['ack_p99_ms']:.1f} ms; ack → reply p50 "
          f"{figures['reply_p50_s']:.3f} s p95 {figures['reply_p95_s']:.3f} s p99 {figures['reply_p99_s']:.3f} s; "
          f"worker {figures['worker_cpu_ms']:.1f} ms CPU ({figures['worker_main_cpu_ms']:.1f} in its main process) "
          f"and {figures['tasks_per_message']:.2f} tasks per message, "
          f"PostgreSQL {figures['database_cpu_ms']:.1f} ms CPU per message "
          f"({', '.join(f'{k} {v}' for k, v in sorted(by_name.items()) if v)}); load average {load:.2f}",
          flush=True)
    shares = {role: figures[f"{role}_cpu_ms"] for role in roles}
    print(f"  CPU per message by process: {', '.join(f'{role} {ms:.1f} ms' for role, ms in shares.items())}; "
          f"all {sum(shares.values()):.1f} ms", flush=True)
    if waits_seen:
        print(waits_seen, flush=True)
    return figures


def steady(rate: float, seconds: float) -> list[tuple[float, Any, str, str]]:
    """`rate` new customers per second, one message each, the three organisations in turn."""
    schedule = []
    for index in range(int(rate * seconds)):
        org = DEMO_ORGANISATIONS[index % 3]
        schedule.append((index / rate, org, f"5598{uuid.uuid4().int % 10**9:09d}", TEXTS[org.schema_name]))
    return schedule


def compressed_day(scale: float) -> list[tuple[float, Any, str, str]]:
    """1,000 × scale customers × 5 messages, arrivals shaped as a sine between ~6 and ~20 messages/s (average
    ~13), each customer's messages 20–60 s apart."""
    customers = int(1000 * scale)
    total = customers * 5
    length = total / 13.0
    rng = random.Random(7)

    def rate_at(t: float) -> float:
        return 13.0 + 7.0 * math.sin(2 * math.pi * t / length - math.pi / 2)  # the peak mid-day

    starts: list[float] = []
    t = 0.0
    while len(starts) < customers:  # first messages follow the day's curve (a fifth of the traffic)
        t += rng.expovariate(rate_at(t) / 5.0)
        starts.append(t)
    schedule = []
    for customer, first in enumerate(starts):
        org = DEMO_ORGANISATIONS[customer % 3]
        wa_id = f"5597{uuid.uuid4().int % 10**9:09d}"
        at = first
        for _ in range(5):
            schedule.append((at, org, wa_id, TEXTS[org.schema_name]))
            at += rng.uniform(20, 60)
    return sorted(schedule, key=lambda entry: entry[0])


def profile_main(path: Path) -> None:
    """PIPELINE_BENCH_PROFILE=<file>: the worker's Python profiled while it answers the first offered load, then the
    functions that took most of its time printed (the file is kept for pstats or snakeviz)."""
    import pstats

    graph = FakeGraphServer().start()
    platform = Platform(graph, profile_to=path)
    try:
        run_phase("warm-up (not counted)", platform, graph, steady(10, WARM_UP_MESSAGES / 10))
        if RATES:
            figures = run_phase(f"{RATES[0]:.0f} msg/s offered, the worker profiled", platform, graph,
                                steady(RATES[0], SECONDS))
        else:  # PIPELINE_BENCH_RATES="": the compressed day's mix (returning customers, messages one by one)
            figures = run_phase(f"compressed day ×{DAY_SCALE}, the worker profiled", platform, graph,
                                compressed_day(DAY_SCALE))
    finally:
        platform.stop()
        graph.stop()
    stats = pstats.Stats(str(path))
    total = sum(timing[2] for timing in stats.stats.values())  # type: ignore[attr-defined]
    print(f"profile of the worker process on its CPU clock after the warm-up: {total:.2f} s for "
          f"{figures['answered']:.0f} messages = {total * 1000 / max(1, figures['answered']):.1f} ms per message "
          "(the profiler's own overhead included); by cumulative time, then by own time:")
    stats.sort_stats("cumulative").print_stats(45)
    stats.sort_stats("tottime").print_stats(30)


def main() -> None:
    profile = os.environ.get("PIPELINE_BENCH_PROFILE")
    if profile:
        profile_main(Path(profile).resolve())
        return
    print(f"pipeline bench: manage.py up on its embedded default under {DATA_DIR}, {os.cpu_count()} cores; "
          f"{SECONDS:.0f} s per load, day scale {DAY_SCALE}; MAGIE_WORKER_CORES="
          f"{os.environ.get('MAGIE_WORKER_CORES', '')!r}, MAGIE_WORKER_NICE={os.environ.get('MAGIE_WORKER_NICE', '')!r}, "
          f"concurrency {CONCURRENCY or 'default'}", flush=True)
    graph = FakeGraphServer().start()
    platform = Platform(graph)
    results: dict[str, dict[str, float]] = {}
    probe = None
    try:
        if WAITS:
            from ack_waits import WaitProbe  # beside this script (bench/ is on the path when run)

            probe = WaitProbe(DATA_DIR, platform.process.pid, platform.log_path)
        warm = steady(10, WARM_UP_MESSAGES / 10)
        run_phase("warm-up (not counted)", platform, graph, warm)
        bare_p99 = float("nan")
        if ACK_RATE:
            load = os.getloadavg()[0]
            mark = probe.start() if probe is not None else None
            bare = send_schedule(platform.port, [(i / ACK_RATE, None, "", "") for i in range(int(ACK_RATE * 5))])
            bare_waits = probe.stop(mark, int(ACK_RATE * 5)) if probe is not None and mark is not None else ""
            bare_p99 = percentile(bare["latencies"], 0.99) * 1000
            print(f"bare view at {ACK_RATE:.0f} req/s, worker idle: p50 "
                  f"{percentile(bare['latencies'], 0.5) * 1000:.1f} ms, p99 {bare_p99:.1f} ms; load average "
                  f"{load:.2f}", flush=True)
            if bare_waits:
                print(bare_waits, flush=True)
        for rate in RATES:
            results[f"{rate:.0f}"] = run_phase(f"{rate:.0f} msg/s offered", platform, graph, steady(rate, SECONDS))
        if ACK_RATE:
            results["ack"] = run_phase(f"webhooks at {ACK_RATE:.0f} req/s, turns running", platform, graph,
                                       steady(ACK_RATE, ACK_SECONDS), probe)
        if ACK_RATE and probe is not None:  # the same load with the worker stopped: what the turns add to the ack
            paused = platform.worker()
            for process in paused:
                process.suspend()
            try:
                mark, load = probe.start(), os.getloadavg()[0]
                sent = send_schedule(platform.port, steady(ACK_RATE, ACK_SECONDS))
                seen = probe.stop(mark, len(sent["latencies"]))
            finally:
                for process in paused:
                    process.resume()
            print(f"webhooks at {ACK_RATE:.0f} req/s, the worker stopped (SIGSTOP; not answered before the end): ack "
                  f"p50 {percentile(sent['latencies'], 0.5) * 1000:.1f} ms p99 "
                  f"{percentile(sent['latencies'], 0.99) * 1000:.1f} ms; load average {load:.2f}\n{seen}", flush=True)
        if DAY_SCALE > 0:
            results["day"] = run_phase(f"compressed day ×{DAY_SCALE}", platform, graph, compressed_day(DAY_SCALE))
        if BROKER_HUNG_SECONDS > 0:
            results["broker"] = run_phase(f"50 msg/s offered, the broker hung (SIGSTOP) {BROKER_HUNG_SECONDS:.0f} s",
                                          platform, graph, steady(50, BROKER_HUNG_SECONDS), broker_hung=True)
    finally:
        platform.stop()
        graph.stop()
    steady_keys = [f"{rate:.0f}" for rate in RATES]
    throughput = max(results[key]["throughput"] for key in [*steady_keys, *(["ack"] if ACK_RATE else [])])
    print(f"RESULT pipeline_throughput_msg_per_s {throughput:.1f} (target >= 100 on 2 idle cores)")
    if "50" in results:
        print(f"RESULT reply_p95_at_50_s {results['50']['reply_p95_s']:.3f} (target <= 1.0)")
    if "day" in results:
        print(f"RESULT reply_p95_compressed_day_s {results['day']['reply_p95_s']:.3f} (target <= 2.0)")
    if ACK_RATE:
        ratio = results["ack"]["ack_p99_ms"] / max(1e-9, bare_p99)
        print(f"RESULT ack_p99_with_turns_over_bare {ratio:.2f} ({results['ack']['ack_p99_ms']:.1f} ms vs "
              f"{bare_p99:.1f} ms at {ACK_RATE:.0f} req/s; target <= 2.0)")
    if "broker" in results:
        print(f"RESULT ack_p99_broker_hung_ms {results['broker']['ack_p99_ms']:.1f} (p50 "
              f"{results['broker']['ack_p50_ms']:.1f} ms; target < 100 ms; every reply sent once: replies_lost below)")
    cpu_key = "50" if "50" in results else steady_keys[0]
    print(f"RESULT worker_cpu_ms_per_message {results[cpu_key]['worker_cpu_ms']:.1f} (at {cpu_key} msg/s)")
    print(f"RESULT worker_tasks_per_message {results[cpu_key]['tasks_per_message']:.2f} (at {cpu_key} msg/s)")
    print(f"RESULT database_cpu_ms_per_message {results[cpu_key]['database_cpu_ms']:.1f} (at {cpu_key} msg/s; "
          "all of PostgreSQL's work, web's included)")
    lost = sum(figures["messages"] - figures["answered"] for figures in results.values())
    duplicated = sum(figures["duplicates"] for figures in results.values())
    print(f"RESULT replies_lost {lost} duplicated {duplicated} (target 0 and 0)")


if __name__ == "__main__":
    main()
