"""Form fields of the back office that cannot mislead: minutes with their unit, money in the organisation's
currency and separators (with a formatted echo), and a list of terms edited one a line.

Each field says in its own words what went wrong; a form using them collects every error before answering.
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

from babel.numbers import (
    NumberFormatError,
    format_decimal,
    get_currency_precision,
    get_currency_symbol,
    get_decimal_symbol,
    get_group_symbol,
    parse_decimal,
)
from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from unfold.widgets import INPUT_CLASSES

from language.locales import lang_of
from language.money import format_money, money_locale

INPUT = " ".join(INPUT_CLASSES)


class MinutesInput(forms.NumberInput):
    template_name = "staff/widgets/minutes.html"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__({"class": f"{INPUT} pr-24", "inputmode": "numeric", "step": "1", **(attrs or {})})


class MinutesField(forms.Field):
    """A duration typed in whole minutes; cleaned to a `timedelta`. `15` is fifteen minutes, never seconds."""

    widget = MinutesInput
    default_error_messages = {
        "invalid": gettext_lazy("Write a whole number of minutes, e.g. 15."),
        "min": gettext_lazy("At least 1 minute."),
    }

    def __init__(self, *, max_minutes: int, **kwargs: Any) -> None:
        self.max_minutes = max_minutes
        super().__init__(**kwargs)

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, timedelta):
            minutes = value.total_seconds() / 60
            return int(minutes) if minutes == int(minutes) else round(minutes, 2)
        return value

    def to_python(self, value: Any) -> timedelta | None:
        text = str(value if value is not None else "").strip()
        if not text:
            return None
        if not text.isdigit():
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        minutes = int(text)
        if minutes < 1:
            raise ValidationError(self.error_messages["min"], code="min")
        if minutes > self.max_minutes:
            raise ValidationError(
                ngettext("At most %(count)d minute.", "At most %(count)d minutes.", self.max_minutes)
                % {"count": self.max_minutes}, code="max")
        return timedelta(minutes=minutes)


class MoneyInput(forms.TextInput):
    """A text input (never a number input: the browser would impose its own separators) with the currency's
    symbol in front and, under it, the amount as it will be saved, written in full ("R$ 1.000,50")."""

    template_name = "staff/widgets/money.html"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__({"class": f"{INPUT} pl-12", "inputmode": "decimal", "autocomplete": "off", **(attrs or {})})
        self.currency = "USD"
        self.locale = "en"
        self.lang = "en"

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = super().get_context(name, value, attrs)
        widget = context["widget"]
        widget["symbol"] = get_currency_symbol(self.currency, locale=self.locale)
        widget["attrs"].update({"data-money-currency": self.currency,
                                "data-money-locale": self.locale.replace("_", "-"),
                                "data-money-decimal": get_decimal_symbol(self.locale),
                                "data-money-group": get_group_symbol(self.locale)})
        widget["echo"] = ""
        try:
            cents = money_parse(str(value or ""), currency=self.currency, locale=self.locale)
        except ValidationError:
            cents = None
        if cents is not None:
            widget["echo"] = format_money(cents, self.currency, lang_of(self.lang))
        return context

    class Media:
        js = ["staff/money.js"]


def money_parse(text: str, *, currency: str, locale: str) -> int | None:
    """`text` as the organisation writes amounts ("1.000,50" in pt-BR) → minor units; None when blank.

    Grouping must be where the locale puts it ("1.0000,5" and "1000.50" in pt-BR are refused, not guessed)."""
    text = text.strip()
    if not text:
        return None
    example = format_decimal(Decimal("1000.50"), format="#,##0.00", locale=locale)
    try:
        amount = parse_decimal(text, locale=locale, strict=True)
    except NumberFormatError:
        raise ValidationError(
            _("Write the amount as %(example)s (“%(decimal)s” before the cents).")
            % {"example": example, "decimal": get_decimal_symbol(locale)}, code="invalid") from None
    precision = get_currency_precision(currency)
    exponent = amount.as_tuple().exponent
    if not isinstance(exponent, int):  # NaN or infinity: no amount at all
        raise ValidationError(_("Write the amount as %(example)s (“%(decimal)s” before the cents).")
                              % {"example": example, "decimal": get_decimal_symbol(locale)}, code="invalid")
    if exponent < -precision:
        raise ValidationError(ngettext("At most %(count)d decimal place.", "At most %(count)d decimal places.",
                                       precision) % {"count": precision}, code="precision")
    if amount <= 0:
        raise ValidationError(_("Must be more than zero."), code="min")
    return int(amount.scaleb(precision))


class MoneyField(forms.Field):
    """An amount in the organisation's currency, cleaned to minor units (cents). Call `configure` with the
    organisation's currency and language before the form is bound (PolicyForm does)."""

    widget = MoneyInput

    def configure(self, *, currency: str, lang: str) -> None:
        self.currency = currency
        self.locale = money_locale(lang, currency)
        self.widget.currency, self.widget.locale, self.widget.lang = currency, self.locale, lang

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, int) and not isinstance(value, bool):
            precision = get_currency_precision(self.currency)
            pattern = "#,##0" + ("." + "0" * precision if precision else "")
            return format_decimal(Decimal(value).scaleb(-precision), format=pattern, locale=self.locale)
        return value

    def to_python(self, value: Any) -> int | None:
        return money_parse(str(value or ""), currency=self.currency, locale=self.locale)


class TermListField(forms.Field):
    """A list of short terms, one a line: shown one a line, saved exactly as typed (each line trimmed, blank
    lines dropped), so saving an untouched form changes nothing."""

    def __init__(self, *, max_length_each: int = 80, **kwargs: Any) -> None:
        self.max_length_each = max_length_each
        kwargs.setdefault("widget", forms.Textarea(attrs={"rows": 6, "class": INPUT, "spellcheck": "false"}))
        super().__init__(**kwargs)

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, (list, tuple)):
            return "\n".join(value)
        return value

    def to_python(self, value: Any) -> list[str]:
        terms = [line.strip() for line in str(value or "").splitlines()]
        return [term for term in terms if term]

    def validate(self, value: list[str]) -> None:
        if self.required and not value:
            raise ValidationError(self.error_messages["required"], code="required")
        errors = []
        seen: set[str] = set()
        for term in value:
            if len(term) > self.max_length_each:
                errors.append(ValidationError(
                    _("“%(term)s…” is longer than %(count)d characters.") % {"term": term[:20],
                                                                             "count": self.max_length_each}))
            if term in seen:
                errors.append(ValidationError(_("“%(term)s” is listed twice.") % {"term": term}))
            seen.add(term)
        if errors:
            raise ValidationError(errors)
