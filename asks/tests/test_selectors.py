"""Traces and outcome metrics."""

import io
import json
from datetime import timedelta

from django.core.management import call_command
from django.utils import timezone as dj_timezone

from asks.selectors import ask_outcomes, ask_slots_as_of, ask_trace
from asks.tests.chat import Chat


def test_the_trace_tells_the_ask_in_order_with_its_rules(demobank):
    chat = Chat("pt-BR")
    ask = chat.say("manda 200 pro Pedro").ask
    chat.say("na verdade, é pro João")
    trace = ask_trace(ask)
    kinds = [item["type"] for item in trace]
    assert kinds[0] == "message" and "decision" in kinds and "slot" in kinds and "transition" in kinds
    rules = [item["rule"] for item in trace if item["type"] == "decision"]
    assert rules == ["new_request_without_open_ask", "correction_wording"]
    corrections = [item for item in trace if item["type"] == "slot" and item["action"] == "correct"]
    assert corrections == [{"type": "slot", "slot": "recipient", "action": "correct", "value": "João",
                            "previous": "Pedro", "message": corrections[0]["message"]}]


def test_values_as_of_an_earlier_message_leave_out_later_corrections(demobank):
    chat = Chat("pt-BR")
    ask = chat.say("manda 200 pro Pedro").ask
    first = chat.last_message
    chat.say("na verdade, é pro João")
    assert ask_slots_as_of(ask, first)["recipient"] == "Pedro"
    assert ask_slots_as_of(ask, chat.last_message)["recipient"] == "João"


def test_outcomes_count_by_reason_with_rates(demobank):
    chat = Chat("pt-BR", start=dj_timezone.now())
    done = chat.say("qual meu saldo?").ask
    chat.execute_and_complete(done)
    chat.say("manda 200 pro Pedro")
    chat.say("manda pro João")  # supersedes the Pedro Ask (complete)
    chat.say("cancela")  # cancels the João Ask (incomplete: no amount)
    report = ask_outcomes(since=dj_timezone.now() - timedelta(hours=1), until=dj_timezone.now() + timedelta(hours=1))
    assert (report["total"], report["completed"], report["superseded"], report["cancelled"]) == (3, 1, 1, 1)
    assert report["abandoned_incomplete"] == 1
    assert report["rates"]["completed"] == 33.33


def test_the_outcomes_command_prints_the_report(demobank):
    chat = Chat("pt-BR", start=dj_timezone.now())
    chat.execute_and_complete(chat.say("qual meu saldo?").ask)
    out = io.StringIO()
    call_command("ask_outcomes", "--org", "demobank", "--json", stdout=out)
    report = json.loads(out.getvalue())
    assert report["completed"] >= 1 and report["organisation"] == "demobank"
