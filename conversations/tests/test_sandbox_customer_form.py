"""The back office's sandbox customer form takes a WhatsApp id that is a phone number (E.164 without "+"), and
says why another is refused in the staff language; nothing is stored for a refused id."""

from __future__ import annotations

from django.db import connection
from django_tenants.utils import schema_context

from conversations.models import Customer
from testing.organisations import signed_in


def test_an_id_that_is_no_phone_number_is_refused_in_portuguese(db):
    client = signed_in("demobank")
    for wa_id in ("9" * 80, "5511000000000", "12"):
        page = client.post("/admin/conversations/customer/add/", {"channel_user_id": wa_id, "name": "Teste"})
        assert page.status_code == 200, (wa_id, page.status_code)  # the form again, with its error
        assert "Não é um número de telefone" in page.content.decode(), wa_id
    with schema_context("demobank"):
        assert not Customer.objects.filter(channel_user_id__in=("9" * 80, "5511000000000", "12")).exists()


def test_a_mobile_number_becomes_a_sandbox_customer(db):
    client = signed_in("demobank")
    added = client.post("/admin/conversations/customer/add/", {"channel_user_id": "5511988887777", "name": "Teste"})
    assert added.status_code == 302, added.content.decode()[-2000:]
    connection.set_schema_to_public()
    with schema_context("demobank"):
        assert Customer.objects.get(channel_user_id="5511988887777").is_sandbox
