"""The production web server: its command line, its connection budget. `manage.py serve` runs `web_command()`;
`manage.py up` (what `make run` starts) runs `manage.py serve`, so development and production serve alike.

Servers (both measured by bench/webhook_bench.py, see the README):
- granian (default): a Rust HTTP server with WSGI worker processes; its I/O runs outside the GIL and its threads
  only run Django, so on two cores it answers the same rate with a lower tail than gunicorn.
- gunicorn: the classic pure-Python server (`gthread` workers), for sites that standardise on it.
Both: one process per core (MAGIE_WEB_WORKERS), MAGIE_WEB_THREADS request threads per process, a listen backlog of
2,048 (Meta's bursts wait in the kernel instead of being reset), graceful shutdown on SIGTERM (requests in flight
finish within 20 s), and an access log WITHOUT the query string (the handshake's hub.verify_token never reaches it)
whose approval and payment tokens (`/approve/<token>/`, `/pay/<token>/`) are redacted (magie.logscrub).
"""

from __future__ import annotations

import sys
from pathlib import Path

from django.conf import settings

BACKLOG = 2048
GRACEFUL_SECONDS = 20
GUNICORN_ACCESS_FORMAT = '%(h)s "%(m)s %(U)s %(H)s" %(s)s %(b)s %(M)sms'
GRANIAN_ACCESS_FORMAT = '%(addr)s "%(method)s %(path)s %(protocol)s" %(status)d %(dt_ms).1fms'
GRANIAN_LOG_CONFIG = Path(__file__).resolve().parent / "granian_logging.json"  # its access lines: redacted


def split_bind(bind: str) -> tuple[str, int]:
    host, _, port = bind.rpartition(":")
    return (host or "127.0.0.1").strip("[]"), int(port)


def web_command(*, bind: str, server: str | None = None, workers: int | None = None,
                threads: int | None = None, access_log: bool = True) -> list[str]:
    """The argv that serves magie.wsgi on `bind` ("host:port") with the configured server."""
    server = server or settings.MAGIE_SERVER
    workers = workers or settings.MAGIE_WEB_WORKERS
    # The request threads, plus one for each live stream a process may hold (magie.live): an open stream never
    # takes a thread the webhook's acknowledgement needs.
    threads = (threads or settings.MAGIE_WEB_THREADS) + settings.MAGIE_LIVE_STREAMS
    host, port = split_bind(bind)
    if server == "granian":
        command = [sys.executable, "-m", "granian", "--interface", "wsgi", "--host", host, "--port", str(port),
                   "--workers", str(workers), "--blocking-threads", str(threads), "--backlog", str(BACKLOG),
                   "--workers-kill-timeout", str(GRACEFUL_SECONDS), "--no-ws",
                   "--log-level", "info" if access_log else "warning"]  # granian logs its access lines at INFO
        if access_log:  # its access lines go through magie.logscrub's filter (the file's logging configuration)
            command += ["--access-log", "--access-log-fmt", GRANIAN_ACCESS_FORMAT, "--log-config",
                        str(GRANIAN_LOG_CONFIG)]
        return [*command, "magie.wsgi:application"]
    if server == "gunicorn":
        command = [sys.executable, "-m", "gunicorn", "--bind", f"{host}:{port}", "--workers", str(workers),
                   "--worker-class", "gthread", "--threads", str(threads), "--backlog", str(BACKLOG),
                   "--graceful-timeout", str(GRACEFUL_SECONDS), "--timeout", "60", "--keep-alive", "5",
                   "--worker-tmp-dir", "/dev/shm", "--log-level", "warning"]
        if access_log:
            command += ["--access-logfile", "-", "--access-logformat", GUNICORN_ACCESS_FORMAT,
                        "--logger-class", "magie.gunicorn_logging.ScrubbedGunicornLogger"]
        return [*command, "magie.wsgi:application"]
    raise ValueError(f"MAGIE_SERVER must be granian or gunicorn, not {server!r}")


def pool_size() -> int:
    """Connections one web process may hold: its pool's max_size; without a pool, one per request thread."""
    return settings.DATABASE_POOL_MAX_SIZE if settings.DATABASE_POOL else settings.MAGIE_WEB_THREADS


def connection_budget(*, web_workers: int, worker_concurrency: int, beat: bool = True) -> int:
    """The most PostgreSQL connections what `up` starts can hold at once, whatever the load: every web process's
    pool full and its live listener (magie.live), one per Celery worker child (prefork: one task at a time each)
    and one for its main process, one for beat, one for `up` itself (during migrations only)."""
    worker = worker_concurrency + 1 if worker_concurrency else 0
    return web_workers * (pool_size() + 1) + worker + (1 if beat else 0) + 1


def close_database_connections() -> None:
    """Close every connection of this process, and its pool: a process that only supervises (or execs) keeps none."""
    from django.db import connections

    for alias in connections:
        connections[alias].close()
        if hasattr(connections[alias], "close_pool"):
            connections[alias].close_pool()  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend


def database_max_connections() -> tuple[int, int]:
    """(max_connections, superuser_reserved_connections) of the configured PostgreSQL server."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('max_connections')::int, "
                       "current_setting('superuser_reserved_connections')::int")
        return cursor.fetchone()
