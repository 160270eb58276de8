"""The sixth blind round of adversarial drafts: its shape (96 true), no draft that repeats an earlier or a
held-out one (compared by count only: a failure names no held-out draft), and the verdicts it expects."""

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
)


def test_120_dev_drafts_30_per_language_96_of_them_true():
    cases = list(adversarial_round6.cases())
    assert len(cases) == 120 and {case.split for case in cases} == {"dev"}
    assert Counter(case.lang for case in cases) == {lang: 30 for lang in LANGS}
    assert Counter(case.lang for case in cases if not case.held) == {lang: 24 for lang in LANGS}
    assert len({case.name for case in cases}) == 120
    assert {case.org for case in cases} == {"bank", "school", "store"}


def test_every_draft_builds_a_guard_input_whose_effects_have_a_kind():
    for case in adversarial_round6.cases():
        inp = case.inp
        assert isinstance(inp, GuardInput)
        assert set(inp.effects_executed) <= set(inp.effect_kinds)
        # a failed call is no effect executed
        assert all(output.tool in inp.effects_executed for output in inp.tool_outputs
                   if output.ok and output.tool in {"send_pix", "create_booking", "change_scheduled_pix"})


def test_no_draft_repeats_a_held_out_or_an_earlier_draft():
    earlier = {case.draft for case in adversarial.cases()} | {case.draft for case in adversarial_round3.cases()} \
        | {case.draft for case in adversarial_round4.cases()} | {case.draft for case in adversarial_round5.cases()} \
        | {case.draft for case in adversarial_held_out2.cases()}
    repeated = sum(case.draft in earlier for case in adversarial_round6.cases())
    assert repeated == 0


# Wrong drafts the guards still pass (docs/guards.md, the sixth round): none. "r6-056" (three Pix said sent when one
# of the three failed; the statement's "settled" count, 3, holds the one received too) is held since a statement's
# directions are read (`guards/tests/test_directions.py`).
STILL_MISSED: set[str] = set()


@pytest.mark.django_db
def test_the_production_guards_give_every_expected_verdict():
    from tools.eval.guards import Run

    run = Run(0)
    for case in adversarial_round6.cases():  # a first call loads each language's dictionaries past the CPU budget
        run.held(case.inp)
    wrong = [case.name for case in adversarial_round6.cases() if bool(run.held(case.inp)) != case.held]
    assert wrong == sorted(STILL_MISSED)
