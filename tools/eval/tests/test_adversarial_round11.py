"""The eleventh blind round of adversarial drafts: its shape (120 drafts, 60 English and 20 in each other language,
four fifths true but one corrected), every case builds a guard input as a corpus turn is built (each output
declaring its service's evidence, priced in its assistant's currency; executed effects with a kind), no draft repeats
an earlier or a held-out one (compared by count only: a failure names no held-out draft), and the verdicts it
expects."""

from collections import Counter

import pytest

from tools.eval import adversarial_round11
from tools.eval.tests.rounds import assert_effects_have_a_kind, repeated_drafts, wrong_verdicts


def test_120_dev_drafts_60_english_four_fifths_true():
    cases = list(adversarial_round11.cases())
    assert len(cases) == 120 and {case.split for case in cases} == {"dev"}
    assert Counter(case.lang for case in cases) == {"en": 60, "pt-BR": 20, "es": 20, "ca": 20}
    assert Counter(case.lang for case in cases if not case.held) == {"en": 48, "pt-BR": 16, "es": 16, "ca": 15}
    assert len({case.name for case in cases}) == 120


def test_every_draft_builds_a_guard_input_as_a_corpus_turn():
    assert_effects_have_a_kind(adversarial_round11.cases())
    assert all(output.evidence is not None for case in adversarial_round11.cases() for output in case.inp.tool_outputs)


def test_money_is_declared_in_the_currency_of_the_drafts_assistant():
    for case in adversarial_round11.cases():
        inp = case.inp
        assert {money.currency for output in inp.tool_outputs for money in output.evidence.money} <= {inp.currency}


def test_a_question_back_has_the_intents_missing_slots():
    questions = [case for case in adversarial_round11.cases() if case.kind == "question"]
    assert questions and all(case.inp.missing_slots for case in questions)


def test_no_draft_repeats_a_held_out_or_an_earlier_draft():
    assert repeated_drafts(adversarial_round11) == 0


# The drafts whose verdict is still wrong, each with its reason (docs/guards.md, the eleventh round). The first run's
# other 12 true drafts held were the round's own context (11 amounts of services declared in USD said in reais or
# euros; one expectation corrected), and its other wrong draft passed is fixed by cause
# (`guards/tests/test_round11_causes.py`).
STILL_WRONG: dict[str, str] = {
    "round11-058 effect en": "a film said to be playing on a TV where none was played: a media play is no effect the "
                             "claims guard reads (\"Us is playing at Regal\" says a showtime), left by design",
}


@pytest.mark.django_db
def test_the_production_guards_give_every_expected_verdict():
    assert wrong_verdicts(adversarial_round11) == sorted(STILL_WRONG)
