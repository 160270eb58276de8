"""Bounded argument types for tools. A model may propose anything; these types refuse, before a tool runs and
before anything reaches a query, an approval or an engine:

* amounts that are not positive whole cents or exceed the organisation's maximum (`amount_too_large`);
* dates that are not ISO dates or fall outside a sane window around the turn's clock (`date_out_of_range`);
* text that is too long or cannot be stored (a NUL, a lone surrogate: `text_not_storable`);
* references that are not shaped like one this registry issues (`reference_malformed`).

The registry validates with `argument_context(...)`, which carries the clock and the organisation's maximum; a
refusal becomes a typed `ToolFailure` there. Without a context (a test building arguments by hand) amounts are
checked against the platform ceiling and dates against the real clock.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import Annotated, Any

from django.utils import timezone
from pydantic import AfterValidator, Field, ValidationInfo
from pydantic_core import PydanticCustomError

from magie.bounds import AMOUNT_CEILING_CENTS, text_problem

DAYS_BACK = 3660  # ten years: the oldest statement or date a tool looks at
DAYS_AHEAD = 731  # two years: the furthest booking or schedule a tool looks at (engines may allow less)
# The bounds refusals (the registry's, for any tool) that concern one slot of the Ask: held and re-asked like an
# engine's refusal of that slot (`ToolSpec.failed_slots`).
FAILED_SLOTS = {"amount_too_large": "amount", "date_out_of_range": "when"}
REFERENCE_RE = re.compile(r"^[a-z]{3}_[A-Za-z0-9_-]{1,44}$")


def argument_context(*, now: datetime, amount_max_cents: int) -> dict[str, Any]:
    return {"now": now, "amount_max_cents": min(amount_max_cents, AMOUNT_CEILING_CENTS)}


def _context(info: ValidationInfo) -> dict[str, Any]:
    return info.context if isinstance(info.context, dict) else {}


def _amount(value: int, info: ValidationInfo) -> int:
    maximum = _context(info).get("amount_max_cents", AMOUNT_CEILING_CENTS)
    if value > maximum:
        raise PydanticCustomError("amount_too_large", "the amount is above this organisation's maximum of "
                                  "{max_cents} cents per request", {"max_cents": maximum})
    return value


def _storable(value: str) -> str:
    problem = text_problem(value)
    if problem is not None:
        raise PydanticCustomError("text_not_storable", "the text contains a {problem} character, which is not text",
                                  {"problem": "NUL" if problem == "nul" else "lone surrogate"})
    return value


def _day_in_window(value: str, info: ValidationInfo) -> str:
    """An ISO date (a datetime's date part is accepted) within the window around the turn's clock, as YYYY-MM-DD."""
    try:
        day = date.fromisoformat(value[:10])
    except ValueError:
        raise PydanticCustomError("date_invalid", "not an ISO date (YYYY-MM-DD)") from None
    now = _context(info).get("now") or timezone.now()
    today = now.date()
    first, last = today - timedelta(days=DAYS_BACK), today + timedelta(days=DAYS_AHEAD)
    if not first <= day <= last:
        raise PydanticCustomError("date_out_of_range", "the date must be between {first} and {last}",
                                  {"first": first.isoformat(), "last": last.isoformat()})
    return day.isoformat()


def _reference(value: str) -> str:
    if not REFERENCE_RE.match(value):
        raise PydanticCustomError("reference_malformed", "this is not a reference a tool returned")
    return value


def Text(max_length: int, **field: Any) -> Any:  # noqa: N802 (a type factory, used like a type)
    """Text of at most `max_length` characters that can be stored as it is."""
    return Annotated[str, Field(max_length=max_length, **field), AfterValidator(_storable)]


# Whole cents (never a float, a string or a boolean), positive, at most the organisation's maximum.
AmountCents = Annotated[int, Field(gt=0, strict=True), AfterValidator(_amount)]
# A price ceiling (0 is a ceiling too), at most the organisation's maximum.
CeilingCents = Annotated[int, Field(ge=0, strict=True), AfterValidator(_amount)]
IsoDay = Annotated[str, Field(max_length=40), AfterValidator(_day_in_window)]
Reference = Annotated[str, Field(max_length=48), AfterValidator(_reference)]
PartySize = Annotated[int, Field(ge=1, le=1000, strict=True)]
Count = Annotated[int, Field(ge=1, le=99, strict=True)]  # units of one product asked for
CapacityGb = Annotated[int, Field(ge=1, le=100_000, strict=True)]
Percent = Annotated[int, Field(ge=0, le=100, strict=True)]
Name = Text(80)  # a contact, an activity, a device model as the customer named it
PixKeyText = Text(120)  # the bank engine reads at most 120 characters as a key
SearchText = Text(200)
