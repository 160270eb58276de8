"""A rolling restart under webhook traffic loses nothing and answers nothing twice.

Two web servers (`manage.py serve`, as each web machine runs it) behind a stand-in for the load balancer, a Celery
worker and beat, on the test database. Customers' messages arrive at about 50 a second; meanwhile each web server
in turn and then the worker get the SIGTERM a supervisor sends on a deploy, and a new one is started in its place.
A webhook that finds its server gone is sent again to the other (as the load balancer, then Meta, would). At the end
every message has exactly one reply."""

from __future__ import annotations

import http.client
import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.conf import settings
from django_tenants.utils import schema_context

from conversations.models import Message
from testing.platform import process_stop
from testing.platform import test_database_url as database_url
from testing.servers import free_port
from tests.test_platform_up import wait_for
from whatsapp.tests.conftest import BANK_NUMBER, change, encode, envelope, inbound, signed

RATE = 50  # messages a second
SECONDS = 12


class Site:
    """The processes of a site: web servers by port, one worker, beat; each restartable."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.queue = f"rolling-{os.getpid()}"
        # Without PROMETHEUS_MULTIPROC_DIR (an empty value still means multi-process mode, writing into the cwd).
        self.env = {key: value for key, value in os.environ.items() if key != "PROMETHEUS_MULTIPROC_DIR"} | {
            "DJANGO_SETTINGS_MODULE": "magie.settings.base", "DATABASE_URL": database_url(),
            "CELERY_BROKER_URL": settings.CELERY_BROKER_URL, "CELERY_TASK_ALWAYS_EAGER": "0",
            "CELERY_TASK_DEFAULT_QUEUE": self.queue, "WHATSAPP_GRAPH_URL": "", "MAGIE_DATA_DIR": str(folder),
            "SECRET_KEY": settings.SECRET_KEY, "MAGIE_FIELD_KEYS": ",".join(settings.MAGIE_FIELD_KEYS),
            "MAGIE_DEPLOYMENT": "development", "WHATSAPP_INBOUND_SWEEP_AFTER_SECONDS": "10",
            "WHATSAPP_SWEEP_AFTER_SECONDS": "20"}
        self.processes: dict[str, subprocess.Popen] = {}
        self.ports = [free_port(), free_port()]
        self.logs: list = []

    def start(self, name: str) -> None:
        log = open(self.folder / f"{name}-{time.monotonic_ns()}.log", "w")
        self.logs.append(log)
        if name.startswith("web"):
            port = self.ports[int(name[-1])]
            command = [sys.executable, "manage.py", "serve", "--bind", f"127.0.0.1:{port}", "--workers", "1"]
        elif name == "worker":
            command = [sys.executable, "-m", "celery", "-A", "magie", "worker", "-c", "2", "-Q", self.queue, "-n",
                       f"rolling-{time.monotonic_ns()}@%h", "--without-gossip", "--without-mingle", "-l", "INFO"]
        else:
            command = [sys.executable, "-m", "celery", "-A", "magie", "beat", "-l", "INFO"]
        self.processes[name] = subprocess.Popen(command, env=self.env, cwd=settings.BASE_DIR, stdout=log,
                                                stderr=subprocess.STDOUT)
        if name.startswith("web"):
            wait_for(lambda: self.answers(self.ports[int(name[-1])]), f"{name} to answer", timeout=90)

    def answers(self, port: int) -> bool:
        try:
            return post(port, "/healthz", b"", method="GET") == 200
        except OSError:
            return False

    def restart(self, name: str) -> None:
        """SIGTERM (a graceful stop: requests and tasks in flight finish), then a new process in its place."""
        process = self.processes[name]
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=60)
        self.start(name)

    def stop(self) -> None:
        for process in self.processes.values():
            process_stop(process, timeout=30)
        for log in self.logs:
            log.close()


def post(port: int, path: str, body: bytes, headers: dict[str, str] | None = None, method: str = "POST") -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(method, path, body=body or None, headers={"Host": "localhost", **(headers or {})})
        return conn.getresponse().status
    finally:
        conn.close()


@pytest.fixture
def site(committed, tmp_path):
    running = Site(tmp_path)
    try:
        for name in ("web0", "web1", "worker", "beat"):
            running.start(name)
        yield running
    finally:
        running.stop()


def test_restarting_each_web_server_and_the_worker_under_traffic_loses_nothing(site):
    customers = [f"55119{i:08d}" for i in range(RATE * SECONDS)]
    acknowledged: dict[str, int] = {}

    def deliver(index: int) -> None:
        """One message, sent until a server acknowledges it (round robin, then the other server)."""
        message = inbound("text", {"body": "qual meu saldo?"}, from_=customers[index])
        body = encode(envelope(change(BANK_NUMBER, messages=[message])))
        headers = {"Content-Type": "application/json", "X-Hub-Signature-256": signed(body)["HTTP_X_HUB_SIGNATURE_256"]}
        for attempt in range(40):
            port = site.ports[(index + attempt) % 2]
            try:
                status = post(port, "/webhooks/whatsapp", body, headers)
            except OSError:  # that server is restarting: the load balancer sends it to the other one
                time.sleep(0.05)
                continue
            if status == 200:
                acknowledged[customers[index]] = attempt + 1
                return
            time.sleep(0.2)  # a 5xx: Meta sends it again later
        raise AssertionError(f"message of {customers[index]} never acknowledged")

    def restarts() -> None:
        time.sleep(SECONDS * 0.2)
        site.restart("web0")
        time.sleep(SECONDS * 0.2)
        site.restart("web1")
        time.sleep(SECONDS * 0.1)
        site.restart("worker")

    restarter = threading.Thread(target=restarts)
    restarter.start()
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=32) as pool:
        futures = []
        for index in range(len(customers)):
            time.sleep(max(0.0, started + index / RATE - time.monotonic()))  # open loop: on schedule
            futures.append(pool.submit(deliver, index))
        for future in futures:
            future.result()
    restarter.join(timeout=180)
    assert not restarter.is_alive()
    assert len(acknowledged) == len(customers)

    def replies() -> dict[str, int]:
        with schema_context("demobank"):
            counts = dict.fromkeys(customers, 0)
            for customer in Message.objects.filter(direction="out", conversation__customer__channel_user_id__in=customers
                                                   ).values_list("conversation__customer__channel_user_id", flat=True):
                counts[customer] += 1
            return counts

    wait_for(lambda: all(replies().values()), "every message to be answered", timeout=600)
    time.sleep(3)  # a duplicate would come late: give the sweepers and the redelivered tasks their chance
    counts = replies()
    assert [customer for customer, n in counts.items() if n == 0] == []  # 0 lost
    assert {customer: n for customer, n in counts.items() if n > 1} == {}  # 0 answered twice
