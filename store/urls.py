"""Mounted at /api/store/ on each organisation's host (see store.apis for who may call what)."""

from django.urls import path

from store.apis import ProductDetailApi, ProductSearchApi, UsedDeviceQuoteCreateApi

app_name = "store"
urlpatterns = [
    path("products/", ProductSearchApi.as_view(), name="product-search"),
    path("products/<int:product_id>/", ProductDetailApi.as_view(), name="product-detail"),
    path("used-device-quotes/", UsedDeviceQuoteCreateApi.as_view(), name="used-device-quote-create"),
]
