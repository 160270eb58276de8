"""Customer wording through Django's i18n: the one way any app renders a message for a customer in their language.

Customer msgids are English, marked with the gettext context `"customer"` (`pgettext_lazy("customer", ...)`, or
`npgettext_lazy("customer", singular, plural, "count")` for a message with plural forms), use named `%(name)s`
placeholders (python-format, so `msgfmt --check` compares them across languages), and are translated in
`conversations/locale/<locale>/LC_MESSAGES/django.po` for pt-BR, es, ca and en (plural forms per language in each
catalogue's header). `make messages` files new msgids there and compiles the `.mo` files, committed beside them
(docs/translating.md); a test fails when a `.mo` is older than its `.po` or any customer msgid lacks a
translation. Values are rendered before they reach a message (`conversations.values`): a message never formats a
raw value itself.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date, datetime, time
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo

from babel.dates import format_date, format_datetime, format_time
from babel.numbers import format_decimal, format_percent
from django.utils import translation
from django.utils.functional import Promise
from django.utils.translation import npgettext_lazy, pgettext_lazy

from language.locales import babel_locale
from language.money import format_money
from language.pix_keys import mask_pix_key

_DOUBLE_PERIOD = re.compile(r"(?<!\.)\.\.(?!\.)")

# Magie's languages (language.locales.Lang) as Django names them.
_DJANGO = {"pt-BR": "pt-br", "es": "es", "ca": "ca", "en": "en"}


def django_language(lang: str) -> str:
    """The Django language code of a Magie language ("pt-BR" → "pt-br"); English for anything unknown."""
    return _DJANGO.get(lang, "en")


def render(lang: str, message: Any, values: Mapping[str, Any] | None = None) -> str:
    """`message` (a lazy customer msgid) translated into `lang` and filled with `values` (already rendered text or
    numbers). A plural message picks its form from `values["count"]`. A value ending in an abbreviation's period
    before the message's own ("dt. 1 de des." + ".") keeps one period."""
    values = dict(values or {})
    if any(isinstance(value, Promise) for value in values.values()):  # a lazy value is translated inside the override
        return _overridden(lang, message, values)
    if "count" in values:  # a plural form depends on the count: each (message, values) kept, as `_translated` does
        key = (lang, id(message), *[(name, type(value), value) for name, value in sorted(values.items())])
        try:  # each value with its type: 1, 1.0 and True are different words
            found = _PLURALS.get(key)
        except TypeError:  # an unhashable value: rendered each time
            return _overridden(lang, message, values)
        if found is not None and found[0] is message:
            return found[1]
        text = _overridden(lang, message, values)
        if len(_PLURALS) >= _TRANSLATED_MAX:
            _PLURALS.clear()
        _PLURALS[key] = (message, text)
        return text
    return _DOUBLE_PERIOD.sub(".", _translated(lang, message) % values)


def _overridden(lang: str, message: Any, values: dict[str, Any]) -> str:
    with translation.override(django_language(lang)):
        return _DOUBLE_PERIOD.sub(".", str(message % values))


_TRANSLATED: dict[tuple[str, int], tuple[Any, str]] = {}
_TRANSLATED_MAX = 8192
_PLURALS: dict[tuple[Any, ...], tuple[Any, str]] = {}  # (message, rendered) by (lang, id(message), values)


def _translated(lang: str, message: Any) -> str:
    """`message` (a lazy msgid without plural forms) translated into `lang`. Kept per process: the catalogues do not
    change while it runs, and entering Django's translation override for each message a turn renders (about eight)
    cost more than the rest of rendering. Keyed by the message's identity, which the entry keeps alive (so no other
    object takes its id)."""
    key = (lang, id(message))
    found = _TRANSLATED.get(key)
    if found is not None and found[0] is message:
        return found[1]
    with translation.override(django_language(lang)):
        text = str(message)
    if len(_TRANSLATED) >= _TRANSLATED_MAX:  # messages built on the fly: never grows without bound
        _TRANSLATED.clear()
    _TRANSLATED[key] = (message, text)
    return text


def plural(lang: str, message: Any, count: int, **values: Any) -> str:
    return render(lang, message, {"count": count, **values})


# Values as a customer reads them -------------------------------------------------------------------------------

PARTY = npgettext_lazy("customer", "%(count)s person", "%(count)s people", "count")


def money(lang: str, cents: int, currency: str) -> str:
    return format_money(cents, currency, lang)  # type: ignore[arg-type]


# Dates, times and party sizes in words are pure functions of their arguments (babel's locale data and the
# catalogues do not change while the process runs): each kept per process, a turn listing offers words a dozen.
# A date or time is keyed with its type, time zone and fold too, so values that compare equal across zones or
# across a repeated hour never share a wording.
_KEPT = 4096


def _exactly(value: date | time) -> tuple[Any, ...]:
    return value, type(value), getattr(value, "tzinfo", None), getattr(value, "fold", 0)


def moment(lang: str, value: datetime, tz: str) -> str:
    """A date and time ("Wed 2 Dec, 15:00"), in the organisation's time zone."""
    return _moment(lang, _exactly(value), tz)


@lru_cache(maxsize=_KEPT)
def _moment(lang: str, value: tuple[Any, ...], tz: str) -> str:
    zone = ZoneInfo(tz)
    return format_datetime(value[0], "EEE d MMM, HH:mm", tzinfo=zone, locale=babel_locale(lang))  # type: ignore[arg-type]


def day(lang: str, value: date) -> str:
    """A date alone ("Wed 2 Dec")."""
    return _formatted_date(lang, _exactly(value), "EEE d MMM")


def long_day(lang: str, value: date) -> str:
    """A date written out ("2 December 2026"), for previews and scheduled payments."""
    return _formatted_date(lang, _exactly(value), "long")


@lru_cache(maxsize=_KEPT)
def _formatted_date(lang: str, value: tuple[Any, ...], pattern: str) -> str:
    return format_date(value[0], pattern, locale=babel_locale(lang))  # type: ignore[arg-type]


def clock(lang: str, value: time) -> str:
    return _clock(lang, _exactly(value))


@lru_cache(maxsize=_KEPT)
def _clock(lang: str, value: tuple[Any, ...]) -> str:
    return format_time(value[0], "HH:mm", locale=babel_locale(lang))  # type: ignore[arg-type]


def party(lang: str, size: int) -> str:
    """A party size with its noun in the right plural form ("1 persona", "3 persones")."""
    return plural(lang, PARTY, size)


def iso_moment(lang: str, value: str, tz: str) -> str:
    """An ISO 8601 slot value — datetime, date or time of day — as people read it; text that is none is kept."""
    for parse, show in ((datetime.fromisoformat, lambda v: moment(lang, v, tz) if "T" in value or " " in value
                         else day(lang, v.date())),
                        (time.fromisoformat, lambda v: clock(lang, v))):
        try:
            parsed = parse(value)
        except ValueError:
            continue
        if isinstance(parsed, datetime) and parsed.tzinfo is None and ("T" in value or " " in value):
            parsed = parsed.replace(tzinfo=ZoneInfo(tz))
        return show(parsed)
    return value


# A part of the day said without a clock time (`language.day_parts`), as the customer reads it back.
DAY_PARTS = {"morning": pgettext_lazy("customer", "in the morning"),
             "afternoon": pgettext_lazy("customer", "in the afternoon"),
             "evening": pgettext_lazy("customer", "in the evening"), "night": pgettext_lazy("customer", "at night")}


# One of the times listed, picked by its place (`language.picks`), as the customer reads it back.
OFFER_PICKS = {"first": pgettext_lazy("customer", "the first time listed"),
               "second": pgettext_lazy("customer", "the second time listed"),
               "third": pgettext_lazy("customer", "the third time listed"),
               "last": pgettext_lazy("customer", "the last time listed")}


def slot_value(lang: str, slot: str, value: Any, tz: str) -> str:
    """Any slot value of an Ask as people read it: money by babel, a Pix key masked by its type, ISO dates and
    times by babel in the organisation's time zone, party sizes with their noun, GB and battery percentages."""
    if isinstance(value, Mapping):
        if "amount_cents" in value:
            return money(lang, int(value["amount_cents"]), str(value.get("currency") or "BRL"))
        if "type" in value and "value" in value:
            return mask_pix_key(str(value["type"]), str(value["value"]))
        return ", ".join(slot_value(lang, slot, inner, tz) for inner in value.values())
    if isinstance(value, bool) or value is None:
        return "—"
    if slot == "party_size" and isinstance(value, int):
        return party(lang, value)
    if slot == "day_part" and value in DAY_PARTS:
        return render(lang, DAY_PARTS[value])
    if slot == "offer_pick" and value in OFFER_PICKS:
        return render(lang, OFFER_PICKS[value])
    if slot == "capacity_gb" and isinstance(value, int):
        return f"{format_decimal(value, locale=babel_locale(lang))} GB"  # type: ignore[arg-type]
    if slot == "battery_health" and isinstance(value, (int, float)):
        return format_percent(value / 100, locale=babel_locale(lang))  # type: ignore[arg-type]
    if isinstance(value, (int, float)):
        return format_decimal(value, locale=babel_locale(lang))  # type: ignore[arg-type]
    if isinstance(value, str) and slot == "when":
        return iso_moment(lang, value, tz)
    if isinstance(value, (list, tuple)):
        return ", ".join(slot_value(lang, slot, inner, tz) for inner in value)
    return str(value)
