"""Codes in the staff member's words, for templates: `{% load staff_labels %}`."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from staff import stored_words, trace_words
from staff.labels import escalation_reason_label
from staff.templatetags.staff_tags import kv_table

register = template.Library()


@register.filter
def reason_label(code: str) -> str:
    """An escalation's guard or reason code in the staff member's words, the code itself if unknown."""
    return escalation_reason_label(code)


@register.filter
def status_label(code: str) -> str:
    """A stored status code (an Ask's, an approval's, a turn's, a transfer's) in the staff member's words."""
    return stored_words.status_label(code)


@register.filter
def channel_label(code: str) -> str:
    return stored_words.channel_label(code)


@register.filter
def ask_kind_label(code: str) -> str:
    return stored_words.ask_kind_label(code)


def _choice_word(choices, code: str) -> str:
    from django.utils.translation import gettext

    label = dict(choices.choices).get(code)
    return gettext(str(label)) if label is not None else code


@register.filter
def approval_reason_label(reason: str) -> str:
    return stored_words.approval_reason_label(reason)


@register.filter
def record_table(data: object, organisation) -> SafeString:
    """A record's JSON (tool arguments or result, preview facts, perception, evidence) as a table in the staff
    member's words, amounts in the organisation's currency and language: `{{ d.facts|record_table:organisation }}`."""
    money = trace_words.AmountWriter(currency=organisation.currency, language=organisation.language)
    return kv_table(trace_words.record_table(data, money))


@register.filter
def failure_label(code: str) -> str:
    return trace_words.failure_label(code)


@register.filter
def guard_explanation(code: str, evidence: object) -> str:
    """Why a check held a draft back (or a chat went to people), worded from its stored code and parameters in the
    reader's language: `{{ e.guard|guard_explanation:e.evidence }}`, `{{ failure.guard|guard_explanation:failure }}`."""
    return trace_words.guard_explanation(code, evidence)


@register.filter
def moment_label(value: object) -> str:
    """A stored time (a datetime or an ISO string from a record's JSON) in the organisation's zone and the reader's
    format; anything else as it is."""
    from datetime import date

    if isinstance(value, (str, date)):
        return trace_words.moment_label(value)
    return "" if value is None else str(value)
