"""Codes in the staff member's words, for templates: `{% load staff_labels %}`."""

from __future__ import annotations

from django import template

from staff import stored_words
from staff.labels import escalation_reason_label

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


@register.filter
def abandon_reason_label(code: str) -> str:
    """Why an Ask was abandoned ("cooled") in the staff member's words."""
    from asks.models import Ask

    return _choice_word(Ask.AbandonReason, code)


def _choice_word(choices, code: str) -> str:
    from django.utils.translation import gettext

    label = dict(choices.choices).get(code)
    return gettext(str(label)) if label is not None else code


@register.filter
def approval_reason_label(reason: str) -> str:
    return stored_words.approval_reason_label(reason)
