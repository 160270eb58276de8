"""Columns of the back office's lists: amounts written as the staff member reads money ("R$ 1.000,50")."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.contrib import admin
from django.db import connection
from django.utils.translation import gettext, ngettext

from language.locales import lang_of
from language.money import format_money
from staff.labels import NUMBER
from staff.selectors import active_lang

NO_VALUE = "—"


@admin.display(description=NUMBER, ordering="pk")
def record_number(obj: Any) -> Any:
    """A list's column of record numbers, headed by the staff word for it and sorted by it."""
    return obj.pk


def money_text(cents: int | None, currency: str | None) -> str:
    """`cents` of `currency` (the organisation's when the row has none) in the active staff language."""
    if cents is None:
        return NO_VALUE
    tenant = getattr(connection, "tenant", None)
    currency = currency or getattr(tenant, "currency", None) or "USD"
    return format_money(cents, currency, lang_of(active_lang()))


def duration_words(duration: timedelta | None) -> str:
    """A duration as the reader says it: "3 hours", "2 h 30 min", "45 minutes" (in the active language)."""
    if duration is None:
        return NO_VALUE
    minutes = int(duration.total_seconds() // 60)
    hours, rest = divmod(minutes, 60)
    if hours and rest:
        return gettext("%(hours)d h %(minutes)d min") % {"hours": hours, "minutes": rest}
    if hours:
        return ngettext("%(count)d hour", "%(count)d hours", hours) % {"count": hours}
    return ngettext("%(count)d minute", "%(count)d minutes", minutes) % {"count": minutes}


def money_column(cents_field: str, description: Any, *, currency_field: str | None = "currency") -> Callable:
    """A list/detail column showing `cents_field` formatted, sortable by the stored cents."""

    @admin.display(description=description, ordering=cents_field)
    def column(model_admin: Any, obj: Any) -> str:
        currency = getattr(obj, currency_field, None) if currency_field else None
        return money_text(getattr(obj, cents_field), currency)

    return column


def attribute_column(path: str, description: Any) -> Callable:
    """A list/detail column showing the row's `path` ("masked_document", "pix_key.owner_name"); a method at the
    end of the path is called ("pix_key.get_key_type_display"). For attributes admin cannot name by themselves:
    properties and related rows' fields."""

    @admin.display(description=description)
    def column(model_admin: Any, obj: Any) -> str:
        value = obj
        for name in path.split("."):
            value = getattr(value, name)
        return str(value() if callable(value) else value)

    return column
