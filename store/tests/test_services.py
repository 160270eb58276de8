"""Stock operations and product upkeep through the services; the database keeps the invariants too."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from store import services
from store.errors import InvalidArgument, OutOfStock, ProductNotFound
from store.models import Product


@pytest.fixture
def iphone14(demostore):
    return Product.objects.get(sku="IP14-128-N")  # stock 3


def test_reserve_takes_units_out_of_stock(iphone14):
    services.product_reserve(product_id=iphone14.pk, quantity=2)
    iphone14.refresh_from_db()
    assert iphone14.stock == 1


def test_reserving_more_than_the_stock_is_refused_and_changes_nothing(iphone14):
    with pytest.raises(OutOfStock) as refused:
        services.product_reserve(product_id=iphone14.pk, quantity=4)
    assert refused.value.code == "out_of_stock" and refused.value.http_status == 409
    assert refused.value.extra == {"product_id": iphone14.pk, "requested": 4, "available": 3,
                                   "reason": "insufficient_stock"}
    iphone14.refresh_from_db()
    assert iphone14.stock == 3


def test_a_product_flagged_sold_out_cannot_be_reserved_even_with_stock(demostore):
    s23 = Product.objects.get(sku="SGS23-128-N")
    with pytest.raises(OutOfStock) as refused:
        services.product_reserve(product_id=s23.pk, quantity=1)
    assert refused.value.extra["reason"] == "sold_out"
    s23.refresh_from_db()
    assert s23.stock == 2


def test_reserve_refuses_unknown_products_and_bad_quantities(iphone14):
    with pytest.raises(ProductNotFound):
        services.product_reserve(product_id=10**9, quantity=1)
    for quantity in (0, -1, True):
        with pytest.raises(InvalidArgument) as refused:
            services.product_reserve(product_id=iphone14.pk, quantity=quantity)
        assert refused.value.extra["field"] == "quantity"
    iphone14.refresh_from_db()
    assert iphone14.stock == 3


def test_release_puts_units_back(iphone14):
    services.product_reserve(product_id=iphone14.pk, quantity=3)
    services.product_release(product_id=iphone14.pk, quantity=1)
    iphone14.refresh_from_db()
    assert iphone14.stock == 1


def test_the_database_refuses_negative_stock(iphone14):
    with pytest.raises(IntegrityError), transaction.atomic():
        Product.objects.filter(pk=iphone14.pk).update(stock=-1)


def test_skus_are_unique(demostore):
    with pytest.raises(ValidationError) as refused:
        services.product_create(sku="IP14-128-N", name="Otro", brand="Apple", price_cents=1, currency="ARS")
    assert "sku" in refused.value.message_dict
    with pytest.raises(IntegrityError), transaction.atomic():
        Product.objects.create(sku="IP14-128-N", name="Otro", brand="Apple", price_cents=1, currency="ARS")


def test_update_validates_and_keeps_the_search_words_in_step(iphone14):
    with pytest.raises(ValidationError) as refused:
        services.product_update(product_id=iphone14.pk, stock=-2)
    [problem] = refused.value.message_dict["__all__"]  # the stock constraint, checked before the write
    assert "store_product_stock_not_negative" in problem and list(refused.value.message_dict) == ["__all__"]
    services.product_update(product_id=iphone14.pk, name="iPhone 14 128 GB Púrpura")
    iphone14.refresh_from_db()
    assert " purpura " in iphone14.search_text and iphone14.stock == 3
    with pytest.raises(InvalidArgument):
        services.product_update(product_id=iphone14.pk, sku="NEW")


def test_warranty_keeps_unknown_apart_from_none(demostore):
    product = services.product_create(sku="X-1", name="Auriculares", brand="JBL", price_cents=100, currency="ARS")
    assert product.warranty_months is None
    services.product_update(product_id=product.pk, warranty_months=0)
    product.refresh_from_db()
    assert product.warranty_months == 0


def test_used_device_price_set_replaces_by_normalised_model(demostore):
    from store.models import UsedDevicePrice

    services.used_device_price_set(brand="Apple", model="IPHONE13", capacity_gb=128, base_cents=1_000, currency="ARS")
    row = UsedDevicePrice.objects.get(model_key="iphone 13", capacity_gb=128)
    assert row.base_cents == 1_000 and UsedDevicePrice.objects.filter(model_key="iphone 13").count() == 3
