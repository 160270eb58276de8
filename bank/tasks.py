"""Celery tasks of the bank core. They take a schema name and shrug off repeats (the service is idempotent)."""

from __future__ import annotations

from celery import shared_task
from django_tenants.utils import schema_context

from bank.services import pix_scheduled_run
from magie.choices import OrganisationKind


@shared_task
def pix_scheduled_run_task(schema_name: str) -> dict[str, list[int]]:
    """Execute the organisation's due scheduled Pix (each exactly once, see `pix_scheduled_run`). Meant for a
    beat entry every minute per bank organisation; two overlapping runs never execute one transfer twice."""
    with schema_context(schema_name):
        result = pix_scheduled_run()
    return {"settled": list(result.settled), "failed": list(result.failed)}


@shared_task
def pix_scheduled_run_all_task() -> list[str]:
    """Fan out `pix_scheduled_run_task` to every bank organisation (for one beat entry in the public schema)."""
    from tenants.models import Organisation

    schemas = list(Organisation.objects.filter(kind=OrganisationKind.BANK).values_list("schema_name", flat=True))
    for schema_name in schemas:
        with schema_context(schema_name):  # the header carries the schema to the worker (STACK pitfall 9)
            pix_scheduled_run_task.delay(schema_name)
    return schemas
