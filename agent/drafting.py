"""Every draft passes the organisation's guards before anything is sent. On a failure the provider gets one more
try inside the same run (told which guard failed and why; it redrafts from the same tool results, it does not call
tools again); after `guard_retries` failed tries the draft is discarded, the customer reads a short honest hand-off
and the chat is escalated to people with a note. One trace, one message to the customer."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

from django.conf import settings

from agent.providers.base import Draft
from agent.registry import completing_tool, tools_for
from agent.replies import say
from agent.tools.base import ToolCallRecord, ToolContext
from asks.kinds import SLOT_HOLDS
from asks.models import OPEN_STATUSES
from asks.statuses import AskStatus
from guards.contract import AskSlot, AvailableTool, GuardInput, HistoryItem, OrgRules, ToolOutput
from guards.runner import GuardReport, retry_instructions, run_guards
from language.locales import LANGS, lang_of
from magie.choices import GateMode
from magie.tenancy import schema_name_current
from tenants.models import Domain, WhatsAppChannel
from tenants.policy import Policy


@dataclass
class GuardedDraft:
    draft: Draft
    drafts: list[str] = field(default_factory=list)
    reports: list[dict[str, Any]] = field(default_factory=list)
    failed: GuardReport | None = None  # set when the chat must go to people


def guard_input(*, draft: Draft, lang: str, currency: str, org_kind: str, records: list[ToolCallRecord],
                history: list[dict[str, str]], ask_kind: str | None, ask_slots: dict, policy: Policy,
                languages: Sequence[str] | None = None, allowed_hosts: Sequence[str] | None = None,
                context: ToolContext | None = None, organisation_name: str = "",
                own_phones: Sequence[str] | None = None, ask_status: str | None = None,
                missing_slots: Sequence[str] = ()) -> GuardInput:
    """What the guards read of this draft. Each tool result travels with its tool's declared evidence and the call's
    arguments. Claims are read in `languages` (default: every language Magie speaks, which holds the organisation's
    and whatever the customer wrote in); links may go to `allowed_hosts` (the turn passes `hosts_of` its public
    URL; default: every domain of the current organisation, one query). The turn's `context` gives the
    organisation's time zone and day and the customer's name; the policy's gates and maximum are the rules a
    draft may not promise away; the organisation's WhatsApp numbers are read (one query) only when the draft holds
    a phone-like number. An Ask in scope that `ask_status` says completed on an earlier turn executed its completing
    tool: a reply may restate that effect ("All set, see you Tuesday!"). `missing_slots` are the open Ask's slots still
    missing, in asking order (`asks.kinds.missing_slots`, as `ask_slots` are its values): each travels typed by what
    it holds (`asks.kinds.SLOT_HOLDS`), so a question offering kinds of the catalogue is told from one offering
    things no tool returned."""
    tools = tools_for(org_kind)
    zone = context.time_zone if context is not None else ""
    return GuardInput(
        draft=draft.text, lang=lang, currency=currency, org_kind=org_kind,  # type: ignore[arg-type]
        tool_outputs=tuple(_tool_output(r, tools) for r in records),
        history=tuple(HistoryItem(role="customer" if h["role"] == "customer" else "bot", text=h["text"])
                      for h in history),
        ask_kind=ask_kind, ask_slots=ask_slots, missing_slots=ask_missing(missing_slots),
        effects_executed=tuple(r.name for r in records if r.executed_effect),
        effects_earlier=_earlier_effects(tools, org_kind, ask_kind, ask_status),
        tools_available=tuple(AvailableTool(name=t.name, arguments=tuple(t.args.model_fields))
                              for t in tools.values()),
        internal_vocabulary=tuple(policy.internal_vocabulary),
        languages=tuple(languages if languages is not None else LANGS),  # type: ignore[arg-type]
        allowed_hosts=tuple(allowed_hosts if allowed_hosts is not None else organisation_hosts()),
        effect_kinds={t.name: t.effect_kind for t in tools.values() if t.effect_kind},
        today=context.now.astimezone(ZoneInfo(zone)).date().isoformat() if context is not None else "",
        time_zones=(zone,) if zone else (),
        known_names=(*(name for name in (organisation_name, context.customer_name if context else "") if name),
                     *_preview_words(context)),
        rules=guard_rules(policy),
        own_phones=tuple(own_phones if own_phones is not None
                         else organisation_phones() if _PHONE_LIKE_RE.search(draft.text) else ()),
    )


def ask_missing(missing: Sequence[str]) -> tuple[AskSlot, ...]:
    """The Ask's missing slots as the guards read them: each with what it holds (a slot no table types is a name:
    what a question offers for it must be what a tool returned)."""
    return tuple(AskSlot(name=slot, holds=SLOT_HOLDS.get(slot, "name")) for slot in missing)  # type: ignore[arg-type]


def open_missing(missing: Sequence[str], ask_status: str | None) -> list[str]:
    """The missing slots of an Ask still open (a closed Ask asks for nothing)."""
    return list(missing) if ask_status in OPEN_STATUSES else []


def _earlier_effects(tools: dict, org_kind: str, ask_kind: str | None, ask_status: str | None) -> tuple[str, ...]:
    """The completing tool of an Ask that completed (only its success completes it: `agent.turn.steps`), when it
    is an effect (a balance read completes its Ask and executes nothing)."""
    if ask_kind is None or ask_status != AskStatus.COMPLETED:
        return ()
    tool = completing_tool(org_kind, ask_kind)
    return (tool,) if tool is not None and tools[tool].effect_kind else ()


def _preview_words(context: ToolContext | None) -> tuple[str, ...]:
    """The words of the approval request this turn made: its preview (built by code from system data, the name a
    Pix code claims among them) is the reply, and no tool result the model reads carries all of it."""
    request = context.approval_requested if context is not None else None
    facts = (request.preview or {}).get("facts", {}) if request is not None else {}

    def words(node: Any) -> list[str]:  # the facts nest (a Pix code's merchant name under `pix_code`)
        if isinstance(node, dict):
            return [word for value in node.values() for word in words(value)]
        return [node] if isinstance(node, str) and node else []

    return tuple(words(facts))


_PHONE_LIKE_RE = re.compile(r"(?:\d[\s().-]?){8,}")


def guard_rules(policy: Policy) -> OrgRules:
    """The policy as the facts a draft may not promise away: which kinds of effect wait for an approval (always, or
    above an amount or a cap), and the largest amount of one request."""
    always = tuple(sorted(risk for risk, gate in policy.gates.items() if gate.mode == GateMode.ALWAYS))
    sometimes = tuple(sorted(risk for risk, gate in policy.gates.items()
                             if gate.mode in (GateMode.ABOVE_AMOUNT, GateMode.PREAUTHORISED_CAP)))
    return OrgRules(approval_always=always, approval_sometimes=sometimes, amount_max_cents=policy.amount_max_cents)


def organisation_phones() -> tuple[str, ...]:
    """The current organisation's WhatsApp numbers: the only numbers a draft may send a customer to, besides those
    the tools returned."""
    return tuple(number for number in WhatsAppChannel.objects.filter(
        organisation__schema_name=schema_name_current()).values_list("display_phone_number", flat=True) if number)


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
