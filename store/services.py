"""Writes of the store: stock movements, product upkeep, used-device prices and quotes.

Every function is keyword-only and runs in one transaction; stock changes lock the product row first
(`select_for_update`), so two reservations of the last unit cannot both succeed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import Case, IntegerField, Q, Value, When
from django.utils import timezone

from magie.bounds import text_problem
from magie.errors import NotFound
from magie.locking import row_locked
from store.errors import InvalidArgument, ModelNotQuoted, OutOfStock, ProductNotFound, QuoteIncomplete
from store.models import Product, UsedDevicePrice, UsedDeviceQuote
from store.search import model_key

# --- used-device quotes ----------------------------------------------------------------------------------------

QUOTE_REQUIRED_FIELDS = ("device_model", "capacity_gb", "battery_health")  # the order of QuoteIncomplete.missing
QUOTE_VALIDITY = timedelta(hours=48)


@dataclass(frozen=True)
class BatteryBand:
    min_health: int  # inclusive lower bound of battery health, in percent
    percent_of_base: int  # share of the base price paid


# Battery health → share of the base price. Checked from the top; the last band catches everything below 70 %.
#   90–100 % → 100 % of base    80–89 % → 90 % (−10 %)    70–79 % → 75 % (−25 %)    0–69 % → 60 % (−40 %)
BATTERY_BANDS: tuple[BatteryBand, ...] = (
    BatteryBand(90, 100),
    BatteryBand(80, 90),
    BatteryBand(70, 75),
    BatteryBand(0, 60),
)


def battery_percent_for(health: int) -> int:
    """Share of the base price paid for a device with this battery health (0..100)."""
    return next(band.percent_of_base for band in BATTERY_BANDS if health >= band.min_health)


def _is_missing(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _check_int(field: str, value: object, minimum: int, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum or (
        maximum is not None and value > maximum
    ):
        bounds = {"minimum": minimum} | ({"maximum": maximum} if maximum is not None else {})
        raise InvalidArgument(f"{field} is out of range", field=field, value=value, **bounds)
    return value


# A model named by its code alone, letters then digits ("s22", "a54"), without its line ("Galaxy"), as a model key
# writes it ("s 22")
_MODEL_CODE = re.compile(r"[a-z]{1,2} \d{1,3}(?: [a-z])?")


def _price_row_for(*, device_model: str, capacity_gb: int) -> UsedDevicePrice:
    """The price row for a model as a customer names it: case, accents and spacing ignored, brand optional
    ("iphone13", "Apple iPhone 13"), line optional for a model code that only one line has ("s22").
    ModelNotQuoted otherwise, naming the capacities quoted for that model."""
    key = model_key(device_model)
    first, _, rest = key.partition(" ")
    matches_model = Q(model_key=key) | Q(brand_key=first, model_key=rest)
    for code, brand in ((key, None), (rest, first)):  # "s22", "samsung s22": the one line whose model ends in it
        if _MODEL_CODE.fullmatch(code):
            rows = UsedDevicePrice.objects.filter(model_key__endswith=f" {code}")
            lines = set((rows.filter(brand_key=brand) if brand else rows).values_list("model_key", flat=True))
            if len(lines) == 1:
                matches_model |= Q(model_key=lines.pop())
    exact_first = Case(When(model_key=key, then=Value(0)), default=Value(1), output_field=IntegerField())
    row = UsedDevicePrice.objects.filter(matches_model, capacity_gb=capacity_gb).order_by(exact_first, "pk").first()
    if row is None:
        capacities = sorted(set(UsedDevicePrice.objects.filter(matches_model).values_list("capacity_gb", flat=True)))
        raise ModelNotQuoted(device_model=device_model, capacity_gb=capacity_gb, quoted_capacities=capacities)
    return row


@transaction.atomic
def used_device_quote(
    *, device_model: str | None, capacity_gb: int | None, battery_health: int | None
) -> UsedDeviceQuote:
    """Quote what the store pays for a used device and record the quote (valid for QUOTE_VALIDITY).

    All three inputs are required: if any is missing (None or blank text) QuoteIncomplete lists every missing
    one in QUOTE_REQUIRED_FIELDS order and nothing is recorded: there is no partial quote. Then
    InvalidArgument (field named) for capacity < 1 or battery health outside 0..100, ModelNotQuoted for a
    model/capacity without a price. Price = base × BATTERY_BANDS share, rounded half up to the cent.
    """
    given = {"device_model": device_model, "capacity_gb": capacity_gb, "battery_health": battery_health}
    missing = [field for field in QUOTE_REQUIRED_FIELDS if _is_missing(given[field])]
    if missing:
        raise QuoteIncomplete("model, capacity and battery health are all needed for a quote", missing=missing)
    if not isinstance(device_model, str) or len(device_model) > 120 or text_problem(device_model) is not None:
        raise InvalidArgument("device_model must be text of at most 120 characters", field="device_model")
    capacity = _check_int("capacity_gb", capacity_gb, 1)
    health = _check_int("battery_health", battery_health, 0, 100)
    row = _price_row_for(device_model=device_model, capacity_gb=capacity)
    percent = battery_percent_for(health)
    now = timezone.now()
    return UsedDeviceQuote.objects.create(
        device_model=device_model.strip()[:80], price_row=row, quoted_brand=row.brand, quoted_model=row.model,
        capacity_gb=capacity, battery_health=health, base_cents=row.base_cents, battery_percent=percent,
        price_cents=(row.base_cents * percent + 50) // 100, currency=row.currency, created_at=now,
        valid_until=now + QUOTE_VALIDITY,
    )


@transaction.atomic
def used_device_price_set(*, price_id: int | None = None, brand: str, model: str, capacity_gb: int, base_cents: int,
                          currency: str) -> UsedDevicePrice:
    """Set the buying price of one model and capacity: the row `price_id` (locked) when given, otherwise the row
    of that normalised model and capacity, created if there is none. ValidationError naming the fields if the
    result is invalid (e.g. it would duplicate another row's model and capacity)."""
    _check_int("capacity_gb", capacity_gb, 1)
    _check_int("base_cents", base_cents, 1)
    rows = UsedDevicePrice.objects.select_for_update()
    if price_id is not None:
        row = rows.filter(pk=price_id).first()
        if row is None:
            raise NotFound(price_id=price_id)
    else:
        row = rows.filter(model_key=model_key(model), capacity_gb=capacity_gb).first() or UsedDevicePrice()
    row.brand, row.model, row.capacity_gb, row.base_cents, row.currency = brand, model, capacity_gb, base_cents, currency
    row.refresh_keys()
    row.full_clean()
    row.save()
    return row


# --- products and stock ----------------------------------------------------------------------------------------

PRODUCT_EDITABLE_FIELDS = ("name", "brand", "model", "capacity_gb", "condition", "price_cents", "currency", "stock",
                           "warranty_months", "sold_out")


def _product_locked(product_id: int) -> Product:
    return row_locked(Product.objects, pk=product_id, missing=ProductNotFound(product_id=product_id))


@transaction.atomic
def product_reserve(*, product_id: int, quantity: int) -> Product:
    """Take `quantity` units out of stock for a sale. Locks the product row first.

    OutOfStock (409) when staff flagged the product sold out (reason "sold_out") or fewer units remain
    (reason "insufficient_stock"); nothing changes then. ProductNotFound, InvalidArgument for quantity < 1.
    """
    _check_int("quantity", quantity, 1)
    product = _product_locked(product_id)
    if product.sold_out:
        raise OutOfStock(product_id=product.pk, requested=quantity, available=0, reason="sold_out")
    if product.stock < quantity:
        raise OutOfStock(product_id=product.pk, requested=quantity, available=product.stock,
                         reason="insufficient_stock")
    product.stock -= quantity
    product.save(update_fields=["stock", "updated_at"])
    return product


@transaction.atomic
def product_release(*, product_id: int, quantity: int) -> Product:
    """Put `quantity` reserved units back into stock (a cancelled sale). Locks the product row first."""
    _check_int("quantity", quantity, 1)
    product = _product_locked(product_id)
    product.stock += quantity
    product.save(update_fields=["stock", "updated_at"])
    return product


@transaction.atomic
def product_create(*, sku: str, name: str, brand: str, model: str = "", capacity_gb: int | None = None,
                   condition: str = Product.Condition.NEW, price_cents: int, currency: str, stock: int = 0,
                   warranty_months: int | None = None, sold_out: bool = False) -> Product:
    """A new product; ValidationError naming the fields if a value is invalid (SKU taken, negative stock…)."""
    product = Product(sku=sku, name=name, brand=brand, model=model, capacity_gb=capacity_gb, condition=condition,
                      price_cents=price_cents, currency=currency, stock=stock, warranty_months=warranty_months,
                      sold_out=sold_out)
    product.full_clean()
    product.save()
    return product


@transaction.atomic
def product_update(*, product_id: int, **changes: Any) -> Product:
    """Change fields of PRODUCT_EDITABLE_FIELDS (stock, sold-out flag, price, warranty…). Locks the row first;
    ValidationError naming the fields if the result is invalid, and then nothing is written."""
    unknown = set(changes) - set(PRODUCT_EDITABLE_FIELDS)
    if unknown:
        raise InvalidArgument("these product fields cannot be changed", field=sorted(unknown)[0],
                              fields=sorted(unknown))
    product = _product_locked(product_id)
    for field, value in changes.items():
        setattr(product, field, value)
    product.full_clean()
    product.save()
    return product
