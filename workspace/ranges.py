"""Date ranges as staff give them: local dates of the organisation, `until` exclusive (the same for the dashboard
and `manage.py ask_outcomes`, so both count the same Asks).

A range lies between `EARLIEST` and `AHEAD_DAYS` after today and spans at most `MAX_DAYS`: the dashboard buckets
turns by local week, and from year 1 to 9999 those buckets ran past the calendar (a 500 after a second of work).
A refusal is worded in the reader's language with Django's own form messages ("Informe uma data válida.", "…
maior ou igual a 2 de dezembro de 2026"), so the page can show it beside its form.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.utils import formats
from django.utils.translation import gettext

from magie.errors import DomainError
from tenants.models import Organisation

DEFAULT_DAYS = 30
EARLIEST = date(2000, 1, 1)  # before any record of the platform
MAX_DAYS = 3660  # ten years: 523 weekly buckets
AHEAD_DAYS = 366


class RangeInvalid(DomainError):
    code, http_status = "range_invalid", 400


@dataclass(frozen=True)
class DayRange:
    first: date  # the first local day counted
    end: date  # the first local day not counted
    since: datetime
    until: datetime

    @property
    def query(self) -> str:
        return f"since={self.first.isoformat()}&until={self.end.isoformat()}"


def _refused(field: str, message: str, **params: object) -> RangeInvalid:
    """The refusal of one field, named by the dashboard form's label ("De", "Até (não incluso)")."""
    label = gettext("From") if field == "since" else gettext("Up to (not included)")
    return RangeInvalid(f"{label}: {message % params if params else message}", field=field)


def _day(value: date) -> str:
    return formats.date_format(value, "DATE_FORMAT")


def day_range(*, organisation: Organisation, since: str | None = None, until: str | None = None) -> DayRange:
    """[since, until) in the organisation's time zone; default the last 30 days up to and including today.
    RangeInvalid (worded in the active language) for a date that is no YYYY-MM-DD, an end not after the start, or
    a range outside the bounds of the module docstring."""
    zone = ZoneInfo(organisation.time_zone)
    today = datetime.now(zone).date()

    def parse(field: str, value: str | None, default: date) -> date:
        if not value:
            return default
        try:
            return datetime.strptime(value, "%Y-%m-%d").date()
        except ValueError:
            raise _refused(field, str(forms.DateField.default_error_messages["invalid"])) from None

    first = parse("since", since, today - timedelta(days=DEFAULT_DAYS))
    end = parse("until", until, today + timedelta(days=1))
    latest = today + timedelta(days=AHEAD_DAYS)
    if first < EARLIEST:
        raise _refused("since", str(MinValueValidator.message), limit_value=_day(EARLIEST))
    if end > latest:
        raise _refused("until", str(MaxValueValidator.message), limit_value=_day(latest))
    if end <= first:
        raise _refused("until", str(MinValueValidator.message), limit_value=_day(first + timedelta(days=1)))
    if (end - first).days > MAX_DAYS:
        raise _refused("since", str(MinValueValidator.message), limit_value=_day(end - timedelta(days=MAX_DAYS)))
    return DayRange(first=first, end=end, since=datetime.combine(first, time.min, zone),
                    until=datetime.combine(end, time.min, zone))
