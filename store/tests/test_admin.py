"""Back-office pages of the store: load in the demo store, absent in the bank."""

import re

import pytest
from django.db import connection
from django_tenants.utils import schema_context

from store.models import Product, UsedDevicePrice, UsedDeviceQuote
from store.services import used_device_quote
from tenants.tests.test_admin import signed_in


@pytest.fixture
def store_ids(demostore):
    ids = {
        "product": Product.objects.get(sku="MOTO-E40-256-N").pk,
        "useddeviceprice": UsedDevicePrice.objects.order_by("pk").first().pk,
        "useddevicequote": used_device_quote(device_model="iPhone 14", capacity_gb=256, battery_health=91).pk,
    }
    connection.set_schema_to_public()
    return ids


def test_store_pages_load_for_the_demo_store(store_ids):
    client = signed_in("demostore", "admin")
    index = client.get("/admin/")
    assert index.status_code == 200 and "/admin/store/product/" in index.content.decode()
    for model, pk in store_ids.items():
        for url in (f"/admin/store/{model}/", f"/admin/store/{model}/{pk}/change/"):
            response = client.get(url)
            assert response.status_code == 200, url
    assert client.get("/admin/store/product/add/").status_code == 200


def test_unknown_warranty_shows_a_dash_and_zero_shows_none(store_ids):
    page = signed_in("demostore", "admin").get("/admin/store/product/").content.decode()
    cells = re.findall(r'<td class="field-warranty[^"]*"[^>]*>([^<]*)</td>', page)  # unfold's cells carry classes
    assert "—" in cells and "0 (sin garantía)" in cells  # the store reads Spanish


def test_quotes_are_read_only(store_ids):
    client = signed_in("demostore", "admin")
    assert client.get("/admin/store/useddevicequote/add/").status_code == 403
    pk = store_ids["useddevicequote"]
    client.post(f"/admin/store/useddevicequote/{pk}/change/", {"price_cents": 1})
    client.post(f"/admin/store/useddevicequote/{pk}/delete/", {"post": "yes"})
    with schema_context("demostore"):
        assert UsedDeviceQuote.objects.get(pk=pk).price_cents == 790_000_00


def test_the_admin_changes_stock_and_sold_out_through_the_service(store_ids):
    client = signed_in("demostore", "admin")
    pk = store_ids["product"]
    with schema_context("demostore"):
        product = Product.objects.get(pk=pk)
    data = {"name": product.name, "brand": product.brand, "model": product.model, "capacity_gb": product.capacity_gb,
            "condition": product.condition, "price_cents": product.price_cents, "currency": product.currency,
            "stock": 0, "sold_out": "on", "warranty_months": ""}
    response = client.post(f"/admin/store/product/{pk}/change/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    with schema_context("demostore"):
        product.refresh_from_db()
    assert (product.stock, product.sold_out, product.warranty_months) == (0, True, None)


def test_the_admin_adds_a_product_and_renames_a_buying_price(store_ids):
    client = signed_in("demostore", "admin")
    response = client.post("/admin/store/product/add/", {
        "sku": "ACC-AURI-1", "name": "Auriculares inalámbricos", "brand": "JBL", "model": "", "capacity_gb": "",
        "condition": "new", "price_cents": 5_000_000, "currency": "ARS", "stock": 3, "warranty_months": "0"})
    assert response.status_code == 302, response.content.decode()[:3000]
    pk = store_ids["useddeviceprice"]
    with schema_context("demostore"):
        added = Product.objects.get(sku="ACC-AURI-1")
        assert (added.warranty_months, added.search_text) == (0, " jbl auriculares inalambricos ")
        row = UsedDevicePrice.objects.get(pk=pk)
        count = UsedDevicePrice.objects.count()
    response = client.post(f"/admin/store/useddeviceprice/{pk}/change/", {
        "brand": row.brand, "model": "iPhone 12 Mini", "capacity_gb": row.capacity_gb, "base_cents": 1_000,
        "currency": "ARS"})
    assert response.status_code == 302
    with schema_context("demostore"):
        row.refresh_from_db()
        assert (row.model_key, row.base_cents, UsedDevicePrice.objects.count()) == ("iphone 12 mini", 1_000, count)


def test_an_auditor_sees_products_but_cannot_change_them(store_ids):
    client = signed_in("demostore", "auditor")
    pk = store_ids["product"]
    assert client.get(f"/admin/store/product/{pk}/change/").status_code == 200
    client.post(f"/admin/store/product/{pk}/change/", {"stock": 0})
    with schema_context("demostore"):
        assert Product.objects.get(pk=pk).stock == 5


def test_store_pages_are_absent_for_the_bank(db):
    client = signed_in("demobank", "admin")
    index = client.get("/admin/")
    assert index.status_code == 200 and "/admin/store/" not in index.content.decode()
    for model in ("product", "useddeviceprice", "useddevicequote"):
        assert client.get(f"/admin/store/{model}/").status_code in (403, 404)
    assert client.get("/admin/store/").status_code in (403, 404)
