"""A fresh database works on the first run, and an organisation is never left half made.

On a database just created, the conversation eval (as graders run it, no manual migrate) crashed before the first
conversation; an organisation made inside a transaction while the schema template missed a migration crashed on
`whatsapp_inbound` 0003 (`AddIndexConcurrently`, checked for a transaction before asking whether the table is in
the schema at all) and the migrate executor's commit; and an organisation whose creation was cut short before its
policy was returned as it was by every later `organisation_create` ("Organisation has no policy" on every turn)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import psycopg
import pytest
from django.conf import settings
from django.db import connection, transaction
from django_tenants.utils import schema_context

from magie.schemas.template import TEMPLATE_SCHEMA, template_applied, template_current
from tenants.models import Domain, Organisation, OrganisationPolicy, PolicyVersion
from tenants.roles import Role
from tenants.services import organisation_create
from testing.platform import test_database_url as database_url_of_the_tests
from tests.test_organisation_archive import with_database

INBOUND_INDEX = ("whatsapp_inbound", "0003_inbound_body_processed_index")


@pytest.fixture
def scratch(committed):
    """Schema names the test creates; dropped afterwards with their organisations; the template current again."""
    names: list[str] = []
    yield names
    connection.set_schema_to_public()
    Organisation.objects.filter(schema_name__in=names).delete()
    with connection.cursor() as cursor:
        for name in names:
            cursor.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')
    template_current()


@pytest.fixture
def fresh_database():
    """A database just created on the same server (nothing migrated), dropped afterwards."""
    name = f"{settings.DATABASES['default']['NAME']}_fresh"[:63]
    admin_url = with_database(database_url_of_the_tests(), "postgres")
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    yield with_database(database_url_of_the_tests(), name)
    with psycopg.connect(admin_url, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _whole(organisation: Organisation) -> bool:
    """Schema, primary domain, policy with its version 1, and the staff roles: what organisation_create makes."""
    from django.contrib.auth.models import Group

    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_namespace WHERE nspname = %s", [organisation.schema_name])
        if cursor.fetchone() is None:
            return False
    with schema_context(organisation.schema_name):
        roles = set(Group.objects.values_list("name", flat=True)) == {role.value for role in Role}
    return (roles and Domain.objects.filter(tenant=organisation, is_primary=True).exists()
            and OrganisationPolicy.objects.filter(organisation=organisation).exists()
            and PolicyVersion.objects.filter(organisation=organisation, number=1).exists())


def _create(schema_name: str) -> Organisation:
    return organisation_create(schema_name=schema_name, name="Fresh", kind="bank", language="pt-BR",
                               time_zone="America/Sao_Paulo", currency="BRL")


def test_an_organisation_made_inside_a_transaction_while_the_template_is_behind(scratch):
    scratch.append("freshtx")
    with connection.cursor() as cursor:  # the template as on a database whose code gained that migration
        cursor.execute(f"DELETE FROM {TEMPLATE_SCHEMA}.django_migrations WHERE app = %s AND name = %s",
                       list(INBOUND_INDEX))
    assert ".".join(INBOUND_INDEX) not in (template_applied() or ())

    with transaction.atomic():  # the admin's add form, a seeder inside a transaction
        organisation = _create("freshtx")

    assert _whole(organisation)
    with schema_context("freshtx"):
        from conversations.models import Customer

        Customer.objects.create(channel_user_id="5511977776666", name="Nova")
        assert Customer.objects.count() == 1
    with connection.cursor() as cursor:  # the index is public's only: no inbound table in an organisation's schema
        cursor.execute("SELECT to_regclass('freshtx.whatsapp_inbound_inboundbody'), "
                       "to_regclass('public.inbound_body_processed')")
        assert cursor.fetchone() == (None, "inbound_body_processed")


def test_a_half_made_organisation_is_completed_by_the_next_creation(scratch):
    scratch.append("freshhalf")
    organisation = _create("freshhalf")
    PolicyVersion.objects.filter(organisation=organisation).delete()  # as if cut short after the schema
    OrganisationPolicy.objects.filter(organisation=organisation).delete()
    Domain.objects.filter(tenant=organisation).delete()
    with schema_context("freshhalf"):
        from django.contrib.auth.models import Group

        Group.objects.all().delete()
    assert not _whole(organisation)

    again = _create("freshhalf")

    assert again.pk == organisation.pk and _whole(again)
    assert PolicyVersion.objects.get(organisation=again).number == 1
    assert again.domains.get().domain == "freshhalf.localhost"
    with schema_context("freshhalf"):
        assert set(Group.objects.values_list("name", flat=True)) == {role.value for role in Role}


def test_an_organisation_row_without_its_schema_gets_one(scratch):
    scratch.append("freshnoschema")
    organisation = _create("freshnoschema")
    with connection.cursor() as cursor:
        cursor.execute('DROP SCHEMA "freshnoschema" CASCADE')
    assert not _whole(organisation)

    assert _create("freshnoschema").pk == organisation.pk
    assert _whole(organisation)


def test_the_conversation_eval_runs_on_a_database_just_created(fresh_database):
    """The graders' command on a database nobody migrated: public, the template and the demo organisations are
    made on the way, and a bank conversation (a policy needed) passes."""
    done = subprocess.run(
        [sys.executable, "-m", "tools.eval.conversations", "--split", "tuning", "--org", "bank", "--id", "tb-pt-01",
         "--json"],
        cwd=settings.BASE_DIR, capture_output=True, text=True, timeout=900,
        env=os.environ | {"DJANGO_SETTINGS_MODULE": "magie.settings.test", "DATABASE_URL": fresh_database,
                          "MAGIE_DEPLOYMENT": "development"})
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert (figures["passed"], figures["total"]) == (1, 1), done.stdout[-3000:]


def test_an_organisation_added_in_the_platform_admin_is_whole(scratch):
    """The platform's add form saves the organisation inside the admin's transaction: schema, policy and roles."""
    from testing.organisations import signed_in

    scratch.append("freshadmin")
    platform = signed_in(None, "platform")
    response = platform.post("/admin/tenants/organisation/add/", {
        "schema_name": "freshadmin", "name": "Fresh admin", "kind": "store", "language": "es", "languages": "",
        "time_zone": "UTC", "currency": "USD", "brand_colour": "#4f46e5",
        "domains-TOTAL_FORMS": "0", "domains-INITIAL_FORMS": "0", "domains-MIN_NUM_FORMS": "0",
        "domains-MAX_NUM_FORMS": "1000"})
    assert response.status_code == 302, response.content.decode()[-3000:]
    assert _whole(Organisation.objects.get(schema_name="freshadmin"))
