"""Organisations are PostgreSQL schemas: rows, staff and sessions of one are nothing in another."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import connection
from django_tenants.utils import schema_context

from tenants.services import staff_ensure


def test_a_row_created_in_demobank_is_invisible_from_demostore(demobank):
    Group.objects.create(name="pix-operations")
    assert connection.schema_name == "demobank"
    with schema_context("demostore"):
        assert not Group.objects.filter(name="pix-operations").exists()
    with schema_context("demobank"):
        assert Group.objects.filter(name="pix-operations").exists()


def test_tenant_tables_do_not_exist_in_the_public_schema(db):
    """Domain tables live only in the organisations' schemas; the public schema holds the organisations."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT schemaname, tablename FROM pg_tables WHERE tablename IN "
                       "('conversations_message', 'bank_pixtransfer', 'agent_turn', 'tenants_organisation')")
        found = cursor.fetchall()
    by_table: dict[str, set[str]] = {}
    for schema, table in found:
        by_table.setdefault(table, set()).add(schema)
    organisations = {"demobank", "demoschool", "demostore"}
    for table in ("conversations_message", "bank_pixtransfer", "agent_turn"):
        assert organisations <= by_table[table]
        assert "public" not in by_table[table]
    assert by_table["tenants_organisation"] == {"public"}


def test_demobank_staff_cannot_sign_in_on_demostore(demobank, host_client):
    staff_ensure(username="ana.bank", password="s3cret-pass", role="admin")
    connection.set_schema_to_public()
    bank, store = host_client("demobank"), host_client("demostore")
    credentials = {"username": "ana.bank", "password": "s3cret-pass", "next": "/admin/"}

    assert bank.post("/admin/login/", credentials).status_code == 302
    refused = store.post("/admin/login/", credentials)
    assert refused.status_code == 200
    assert [error.code for error in refused.context["form"].non_field_errors().as_data()] == ["invalid_login"]
    with schema_context("demostore"):
        assert not get_user_model().objects.filter(username="ana.bank").exists()


def test_a_demobank_session_cookie_is_worthless_on_demostore(demobank, host_client):
    staff_ensure(username="ana.bank", password="s3cret-pass", role="admin")
    connection.set_schema_to_public()
    bank = host_client("demobank")
    assert bank.post("/admin/login/", {"username": "ana.bank", "password": "s3cret-pass"}).status_code == 302
    assert bank.get("/admin/").status_code == 200

    store = host_client("demostore")
    store.cookies = bank.cookies  # a stolen or replayed session key
    response = store.get("/admin/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_unknown_host_is_not_served(db, host_client):
    assert host_client("nobank").get("/admin/").status_code == 404
