"""`make run`: migrate, seed the demo, start a Celery worker and serve on port 8000. Ctrl-C stops both."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Bring the whole platform up: database, broker, migrations, demo data, worker and web server."

    def add_arguments(self, parser):
        parser.add_argument("--addr", default=os.environ.get("MAGIE_BIND", "127.0.0.1:8000"))
        parser.add_argument("--concurrency", type=int, default=2)
        parser.add_argument("--no-worker", action="store_true")

    def handle(self, *args, addr: str, concurrency: int, no_worker: bool, **options):
        self.stdout.write(f"database: {'embedded PostgreSQL under ' + str(settings.DATA_DIR) if settings.EMBEDDED_DATABASE else 'DATABASE_URL'}")
        self.stdout.write(f"broker:   {'embedded Redis under ' + str(settings.DATA_DIR) if settings.EMBEDDED_BROKER else 'CELERY_BROKER_URL'}")
        call_command("migrate_schemas", interactive=False, verbosity=0)
        call_command("seed_demo", port=int(addr.rsplit(":", 1)[-1]))
        worker = None
        if not no_worker:
            env = os.environ | {"DATABASE_URL": settings.DATABASE_URL, "CELERY_BROKER_URL": settings.CELERY_BROKER_URL}
            worker = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "magie", "worker", "-B", "-c", str(concurrency), "-l", "INFO",
                 "-s", str(settings.DATA_DIR / "celerybeat-schedule"),
                 "-n", f"magie-{os.getpid()}@%h"],
                env=env,
            )
            self.stdout.write(f"worker:   celery pid {worker.pid}, concurrency {concurrency}")
        try:
            call_command("runserver", addr, use_reloader=False)
        finally:
            if worker and worker.poll() is None:
                worker.send_signal(signal.SIGTERM)
                worker.wait(timeout=30)
