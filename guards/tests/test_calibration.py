"""Calibration on the SGD train corpus (`settings.SGD_CORPUS_DIR`: ../shared/corpora/sgd, or `MAGIE_SGD_CORPUS`) and
on corpora of other splits and services."""

import gzip
import json
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from guards.calibration import (
    HELD_OUT_FAMILIES,
    Services,
    amount_mutations,
    calibrate,
    cases,
    claim_mutations,
    dialogue_cases,
    dialogues,
    injected,
    schemas,
)
from guards.calibration_claims import CLAIMS, NON_CLAIMS, announces_effect
from guards.checks.amounts import unsupported_amount
from guards.tests.helpers import deadline

SGD = settings.SGD_CORPUS_DIR
BOOKINGS = SGD / "train-bookings.jsonl.gz"
MONEY = SGD / "train-money.jsonl"
UNTRACEABLE = {("44_00086", 17): "$252", ("59_00033", 9): "$317", ("96_00051", 21): "$209"}


@pytest.fixture(scope="module")
def amounts_on_corpus():
    return calibrate(SGD, only=["unsupported_amount"], with_mutation=True, examples=100)


@pytest.fixture(scope="module")
def claims_on_corpus():
    return calibrate(SGD, only=["effect_claim_without_effect"], with_mutation=True, examples=20)


def test_effect_claims_reject_at_most_a_tenth_of_a_percent_and_catch_995_per_mille_of_mutated_turns(claims_on_corpus):
    row = claims_on_corpus["guards"]["effect_claim_without_effect"]
    assert row["checked"] > 50_000 and row["fp_rate"] <= 0.001
    recall = row["recall"]
    assert set(recall["by_family"]) == {"effect_removed", "claim_dev", "claim_held_out", "claim_blind", "claim_blind_2",
                                       "claim_final"}
    assert recall["rate"] >= 0.995
    for family in ("effect_removed", "claim_dev", "claim_held_out", "claim_blind", "claim_blind_2"):
        assert recall["by_family"][family]["mutated"] > 4_000, family
    assert recall["held_out"]["families"] == sorted(HELD_OUT_FAMILIES) and recall["held_out"]["mutated"] > 2_000
    assert 0 < recall["not_mutated"]["silent"] < 0.05 * recall["by_family"]["effect_removed"]["mutated"]


def test_effect_claims_pass_the_non_claims_added_to_real_turns(claims_on_corpus):
    controls = claims_on_corpus["guards"]["effect_claim_without_effect"]["controls"]
    assert controls["checked"] > 5_000 and controls["rejected"] <= 0.001 * controls["checked"]


def test_a_success_turn_that_says_nothing_of_an_outcome_is_not_mutated():
    assert not announces_effect("The address is 1 Tennis Place, Forest Hills.")
    assert not announces_effect("The cab will be there in 7 minutes.")  # the offer of a ride reads the same
    assert announces_effect("Your reservation has been conifrmed.") and announces_effect("You have a table.")
    silent = next(c for c in cases(BOOKINGS, limit=400) if c.succeeded and not announces_effect(c.inp.draft))
    assert claim_mutations(silent) == []


def test_an_added_sentence_is_a_sentence_of_its_own_in_its_language():
    case = next(c for c in cases(MONEY, limit=20) if c.inp.draft.rstrip()[-1] not in ".!?")
    added = injected(case, CLAIMS["dev"])
    assert added.draft.startswith(case.inp.draft.rstrip() + ". ") and "{" not in added.draft
    assert added.lang in {lang for lang, _ in CLAIMS["dev"]}
    assert {lang for table in (*CLAIMS.values(), NON_CLAIMS) for lang, _ in table} == {"pt-BR", "es", "ca", "en"}


def test_unsupported_amount_rejects_at_most_a_tenth_of_a_percent_of_real_system_turns(amounts_on_corpus):
    row = amounts_on_corpus["guards"]["unsupported_amount"]
    assert row["checked"] > 50_000
    assert row["fp_rate"] <= 0.001


def test_unsupported_amount_rejects_995_per_mille_of_every_mutation_family(amounts_on_corpus):
    recall = amounts_on_corpus["guards"]["unsupported_amount"]["recall"]
    assert recall["mutated"] > 10_000
    assert set(recall["by_family"]) == {"far", "near", "sum", "units", "currency", "identifier"}
    for family, figures in recall["by_family"].items():
        assert figures["mutated"] > 500 and figures["rate"] >= 0.995, family


def test_the_untraceable_booking_amounts_are_among_the_rejections(amounts_on_corpus):
    rejected = {(e["dialogue_id"], e["turn"]) for e in amounts_on_corpus["guards"]["unsupported_amount"]["examples"]}
    assert set(UNTRACEABLE) <= rejected


def test_the_guard_rejects_exactly_those_turns_of_the_corpus_file():
    wanted = {dialogue_id for dialogue_id, _ in UNTRACEABLE}
    services = Services(schemas(BOOKINGS))
    found = {}
    for dialogue in dialogues(BOOKINGS):
        if dialogue["dialogue_id"] in wanted:
            for case in dialogue_cases(dialogue, services):
                if (case.dialogue_id, case.turn) in UNTRACEABLE:
                    found[(case.dialogue_id, case.turn)] = unsupported_amount(case.inp, deadline())
    assert {key: verdict.evidence for key, verdict in found.items()} == {k: (v,) for k, v in UNTRACEABLE.items()}


def test_a_turn_mutated_near_a_listed_price_or_to_a_sum_of_prices_is_rejected():
    services = Services(schemas(MONEY))
    dialogue = next(d for d in dialogues(MONEY) if d["dialogue_id"] == "32_00011")
    case = next(c for c in dialogue_cases(dialogue, services) if "$5,118.77" in c.inp.draft)
    assert unsupported_amount(case.inp, deadline()).passed
    mutated = dict(amount_mutations(case))
    assert "$35,844.39" in mutated["far"].draft  # 5118.77 × 7 + 13
    assert "€5,118.77" in mutated["currency"].draft
    assert "$511,877.00" in mutated["units"].draft
    for family in ("far", "near", "units", "currency"):
        assert not unsupported_amount(mutated[family], deadline()).passed, family


def _write_corpus(folder: Path) -> Path:
    """A dev-split corpus with services the calibration never saw: a payment app and a messaging service."""
    schema = [
        {"service_name": "Payment_9", "slots": [
            {"name": "amount", "description": "The amount of money to send", "is_categorical": False},
            {"name": "receiver", "description": "Name of the contact to send money to", "is_categorical": False},
            {"name": "payment_method", "description": "The source of money", "is_categorical": True},
        ], "intents": [{"name": "MakePayment", "is_transactional": True, "required_slots": ["amount", "receiver"],
                        "optional_slots": {"payment_method": "app balance"}}]},
        {"service_name": "Messaging_9", "slots": [
            {"name": "location", "description": "Address to share", "is_categorical": False},
            {"name": "contact_name", "description": "Name of the contact", "is_categorical": False},
        ], "intents": [{"name": "ShareLocation", "is_transactional": True, "required_slots": ["location", "contact_name"],
                        "optional_slots": {}}]},
    ]
    (folder / "dev-schemas.json").write_text(json.dumps(schema))
    turns = [
        {"turn": 0, "speaker": "USER", "utterance": "Send $116 to Amelia from my debit card."},
        {"turn": 1, "speaker": "SYSTEM", "utterance": "Please confirm: send $116 from your debit card to Amelia.",
         "frames": [{"service": "Payment_9", "actions": [{"act": "CONFIRM", "slot": "amount"}]}]},
        {"turn": 2, "speaker": "USER", "utterance": "Yes."},
        {"turn": 3, "speaker": "SYSTEM", "utterance": "Your payment of $116 has been sent.",
         "frames": [{"service": "Payment_9", "actions": [{"act": "NOTIFY_SUCCESS"}],
                     "service_call": {"method": "MakePayment", "parameters": {"amount": "116", "receiver": "Amelia"}},
                     "service_results": [{"amount": "116", "receiver": "Amelia"}]}]},
        {"turn": 4, "speaker": "USER", "utterance": "Share my location with Raymond."},
        {"turn": 5, "speaker": "SYSTEM", "utterance": "Would you like to share the address of Gochi with Raymond?",
         "frames": [{"service": "Messaging_9", "actions": [{"act": "CONFIRM", "slot": "location"}]}]},
    ]
    dialogue = {"dialogue_id": "dev_1", "split": "dev", "services": ["Payment_9", "Messaging_9"], "turns": turns}
    with gzip.open(folder / "dev-payments.jsonl.gz", "wt", encoding="utf-8") as out:
        out.write(json.dumps(dialogue) + "\n")
    return folder


def test_a_corpus_of_another_split_with_unknown_services_is_read_and_typed(tmp_path):
    corpus = _write_corpus(tmp_path)
    found = list(cases(corpus))
    assert [c.turn for c in found] == [1, 3, 5]
    paid = found[1]
    assert paid.inp.org_kind == "bank"  # a service with a debit amount is a money service
    assert paid.inp.effects_executed == ("make_payment",) and paid.succeeded == ("make_payment",)
    assert {t.name for t in paid.inp.tools_available} == {"make_payment", "share_location"}
    evidence = paid.inp.tool_outputs[0].evidence
    assert [(m.field, m.role, m.unit) for m in evidence.money] == [("amount", "debit", "units")]
    result = calibrate(corpus, with_mutation=True)
    for name in ("unsupported_amount", "unusable_request", "effect_claim_without_effect"):
        assert result["guards"][name]["rejected"] == 0, name  # the ordinary money turns pass
    assert result["guards"]["effect_claim_without_effect"]["recall"]["by_family"]["effect_removed"]["rate"] == 1.0


def test_calibrate_guards_command_prints_every_guard_and_the_corpus_contents_as_json():
    out = StringIO()
    call_command("calibrate_guards", corpus=str(MONEY), limit=30, json=True, mutate=True, stdout=out)
    result = json.loads(out.getvalue())
    assert set(result["guards"]) >= {"unsupported_amount", "unusable_request", "sold_out_offered"}
    row = result["guards"]["unsupported_amount"]
    assert row["checked"] == result["system_turns"] > 0
    assert row["recall"]["mutated"] > 0 and "fp_rate" in row
    assert result["contents"]["services"]["Banks_1"]["money"] == {"balance": "balance", "amount": "debit"}
    assert result["contents"]["splits"] == {"train": 30}


def test_calibrate_guards_command_prints_a_table_and_checks_its_arguments(tmp_path):
    out = StringIO()
    call_command("calibrate_guards", corpus=str(MONEY), limit=5, stdout=out)
    assert "effect_claim_without_effect" in out.getvalue() and "recall" in out.getvalue()
    with pytest.raises(CommandError, match="K/N"):
        call_command("calibrate_guards", corpus=str(MONEY), part="5/4", stdout=out)
    with pytest.raises(CommandError, match="unknown guard"):
        call_command("calibrate_guards", corpus=str(MONEY), guard=["nope"], stdout=out)
    with pytest.raises(CommandError, match="no corpus"):
        call_command("calibrate_guards", corpus=str(tmp_path / "missing"), stdout=out)
