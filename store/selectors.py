"""Reads of the store: catalog search and product detail, always live from the database (no cache)."""

from __future__ import annotations

from django.db.models import Case, IntegerField, Q, QuerySet, Value, When

from magie.bounds import text_problem
from store.errors import InvalidArgument, ProductNotFound
from store.models import Product
from store.results import ProductHit
from store.search import query_terms

SEARCH_LIMIT_MAX = 50


def product_hit(product: Product) -> ProductHit:
    return ProductHit(
        id=product.pk, sku=product.sku, name=product.name, brand=product.brand, model=product.model,
        capacity_gb=product.capacity_gb, condition=product.condition, price_cents=product.price_cents,
        currency=product.currency, stock=product.stock, available=product.available, sold_out=product.sold_out,
        warranty_months=product.warranty_months,
    )


QUERY_MAX = 200


def _check_text(field: str, value: str, max_length: int) -> None:
    """Text that can be looked up as it is: at most `max_length` characters, no NUL or lone surrogate."""
    if len(value) > max_length or text_problem(value) is not None:
        raise InvalidArgument(f"{field} must be text of at most {max_length} characters", field=field,
                              maximum=max_length)


def _check_optional_int(field: str, value: object, minimum: int) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise InvalidArgument(f"{field} must be an integer ≥ {minimum}", field=field, value=value, minimum=minimum)


def catalog_search(
    *,
    query: str,
    capacity_gb: int | None = None,
    max_price_cents: int | None = None,
    include_sold_out: bool = True,
    limit: int = 10,
) -> list[ProductHit]:
    """Products whose brand/model/name words match every meaningful word of `query` (accents and case ignored,
    see `store.search.query_terms`); an empty query lists the catalog. Filters: exact `capacity_gb`, price at most
    `max_price_cents`, and with `include_sold_out=False` only available products (stock > 0 and not flagged).

    Available products come first, then by brand, model, capacity and price. Raises InvalidArgument for a
    limit outside 1..SEARCH_LIMIT_MAX or a negative/non-integer filter.
    """
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= SEARCH_LIMIT_MAX:
        raise InvalidArgument(f"limit must be between 1 and {SEARCH_LIMIT_MAX}", field="limit", value=limit,
                              minimum=1, maximum=SEARCH_LIMIT_MAX)
    _check_optional_int("capacity_gb", capacity_gb, 1)
    _check_optional_int("max_price_cents", max_price_cents, 0)
    if not isinstance(query, str):
        raise InvalidArgument("query must be text", field="query", value=query)
    _check_text("query", query, QUERY_MAX)
    products: QuerySet[Product] = Product.objects.all()
    for term, prefix in query_terms(query):
        products = products.filter(search_text__contains=f" {term}" if prefix else f" {term} ")
    if capacity_gb is not None:
        products = products.filter(capacity_gb=capacity_gb)
    if max_price_cents is not None:
        products = products.filter(price_cents__lte=max_price_cents)
    if not include_sold_out:
        products = products.filter(stock__gt=0, sold_out=False)
    products = products.annotate(
        is_available=Case(When(Q(stock__gt=0, sold_out=False), then=Value(1)), default=Value(0),
                          output_field=IntegerField())
    ).order_by("-is_available", "brand", "model", "capacity_gb", "price_cents", "pk")
    return [product_hit(product) for product in products[:limit]]


def product_get(*, product_id: int) -> ProductHit:
    """One product, live; ProductNotFound if there is none with this id in this organisation."""
    product = Product.objects.filter(pk=product_id).first() if isinstance(product_id, int) else None
    if product is None:
        raise ProductNotFound(product_id=product_id)
    return product_hit(product)
