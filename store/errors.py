"""Typed errors of the store engine: a stable `code`, an HTTP status and `extra` details for every refusal.

The API renders them through `magie.api.exception_handler`; the agent words the same `code` for customers.
"""

from __future__ import annotations

from magie.errors import DomainError, NotFound


class ProductNotFound(NotFound):
    code, http_status = "product_not_found", 404


class OutOfStock(DomainError):
    """`extra`: product_id, requested, available, reason ("sold_out" flagged by staff, or "insufficient_stock")."""

    code, http_status = "out_of_stock", 409


class InvalidArgument(DomainError):
    """A value outside its domain; `extra`: field, value and what is allowed."""

    code, http_status = "invalid_argument", 400


class QuoteIncomplete(DomainError):
    """A used-device quote needs model, capacity and battery health; `extra["missing"]` lists what was not given,
    always in the order of `QUOTE_REQUIRED_FIELDS`. No partial quote is ever made."""

    code, http_status = "quote_incomplete", 422


class ModelNotQuoted(DomainError):
    """No price for this model/capacity; `extra`: device_model, capacity_gb, quoted_capacities (of that model, if
    the model is known at all, so the customer can be told which capacities are bought)."""

    code, http_status = "model_not_quoted", 422
