"""Queue a task by its registered name, in an organisation's schema: the one way apps announce work to apps they
must not import (approvals → agent, conversations → whatsapp, whatsapp → agent)."""

from __future__ import annotations

from functools import partial

from django.db import transaction

from magie.celery import app as celery_app
from magie.tenancy import schema_name_current


def task_queue(name: str, *, schema_name: str, args: tuple[object, ...] = ()) -> None:
    """Publish `name(schema_name, *args)` now, with the schema header tenant-schemas-celery switches to."""
    celery_app.signature(name, args=(schema_name, *args), headers={"_schema_name": schema_name}).apply_async()


def task_queue_on_commit(name: str, *, args: tuple[object, ...] = (), robust: bool = False) -> None:
    """Publish `name(<current schema>, *args)` once the current transaction commits (nothing if it rolls back).

    The schema is read now, not at commit time (a commit may fire after the caller left the tenant's context)."""
    transaction.on_commit(partial(_publish, name, schema_name_current(), *args), robust=robust)


def _publish(name: str, schema_name: str, *args: object) -> None:
    task_queue(name, schema_name=schema_name, args=args)
