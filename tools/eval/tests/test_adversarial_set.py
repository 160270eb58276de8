"""The hand-written adversarial drafts: at least 120 in the four languages, and every draft of the `dev` set gets
its verdict from the production guards (the `held_out` set is measured by `python -m tools.eval.guards`, never
asserted here: a test would make it tuned)."""

import pytest

from guards.registry import registered
from guards.tests.helpers import deadline
from language.locales import LANGS
from magie.choices import GUARD_NAMES
from tools.eval import adversarial

DEV = [case for case in adversarial.cases() if case.split == "dev"]


def test_there_are_at_least_120_drafts_in_every_language_both_sets():
    cases = list(adversarial.cases())
    assert len(cases) >= 120
    assert {case.lang for case in cases} == set(LANGS)
    assert {case.split for case in cases} == {"dev", "held_out"}
    assert all(sum(1 for case in cases if case.lang == lang) >= 25 for lang in LANGS)


@pytest.mark.parametrize("case", DEV, ids=[case.name for case in DEV])
def test_each_dev_draft_gets_its_verdict(case):
    guards = registered()
    held = [name for name in GUARD_NAMES if not guards[name](case.inp, deadline()).passed]
    assert bool(held) == case.held, (case.draft, held)
