import threading

import pytest

from guards import runner
from guards.contract import GuardVerdict
from guards.registry import registered
from guards.runner import GuardReport, handoff_message, retry_instructions, run_guards
from guards.scan import draft_words
from guards.tests.helpers import customer, facts_draft, make
from guards.text import folded
from magie.choices import GUARD_NAMES


def test_a_clean_draft_passes_every_guard_with_a_timing_each():
    inp = make("Please confirm: $50 to Ana?", history=[customer("send 50 to Ana")])
    report = run_guards(inp, list(GUARD_NAMES), budget_ms=2000)
    assert report.passed and report.failures == []
    assert set(report.timings_ms) == set(GUARD_NAMES)


def test_failures_are_collected_with_their_codes():
    inp = make("I've sent $70 to Ana through the tool.", history=[customer("send 50 to Ana")])
    report = run_guards(inp, list(GUARD_NAMES), budget_ms=2000)
    assert not report.passed
    assert {f.code for f in report.failures} == {"unsupported_amount", "effect_claim_without_effect",
                                                 "internal_vocabulary"}


def test_only_enabled_guards_run():
    report = run_guards(make("I've sent $70."), ["internal_vocabulary"], budget_ms=2000)
    assert report.passed and list(report.timings_ms) == ["internal_vocabulary"]


def test_an_unknown_guard_name_counts_as_failing():
    report = run_guards(make("Hello"), ["no_such_guard"], budget_ms=2000)
    assert not report.passed and report.failures[0].code == "no_such_guard"


def test_a_long_drafts_words_are_listed_once_for_all_the_guards_side_by_side():
    """The guards' threads start together: the folded draft's words, which most of their tables look up, are listed
    before they start, never by two threads that missed the cache at once."""
    inp = facts_draft()
    for _ in range(5):
        folded.cache_clear()
        draft_words.cache_clear()
        report = run_guards(inp, list(GUARD_NAMES), budget_ms=2000)
        assert report.passed
        assert draft_words.cache_info().misses == 1


def _with_guards(monkeypatch, **extra):
    table = registered() | extra
    monkeypatch.setattr(runner, "registered", lambda: table)


def test_a_guard_that_raises_fails_its_check_and_is_logged(monkeypatch, caplog):
    def broken(inp, deadline):
        raise RuntimeError("boom")

    _with_guards(monkeypatch, broken=broken)
    report = run_guards(make("Hello"), ["broken", "internal_vocabulary"], budget_ms=2000)
    assert [f.code for f in report.failures] == ["broken"]
    assert "guard broken raised" in caplog.text


def test_a_guard_ignoring_its_deadline_is_abandoned_at_the_deadline(monkeypatch, caplog):
    release = threading.Event()
    finished = threading.Event()

    def stubborn(inp, deadline):
        release.wait(timeout=30)  # ignores the deadline until the test lets it go
        finished.set()
        return GuardVerdict.ok()

    _with_guards(monkeypatch, stubborn=stubborn)
    report = run_guards(make("Hello"), ["stubborn", "internal_vocabulary"], budget_ms=50)
    try:
        assert not finished.is_set()  # the runner returned while the guard was still running
        assert [(f.code, f.evidence) for f in report.failures] == [("stubborn", ("budget exceeded",))]
        assert "overran" in caplog.text
    finally:
        release.set()
    assert finished.wait(timeout=30)  # and it finishes in the background


def test_the_guards_a_stalled_one_held_up_still_judge_the_draft(monkeypatch, caplog):
    """The guards run one after the other in one task: one blocked past the backstop leaves those after it to
    run apart, each judging as if it had run beside it (a refusal after a stalled guard is still a refusal)."""
    release = threading.Event()

    def stubborn(inp, deadline):
        release.wait(timeout=30)
        return GuardVerdict.ok()

    def refuses(inp, deadline):
        return GuardVerdict.fail("refuses", "no", ("why",))

    _with_guards(monkeypatch, stubborn=stubborn, refuses=refuses)
    try:
        report = run_guards(make("Hello"), ["internal_vocabulary", "stubborn", "refuses", "policy_bypass"],
                            budget_ms=50)
    finally:
        release.set()
    assert [(f.code, f.evidence) for f in report.failures] == [("stubborn", ("budget exceeded",)),
                                                                ("refuses", ("why",))]
    assert set(report.timings_ms) == {"internal_vocabulary", "stubborn", "refuses", "policy_bypass"}
    assert "guard stubborn overran" in caplog.text


def test_a_guard_that_raises_does_not_stop_the_guards_after_it(monkeypatch):
    def broken(inp, deadline):
        raise RuntimeError("boom")

    def refuses(inp, deadline):
        return GuardVerdict.fail("refuses", "no", ("why",))

    _with_guards(monkeypatch, broken=broken, refuses=refuses)
    report = run_guards(make("Hello"), ["broken", "refuses", "internal_vocabulary"], budget_ms=2000)
    assert [f.code for f in report.failures] == ["broken", "refuses"]
    assert set(report.timings_ms) == {"broken", "refuses", "internal_vocabulary"}


def test_what_is_stored_of_a_failure_is_codes_and_evidence_never_the_sentence(monkeypatch):
    """The note a trace and an escalation keep: the check's code and what it found, or why it could not judge
    (it broke, it ran out of time, the policy names no such check), in no language (staff read it worded)."""
    def broken(inp, deadline):
        raise RuntimeError("boom")

    def slow(inp, deadline):
        return GuardVerdict.budget_exceeded("slow", inp.lang)

    _with_guards(monkeypatch, broken=broken, slow=slow)
    found = run_guards(make("I've sent $70 to Ana.", history=[customer("send 50 to Ana")]), ["unsupported_amount"],
                       budget_ms=2000).failures[0]
    assert found.explanation and found.note() == {"code": "unsupported_amount", "evidence": list(found.evidence)}
    assert "$70" in " ".join(found.evidence)
    failed = run_guards(make("Hello"), ["broken", "slow", "no_such_guard"], budget_ms=2000).failures
    assert sorted((f.note()["code"], f.note()["guard_problem"], f.note()["evidence"]) for f in failed) == [
        ("broken", "guard_error", []), ("no_such_guard", "unknown_guard", []), ("slow", "budget_exceeded", [])]
    assert all(f.explanation not in str(f.note()) for f in [found, *failed])


def test_a_draft_with_5000_numbers_gets_a_report_without_raising():
    draft = " ".join(f"${i}.{i % 100:02d}" for i in range(5000))
    history = [customer(" ".join(str(i) for i in range(0, 5000, 2)))]
    report = run_guards(make(draft, history=history), list(GUARD_NAMES), budget_ms=3000)
    assert isinstance(report, GuardReport)
    assert [f.code for f in report.failures] == ["unsupported_amount"]
    assert len(report.failures[0].evidence) > 1000


@pytest.mark.parametrize("lang,intro", [("pt-BR", "Sua resposta"), ("es", "Tu respuesta"), ("ca", "La teva resposta"),
                                        ("en", "Your previous reply")])
def test_retry_instructions_name_each_failed_guard_in_the_language(lang, intro):
    report = run_guards(make("Seu saldo é R$ 10,00.", lang=lang, currency="BRL"), ["unsupported_amount"], 2000)
    text = retry_instructions(report, lang)
    assert text.startswith(intro) and "unsupported_amount" in text and "R$ 10,00" in text


@pytest.mark.parametrize("lang,text", [("pt-BR", "Vou te passar para uma pessoa que pode ajudar."),
                                       ("es", "Te paso con una persona que puede ayudarte."),
                                       ("ca", "Et passo amb una persona que et pot ajudar."),
                                       ("en", "I'll pass you to a person who can help.")])
def test_handoff_message_is_localised(lang, text):
    assert handoff_message(lang) == text
