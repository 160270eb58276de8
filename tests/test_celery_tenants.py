"""A task sent for one organisation runs in its schema only, through a real worker process."""

from django.contrib.auth.models import Group
from django_tenants.utils import schema_context

from tenants.tasks import roles_sync_task


def test_a_task_sent_for_demobank_writes_in_demobank_only(real_worker):
    for schema in ("demobank", "demostore"):
        with schema_context(schema):
            Group.objects.filter(name="auditor").delete()

    with schema_context("demobank"):
        result = roles_sync_task.delay("demobank")
    assert result.get(timeout=30) == ["admin", "agent", "auditor"]

    with schema_context("demobank"):
        assert Group.objects.get(name="auditor").permissions.filter(codename="view_organisationpolicy").exists()
    with schema_context("demostore"):
        assert not Group.objects.filter(name="auditor").exists()
    real_worker.wait_for_output(r"roles_sync_task\[[^\]]+\] succeeded")


def test_the_task_is_safe_to_run_twice(demobank):
    first = roles_sync_task("demobank")
    permissions = set(Group.objects.get(name="admin").permissions.values_list("pk", flat=True))
    assert roles_sync_task("demobank") == first
    assert set(Group.objects.get(name="admin").permissions.values_list("pk", flat=True)) == permissions
