"""A new organisation's schema is a copy of the migrated template (magie/schemas/template.py), and that copy is
the schema migrations make: the same tables, columns, constraints, indexes, sequences and recorded migrations."""

from __future__ import annotations

import pytest
from django.db import connection
from django_tenants.utils import schema_context

from magie.models import SchemaTemplateDump
from magie.schemas.catalog import schema_catalog
from magie.schemas.template import (
    TEMPLATE_SCHEMA,
    schema_create_by_migrations,
    schema_create_from_template,
    template_applied,
    template_fingerprint,
)
from tenants.models import Organisation
from tenants.roles import Role
from tenants.services import organisation_create


@pytest.fixture
def scratch(transactional_db):
    """Schema names the test creates; dropped afterwards, with any organisation of that name."""
    names: list[str] = []
    yield names
    connection.set_schema_to_public()
    Organisation.objects.filter(schema_name__in=names).delete()
    with connection.cursor() as cursor:
        for name in names:
            cursor.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')


def applied_times(schema: str) -> dict[tuple[str, str], object]:
    with connection.cursor() as cursor:
        cursor.execute(f'SELECT app, name, applied FROM "{schema}".django_migrations')
        return {(app, name): applied for app, name, applied in cursor.fetchall()}


def test_a_schema_copied_from_the_template_is_the_schema_migrations_make(scratch):
    scratch += ["tplcopy", "tplmigrated"]
    assert schema_create_from_template("tplcopy")
    schema_create_by_migrations("tplmigrated")

    copied, migrated = schema_catalog("tplcopy"), schema_catalog("tplmigrated")
    assert copied == migrated
    assert len(migrated["relations"]) > 50 and len(migrated["indexes"]) > 100 and len(migrated["migrations"]) > 50
    assert {part: len(rows) for part, rows in copied.items()} == {part: len(rows) for part, rows in migrated.items()}


def test_a_new_organisation_is_made_from_the_template_and_works(scratch):
    scratch.append("tplorg")
    organisation = organisation_create(schema_name="tplorg", name="Template Org", kind="bank", language="pt-BR",
                                       time_zone="America/Sao_Paulo", currency="BRL")
    # Copied rows keep the template's times: no migration ran for this schema.
    assert applied_times("tplorg") == applied_times(TEMPLATE_SCHEMA)
    assert SchemaTemplateDump.objects.filter(fingerprint=template_fingerprint(template_applied())).exists()
    with schema_context("tplorg"):
        from django.contrib.auth.models import Group

        from conversations.models import Customer

        assert set(Group.objects.values_list("name", flat=True)) == {role.value for role in Role}
        Customer.objects.create(channel_user_id="5511988887777", name="Nova")  # the identity columns work
        assert Customer.objects.count() == 1
    assert organisation.domains.get().domain == "tplorg.localhost"


def test_with_the_template_off_a_schema_is_made_by_migrations(scratch, settings):
    settings.MAGIE_SCHEMA_TEMPLATE = False
    scratch.append("tploff")
    organisation_create(schema_name="tploff", name="Off", kind="store", language="es", time_zone="UTC",
                        currency="ARS")
    times = applied_times("tploff")
    template = applied_times(TEMPLATE_SCHEMA) if template_applied() else {}
    assert times.keys() >= template.keys() and not any(times[key] == template.get(key) for key in times)


def test_names_the_template_cannot_serve_are_left_to_migrations(scratch):
    assert not schema_create_from_template(TEMPLATE_SCHEMA)
    assert not schema_create_from_template('we"ird')


def test_the_table_list_is_the_schemas_own_as_django_lists_it(demobank):
    """magie.db.pgbackend lists a schema's tables by its namespace; Django's own query (pg_table_is_visible over every
    relation of the database) lists the same ones."""
    from django.db.backends.postgresql.introspection import DatabaseIntrospection

    from magie.db.pgbackend.base import SchemaIntrospection

    for schema in ("demobank", "public"):
        connection.set_schema(schema, include_public=False)
        with connection.cursor() as cursor:
            cursor.execute(f'SET search_path = "{schema}"')
            djangos = sorted(DatabaseIntrospection.get_table_list(connection.introspection, cursor))
            ours = sorted(SchemaIntrospection.get_table_list(connection.introspection, cursor))
        assert ours == djangos and len(ours) > 10
        connection.set_schema_to_public()
