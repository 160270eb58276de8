"""What a store's system offers Magie: the `StoreCatalog` protocol, its frozen results, and the sandbox.

A real store's adapter (its ERP or e-commerce API) implements `StoreCatalog` and returns these dataclasses,
raising the errors of `store.errors` with the same codes. `SandboxStore` implements it on this app's own tables
and services, for the demo and for organisations without a system of their own.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from store import selectors, services
from store.models import UsedDeviceQuote
from store.results import ProductHit, UsedDeviceQuoteResult

__all__ = ["ProductHit", "SandboxStore", "StoreCatalog", "UsedDeviceQuoteResult", "quote_result"]


@runtime_checkable
class StoreCatalog(Protocol):
    def search(self, *, query: str, capacity_gb: int | None = None, max_price_cents: int | None = None,
               include_sold_out: bool = True, limit: int = 10) -> list[ProductHit]:
        """Live catalog search (see store.selectors.catalog_search for the matching rules)."""
        ...

    def product(self, *, product_id: int) -> ProductHit:
        """One product, live; raises ProductNotFound."""
        ...

    def quote_used_device(self, *, device_model: str | None, capacity_gb: int | None,
                          battery_health: int | None) -> UsedDeviceQuoteResult:
        """A recorded quote; raises QuoteIncomplete (with `missing`), InvalidArgument or ModelNotQuoted."""
        ...


def quote_result(quote: UsedDeviceQuote) -> UsedDeviceQuoteResult:
    return UsedDeviceQuoteResult(
        quote_id=quote.pk, device_model=quote.device_model, brand=quote.quoted_brand, model=quote.quoted_model,
        capacity_gb=quote.capacity_gb, battery_health=quote.battery_health, base_cents=quote.base_cents,
        battery_percent=quote.battery_percent, price_cents=quote.price_cents, currency=quote.currency,
        created_at=quote.created_at, valid_until=quote.valid_until,
    )


class SandboxStore:
    """`StoreCatalog` on this app's tables, in the current organisation's schema."""

    def search(self, *, query: str, capacity_gb: int | None = None, max_price_cents: int | None = None,
               include_sold_out: bool = True, limit: int = 10) -> list[ProductHit]:
        return selectors.catalog_search(query=query, capacity_gb=capacity_gb, max_price_cents=max_price_cents,
                                        include_sold_out=include_sold_out, limit=limit)

    def product(self, *, product_id: int) -> ProductHit:
        return selectors.product_get(product_id=product_id)

    def quote_used_device(self, *, device_model: str | None, capacity_gb: int | None,
                          battery_health: int | None) -> UsedDeviceQuoteResult:
        return quote_result(services.used_device_quote(device_model=device_model, capacity_gb=capacity_gb,
                                                       battery_health=battery_health))
