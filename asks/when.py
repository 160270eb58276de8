"""How a `when` said in a later message combines with the one the Ask holds.

A time of day alone ("millor a les 9", "a las 10", "at 3pm") after a date or a date and time keeps the day:
"demà" then "a les 9" is tomorrow at 9, and "dissabte a les 15:00" then "millor a les 9" is Saturday at 9. Anything
with a date replaces the value as said ("better on Sunday" is Sunday, with no time), unless the same time is said
with it ("pasado mañana a la misma hora": `at_the_time_of`). The result is ISO 8601 as in
`asks.perception.contract.Slots.when`, an aware datetime in the organisation's time zone.
"""

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

# The slot that says the hour of `when` was said without its half of the day (`Slots.when_either_half`): it belongs
# to the `when` said with it, so a `when` said without it clears it, and it never makes a value conflict on its own.
EITHER_HALF = "when_either_half"
# The slot that says `when` was said as a count of weeks ahead (`Slots.when_unit`): likewise it belongs to the `when`
# said with it; a later count said with no unit ("dentro de 2") is read in it (`asks.decide`).
WHEN_UNIT = "when_unit"
# The slots that go with the `when` said: never a conflict of their own, cleared by a `when` said without them.
WITH_WHEN = frozenset({EITHER_HALF, WHEN_UNIT})


def is_time_only(value: object) -> bool:
    """Whether `value` is a `when` with a time of day and no date ("09:00:00")."""
    return isinstance(value, str) and _time_only(value) is not None


def is_date_only(value: object) -> bool:
    """Whether `value` is a `when` with a date and no time of day ("2026-12-05"): a time said next completes it."""
    if not isinstance(value, str) or len(value) != 10:
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


def _time_only(value: str) -> time | None:
    """The time of a time-of-day-alone `when` ("15:00:00"), else None."""
    if "T" in value or "-" in value[:8]:
        return None
    try:
        return time.fromisoformat(value)
    except ValueError:
        return None


def _day_of(value: str) -> date | None:
    """The date of a `when` that has one ("2026-03-05", "2026-03-05T15:00:00+01:00"), else None."""
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None


def when_merge(*, previous: object, said: str, time_zone: str) -> str:
    """The `when` the Ask holds after `said`: a time alone joins the day of `previous` (see the module docstring)."""
    clock = _time_only(said)
    day = _day_of(previous) if isinstance(previous, str) else None
    if clock is None or day is None:
        return said
    return datetime.combine(day, clock.replace(tzinfo=None), tzinfo=ZoneInfo(time_zone)).isoformat()


def shifted_when(held: object, days: int, said: object = None) -> str | None:
    """The `when` held moved by `days` ("the next day" 1, "the day before" -1), its time of day kept, or the time
    said alone with it ("the day after at 9": `said` "09:00:00") on the new day; None when `held` has no day."""
    if not isinstance(held, str) or (day := _day_of(held)) is None:
        return None
    new_day = day + timedelta(days=days)
    if len(held) == 10:
        moved = new_day.isoformat()
    else:
        at = datetime.fromisoformat(held)
        moved = datetime.combine(new_day, at.timetz()).isoformat()
    clock = _time_only(said) if isinstance(said, str) else None
    if clock is None or "T" not in moved:  # a day alone (a Pix's) keeps no time of day
        return moved
    return datetime.combine(new_day, clock.replace(tzinfo=datetime.fromisoformat(moved).tzinfo)).isoformat()


def at_the_time_of(held: object, said: object) -> str | None:
    """The day `said` (a date alone) at the time of day of `held` ("then the day after tomorrow at the same time"),
    or None when either is missing that part."""
    if not is_date_only(said) or not isinstance(held, str) or "T" not in held:
        return None
    at = datetime.fromisoformat(held)
    assert isinstance(said, str)
    return datetime.combine(date.fromisoformat(said), at.timetz()).isoformat()
