"""Date ranges as staff give them: local dates of the organisation, `until` exclusive (the same for the dashboard
and `manage.py ask_outcomes`, so both count the same Asks)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from magie.errors import DomainError
from tenants.models import Organisation

DEFAULT_DAYS = 30


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


def day_range(*, organisation: Organisation, since: str | None = None, until: str | None = None) -> DayRange:
    """[since, until) in the organisation's time zone; default the last 30 days up to and including today."""
    zone = ZoneInfo(organisation.time_zone)
    today = datetime.now(zone).date()

    def parse(value: str | None, default: date) -> date:
        if not value:
            return default
        try:
            return datetime.strptime(value, "%Y-%m-%d").date()
        except ValueError:
            raise RangeInvalid(f"dates are YYYY-MM-DD, not {value!r}") from None

    first = parse(since, today - timedelta(days=DEFAULT_DAYS))
    end = parse(until, today + timedelta(days=1))
    if end <= first:
        raise RangeInvalid("the end of the range comes after its start")
    return DayRange(first=first, end=end, since=datetime.combine(first, time.min, zone),
                    until=datetime.combine(end, time.min, zone))
