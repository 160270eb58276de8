"""Every guard has a time budget and keeps to it: the 5,000-fact draft is judged well within the production budget,
and a guard whose deadline has passed gives up at its next look instead of reading on."""

import time

import pytest

from guards.contract import deadline_after
from guards.registry import registered
from guards.runner import warm_up
from guards.tests.helpers import facts_draft, make
from magie.choices import GUARD_NAMES

PRODUCTION_BUDGET_S = 1.0  # tenants.models.OrganisationPolicy.guard_time_budget_ms
# Guards that read the whole draft in passes and look at their deadline after each (the store guards read only a
# draft that speaks of a catalogue's models or a quote).
READERS = ("unsupported_amount", "unsupported_fact", "policy_bypass", "internal_vocabulary",
           "effect_claim_without_effect", "unusable_request")


@pytest.fixture(scope="module")
def big():
    warm_up()  # as a worker does before its first turn (the dictionaries, the detector: outside every budget)
    return facts_draft()


@pytest.mark.parametrize("name", GUARD_NAMES)
def test_each_guard_judges_the_5000_fact_draft_within_its_budget(big, name):
    started = time.thread_time()
    verdict = registered()[name](big, deadline_after(PRODUCTION_BUDGET_S))
    spent = time.thread_time() - started
    assert verdict.passed, verdict.evidence[:5]  # every fact of it is supported
    assert spent < PRODUCTION_BUDGET_S


@pytest.mark.parametrize("name", READERS)
def test_a_guard_past_its_deadline_gives_up_instead_of_judging(big, name):
    verdict = registered()[name](big, time.thread_time() - 1)
    assert not verdict.passed and verdict.problem == "budget_exceeded"


def test_a_guard_past_its_deadline_on_a_short_draft_still_answers_at_its_first_look():
    inp = make("I've sent $70 to Ana.")
    verdicts = {name: registered()[name](inp, time.thread_time() - 1) for name in READERS}
    assert {name for name, v in verdicts.items() if v.problem == "budget_exceeded"} == set(READERS)
