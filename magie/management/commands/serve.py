"""`manage.py serve`: the production web server (granian or gunicorn, one process per core) for magie.wsgi.

This is what `make run` serves with and what a production web machine runs; the process is replaced by the server
(exec), so SIGTERM reaches the server directly and it shuts down gracefully.
"""

from __future__ import annotations

import os

from django.core.management.base import BaseCommand

from magie.serving import close_database_connections, web_command


class Command(BaseCommand):
    help = "Serve magie.wsgi with the production server (MAGIE_SERVER: granian or gunicorn)."

    def add_arguments(self, parser):
        parser.add_argument("--bind", default=os.environ.get("MAGIE_BIND", "127.0.0.1:8000"))
        parser.add_argument("--server", choices=["granian", "gunicorn"], default=None)
        parser.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
        parser.add_argument("--threads", type=int, default=None, help="request threads per process")

    def handle(self, *args, bind: str, server: str | None, workers: int | None, threads: int | None, **options):
        command = web_command(bind=bind, server=server, workers=workers, threads=threads)
        self.stdout.write("web:      " + " ".join(command[1:]))
        self.stdout.flush()
        close_database_connections()
        os.environ["MAGIE_PROCESS_ROLE"] = "web"
        os.execv(command[0], command)
