"""Which slots each request kind collects, and which of them it needs before it can act."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from asks.perception.contract import KINDS_BY_ORG, Perception, RequestKind

# Slots a kind takes from a message (others said in the same message are ignored for that Ask).
SLOTS_BY_KIND: dict[str, tuple[str, ...]] = {
    "pix_transfer": ("amount", "recipient", "pix_key", "when", "when_unit"),
    "balance": (),
    "pix_history": ("when", "recipient"),
    "booking": ("activity", "when", "when_either_half", "when_unit", "party_size", "day_part", "offer_pick"),
    "availability": ("activity", "when", "when_either_half", "party_size", "day_part"),
    "product_search": ("product", "device_model", "capacity_gb", "amount"),  # an amount is the customer's budget
    "used_quote": ("device_model", "capacity_gb", "battery_health"),
    # the booking as it is to be (the done booking's values, with what the customer changed)
    "booking_change": ("activity", "when", "when_either_half", "when_unit", "party_size", "day_part", "offer_pick"),
    # which booking (said, or none: the one just made)
    "booking_cancel": ("activity", "when"),
    # a scheduled Pix as it is to be (the done request's values, with what the customer changed)
    "pix_transfer_change": ("amount", "recipient", "pix_key", "when", "when_unit"),
    # which scheduled Pix (said, or none: the one just scheduled)
    "pix_transfer_cancel": ("recipient", "amount", "when"),
}

# Each entry is a group: at least one slot of the group must be filled ("recipient or key").
REQUIRED_BY_KIND: dict[str, tuple[tuple[str, ...], ...]] = {
    "pix_transfer": (("recipient", "pix_key"), ("amount",)),
    "balance": (),
    "pix_history": (),
    "booking": (("activity",), ("when",), ("party_size",)),
    "availability": (),
    "product_search": (("product", "device_model"),),
    "used_quote": (("device_model",), ("capacity_gb",), ("battery_health",)),
    "booking_change": (("activity",), ("when",), ("party_size",)),
    "booking_cancel": (),
    "pix_transfer_change": (("recipient", "pix_key"), ("amount",), ("when",)),
    "pix_transfer_cancel": (),
}

# What each slot holds: "kind" (a kind or category of the catalogue: the product a customer looks for, "a phone
# case"), "name" (one thing by its name or reference: a recipient, a Pix key, an activity of the school's catalogue,
# a device's model) or "value" (an amount, a moment, a count, a measure). The guards read what a question offers by
# the slot it asks for (`guards.kinds.slot_asked`).
SLOT_HOLDS: dict[str, str] = {
    "product": "kind",
    "recipient": "name", "pix_key": "name", "activity": "name", "device_model": "name",
    "amount": "value", "when": "value", "when_either_half": "value", "when_unit": "value", "party_size": "value",
    "day_part": "value", "offer_pick": "value", "capacity_gb": "value", "battery_health": "value",
}

# Kinds that act on a request already done (kind → the done request's kind): started only by the decision engine,
# from a change or a cancellation said after that request, never offered as a request of their own.
FOLLOW_UPS: dict[str, str] = {"booking_change": "booking", "booking_cancel": "booking",
                              "pix_transfer_change": "pix_transfer", "pix_transfer_cancel": "pix_transfer"}

# A question whose answer a request of another kind often follows (question kind → that kind): "hay plazas para
# raquetas pasado mañana por la tarde?" then "genial, reserva para 3" books what the question said.
QUESTION_LEADS_TO: dict[str, str] = {"availability": "booking"}


def kinds_for(org_kind: str) -> tuple[RequestKind, ...]:
    return KINDS_BY_ORG.get(org_kind, ())  # type: ignore[call-overload]


def kinds_offered(org_kind: str) -> tuple[RequestKind, ...]:
    """The kinds a customer starts on their own (no `FOLLOW_UPS`): the greeting's list."""
    return tuple(kind for kind in kinds_for(org_kind) if kind not in FOLLOW_UPS)


def slot_values(perception: Perception, kind: str | None) -> dict[str, Any]:
    """JSON-ready values of the slots this message says, restricted to what `kind` collects (all, if None)."""
    said = {name: value for name, value in perception.slots.filled().items()}
    allowed = SLOTS_BY_KIND.get(kind, tuple(said)) if kind else tuple(said)
    return {
        name: value.model_dump() if hasattr(value, "model_dump") else value
        for name, value in said.items()
        if name in allowed
    }


def missing_slots(kind: str, values: Mapping[str, Any]) -> list[str]:
    """The first slot of every required group that has no value yet, in asking order."""
    return [group[0] for group in REQUIRED_BY_KIND.get(kind, ()) if not any(values.get(s) is not None for s in group)]
