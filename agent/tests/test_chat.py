"""`manage.py chat` against the demo organisations, through the same turn code as WhatsApp."""

import json

from django_tenants.utils import schema_context

from agent.models import Turn
from approvals.models import ApprovalRequest
from bank.models import Account, PixTransfer


def balances() -> list[int]:
    with schema_context("demobank"):
        return sorted(Account.objects.values_list("balance_cents", flat=True))


def test_demobank_in_portuguese_balance_lookup_and_send_pix_stops_at_approval(db, chat):
    before = balances()
    out = chat("demobank", "qual meu saldo?", "manda 200 pro Pedro")
    assert "[2] < Seu saldo é R$\xa05.000,00." in out
    assert "Pedro Henrique Almeida" in out  # the owner's real name, from the directory
    assert "Confirme o Pix" in out and "***." in out and "R$\xa0200,00" in out and "[1] Aprovar" in out
    with schema_context("demobank"):
        assert PixTransfer.objects.count() == 0
        send = [call for turn in Turn.objects.all() for call in turn.tool_calls if call["name"] == "send_pix"]
        assert send and send[0]["result"]["error"]["code"] == "approval_required"
        assert ApprovalRequest.objects.get().status == "pending"
    assert balances() == before


def test_json_output_carries_ask_state_and_slots(db, chat):
    lines = [json.loads(line) for line in chat("demobank", "manda 200 pro Pedro", "na verdade, é pro João",
                                                json=True).splitlines()]
    assert [line["n"] for line in lines] == [2, 4]
    assert lines[1]["slots"] == {"amount": {"amount_cents": 20000, "currency": "BRL"}, "recipient": "João"}
    assert lines[1]["rule"] == "correction_wording" and lines[1]["kind"] == "pix_transfer"


def test_taps_replies_and_waits_drive_the_clock_rules(db, chat):
    out = chat("demobank", "manda 200 pro Pedro", "/wait 70m", "dois centavos", "/tap 1", json=True)
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines[1]["rule"] == "stale_ask_cooled_bare_value" and lines[1]["buttons"]
    assert lines[2]["rule"] == "clarified_as_new_request"
    assert lines[2]["slots"] == {"amount": {"amount_cents": 2, "currency": "BRL"}}


def test_school_and_store_answer_in_their_languages(db, chat):
    school = chat("demoschool", "quins horaris hi ha per escalada?")
    assert "Horaris lliures:" in school and "•" in school  # the demo always has climbing slots ahead
    store = chat("demostore", "¿tienen el iPhone 13?")
    assert "Encontré" in store and "$" in store


def test_reply_and_tap_of_an_older_message_go_through_the_same_paths(db, chat):
    out = chat("demobank", "manda 200 pro Pedro", "cancela", "/tap 1 2", "/reply 2 manda 300", json=True)
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines[1]["rule"] == "customer_cancelled"
    assert lines[2]["rule"] == "stale_confirmation_button"  # the cancelled preview's button does nothing
    assert lines[3]["rule"] == "swipe_reply_resumes_from_quoted_message"  # resumes the Pedro request as quoted
    assert lines[3]["slots"]["recipient"] == "Pedro" and lines[3]["slots"]["amount"]["amount_cents"] == 30000
