"""Retention by beat: every hour, each organisation's windows in a task of its own, and the platform's raw webhook
bodies. Each run changes only what is past its window, so a repeat changes nothing."""

from __future__ import annotations

from celery import shared_task
from django_tenants.utils import schema_context

from magie.queueing import task_queue
from privacy.services import inbound_bodies_expire, retention_apply


@shared_task(name="privacy.retention_run_all", acks_late=True)
def retention_run_all_task() -> int:
    """Delete the raw bodies past their window, then queue one organisation's retention per organisation."""
    from tenants.models import Organisation

    inbound_bodies_expire()
    schemas = list(Organisation.objects.exclude(schema_name="public").values_list("schema_name", flat=True))
    for schema in schemas:
        task_queue("privacy.retention_run", schema_name=schema)
    return len(schemas)


@shared_task(name="privacy.retention_run", acks_late=True)
def retention_run_task(schema_name: str) -> dict[str, int]:
    with schema_context(schema_name):
        return retention_apply()
