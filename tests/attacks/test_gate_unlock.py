"""Attack: keep a staff member locked out (the pair lock hit from their own address, or every admin locked), and
hide who unlocked. A second organisation admin and the platform operator unlock through the real pages; every
unlock is a StaffAuthEvent in the locked user's schema."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django_tenants.utils import schema_context

from staff_auth.models import StaffAuthEvent
from tenants.demo import DEMO_PASSWORD
from tenants.models import Organisation
from tenants.roles import Role
from tenants.services import staff_ensure

pytestmark = pytest.mark.django_db

OFFICE = "192.0.2.77"  # the address the locked admin works from (shared with whoever hammered it)


def login(schema: str | None, username: str, password: str, address: str):
    client = Client(HTTP_HOST=f"{schema}.localhost" if schema else "localhost", REMOTE_ADDR=address)
    return client, client.post("/admin/login/", {"username": username, "password": password})


def locked(schema: str | None, username: str, address: str = OFFICE) -> AccessAttempt:
    for attempt in range(settings.MAGIE_LOGIN_FAILURE_LIMIT):
        login(schema, username, f"wrong-{attempt}", address)
    assert login(schema, username, DEMO_PASSWORD, address)[1].status_code == 429
    with schema_context(schema or "public"):
        return AccessAttempt.objects.get(username=username, ip_address=address)


def unlock_events(schema: str) -> list[tuple]:
    with schema_context(schema):
        return list(StaffAuthEvent.objects.filter(kind=StaffAuthEvent.Kind.LOCKOUT_CLEARED).values_list(
            "username", "actor", "address", "detail"))


def test_a_second_organisation_admin_unlocks_the_locked_admin_and_is_recorded(demobank):
    staff_ensure(username="admin2", password=DEMO_PASSWORD, role=Role.ADMIN)
    connection.set_schema_to_public()
    attempt = locked("demobank", "admin")
    second, signed = login("demobank", "admin2", DEMO_PASSWORD, "198.51.100.2")
    assert signed.status_code == 302
    assert second.post(f"/admin/staff/loginlockout/{attempt.pk}/delete/", {"post": "yes"}).status_code == 302
    assert login("demobank", "admin", DEMO_PASSWORD, OFFICE)[1].status_code == 302
    assert unlock_events("demobank") == [("admin", "admin2@demobank", OFFICE, {"failures": attempt.failures_since_start})]


def test_clearing_many_lockouts_at_once_records_each(demobank):
    staff_ensure(username="admin2", password=DEMO_PASSWORD, role=Role.ADMIN)
    connection.set_schema_to_public()
    first, other = locked("demobank", "admin"), locked("demobank", "agent", "198.51.100.9")
    second, _ = login("demobank", "admin2", DEMO_PASSWORD, "198.51.100.2")
    done = second.post("/admin/staff/loginlockout/", {"action": "delete_selected", "post": "yes",
                                                     "_selected_action": [first.pk, other.pk]})
    assert done.status_code == 302
    assert sorted(event[:3] for event in unlock_events("demobank")) == [
        ("admin", "admin2@demobank", OFFICE), ("agent", "admin2@demobank", "198.51.100.9")]
    assert login("demobank", "agent", DEMO_PASSWORD, "198.51.100.9")[1].status_code == 302


def test_the_platform_operator_unlocks_an_organisation_whose_admins_are_all_locked(demobank):
    connection.set_schema_to_public()
    attempt = locked("demobank", "admin")
    operator, signed = login(None, "platform", DEMO_PASSWORD, "198.51.100.3")
    assert signed.status_code == 302
    organisation = Organisation.objects.get(schema_name="demobank")
    listing = operator.get("/admin/tenants/organisation/")
    assert f"/admin/tenants/organisation/{organisation.pk}/lockouts/" in listing.content.decode()
    page = operator.get(f"/admin/tenants/organisation/{organisation.pk}/lockouts/")
    assert page.status_code == 200 and f'value="{attempt.pk}"' in page.content.decode()
    cleared = operator.post(f"/admin/tenants/organisation/{organisation.pk}/lockouts/", {"attempt": [attempt.pk]})
    assert cleared.status_code == 302
    assert login("demobank", "admin", DEMO_PASSWORD, OFFICE)[1].status_code == 302
    assert unlock_events("demobank") == [("admin", "platform@public", OFFICE, {"failures": attempt.failures_since_start})]
    assert unlock_events("public") == []  # recorded where the locked user lives


def test_the_operators_unlock_page_is_not_on_an_organisations_host(demobank):
    connection.set_schema_to_public()
    organisation = Organisation.objects.get(schema_name="demostore")
    admin, _ = login("demobank", "admin", DEMO_PASSWORD, "198.51.100.4")
    assert admin.get(f"/admin/tenants/organisation/{organisation.pk}/lockouts/").status_code == 404


def test_a_post_naming_nothing_clears_nothing(demobank):
    connection.set_schema_to_public()
    locked("demobank", "admin")
    operator, _ = login(None, "platform", DEMO_PASSWORD, "198.51.100.3")
    organisation = Organisation.objects.get(schema_name="demobank")
    assert operator.post(f"/admin/tenants/organisation/{organisation.pk}/lockouts/", {}).status_code == 302
    assert login("demobank", "admin", DEMO_PASSWORD, OFFICE)[1].status_code == 429
    assert unlock_events("demobank") == []


def test_a_second_operator_unlocks_the_locked_platform_operator():
    get_user_model().objects.create_superuser("platform2", "ops2@example.com", DEMO_PASSWORD)
    attempt = locked(None, "platform")
    second, signed = login(None, "platform2", DEMO_PASSWORD, "198.51.100.5")
    assert signed.status_code == 302
    assert second.post(f"/admin/staff/loginlockout/{attempt.pk}/delete/", {"post": "yes"}).status_code == 302
    assert login(None, "platform", DEMO_PASSWORD, OFFICE)[1].status_code == 302
    assert unlock_events("public") == [("platform", "platform2@public", OFFICE, {"failures": attempt.failures_since_start})]


def test_auditors_read_the_sign_in_events_and_agents_do_not(demobank):
    staff_ensure(username="admin2", password=DEMO_PASSWORD, role=Role.ADMIN)
    connection.set_schema_to_public()
    attempt = locked("demobank", "admin")
    second, _ = login("demobank", "admin2", DEMO_PASSWORD, "198.51.100.2")
    second.post(f"/admin/staff/loginlockout/{attempt.pk}/delete/", {"post": "yes"})
    auditor, _ = login("demobank", "auditor", DEMO_PASSWORD, "198.51.100.6")
    events = auditor.get("/admin/staff_auth/staffauthevent/")
    assert events.status_code == 200 and "admin2@demobank" in events.content.decode()
    agent, _ = login("demobank", "agent", DEMO_PASSWORD, "198.51.100.7")
    assert agent.get("/admin/staff_auth/staffauthevent/").status_code == 403
    assert auditor.post(f"/admin/staff/loginlockout/{attempt.pk}/delete/", {"post": "yes"}).status_code == 403
