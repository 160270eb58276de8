"""Codes in the staff member's words, for templates: `{% load staff_labels %}`."""

from __future__ import annotations

from django import template

from staff.labels import escalation_reason_label

register = template.Library()


@register.filter
def reason_label(code: str) -> str:
    """An escalation's guard or reason code in the staff member's words, the code itself if unknown."""
    return escalation_reason_label(code)
