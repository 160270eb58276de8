"""Helpers the tests share, of the platform only: a real Celery worker process, the test database's URL, Chromium,
threads released together. What needs organisations (the demo ones, signing in) is in `testing.organisations`."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote

from django.conf import settings
from django.db import connection
from psycopg.errors import DeadlockDetected

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


def chromium_path() -> str:
    """Debian's chromium (Playwright never downloads a browser here)."""
    import shutil

    path = os.environ.get("MAGIE_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        raise RuntimeError("Browser tests need Debian's chromium: `apt-get install chromium` (or set MAGIE_CHROMIUM).")
    return path


def test_database_url() -> str:
    """The URL of the database the tests use (pytest-django's test_… database), for worker processes."""
    db = connection.settings_dict
    auth = quote(db["USER"] or "") + (f":{quote(db['PASSWORD'])}" if db["PASSWORD"] else "")
    host = db["HOST"] or ""
    if host.startswith("/"):
        return f"postgresql://{auth}@/{db['NAME']}?host={host}"
    port = f":{db['PORT']}" if db["PORT"] else ""
    return f"postgresql://{auth}@{host}{port}/{db['NAME']}"


class WorkerProcess:
    """A real `celery worker` subprocess on the test database and the configured broker."""

    def __init__(self, concurrency: int = 2, queues: str | None = None) -> None:
        # Its own queue: test runs sharing a broker (two checkouts, CI beside a session) never take each other's tasks.
        self.queue = queues or f"test-{os.getpid()}"
        queues = self.queue
        self.log_path = Path(settings.DATA_DIR) / f"test-worker-{os.getpid()}.log"
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        env = os.environ | {
            "DJANGO_SETTINGS_MODULE": "magie.settings.base",
            "DATABASE_URL": test_database_url(),
            "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
            "CELERY_RESULT_BACKEND": settings.CELERY_RESULT_BACKEND,
            "CELERY_TASK_ALWAYS_EAGER": "0",
            # What the worker itself publishes (the webhook's stored messages queue their turns there) stays on
            # its private queue too.
            "CELERY_TASK_DEFAULT_QUEUE": self.queue,
        }
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "magie", "worker", "-c", str(concurrency), "-Q", queues,
             "-n", f"test-{os.getpid()}-{time.monotonic_ns()}@%h", "-l", "INFO", "--without-gossip",
             "--without-mingle", "--without-heartbeat"],
            env=env, stdout=self.log, stderr=subprocess.STDOUT, cwd=settings.BASE_DIR,
        )
        self._wait_ready()

    def _wait_ready(self, timeout: float = 180) -> None:
        # A detector of a worker that never starts, not a speed check: under a loaded CI machine (five suites on 2
        # cores) a worker took over 60 s to import Django and connect.
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"celery worker exited: {self.log_path.read_text()[-3000:]}")
            if "ready." in self.log_path.read_text():
                return
            time.sleep(0.2)
        raise RuntimeError(f"celery worker not ready in {timeout}s: {self.log_path.read_text()[-3000:]}")

    def output(self) -> str:
        return self.log_path.read_text()

    def wait_for_output(self, pattern: str, timeout: float = 60) -> None:
        """Until the log matches `pattern`: a result reaches the backend before the worker logs its success line."""
        deadline = time.monotonic() + timeout
        while not re.search(pattern, self.output()):
            if time.monotonic() > deadline:
                raise AssertionError(f"no {pattern!r} in the worker's log: {self.output()[-3000:]}")
            time.sleep(0.1)

    def kill(self, sig: int) -> None:
        self.process.send_signal(sig)

    def stop(self) -> None:
        process_stop(self.process, timeout=20)
        self.log.close()


@contextmanager
def tasks_through_broker(queue: str) -> Iterator[None]:
    """Within, tasks queued by name or `.delay()` go through the broker to `queue` (a worker process's) instead of
    running inline; eager again afterwards."""
    from magie.celery import app

    app.conf.task_always_eager = False
    default_queue = app.conf.task_default_queue
    app.conf.task_default_queue = queue
    try:
        yield
    finally:
        app.conf.task_default_queue = default_queue
        app.conf.task_always_eager = True


def http_serve(handler: type[BaseHTTPRequestHandler]) -> ThreadingHTTPServer:
    """`handler` served on a free 127.0.0.1 port from a daemon thread (the fake outside world: LLM, Pix, Graph);
    the port is `server.server_port`. Stop it with `http_stop`."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    return server


def http_stop(server: ThreadingHTTPServer) -> None:
    """Stop serving and free the port."""
    server.shutdown()
    server.server_close()


class FakeHandler(BaseHTTPRequestHandler):
    """The request handler of a fake of the outside world: quiet (no access log in the test output), and answering
    in one call. Its body leaves at once behind its headers (no Nagle delay): on a kept connection the client
    would otherwise wait for its delayed ACK, ~40 ms a request, which no real API makes it wait."""

    disable_nagle_algorithm = True

    def log_message(self, *args: object) -> None:
        pass

    def answer(self, status: int, body: bytes, content_type: str = "application/json") -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


class FakeService:
    """A fake of the outside world on a real 127.0.0.1 port: `serve(Handler)` starts it, `close()` frees the port."""

    server: ThreadingHTTPServer

    def serve(self, handler: type[BaseHTTPRequestHandler]) -> None:
        self.server = http_serve(handler)

    @property
    def port(self) -> int:
        return self.server.server_port

    def close(self) -> None:
        http_stop(self.server)


def process_stop(process: subprocess.Popen, *, timeout: float) -> int:
    """SIGTERM (what a supervisor sends), then SIGKILL if `process` is still up after `timeout` seconds; waits for it
    and returns its exit code. A process that has already exited is only reaped."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    return process.returncode


def run_together(count: int, work, organisation=None, timeout: float = 120) -> list:
    """Run work(i) in `count` threads released together (a barrier), each with its own database connection in the
    organisation's schema; returns each result, or the exception it raised."""
    import threading

    barrier = threading.Barrier(count)
    results: list = [None] * count

    def target(i: int) -> None:
        if organisation is not None:
            connection.set_tenant(organisation)  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
        try:
            barrier.wait()
            results[i] = work(i)
        except Exception as error:  # noqa: BLE001 — the test inspects it
            results[i] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=target, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    assert not any(thread.is_alive() for thread in threads), "a thread is still running"
    return results


TRUNCATE_ATTEMPTS = 5


def truncate_retrying_on_deadlock(execute, sql, params, many, context):
    """A `connection.execute_wrapper` for the test process: a TRUNCATE that PostgreSQL aborts as a deadlock's victim
    is run again. Tests that serve the platform (`manage.py up`, a worker, a live server) leave processes reading
    while the test's database is emptied (Django's flush, `tenant_tables_truncate`): a TRUNCATE locks its tables
    one after the other, and a reader's transaction holding one of them while it waits for another is a deadlock
    that PostgreSQL resolves by aborting one side, the TRUNCATE when its wait began first. Inside a transaction
    (Django's flush runs in one) the attempt is enclosed in a savepoint, so that the abort releases what it locked
    and leaves the transaction usable; any other error, and the last attempt's deadlock, are raised."""
    if not sql.lstrip().upper().startswith("TRUNCATE"):
        return execute(sql, params, many, context)
    cursor = context["cursor"].cursor  # the driver's own: a savepoint that is not a statement Django counts
    in_transaction = context["connection"].in_atomic_block
    for attempt in range(1, TRUNCATE_ATTEMPTS + 1):
        if in_transaction:
            cursor.execute("SAVEPOINT magie_truncate")
        try:
            result = execute(sql, params, many, context)
        except Exception as error:
            if not isinstance(error.__cause__, DeadlockDetected) or attempt == TRUNCATE_ATTEMPTS:
                raise
            if in_transaction:
                cursor.execute("ROLLBACK TO SAVEPOINT magie_truncate")
            continue
        if in_transaction:
            cursor.execute("RELEASE SAVEPOINT magie_truncate")
        return result


def truncate_retrying_install(connection, **_) -> None:
    """Put `truncate_retrying_on_deadlock` on this connection, first (outermost) so that a test's own
    `execute_wrapper` block, which pops the last wrapper, never pops it. Also a `connection_created` receiver: the
    thread's DatabaseWrapper is not always the same object (with an event loop running in the thread, as Playwright's
    sync API runs one, Django's connections are kept per async context)."""
    if truncate_retrying_on_deadlock not in connection.execute_wrappers:
        connection.execute_wrappers.insert(0, truncate_retrying_on_deadlock)
