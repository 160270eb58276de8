"""WhatsApp webhook acknowledgement latency against the server `make run` starts, beside a bare view on it.

Run: `.venv/bin/python bench/webhook_bench.py` (DATABASE_URL / CELERY_BROKER_URL optional: embedded otherwise).
WEBHOOK_BENCH_SECONDS (default 5) per run; WEBHOOK_BENCH_SERVERS (default "granian gunicorn").

What it does:
  1. Creates (once) the bench organisation `benchwa` with its own WhatsApp channel.
  2. For each server: starts `manage.py serve --server <it>` — the command `manage.py up` runs, with the production
     settings (magie.settings.base: WhiteNoise, the connection pool, one process per core) — on a free port. The
     tasks the webhook publishes go to a bench-only queue (CELERY_TASK_DEFAULT_QUEUE), deleted at the end.
  3. Open-loop load (requests leave on schedule whether or not earlier ones answered) at 100, 200 and 300
     requests/s on the bare view (`/healthz`, the same middleware, no work) and on the webhook (a new correctly
     signed message each time), WEBHOOK_BENCH_SECONDS each. Latency runs from the scheduled time to the answer,
     so a saturated server shows up as latency. The server processes' CPU time is read before and after.
  4. In this process: SQL statements and CPU ms of one acknowledgement (the view) and of processing one body in
     the worker (`inbound_process`: parse, route, store, queue the turn), for a new and a known customer.
  5. Removes what it stored (raw bodies, conversations) and the bench queue. About 2 minutes on 2 cores.
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import os
import subprocess
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import _setup  # noqa: F401 - django.setup() on the configured (or embedded) database
import psutil
from _setup import bench_organisation, percentiles
from django.conf import settings
from django.db import connection
from django.test import Client
from django_tenants.utils import schema_context

from magie.celery import app as celery_app
from tenants.services import whatsapp_channel_save
from testing.platform import process_stop
from testing.servers import free_port
from whatsapp.inbound.models import InboundBody
from whatsapp.services import inbound_process

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = "benchwa"
PHONE_NUMBER_ID = "990000000000001"
APP_SECRET = "bench-app-secret-benchwa"
QUEUE = "bench-webhook"
RATES = (100, 200, 300)
DURATION = float(os.environ.get("WEBHOOK_BENCH_SECONDS", "5"))
SERVERS = os.environ.get("WEBHOOK_BENCH_SERVERS", "granian gunicorn").split()
WARMUP = 100
CLIENT_THREADS = 64


def webhook_body(customer: str | None = None) -> bytes:
    sender = customer or f"55119{uuid.uuid4().int % 10**8:08d}"
    message = {"from": sender, "id": f"wamid.bench-{uuid.uuid4().hex}", "timestamp": str(int(time.time())),
               "type": "text", "text": {"body": "Olá, quero ver meu saldo 💰"}}
    payload = {"object": "whatsapp_business_account", "entry": [{"id": "bench", "changes": [{"field": "messages",
               "value": {"messaging_product": "whatsapp",
                         "metadata": {"display_phone_number": "5511400009999", "phone_number_id": PHONE_NUMBER_ID},
                         "contacts": [{"profile": {"name": "Bench"}, "wa_id": sender}], "messages": [message]}}]}]}
    return json.dumps(payload).encode()


def signature(body: bytes) -> str:
    return "sha256=" + hmac.new(APP_SECRET.encode(), body, hashlib.sha256).hexdigest()


def request_once(port: int, path: str, body: bytes) -> int:
    headers = {"Host": "localhost", "Content-Type": "application/json"}
    if path != "/healthz":
        headers["X-Hub-Signature-256"] = signature(body)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("POST", path, body=body, headers=headers)
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def run_load(port: int, path: str, rate: int, seconds: float) -> dict[str, Any]:
    """Open loop: request i leaves at t0 + i/rate; latency from that scheduled time to the answer."""
    count = int(rate * seconds)
    bodies = [webhook_body() for _ in range(count)]
    latencies: list[float] = []
    statuses: dict[int | str, int] = {}
    lock = threading.Lock()

    def one(index: int, scheduled: float) -> None:
        try:
            status: int | str = request_once(port, path, bodies[index])
        except OSError as error:
            status = type(error).__name__
        finished = time.perf_counter()
        with lock:
            latencies.append(finished - scheduled)
            statuses[status] = statuses.get(status, 0) + 1

    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=CLIENT_THREADS) as pool:
        for index in range(count):
            scheduled = started + index / rate
            delay = scheduled - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            pool.submit(one, index, scheduled)
    return {"latencies": latencies, "statuses": statuses, "count": count,
            "achieved_rps": count / (time.perf_counter() - started)}


def server_cpu(process: psutil.Process) -> float:
    total = 0.0
    for each in [process, *process.children(recursive=True)]:
        try:
            times = each.cpu_times()
            total += times.user + times.system
        except psutil.NoSuchProcess:
            pass
    return total


def start_server(server: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = os.environ | {"DATABASE_URL": settings.DATABASE_URL, "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
                        "DJANGO_SETTINGS_MODULE": "magie.settings.base", "CELERY_TASK_DEFAULT_QUEUE": QUEUE,
                        "LOG_LEVEL": "WARNING"}
    process = subprocess.Popen([sys.executable, "manage.py", "serve", "--server", server, "--bind",
                                f"127.0.0.1:{port}"], env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if request_once(port, "/healthz", b"{}") == 200:
                return process, port
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit(f"{server} did not start")


def cost_in_process() -> None:
    """SQL statements and CPU ms of one acknowledgement and of one body's processing, new and known customer."""
    client = Client(HTTP_HOST="localhost")
    celery_app.conf.task_always_eager = False
    celery_app.conf.task_default_queue = QUEUE
    clean_up()  # the load runs left bodies no worker processed: each would be taken with the first one below
    known = "5511900000042"
    body = webhook_body(known)
    client.post("/webhooks/whatsapp", data=body, content_type="application/json",
                HTTP_X_HUB_SIGNATURE_256=signature(body))
    last = InboundBody.objects.order_by("-pk").values_list("pk", flat=True).first()
    assert last is not None
    inbound_process(inbound_id=last)
    statements = [0]

    def count(execute, sql, params, many, context):
        statements[0] += 1
        return execute(sql, params, many, context)

    def measured(work) -> tuple[int, float]:
        statements[0] = 0
        with connection.execute_wrapper(count):
            started = time.process_time()
            work()
            return statements[0], time.process_time() - started

    rows = []
    for label, customer in (("new customer", None), ("known customer", known)):
        ack_queries, ack_cpu, work_queries, work_cpu = [], [], [], []
        for _ in range(50):
            body = webhook_body(customer)
            queries, cpu = measured(lambda body=body: client.post("/webhooks/whatsapp", data=body,
                                                        content_type="application/json",
                                                        HTTP_X_HUB_SIGNATURE_256=signature(body)))
            ack_queries.append(queries)
            ack_cpu.append(cpu)
            inbound_id = InboundBody.objects.order_by("-pk").values_list("pk", flat=True).first()
            queries, cpu = measured(lambda inbound_id=inbound_id: inbound_process(inbound_id=inbound_id))
            work_queries.append(queries)
            work_cpu.append(cpu)
        rows.append((label, sorted(ack_queries)[25], sorted(ack_cpu)[25] * 1000, sorted(work_queries)[25],
                     sorted(work_cpu)[25] * 1000))
    print("\nper webhook (median of 50, in this process through Django's test client; SQL statements "
          "through Django's cursor, django-tenants' SET search_path included: the ack's INSERT needs none)")
    print(f"{'':<16} {'ack SQL':>8} {'ack CPU ms':>11} {'worker SQL':>11} {'worker CPU ms':>14}")
    for label, aq, ac, wq, wc in rows:
        print(f"{label:<16} {aq:>8} {ac:>11.2f} {wq:>11} {wc:>14.2f}")


def clean_up() -> None:
    with schema_context(SCHEMA), connection.cursor() as cursor:
        cursor.execute("TRUNCATE conversations_message, conversations_conversation, conversations_customer CASCADE")
    InboundBody.objects.filter(phone_number_ids__contains=[PHONE_NUMBER_ID]).delete()
    with celery_app.connection_for_write() as broker:
        broker.default_channel.queue_purge(QUEUE)
        broker.default_channel.queue_delete(QUEUE)


def main() -> None:
    organisation = bench_organisation(SCHEMA, "bank")
    whatsapp_channel_save(organisation=organisation, phone_number_id=PHONE_NUMBER_ID,
                          display_phone_number="+55 11 4000-9999", app_secret=APP_SECRET,
                          verify_token="bench-verify-benchwa", access_token="bench-access-token")
    clean_up()
    summary: dict[tuple[str, int, str], dict[str, float]] = {}
    print(f"webhook acknowledgement latency, loopback, `manage.py serve` ({settings.MAGIE_WEB_WORKERS} processes x "
          f"{settings.MAGIE_WEB_THREADS} threads, pool {settings.DATABASE_POOL_MAX_SIZE}/process), {DURATION:.0f} s "
          f"per run, database {'embedded' if settings.EMBEDDED_DATABASE else 'DATABASE_URL'}, {os.cpu_count()} CPUs "
          "shared by client and server")
    print(f"{'server':<9} {'rate':>5} {'target':<10} {'sent':>5} {'done/s':>8} {'p50 ms':>8} {'p99 ms':>8} "
          f"{'max ms':>8} {'srv CPU ms':>10}  statuses")
    try:
        for server in SERVERS:
            process, port = start_server(server)
            watched = psutil.Process(process.pid)
            try:
                for path in ("/healthz", "/webhooks/whatsapp"):
                    for _ in range(WARMUP):
                        assert request_once(port, path, webhook_body()) == 200, f"{path} failed during warm-up"
                for rate in RATES:
                    for label, path in (("bare view", "/healthz"), ("webhook", "/webhooks/whatsapp")):
                        cpu_before = server_cpu(watched)
                        result = run_load(port, path, rate, DURATION)
                        cpu_ms = (server_cpu(watched) - cpu_before) * 1000 / result["count"]
                        stats = {k: v * 1000 for k, v in percentiles(result["latencies"]).items()}
                        summary[(server, rate, label)] = stats
                        print(f"{server:<9} {rate:>5} {label:<10} {result['count']:>5} "
                              f"{result['achieved_rps']:>7.0f}/s {stats['p50']:>8.1f} {stats['p99']:>8.1f} "
                              f"{stats['max']:>8.1f} {cpu_ms:>10.2f}  {result['statuses']}", flush=True)
            finally:
                process_stop(process, timeout=30)
        print()
        for server in SERVERS:
            for rate in RATES:
                bare, hook = summary[(server, rate, "bare view")], summary[(server, rate, "webhook")]
                verdict = "ok" if hook["p99"] <= 50 and hook["p99"] <= 2 * max(bare["p99"], 1.0) else "MISSED"
                print(f"{server:<9} {rate} req/s: webhook p99 {hook['p99']:.1f} ms = {hook['p99'] / bare['p99']:.1f}x "
                      f"the bare view's ({bare['p99']:.1f} ms); goal p99 <= 50 ms and <= 2x: {verdict}")
        cost_in_process()
    finally:
        clean_up()


if __name__ == "__main__":
    main()
