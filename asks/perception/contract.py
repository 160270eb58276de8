"""The Perception contract: what a perceiver (rule-based now, a model later) read in one customer message.

Version 1. Models are frozen and forbid unknown fields; `perception_json_schema()` is the same structure
as a strict JSON schema for an OpenAI strict function tool, so a model perceiver fills exactly this.

Every value is bounded, so whatever a perceiver reports can be stored, formatted and compared downstream: text is
short and storable (no NUL, no lone surrogate), amounts have at most 24 digits of cents (an absurd amount is kept
as said — the tool that would act on it refuses it with the organisation's maximum), dates lie between the years
1900 and 2199, counts are those of people and phones. A model's perception outside them is malformed output.
"""

import copy
from datetime import date, datetime, time
from typing import Annotated, Any, Final, Literal, get_args

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_serializer, field_validator, model_validator

from language.locales import Lang
from language.markers import Marker
from language.money import AMOUNT_READ_MAX_CENTS
from language.pix_keys import PixKeyType
from magie.bounds import text_problem

RequestKind = Literal["pix_transfer", "balance", "pix_history", "booking", "availability", "product_search", "used_quote",
                      "booking_change", "booking_cancel", "pix_transfer_change", "pix_transfer_cancel"]
# The values of `magie.choices.OrganisationKind` but the platform (a test holds them equal), spelled here because
# perception is plain Python; the rules compare an organisation's kind with one of the names below, which mypy checks.
OrgKind = Literal["bank", "school", "store"]
ORG_KINDS: tuple[OrgKind, ...] = get_args(OrgKind)
BANK: Final[OrgKind] = "bank"
SCHOOL: Final[OrgKind] = "school"
STORE: Final[OrgKind] = "store"
KINDS_BY_ORG: dict[OrgKind, tuple[RequestKind, ...]] = {
    "bank": ("pix_transfer", "balance", "pix_history", "pix_transfer_change", "pix_transfer_cancel"),
    "school": ("booking", "availability", "booking_change", "booking_cancel"),
    "store": ("product_search", "used_quote"),
}



def org_kind_of(value: str) -> OrgKind:
    """`value` (an organisation's kind, stored as text) as an OrgKind; ValueError for another."""
    if value not in ORG_KINDS:
        raise ValueError(f"no organisation kind {value!r}")
    return value


_STRICT = ConfigDict(extra="forbid", frozen=True)
_CURRENCY = r"^[A-Z]{3}$"
WHEN_YEARS = (1900, 2199)


def _storable(value: str) -> str:
    """Refuse text that no column can hold (a NUL, a lone surrogate)."""
    if text_problem(value) is not None:
        raise ValueError("contains a NUL or a lone surrogate")
    return value


# Storable text of at most N characters.
_Text32 = Annotated[str, Field(max_length=32), AfterValidator(_storable)]
_Text80 = Annotated[str, Field(max_length=80), AfterValidator(_storable)]
_Text120 = Annotated[str, Field(max_length=120), AfterValidator(_storable)]
_Text128 = Annotated[str, Field(max_length=128), AfterValidator(_storable)]
_Text200 = Annotated[str, Field(max_length=200), AfterValidator(_storable)]
_Name = _Text120


class MoneySlot(BaseModel):
    """An amount in minor units (cents) of an ISO-4217 currency."""

    model_config = _STRICT
    amount_cents: int = Field(ge=0, le=AMOUNT_READ_MAX_CENTS)
    currency: str = Field(pattern=_CURRENCY)


class PixKeySlot(BaseModel):
    """A Pix key in the normal form of `language.pix_keys`."""

    model_config = _STRICT
    type: PixKeyType
    value: _Text120


class Slots(BaseModel):
    """Values said in the message; None means "not said in this message".

    `when` is ISO 8601: a date ("2026-03-05"), an aware datetime ("2026-03-05T15:00:00-03:00"), or a
    time of day alone ("15:00:00") when the customer gave no date. `when_either_half` is True when its hour was said
    without its half of the day ("a las 7", "às 7", "a les 7", "at 7": no am/pm, no part of the day, no 24-hour
    "19h"/"07:00"): `when` holds one reading and the hour twelve hours away is as likely, for code that knows the
    opening hours to choose (`language.dates`); None otherwise.
    """

    model_config = _STRICT
    amount: MoneySlot | None = None
    pix_key: PixKeySlot | None = None
    recipient: _Name | None = None
    when: str | None = Field(default=None, max_length=40)
    when_either_half: bool | None = Field(
        default=None, description="true if the hour of `when` was said without am/pm or a part of the day ('at 7')")
    party_size: int | None = Field(default=None, ge=1, le=1000)
    party_added: int | None = Field(
        default=None, ge=1, le=1000, description="people joining a group already said ('one more person is joining')")
    party_removed: int | None = Field(
        default=None, ge=1, le=1000, description="people leaving a group already said ('one of us can't come')")
    day_shift: int | None = Field(
        default=None, ge=-31, le=31, description="days from the day of the request being changed, not from today "
        "('the next day' 1, 'the day before' -1)")
    when_unitless: str | None = Field(
        default=None, max_length=10, description="the day a count said with no unit would be in days ('es para "
        "dentro de 4': today + 4, ISO date): taken as `when` only by a request already holding a day")
    when_unitless_weeks: str | None = Field(
        default=None, max_length=10, description="the same count read in weeks ('dentro de 2' after 'dentro de una "
        "semana': today + 14, ISO date): taken instead by a request whose day was said in weeks")
    when_unit: Literal["week"] | None = Field(
        default=None, description="'week' when `when` was said as a count of weeks ahead ('dentro de una semana')")
    day_part: Literal["morning", "afternoon", "evening", "night"] | None = Field(
        default=None, description="a part of the day said without a clock time ('al matí', 'the afternoon one')")
    offer_pick: Literal["first", "second", "third", "last"] | None = Field(
        default=None, description="one of the times the agent just listed, by its place ('the later one', 'la segona')")
    activity: _Name | None = None
    product: _Text200 | None = None
    device_model: _Name | None = None
    capacity_gb: int | None = Field(default=None, ge=1, le=100_000)
    battery_health: int | None = Field(default=None, ge=0, le=100)

    @field_validator("when")
    @classmethod
    def _iso_8601(cls, value: str | None) -> str | None:
        """Reject a `when` that is no ISO 8601 date, datetime or time, or a date outside WHEN_YEARS (so adding a
        day or a time zone to it can never overflow)."""
        if value is None:
            return value
        for parse in (date.fromisoformat, datetime.fromisoformat, time.fromisoformat):
            try:
                parsed = parse(value)
            except ValueError:
                continue
            if isinstance(parsed, date) and not WHEN_YEARS[0] <= parsed.year <= WHEN_YEARS[1]:
                raise ValueError(f"the year must be between {WHEN_YEARS[0]} and {WHEN_YEARS[1]}")
            return value
        raise ValueError("not an ISO 8601 date, datetime or time")

    @model_validator(mode="before")
    @classmethod
    def _either_half_of_an_hour_said(cls, data: Any) -> Any:
        """`when_either_half` is about the hour of this `when`: without a time of day said it says nothing; and
        False says no more than None (the half was said), so it is kept as None and fills nothing."""
        if isinstance(data, dict) and "when_either_half" in data:
            when = data.get("when")
            if not (data["when_either_half"] and isinstance(when, str) and ":" in when):
                data = {**data, "when_either_half": None}
        if isinstance(data, dict) and data.get("when_unit") and not data.get("when"):
            data = {**data, "when_unit": None}  # the unit of a day said, none without one
        return data

    def filled(self) -> dict[str, Any]:
        """The slots that have a value, by name (nested models stay models)."""
        return {name: getattr(self, name) for name in type(self).model_fields if getattr(self, name) is not None}


class Perception(BaseModel):
    """What one customer message says, versioned.

    `asked_for` is the slot the agent had just asked for (context that lets a bare number or name be read as an answer);
    `replies_to` is the channel id of the message a swipe-reply quotes (None when the message quotes nothing).
    """

    model_config = _STRICT
    version: Literal[1] = 1
    perceiver: _Text80
    lang: Lang
    request_kind: RequestKind | None = None
    slots: Slots = Field(default_factory=Slots)
    markers: frozenset[Marker] = frozenset()
    asked_for: _Text32 | None = None
    replies_to: _Text128 | None = None

    @field_serializer("markers")
    def _sorted_markers(self, markers: frozenset[Marker]) -> list[str]:
        """Markers serialise as a sorted list, so the JSON is stable."""
        return sorted(markers)


# Keywords strict mode rejects; lengths stay checked by the models, after the call.
_UNSUPPORTED_IN_STRICT = ("default", "uniqueItems", "title", "maxLength", "minLength")


def _make_strict(node: Any) -> Any:
    """Recursively: every object lists all its properties as required and forbids others; drop keywords
    strict mode rejects (defaults, uniqueItems, titles) and write `const` as a one-value `enum`."""
    if isinstance(node, list):
        return [_make_strict(item) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: _make_strict(value) for key, value in node.items() if key not in _UNSUPPORTED_IN_STRICT}
    if "const" in out:
        out["enum"] = [out.pop("const")]
    if "properties" in node:
        out["properties"] = {name: _make_strict(prop) for name, prop in node["properties"].items()}
        out["required"] = list(node["properties"])
        out["additionalProperties"] = False
    if "$defs" in node:
        out["$defs"] = {name: _make_strict(definition) for name, definition in node["$defs"].items()}
    return out


def strict_json_schema(model: type[BaseModel]) -> dict[str, Any]:
    """Any pydantic model as a strict JSON schema (see `_make_strict`), e.g. a tool's arguments."""
    return _make_strict(copy.deepcopy(model.model_json_schema(mode="serialization")))


def perception_json_schema() -> dict[str, Any]:
    """Strict JSON schema of `Perception` for an OpenAI strict function tool.

    Every property is required (optional ones are nullable through `anyOf` with `{"type": "null"}`) and
    every object has `additionalProperties: false`.
    """
    schema = copy.deepcopy(Perception.model_json_schema(mode="serialization"))
    return _make_strict(schema)


__all__ = [
    "BANK", "KINDS_BY_ORG", "Marker", "MoneySlot", "OrgKind", "org_kind_of", "Perception", "PixKeySlot", "RequestKind",
    "SCHOOL", "Slots", "perception_json_schema", "strict_json_schema",
]
