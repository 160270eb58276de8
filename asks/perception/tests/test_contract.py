import json
from typing import Any

import pytest
from pydantic import ValidationError

from asks.perception.contract import KINDS_BY_ORG, MoneySlot, Perception, Slots, perception_json_schema


def _objects(node: Any) -> list[dict[str, Any]]:
    """Every schema node that declares properties, at any depth."""
    found: list[dict[str, Any]] = []
    if isinstance(node, dict):
        if "properties" in node:
            found.append(node)
        for key, value in node.items():
            if key == "properties":
                for prop in value.values():
                    found.extend(_objects(prop))
            else:
                found.extend(_objects(value))
    elif isinstance(node, list):
        for item in node:
            found.extend(_objects(item))
    return found


def test_schema_is_strict_at_every_level():
    schema = perception_json_schema()
    objects = _objects(schema)
    assert len(objects) == 4  # Perception, Slots, MoneySlot, PixKeySlot
    for node in objects:
        assert node["additionalProperties"] is False
        assert sorted(node["required"]) == sorted(node["properties"])
    text = json.dumps(schema)
    assert '"default"' not in text and "uniqueItems" not in text and '"const"' not in text


def test_optional_fields_are_nullable_in_the_schema():
    slots = perception_json_schema()["$defs"]["Slots"]["properties"]
    assert {"type": "null"} in slots["recipient"]["anyOf"]
    assert {"type": "null"} in slots["amount"]["anyOf"]


def test_perception_round_trips_through_json_with_sorted_markers():
    perception = Perception(
        perceiver="builtin-1", lang="pt-BR", request_kind="pix_transfer",
        slots=Slots(amount=MoneySlot(amount_cents=5000, currency="BRL"), recipient="João"),
        markers=frozenset({"new_request", "correction"}),
    )
    data = json.loads(perception.model_dump_json())
    assert data["markers"] == ["correction", "new_request"]
    assert data["version"] == 1
    assert Perception.model_validate_json(perception.model_dump_json()) == perception


def test_models_are_frozen_and_forbid_extra_fields():
    with pytest.raises(ValidationError):
        Slots(colour="blue")
    slots = Slots(recipient="Ana")
    with pytest.raises(ValidationError):
        slots.recipient = "Pedro"


@pytest.mark.parametrize("when", ["2026-03-05", "2026-03-05T15:00:00-03:00", "15:00:00"])
def test_when_accepts_iso_8601(when):
    assert Slots(when=when).when == when


def test_when_rejects_free_text():
    with pytest.raises(ValidationError):
        Slots(when="amanhã")


def test_negative_amount_is_rejected():
    with pytest.raises(ValidationError):
        MoneySlot(amount_cents=-1, currency="BRL")


def test_filled_lists_only_given_slots():
    assert Slots(recipient="Ana", party_size=2).filled() == {"recipient": "Ana", "party_size": 2}


def test_kinds_by_org():
    assert KINDS_BY_ORG == {
        "bank": ("pix_transfer", "balance", "pix_history", "pix_transfer_change", "pix_transfer_cancel"),
        "school": ("booking", "availability", "booking_change", "booking_cancel"),
        "store": ("product_search", "used_quote"),
    }
