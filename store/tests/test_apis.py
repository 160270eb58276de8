"""The public web-shop API on the store's host; other kinds of organisation answer 404."""

import pytest
from django.core.cache import cache

from store.apis import QUOTE_RATE
from store.models import Product, UsedDeviceQuote


@pytest.fixture(autouse=True)
def fresh_throttle():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def api(demostore, host_client):
    return host_client("demostore")


def test_search_is_public_and_returns_live_products(api):
    response = api.get("/api/store/products/", {"q": "IPHONE 13", "capacity_gb": 128})
    assert response.status_code == 200
    body = response.json()
    assert body["count"] == 1
    hit = body["results"][0]
    assert hit["sku"] == "IP13-128-N"
    assert (hit["price_cents"], hit["currency"], hit["price_display"]) == (1_450_000_00, "ARS", "$1.450.000,00")
    assert (hit["stock"], hit["available"], hit["sold_out"], hit["warranty_months"]) == (4, True, False, 12)


def test_search_filters_and_defaults(api):
    everything = api.get("/api/store/products/", {"q": "galaxy"}).json()  # include_sold_out defaults to true
    assert {hit["sku"] for hit in everything["results"]} == {"SGS21-256-R", "SGS23-128-N", "ACC-FUNDA-S23"}
    available = api.get("/api/store/products/", {"q": "galaxy", "include_sold_out": "false"}).json()
    assert [hit["sku"] for hit in available["results"]] == ["ACC-FUNDA-S23"]
    cheap = api.get("/api/store/products/", {"q": "", "max_price_cents": 20_000_00, "limit": 2}).json()
    assert cheap["count"] == 2 and all(hit["price_cents"] <= 20_000_00 for hit in cheap["results"])
    motorola = api.get("/api/store/products/", {"q": "motorola"}).json()["results"][0]
    assert motorola["warranty_months"] is None


def test_search_refuses_a_bad_limit_through_the_shared_handler(api):
    response = api.get("/api/store/products/", {"q": "iphone", "limit": 500})
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_argument" and response.json()["extra"]["field"] == "limit"


def test_product_detail(api):
    product = Product.objects.get(sku="SGS23-128-N")
    response = api.get(f"/api/store/products/{product.pk}/")
    assert response.status_code == 200
    assert set(response.json()) == {"id", "sku", "name", "brand", "model", "capacity_gb", "condition", "price_cents",
                                    "currency", "price_display", "stock", "available", "sold_out", "warranty_months"}
    assert {key: response.json()[key] for key in ("sku", "stock", "available", "sold_out")} == {
        "sku": "SGS23-128-N", "stock": 2, "available": False, "sold_out": True}
    missing = api.get("/api/store/products/999999999/")
    assert missing.status_code == 404
    assert missing.json() == {"code": "product_not_found", "message": "product_not_found",
                              "extra": {"product_id": 999999999}}


def test_quote_is_created_and_recorded(api):
    response = api.post("/api/store/used-device-quotes/",
                        {"device_model": "iphone 12", "capacity_gb": 128, "battery_health": 75},
                        content_type="application/json")
    assert response.status_code == 201, response.content
    body = response.json()
    assert set(body) == {"quote_id", "device_model", "brand", "model", "capacity_gb", "battery_health", "base_cents",
                         "battery_percent", "price_cents", "currency", "price_display", "created_at", "valid_until"}
    assert (body["model"], body["capacity_gb"], body["battery_percent"], body["price_cents"], body["currency"]) == (
        "iPhone 12", 128, 75, 322_500_00, "ARS")
    assert body["price_display"] == "$322.500,00"  # language.money.format_money: es + ARS → es_AR
    assert UsedDeviceQuote.objects.get(pk=body["quote_id"]).battery_health == 75


def test_quote_without_all_inputs_is_422_with_the_missing_fields(api):
    response = api.post("/api/store/used-device-quotes/", {"battery_health": 88}, content_type="application/json")
    assert response.status_code == 422
    assert response.json()["code"] == "quote_incomplete"
    assert response.json()["extra"] == {"missing": ["device_model", "capacity_gb"]}
    response = api.post("/api/store/used-device-quotes/", {"device_model": "", "capacity_gb": None,
                                                           "battery_health": None}, content_type="application/json")
    assert response.json()["extra"]["missing"] == ["device_model", "capacity_gb", "battery_health"]
    assert not UsedDeviceQuote.objects.exists()


def test_quote_refusals(api):
    unknown = api.post("/api/store/used-device-quotes/",
                       {"device_model": "Pixel 7", "capacity_gb": 128, "battery_health": 90},
                       content_type="application/json")
    assert unknown.status_code == 422 and unknown.json()["code"] == "model_not_quoted"
    battery = api.post("/api/store/used-device-quotes/",
                       {"device_model": "iPhone 13", "capacity_gb": 128, "battery_health": 120},
                       content_type="application/json")
    assert battery.status_code == 400
    assert battery.json()["code"] == "invalid_argument" and battery.json()["extra"]["field"] == "battery_health"
    assert not UsedDeviceQuote.objects.exists()


def test_anonymous_quotes_are_throttled(api):
    allowed = int(QUOTE_RATE.split("/")[0])
    statuses = [api.post("/api/store/used-device-quotes/", {}, content_type="application/json").status_code
                for _ in range(allowed + 1)]
    assert statuses == [422] * allowed + [429]


@pytest.mark.parametrize("url", ["/api/store/products/", "/api/store/products/1/"])
def test_other_kinds_do_not_have_the_store_api(demobank, host_client, url):
    assert host_client("demobank").get(url).status_code == 404
    assert host_client("demobank").post("/api/store/used-device-quotes/", {}).status_code == 404
