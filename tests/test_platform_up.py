"""What a user starts, tested as started: `manage.py up` (what `make run` runs) as a subprocess — the production
server, WhiteNoise's static files with DEBUG off, the connection pool, a real worker and beat — over real HTTP."""

from __future__ import annotations

import http.client
import os
import re
import subprocess
import sys
import threading
import time

import psutil
from django.conf import settings
from django.db import connection
from django_tenants.utils import schema_context

from conversations.models import Message
from magie.management.commands.up import worker_cores
from magie.models import Heartbeat
from magie.serving import connection_budget, database_max_connections
from tenants.demo import demo_channel_secrets
from testing.platform import test_database_url as database_url_of_the_tests
from testing.servers import PlatformProcess
from tests.test_serving import doctor
from whatsapp.tests.conftest import BANK_NUMBER, change, encode, envelope, inbound, signed


def request(port: int, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None,
            host: str = "localhost") -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request(method, path, body=body or None, headers={"Host": host, **(headers or {})})
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


def webhook(port: int, text: str = "qual meu saldo?", customer: str = "5511999990001") -> tuple[int, str]:
    message = inbound("text", {"body": text}, from_=customer)
    body = encode(envelope(change(BANK_NUMBER, messages=[message])))
    headers = {"Content-Type": "application/json",
               "X-Hub-Signature-256": signed(body)["HTTP_X_HUB_SIGNATURE_256"]}
    status, _, _ = request(port, "POST", "/webhooks/whatsapp", body, headers)
    return status, message["id"]


def wait_for(predicate, what: str, timeout: float = 90) -> None:
    """Bounded wait for another process's effect (the deadline only stops a hung test)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def connections_of(role: str, site: str) -> int:
    """Connections held by one role's processes of one site (others' servers may share the test database)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                       "AND application_name = %s", [f"magie-{role}@{site}"])
        return cursor.fetchone()[0]


def test_static_files_are_served_with_debug_off(platform_up):
    status, _, page = request(platform_up.port, "GET", "/admin/login/")
    assert status == 200
    [css] = re.findall(rb'href="(/static/unfold/css/styles\.[0-9a-f]{12}\.css)"', page)  # the theme, hashed
    status, headers, content = request(platform_up.port, "GET", css.decode())
    assert status == 200 and headers["content-type"].startswith("text/css") and b"body" in content
    assert "immutable" in headers["cache-control"]  # hashed names are cached forever
    status, headers, _ = request(platform_up.port, "GET", "/static/unfold/css/styles.css")
    assert status == 200 and headers["content-type"].startswith("text/css")


def test_a_webhook_is_acknowledged_and_the_worker_answers_it(platform_up):
    status, wamid = webhook(platform_up.port)
    assert status == 200

    def replies() -> list[str]:
        with schema_context("demobank"):
            stored = Message.objects.filter(channel_message_id=wamid).first()
            if stored is None:
                return []
            return list(Message.objects.filter(conversation=stored.conversation, direction="out", pk__gt=stored.pk)
                        .values_list("text", flat=True))

    wait_for(lambda: replies() == ["Seu saldo é R$\xa05.000,00."], "the worker started by `up` to answer")


def test_100_concurrent_deliveries_no_reset_and_no_connection_leak(platform_up):
    limit, reserved = database_max_connections()  # read from the server
    max_size = settings.DATABASE_POOL_MAX_SIZE  # each of `up`'s processes has a pool this big (the test's has none)
    budget = connection_budget(web_workers=platform_up.web_workers, worker_concurrency=platform_up.concurrency)
    assert budget < limit - reserved, (budget, limit, reserved)
    results: list[object] = [None] * 100
    barrier = threading.Barrier(100)
    peak = {"web": 0, "all": 0}
    done = threading.Event()

    def post(i: int) -> None:
        barrier.wait()
        try:
            results[i] = webhook(platform_up.port, text=f"oi {i}", customer=f"55119{i:08d}")[0]
        except OSError as error:  # a reset or refused connection: what runserver's backlog of 10 did
            results[i] = error

    def sample() -> None:
        from django.db import connection as own

        while not done.is_set():
            peak["web"] = max(peak["web"], connections_of("web", platform_up.site))
            peak["all"] = max(peak["all"], sum(connections_of(role, platform_up.site) for role in ("web", "worker", "beat")))
            time.sleep(0.02)
        own.close()

    sampler = threading.Thread(target=sample)
    sampler.start()
    threads = [threading.Thread(target=post, args=(i,)) for i in range(100)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    done.set()
    sampler.join(timeout=10)
    assert results == [200] * 100
    assert peak["web"] <= platform_up.web_workers * max_size, peak
    # Every process `up` started (the test's own connections excluded) stays within the budget, under the limit.
    assert peak["all"] <= budget < limit - reserved, (peak, budget)
    time.sleep(1)
    assert connections_of("web", platform_up.site) <= platform_up.web_workers * max_size  # nothing piles up afterwards

    def answered() -> int:
        with schema_context("demobank"):
            return (Message.objects.filter(direction="out", conversation__customer__channel_user_id__startswith="551190000")
                    .values("conversation").distinct().count())

    # Every delivery is answered by the worker `up` started: nothing lost. (Processes of `up` may still read when
    # the test's database is emptied: the conftest's TRUNCATE runs again when it is a deadlock's victim.)
    wait_for(lambda: answered() >= 100, "the worker to answer all 100 deliveries", timeout=240)


def test_the_verify_token_never_reaches_a_log(platform_up):
    token = demo_channel_secrets("demobank")["verify_token"]
    query = f"/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token={token}&hub.challenge=4242"
    status, _, body = request(platform_up.port, "GET", query)
    assert (status, body) == (200, b"4242")
    request(platform_up.port, "GET", query.replace(token, token + "-wrong"))  # a refusal Django logs
    wait_for(lambda: platform_up.output().count("/webhooks/whatsapp") >= 2, "the access log lines")
    assert token not in platform_up.output()


def test_sigterm_to_up_stops_web_worker_and_beat(committed):
    process = PlatformProcess(web_workers=1, concurrency=1)
    started = process.descendants()
    names = " ".join(" ".join(psutil.Process(pid).cmdline()) for pid in started if psutil.pid_exists(pid))
    assert "granian" in names and "worker" in names and "beat" in names
    niceness = {" ".join(psutil.Process(pid).cmdline()): psutil.Process(pid).nice() for pid in started
                if psutil.pid_exists(pid)}
    # web keeps its priority; the worker (and its children) and beat yield the cores to it
    assert all(nice == 0 for command, nice in niceness.items() if "granian" in command or "serve" in command)
    assert all(nice >= 10 for command, nice in niceness.items() if "celery" in command), niceness
    # in `up`'s session (Linux's autogroup applies a nice value only within a session), each its own process group
    children = [pid for pid in started if psutil.pid_exists(pid) and psutil.Process(pid).ppid() == process.process.pid]
    assert len(children) == 3 and all(os.getsid(pid) == os.getsid(process.process.pid) for pid in children)
    assert all(os.getpgid(pid) == pid for pid in children)
    # and on the cores MAGIE_WORKER_CORES gives them (by default every core: the idle class keeps web ahead)
    cores = {" ".join(psutil.Process(pid).cmdline()): set(psutil.Process(pid).cpu_affinity()) for pid in started
             if psutil.pid_exists(pid)}
    everything = set(psutil.Process().cpu_affinity())
    assert all(affinity == everything for command, affinity in cores.items() if "serve" in command), cores
    assert all(affinity == worker_cores("", everything) for command, affinity in cores.items()
               if "celery" in command), cores
    assert process.stop() == 0
    wait_for(lambda: not any(psutil.pid_exists(pid) and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
                             for pid in started), "every process `up` started to exit", timeout=30)
    assert "stopped:  worker, beat, web" in process.output()


def test_up_refuses_a_pool_that_could_exhaust_postgresql(db):
    env = {"DJANGO_SETTINGS_MODULE": "magie.settings.base", "DATABASE_URL": database_url_of_the_tests(),
           "CELERY_BROKER_URL": settings.CELERY_BROKER_URL, "DATABASE_POOL_MAX_SIZE": "100000"}
    result = subprocess.run([sys.executable, "manage.py", "up", "--addr", "127.0.0.1:1"], env=__import__(
        "os").environ | env, cwd=settings.BASE_DIR, capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
    assert "PostgreSQL allows" in result.stderr and "DATABASE_POOL_MAX_SIZE" in result.stderr


def test_doctor_passes_against_what_up_started(platform_up):
    deadline = time.monotonic() + 120  # beat's first heartbeat comes 30 s after it starts
    while not Heartbeat.objects.filter(name="beat").exists():
        assert time.monotonic() < deadline, platform_up.output()[-3000:]
        time.sleep(1)
    result = doctor()
    assert result.returncode == 0, result.stdout + result.stderr
    for check in ("database", "broker", "worker", "beat"):
        assert f"{check + ':':<10} ok" in result.stdout


def test_the_children_of_up_start_as_the_development_deployment_up_decided(monkeypatch):
    """`make run` on a fresh machine: `up` itself is development (the embedded default), its children see the
    DATABASE_URL it hands them with DEBUG off. Started with exactly `up`'s child environment and nothing the test
    settings add, a child must not take itself for production (which refuses to start without SECRET_KEY)."""
    from magie.management.commands.up import child_environment

    for name in ("MAGIE_DEPLOYMENT", "SECRET_KEY", "MAGIE_FIELD_KEYS", "DEBUG", "DJANGO_SETTINGS_MODULE"):
        monkeypatch.delenv(name, raising=False)
    assert settings.MAGIE_DEPLOYMENT == "development"
    child = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c",
         "from django.conf import settings; print(settings.MAGIE_DEPLOYMENT, settings.DEBUG)"],
        env=child_environment(addr="127.0.0.1:8000"), cwd=settings.BASE_DIR, capture_output=True, text=True, timeout=120)
    assert child.returncode == 0, child.stderr[-2000:]
    assert child.stdout.splitlines()[-1].split() == ["development", "False"]


def test_the_worker_takes_every_core_unless_told_to_spare_one():
    assert worker_cores("", {0, 1}) == {0, 1}  # the idle class keeps web ahead on every core
    assert worker_cores("spare", {0, 1}) == {1}
    assert worker_cores("spare", {0, 1, 2, 3}) == {1, 2, 3}
    assert worker_cores("spare", {0}) == {0}  # one core: shared, the priority alone keeps web ahead
    assert worker_cores("all", {0, 1}) == {0, 1}
    assert worker_cores("1", {0, 1, 2, 3}) == {3}
    assert worker_cores("0", {0, 1}) == {1}  # never no core at all


def test_the_worker_runs_in_the_idle_class_unless_told(monkeypatch):
    """Under `up` the worker's and beat's processes are SCHED_IDLE on Linux (MAGIE_WORKER_SCHED, default "idle"): a
    web thread that wakes takes their core at once. Their children (prefork's) inherit it; "normal" leaves them at
    their nice value alone."""
    from magie.management.commands import up

    monkeypatch.setattr(up, "WORKER_SCHED", "idle")
    child = subprocess.Popen([sys.executable, "-c", "import os, time; os.fork(); time.sleep(30)"],
                             preexec_fn=up._background_child)
    try:
        deadline = time.monotonic() + 10
        while not psutil.Process(child.pid).children() and time.monotonic() < deadline:
            time.sleep(0.05)
        forked = psutil.Process(child.pid).children()
        assert [os.sched_getscheduler(pid) for pid in (child.pid, *(p.pid for p in forked))] == [os.SCHED_IDLE] * 2
        assert os.getpriority(os.PRIO_PROCESS, child.pid) >= up.WORKER_NICE  # the nice value still applies
    finally:
        for process in psutil.Process(child.pid).children():
            process.kill()
        child.kill()
        child.wait()
    monkeypatch.setattr(up, "WORKER_SCHED", "normal")
    child = subprocess.Popen(["sleep", "30"], preexec_fn=up._background_child)
    try:
        assert os.sched_getscheduler(child.pid) == os.SCHED_OTHER
    finally:
        child.kill()
        child.wait()
