"""Used-device quotes: all three inputs or nothing, battery bands, unknown models, the recorded row."""

from datetime import timedelta
from itertools import combinations

import pytest

from store.errors import InvalidArgument, ModelNotQuoted, QuoteIncomplete
from store.models import UsedDevicePrice, UsedDeviceQuote
from store.services import BATTERY_BANDS, QUOTE_VALIDITY, battery_percent_for, used_device_quote

FIELDS = ("device_model", "capacity_gb", "battery_health")
GOOD = {"device_model": "iPhone 13", "capacity_gb": 128, "battery_health": 95}
MISSING_SETS = [combo for size in (1, 2, 3) for combo in combinations(FIELDS, size)]


@pytest.mark.parametrize("missing", MISSING_SETS, ids=["+".join(combo) for combo in MISSING_SETS])
def test_each_missing_combination_is_refused_naming_exactly_those_fields(demostore, missing):
    arguments = {name: (None if name in missing else value) for name, value in GOOD.items()}
    with pytest.raises(QuoteIncomplete) as refused:
        used_device_quote(**arguments)
    assert refused.value.code == "quote_incomplete" and refused.value.http_status == 422
    assert refused.value.extra["missing"] == list(missing)  # exactly those, in the stable order
    assert not UsedDeviceQuote.objects.exists()  # no partial quote


def test_a_blank_model_counts_as_missing(demostore):
    with pytest.raises(QuoteIncomplete) as refused:
        used_device_quote(device_model="   ", capacity_gb=None, battery_health=80)
    assert refused.value.extra["missing"] == ["device_model", "capacity_gb"]


def test_missing_fields_are_reported_before_invalid_or_unknown_ones(demostore):
    with pytest.raises(QuoteIncomplete) as refused:
        used_device_quote(device_model="Nokia 3310", capacity_gb=None, battery_health=300)
    assert refused.value.extra["missing"] == ["capacity_gb"]


def test_bands_are_ordered_and_cover_0_to_100():
    assert [band.min_health for band in BATTERY_BANDS] == sorted((b.min_health for b in BATTERY_BANDS), reverse=True)
    assert BATTERY_BANDS[-1].min_health == 0
    assert [battery_percent_for(health) for health in range(101)] == (
        [60] * 70 + [75] * 10 + [90] * 10 + [100] * 11
    )


@pytest.mark.parametrize("health, percent", [(100, 100), (90, 100), (89, 90), (80, 90), (79, 75), (70, 75),
                                             (69, 60), (0, 60)])
def test_battery_bands_adjust_the_base_price(demostore, health, percent):
    quote = used_device_quote(device_model="iPhone 13", capacity_gb=128, battery_health=health)
    base = UsedDevicePrice.objects.get(model="iPhone 13", capacity_gb=128).base_cents
    assert (quote.base_cents, quote.battery_percent, quote.price_cents) == (base, percent, base * percent // 100)


def test_price_is_rounded_half_up_to_the_cent(demostore):
    UsedDevicePrice.objects.create(brand="Apple", model="iPhone 15", capacity_gb=128, base_cents=1_001, currency="ARS")
    assert used_device_quote(device_model="iPhone 15", capacity_gb=128, battery_health=85).price_cents == 901  # 900.9
    assert used_device_quote(device_model="iPhone 15", capacity_gb=128, battery_health=75).price_cents == 751  # 750.75


def test_the_quote_is_recorded_with_inputs_price_and_48_hours_validity(demostore):
    quote = used_device_quote(device_model="  Galaxy S22 ", capacity_gb=256, battery_health=82)
    stored = UsedDeviceQuote.objects.get()
    assert stored.pk == quote.pk
    assert (stored.device_model, stored.quoted_brand, stored.quoted_model, stored.capacity_gb,
            stored.battery_health) == ("Galaxy S22", "Samsung", "Galaxy S22", 256, 82)
    assert (stored.base_cents, stored.price_cents, stored.currency) == (440_000_00, 396_000_00, "ARS")
    assert stored.valid_until - stored.created_at == QUOTE_VALIDITY == timedelta(hours=48)


@pytest.mark.parametrize("said", ["iphone 13", "IPHONE13", "Apple iPhone 13", "ÍPHONE  13"])
def test_the_model_is_recognised_however_it_is_written(demostore, said):
    assert used_device_quote(device_model=said, capacity_gb=256, battery_health=90).quoted_model == "iPhone 13"


@pytest.mark.parametrize("said", ["s22", "S22", "Samsung S22"])
def test_a_model_code_alone_is_the_one_line_that_has_it(demostore, said):
    assert used_device_quote(device_model=said, capacity_gb=128, battery_health=90).quoted_model == "Galaxy S22"


def test_a_model_code_two_lines_have_is_not_quoted(demostore):
    UsedDevicePrice.objects.create(brand="Other", model="Phone S22", capacity_gb=128, base_cents=1_000, currency="ARS")
    with pytest.raises(ModelNotQuoted):
        used_device_quote(device_model="s22", capacity_gb=128, battery_health=90)


def test_an_unknown_model_is_not_quoted(demostore):
    with pytest.raises(ModelNotQuoted) as refused:
        used_device_quote(device_model="Nokia 3310", capacity_gb=128, battery_health=90)
    assert refused.value.code == "model_not_quoted"
    assert refused.value.extra == {"device_model": "Nokia 3310", "capacity_gb": 128, "quoted_capacities": []}
    assert not UsedDeviceQuote.objects.exists()


def test_a_known_model_in_an_unquoted_capacity_names_the_quoted_ones(demostore):
    with pytest.raises(ModelNotQuoted) as refused:
        used_device_quote(device_model="iPhone 12", capacity_gb=512, battery_health=90)
    assert refused.value.extra["quoted_capacities"] == [64, 128, 256]
    assert not UsedDeviceQuote.objects.exists()


@pytest.mark.parametrize("field, value", [("battery_health", 101), ("battery_health", -1), ("battery_health", True),
                                          ("capacity_gb", 0), ("capacity_gb", -64), ("capacity_gb", "128")])
def test_out_of_range_values_are_refused_with_their_field(demostore, field, value):
    with pytest.raises(InvalidArgument) as refused:
        used_device_quote(**(GOOD | {field: value}))
    assert refused.value.code == "invalid_argument"
    assert refused.value.extra["field"] == field and refused.value.extra["value"] == value
    assert not UsedDeviceQuote.objects.exists()
