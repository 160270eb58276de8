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


# A worker child keeps its database connection from one task to the next for this long, then hands it back to its
# pool (which retires old and idle connections) at the end of the next task.
CONNECTION_KEPT_SECONDS = 60.0


@task_postrun.connect(weak=False, dispatch_uid="magie-connections-after-task")
def connections_after_task(sender: Any = None, **_: Any) -> None:
    """After a task, its database connection stays with the worker child for the next task while it is plainly
    usable — in autocommit, no transaction open, no database error seen, taken less than CONNECTION_KEPT_SECONDS
    ago — and otherwise goes back to the process's pool (or is closed if it broke), as after a web request; the
    pool's gauges are updated. A child runs one task at a time, so nothing waits for the connection it keeps,
    and the next task skips the pool's hand-back and lending (~0.1 ms) and, in the same organisation, the `SET
    search_path` (the path in force is kept with the connection: magie.db.pgbackend).

    Celery's Django fixup would instead close — and, in a prefork child, throw away — the whole pool before and
    after every task: a new PostgreSQL connection (and the pool's threads) per task. CELERY_DB_REUSE_MAX
    (settings) turns that off; the fixup still closes what a forked child inherited."""
    if getattr(getattr(sender, "request", None), "is_eager", False):
        return
    from django.db import connections

    from magie.metrics import pool_observed

    for connection in connections.all(initialized_only=True):
        kept = getattr(connection, "kept_for_next_task", None)  # magie.db.pgbackend's wrapper
        if kept is None or not kept(seconds=CONNECTION_KEPT_SECONDS):
            connection.close_if_unusable_or_obsolete()
    pool_observed()


@signals.worker_process_shutdown.connect
def _child_exited(pid: int | None = None, **_: object) -> None:
    """A prefork child ends with os._exit (no atexit): its live gauges leave the sums here."""
    from magie.metrics import process_exited

    process_exited(pid)


from magie import tracing  # noqa: E402, F401 — its signals carry the trace context across the broker
