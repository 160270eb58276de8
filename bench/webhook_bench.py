"""WhatsApp webhook acknowledgement latency on loopback, against a real server process and real PostgreSQL.

Run: `.venv/bin/python bench/webhook_bench.py` (DATABASE_URL / CELERY_BROKER_URL optional: embedded otherwise).

What it does:
  1. Creates (once) the bench organisation `benchwa` with its own WhatsApp channel; empties its conversations.
  2. Starts a server SUBPROCESS (this file with --serve): Django's threaded WSGI server serving magie.wsgi's
     application, with a bench-only URL `/bench/bare` added to the platform URLconf: a Django view that only
     answers 200, through the same middleware, as the baseline. The agent's turns the webhook queues are
     published to the real broker, on a bench-only queue that is deleted at the end (no worker consumes them).
  3. Open-loop load (requests leave on schedule, whether or not earlier ones answered) at 25, 100 and 300 requests per
     second, WEBHOOK_BENCH_SECONDS (default 5) seconds each, on the bare view and on the webhook (each request a
     new message, correctly signed). Latency is measured from the request's scheduled time to its answer, so a
     saturated server shows up as latency, not as fewer requests.
  4. Prints p50/p99/max per rate and target and the webhook/bare ratio; stops the server; empties the bench
     conversations again (so no sweeper ever queues them). Bounded: about 1.5 minutes on this machine.
"""

from __future__ import annotations

import argparse
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

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = "benchwa"
PHONE_NUMBER_ID = "990000000000001"
APP_SECRET = "bench-app-secret-benchwa"
TURN_QUEUE = "bench-webhook-turns"
RATES = (25, 100, 300)  # 25/s: service time without queueing; 100 and 300/s: the asked rates
DURATION = float(os.environ.get("WEBHOOK_BENCH_SECONDS", "5"))
WARMUP = 60
CLIENT_THREADS = 48  # also bounds the server threads, hence PostgreSQL connections (max_connections 100)


# ---------------------------------------------------------------------------------------------------- server side


def serve() -> None:
    """The server process: magie's WSGI application plus /bench/bare, on 127.0.0.1:<free port> (printed)."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "magie.settings.base")
    import types

    from django.core.servers.basehttp import ThreadedWSGIServer, WSGIRequestHandler
    from django.core.wsgi import get_wsgi_application

    application = get_wsgi_application()  # django.setup()
    from django.conf import settings
    from django.http import HttpResponse
    from django.urls import include, path
    from django.views.decorators.csrf import csrf_exempt

    from magie.celery import app as celery_app

    @csrf_exempt
    def bare(request):
        return HttpResponse(b'{"status":"ok"}', content_type="application/json")

    urls = types.ModuleType("webhook_bench_urls")
    urls.urlpatterns = [path("bench/bare", bare), path("", include(settings.PUBLIC_SCHEMA_URLCONF))]
    sys.modules["webhook_bench_urls"] = urls
    settings.PUBLIC_SCHEMA_URLCONF = "webhook_bench_urls"
    celery_app.conf.task_routes = {"agent.turn": {"queue": TURN_QUEUE}}

    class QuietHandler(WSGIRequestHandler):
        def log_message(self, *args):  # one line per request would dominate the measurement
            pass

    class Server(ThreadedWSGIServer):
        request_queue_size = 512

    server = Server(("127.0.0.1", 0), QuietHandler)
    server.set_app(application)
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()


# ---------------------------------------------------------------------------------------------------- client side


def webhook_body() -> bytes:
    message = {"from": f"55119{uuid.uuid4().int % 10**8:08d}", "id": f"wamid.bench-{uuid.uuid4().hex}",
               "timestamp": str(int(time.time())), "type": "text", "text": {"body": "Olá, quero ver meu saldo 💰"}}
    payload = {"object": "whatsapp_business_account", "entry": [{"id": "bench", "changes": [{"field": "messages",
               "value": {"messaging_product": "whatsapp",
                         "metadata": {"display_phone_number": "5511400009999", "phone_number_id": PHONE_NUMBER_ID},
                         "contacts": [{"profile": {"name": "Bench"}, "wa_id": message["from"]}],
                         "messages": [message]}}]}]}
    return json.dumps(payload).encode()


def request_once(port: int, path: str, body: bytes) -> int:
    headers = {"Host": f"localhost:{port}", "Content-Type": "application/json"}
    if path != "/bench/bare":
        headers["X-Hub-Signature-256"] = "sha256=" + hmac.new(APP_SECRET.encode(), body, hashlib.sha256).hexdigest()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("POST", path, body=body, headers=headers)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def run_load(port: int, path: str, rate: int, seconds: float) -> dict[str, object]:
    """Open loop: request i leaves at t0 + i/rate; latency from that scheduled time to the answer."""
    count = int(rate * seconds)
    bodies = [webhook_body() for _ in range(count)]  # built (and signed per request) before timing starts
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
    elapsed = time.perf_counter() - started
    return {"latencies": latencies, "statuses": statuses, "achieved_rps": count / elapsed, "count": count}


def main() -> None:
    import _setup  # noqa: F401 - django.setup() on the configured (or embedded) database

    from django.conf import settings
    from django.db import connection
    from django_tenants.utils import schema_context

    from _setup import bench_organisation, percentiles
    from magie.celery import app as celery_app
    from tenants.services import whatsapp_channel_save

    organisation = bench_organisation(SCHEMA, "bank")
    whatsapp_channel_save(organisation=organisation, phone_number_id=PHONE_NUMBER_ID,
                          display_phone_number="+55 11 4000-9999", app_secret=APP_SECRET,
                          verify_token="bench-verify-benchwa", access_token="bench-access-token")

    def empty_conversations() -> None:
        with schema_context(SCHEMA), connection.cursor() as cursor:
            cursor.execute("TRUNCATE conversations_message, conversations_conversation, conversations_customer "
                           "CASCADE")

    empty_conversations()
    env = os.environ | {"DATABASE_URL": settings.DATABASE_URL, "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
                        "CELERY_TASK_ALWAYS_EAGER": "0", "LOG_LEVEL": "WARNING",
                        "DJANGO_SETTINGS_MODULE": "magie.settings.base"}
    server = subprocess.Popen([sys.executable, __file__, "--serve"], env=env, cwd=ROOT, stdout=subprocess.PIPE,
                              text=True)
    try:
        line = server.stdout.readline()
        if not line.startswith("PORT "):
            raise SystemExit(f"the bench server did not start: {line!r}")
        port = int(line.split()[1])
        for path in ("/bench/bare", "/webhooks/whatsapp"):  # warm-up: imports, connections, caches
            for _ in range(WARMUP):
                status = request_once(port, path, webhook_body())
                assert status == 200, f"{path} answered {status} during warm-up"
        print(f"webhook acknowledgement latency, loopback, server pid {server.pid} (Django threaded WSGI), "
              f"{DURATION:.0f} s per run, database {'embedded' if settings.EMBEDDED_DATABASE else 'DATABASE_URL'}, "
              f"{os.cpu_count()} CPUs shared by client and server")
        print(f"{'rate':>5} {'target':<20} {'sent':>5} {'done/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}  "
              "statuses")
        summary = {}
        for rate in RATES:
            for label, path in (("bare view", "/bench/bare"), ("webhook", "/webhooks/whatsapp")):
                result = run_load(port, path, rate, DURATION)
                stats = {key: value * 1000 for key, value in percentiles(result["latencies"]).items()}
                summary[(rate, label)] = stats
                print(f"{rate:>5} {label:<20} {result['count']:>5} {result['achieved_rps']:>8.0f}/s "
                      f"{stats['p50']:>8.1f} {stats['p99']:>8.1f} {stats['max']:>8.1f}  {result['statuses']}")
        for rate in RATES:
            bare, hook = summary[(rate, "bare view")], summary[(rate, "webhook")]
            print(f"{rate} req/s: webhook / bare view = {hook['p50'] / bare['p50']:.1f}x at p50, "
                  f"{hook['p99'] / bare['p99']:.1f}x at p99")
        with schema_context(SCHEMA):
            from conversations.models import Message

            stored = Message.objects.count()
        expected = WARMUP + sum(int(rate * DURATION) for rate in RATES)
        print(f"messages stored: {stored} of {expected} webhook requests")
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        with celery_app.connection_for_write() as broker:
            broker.default_channel.client.delete(TURN_QUEUE)
        empty_conversations()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--serve", action="store_true", help="(internal) run the bench server process")
    if parser.parse_args().serve:
        serve()
    else:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        main()
