"""Attack: read customers' bank data through staff pages without a trace (issue 27). Only the inbox's sidebar wrote
an audit row; now every staff page that shows bank data does (`inbox.audit`): the bank's back-office lists and
records, approvals, turns, Asks, traces and their exports, a customer's data export — one `CustomerDataView` row
per showing, naming the viewer, the page and, when the page names one, the customer. Real pages, real database."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django_tenants.utils import schema_context

from agent.tests.helpers import Conversation as Chat
from approvals.models import ApprovalRequest
from bank.models import Account, Holder, PixKey
from inbox.models import CustomerDataView
from testing.organisations import signed_in

pytestmark = pytest.mark.django_db

CARLA = "5511999990001"


@pytest.fixture
def story(demobank):
    """Carla asked her balance and a Pix (an Ask, a pending request, a trace): the data the pages show."""
    with schema_context("demobank"):
        chat = Chat(CARLA)
        chat.say("qual meu saldo?")
        chat.say("manda 200 pro Pedro")
        request = ApprovalRequest.objects.select_related("conversation").get()
        holder = Holder.objects.get(customer_ref=CARLA)
        return {"conversation": request.conversation_id, "customer": request.conversation.customer_id,
                "ask": request.ask_id, "request": request.pk, "holder": holder.pk,
                "account": Account.objects.filter(holder=holder).first().pk, "key": PixKey.objects.first().pk}


PAGES = {  # page → (its path, what the row says was shown, whether the row names Carla)
    "holders": ("/admin/bank/holder/", "admin_list", False),
    "holder": ("/admin/bank/holder/{holder}/change/", "admin_record", False),
    "accounts": ("/admin/bank/account/", "admin_list", False),
    "account": ("/admin/bank/account/{account}/change/", "admin_record", False),
    "keys": ("/admin/bank/pixkey/", "admin_list", False),
    "key": ("/admin/bank/pixkey/{key}/change/", "admin_record", False),
    "transfers": ("/admin/bank/pixtransfer/?status__exact=settled", "admin_list", False),
    "approvals": ("/admin/approvals/approvalrequest/", "admin_list", False),
    "approval": ("/admin/approvals/approvalrequest/{request}/change/", "admin_record", False),
    "turns": ("/admin/agent/turn/", "admin_list", False),
    "asks": ("/admin/asks/ask/", "admin_list", False),
    "conversation_trace": ("/workspace/trace/conversation/{conversation}/", "trace", True),
    "conversation_export": ("/workspace/trace/conversation/{conversation}/export.json", "export", True),
    "ask_trace": ("/workspace/trace/ask/{ask}/", "trace", True),
    "ask_export": ("/workspace/trace/ask/{ask}/export.csv", "export", True),
}
DATA_EXPORT = "/privacy/customer/{customer}/export"  # a POST: it reads everything held about the customer


def rows() -> list[CustomerDataView]:
    with schema_context("demobank"):
        return list(CustomerDataView.objects.select_related("viewer").order_by("pk"))


@pytest.mark.parametrize("page", list(PAGES))
@pytest.mark.parametrize("role", ["admin", "auditor"])
def test_every_staff_page_showing_bank_data_writes_one_audit_row(story, page, role):
    template, shown, names_customer = PAGES[page]
    url = template.format(**story)
    before = len(rows())
    connection.set_schema_to_public()
    response = signed_in("demobank", role).get(url)
    written = rows()[before:]
    if response.status_code != 200:  # a page this role may not open shows nothing, and records nothing
        assert response.status_code in (302, 403, 404) and written == [], (role, page, response.status_code)
        return
    [row] = written
    assert (row.viewer.username, row.shown, row.page) == (role, shown, url)
    assert row.customer_id == (story["customer"] if names_customer else None)


@pytest.mark.parametrize("role", ["admin", "auditor", "agent"])
def test_a_customers_data_export_is_recorded_beside_its_data_request(story, role):
    connection.set_schema_to_public()
    response = signed_in("demobank", role).post(DATA_EXPORT.format(**story))
    written = rows()
    if response.status_code != 200:
        assert response.status_code == 403 and written == []
        return
    [row] = written
    assert (row.viewer.username, row.shown, row.customer_id) == (role, "export", story["customer"])


def test_the_admin_reads_every_bank_page_and_each_is_recorded(story):
    """The control for the roles' skips above: the organisation's admin opens all of them."""
    connection.set_schema_to_public()
    admin = signed_in("demobank", "admin")
    opened = [page for page, (template, _, _) in PAGES.items() if admin.get(template.format(**story)).status_code == 200]
    assert opened == list(PAGES)
    assert [row.page for row in rows()] == [template.format(**story) for template, _, _ in PAGES.values()]


@pytest.mark.parametrize("url", ["/admin/", "/admin/conversations/customer/", "/inbox/", "/workspace/dashboard/",
                                 "/admin/bank/holder/add/", "/admin/bank/holder/999999/change/"])
def test_pages_without_bank_data_or_refused_write_nothing(story, url):
    connection.set_schema_to_public()
    signed_in("demobank", "admin").get(url)
    assert rows() == []


def test_an_anonymous_visitor_writes_nothing(story):
    connection.set_schema_to_public()
    response = Client(HTTP_HOST="demobank.localhost").get("/admin/bank/holder/")
    assert response.status_code == 302 and rows() == []
