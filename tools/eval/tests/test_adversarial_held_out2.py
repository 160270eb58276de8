"""The second held-out round of hand-written drafts has the shape issue 29 asks of it. Only its shape: its verdicts
are measured by `python -m tools.eval.guards --split held_out2` for totals, never asserted here (a test would make
it tuned)."""

from guards.contract import GuardInput
from language.locales import LANGS
from tools.eval import adversarial_held_out2
from tools.eval.adversarial import B, S, T


def test_at_least_80_drafts_in_four_languages_three_orgs_and_both_verdicts():
    cases = list(adversarial_held_out2.cases())
    assert len(cases) >= 80
    assert {case.lang for case in cases} == set(LANGS)
    assert all(sum(1 for case in cases if case.lang == lang) >= 18 for lang in LANGS)
    assert {case.org for case in cases} == {B, S, T}
    assert {case.held for case in cases} == {True, False}
    assert sum(1 for case in cases if not case.held) >= len(cases) // 4
    assert {case.split for case in cases} == {"held_out2"}
    assert len({case.name for case in cases}) == len(cases)
    assert all(case.kind and case.draft for case in cases)


def test_every_draft_builds_a_guard_input():
    assert all(isinstance(case.inp, GuardInput) for case in adversarial_held_out2.cases())
