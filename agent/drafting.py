"""Every draft passes the organisation's guards before anything is sent. On a failure the provider gets one more
try inside the same run (told which guard failed and why; it redrafts from the same tool results, it does not call
tools again); after `guard_retries` failed tries the draft is discarded, the customer reads a short honest hand-off
and the chat is escalated to people with a note. One trace, one message to the customer."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from agent.providers.base import Draft
from agent.registry import tools_for
from agent.tools.base import ToolCallRecord
from guards.contract import GuardInput, HistoryItem, ToolOutput, ToolSpec
from guards.runner import GuardReport, handoff_message, retry_instructions, run_guards
from tenants.policy import Policy


@dataclass
class GuardedDraft:
    draft: Draft
    drafts: list[str] = field(default_factory=list)
    reports: list[dict[str, Any]] = field(default_factory=list)
    failed: GuardReport | None = None  # set when the chat must go to people


def guard_input(*, draft: Draft, lang: str, currency: str, org_kind: str, records: list[ToolCallRecord],
                history: list[dict[str, str]], ask_kind: str | None, ask_slots: dict, policy: Policy) -> GuardInput:
    return GuardInput(
        draft=draft.text, lang=lang, currency=currency, org_kind=org_kind,  # type: ignore[arg-type]
        tool_outputs=tuple(ToolOutput(tool=r.name, ok=bool(r.result.get("ok")),
                                      data=r.result.get("data") if r.result.get("ok") else r.result.get("error"))
                           for r in records),
        history=tuple(HistoryItem(role="customer" if h["role"] == "customer" else "bot", text=h["text"])
                      for h in history),
        ask_kind=ask_kind, ask_slots=ask_slots,
        effects_executed=tuple(r.name for r in records if r.executed_effect),
        tools_available=tuple(ToolSpec(name=t.name, arguments=tuple(t.args.model_fields))
                              for t in tools_for(org_kind).values()),
        internal_vocabulary=tuple(policy.internal_vocabulary),
    )


def _summary(report: GuardReport) -> dict[str, Any]:
    return {"passed": report.passed, "total_ms": round(report.total_ms, 2),
            "failures": [{"code": f.code, "explanation": f.explanation, "evidence": list(f.evidence)}
                         for f in report.failures]}


def guarded(*, first: Draft, redraft: Callable[[Draft, str], Draft], check: Callable[[Draft], GuardInput],
            policy: Policy, lang: str) -> GuardedDraft:
    outcome = GuardedDraft(draft=first)
    draft = first
    for attempt in range(1 + policy.guard_retries):
        if attempt:
            draft = redraft(draft, retry_instructions(report, lang))  # noqa: F821 — set by the previous attempt
        outcome.drafts.append(draft.text)
        report = run_guards(check(draft), list(policy.enabled_guards), policy.guard_time_budget_ms)
        outcome.reports.append(_summary(report))
        if report.passed:
            outcome.draft = draft
            return outcome
    outcome.failed = report
    outcome.draft = Draft(handoff_message(lang))
    return outcome
