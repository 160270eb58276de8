"""The demo catalog: only in store organisations, idempotent, with the cases the agent must handle."""

from django.apps import apps

from store.models import Product, UsedDevicePrice


def test_demo_store_has_the_special_cases(demostore):
    products = {product.sku: product for product in Product.objects.all()}
    assert len(products) == 12
    assert any(product.stock == 0 for product in products.values())
    assert any(product.sold_out and product.stock > 0 for product in products.values())
    assert any(product.warranty_months is None for product in products.values())
    assert any(product.warranty_months == 0 for product in products.values())
    assert {product.currency for product in products.values()} == {"ARS"}
    assert all(product.search_text.strip() for product in products.values())
    assert {row.model for row in UsedDevicePrice.objects.all()} == {"iPhone 12", "iPhone 13", "iPhone 14",
                                                                    "Galaxy S21", "Galaxy S22"}


def test_seeding_again_changes_nothing(demostore, django_assert_max_num_queries):
    before = (Product.objects.count(), UsedDevicePrice.objects.count())
    with django_assert_max_num_queries(4):
        apps.get_app_config("store").seed_demo(demostore)
    assert (Product.objects.count(), UsedDevicePrice.objects.count()) == before


def test_other_kinds_get_no_store_data(demobank):
    apps.get_app_config("store").seed_demo(demobank)
    assert not Product.objects.exists() and not UsedDevicePrice.objects.exists()
