"""The one accessor of the current organisation: no fallback outside one, read once, forgotten when it changes."""

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django_tenants.utils import schema_context

from magie.tenancy import NoOrganisation, tenancy_current, tenancy_forget
from tenants.models import Organisation
from tenants.selectors import organisation_in_force
from tenants.services import policy_update


def reads(captured: CaptureQueriesContext) -> list[str]:
    """The statements that read rows (django-tenants' `SET search_path` on a schema switch is not one)."""
    return [query["sql"] for query in captured.captured_queries if not query["sql"].startswith("SET ")]


def test_outside_an_organisation_there_is_no_silent_default(db):
    connection.set_schema_to_public()
    with pytest.raises(NoOrganisation):
        tenancy_current()


def test_a_task_in_a_schema_reads_its_organisation_once_then_from_the_cache(db):
    tenancy_forget()
    with schema_context("demoschool"):
        with CaptureQueriesContext(connection) as first:
            school = tenancy_current()
        with CaptureQueriesContext(connection) as second:
            assert tenancy_current() == school
    assert (school.language, school.currency, school.time_zone, school.kind) == ("ca", "EUR", "Europe/Andorra",
                                                                                 "school")
    assert len(reads(first)) == 1 and reads(second) == []


def test_saving_the_organisation_forgets_it(db):
    with schema_context("demostore"):
        assert tenancy_current().language == "es"
        organisation = Organisation.objects.get(schema_name="demostore")
        organisation.language = "en"
        organisation.save()
        assert tenancy_current().language == "en"


def test_a_turn_reads_organisation_policy_and_domain_in_one_query_and_sees_a_new_policy(db):
    bank = Organisation.objects.get(schema_name="demobank")
    with schema_context("demobank"):
        with CaptureQueriesContext(connection) as read:
            before = organisation_in_force()
        assert len(reads(read)) == 1
        assert before.public_base_url == settings.MAGIE_PUBLIC_URL_TEMPLATE.format(host="demobank.localhost")
        policy_update(organisation=bank, changes={"guard_retries": 2}, changed_by="test@demobank")
        after = organisation_in_force()
    assert (before.policy.guard_retries, after.policy.guard_retries) == (1, 2)
    assert after.tenancy.language == "pt-BR"


def test_a_change_saved_by_another_process_is_seen_by_the_next_request(db):
    """Another web process saved the organisation: this process's cache was not told, but the next request's
    middleware puts the fresh row on the connection, and the fresh row wins over the cached entry."""
    from django_tenants.utils import tenant_context

    store = Organisation.objects.get(schema_name="demostore")
    with tenant_context(store):
        assert tenancy_current().language == "es"  # cached in this process
    Organisation.objects.filter(pk=store.pk).update(language="en")  # no signal reaches this process's cache
    with tenant_context(Organisation.objects.get(pk=store.pk)):  # what the middleware does on the next request
        assert tenancy_current().language == "en"


def test_entering_the_schema_already_in_force_sets_no_search_path_and_a_rollback_forgets_it(db):
    """magie.db.pgbackend: a `SET search_path` only when the path changes, and again after PostgreSQL may have
    discarded it (a rollback)."""
    from django.db import transaction

    def sets(block) -> list[str]:
        with CaptureQueriesContext(connection) as captured:
            block()
        return [query["sql"] for query in captured.captured_queries if query["sql"].startswith("SET search_path")]

    def read_in(*schemas: str) -> None:
        for schema in schemas:
            with schema_context(schema), connection.cursor() as cursor:
                cursor.execute("SELECT 1")

    read_in("demobank")
    assert sets(lambda: read_in("demobank", "demobank")) == []  # in force already: never set again
    assert sets(lambda: read_in("public", "demobank")) == ['SET search_path = "public"',
                                                          'SET search_path = "demobank","public"']

    read_in("public")
    sid = transaction.savepoint()
    read_in("demoschool")  # set inside the savepoint …
    transaction.savepoint_rollback(sid)  # … and undone by PostgreSQL with it: set again
    assert sets(lambda: read_in("demoschool")) == ['SET search_path = "demoschool","public"']
