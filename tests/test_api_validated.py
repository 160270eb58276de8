import pytest
from rest_framework import serializers
from rest_framework.exceptions import ValidationError

from magie.api import validated


class PartySerializer(serializers.Serializer):
    party_size = serializers.IntegerField(min_value=1)
    note = serializers.CharField(required=False, default="")


def test_valid_input_comes_back_as_its_validated_data():
    assert validated(PartySerializer, {"party_size": "3"}) == {"party_size": 3, "note": ""}


def test_invalid_input_raises_the_400_naming_the_field():
    with pytest.raises(ValidationError) as refused:
        validated(PartySerializer, {"party_size": 0})
    assert set(refused.value.detail) == {"party_size"}
