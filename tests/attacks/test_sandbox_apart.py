"""Attack: reach a real customer through a sandbox identity, or a sandbox record through real traffic (issue 27).
A sandbox identity is a record of its own, apart from the real customer of the same number: real WhatsApp traffic
never lands on it, the simulator never lands on the real one, so a simulated message can neither read, continue,
cancel nor decide a real customer's chat, and no staff path moves a real account's money. The simulator is off
unless MAGIE_SIMULATOR enables it, whatever DEBUG says. Through the real signed webhook and the real simulator."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.models import Sum
from django_tenants.utils import schema_context

from approvals.models import ApprovalRequest
from asks.models import Ask
from bank.models import Account, PixTransfer
from conversations.models import Customer, Message
from testing.organisations import signed_in
from tests.attacks.test_taps_and_sandbox import (
    CARLA,
    REAL,
    REAL_BALANCE,
    _admin_adds_sandbox,
    _real_holder,
    preview,
    reloaded,
    say,
    simulate,
    tap,
)

pytestmark = pytest.mark.django_db


def real_money() -> int:
    with schema_context("demobank"):
        return Account.objects.filter(holder__is_test=False).aggregate(total=Sum("balance_cents"))["total"] or 0


def records(number: str) -> dict[bool, Customer]:
    with schema_context("demobank"):
        return {customer.is_sandbox: customer for customer in Customer.objects.filter(channel_user_id=number)}


def channels_on(customer: Customer) -> set[tuple[str, str]]:
    with schema_context("demobank"):
        return set(Message.objects.filter(conversation__customer=customer).values_list("direction", "channel"))


@pytest.fixture
def sandboxed_then_real(demobank):
    """The attack's order: an admin makes a number a sandbox identity while nobody holds it; later the bank opens
    that person's real account and they write on WhatsApp."""
    admin = _admin_adds_sandbox(REAL)
    with schema_context("demobank"):
        _real_holder()
    return admin


@pytest.mark.parametrize("number", [CARLA, REAL])
@pytest.mark.parametrize("text", ["oi", "qual meu saldo?", "manda 30 para ana.costa@exemplo.com.br"])
def test_real_whatsapp_traffic_never_lands_on_a_sandbox_record(sandboxed_then_real, platform, turns,
                                                               django_capture_on_commit_callbacks, number, text):
    sandbox_before = records(number)[True]
    turn = say(django_capture_on_commit_callbacks, platform, text, from_=number)
    found = records(number)
    assert set(found) == {True, False} and found[True].pk == sandbox_before.pk  # two records, the sandbox untouched
    with schema_context("demobank"):
        assert turn.message.conversation.customer_id == found[False].pk
    assert channels_on(found[True]) <= {("in", "simulator"), ("out", "simulator")}
    assert ("in", "whatsapp") in channels_on(found[False])
    with schema_context("demobank"):
        assert not Ask.objects.filter(conversation__customer=found[True]).exists()


def test_a_simulated_message_never_lands_on_the_real_record(sandboxed_then_real, platform, turns,
                                                            django_capture_on_commit_callbacks):
    say(django_capture_on_commit_callbacks, platform, "oi", from_=REAL)
    message = simulate(sandboxed_then_real, text="qual meu saldo?")
    found = records(REAL)
    with schema_context("demobank"):
        assert Message.objects.get(pk=message.pk).conversation.customer_id == found[True].pk
    assert channels_on(found[False]) == {("in", "whatsapp"), ("out", "whatsapp")}


@pytest.mark.parametrize("text", ["cancela", "não quero mais", "sim", "pode mandar", "aprovo", "muda para 3000"])
def test_the_simulator_cannot_continue_cancel_or_confirm_a_real_customers_ask(
        sandboxed_then_real, platform, turns, django_capture_on_commit_callbacks, text):
    capture = django_capture_on_commit_callbacks
    before = real_money()
    turn, request = preview(capture, platform, "manda 30 para ana.costa@exemplo.com.br", from_=REAL)
    simulate(sandboxed_then_real, text=text)
    now = reloaded(request)
    assert (now.status, now.decided_by, now.amount_cents) == ("pending", "", request.amount_cents)
    with schema_context("demobank"):
        assert Ask.objects.get(pk=request.ask_id).status == "awaiting_confirmation"
        assert PixTransfer.objects.count() == 0
    assert real_money() == before
    tap(capture, platform, turn.reply_message.buttons[0], from_=REAL)  # the customer's own tap still decides
    assert reloaded(request).status == "executed" and real_money() == before - 3_000


@pytest.mark.parametrize("text", ["manda 50 para ana.costa@exemplo.com.br", "pix de 10 reais pro Pedro",
                                  "qual meu saldo?", "meu extrato de hoje"])
def test_no_staff_path_moves_or_reads_real_money(sandboxed_then_real, platform, turns,
                                                 django_capture_on_commit_callbacks, text):
    before = real_money()
    say(django_capture_on_commit_callbacks, platform, "oi", from_=REAL)  # the real customer exists and wrote
    message = simulate(sandboxed_then_real, text=text)
    with schema_context("demobank"):
        turn_reply = Message.objects.filter(direction="out", conversation=message.conversation).latest("pk").text
        assert not ApprovalRequest.objects.filter(conversation__customer__is_sandbox=True,
                                                  conversation__customer__channel_user_id=REAL).exists()
        assert not PixTransfer.objects.filter(holder__is_test=False).exists()
    assert real_money() == before and "5.000,00" not in turn_reply
    with schema_context("demobank"):
        assert Account.objects.filter(holder__customer_ref=REAL).get().balance_cents == REAL_BALANCE


@pytest.mark.parametrize("debug", [True, False])
def test_the_simulator_is_off_unless_enabled_whatever_debug_says(demobank, settings, debug):
    settings.MAGIE_SIMULATOR, settings.DEBUG = False, debug
    connection.set_schema_to_public()
    admin = signed_in("demobank", "admin")
    for response in (admin.get("/simulator/"),
                     admin.post("/simulator/send", {"wa_id": CARLA, "text": "manda 200 pro Pedro"},
                                content_type="application/json")):
        assert response.status_code == 404
    with schema_context("demobank"):
        assert not Message.objects.exists() and PixTransfer.objects.count() == 0
