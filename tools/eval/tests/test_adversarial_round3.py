"""The third blind round of adversarial drafts: its shape, and no draft that repeats a held-out one (compared by
count only: a failure names no held-out draft)."""

from collections import Counter

from guards.contract import GuardInput
from language.locales import LANGS
from tools.eval import adversarial, adversarial_held_out2, adversarial_round3


def test_120_dev_drafts_30_per_language_with_both_verdicts():
    cases = list(adversarial_round3.cases())
    assert len(cases) == 120 and {case.split for case in cases} == {"dev"}
    assert Counter(case.lang for case in cases) == {lang: 30 for lang in LANGS}
    for lang in LANGS:
        held = sum(case.held for case in cases if case.lang == lang)
        assert 14 <= held <= 16
    assert len({case.name for case in cases}) == 120


def test_every_draft_builds_a_guard_input():
    assert all(isinstance(case.inp, GuardInput) for case in adversarial_round3.cases())


def test_no_draft_repeats_a_held_out_or_an_earlier_draft():
    earlier = {case.draft for case in adversarial.cases()} | {case.draft for case in adversarial_held_out2.cases()}
    repeated = sum(case.draft in earlier for case in adversarial_round3.cases())
    assert repeated == 0
