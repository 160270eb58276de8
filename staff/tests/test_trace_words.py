"""Every code an Ask's history can hold has staff words in the four languages: the decision engine's actions and
rules, the turn's and the continuation's rules, each organisation kind's tools, the failure codes of the engines,
the registry and the gate, the fields of tool arguments, perceptions and previews. The codes are read from where
the system declares them (asks.decide, agent.tools.*, the engines' errors modules, the sources that pass a rule),
so a tool, a rule or an error added later without words fails here."""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path

import pytest
from django.utils import timezone, translation

from agent.registry import TOOLS_BY_ORG_KIND
from agent.tools.base import FAILURE_KIND
from asks.decide import Action
from asks.kinds import SLOTS_BY_KIND
from asks.perception.contract import MoneySlot, Perception, PixKeySlot, RequestKind, Slots
from guards.contract import PROBLEMS
from language.markers import Marker
from magie.choices import ApprovalChannel
from magie.errors import DomainError
from staff import trace_words
from staff.stored_words import ASK_KINDS, SLOTS, ask_kind_label, slot_label

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("pt-br", "es", "ca")
ERROR_MODULES = ("bank.errors", "booking.errors", "store.errors", "approvals.errors", "magie.errors")
RULE_SOURCES = ("asks", "agent", "approvals", "inbox", "whatsapp")  # the code that passes a rule to asks.services
# Words a language may share with English (Portuguese's "link", Catalan's "document" and "arguments", Spanish's "stock"
# and "error").
SAME_IN_EVERY_LANGUAGE = {"total", "link", "Pix", "CPF", "CNPJ", "E-mail", "document", "stock", "arguments", "error"}


def _sources(*packages: str) -> Iterator[tuple[Path, ast.Module]]:
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "tests" not in path.parts and "migrations" not in path.parts:
                yield path, ast.parse(path.read_text())


def _strings(node: ast.AST) -> set[str]:
    """The strings an expression can be: a constant, either side of `"a" if x else "b"`."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _strings(node.body) | _strings(node.orelse)
    return set()


def decide_rules() -> set[str]:
    """The rules of asks.decide: its contract table's last column, and every rule its code passes to Decision."""
    module = import_module("asks.decide")
    table = {rule.strip() for line in (module.__doc__ or "").splitlines() if re.match(r"^\| [A-Z]\d+ \|", line)
             for rule in line.rstrip(" |").rsplit("|", 1)[1].split("/")}
    code = set()
    for node in ast.walk(ast.parse(inspect.getsource(module))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Decision" and len(node.args) > 1:
            code |= _strings(node.args[1])
        if isinstance(node, ast.Assign) and any(getattr(target, "id", None) == "rule" for target in node.targets):
            code |= _strings(node.value)
    return table | code


def passed_rules() -> tuple[set[str], set[str]]:
    """Rules written outside asks.decide: `rule=`/`start_rule=` and a pix code's `refusal=` (a turn's rule), their
    defaults, the rule argument of `_transition`, the silent kinds' rules; and the f-string ones as patterns."""
    from agent.turn.steps import SILENT_KINDS

    rules, patterns = set(SILENT_KINDS.values()), set()
    for _path, tree in _sources(*RULE_SOURCES):
        for node in ast.walk(tree):
            if isinstance(node, ast.keyword) and node.arg in ("rule", "start_rule", "refusal"):
                if isinstance(node.value, ast.JoinedStr):
                    patterns.add(ast.unparse(node.value))
                else:
                    rules |= _strings(node.value)
            if isinstance(node, ast.arguments):
                for argument, default in zip(node.kwonlyargs, node.kw_defaults, strict=True):
                    if argument.arg in ("rule", "start_rule") and default is not None:
                        rules |= _strings(default)
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "_transition" and len(node.args) > 2:
                rules |= _strings(node.args[2])
    return rules - {""}, patterns


def tool_names() -> set[str]:
    return {tool.name for tools in TOOLS_BY_ORG_KIND.values() for tool in tools}


def failure_codes() -> set[str]:
    """The engines' (and the approvals' and platform's) DomainError codes, the kinds the model is told, and the
    codes the agent writes itself: a ToolFailure's, an error dict's `"code"`, an Ask's failure `code=`."""
    codes = set(FAILURE_KIND.values())
    for name in ERROR_MODULES:
        module = import_module(name)
        codes |= {error.code for _, error in inspect.getmembers(module, inspect.isclass)
                  if issubclass(error, DomainError) and error.__module__ == name}
    for _path, tree in _sources("agent", "approvals"):
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ToolFailure" and node.args:
                codes |= _strings(node.args[0])
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if isinstance(key, ast.Constant) and key.value == "code":
                        codes |= _strings(value)
            if isinstance(node, ast.keyword) and node.arg == "code":
                codes |= _strings(node.value)
    from agent.registry import BOUNDS
    from agent.turn.failure import error_code

    codes |= set(BOUNDS) | {error_code(RuntimeError()), error_code(_database_error())}
    return codes - {""}


def _database_error():
    from django.db import DatabaseError

    return DatabaseError()


def record_keys() -> set[str]:
    """The fields the trace's tables show whatever the data: tool arguments, the perception, preview facts."""
    keys = {name for tools in TOOLS_BY_ORG_KIND.values() for tool in tools for name in tool.args.model_fields}
    for model in (Perception, Slots, MoneySlot, PixKeySlot):
        keys |= set(model.model_fields)
    for node in ast.walk(ast.parse((ROOT / "approvals" / "previews.py").read_text())):  # facts = {...}; facts[k] = …
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            if getattr(target, "id", None) == "facts" and isinstance(node.value, ast.Dict):
                keys |= {word for key in node.value.keys if key is not None for word in _strings(key)}
            if isinstance(target, ast.Subscript) and getattr(target.value, "id", None) == "facts":
                keys |= _strings(target.slice)
    return keys


def escalation_reasons() -> set[str]:
    """Why a chat goes to people: each guard the policy can enable, the reasons passed as `guard=` to
    `escalation_open` where the system opens one, and those the back office names (staff.labels)."""
    from magie.choices import GUARD_NAMES
    from staff.labels import ESCALATION_REASONS

    passed = set()
    for _path, tree in _sources("agent", "whatsapp", "inbox"):
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "escalation_open":
                passed |= {word for keyword in node.keywords if keyword.arg == "guard"
                           for word in _strings(keyword.value)}
    return set(GUARD_NAMES) | set(ESCALATION_REASONS) | passed


def escalation_fields() -> set[str]:
    """The fields of what a guard's failure and an escalation keep (`GuardVerdict.note`, the `evidence=` dicts
    passed to `escalation_open`) and of a turn's rows on its admin page (a call's fields, its result's, tokens')."""
    from agent.admin_trace import CALL_FIELDS
    from guards.contract import GuardVerdict

    keys = set(GuardVerdict.fail("g", "", ("x",)).note()) | set(GuardVerdict.budget_exceeded("g").note())
    for _path, tree in _sources("agent", "whatsapp"):
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "escalation_open":
                for keyword in node.keywords:
                    if keyword.arg == "evidence" and isinstance(keyword.value, ast.Dict):
                        keys |= {word for key in keyword.value.keys if key is not None for word in _strings(key)}
    return keys | set(CALL_FIELDS) | {"ok", "data", "error", "prompt", "completion"}


def _explained(code: str) -> str:
    return trace_words.guard_explanation(code, {"evidence": ["X"]})


def _problem_explained(problem: str) -> str:
    return trace_words.guard_explanation("unsupported_amount", {"guard_problem": problem})


def test_the_sources_yield_the_codes_the_labels_are_checked_against():
    # what the walks below compare with: the system's real lists, not an empty set that would pass anything
    assert {"new_request_without_open_ask", "button_confirms", "fills_missing_slots"} <= decide_rules()
    assert len(decide_rules()) >= 30
    rules, patterns = passed_rules()
    assert {"preview_shown", "approval_declined", "tool_failure_holds", "deletion_recorded", "pix_code_damaged"} <= rules
    assert patterns == {"f'approved_via_{request.decision_channel}'", "f'{request.tool}_succeeded'",
                        "f'{completing}_succeeded'"}
    assert {"send_pix", "create_booking", "quote_used_device"} <= tool_names()
    assert {"slot_taken", "insufficient_funds", "approval_required", "ask_moved_on", "arguments_not_json",
            "amount_too_large", "unexpected_error", "database_error", "conflict"} <= failure_codes()
    assert {"amount_cents", "recipient_ref", "request_kind", "markers", "masked_document"} <= record_keys()
    assert {"unsupported_amount", "payment_dispute", "turn_failed", "delivery_failed"} <= escalation_reasons()
    assert {"guard_problem", "evidence", "traceback_hash", "count", "delivery_id", "attempts", "ms"} <= escalation_fields()


def _problems(label_of, tables: tuple[dict, ...], code: str) -> list[str]:
    """The code is in one of its tables, and `label_of(code)` in each other language is that language's words (not
    the English msgid left untranslated)."""
    if not any(code in table for table in tables):
        return [f"{code}: no words"]
    with translation.override("en"):
        english = label_of(code)
    problems = []
    for lang in LANGS:
        with translation.override(lang):
            words = label_of(code)
        if words == english and english not in SAME_IN_EVERY_LANGUAGE:
            problems.append(f"{code}: not translated to {lang}")
    return problems


CASES = {
    "decision": (trace_words.decision_label, (trace_words.DECISIONS,), lambda: {action.value for action in Action}),
    "decision rule": (trace_words.rule_label, (trace_words.RULES,), decide_rules),
    "turn rule": (trace_words.rule_label, (trace_words.RULES,), lambda: passed_rules()[0]),
    "tool": (trace_words.tool_label, (trace_words.TOOLS,), tool_names),
    "failure": (trace_words.failure_label, (trace_words.FAILURES,), failure_codes),
    "slot": (slot_label, (SLOTS,), lambda: {slot for slots in SLOTS_BY_KIND.values() for slot in slots}),
    "record field": (trace_words.key_label, (trace_words.KEYS, SLOTS, trace_words.RECORD_FIELDS), record_keys),
    "request kind": (ask_kind_label, (ASK_KINDS,), lambda: set(RequestKind.__args__)),  # type: ignore[attr-defined]
    "marker": (trace_words.marker_label, (trace_words.MARKERS,), lambda: set(Marker.__args__)),  # type: ignore[attr-defined]
    "guard explanation": (_explained, (trace_words.GUARD_EXPLANATIONS,), escalation_reasons),
    "guard problem": (_problem_explained, (trace_words.GUARD_PROBLEMS,), lambda: set(PROBLEMS)),
    "guard problem value": (lambda code: trace_words.value_label("guard_problem", code, None),  # type: ignore[arg-type]
                            (trace_words.PROBLEM_WORDS,), lambda: set(PROBLEMS)),
    "escalation and turn field": (trace_words.key_label, (trace_words.KEYS, SLOTS, trace_words.RECORD_FIELDS), escalation_fields),
}


@pytest.mark.parametrize("case", CASES)
def test_every_code_the_system_can_produce_has_staff_words_in_every_language(case):
    label_of, tables, codes = CASES[case]
    problems = [problem for code in sorted(codes()) for problem in _problems(label_of, tables, code)]
    assert not problems, problems


def test_the_rules_made_of_a_channel_or_a_tool_name_them_in_staff_words():
    with translation.override("pt-br"):
        for channel in ApprovalChannel.values:
            assert channel not in trace_words.rule_label(f"approved_via_{channel}")
        for tool in tool_names():
            worded = trace_words.rule_label(f"{tool}_succeeded")
            assert tool not in worded and trace_words.tool_label(tool) in worded


def test_an_unknown_code_reads_as_words_and_a_text_as_it_is():
    with translation.override("pt-br"):
        assert trace_words.tool_label("send_refund") == "send refund"
        assert trace_words.rule_label("a_rule_added_later") == "a rule added later"
        assert trace_words.failure_label("database_23505") == "um erro do banco de dados (23505)"
        assert trace_words.failure_label("Connection reset by peer") == "Connection reset by peer"


def test_a_record_table_names_its_fields_and_writes_money_and_times_for_the_organisation():
    money = trace_words.AmountWriter(currency="BRL", language="pt-BR")
    result = {"code": "approval_required", "message": "send_pix waits for the customer's approval (money)",
              "detail": {"channel": "in_chat_button", "expires_at": "2026-12-01T20:35:10+00:00", "amount_cents": 20000}}
    with translation.override("pt-br"), timezone.override("America/Sao_Paulo"):
        table = trace_words.record_table(result, money)
    assert table == {"motivo": "aguarda a aprovação do cliente",
                     "detalhes": {"canal": "Botão na conversa", "expira em": "01/12/2026 17:35",
                                  "valor": "R$\xa0200,00"}}


def test_a_guards_explanation_is_worded_from_its_codes_whatever_the_stored_shape():
    """The evidence quoted (at most eight), a problem by its code or by the marker an older trace kept, the reasons
    that are no guard with their own parameters; an unknown code names the check; odd shapes never raise."""
    with translation.override("pt-br"):
        assert trace_words.guard_explanation("internal_vocabulary", {"evidence": ["SPB-Core"]}) == (
            "O rascunho usou termos internos que o cliente não deve ver: «SPB-Core».")
        many = trace_words.guard_explanation("unsupported_amount", [str(n) for n in range(10)])
        assert "«7»" in many and "«8»" not in many and many.endswith(" ….")
        timed_out = trace_words.guard_explanation("unsupported_amount", {"guard_problem": "budget_exceeded"})
        assert timed_out == trace_words.guard_explanation("unsupported_amount", {"evidence": ["budget exceeded"]})
        assert "não terminou a tempo" in timed_out and "Valores sem dados que os sustentem" in timed_out
        assert "um erro inesperado" in trace_words.guard_explanation(
            "turn_failed", {"count": 3, "error_code": "unexpected_error"})
        assert "(Invalid parameter, 100)" in trace_words.guard_explanation(
            "delivery_failed", {"error": "Invalid parameter", "error_code": 100})
        assert trace_words.guard_explanation("a_check_added_later", {"evidence": ["x"]}) == (
            "A verificação “a_check_added_later” reteve o rascunho: «x».")
        for shape in (None, "text", 7, [None, {"a": 1}], {"evidence": "one"}, {"evidence": {"a": 1}},
                      {"guard_problem": ["odd"]}):
            assert trace_words.guard_explanation("unsupported_amount", shape)
            assert trace_words.guard_explanation(None, shape)
