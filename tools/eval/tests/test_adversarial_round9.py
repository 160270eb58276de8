"""The ninth blind round of adversarial drafts (SGD-like services the demo does not have): its shape (95 true), no
draft that repeats an earlier or a held-out one (compared by count only: a failure names no held-out draft), inputs
whose effects have a kind, and the verdicts it expects."""

from collections import Counter

import pytest

from guards.contract import GuardInput
from language.locales import LANGS
from tools.eval import (
    adversarial,
    adversarial_held_out2,
    adversarial_round3,
    adversarial_round4,
    adversarial_round5,
    adversarial_round6,
    adversarial_round7,
    adversarial_round8,
    adversarial_round9,
)


def test_120_dev_drafts_30_per_language_95_of_them_true():
    cases = list(adversarial_round9.cases())
    assert len(cases) == 120 and {case.split for case in cases} == {"dev"}
    assert Counter(case.lang for case in cases) == {lang: 30 for lang in LANGS}
    # 24 true per language as written; one Catalan expectation corrected after the first run (an airport's name no
    # result gave: the guard was right)
    assert Counter(case.lang for case in cases if not case.held) == {**{lang: 24 for lang in LANGS}, "ca": 23}
    assert len({case.name for case in cases}) == 120


def test_every_draft_builds_a_guard_input_whose_effects_have_a_kind():
    for case in adversarial_round9.cases():
        inp = case.inp
        assert isinstance(inp, GuardInput)
        assert set(inp.effects_executed) <= set(inp.effect_kinds)
        assert {output.tool for output in inp.tool_outputs if output.ok and output.tool in inp.effect_kinds} \
            == set(inp.effects_executed)
        assert all(output.evidence is not None for output in inp.tool_outputs)


def test_no_draft_repeats_a_held_out_or_an_earlier_draft():
    earlier = {case.draft for module in (adversarial, adversarial_round3, adversarial_round4, adversarial_round5,
                                         adversarial_round6, adversarial_round7, adversarial_round8,
                                         adversarial_held_out2) for case in module.cases()}
    repeated = sum(case.draft in earlier for case in adversarial_round9.cases())
    assert repeated == 0


# The drafts whose verdict is still wrong, each with its reason (docs/guards.md, the ninth round): wrong drafts that
# pass because a fact is checked against the turn's facts of its kind, not against the record it belongs to. A
# clause mixing two records of one list is held since rec29m (round9-024, round9-114); what is left is one record's
# own fields told apart (a departure's day, a stay's nights) and a Catalan "7.30" not read as a time.
STILL_WRONG: dict[str, str] = {
    "round9-025 date pt-BR": "the departure's weekday said with the arrival's time: both are the flight's",
    "round9-027 count pt-BR": "three rooms after a stay of three nights for two rooms: counts are not told by noun",
    "round9-084 name ca": "a label moved to another event's time, said \"a les 7.30\": a dotted hour is no time read",
}


@pytest.mark.django_db
def test_the_production_guards_give_every_expected_verdict():
    from tools.eval.guards import Run

    run = Run(0)
    for case in adversarial_round9.cases():  # a first call loads each language's dictionaries past the CPU budget
        run.held(case.inp)
    wrong = [case.name for case in adversarial_round9.cases() if bool(run.held(case.inp)) != case.held]
    assert wrong == sorted(STILL_WRONG)
