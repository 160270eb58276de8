"""The back office's data-rights page: only admins export and erase, each use is recorded with who did it, an
erasure needs its confirmation, and the page speaks the staff member's language."""

from __future__ import annotations

import json

from django.db import connection
from django_tenants.utils import schema_context

from conversations.models import Customer
from privacy.models import DataRequest
from testing.organisations import signed_in

CARLA = "5511999990001"


def carla_id() -> int:
    with schema_context("demobank"):
        return Customer.objects.get(channel_user_id=CARLA).pk


def test_an_admin_exports_and_the_export_is_recorded(demobank):
    customer_id = carla_id()
    connection.set_schema_to_public()
    admin = signed_in("demobank", "admin")
    page = admin.get(f"/privacy/customer/{customer_id}/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "Exportar" in text and "exigido por lei" in text  # the admin reads the back office in pt-BR
    response = admin.post(f"/privacy/customer/{customer_id}/export")
    assert response.status_code == 200 and response["Content-Disposition"].startswith("attachment;")
    data = json.loads(response.content)
    assert data["records"]["conversations.Customer"][0]["channel_user_id"] == CARLA
    assert data["records"]["bank.Holder"][0]["name"] == "Carla Souza"
    with schema_context("demobank"):
        [record] = DataRequest.objects.filter(customer_id=customer_id)
        assert (record.kind, record.requested_by) == ("export", "admin@demobank")


def test_auditors_and_agents_may_neither_export_nor_erase(demobank):
    customer_id = carla_id()
    connection.set_schema_to_public()
    for username in ("auditor", "agent"):
        client = signed_in("demobank", username)
        assert client.get(f"/privacy/customer/{customer_id}/").status_code == 403
        assert client.post(f"/privacy/customer/{customer_id}/export").status_code == 403
        assert client.post(f"/privacy/customer/{customer_id}/erase", {"confirm": "yes"}).status_code == 403
    with schema_context("demobank"):
        assert not DataRequest.objects.exists()
        assert Customer.objects.get(pk=customer_id).name == "Carla Souza"


def test_an_erasure_needs_its_confirmation(demobank):
    customer_id = carla_id()
    connection.set_schema_to_public()
    admin = signed_in("demobank", "admin")
    unconfirmed = admin.post(f"/privacy/customer/{customer_id}/erase", {})
    assert unconfirmed.status_code == 200
    with schema_context("demobank"):
        assert Customer.objects.get(pk=customer_id).name == "Carla Souza"
    confirmed = admin.post(f"/privacy/customer/{customer_id}/erase", {"confirm": "yes"})
    assert confirmed.status_code == 302 and confirmed["Location"] == f"/privacy/customer/{customer_id}/"
    with schema_context("demobank"):
        customer = Customer.objects.get(pk=customer_id)
        assert (customer.name, customer.channel_user_id) == ("", f"erased-{customer_id}")
        assert DataRequest.objects.get(customer=customer).requested_by == "admin@demobank"


def test_the_customer_page_links_to_data_rights_for_admins_only(demobank):
    customer_id = carla_id()
    connection.set_schema_to_public()
    link = f'href="/privacy/customer/{customer_id}/"'
    assert link in signed_in("demobank", "admin").get(
        f"/admin/conversations/customer/{customer_id}/change/").content.decode()
    assert link not in signed_in("demobank", "agent").get(
        f"/admin/conversations/customer/{customer_id}/change/").content.decode()
