from celery import shared_task
from django_tenants.utils import schema_context

from tenants.roles import roles_sync


@shared_task(acks_late=True)
def roles_sync_task(schema_name: str) -> list[str]:
    """Re-create an organisation's staff roles with exactly their permissions (after a deploy adds models).
    Idempotent, so a redelivered task changes nothing."""
    with schema_context(schema_name):
        return sorted(roles_sync())
