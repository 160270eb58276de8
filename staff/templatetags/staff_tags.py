"""Readable tables for the JSON the records keep (tool arguments and results, guard evidence, preview facts)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


def _cell(value: Any, depth: int) -> str:
    if isinstance(value, dict):
        return _table(value, depth + 1) if value else "—"
    if isinstance(value, (list, tuple)):
        if not value:
            return "—"
        return "<ul>" + "".join(f"<li>{_cell(item, depth + 1)}</li>" for item in value) + "</ul>"
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return "✓" if value else "✗"
    if isinstance(value, datetime):
        return escape(value.isoformat(timespec="seconds"))
    return escape(str(value))


MAX_DEPTH = 8  # a turn admin's call → result → data → a list of slots → one slot is 6 deep; hostile JSON is cut


def _table(data: dict, depth: int) -> str:
    if depth > MAX_DEPTH:
        return escape(str(data))
    rows = "".join(f"<tr><th scope=\"row\">{escape(str(key))}</th><td>{_cell(value, depth)}</td></tr>"
                   for key, value in data.items())
    return f'<table class="kv">{rows}</table>'


@register.filter
def kv_table(data: Any) -> SafeString:
    """A dict as a two-column table (nested dicts as nested tables, lists as lists); everything escaped."""
    if not isinstance(data, dict):
        return mark_safe(_cell(data, 0))
    return mark_safe(_table(data, 0))
