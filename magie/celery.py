"""The Celery app. Tasks run in the schema of the organisation they were sent for (tenant-schemas-celery)."""

import os

from celery import signals
from tenant_schemas_celery.app import CeleryApp

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "magie.settings.base")

app = CeleryApp("magie")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.task_postrun.connect
def _pool_after_task(**_: object) -> None:
    from magie.metrics import pool_observed

    pool_observed()


@signals.worker_process_shutdown.connect
def _child_exited(pid: int | None = None, **_: object) -> None:
    """A prefork child ends with os._exit (no atexit): its live gauges leave the sums here."""
    from magie.metrics import process_exited

    process_exited(pid)


from magie import tracing  # noqa: E402, F401 — its signals carry the trace context across the broker
