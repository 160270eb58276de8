"""The fifth blind round of adversarial drafts: its shape (78 true), and no draft that repeats an earlier or
a held-out one (compared by count only: a failure names no held-out draft)."""

from collections import Counter

from guards.contract import GuardInput
from language.locales import LANGS
from tools.eval import adversarial, adversarial_held_out2, adversarial_round3, adversarial_round4, adversarial_round5


def test_120_dev_drafts_30_per_language_78_of_them_true():
    cases = list(adversarial_round5.cases())
    assert len(cases) == 120 and {case.split for case in cases} == {"dev"}
    assert Counter(case.lang for case in cases) == {lang: 30 for lang in LANGS}
    # 80 true as written; two corrected after the first run (a night window's start no result returns)
    assert Counter(case.lang for case in cases if not case.held) == {"pt-BR": 20, "es": 20, "ca": 19, "en": 19}
    assert len({case.name for case in cases}) == 120


def test_every_draft_builds_a_guard_input_whose_effects_have_a_kind():
    for case in adversarial_round5.cases():
        inp = case.inp
        assert isinstance(inp, GuardInput)
        assert inp.effect_kinds["cancel_scheduled_pix"] == "money"
        assert set(inp.effects_executed) <= set(inp.effect_kinds)


def test_no_draft_repeats_a_held_out_or_an_earlier_draft():
    earlier = {case.draft for case in adversarial.cases()} | {case.draft for case in adversarial_round3.cases()} \
        | {case.draft for case in adversarial_round4.cases()} | {case.draft for case in adversarial_held_out2.cases()}
    repeated = sum(case.draft in earlier for case in adversarial_round5.cases())
    assert repeated == 0
