"""What the engines' codes mean to the turn is declared once, next to the tool specs; these keep it true."""

from agent.registry import TOOLS_BY_ORG_KIND, completing_tool, failed_slot
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
