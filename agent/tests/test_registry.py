"""Every model-proposed call passes the registry: bad calls get structured errors, nothing runs, nothing crashes."""

from datetime import timedelta

import pytest
from django.utils import timezone

from agent import registry
from agent.references import reference_issue
from agent.tools.base import ToolContext
from asks.tests.chat import Chat
from bank.models import Account, PixTransfer
from tenants.selectors import policy_current


@pytest.fixture
def bank_ctx(demobank):
    chat = Chat("pt-BR")
    ask = chat.say("manda 200 pro Pedro").ask
    policy = policy_current(organisation=demobank)
    return ToolContext(conversation_id=ask.conversation_id, ask_id=ask.pk, message_id=chat.last_message.pk,
                       customer_ref="5511999990001", customer_name="Carla", org_kind="bank", language="pt-BR",
                       currency="BRL", time_zone="America/Sao_Paulo", policy=policy, now=timezone.now())


def nothing_moved(before: list[int]) -> bool:
    return PixTransfer.objects.count() == 0 and list(Account.objects.order_by("pk").values_list(
        "balance_cents", flat=True)) == before


def balances() -> list[int]:
    return list(Account.objects.order_by("pk").values_list("balance_cents", flat=True))


def test_an_invented_recipient_reference_is_refused_naming_the_tool_to_call(bank_ctx):
    before = balances()
    result = registry.call(bank_ctx, "send_pix", {"recipient_ref": "rcp_made-up", "amount_cents": 100,
                                                  "scheduled_for": None}).result
    assert result["ok"] is False
    assert result["error"]["code"] == "invalid_reference" and result["error"]["call_first"] == "lookup_pix_key"
    assert nothing_moved(before)


def test_an_expired_or_foreign_reference_is_refused(bank_ctx):
    expired = reference_issue(kind="recipient", conversation_id=bank_ctx.conversation_id, ask_id=bank_ctx.ask_id,
                              payload={"key": "x"}, issued_by="test", now=timezone.now() - timedelta(hours=1))
    other = Chat("pt-BR", customer="5511988887777").say("manda 10 pra Ana").ask  # another customer's Ask
    foreign = reference_issue(kind="recipient", conversation_id=other.conversation_id, ask_id=other.pk,
                              payload={"key": "x"}, issued_by="test", now=timezone.now())
    for token, reason in ((expired, "expired"), (foreign, "foreign")):
        result = registry.call(bank_ctx, "send_pix", {"recipient_ref": token, "amount_cents": 100,
                                                      "scheduled_for": None}).result
        assert result["error"]["code"] == "invalid_reference" and result["error"]["detail"]["reason"] == reason


def test_an_invented_slot_reference_is_refused(demoschool):
    chat = Chat("ca", customer="376600001")
    ask = chat.say("vull reservar escalada demà a les 9 per a 2").ask
    ctx = ToolContext(conversation_id=ask.conversation_id, ask_id=ask.pk, message_id=chat.last_message.pk,
                      customer_ref="376600001", customer_name="Marta", org_kind="school", language="ca",
                      currency="EUR", time_zone="Europe/Andorra", policy=policy_current(organisation=demoschool),
                      now=timezone.now())
    result = registry.call(ctx, "create_booking", {"slot_ref": "slt_invented", "party_size": 2}).result
    assert result["error"]["code"] == "invalid_reference" and result["error"]["call_first"] == "check_availability"


@pytest.mark.parametrize("raw", ['{"recipient_ref": ', "not json at all", "[1, 2"])
def test_malformed_json_arguments_are_an_invalid_argument(bank_ctx, raw):
    result = registry.call(bank_ctx, "send_pix", raw).result
    assert result["error"]["code"] == "invalid_argument" and "JSON" in result["error"]["message"]


def test_extra_or_missing_fields_break_the_strict_schema(bank_ctx):
    result = registry.call(bank_ctx, "send_pix", {"recipient_ref": "r", "amount_cents": 1, "scheduled_for": None,
                                                  "account": "123"}).result
    assert result["error"]["code"] == "invalid_argument"
    assert any(f["field"] == "account" for f in result["error"]["detail"]["fields"])
    missing = registry.call(bank_ctx, "send_pix", {"recipient_ref": "rcp_unknown"}).result
    assert {f["field"] for f in missing["error"]["detail"]["fields"]} == {"amount_cents", "scheduled_for"}


def test_an_unknown_tool_name_is_refused_with_the_available_ones(bank_ctx):
    result = registry.call(bank_ctx, "transfer_all_money", {}).result
    assert result["error"]["code"] == "unknown_tool"
    assert result["error"]["detail"]["available"] == ["cancel_scheduled_pix", "change_scheduled_pix", "get_balance",
                                                      "list_pix_history", "lookup_pix_key", "scheduled_pix",
                                                      "send_pix"]


def test_a_tool_of_another_organisation_kind_does_not_exist_here(bank_ctx):
    assert registry.call(bank_ctx, "create_booking", {"slot_ref": "x", "party_size": 1}).result["error"]["code"] == (
        "unknown_tool"
    )


def test_a_gated_tool_returns_approval_required_and_does_not_execute(bank_ctx):
    before = balances()
    looked = registry.call(bank_ctx, "lookup_pix_key", {"key": None, "contact_name": "Pedro"}).result
    assert looked["ok"] and looked["data"]["owner_name"] == "Pedro Henrique Almeida"
    result = registry.call(bank_ctx, "send_pix", {"recipient_ref": looked["data"]["recipient_ref"],
                                                  "amount_cents": 20000, "scheduled_for": None}).result
    assert result["error"]["code"] == "approval_required"
    assert nothing_moved(before)


def test_engine_refusals_come_back_typed(bank_ctx):
    result = registry.call(bank_ctx, "lookup_pix_key", {"key": None, "contact_name": "Zebedeu"}).result
    assert result["error"]["code"] == "not_found" and result["error"]["detail"]["code"] == "contact_not_found"


def test_every_tool_schema_is_strict():
    def strict(node):
        if isinstance(node, dict):
            if node.get("type") == "object" or "properties" in node:
                assert node.get("additionalProperties") is False
                assert set(node.get("required", [])) == set(node.get("properties", {}))
            for value in node.values():
                strict(value)
        elif isinstance(node, list):
            for value in node:
                strict(value)

    for kind in ("bank", "school", "store"):
        for schema in registry.tool_schemas(kind):
            assert schema["function"]["strict"] is True
            strict(schema["function"]["parameters"])
