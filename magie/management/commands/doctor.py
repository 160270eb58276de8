"""`manage.py doctor`: is everything the platform needs running? Database, broker, a worker, beat — each line says
what is wrong and what to do; the exit status is non-zero when anything is."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from magie.serving import connection_budget, database_max_connections


def check_database() -> str:
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    limit, reserved = database_max_connections()
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_stat_activity")
        (in_use,) = cursor.fetchone()
    pending = MigrationExecutor(connection).migration_plan(MigrationExecutor(connection).loader.graph.leaf_nodes())
    if pending:
        raise RuntimeError(f"{len(pending)} migrations not applied: run `manage.py migrate_schemas`")
    budget = connection_budget(web_workers=settings.MAGIE_WEB_WORKERS, worker_concurrency=2)
    warning = ""
    if budget > limit - reserved:
        warning = (f"; WARNING: one machine running `up` may open {budget} connections, more than the "
                   f"{limit - reserved} allowed: lower DATABASE_POOL_MAX_SIZE or MAGIE_WEB_WORKERS")
    version = connection.pg_version  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
    return f"ok ({connection.vendor} {version}, {in_use} of {limit} connections in use){warning}"


def check_broker() -> str:
    from magie.celery import app

    with app.connection_for_write() as broker:
        broker.ensure_connection(max_retries=1, timeout=3)
        return f"ok ({broker.as_uri()})"


def check_worker() -> str:
    from magie.celery import app

    replies = app.control.ping(timeout=2.0)
    if not replies:
        raise RuntimeError("no worker answered a ping in 2 s: start one with `celery -A magie worker -l INFO` "
                           "(or `make run`)")
    return f"ok ({len(replies)} answering: {', '.join(sorted(name for reply in replies for name in reply))})"


def check_beat() -> str:
    from magie.models import Heartbeat
    from magie.tasks import HEARTBEAT_SECONDS

    beat = Heartbeat.objects.filter(name="beat").first()
    if beat is None:
        raise RuntimeError("no heartbeat ever: beat has not run; start exactly one `celery -A magie beat -l INFO`")
    age = timezone.now() - beat.at
    if age > timedelta(seconds=HEARTBEAT_SECONDS * 4):
        raise RuntimeError(f"last heartbeat {int(age.total_seconds())} s ago: beat (or every worker) is down; "
                           "start exactly one `celery -A magie beat -l INFO`")
    return f"ok (last heartbeat {int(age.total_seconds())} s ago, run by {beat.hostname or 'a worker'})"


CHECKS = {"database": check_database, "broker": check_broker, "worker": check_worker, "beat": check_beat}


class Command(BaseCommand):
    help = "Check the database, the broker, the workers and beat; print what is wrong."

    def handle(self, *args, **options):
        failed = []
        for name, check in CHECKS.items():
            try:
                line = check()
            except Exception as error:  # noqa: BLE001 — the doctor reports every failure as a line
                failed.append(name)
                line = f"FAILED: {error}" if str(error) else f"FAILED: {type(error).__name__}"
            self.stdout.write(f"{name + ':':<10} {line}")
        if failed:
            raise CommandError(f"not healthy: {', '.join(failed)}")
