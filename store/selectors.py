"""Reads of the store: catalog search and product detail, always live from the database (no cache)."""

from __future__ import annotations

from functools import cache
from typing import Any

from django.db import connection

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
    terms = query_terms(query)
    params: list[Any] = [f"% {connection.ops.prep_for_like_query(term)}{'' if prefix else ' '}%"
                         for term, prefix in terms]
    params += [value for value in (capacity_gb, max_price_cents) if value is not None]
    sql = _search_sql(len(terms), capacity_gb is not None, max_price_cents is not None, include_sold_out)
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, limit])
        rows = cursor.fetchall()
    return [ProductHit(id=row[0], sku=row[1], name=row[2], brand=row[3], model=row[4], capacity_gb=row[5],
                       condition=row[6], price_cents=row[7], currency=row[8], stock=row[9],
                       available=row[9] > 0 and not row[11], sold_out=row[11], warranty_months=row[10])
            for row in rows]


@cache
def _search_sql(terms: int, capacity: bool, price: bool, include_sold_out: bool) -> str:
    """The search's statement for its shape (how many words, which filters), its text built once per process —
    compiling the queryset was most of a search's CPU: every word a `search_text LIKE '% word%'` (`' word '`
    for a whole word), then the filters; available products first, then by brand, model, capacity and price."""
    quote = connection.ops.quote_name
    columns = ("id", "sku", "name", "brand", "model", "capacity_gb", "condition", "price_cents", "currency", "stock",
               "warranty_months", "sold_out")
    where = [f"{quote('search_text')}::text LIKE %s"] * terms
    where += [f"{quote('capacity_gb')} = %s"] if capacity else []
    where += [f"{quote('price_cents')} <= %s"] if price else []
    where += [] if include_sold_out else [f"{quote('stock')} > 0 AND NOT {quote('sold_out')}"]
    available = f"CASE WHEN (NOT {quote('sold_out')} AND {quote('stock')} > 0) THEN 1 ELSE 0 END"
    return (f"SELECT {', '.join(quote(column) for column in columns)} FROM {quote(Product._meta.db_table)} "
            f"WHERE {' AND '.join(where) or 'true'} ORDER BY {available} DESC, {quote('brand')}, {quote('model')}, "
            f"{quote('capacity_gb')}, {quote('price_cents')}, {quote('id')} LIMIT %s")


def product_get(*, product_id: int) -> ProductHit:
    """One product, live; ProductNotFound if there is none with this id in this organisation."""
    product = Product.objects.filter(pk=product_id).first() if isinstance(product_id, int) else None
    if product is None:
        raise ProductNotFound(product_id=product_id)
    return product_hit(product)
