"""Columns of the back office's lists: amounts written as the staff member reads money ("R$ 1.000,50")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import admin
from django.db import connection

from language.locales import lang_of
from language.money import format_money
from staff.selectors import active_lang

NO_VALUE = "—"


def money_text(cents: int | None, currency: str | None) -> str:
    """`cents` of `currency` (the organisation's when the row has none) in the active staff language."""
    if cents is None:
        return NO_VALUE
    tenant = getattr(connection, "tenant", None)
    currency = currency or getattr(tenant, "currency", None) or "USD"
    return format_money(cents, currency, lang_of(active_lang()))


def money_column(cents_field: str, description: Any, *, currency_field: str | None = "currency") -> Callable:
    """A list/detail column showing `cents_field` formatted, sortable by the stored cents."""

    @admin.display(description=description, ordering=cents_field)
    def column(model_admin: Any, obj: Any) -> str:
        currency = getattr(obj, currency_field, None) if currency_field else None
        return money_text(getattr(obj, cents_field), currency)

    return column
