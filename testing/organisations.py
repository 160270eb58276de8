"""Test helpers that need organisations: the demo organisations, their tables after a transactional test, and a
client signed in on an organisation's host."""

from __future__ import annotations

import io

from django.apps import apps
from django.core.management import call_command
from django.db import connection
from django_tenants.utils import tenant_context

from tenants.models import Organisation

TEST_SCHEMAS = ("demobank", "demoschool", "demostore")


def organisations_ensure() -> None:
    """The demo organisations exist, whole, with their data (after a transactional test flushed the public tables;
    on a database never migrated, as `python -m tools.eval.conversations` may meet first: migrated here). A demo
    organisation a cut-short creation left without its schema, domain or policy is completed by `seed_demo`."""
    if not connection.in_atomic_block and not _public_migrated():
        call_command("migrate_schemas", interactive=False, verbosity=0, stdout=io.StringIO())
        connection.set_schema_to_public()  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
    whole = (Organisation.objects.filter(schema_name__in=TEST_SCHEMAS, policy__isnull=False, domains__is_primary=True)
             .values_list("schema_name", flat=True).distinct())
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_namespace WHERE nspname = ANY(%s)", [list(TEST_SCHEMAS)])
        schemas = cursor.fetchone()[0]
    if len(set(whole)) != len(TEST_SCHEMAS) or schemas != len(TEST_SCHEMAS):
        call_command("seed_demo", verbosity=0, stdout=io.StringIO())


def _public_migrated() -> bool:
    """Whether the public schema has its tables (a database just created has none)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass('public.tenants_organisation') IS NOT NULL")
        return bool(cursor.fetchone()[0])


def organisations_seed_today() -> None:
    """The demo organisations exist, their data laid out from today (each app's idempotent `seed_demo` again): the
    school's "tomorrow" is the day after the run's, whatever day the database was first seeded on."""
    organisations_ensure()
    for organisation in Organisation.objects.filter(schema_name__in=TEST_SCHEMAS):
        with tenant_context(organisation):
            _seed(organisation)
    connection.set_schema_to_public()  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend


def organisation_laid_out_today(organisation: Organisation) -> None:
    """The current organisation's demo laid out from today (a school's "tomorrow" is the run's): seeded again, in
    the caller's transaction, when it was seeded on an earlier day, as a reused test database was, or before
    midnight in the school's zone, as a run crossing it was (`booking.demo.laid_out_today`)."""
    from booking.demo import laid_out_today
    from magie.choices import OrganisationKind

    if organisation.kind == OrganisationKind.SCHOOL and not laid_out_today(organisation):
        _seed(organisation)


def _seed(organisation: Organisation) -> None:
    """Every app's demo data for the current organisation (each seeder is idempotent)."""
    for app_config in apps.get_app_configs():
        seeder = getattr(app_config, "seed_demo", None)
        if seeder:
            seeder(organisation)


KEEP_TABLES = {"django_migrations", "django_content_type", "auth_permission", "auth_group",
               "auth_group_permissions", "auth_user", "auth_user_groups", "auth_user_user_permissions"}


def tenant_tables_truncate() -> None:
    """Remove what a transactional test committed in the test schemas (Django's flush only sees public)."""
    with connection.cursor() as cursor:
        for schema in TEST_SCHEMAS:
            cursor.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = %s", [schema]
            )
            tables = [name for (name,) in cursor.fetchall() if name not in KEEP_TABLES]
            if tables:
                cursor.execute("TRUNCATE " + ", ".join(f'"{schema}"."{t}"' for t in tables) + " CASCADE")
    for schema in TEST_SCHEMAS:  # demo data back, as the next test expects it
        organisation = Organisation.objects.filter(schema_name=schema).first()
        if organisation is None:
            continue
        with tenant_context(organisation):
            _seed(organisation)
    connection.set_schema_to_public()  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend


def signed_in(schema: str | None, username: str = "admin"):
    """A test client signed in through the login form on the organisation's host (its schema), as a browser does;
    `schema=None` is the platform host."""
    from django.test import Client

    from tenants.demo import DEMO_PASSWORD

    client = Client(HTTP_HOST=f"{schema}.localhost" if schema else "localhost")
    response = client.post("/admin/login/", {"username": username, "password": DEMO_PASSWORD})
    assert response.status_code == 302, f"{username} could not sign in on {schema}"
    return client


def page_queries(client, url: str) -> int:
    """How many statements `client` costs to GET `url` (200 expected): what a list page's tests compare with more
    rows on it, to show the count does not grow with them."""
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return len(queries)
