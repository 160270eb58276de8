"""`manage.py sync_roles` queues each organisation's roles re-sync by name, in its schema (eager in tests)."""

import io

from django.contrib.auth.models import Group
from django.core.management import call_command
from django.db import connection
from django_tenants.utils import tenant_context


def test_sync_roles_queues_the_resync_into_every_organisations_schema(demobank):
    Group.objects.get(name="auditor").permissions.clear()
    connection.set_schema_to_public()
    out = io.StringIO()
    call_command("sync_roles", stdout=out)
    assert "demobank: queued" in out.getvalue()
    with tenant_context(demobank):
        assert Group.objects.get(name="auditor").permissions.filter(codename="view_pixtransfer").exists()
