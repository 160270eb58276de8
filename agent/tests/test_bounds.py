"""The bounds where tool arguments enter, one crash of the issue per test: each is a typed refusal the model can
act on, worded for the customer, with nothing written, stored out of range or executed."""

import json
from datetime import UTC, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from agent import registry
from agent.references import reference_issue
from agent.replies import failure_reason
from agent.tests.helpers import Conversation
from agent.tools.base import ToolContext
from approvals.errors import ApprovalInvalid
from approvals.models import ApprovalRequest
from approvals.previews import booking_preview, pix_preview
from approvals.services import approval_request_create
from asks.models import Ask
from asks.selectors import ask_slots
from asks.tests.chat import Chat
from bank.models import PixTransfer
from booking.models import Booking, TimeSlot
from conversations.models import Message
from tenants.selectors import policy_current
from tenants.services import policy_update


@pytest.fixture
def bank_ctx(demobank):
    chat = Chat("pt-BR")
    ask = chat.say("manda 200 pro Pedro").ask
    return ToolContext(conversation_id=ask.conversation_id, ask_id=ask.pk, message_id=chat.last_message.pk,
                       customer_ref="5511999990001", customer_name="Carla", org_kind="bank", language="pt-BR",
                       currency="BRL", time_zone="America/Sao_Paulo", policy=policy_current(organisation=demobank),
                       now=timezone.now())


@pytest.fixture
def pedro(bank_ctx) -> str:
    return registry.call(bank_ctx, "lookup_pix_key", {"key": None, "contact_name": "Pedro"}).result["data"][
        "recipient_ref"]


@pytest.mark.parametrize("amount", [2**63, 10**22, 100_000_000_01])
def test_an_amount_above_the_maximum_is_refused_naming_the_maximum_and_nothing_is_stored(bank_ctx, pedro, amount):
    result = registry.call(bank_ctx, "send_pix", {"recipient_ref": pedro, "amount_cents": amount,
                                                  "scheduled_for": None}).result
    assert result["error"]["code"] == "limit_exceeded"
    assert result["error"]["detail"]["code"] == "amount_too_large"
    assert result["error"]["detail"]["max_cents"] == 100_000_000_00
    assert failure_reason("pt-BR", result["error"], "BRL") == "o valor passa do máximo de R$\xa0100.000.000,00 por pedido"
    assert not ApprovalRequest.objects.exists() and not PixTransfer.objects.exists()


def test_the_organisations_own_maximum_is_the_bound(demobank, bank_ctx, pedro):
    policy_update(organisation=demobank, changes={"amount_max_cents": 1_000_00}, changed_by="admin@demobank")
    ctx = ToolContext(**{**bank_ctx.__dict__, "policy": policy_current(organisation=demobank)})
    over = registry.call(ctx, "send_pix", {"recipient_ref": pedro, "amount_cents": 1_000_01, "scheduled_for": None})
    assert over.result["error"]["detail"] == {"code": "amount_too_large", "max_cents": 1_000_00,
                                              "fields": [{"field": "amount_cents", "problem": over.result["error"][
                                                  "detail"]["fields"][0]["problem"]}]}
    at = registry.call(ctx, "send_pix", {"recipient_ref": pedro, "amount_cents": 1_000_00, "scheduled_for": None})
    assert at.result["error"]["code"] == "approval_required"  # within the maximum: on to the gate


@pytest.mark.parametrize("name", ["send_pix\x00", "\ud800", "x" * 10_000])
def test_a_tool_name_that_is_no_text_is_an_unknown_tool_and_its_record_is_storable(bank_ctx, name):
    record = registry.call(bank_ctx, name, {})
    assert record.result["error"]["code"] == "unknown_tool"
    assert "\x00" not in record.name and len(record.name) <= 64
    json.dumps(record.name, ensure_ascii=False).encode("utf-8")  # no lone surrogate left


@pytest.mark.parametrize("reference", ["rcp_\x00", "rcp_a\udc80", "\x00", "rcp_" + "a" * 10_000])
def test_a_reference_with_a_nul_or_lone_surrogate_is_refused_before_any_lookup(bank_ctx, reference):
    result = registry.call(bank_ctx, "send_pix", {"recipient_ref": reference, "amount_cents": 100,
                                                  "scheduled_for": None}).result
    assert result["error"]["code"] == "invalid_reference" and result["error"]["call_first"] == "lookup_pix_key"


@pytest.mark.parametrize(("tool", "arguments"), [
    ("list_pix_history", {"since": "9999-12-31", "until": None}),
    ("list_pix_history", {"since": None, "until": "0001-01-01"}),
    ("send_pix", {"recipient_ref": "rcp_x", "amount_cents": 100, "scheduled_for": "9999-12-31"}),
])
def test_a_date_outside_the_window_is_refused_instead_of_overflowing(bank_ctx, tool, arguments):
    result = registry.call(bank_ctx, tool, arguments).result
    assert result["error"]["code"] == "invalid_argument" and result["error"]["detail"]["code"] == "date_out_of_range"
    assert failure_reason("pt-BR", result["error"], "BRL") == "essa data está fora do período que eu consigo usar"


def test_a_date_inside_the_window_is_used_as_a_date(bank_ctx):
    result = registry.call(bank_ctx, "list_pix_history", {"since": "2026-11-01T10:00:00", "until": None}).result
    assert result["ok"] and result["data"]["since"].startswith("2026-11-01")


@pytest.mark.parametrize(("raw", "code"), [
    ("[1, 2]", "arguments_not_object"), ("42", "arguments_not_object"), ("null", "arguments_not_object"),
    ('{"amount_cents": ' + "9" * 5000 + "}", "arguments_not_json"),
    ('{"a": ' * 3000 + "1" + "}" * 3000, "arguments_too_long"),
    ("[" * 5000 + "]" * 5000, "arguments_not_json"),
    (json.dumps({"key": "x" * 20_000}), "arguments_too_long"),
])
def test_arguments_that_are_no_usable_object_are_refused(bank_ctx, raw, code):
    result = registry.call(bank_ctx, "lookup_pix_key", raw).result
    assert result["error"]["code"] == "invalid_argument" and result["error"]["detail"]["code"] == code


def test_a_refused_oversized_call_is_traced_cut_short(bank_ctx):
    record = registry.call(bank_ctx, "lookup_pix_key", json.dumps({"key": "x" * 20_000}))
    assert len(record.arguments) < 2_100 and record.arguments.endswith("characters)")


@pytest.fixture
def school_ctx(demoschool):
    chat = Chat("ca", customer="376600001")
    ask = chat.say("vull reservar escalada demà a les 9 per a 2").ask
    return ToolContext(conversation_id=ask.conversation_id, ask_id=ask.pk, message_id=chat.last_message.pk,
                       customer_ref="376600001", customer_name="Marta", org_kind="school", language="ca",
                       currency="EUR", time_zone="Europe/Andorra", policy=policy_current(organisation=demoschool),
                       now=timezone.now())


def test_a_booking_reference_passed_as_a_slot_is_refused_not_a_key_error(school_ctx):
    """Before, both were 'slot' references: create_booking read slot['slot_id'] of a booking's payload."""
    bookings = Booking.objects.count()
    booking_ref = reference_issue(kind="booking", conversation_id=school_ctx.conversation_id,
                                  ask_id=school_ctx.ask_id, payload={"booking_id": 1}, issued_by="create_booking",
                                  now=school_ctx.now)
    result = registry.call(school_ctx, "create_booking", {"slot_ref": booking_ref, "party_size": 2}).result
    assert result["error"]["code"] == "invalid_reference" and result["error"]["detail"]["reason"] == "wrong_kind"
    slot = TimeSlot.objects.filter(start__gt=timezone.now()).first()
    slot_ref = reference_issue(kind="slot", conversation_id=school_ctx.conversation_id, ask_id=school_ctx.ask_id,
                               payload={"slot_id": slot.pk}, issued_by="check_availability", now=school_ctx.now)
    paid = registry.call(school_ctx, "send_payment_link", {"booking_ref": slot_ref}).result
    assert paid["error"]["code"] == "invalid_reference" and paid["error"]["detail"]["reason"] == "wrong_kind"
    assert Booking.objects.count() == bookings


def test_a_booking_gives_a_booking_reference_that_pays(school_ctx):
    found = registry.call(school_ctx, "check_availability", {"activity": "escalada", "date": None,
                                                             "party_size": 2}).result
    booked = registry.call(school_ctx, "create_booking", {"slot_ref": found["data"]["slots"][0]["slot_ref"],
                                                          "party_size": 2}).result
    assert booked["ok"] and booked["data"]["booking_ref"].startswith("bkg_")
    link = registry.call(school_ctx, "send_payment_link", {"booking_ref": booked["data"]["booking_ref"]}).result
    assert link["ok"] and "/pay/" in link["data"]["url"]


@pytest.mark.parametrize("arguments", [
    {"activity": None, "date": "9999-12-31", "party_size": None},
    {"activity": None, "date": None, "party_size": 2**63},
    {"activity": "esqu\x00í", "date": None, "party_size": None},
])
def test_availability_arguments_out_of_bounds_are_refused(school_ctx, arguments):
    assert registry.call(school_ctx, "check_availability", arguments).result["error"]["code"] == "invalid_argument"


def test_an_approval_refuses_an_amount_no_organisation_allows(bank_ctx):
    with pytest.raises(ApprovalInvalid):
        approval_request_create(ask_id=bank_ctx.ask_id, conversation_id=bank_ctx.conversation_id, tool="send_pix",
                                arguments={}, preview={"facts": {}, "text": "x"}, risk="money",
                                channel="in_chat_button", amount_cents=10**22, now=timezone.now(),
                                expires_in=bank_ctx.policy.approval_expiry)
    assert not ApprovalRequest.objects.exists()


@pytest.mark.parametrize("amount", [10**15, 10**22, 10**30])
def test_previews_format_any_amount_exactly(amount):
    """babel's rounding raised InvalidOperation past 28 digits; a preview of any amount is text now."""
    text = pix_preview(owner_name="Pedro", masked_document="***.456.789-**", bank_name="Banco", key="k",
                       amount_cents=amount, currency="BRL", when=timezone.now(), scheduled=False, lang="pt-BR",
                       tz="America/Sao_Paulo")["text"]
    assert "R$\xa0" + f"{amount // 100:,}".replace(",", ".") + ",00" in text
    booking = booking_preview(activity="Ski", start=timezone.now(), party_size=2, amount_cents=amount,
                              currency="EUR", slot_id=1, lang="ca", tz="Europe/Andorra")["text"]
    assert "€" in booking


def test_the_poison_message_gets_a_clear_refusal_in_portuguese_and_the_next_message_is_answered(demobank):
    """With the default (builtin) provider: 'manda 100000000000000000000 para <key>' used to abort every turn of
    the chat with `bigint out of range` when the approval was stored."""
    conversation = Conversation(customer="5511999990001")
    poisoned = conversation.say("manda 100000000000000000000 para ana.costa@exemplo.com.br")
    assert poisoned.provider == "builtin" and poisoned.status == "done"
    assert poisoned.reply == "Não foi possível: o valor passa do máximo de R$\xa0100.000.000,00 por pedido."
    send = next(call for call in poisoned.tool_calls if call["name"] == "send_pix")
    assert send["result"]["error"]["detail"]["code"] == "amount_too_large"
    assert not ApprovalRequest.objects.exists() and not PixTransfer.objects.exists()
    ask = Ask.objects.get(pk=poisoned.ask_id)
    assert ask.is_open and ask_slots(ask).get("amount") is None  # held: the amount is cleared, to be asked again
    balance = conversation.say("qual meu saldo?")
    assert balance.reply.startswith("Seu saldo é R$\xa05.000,00")
    assert Message.objects.filter(direction="in", handled_at__isnull=True).count() == 0


def _at_half_past_nine_at_night_in_sao_paulo(ctx: ToolContext) -> ToolContext:
    """The same context at the next 21:30 in São Paulo: already the next day in UTC (and on this machine's clock)."""
    local = ctx.now.astimezone(ZoneInfo(ctx.time_zone))
    evening = local.replace(hour=21, minute=30, second=0, microsecond=0)
    if evening <= local:
        evening += timedelta(days=1)
    return ToolContext(**{**ctx.__dict__, "now": evening.astimezone(UTC)})


@pytest.mark.parametrize("days", [0, -1])
def test_a_pix_scheduled_for_a_day_not_after_today_in_the_banks_zone_is_refused_before_any_preview(bank_ctx, days):
    ctx = _at_half_past_nine_at_night_in_sao_paulo(bank_ctx)
    today = ctx.now.astimezone(ZoneInfo(ctx.time_zone)).date()
    assert ctx.now.date() != today  # the case that broke: the UTC date is already tomorrow's
    pedro = registry.call(ctx, "lookup_pix_key", {"key": None, "contact_name": "Pedro"}).result["data"]["recipient_ref"]
    day = (today + timedelta(days=days)).isoformat()
    result = registry.call(ctx, "send_pix", {"recipient_ref": pedro, "amount_cents": 2000, "scheduled_for": day}).result
    assert result["error"]["code"] == "invalid_argument"
    assert result["error"]["detail"] == {"code": "schedule_invalid", "today": today.isoformat()}
    assert not ApprovalRequest.objects.exists() and not PixTransfer.objects.exists()
    tomorrow = (today + timedelta(days=1)).isoformat()
    scheduled = registry.call(ctx, "send_pix", {"recipient_ref": pedro, "amount_cents": 2000,
                                                "scheduled_for": tomorrow}).result
    assert scheduled["error"]["code"] == "approval_required"  # the day after: the gate shows its preview
    assert ApprovalRequest.objects.get().preview["facts"]["scheduled"] is True
