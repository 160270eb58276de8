"""Every draft passes the organisation's guards before anything is sent. On a failure the provider gets one more
try inside the same run (told which guard failed and why; it redrafts from the same tool results, it does not call
tools again); after `guard_retries` failed tries the draft is discarded, the customer reads a short honest hand-off
and the chat is escalated to people with a note. One trace, one message to the customer."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings

from agent.providers.base import Draft
from agent.registry import tools_for
from agent.replies import say
from agent.tools.base import ToolCallRecord
from guards.contract import GuardInput, HistoryItem, ToolOutput, ToolSpec
from guards.runner import GuardReport, retry_instructions, run_guards
from language.locales import LANGS, lang_of
from magie.tenancy import schema_name_current
from tenants.models import Domain
from tenants.policy import Policy


@dataclass
class GuardedDraft:
    draft: Draft
    drafts: list[str] = field(default_factory=list)
    reports: list[dict[str, Any]] = field(default_factory=list)
    failed: GuardReport | None = None  # set when the chat must go to people


def guard_input(*, draft: Draft, lang: str, currency: str, org_kind: str, records: list[ToolCallRecord],
                history: list[dict[str, str]], ask_kind: str | None, ask_slots: dict, policy: Policy,
                languages: Sequence[str] | None = None, allowed_hosts: Sequence[str] | None = None) -> GuardInput:
    """What the guards read of this draft. Each tool result travels with its tool's declared evidence and the call's
    arguments. Claims are read in `languages` (default: every language Magie speaks, which holds the organisation's
    and whatever the customer wrote in); links may go to `allowed_hosts` (the turn passes `hosts_of` its public
    URL; default: every domain of the current organisation, one query)."""
    tools = tools_for(org_kind)
    return GuardInput(
        draft=draft.text, lang=lang, currency=currency, org_kind=org_kind,  # type: ignore[arg-type]
        tool_outputs=tuple(_tool_output(r, tools) for r in records),
        history=tuple(HistoryItem(role="customer" if h["role"] == "customer" else "bot", text=h["text"])
                      for h in history),
        ask_kind=ask_kind, ask_slots=ask_slots,
        effects_executed=tuple(r.name for r in records if r.executed_effect),
        tools_available=tuple(ToolSpec(name=t.name, arguments=tuple(t.args.model_fields))
                              for t in tools.values()),
        internal_vocabulary=tuple(policy.internal_vocabulary),
        languages=tuple(languages if languages is not None else LANGS),  # type: ignore[arg-type]
        allowed_hosts=tuple(allowed_hosts if allowed_hosts is not None else organisation_hosts()),
    )


def _tool_output(record: ToolCallRecord, tools: dict) -> ToolOutput:
    ok = bool(record.result.get("ok"))
    arguments = record.arguments
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except json.JSONDecodeError:
            arguments = {}
    tool = tools.get(record.name)
    return ToolOutput(tool=record.name, ok=ok, data=record.result.get("data") if ok else record.result.get("error"),
                      evidence=tool.evidence if tool is not None else None,
                      arguments=arguments if isinstance(arguments, dict) else {})


def hosts_of(public_base_url: str) -> tuple[str, ...]:
    """The host a customer link of the organisation is built on (`OrganisationInForce.public_base_url`): the turn
    passes it, so guarding a draft reads nothing of the database."""
    host = urlsplit(public_base_url).hostname
    return (host,) if host else ()


def organisation_hosts() -> list[str]:
    """The current organisation's host names and the host its customer links are built on
    (`MAGIE_PUBLIC_URL_TEMPLATE`): the only places a draft may link to, besides links the tools returned."""
    domains = list(Domain.objects.filter(tenant__schema_name=schema_name_current()).values_list("domain", flat=True))
    hosts = set(domains)
    for domain in domains:
        host = urlsplit(settings.MAGIE_PUBLIC_URL_TEMPLATE.format(host=domain)).hostname
        if host:
            hosts.add(host)
    return sorted(hosts)


def _summary(report: GuardReport) -> dict[str, Any]:
    """One draft's verdicts as the trace keeps them: codes and evidence, not the explanation the model was told
    (in the customer's language; staff read the same failure worded in theirs, `staff.trace_words`)."""
    return {"passed": report.passed, "total_ms": round(report.total_ms, 2),
            "failures": [failure.note() for failure in report.failures]}


def guarded(*, first: Draft, redraft: Callable[[Draft, str], Draft], check: Callable[[Draft], GuardInput],
            policy: Policy, lang: str) -> GuardedDraft:
    outcome = GuardedDraft(draft=first)
    draft = first
    report: GuardReport  # set by each attempt, read by the next
    for attempt in range(1 + policy.guard_retries):
        if attempt:
            draft = redraft(draft, retry_instructions(report, lang_of(lang)))  # noqa: F821 — set by the previous attempt
        outcome.drafts.append(draft.text)
        report = run_guards(check(draft), list(policy.enabled_guards), policy.guard_time_budget_ms)
        outcome.reports.append(_summary(report))
        if report.passed:
            outcome.draft = draft
            return outcome
    outcome.failed = report
    outcome.draft = Draft(say(lang, "handoff"))  # the customer catalogue's wording (guards' HANDOFF as msgstrs)
    return outcome
