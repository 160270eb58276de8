"""Real server processes on the test database, for tests that must cross a process boundary over HTTP.

- `PlatformProcess`: exactly what `make run` starts — `manage.py up` (the production server `manage.py serve`,
  WhiteNoise's collected static files, the connection pool, a Celery worker and beat) with the production
  settings module, on a free port. The `platform_up` fixture (conftest.py) shares one per test session.
- `ServerProcess`: a bare `runserver` (no worker), for tests of one request's path.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from django.conf import settings

from testing.platform import process_stop, test_database_url


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServerProcess:
    """`manage.py runserver --noreload` in a subprocess, serving the test database on 127.0.0.1:<free port>."""

    def __init__(self) -> None:
        self.port = free_port()
        self.log_path = Path(settings.DATA_DIR) / f"test-server-{os.getpid()}.log"
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self.log = open(self.log_path, "w")
        env = os.environ | {"DJANGO_SETTINGS_MODULE": "magie.settings.base", "DATABASE_URL": test_database_url(),
                            "CELERY_BROKER_URL": settings.CELERY_BROKER_URL, "CELERY_TASK_ALWAYS_EAGER": "1",
                            "WHATSAPP_GRAPH_URL": ""}
        self.process = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", "--noreload", "--nothreading", f"127.0.0.1:{self.port}"],
            env=env, stdout=self.log, stderr=subprocess.STDOUT, cwd=settings.BASE_DIR,
        )
        self._wait_ready()

    @property
    def url(self) -> str:
        return f"http://localhost:{self.port}"

    def _wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.log_path.read_text()[-3000:]}")
            try:
                urllib.request.urlopen(f"{self.url}/", timeout=1)
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"server not ready: {self.log_path.read_text()[-3000:]}")

    def stop(self) -> None:
        process_stop(self.process, timeout=15)
        self.log.close()


class PlatformProcess:
    """`manage.py up --addr 127.0.0.1:<free port>` as a subprocess on the test database and broker, with
    DJANGO_SETTINGS_MODULE=magie.settings.base (DEBUG off), its own data folder (beat's schedule, static files)
    and its output in `log_path`. `stop()` sends the SIGTERM a supervisor would and waits for everything."""

    def __init__(self, *, web_workers: int = 2, concurrency: int = 1, extra_env: dict[str, str] | None = None,
                 extra_args: tuple[str, ...] = (), timeout: float = 180) -> None:
        self.port = free_port()
        self.data_dir = Path(tempfile.mkdtemp(prefix="magie-up-"))
        self.log_path = self.data_dir / "up.log"
        self.web_workers = web_workers
        self.concurrency = concurrency
        self.site = f"test{os.getpid()}-{self.port}"
        self.log = open(self.log_path, "w")
        env = os.environ | {"DJANGO_SETTINGS_MODULE": "magie.settings.base", "DATABASE_URL": test_database_url(),
                            "CELERY_BROKER_URL": settings.CELERY_BROKER_URL, "MAGIE_DATA_DIR": str(self.data_dir),
                            "CELERY_TASK_ALWAYS_EAGER": "0", "WHATSAPP_GRAPH_URL": "", "DEBUG": "false",
                            "CELERY_TASK_DEFAULT_QUEUE": f"platform-{os.getpid()}-{self.port}",
                            # its connections apart from other tests' servers on the same database
                            "MAGIE_SITE": self.site,
                            # the keys of the test process (its own data folder would make new ones)
                            "SECRET_KEY": settings.SECRET_KEY, "MAGIE_FIELD_KEYS": ",".join(settings.MAGIE_FIELD_KEYS),
                            **(extra_env or {})}
        self.command = [sys.executable, "manage.py", "up", "--addr", f"127.0.0.1:{self.port}",
                        "--web-workers", str(web_workers), "--concurrency", str(concurrency), *extra_args]
        # a session of its own, as `make run` in its terminal: the platform's processes share Linux's autogroup
        # with each other (so the worker's nice counts against the web), not with the tests and their browser
        self.process = subprocess.Popen(self.command, env=env, stdout=self.log, stderr=subprocess.STDOUT,
                                        cwd=settings.BASE_DIR, start_new_session=True)
        self._wait_ready(timeout)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")

    def _wait_ready(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"manage.py up exited ({self.process.returncode}): {self.output()[-4000:]}")
            if "ready:" in self.output():
                return
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"manage.py up not ready in {timeout:.0f} s: {self.output()[-4000:]}")

    def descendants(self) -> list[int]:
        """Every process `up` started (web server and its workers, the Celery worker and its children, beat)."""
        import psutil

        try:
            return [child.pid for child in psutil.Process(self.process.pid).children(recursive=True)]
        except psutil.NoSuchProcess:
            return []

    def stop(self, timeout: float = 60) -> int:
        returncode = process_stop(self.process, timeout=timeout)
        self.log.close()
        return returncode
