"""A real web server process on the test database, for tests that must cross a process boundary over HTTP."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from django.conf import settings

from magie.testing import test_database_url


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
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()
