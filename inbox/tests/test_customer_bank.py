"""The inbox's customer sidebar for a bank: the customer's balance and last Pix (read-only, masked, in the staff
member's language and the organisation's time zone), each showing recorded for the auditors; agents see it only
for a chat they can work; schools and stores have no bank section."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

import pytest
from django.db import connection
from django_tenants.utils import schema_context

from bank.demo import CARLA_CPF, DEMO_CUSTOMER_REF
from bank.models import Holder
from bank.services import pix_transfer_create
from conversations.services import message_store_inbound
from inbox.models import CustomerDataView, Escalation
from inbox.services import escalation_claim
from inbox.tests.helpers import chat_make, escalation_make, staff, staff_create
from tenants.demo import DEMO_PASSWORD
from tenants.roles import Role, roles_sync
from testing.organisations import signed_in

NOON_IN_SAO_PAULO = datetime(2026, 11, 20, 15, 0, tzinfo=UTC)  # 12:00 in America/Sao_Paulo (UTC-3)
PEDRO_PHONE = "+5521987654321"


def _carla_escalated() -> Escalation:
    """Carla (the demo bank's customer) wrote; her chat was escalated."""
    stored = message_store_inbound(channel_user_id=DEMO_CUSTOMER_REF, channel_message_id=f"wamid.{uuid.uuid4().hex}",
                                   text="me mostra meu extrato", name="Carla Souza", sent_at=NOON_IN_SAO_PAULO)
    return escalation_make(stored.message.conversation)


@pytest.fixture
def carla_chat(demobank):
    """Carla sent Pedro R$ 123,45 at noon (São Paulo) and her chat is escalated; the connection back in public."""
    carla = Holder.objects.get(customer_ref=DEMO_CUSTOMER_REF)
    transfer = pix_transfer_create(holder=carla, key=PEDRO_PHONE, amount_cents=12_345,
                                   idempotency_key=uuid.uuid4().hex, now=NOON_IN_SAO_PAULO)
    escalation = _carla_escalated()
    connection.set_schema_to_public()
    return escalation, transfer


def _views() -> list[CustomerDataView]:
    with schema_context("demobank"):
        return list(CustomerDataView.objects.select_related("viewer", "customer").order_by("pk"))


def _text(response) -> str:
    return " ".join(response.content.decode().replace("\xa0", " ").replace("\u202f", " ").split())


def test_the_bank_section_shows_balance_and_recent_pix_masked_in_pt_br(carla_chat):
    escalation, transfer = carla_chat
    client = signed_in("demobank", "agent")

    page = client.get(f"/inbox/{escalation.pk}/")
    assert f'hx-get="/inbox/{escalation.pk}/customer-bank/"' in page.content.decode()
    assert _views() == []  # the page itself shows no bank data: the section it loads does

    response = client.get(f"/inbox/{escalation.pk}/customer-bank/")
    assert response.status_code == 200
    text = _text(response)
    assert "Conta no banco" in text and "Pix recentes" in text and "Saldo" in text
    assert "Carla Souza" in text
    assert CARLA_CPF not in text and f"{CARLA_CPF[:3]}.{CARLA_CPF[3:6]}" not in text
    with schema_context("demobank"):
        masked = Holder.objects.get(customer_ref=DEMO_CUSTOMER_REF).masked_document
    assert masked != CARLA_CPF and masked in text
    assert "R$ 4.876,55" in text  # the balance after the Pix, as pt-BR writes money
    assert f'data-pix="{transfer.pk}"' in response.content.decode()
    assert "20/11/2026 12:00" in text  # 15:00 UTC in the organisation's time zone
    assert "R$ 123,45" in text
    assert "Pedro Henrique Almeida" in text
    assert PEDRO_PHONE not in text and "98765" not in text and "+55 21 *****-4321" in text
    assert "Liquidado" in text and "Settled" not in text


def test_each_showing_is_recorded_once_with_who_whom_and_what(carla_chat):
    escalation, _ = carla_chat
    client = signed_in("demobank", "agent")

    client.get(f"/inbox/{escalation.pk}/customer-bank/")
    views = _views()
    assert len(views) == 1
    view = views[0]
    assert (view.viewer.username, view.customer.channel_user_id, view.escalation_id, view.shown, view.pix_count) == (
        "agent", DEMO_CUSTOMER_REF, escalation.pk, "balance_and_pix", 1)

    client.get(f"/inbox/{escalation.pk}/customer-bank/")
    client.get(f"/inbox/{escalation.pk}/")  # the page alone shows nothing of the bank
    client.get(f"/inbox/list/?selected={escalation.pk}")
    assert len(_views()) == 2


def test_an_agent_sees_no_bank_data_of_a_chat_another_agent_holds(carla_chat):
    escalation, _ = carla_chat
    with schema_context("demobank"):
        staff_create(username="agent2", password=DEMO_PASSWORD, group=roles_sync()[Role.AGENT])
        escalation_claim(escalation_id=escalation.pk, user=staff("agent2"))

    agent = signed_in("demobank", "agent")
    assert agent.get(f"/inbox/{escalation.pk}/customer-bank/").status_code == 403
    assert "customer-bank" not in agent.get(f"/inbox/{escalation.pk}/").content.decode()
    assert signed_in("demobank", "agent2").get(f"/inbox/{escalation.pk}/customer-bank/").status_code == 200
    assert signed_in("demobank", "auditor").get(f"/inbox/{escalation.pk}/customer-bank/").status_code == 200
    assert [view.viewer.username for view in _views()] == ["agent2", "auditor"]


def test_another_organisation_sees_nothing_of_it(carla_chat, demoschool):
    escalation, _ = carla_chat
    connection.set_schema_to_public()
    school_agent = signed_in("demoschool", "agent")
    response = school_agent.get(f"/inbox/{escalation.pk}/customer-bank/")
    assert response.status_code == 404  # no bank there (and no such chat)
    # The school's session is no session on the bank's host.
    school_agent.defaults["HTTP_HOST"] = "demobank.localhost"
    refused = school_agent.get(f"/inbox/{escalation.pk}/customer-bank/")
    assert refused.status_code == 302 and "/admin/login/" in refused["Location"]
    assert _views() == []


def test_an_unknown_escalation_is_404(carla_chat):
    assert signed_in("demobank", "admin").get("/inbox/999999/customer-bank/").status_code == 404


@pytest.mark.parametrize("schema", ["demoschool", "demostore"])
def test_schools_and_stores_have_no_bank_section(schema, request):
    request.getfixturevalue(schema)
    escalation = escalation_make(chat_make(name="Lia"))
    connection.set_schema_to_public()
    client = signed_in(schema, "admin")

    page = client.get(f"/inbox/{escalation.pk}/")
    assert page.status_code == 200 and "customer-bank" not in page.content.decode()
    assert client.get(f"/inbox/{escalation.pk}/customer-bank/").status_code == 404


def test_auditors_read_the_audit_log_and_agents_do_not(carla_chat):
    escalation, _ = carla_chat
    signed_in("demobank", "admin").get(f"/inbox/{escalation.pk}/customer-bank/")
    view = _views()[0]

    auditor = signed_in("demobank", "auditor")
    listing = auditor.get("/admin/inbox/customerdataview/")
    assert listing.status_code == 200 and "Carla Souza" in listing.content.decode()
    detail = auditor.get(f"/admin/inbox/customerdataview/{view.pk}/change/")
    assert detail.status_code == 200 and 'name="_save"' not in detail.content.decode()
    assert auditor.post(f"/admin/inbox/customerdataview/{view.pk}/delete/", {"post": "yes"}).status_code == 403
    assert signed_in("demobank", "agent").get("/admin/inbox/customerdataview/").status_code == 403
    assert len(_views()) == 1
