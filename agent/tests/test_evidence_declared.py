"""Every field a tool returns is typed for the guards, and the registry refuses to start when one is not."""

from dataclasses import replace

import pytest
from django.utils import timezone

from agent import registry
from agent.tools.base import ToolContext, fields_of
from asks.tests.chat import Chat
from bank.interface import TransferReceipt
from guards.evidence import Evidence, MoneyEvidence
from tenants.selectors import policy_current


def test_the_real_tools_declare_every_guarded_field_they_return():
    assert registry.evidence_problems() == []


def test_a_tool_returning_an_undeclared_field_of_a_guarded_kind_stops_the_start(monkeypatch):
    send_pix = registry.tools_for("bank")["send_pix"]
    forgetful = replace(send_pix, evidence=Evidence(money=(MoneyEvidence("amount_cents", role="debit"),)))
    monkeypatch.setitem(registry.TOOLS_BY_ORG_KIND, "bank", (forgetful,))
    problems = registry.evidence_problems()
    assert any("'owner_name'" in p for p in problems) and any("'end_to_end_id'" in p for p in problems)
    assert not any("'currency'" in p or "'description'" in p for p in problems)  # no guarded kind
    with pytest.raises(registry.UndeclaredEvidence):
        registry.evidence_check()


def test_a_tool_declaring_no_returned_fields_stops_the_start(monkeypatch):
    balance = registry.tools_for("bank")["get_balance"]
    monkeypatch.setitem(registry.TOOLS_BY_ORG_KIND, "bank", (replace(balance, returns=()),))
    assert registry.evidence_problems() == ["bank.get_balance: declares no returned fields"]


def test_fields_of_reads_nested_results():
    fields = fields_of(TransferReceipt, extra=("recipient_ref",))
    assert {"amount_cents", "recipient", "owner_name", "masked_document", "recipient_ref"} <= set(fields)


def _keys(node, maps=frozenset()):
    """The keys of a result at any depth, but those of a declared map of counts (the statement's `counts` by
    direction and status)."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield key
            if key not in maps:
                yield from _keys(value, maps)
    elif isinstance(node, list):
        for value in node:
            yield from _keys(value, maps)


def _ctx(org, kind, lang, currency, zone, text, customer):
    chat = Chat(lang, customer=customer)
    ask = chat.say(text).ask
    return ToolContext(conversation_id=ask.conversation_id, ask_id=ask.pk, message_id=chat.last_message.pk,
                       customer_ref=customer, customer_name="Carla", org_kind=kind, language=lang, currency=currency,
                       time_zone=zone, policy=policy_current(organisation=org), now=timezone.now())


def _returned_within_declared(ctx, kind, name, arguments):
    result = registry.call(ctx, name, arguments).result
    assert result["ok"], result
    tool = registry.tools_for(kind)[name]
    keys = set(_keys(result["data"], frozenset(tool.evidence.quantities)))
    assert keys <= set(tool.returns), (name, keys - set(tool.returns))
    return result["data"]


def test_bank_results_hold_only_declared_fields(demobank):
    ctx = _ctx(demobank, "bank", "pt-BR", "BRL", "America/Sao_Paulo", "manda 200 pro Pedro", "5511999990001")
    _returned_within_declared(ctx, "bank", "get_balance", {})
    _returned_within_declared(ctx, "bank", "lookup_pix_key", {"key": None, "contact_name": "Pedro"})
    _returned_within_declared(ctx, "bank", "list_pix_history", {"since": None, "until": None})


def test_school_and_store_results_hold_only_declared_fields(demoschool):
    ctx = _ctx(demoschool, "school", "ca", "EUR", "Europe/Andorra", "vull reservar escalada demà a les 9 per a 2",
               "376600001")
    data = _returned_within_declared(ctx, "school", "check_availability",
                                     {"activity": None, "date": None, "party_size": 2})
    assert data["slots"]


def test_store_results_hold_only_declared_fields(demostore):
    ctx = _ctx(demostore, "store", "es", "ARS", "America/Argentina/Buenos_Aires", "tenés iphone 13?", "5491100000001")
    data = _returned_within_declared(ctx, "store", "search_catalog",
                                     {"query": "iphone", "capacity_gb": None, "max_price_cents": None})
    assert data["hits"]
