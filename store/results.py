"""Frozen results the store hands to its clients (web API, agent tools, a real store's adapter).

Re-exported by `store.interface`, which is where clients should import them from.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True, slots=True)
class ProductHit:
    """One product as read at that moment. `warranty_months` None = no warranty data (not "no warranty")."""

    id: int
    sku: str
    name: str
    brand: str
    model: str
    capacity_gb: int | None
    condition: str
    price_cents: int
    currency: str
    stock: int
    available: bool
    sold_out: bool
    warranty_months: int | None


@dataclass(frozen=True, slots=True)
class UsedDeviceQuoteResult:
    """A recorded used-device quote: what the store pays for this device until `valid_until`."""

    quote_id: int
    device_model: str
    brand: str
    model: str
    capacity_gb: int
    battery_health: int
    base_cents: int
    battery_percent: int
    price_cents: int
    currency: str
    created_at: datetime
    valid_until: datetime
