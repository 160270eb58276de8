"""A policy change in the staff's words: one sentence per change, what it did before, its effect, and whether it
loosens a protection (then the back office asks for a confirmation before saving it).

Risky: an approval gate loosened (asks less often or above a higher amount), a longer approval expiry, a check
turned off, a higher largest amount per request. Everything else is listed, not confirmed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from language.locales import lang_of
from language.money import format_money
from magie.choices import (
    GUARD_LABELS,
    ApprovalChannel,
    GateMode,
    OnToolFailure,
    OrganisationKind,
    RiskClass,
    SideRequest,
)

STRICTNESS = {GateMode.ALWAYS: 3, GateMode.ABOVE_AMOUNT: 2, GateMode.PREAUTHORISED_CAP: 2, GateMode.NONE: 0}


@dataclass(frozen=True)
class PolicyChange:
    field: str
    text: str
    before: str = ""
    effect: str = ""
    risky: bool = False


def _subject(risk: str, kind: str) -> str:
    if risk == RiskClass.MONEY:
        return _("Pix") if kind == OrganisationKind.BANK else _("A payment")
    return {RiskClass.EXTERNAL_MESSAGE: _("A message to a third party"),
            RiskClass.THIRD_PARTY_DATA: _("A look-up of third-party data"),
            RiskClass.OWN_DATA: _("A look-up of the customer's own data"),
            RiskClass.REVERSIBLE: _("A reversible action")}[RiskClass(risk)]


def minutes_text(seconds: int) -> str:
    minutes = seconds / 60
    if minutes != int(minutes):
        return ngettext("%(count)d second", "%(count)d seconds", seconds) % {"count": seconds}
    return ngettext("%(count)d minute", "%(count)d minutes", int(minutes)) % {"count": int(minutes)}


class _Words:
    def __init__(self, *, kind: str, currency: str, lang: str) -> None:
        self.kind, self.currency, self.lang = kind, currency, lang

    def money(self, cents: int | None) -> str:
        return format_money(cents or 0, self.currency, lang_of(self.lang))

    def rule_now(self, risk: str, rule: Mapping[str, Any]) -> str:
        subject = _subject(risk, self.kind)
        mode = rule["mode"]
        if mode == GateMode.ALWAYS:
            return _("%(subject)s now always asks for approval") % {"subject": subject}
        if mode == GateMode.ABOVE_AMOUNT:
            return _("%(subject)s above %(amount)s now asks for approval") % {
                "subject": subject, "amount": self.money(rule["threshold_cents"])}
        if mode == GateMode.PREAUTHORISED_CAP:
            return _("%(subject)s now needs no approval up to %(amount)s a day per customer") % {
                "subject": subject, "amount": self.money(rule["daily_cap_cents"])}
        return _("%(subject)s no longer asks for approval") % {"subject": subject}

    def rule_before(self, rule: Mapping[str, Any]) -> str:
        mode = rule["mode"]
        if mode == GateMode.ALWAYS:
            return _("Before: always asked for approval.")
        if mode == GateMode.ABOVE_AMOUNT:
            return _("Before: asked above %(amount)s.") % {"amount": self.money(rule["threshold_cents"])}
        if mode == GateMode.PREAUTHORISED_CAP:
            return _("Before: no approval up to %(amount)s a day.") % {"amount": self.money(rule["daily_cap_cents"])}
        return _("Before: never asked for approval.")

    def gate(self, risk: str, old: Mapping[str, Any], new: Mapping[str, Any]) -> list[PolicyChange]:
        field = f"{risk}_mode"
        changes = []
        same_rule = all(old.get(k) == new.get(k) for k in ("mode", "threshold_cents", "daily_cap_cents"))
        if not same_rule:
            loosened = STRICTNESS[new["mode"]] < STRICTNESS[old["mode"]] or (
                new["mode"] == old["mode"] == GateMode.ABOVE_AMOUNT
                and new["threshold_cents"] > old["threshold_cents"]) or (
                new["mode"] == old["mode"] == GateMode.PREAUTHORISED_CAP
                and new["daily_cap_cents"] > old["daily_cap_cents"]) or (
                new["mode"] != old["mode"] and STRICTNESS[new["mode"]] == STRICTNESS[old["mode"]])
            effect = ""
            if loosened:
                if new["mode"] == GateMode.NONE:
                    effect = _("Nothing of this kind asks the customer for approval any more.")
                elif new["mode"] == GateMode.ABOVE_AMOUNT:
                    effect = _("Up to %(amount)s it now happens without the customer's approval.") % {
                        "amount": self.money(new["threshold_cents"])}
                else:
                    effect = _("Up to %(amount)s a day per customer it now happens without the customer's "
                               "approval.") % {"amount": self.money(new["daily_cap_cents"])}
            changes.append(PolicyChange(field, self.rule_now(risk, new), self.rule_before(old), effect, loosened))
        if old.get("channel") != new.get("channel"):
            changes.append(PolicyChange(f"{risk}_channel", _("%(subject)s is now approved by: %(channel)s") % {
                "subject": _subject(risk, self.kind), "channel": ApprovalChannel(new["channel"]).label}))
        return changes


def policy_changes(*, old: Mapping[str, Any], new: Mapping[str, Any], kind: str, currency: str,
                   lang: str) -> list[PolicyChange]:
    """Every difference between two policy snapshots, risky ones first, in the active language."""
    words = _Words(kind=kind, currency=currency, lang=lang)
    changes: list[PolicyChange] = []
    for risk in RiskClass.values:
        changes += words.gate(risk, old["gates"][risk], new["gates"][risk])
    if new["approval_expiry_seconds"] != old["approval_expiry_seconds"]:
        longer = new["approval_expiry_seconds"] > old["approval_expiry_seconds"]
        changes.append(PolicyChange(
            "approval_expiry",
            _("An approval now expires after %(new)s") % {"new": minutes_text(new["approval_expiry_seconds"])},
            _("Before: %(old)s.") % {"old": minutes_text(old["approval_expiry_seconds"])},
            _("A preview can still be approved that much later, when prices, balances or the customer's mind may "
              "have changed.") if longer else "", longer))
    if new["ask_stale_after_seconds"] != old["ask_stale_after_seconds"]:
        changes.append(PolicyChange(
            "ask_stale_after",
            _("An open request now goes stale after %(new)s") % {"new": minutes_text(new["ask_stale_after_seconds"])},
            _("Before: %(old)s.") % {"old": minutes_text(old["ask_stale_after_seconds"])}))
    if new["amount_max_cents"] != old["amount_max_cents"]:
        higher = new["amount_max_cents"] > old["amount_max_cents"]
        changes.append(PolicyChange(
            "amount_max",
            _("The largest amount per request is now %(new)s") % {"new": words.money(new["amount_max_cents"])},
            _("Before: %(old)s.") % {"old": words.money(old["amount_max_cents"])},
            _("Requests up to this amount now reach approvals and systems.") if higher else "", higher))
    for name in [g for g in old["enabled_guards"] if g not in new["enabled_guards"]]:
        changes.append(PolicyChange("enabled_guards", _("The check “%(check)s” is turned off") % {
            "check": GUARD_LABELS.get(name, name)}, "", _("Replies are no longer stopped for this."), True))
    for name in [g for g in new["enabled_guards"] if g not in old["enabled_guards"]]:
        changes.append(PolicyChange("enabled_guards", _("The check “%(check)s” is turned on") % {
            "check": GUARD_LABELS.get(name, name)}))
    added = [t for t in new["internal_vocabulary"] if t not in old["internal_vocabulary"]]
    removed = [t for t in old["internal_vocabulary"] if t not in new["internal_vocabulary"]]
    if added:
        changes.append(PolicyChange("internal_vocabulary", _("Never said to customers from now on: %(terms)s") % {
            "terms": ", ".join(f"“{t}”" for t in added)}))
    if removed:
        changes.append(PolicyChange("internal_vocabulary", _("May be said to customers again: %(terms)s") % {
            "terms": ", ".join(f"“{t}”" for t in removed)}))
    if new["on_tool_failure"] != old["on_tool_failure"]:
        changes.append(PolicyChange("on_tool_failure", _("When a system call fails: %(new)s") % {
            "new": OnToolFailure(new["on_tool_failure"]).label}))
    if new["side_request"] != old["side_request"]:
        changes.append(PolicyChange("side_request", _("When the customer asks something else: %(new)s") % {
            "new": SideRequest(new["side_request"]).label}))
    if new["guard_retries"] != old["guard_retries"]:
        changes.append(PolicyChange("guard_retries", _("Redrafts after a failed check: %(new)d (before: %(old)d)") % {
            "new": new["guard_retries"], "old": old["guard_retries"]}))
    if new["guard_time_budget_ms"] != old["guard_time_budget_ms"]:
        changes.append(PolicyChange("guard_time_budget_ms", _(
            "Time for the checks: %(new)d ms (before: %(old)d ms)") % {
            "new": new["guard_time_budget_ms"], "old": old["guard_time_budget_ms"]}))
    return sorted(changes, key=lambda change: not change.risky)


_NO_VALUE = "—"


def _choice_label(choices: Any, code: Any) -> str:
    return str(dict(choices.choices).get(code, code)) if code not in (None, "") else _NO_VALUE


def _list_text(values: Any, labels: Mapping[str, Any] | None = None) -> str:
    if not values:
        return _NO_VALUE
    return ", ".join(str(labels.get(value, value)) if labels else str(value) for value in values)


def policy_version_rows(changes: Mapping[str, Any], *, currency: str, lang: str) -> list[tuple[str, str, str]]:
    """A policy version's stored diff (`{key: {"old": …, "new": …}}`, snapshot keys, durations in seconds, money in
    cents) as rows of (what, before, after) in the policy form's words: minutes, formatted money, choices' labels.
    A key this code does not know is shown as it is stored."""
    from tenants.forms import PolicyForm

    words = _Words(kind="", currency=currency, lang=lang)
    labels = {name: str(field.label) for name, field in PolicyForm.base_fields.items()}

    def money(cents: Any) -> str:
        return words.money(cents) if cents is not None else _NO_VALUE

    shown: dict[str, tuple[str, Any]] = {
        "ask_stale_after_seconds": ("ask_stale_after", minutes_text),
        "approval_expiry_seconds": ("approval_expiry", minutes_text),
        "on_tool_failure": ("on_tool_failure", lambda value: _choice_label(OnToolFailure, value)),
        "side_request": ("side_request", lambda value: _choice_label(SideRequest, value)),
        "enabled_guards": ("enabled_guards", lambda value: _list_text(value, GUARD_LABELS)),
        "internal_vocabulary": ("internal_vocabulary", _list_text),
        "guard_retries": ("guard_retries", str),
        "guard_time_budget_ms": ("guard_time_budget_ms", str),
        "amount_max_cents": ("amount_max", money),
    }
    gate_parts: tuple[tuple[str, Any], ...] = (("mode", lambda value: _choice_label(GateMode, value)), ("threshold_cents", money),
                  ("daily_cap_cents", money), ("channel", lambda value: _choice_label(ApprovalChannel, value)))
    rows: list[tuple[str, str, str]] = []
    for key, change in changes.items():
        old, new = (change or {}).get("old"), (change or {}).get("new")
        if key == "gates" and isinstance(old, Mapping) and isinstance(new, Mapping):
            for risk in sorted(set(old) | set(new)):
                before, after = old.get(risk) or {}, new.get(risk) or {}
                for part, text in gate_parts:
                    if before.get(part) != after.get(part):
                        field = f"{risk}_{part.removesuffix('_cents')}"
                        what = f"{_choice_label(RiskClass, risk)} · {labels.get(field, part)}"
                        rows.append((what, text(before.get(part)), text(after.get(part))))
            continue
        if key in shown:
            field, text = shown[key]
            rows.append((labels.get(field, key), text(old) if old is not None else _NO_VALUE,
                         text(new) if new is not None else _NO_VALUE))
        else:
            rows.append((key, str(old), str(new)))
    return rows
