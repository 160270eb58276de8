"""Catalog search on the demo store: accents and case, filters, live stock and sold-out flags, limit."""

import pytest

from store import services
from store.errors import InvalidArgument, ProductNotFound
from store.models import Product
from store.search import query_terms, search_text_for, words
from store.selectors import catalog_search, product_get


def skus(hits) -> list[str]:
    return [hit.sku for hit in hits]


def test_words_fold_accents_case_and_split_letters_from_digits():
    assert words("iPhone13 128GB Ónix, RÁPIDO") == ["iphone", "13", "128", "gb", "onix", "rapido"]
    assert search_text_for(brand="Apple", model="iPhone 13", name="iPhone 13 128 GB", capacity_gb=128) == (
        " apple iphone 13 128 gb "
    )
    assert query_terms("un iPhone de 128 gigas") == [("iphone", True), ("128", False)]


@pytest.mark.parametrize("query", ["iphone 13", "IPHONE 13", "iPhone13", "íphone 13", "  Iphone   13 "])
def test_case_accents_and_spacing_do_not_matter(demostore, query):
    assert set(skus(catalog_search(query=query))) == {"IP13-128-N", "IP13-256-R", "ACC-FUNDA-IP13"}


def test_accented_product_words_are_found_without_accents_and_the_other_way_round(demostore):
    assert skus(catalog_search(query="cargador rapido samsung")) == ["ACC-CARG-25W"]
    assert skus(catalog_search(query="ONIX")) == ["XRN12-128-N"]  # stored as "Ónix"
    assert skus(catalog_search(query="mótorola édge")) == ["MOTO-E40-256-N"]


def test_a_word_may_be_the_beginning_of_a_longer_one_but_a_number_must_match_whole(demostore):
    assert set(skus(catalog_search(query="galax s 23"))) == {"SGS23-128-N", "ACC-FUNDA-S23"}
    assert catalog_search(query="iphone 12") == []  # "12" is not the beginning of "128"
    assert catalog_search(query="nokia") == []


def test_capacity_filter(demostore):
    assert skus(catalog_search(query="iphone", capacity_gb=256)) == ["IP13-256-R"]
    assert set(skus(catalog_search(query="", capacity_gb=128))) == {"IP13-128-N", "IP14-128-N", "SGS23-128-N",
                                                                    "XRN12-128-N"}


def test_max_price_filter(demostore):
    assert set(skus(catalog_search(query="funda", max_price_cents=10_000_00))) == {"ACC-FUNDA-S23"}
    assert set(skus(catalog_search(query="funda", max_price_cents=12_000_00))) == {"ACC-FUNDA-S23", "ACC-FUNDA-IP13"}


def test_hits_carry_stock_availability_sold_out_and_warranty(demostore):
    s21, = catalog_search(query="galaxy s21")
    assert (s21.stock, s21.available, s21.sold_out) == (0, False, False)
    s23 = next(hit for hit in catalog_search(query="galaxy s23") if hit.sku == "SGS23-128-N")
    assert (s23.stock, s23.available, s23.sold_out) == (2, False, True)  # flagged although units remain
    ip13, = catalog_search(query="iphone 13", capacity_gb=128)
    assert (ip13.available, ip13.price_cents, ip13.currency, ip13.warranty_months) == (True, 1_450_000_00, "ARS", 12)
    assert catalog_search(query="motorola")[0].warranty_months is None  # no data on record
    assert catalog_search(query="funda iphone")[0].warranty_months == 0  # explicitly none


def test_excluding_sold_out_drops_both_empty_stock_and_flagged_products(demostore):
    assert skus(catalog_search(query="galaxy", include_sold_out=False)) == ["ACC-FUNDA-S23"]
    everything = catalog_search(query="", limit=50)
    available = catalog_search(query="", include_sold_out=False, limit=50)
    assert {hit.sku for hit in everything if hit.available} == set(skus(available))
    assert {"SGS21-256-R", "SGS23-128-N", "ACC-CABLE-LTG"} <= set(skus(everything)) - set(skus(available))


def test_available_products_come_first(demostore):
    hits = catalog_search(query="", limit=50)
    flags = [hit.available for hit in hits]
    assert flags == sorted(flags, reverse=True) and False in flags


def test_search_reads_live_every_time(demostore):
    product = Product.objects.get(sku="IP14-128-N")
    assert catalog_search(query="iphone 14")[0].stock == 3
    services.product_reserve(product_id=product.pk, quantity=3)
    hit, = catalog_search(query="iphone 14")
    assert (hit.stock, hit.available) == (0, False)
    assert catalog_search(query="iphone 14", include_sold_out=False) == []
    services.product_update(product_id=product.pk, stock=5, sold_out=True)
    hit, = catalog_search(query="iphone 14")
    assert (hit.stock, hit.available, hit.sold_out) == (5, False, True)


def test_limit(demostore):
    assert len(catalog_search(query="", limit=3)) == 3
    assert len(catalog_search(query="")) == 10
    assert len(catalog_search(query="", limit=50)) == Product.objects.count() == 12
    for bad in (0, 51, -1, "5", True):
        with pytest.raises(InvalidArgument) as refused:
            catalog_search(query="", limit=bad)
        assert refused.value.extra["field"] == "limit"


def test_bad_filters_are_refused_with_their_field(demostore):
    with pytest.raises(InvalidArgument) as refused:
        catalog_search(query="iphone", capacity_gb=0)
    assert refused.value.extra["field"] == "capacity_gb"
    with pytest.raises(InvalidArgument) as refused:
        catalog_search(query="iphone", max_price_cents=-1)
    assert refused.value.extra["field"] == "max_price_cents"


def test_product_get(demostore):
    product = Product.objects.get(sku="MOTO-E40-256-N")
    hit = product_get(product_id=product.pk)
    assert (hit.name, hit.capacity_gb, hit.warranty_months) == ("Motorola Edge 40 256 GB Eclipse", 256, None)
    with pytest.raises(ProductNotFound) as missing:
        product_get(product_id=10**9)
    assert missing.value.code == "product_not_found" and missing.value.http_status == 404


def test_the_bank_has_no_products(demobank):
    assert catalog_search(query="") == []


@pytest.mark.parametrize("query", ["iphone\x00", "\udfff", "iphone " * 40])
def test_a_query_that_cannot_be_looked_up_is_an_invalid_argument(demostore, query):
    with pytest.raises(InvalidArgument) as refused:
        catalog_search(query=query)
    assert refused.value.extra["field"] == "query"


@pytest.mark.parametrize("device_model", ["iPhone 12\x00", "iPhone \ud800", "i" * 121])
def test_a_device_model_that_cannot_be_looked_up_is_an_invalid_argument(demostore, device_model):
    with pytest.raises(InvalidArgument) as refused:
        services.used_device_quote(device_model=device_model, capacity_gb=128, battery_health=90)
    assert refused.value.extra["field"] == "device_model"
