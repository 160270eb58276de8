"""The Celery app. Tasks run in the schema of the organisation they were sent for (tenant-schemas-celery)."""

import os
from typing import Any

from celery import signals
from celery.signals import task_postrun
from tenant_schemas_celery.app import CeleryApp

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "magie.settings.base")

app = CeleryApp("magie")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@task_postrun.connect(weak=False, dispatch_uid="magie-connections-after-task")
def connections_after_task(sender: Any = None, **_: Any) -> None:
    """A task's database connection goes back to its process's pool (or is closed if it broke), as after a web
    request, and the pool's gauges are updated. Celery's Django fixup would instead close — and, in a prefork
    child, throw away — the whole pool before and after every task: a new PostgreSQL connection (and the pool's
    threads) per task, the largest share of a worker's CPU per message. CELERY_DB_REUSE_MAX (settings) turns that
    off; the fixup still closes what a forked child inherited."""
    if getattr(getattr(sender, "request", None), "is_eager", False):
        return
    from django.db import close_old_connections

    from magie.metrics import pool_observed

    close_old_connections()
    pool_observed()


@signals.worker_process_shutdown.connect
def _child_exited(pid: int | None = None, **_: object) -> None:
    """A prefork child ends with os._exit (no atexit): its live gauges leave the sums here."""
    from magie.metrics import process_exited

    process_exited(pid)


from magie import tracing  # noqa: E402, F401 — its signals carry the trace context across the broker
