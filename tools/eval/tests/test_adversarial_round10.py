"""The tenth blind round of adversarial drafts: its shape (80 drafts, 20 per language, 60 true), every case builds
a guard input whose executed effects have a kind, and no draft repeats an earlier or a held-out one (compared by
count only: a failure names no held-out draft), and the verdicts it expects."""

from collections import Counter

import pytest

from language.locales import LANGS
from tools.eval import adversarial_round10
from tools.eval.tests.rounds import assert_effects_have_a_kind, repeated_drafts, wrong_verdicts


def test_80_dev_drafts_20_per_language_60_of_them_true():
    cases = list(adversarial_round10.cases())
    assert len(cases) == 80 and {case.split for case in cases} == {"dev"}
    assert Counter(case.lang for case in cases) == {lang: 20 for lang in LANGS}
    assert Counter(case.lang for case in cases if not case.held) == {lang: 15 for lang in LANGS}
    assert len({case.name for case in cases}) == 80
    assert {case.org for case in cases} == {"bank", "school", "store"}


def test_every_draft_builds_a_guard_input_whose_effects_have_a_kind():
    assert_effects_have_a_kind(adversarial_round10.cases())


def test_no_draft_repeats_a_held_out_or_an_earlier_draft():
    assert repeated_drafts(adversarial_round10) == 0


# The drafts whose verdict is still wrong, each with its reason (docs/guards.md, the tenth round): none. The first
# run's 7 true drafts held and 1 wrong one passed are fixed by cause (`guards/tests/test_round10_causes.py`; a
# label's colon ending a name, "Pressupost: dos iPhone 13", round10-053, since gaps29).
STILL_WRONG: dict[str, str] = {}


@pytest.mark.django_db
def test_the_production_guards_give_every_expected_verdict():
    assert wrong_verdicts(adversarial_round10) == sorted(STILL_WRONG)
