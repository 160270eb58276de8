"""`make stop`: stop the embedded PostgreSQL and Redis started under the data folder."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand


def _stop_pid_file(pid_file: Path) -> bool:
    if not pid_file.exists():
        return False
    pid = int(pid_file.read_text().split()[0])
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return False
    return True


class Command(BaseCommand):
    help = "Stop the embedded services (`embedded stop`)."

    def add_arguments(self, parser):
        parser.add_argument("action", choices=["stop"])

    def handle(self, *args, **options):
        data = Path(settings.DATA_DIR)
        stopped_pg = _stop_pid_file(data / "pg" / "postmaster.pid")
        stopped_redis = _stop_pid_file(data / "redis" / "redis.pid")
        self.stdout.write(f"postgresql: {'stopped' if stopped_pg else 'not running'}; "
                          f"redis: {'stopped' if stopped_redis else 'not running'}")
