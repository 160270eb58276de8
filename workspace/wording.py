"""Trace entries and outcome categories in the staff member's words (Django i18n), amounts in the organisation's
currency as its language writes them."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from asks.models import SlotEvent
from language.locales import lang_of
from language.money import format_money
from staff.labels import escalation_reason_label as guard_label
from staff.stored_words import channel_label, risk_label, slot_label, status_label
from staff.trace_words import (
    AmountWriter,
    decision_label,
    failure_label,
    guard_explanation,
    provider_label,
    rule_label,
    tool_label,
    value_label,
)
from tenants.models import Organisation
from workspace.selectors.trace import TraceEntry

KIND_LABELS = {
    "message": gettext_lazy("Message"), "decision": gettext_lazy("Decision"), "slot": gettext_lazy("Slot"),
    "transition": gettext_lazy("Status"), "turn": gettext_lazy("Turn"), "tool_call": gettext_lazy("Tool call"),
    "draft": gettext_lazy("Draft"), "guard": gettext_lazy("Guards"), "reply": gettext_lazy("Reply"),
    "preview": gettext_lazy("Preview"), "approval_decision": gettext_lazy("Approval decision"),
    "execution": gettext_lazy("Execution"), "transfer": gettext_lazy("Pix transfer"),
    "escalation": gettext_lazy("Escalation"), "escalation_resolved": gettext_lazy("Escalation resolved"),
}
OUTCOME_LABELS = {
    "completed": gettext_lazy("Completed"), "failed": gettext_lazy("Failed"),
    "abandoned": gettext_lazy("Abandoned (cooled or cancelled)"), "superseded": gettext_lazy("Superseded"),
    "handed_to_person": gettext_lazy("Handed to a person"), "open": gettext_lazy("Still open"),
}


def _choice(choices, code: str) -> str:
    label = dict(choices.choices).get(code)
    return _(str(label)) if label is not None else code


def money(cents: int | None, organisation: Organisation, currency: str | None = None) -> str:
    if cents is None:
        return ""
    return format_money(int(cents), currency or organisation.currency, lang_of(organisation.language))


def _value(slot: str, value: Any, organisation: Organisation) -> str:
    """A slot's value as staff read it: an amount as money, a day or a time in the organisation's zone."""
    shown = value_label(slot, value, AmountWriter(currency=organisation.currency, language=organisation.language))
    return "—" if shown is None else str(shown)


def _outcome(d: dict[str, Any]) -> str:
    return _("ok") if d["ok"] else failure_label(d["error"] or "failed")


def entry_summary(entry: TraceEntry, organisation: Organisation) -> str:
    """One line saying what happened, for the page's headline and the exports' `summary` column."""
    d = entry.detail
    kind = entry.kind
    if kind == "message":
        who = _("customer") if d["direction"] == "in" else _("reply")
        return f"{who}: {d['text'] or d['payload']}"
    if kind == "decision":
        return _("%(action)s, by rule %(rule)s") % {"action": decision_label(d["action"]),
                                                     "rule": rule_label(d["rule"])}
    if kind == "slot":
        return _("%(slot)s %(action)s: %(previous)s → %(value)s") % {
            "slot": slot_label(d["slot"]), "action": _choice(SlotEvent.Action, d["action"]),
            "previous": _value(d["slot"], d["previous"], organisation), "value": _value(d["slot"], d["value"], organisation)}
    if kind == "transition":
        return _("%(source)s → %(target)s (rule %(rule)s)") % {"source": status_label(d["from"]) if d["from"] else "",
                                                               "target": status_label(d["to"]),
                                                               "rule": rule_label(d["rule"])}
    if kind == "turn":
        return _("turn %(id)s %(status)s by %(provider)s in %(ms)s ms") % {
            **d, "status": status_label(d["status"]), "provider": provider_label(d["provider"])}
    if kind == "tool_call":
        approval = _(", approval %(id)s") % {"id": d["approval"]} if d["approval"] else ""
        return f"{tool_label(d['name'])} ({risk_label(d['risk'])}) → {_outcome(d)}{approval}, {d['ms']} ms"
    if kind == "draft":
        return _("draft %(number)s: %(text)s") % d
    if kind == "guard":
        if d["passed"]:
            return _("draft %(draft)s passed every guard (%(ms)s ms)") % d
        return _("draft %(draft)s rejected by %(guards)s") % {
            "draft": d["draft"], "guards": ", ".join(guard_label(failure["guard"]) for failure in d["failures"])}
    if kind == "reply":
        return d["text"]
    if kind == "preview":
        return _("approval %(id)s asked on %(channel)s for %(amount)s") % {
            "id": d["approval"], "channel": channel_label(d["channel"]), "amount": money(d["amount_cents"], organisation)}
    if kind == "approval_decision":
        return _("approval %(id)s %(status)s by %(who)s on %(channel)s") % {
            "id": d["approval"], "status": status_label(d["status"]), "who": d["decided_by"] or "—",
            "channel": channel_label(d["channel"]) or "—"}
    if kind == "execution":
        return _("executed: %(outcome)s %(reference)s") % {"outcome": _outcome(d),
                                                           "reference": d["reference"]}
    if kind == "transfer":
        return _("Pix %(e2e)s %(status)s: %(amount)s to %(recipient)s") % {
            "e2e": d["end_to_end_id"], "status": status_label(d["status"]),
            "amount": money(d["amount_cents"], organisation, d["currency"]), "recipient": d["recipient"]}
    if kind == "escalation":
        return _("handed to a person: %(guard)s — %(reason)s") % {
            "guard": guard_label(d["guard"]), "reason": guard_explanation(d["guard"], d["evidence"])}
    if kind == "escalation_resolved":
        return _("resolved by %(who)s: %(note)s") % {"who": d["resolved_by"], "note": d["note"]}
    return kind


def entry_codes(entry: TraceEntry) -> str:
    """The stored codes behind an entry's words (decision and rule, tool and failure), for an auditor who needs to
    find them in the code or the logs: the page shows them small, as <code> beside the words (as a guard's)."""
    d = entry.detail
    codes = {"decision": ("action", "rule"), "transition": ("rule",), "tool_call": ("name", "error"),
             "execution": ("error",)}.get(entry.kind, ())
    return " · ".join(str(d[key]) for key in codes if d.get(key))
