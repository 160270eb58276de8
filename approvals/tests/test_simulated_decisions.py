"""A decision typed in the WhatsApp simulator is the staff member's, never the customer's: recorded as
`simulator:<username>`, counted apart by approval_metrics, and never able to move a real customer's money."""

from __future__ import annotations

import io
import json
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from agent.tests.helpers import Conversation
from approvals.errors import ApprovalNotUsable, SimulatedDecisionRefused
from approvals.models import ApprovalRequest
from approvals.previews import facts_hash
from approvals.services import approval_check_usable, approval_decide
from bank.models import Account, PixTransfer
from conversations.models import Message
from conversations.services import SimulatedForRealCustomer, message_store_inbound
from testing.organisations import signed_in

CARLA, ANA = "5511999990001", "5511999990002"  # sandbox customer; real customer (both bank holders)


def balance(customer_ref: str) -> int:
    return Account.objects.get(holder__customer_ref=customer_ref).balance_cents


def simulate(client, capture, **body) -> dict:
    with capture(execute=True):  # the turn runs after commit (Celery eager in tests), as the worker would
        response = client.post("/simulator/send", {"wa_id": CARLA, **body}, content_type="application/json")
    assert response.status_code == 200, response.content
    return response.json()


def test_a_simulated_approval_is_the_admins_and_moves_only_the_sandbox_customers_money(
        demobank, django_capture_on_commit_callbacks):
    carla_before, ana_before = balance(CARLA), balance(ANA)
    connection.set_schema_to_public()
    admin = signed_in("demobank", "admin")
    simulate(admin, django_capture_on_commit_callbacks, text="manda 200 pro Pedro")
    phone = admin.get("/simulator/messages", {"wa_id": CARLA}).json()["messages"]
    preview = next(m for m in phone if m["direction"] == "out" and m["buttons"])
    approve = preview["buttons"][0]
    assert approve["title"] == "Aprovar" and preview["status"] == "simulated"
    simulate(admin, django_capture_on_commit_callbacks, button_id=approve["id"], button_title=approve["title"],
             reply_to=preview["channel_message_id"])
    connection.set_tenant(demobank)
    request = ApprovalRequest.objects.get()
    assert (request.status, request.decided_by, request.decision_channel) == (
        "executed", "simulator:admin", "in_chat_button")
    assert balance(CARLA) == carla_before - 20000 and balance(ANA) == ana_before
    assert PixTransfer.objects.get().idempotency_key == f"approval-{request.pk}"
    assert set(Message.objects.values_list("channel", flat=True)) == {"simulator"}  # in and out, end to end

    out = io.StringIO()
    call_command("approval_metrics", "--org", "demobank", stdout=out)
    report = json.loads(out.getvalue())
    assert report["requests"] == 0 and report["by_status"] == {}  # no customer decided anything
    assert report["simulated"] == {"requests": 1, "by_status": {"executed": 1}, "decided_by": ["simulator:admin"]}
    assert report["effects_executed_without_approval"] == 0


def test_customer_decisions_and_simulated_ones_are_counted_apart(demobank, django_capture_on_commit_callbacks):
    Conversation().tap(Conversation().say("manda 10 pro Pedro"), 0)  # the terminal: Carla's own decision
    connection.set_schema_to_public()
    admin = signed_in("demobank", "admin")
    simulate(admin, django_capture_on_commit_callbacks, text="manda 20 pra Ana")
    phone = admin.get("/simulator/messages", {"wa_id": CARLA}).json()["messages"]
    preview = [m for m in phone if m["direction"] == "out" and m["buttons"]][-1]
    simulate(admin, django_capture_on_commit_callbacks, button_id=preview["buttons"][1]["id"],
             button_title=preview["buttons"][1]["title"], reply_to=preview["channel_message_id"])
    connection.set_tenant(demobank)
    out = io.StringIO()
    call_command("approval_metrics", "--org", "demobank", stdout=out)
    report = json.loads(out.getvalue())
    assert report["by_status"] == {"executed": 1} and report["approval_rate"] == 100.0
    assert report["simulated"]["by_status"] == {"declined": 1}
    assert report["simulated"]["decided_by"] == ["simulator:admin"]


@pytest.fixture
def real_customers_request(demobank):
    """A pending approval of Ana, a real (non-sandbox) customer, who asked on her own channel."""
    turn = Conversation(customer=ANA).say("manda 10 para contas@energiasul.com.br")
    request = ApprovalRequest.objects.get(conversation__customer__channel_user_id=ANA)
    assert request.status == "pending" and turn.reply_message.buttons
    return request


def test_a_simulated_decision_for_a_real_customer_is_refused_and_nothing_changes(real_customers_request):
    request = real_customers_request
    ana_before = balance(ANA)
    with pytest.raises(SimulatedDecisionRefused):
        approval_decide(approval_id=request.pk, approve=True, by="simulator:admin", channel="in_chat_button",
                        at=timezone.now())
    request.refresh_from_db()
    assert (request.status, request.decided_by) == ("pending", "")
    assert balance(ANA) == ana_before and not PixTransfer.objects.exists()


def test_a_simulated_message_never_lands_in_a_real_customers_conversation(real_customers_request):
    before = Message.objects.count()
    with pytest.raises(SimulatedForRealCustomer):
        message_store_inbound(channel_user_id=ANA, channel_message_id="wamid.forged", sent_at=timezone.now(),
                              kind="button", payload="confirm:1:x:y", channel="simulator", simulated_by="admin")
    assert Message.objects.count() == before


def test_even_a_recorded_simulated_approval_cannot_execute_for_a_real_customer(real_customers_request):
    request = real_customers_request
    ApprovalRequest.objects.filter(pk=request.pk).update(status="approved", decided_by="simulator:admin",
                                                         decided_at=timezone.now())
    request.refresh_from_db()
    with pytest.raises(ApprovalNotUsable, match="simulated decision"):
        approval_check_usable(request=request, tool=request.tool, preview_hash=facts_hash(request.preview["facts"]),
                              now=request.created_at + timedelta(seconds=1))
