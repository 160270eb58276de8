"""A draft's results are read once for every guard that reads them (`GuardInput.readings`), as `typed` reads them,
and a copy of the input made for another draft reads them anew."""

from dataclasses import replace

from guards.checks.amounts import evidence_of, result_read, slots_read
from guards.contract import GuardInput, ToolOutput
from guards.evidence import Evidence, MoneyEvidence, inferred, typed
from language.money import minor_unit_factor

BALANCE = ToolOutput("get_balance", True, {"balance_cents": 12345, "currency": "BRL"},
                     Evidence(money=(MoneyEvidence("balance_cents", role="balance"),)))
UNDECLARED = ToolOutput("search", True, {"items": [{"name": "iPhone 12", "price": 999}]})


def test_a_result_is_read_once_per_input_as_typed_reads_it():
    inp = GuardInput(draft="Saldo: R$ 123,45", lang="pt-BR", currency="BRL", org_kind="bank",
                     tool_outputs=(BALANCE, UNDECLARED), ask_slots={"amount": {"amount_cents": 500, "currency": "BRL"}})
    for output in inp.tool_outputs:
        first = result_read(inp, output)
        assert first == typed(output.data, evidence_of(output), "BRL", minor_unit_factor)
        assert result_read(inp, output) is first
    slots = dict(inp.ask_slots)
    assert slots_read(inp) == typed(slots, inferred(slots), "BRL", minor_unit_factor)
    assert slots_read(inp) is slots_read(inp)
    copy = replace(inp, draft="another draft")
    assert copy.readings == {} and copy == replace(inp, draft="another draft")
    assert result_read(copy, BALANCE) == result_read(inp, BALANCE)


def test_the_evidence_keeps_which_keys_are_of_one_kind():
    evidence = Evidence(names=("name", "title"), products=("title",), money=(MoneyEvidence("price", unit="units"),))
    assert evidence.single_kinds == {"name": "name", "price": "money"}
    assert evidence.single_kinds is evidence.single_kinds
