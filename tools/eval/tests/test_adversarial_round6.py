"""The sixth blind round of adversarial drafts: its shape (96 true), no draft that repeats an earlier or a
held-out one (compared by count only: a failure names no held-out draft), and the verdicts it expects."""

from collections import Counter

import pytest

from language.locales import LANGS
from tools.eval import adversarial_round6
from tools.eval.tests.rounds import assert_effects_have_a_kind, repeated_drafts, wrong_verdicts


def test_120_dev_drafts_30_per_language_96_of_them_true():
    cases = list(adversarial_round6.cases())
    assert len(cases) == 120 and {case.split for case in cases} == {"dev"}
    assert Counter(case.lang for case in cases) == {lang: 30 for lang in LANGS}
    assert Counter(case.lang for case in cases if not case.held) == {lang: 24 for lang in LANGS}
    assert len({case.name for case in cases}) == 120
    assert {case.org for case in cases} == {"bank", "school", "store"}


def test_every_draft_builds_a_guard_input_whose_effects_have_a_kind():
    assert_effects_have_a_kind(adversarial_round6.cases())


def test_no_draft_repeats_a_held_out_or_an_earlier_draft():
    assert repeated_drafts(adversarial_round6) == 0


# Wrong drafts the guards still pass (docs/guards.md, the sixth round): none. "r6-056" (three Pix said sent when one
# of the three failed; the statement's "settled" count, 3, holds the one received too) is held since a statement's
# directions are read (`guards/tests/test_directions.py`).
STILL_MISSED: set[str] = set()


@pytest.mark.django_db
def test_the_production_guards_give_every_expected_verdict():
    assert wrong_verdicts(adversarial_round6) == sorted(STILL_MISSED)
