"""Acceptance on the SGD train corpus (`settings.SGD_CORPUS_DIR`: ../shared/corpora/sgd, or `MAGIE_SGD_CORPUS`)."""

import json
from io import StringIO

import pytest
from django.conf import settings
from django.core.management import call_command

from guards.calibration import calibrate, dialogue_cases, dialogues, mutate, transactional_intents
from guards.checks.amounts import unsupported_amount
from guards.tests.helpers import deadline

SGD = settings.SGD_CORPUS_DIR
BOOKINGS = SGD / "train-bookings.jsonl.gz"
MONEY = SGD / "train-money.jsonl"
UNTRACEABLE = {("44_00086", 17): "$252", ("59_00033", 9): "$317", ("96_00051", 21): "$209"}


@pytest.fixture(scope="module")
def amounts_on_corpus():
    return calibrate(SGD, only=["unsupported_amount"], with_mutation=True, examples=100)


def test_unsupported_amount_rejects_under_half_a_percent_of_real_system_turns(amounts_on_corpus):
    row = amounts_on_corpus["guards"]["unsupported_amount"]
    assert row["checked"] > 50_000
    assert row["rate"] < 0.005


def test_unsupported_amount_rejects_at_least_99_percent_of_mutated_turns(amounts_on_corpus):
    mutation = amounts_on_corpus["mutation"]
    assert mutation["turns"] > 2000
    assert mutation["rate"] >= 0.99


def test_the_untraceable_booking_amounts_are_among_the_rejections(amounts_on_corpus):
    rejected = {(e["dialogue_id"], e["turn"]) for e in amounts_on_corpus["guards"]["unsupported_amount"]["examples"]}
    assert set(UNTRACEABLE) <= rejected


def test_the_guard_rejects_exactly_those_turns_of_the_corpus_file():
    wanted = {dialogue_id for dialogue_id, _ in UNTRACEABLE}
    transactional = transactional_intents(BOOKINGS)
    found = {}
    for dialogue in dialogues(BOOKINGS):
        if dialogue["dialogue_id"] in wanted:
            for case in dialogue_cases(dialogue, transactional):
                if (case.dialogue_id, case.turn) in UNTRACEABLE:
                    found[(case.dialogue_id, case.turn)] = unsupported_amount(case.inp, deadline())
    assert {key: verdict.evidence for key, verdict in found.items()} == {k: (v,) for k, v in UNTRACEABLE.items()}


def test_a_mutated_turn_carries_a_new_amount_the_guard_rejects():
    transactional = transactional_intents(MONEY)
    dialogue = next(d for d in dialogues(MONEY) if d["dialogue_id"] == "32_00011")
    case = next(c for c in dialogue_cases(dialogue, transactional) if "$5,118.77" in c.inp.draft)
    assert unsupported_amount(case.inp, deadline()).passed
    mutated = mutate(case.inp)
    assert "$35,844.39" in mutated.draft  # 5118.77 × 7 + 13
    assert not unsupported_amount(mutated, deadline()).passed


def test_calibrate_guards_command_prints_every_guard_as_json():
    out = StringIO()
    call_command("calibrate_guards", corpus=str(MONEY), limit=30, json=True, mutate=True, stdout=out)
    result = json.loads(out.getvalue())
    assert set(result["guards"]) >= {"unsupported_amount", "unusable_request", "sold_out_offered"}
    assert result["guards"]["unsupported_amount"]["checked"] == result["system_turns"] > 0
    assert result["mutation"]["turns"] > 0


def test_calibrate_guards_command_prints_a_table():
    out = StringIO()
    call_command("calibrate_guards", corpus=str(MONEY), limit=5, stdout=out)
    assert "effect_claim_without_effect" in out.getvalue() and "p99 ms" in out.getvalue()
