"""The policy as a plain value: its snapshot form, validation with field-named messages, and a typed view.

The snapshot (JSON) is what `PolicyVersion` stores and what an auditor reads; `Policy` is what the agent, Asks and
guards receive, so none of them touches the model or the database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from babel.numbers import format_decimal
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from language.locales import babel_locale, lang_of
from magie.bounds import AMOUNT_CEILING_CENTS
from magie.choices import GUARD_NAMES, ApprovalChannel, GateMode, OnToolFailure, RiskClass, SideRequest
from staff.selectors import active_lang

MAX_STALE = timedelta(days=7)
MAX_APPROVAL_EXPIRY = timedelta(hours=24)
MAX_GUARD_RETRIES = 3
GUARD_BUDGET_MS = (10, 10_000)
# 100 million units of the organisation's currency: far above any real request, far below what a column holds.
AMOUNT_MAX_DEFAULT_CENTS = 100_000_000_00


@dataclass(frozen=True)
class Gate:
    mode: str
    threshold_cents: int | None
    daily_cap_cents: int | None
    channel: str


@dataclass(frozen=True)
class Policy:
    ask_stale_after: timedelta
    on_tool_failure: str
    side_request: str
    gates: Mapping[str, Gate]
    approval_expiry: timedelta
    enabled_guards: tuple[str, ...]
    internal_vocabulary: tuple[str, ...]
    guard_retries: int
    guard_time_budget_ms: int
    amount_max_cents: int = AMOUNT_MAX_DEFAULT_CENTS
    version: int = 0

    @classmethod
    def from_snapshot(cls, snapshot: Mapping[str, Any], version: int = 0) -> Policy:
        return cls(
            ask_stale_after=timedelta(seconds=snapshot["ask_stale_after_seconds"]),
            on_tool_failure=snapshot["on_tool_failure"],
            side_request=snapshot["side_request"],
            gates={risk: Gate(**rule) for risk, rule in snapshot["gates"].items()},
            approval_expiry=timedelta(seconds=snapshot["approval_expiry_seconds"]),
            enabled_guards=tuple(snapshot["enabled_guards"]),
            internal_vocabulary=tuple(snapshot["internal_vocabulary"]),
            guard_retries=snapshot["guard_retries"],
            guard_time_budget_ms=snapshot["guard_time_budget_ms"],
            # Versions written before the maximum existed had the default one.
            amount_max_cents=snapshot.get("amount_max_cents", cls.amount_max_cents),
            version=version,
        )


def policy_snapshot(policy: Any) -> dict[str, Any]:
    """The JSON form of an `OrganisationPolicy` row (durations in seconds)."""
    return {
        "ask_stale_after_seconds": int(policy.ask_stale_after.total_seconds()),
        "on_tool_failure": policy.on_tool_failure,
        "side_request": policy.side_request,
        "gates": {risk: dict(rule) for risk, rule in sorted(policy.gates.items())},
        "approval_expiry_seconds": int(policy.approval_expiry.total_seconds()),
        "enabled_guards": list(policy.enabled_guards),
        "internal_vocabulary": list(policy.internal_vocabulary),
        "guard_retries": policy.guard_retries,
        "guard_time_budget_ms": policy.guard_time_budget_ms,
        "amount_max_cents": policy.amount_max_cents,
    }


def gate_field(risk: str, part: str) -> str:
    """Name of a gate's field in errors and in the admin form, e.g. `money_threshold`."""
    return f"{risk}_{part}"


def _validate_gate(risk: str, rule: Any, errors: dict[str, list[str]]) -> None:
    if not isinstance(rule, Mapping):
        errors[gate_field(risk, "mode")] = [_("Give when to ask, the amounts and the channel for this kind of action.")]
        return
    mode, threshold, cap, channel = (rule.get(k) for k in ("mode", "threshold_cents", "daily_cap_cents", "channel"))
    if mode not in GateMode.values:
        errors[gate_field(risk, "mode")] = [_("Choose when to ask from the list.")]
    if channel not in ApprovalChannel.values:
        errors[gate_field(risk, "channel")] = [_("Choose where the customer approves from the list.")]
    for part, value in (("threshold", threshold), ("daily_cap", cap)):
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value <= 0):
            errors[gate_field(risk, part)] = [_("Must be more than zero.")]
        elif value is not None and value > AMOUNT_CEILING_CENTS:
            errors[gate_field(risk, part)] = [_("Must be at most %(units)s units of the currency.")
                                              % {"units": _ceiling_units()}]
    # Each amount goes with one mode: needed with it, left empty without it.
    for part, value, its_mode, needed, unused in (
        ("threshold", threshold, GateMode.ABOVE_AMOUNT, _("“%(mode)s” needs the amount above which to ask."),
         _("Leave it empty: this amount is used only with “%(mode)s”.")),
        ("daily_cap", cap, GateMode.PREAUTHORISED_CAP, _("“%(mode)s” needs the daily cap."),
         _("Leave it empty: a daily cap is used only with “%(mode)s”.")),
    ):
        if (mode == its_mode) == (value is None):
            message = needed if value is None else unused
            errors.setdefault(gate_field(risk, part), []).append(message % {"mode": its_mode.label})


def _ceiling_units() -> str:
    """The platform ceiling in whole units as the reader's language groups digits ("10.000.000.000.000" in pt-BR, by
    babel like the amounts of the policy page): Python's "," grouping is English only."""
    return format_decimal(AMOUNT_CEILING_CENTS // 100, locale=babel_locale(lang_of(active_lang())))


def validate_policy(snapshot: Mapping[str, Any]) -> None:
    """Raise one `ValidationError` naming every offending field; return None when the policy is valid."""
    errors: dict[str, list[str]] = {}
    stale = snapshot.get("ask_stale_after_seconds")
    if not isinstance(stale, int) or stale <= 0 or stale > MAX_STALE.total_seconds():
        errors["ask_stale_after"] = [_("Must be more than zero and at most %(days)d days.") % {"days": MAX_STALE.days}]
    expiry = snapshot.get("approval_expiry_seconds")
    if not isinstance(expiry, int) or expiry <= 0 or expiry > MAX_APPROVAL_EXPIRY.total_seconds():
        errors["approval_expiry"] = [_("Must be more than zero and at most 24 hours.")]
    if snapshot.get("on_tool_failure") not in OnToolFailure.values:
        errors["on_tool_failure"] = [_("Choose one of the options.")]
    if snapshot.get("side_request") not in SideRequest.values:
        errors["side_request"] = [_("Choose one of the options.")]
    gates = snapshot.get("gates")
    if not isinstance(gates, Mapping):
        errors["gates"] = [_("Give one approval rule per kind of action.")]
    else:
        unknown = sorted(set(gates) - set(RiskClass.values))
        if unknown:
            errors["gates"] = [_("Unknown kind(s) of action: %(names)s.") % {"names": ", ".join(unknown)}]
        for risk in RiskClass.values:
            _validate_gate(risk, gates.get(risk), errors)
    guards = snapshot.get("enabled_guards")
    unknown_guards = [name for name in guards or [] if name not in GUARD_NAMES]
    if not isinstance(guards, list) or unknown_guards:
        errors["enabled_guards"] = [_("Unknown check(s): %(names)s.") % {"names": ", ".join(map(str, unknown_guards))}]
    vocabulary = snapshot.get("internal_vocabulary")
    if not isinstance(vocabulary, list) or any(
            not isinstance(t, str) or not t.strip() or len(t) > 80 for t in vocabulary):
        errors["internal_vocabulary"] = [_("One term of at most 80 characters a line.")]
    retries = snapshot.get("guard_retries")
    if not isinstance(retries, int) or not 0 <= retries <= MAX_GUARD_RETRIES:
        errors["guard_retries"] = [_("Must be between 0 and %(max)d.") % {"max": MAX_GUARD_RETRIES}]
    budget = snapshot.get("guard_time_budget_ms")
    if not isinstance(budget, int) or not GUARD_BUDGET_MS[0] <= budget <= GUARD_BUDGET_MS[1]:
        errors["guard_time_budget_ms"] = [_("Must be between %(low)d and %(high)d milliseconds.")
                                          % {"low": GUARD_BUDGET_MS[0], "high": GUARD_BUDGET_MS[1]}]
    amount_max = snapshot.get("amount_max_cents")
    if not isinstance(amount_max, int) or isinstance(amount_max, bool) or not 0 < amount_max <= AMOUNT_CEILING_CENTS:
        errors["amount_max"] = [_("Must be more than zero and at most %(units)s units of the currency.")
                                % {"units": _ceiling_units()}]
    if errors:
        raise ValidationError(errors)
