"""A guard's explanation and a turn's trace as each reader reads them: a Catalan auditor and a Portuguese agent of the
same bank open the same escalated chat and the same turn's admin page, and each reads their own language, no
English left. What is stored is codes and evidence (no sentence), so nothing of it depends on who wrote it; the
stored JSON is hostile here (markup in the evidence, the drafts, unknown keys) and comes out escaped."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.utils import formats, translation
from django.utils.html import escape
from django_tenants.utils import schema_context

from agent.models import Turn
from agent.tests.helpers import Conversation
from language.money import format_money
from staff.models import StaffProfile
from staff.trace_words import guard_explanation, tool_label
from testing.organisations import signed_in

HOSTILE = "<script>alert('x')</script>"
# The English of the explanations, the trace's labels and the problems: none of it may reach a reader of another
# language (outside the engineers' raw JSON).
ENGLISH = ("The draft", "quoted amounts", "internal terms", "did not finish in time", "held back", "Its explanation",
           "drafts and checks", "tool calls", "succeeded", "milliseconds", "prompt tokens", "read the account balance",
           "budget exceeded", "explanation", "account number", "own_data")  # codes may stand beside the words (<code>), English words not
READERS = [("auditor", "ca"), ("agent", "pt-BR")]  # the inbox's; agents do not read the turns' admin
TRACE_READERS = [("auditor", "ca"), ("admin", "pt-BR")]


def _profile(username: str, language: str) -> None:
    with schema_context("demobank"):
        StaffProfile.objects.update_or_create(user=User.objects.get(username=username),
                                              defaults={"language": language})


def _without_raw_json(page: str) -> str:
    return re.sub(r'<details class="raw-json">.*?</details>', "", page, flags=re.S)


def _english_left(text: str) -> list[str]:
    return [word for word in ENGLISH if word in text]


@pytest.fixture
def escalated(demobank):
    """A chat handed to people by the amount check, with hostile evidence, a later hand-off of the same chat, and
    the English sentence an older escalation kept (which nobody may be shown any more)."""
    from inbox.models import Escalation
    from inbox.tests.helpers import chat_make, escalation_make

    conversation = chat_make()
    escalation = escalation_make(conversation, guard="unsupported_amount",
                                 evidence={"evidence": ["R$ 9.999,00", HOSTILE]},
                                 drafts=["Seu saldo é R$ 9.999,00.", "Seu saldo é R$ 8.888,00."])
    escalation_make(conversation, guard="internal_vocabulary", evidence={"evidence": ["SPB-Core"]}, drafts=[])
    Escalation.objects.filter(pk=escalation.pk).update(reason="The draft quotes amounts found in no result.")
    connection.set_schema_to_public()
    return escalation


@pytest.mark.parametrize(("username", "lang"), READERS)
def test_the_escalated_chat_explains_the_guard_in_the_readers_language(escalated, username, lang):
    _profile(username, lang)
    page = signed_in("demobank", username).get(f"/inbox/{escalated.pk}/").content.decode()
    with translation.override(lang):
        explained = guard_explanation("unsupported_amount", {"evidence": ["R$ 9.999,00", HOSTILE]})
        later = guard_explanation("internal_vocabulary", {"evidence": ["SPB-Core"]})
    reason = re.search(r'<dd class="reason">(.*?)</dd>', page, flags=re.S)
    assert reason is not None
    assert "R$ 9.999,00" in explained and {"ca": "L'esborrany", "pt-BR": "O rascunho"}[lang] in explained
    assert reason.group(1) == escape(explained)
    assert escape(later) in page and "SPB-Core" in later
    assert HOSTILE not in page and "&lt;script&gt;" in page  # the evidence is escaped wherever it is shown
    assert _english_left(page) == []


@pytest.fixture
def traced(demobank):
    """A real turn (the balance, through the built-in agent) whose stored JSON then holds two rejected drafts — a
    finding with hostile evidence and a check that ran out of time —, a hostile draft, a call with a date argument
    and a key no table knows, and a perception with a hostile key."""
    turn = Conversation().say("qual meu saldo?")
    calls = [*turn.tool_calls, {"name": "list_pix_history", "arguments": {"since": "2026-11-01", HOSTILE: HOSTILE},
                                "result": {"ok": True, "data": {"transfers": [], "balance_cents": 123456}},
                                "ms": 1.5, "effect": False, "risk": "own_data", "approval": None}]
    Turn.objects.filter(pk=turn.pk).update(
        tool_calls=calls, drafts=[f"Seu saldo é R$ 9.999,00 {HOSTILE}", "Seu saldo é R$ 8.888,00."],
        guards=[{"passed": False, "total_ms": 3.2, "failures": [
                    {"code": "unsupported_amount", "evidence": ["R$ 9.999,00", HOSTILE]}]},
                {"passed": False, "total_ms": 250.0, "failures": [
                    {"code": "internal_vocabulary", "evidence": [], "guard_problem": "budget_exceeded"}]}],
        perception={**(turn.perception or {}), HOSTILE: HOSTILE}, tokens={"prompt": 812, "completion": 40})
    connection.set_schema_to_public()
    return turn


@pytest.mark.parametrize(("username", "lang"), TRACE_READERS)
def test_the_turn_admin_reads_the_trace_as_rows_in_the_readers_language(traced, username, lang):
    _profile(username, lang)
    response = signed_in("demobank", username).get(f"/admin/agent/turn/{traced.pk}/change/")
    assert response.status_code == 200
    page = response.content.decode()
    rows = _without_raw_json(page)
    with translation.override(lang):
        found = guard_explanation("unsupported_amount", {"evidence": ["R$ 9.999,00", HOSTILE]})
        out_of_time = guard_explanation("internal_vocabulary", {"guard_problem": "budget_exceeded"})
        day = formats.date_format(date(2026, 11, 1), "SHORT_DATE_FORMAT")
        balance_tool, history_tool = tool_label("get_balance"), tool_label("list_pix_history")
    assert escape(found) in rows and escape(out_of_time) in rows
    assert escape(balance_tool) in rows and escape(history_tool) in rows
    assert format_money(123456, "BRL", lang) in rows  # the amount written as the reader writes money
    assert day in rows and "2026-11-01" not in rows  # the date as the reader's locale writes it
    assert _english_left(rows) == []
    # the stored JSON stays for engineers, collapsed and escaped
    raw = re.search(r'<details class="raw-json">(.*?)</details>', page, flags=re.S)
    assert raw is not None and '"guard_problem": "budget_exceeded"' in raw.group(1).replace("&quot;", '"')
    assert "get_balance" in raw.group(1)
    assert HOSTILE not in page and "&lt;script&gt;" in rows and "&lt;script&gt;" in raw.group(1)


def test_a_turn_whose_json_has_unexpected_shapes_still_reads(demobank):
    """Stored JSON of any shape (a string for a call, a list where a dict was, a failure that is a number) gives
    rows, never an error page."""
    turn = Conversation().say("qual meu saldo?")
    Turn.objects.filter(pk=turn.pk).update(tool_calls=["not a call", {"name": 7, "arguments": "{not json"}],
                                           drafts=["a"], guards=[{"passed": False, "failures": [3, None]}, "odd"],
                                           perception=["a", {"x": 1}], tokens={"prompt": "many"})
    connection.set_schema_to_public()
    _profile("auditor", "ca")
    response = signed_in("demobank", "auditor").get(f"/admin/agent/turn/{turn.pk}/change/")
    assert response.status_code == 200 and "{not json" in response.content.decode()


def test_a_list_of_free_times_in_a_call_result_reads_as_tables_in_the_readers_language():
    """A school's availability result nests each free time six tables deep (call → result → data → slots → one
    time): each reads as a table with its fields in words, never a Python dict, never an English key."""
    from agent.admin_trace import tool_call_rows
    from staff.trace_words import AmountWriter

    free = {"end": "2026-12-03T18:00:00+01:00", "start": "2026-12-03T15:00:00+01:00", "activity": "climbing",
            "currency": "EUR", "slot_ref": HOSTILE, "instructor": "Marta Vidal", "places_left": 4,
            "price_cents": 3500, "activity_name": "Escalada"}  # as check_availability stores a free time
    turn = Turn(tool_calls=[{"ms": 10.21, "name": "check_availability", "risk": "none", "effect": False,
                             "result": {"ok": True, "data": {"slots": [free, free]}}, "approval": None,
                             "arguments": {"date": "2026-12-03", "activity": "escalada", "party_size": 2}}])
    with translation.override("ca"):
        shown = str(tool_call_rows(turn, AmountWriter(currency="EUR", language="ca")))
    assert escape("{'") not in shown and "places left" not in shown and "activity name" not in shown
    row = '<th scope="row">{}</th>'.format
    assert shown.count(row("places lliures")) == 2 and shown.count(row(escape("nom de l'activitat"))) == 2
    assert HOSTILE not in shown and escape(HOSTILE) in shown
