"""The tenth blind round of adversarial drafts: its shape (80 drafts, 20 per language, 60 true), every case builds
a guard input whose executed effects have a kind, and no draft repeats an earlier or a held-out one (compared by
count only: a failure names no held-out draft), and the verdicts it expects."""

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
    adversarial_round10,
)


def test_80_dev_drafts_20_per_language_60_of_them_true():
    cases = list(adversarial_round10.cases())
    assert len(cases) == 80 and {case.split for case in cases} == {"dev"}
    assert Counter(case.lang for case in cases) == {lang: 20 for lang in LANGS}
    assert Counter(case.lang for case in cases if not case.held) == {lang: 15 for lang in LANGS}
    assert len({case.name for case in cases}) == 80
    assert {case.org for case in cases} == {"bank", "school", "store"}


def test_every_draft_builds_a_guard_input_whose_effects_have_a_kind():
    for case in adversarial_round10.cases():
        inp = case.inp
        assert isinstance(inp, GuardInput)
        assert set(inp.effects_executed) <= set(inp.effect_kinds)
        assert {output.tool for output in inp.tool_outputs if output.ok and output.tool in inp.effect_kinds} \
            == set(inp.effects_executed)


def test_no_draft_repeats_a_held_out_or_an_earlier_draft():
    earlier = {case.draft for module in (adversarial, adversarial_round3, adversarial_round4, adversarial_round5,
                                         adversarial_round6, adversarial_round7, adversarial_round8,
                                         adversarial_held_out2) for case in module.cases()}
    repeated = sum(case.draft in earlier for case in adversarial_round10.cases())
    assert repeated == 0


# The drafts whose verdict is still wrong, each with its reason (docs/guards.md, the tenth round). The first run's
# other 6 true drafts held and 1 wrong one passed are fixed by cause (`guards/tests/test_round10_causes.py`).
STILL_WRONG: dict[str, str] = {
    "round10-053 count_words ca": "a label and its colon joined to the number after it as one name (\"Pressupost: "
                                  "dos iPhone 13\", \"dos\" read as the Portuguese connector): the name-labels work",
}


@pytest.mark.django_db
def test_the_production_guards_give_every_expected_verdict():
    from tools.eval.guards import Run

    run = Run(0)
    for case in adversarial_round10.cases():  # a first call loads each language's dictionaries past the CPU budget
        run.held(case.inp)
    wrong = [case.name for case in adversarial_round10.cases() if bool(run.held(case.inp)) != case.held]
    assert wrong == sorted(STILL_WRONG)
