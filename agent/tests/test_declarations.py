"""What the engines' codes mean to the turn is declared once, next to the tool specs; these keep it true."""

from agent.registry import TOOLS_BY_ORG_KIND, completing_tool, failed_slot, refusal_closes
from agent.replies import MESSAGES, NEXT_STEPS, say
from agent.tests.test_replies import LANGS, _engine_codes
from asks.kinds import SLOTS_BY_KIND, kinds_for


def test_every_request_kind_has_exactly_one_completing_tool_of_its_organisation_kind():
    for org_kind in TOOLS_BY_ORG_KIND:
        for kind in kinds_for(org_kind):
            declaring = [t.name for t in TOOLS_BY_ORG_KIND[org_kind] if kind in t.completes]
            assert len(declaring) == 1, (org_kind, kind, declaring)
            assert completing_tool(org_kind, kind) == declaring[0]


def test_every_failed_slot_is_a_slot_of_a_kind_the_tool_serves():
    for org_kind, tools in TOOLS_BY_ORG_KIND.items():
        slots = {slot for kind in kinds_for(org_kind) for slot in SLOTS_BY_KIND[kind]}
        for tool in tools:
            assert set(tool.failed_slots.values()) <= slots, (tool.name, tool.failed_slots)


def test_a_refusal_maps_to_its_slot_only_for_the_tools_that_declare_it():
    assert failed_slot("bank", "send_pix", "insufficient_funds") == "amount"
    assert failed_slot("bank", "send_pix", "slot_taken") is None
    assert failed_slot("school", "create_booking", "slot_taken") == "when"
    assert failed_slot("bank", "no_such_tool", "insufficient_funds") is None
    assert completing_tool("bank", "no_such_kind") is None


def test_every_tool_of_an_engine_knows_that_engines_refusals():
    for org_kind, tools in TOOLS_BY_ORG_KIND.items():
        assert len({tuple(sorted(tool.failed_slots.items())) for tool in tools}) == 1, org_kind
    assert failed_slot("bank", "get_balance", "insufficient_funds") == "amount"
    assert failed_slot("store", "search_catalog", "model_not_quoted") == "device_model"


def test_no_account_at_the_bank_closes_the_request_whichever_bank_tool_met_it():
    assert all(refusal_closes("bank", tool.name, "account_not_found") for tool in TOOLS_BY_ORG_KIND["bank"])
    assert not refusal_closes("bank", "send_pix", "insufficient_funds")  # a slot's: another amount can pass
    assert not refusal_closes("bank", "lookup_pix_key", "lookup_budget_exceeded")  # it passes: try later
    assert not refusal_closes("school", "create_booking", "slot_taken")
    assert not refusal_closes("school", "check_availability", "account_not_found")  # not the booking engine's
    assert not refusal_closes("bank", "no_such_tool", "account_not_found")
    assert not refusal_closes("bank", "get_balance", None)


def test_a_pix_to_ones_own_account_closes_the_request_whichever_bank_tool_met_it():
    assert all(refusal_closes("bank", tool.name, "same_account") for tool in TOOLS_BY_ORG_KIND["bank"])
    assert not refusal_closes("bank", "lookup_pix_key", "key_not_found")  # a slot's: another key can pass
    assert not refusal_closes("bank", "send_pix", "schedule_invalid")  # another date can pass


def test_a_refusal_either_closes_the_request_or_names_a_slot_never_both():
    for org_kind, tools in TOOLS_BY_ORG_KIND.items():
        assert len({tool.closes_ask for tool in tools}) == 1, org_kind  # the engine's, whichever tool called it
        for tool in tools:
            assert not tool.closes_ask & set(tool.failed_slots), (tool.name, tool.closes_ask)


def test_every_refusal_that_closes_a_request_is_an_engine_code_with_a_next_step_in_every_language():
    closing = {code for tools in TOOLS_BY_ORG_KIND.values() for tool in tools for code in tool.closes_ask}
    assert closing == {"account_not_found", "same_account", "booking_not_changeable", "booking_not_cancellable",
                       "transfer_not_changeable", "transfer_not_cancellable"}
    assert closing <= _engine_codes()
    for code in closing:
        assert NEXT_STEPS[code] in MESSAGES, code
        english = say("en", NEXT_STEPS[code])
        for lang in LANGS:
            worded = say(lang, NEXT_STEPS[code])
            assert code not in worded and (lang == "en" or worded != english), (lang, worded)
