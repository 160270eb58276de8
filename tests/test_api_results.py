"""magie.api.ResultSerializer: an engine's frozen result rendered field by field from its annotations."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from rest_framework import serializers

from magie.api import ResultSerializer, result_serializer_for


@dataclass(frozen=True)
class Owner:
    name: str
    verified: bool


@dataclass(frozen=True)
class Receipt:
    id: int
    slug: str
    amount_cents: int
    owner: Owner
    co_owners: tuple[Owner, ...]
    counts: dict[str, int]
    settled_at: datetime | None


RECEIPT = Receipt(id=7, slug="r-7", amount_cents=1_250, owner=Owner("Ana", True),
                  co_owners=(Owner("Bia", False),), counts={"out": 2}, settled_at=None)


def test_every_field_is_rendered_by_its_annotation_in_the_dataclass_order():
    data = result_serializer_for(Receipt)(RECEIPT).data
    assert list(data) == ["id", "slug", "amount_cents", "owner", "co_owners", "counts", "settled_at"]
    assert data == {"id": 7, "slug": "r-7", "amount_cents": 1_250, "owner": {"name": "Ana", "verified": True},
                    "co_owners": [{"name": "Bia", "verified": False}], "counts": {"out": 2}, "settled_at": None}


def test_a_datetime_renders_as_drf_renders_it():
    settled = Receipt(**{**RECEIPT.__dict__, "settled_at": datetime(2026, 12, 1, 20, 0, tzinfo=UTC)})
    assert result_serializer_for(Receipt)(settled).data["settled_at"] == serializers.DateTimeField().to_representation(
        settled.settled_at)


class RenamedSerializer(ResultSerializer):
    reference = serializers.CharField(source="slug")
    amount = serializers.SerializerMethodField()
    id = serializers.SerializerMethodField()

    class Meta:
        result = Receipt
        exclude = ("slug", "co_owners", "counts")

    def get_amount(self, receipt: Receipt) -> str:
        return f"{receipt.amount_cents / 100:.2f}"

    def get_id(self, receipt: Receipt) -> str:
        return f"#{receipt.id}"


def test_declared_fields_replace_in_place_add_at_the_end_and_exclude_leaves_out():
    data = RenamedSerializer(RECEIPT).data
    assert list(data) == ["id", "amount_cents", "owner", "settled_at", "reference", "amount"]
    assert (data["id"], data["reference"], data["amount"]) == ("#7", "r-7", "12.50")
