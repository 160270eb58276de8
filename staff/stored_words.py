"""Codes the records store in English (a status, a channel, a risk, an approval's expiry or void reason, a role's
name) shown to staff in their language: the stored value never changes, the words are chosen at display. An unknown
code is shown as it is (a new code is still readable, never a crash)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from functools import partial

from django.utils import formats, timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from magie.choices import ApprovalChannel, RiskClass

# Each a literal, so that makemessages finds it; keyed by the stored code.
STATUSES = {
    # an Ask's
    "collecting": _("Collecting"), "awaiting_confirmation": _("Awaiting Confirmation"), "executing": _("Executing"),
    "completed": _("Completed"), "failed": _("Failed"), "abandoned": _("Abandoned"), "suspended": _("Suspended"),
    # an approval's
    "pending": _("Pending"), "approved": _("Approved"), "declined": _("Declined"), "expired": _("Expired"),
    "voided": _("Voided"), "executed": _("Executed"), "execution_failed": _("Execution Failed"),
    # a turn's, a Pix transfer's
    "done": _("Done"), "scheduled": _("Scheduled"), "settled": _("Settled"), "cancelled": _("Cancelled"),
    # a reply's delivery on WhatsApp
    "sending": _("Sending"), "sent": _("Sent"), "delivered": _("Delivered"), "read": _("Read"),
}
CHANNELS = dict(ApprovalChannel.choices)  # the policy page's names of where the customer approves
RISKS = {**dict(RiskClass.choices), "none": _("no risk")}  # the policy page's names of the kinds of action
# The kinds of request (asks.perception.contract.RequestKind: a test fails on one without words here), and "pix",
# the kind a Pix preview's facts name (approvals.previews; a booking's is "booking").
ASK_KINDS = {"pix_transfer": _("Pix transfer"), "balance": _("balance"), "pix_history": _("Pix history"),
             "booking": _("booking"), "availability": _("free times"), "product_search": _("product search"),
             "used_quote": _("used-device quote"), "booking_change": _("booking change"),
             "booking_cancel": _("booking cancellation"), "pix_transfer_change": _("change of a scheduled Pix"),
             "pix_transfer_cancel": _("cancellation of a scheduled Pix"), "pix": _("Pix")}
# The details a request collects (its slots).
SLOTS = {"amount": _("amount"), "recipient": _("recipient"), "when": _("date"), "pix_key": _("Pix key"),
         "product": _("product"), "activity": _("activity"), "party_size": _("people"),
         "party_added": _("people joining"), "party_removed": _("people leaving"),
         "capacity_gb": _("capacity (GB)"), "device_model": _("device model"), "battery_health": _("battery health"),
         "when_either_half": _("hour without am/pm"), "day_part": _("part of the day"),
         "offer_pick": _("time picked from the list"), "day_shift": _("days moved from the request's day"),
         "when_unitless": _("day counted without a unit"), "when_unitless_weeks": _("weeks counted without a unit"),
         "when_unit": _("unit the day was counted in")}
# The roles every organisation is created with (Django groups: their names are codes).
ROLES = {"admin": _("administrator"), "agent": _("attendant"), "auditor": _("auditor")}

_EXPIRED = re.compile(r"^expired \(checked at (?P<at>[^)]+)\)$")
_MOVED_ON = re.compile(r"^the request moved on \((?P<step>\w+)\)$")
# The steps (django-fsm transition names of an Ask) that move a request away from its confirmation.
ASK_STEPS = {"reopen": _("reopened to change a detail"), "fail": _("failed"), "abandon": _("abandoned"),
             "suspend": _("suspended")}
REASONS = {"replaced by a newer preview": _("replaced by a newer preview")}


def _word(table: Mapping[str, object], code: str) -> str:
    word = table.get(code)
    return str(word) if word is not None else code


# One reader a table: `status_label("settled")` is "Settled" in the reader's language, an unknown code itself.
status_label = partial(_word, STATUSES)
channel_label = partial(_word, CHANNELS)
risk_label = partial(_word, RISKS)
ask_kind_label = partial(_word, ASK_KINDS)
slot_label = partial(_word, SLOTS)
role_label = partial(_word, ROLES)


def _when(text: str) -> str:
    try:
        at = datetime.fromisoformat(text)
    except ValueError:
        return text
    return formats.date_format(timezone.localtime(at) if timezone.is_aware(at) else at, "SHORT_DATETIME_FORMAT")


def approval_reason_label(reason: str) -> str:
    """An approval's stored reason ("expired (checked at 2026-12-01T17:40:00+00:00)", "replaced by a newer preview",
    "the request moved on (reopen)", or a failed execution's error code) in the reader's words, times in the
    organisation's zone."""
    if not reason:
        return ""
    expired = _EXPIRED.match(reason)
    if expired:
        return gettext("expired (checked at %(time)s)") % {"time": _when(expired["at"])}
    moved_on = _MOVED_ON.match(reason)
    if moved_on:
        return gettext("the request moved on (%(step)s)") % {"step": _word(ASK_STEPS, moved_on["step"])}
    return _word(REASONS, reason)
