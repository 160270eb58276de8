"""The store's web-shop API (mounted at /api/store/ on the organisation's host; 404 for other kinds).

Authentication: none, on purpose. The catalog search, the product page and the used-device quote form are public
pages of the web shop (AllowAny, no session, hence no CSRF), exactly what an anonymous visitor may see and do.
Nothing customer-specific is read or written here: a quote records only the device's model, capacity and battery
health. The quote endpoint writes a row per call, so anonymous callers are throttled per IP (QUOTE_RATE).
Stock reservations are not exposed here: they belong to an authenticated checkout, which is out of this scope.
"""

from __future__ import annotations

from django.db import connection
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from language.money import format_money
from magie.api import ResultSerializer, validated
from magie.choices import OrganisationKind
from magie.scoping import organisation_kind_is
from store import selectors, services
from store.interface import ProductHit, UsedDeviceQuoteResult, quote_result

QUOTE_RATE = "60/minute"


def _price_display(cents: int, currency: str) -> str:
    tenant = getattr(connection, "tenant", None)
    return format_money(cents, currency, getattr(tenant, "language", "en") or "en")


class PublicStoreApi(APIView):
    authentication_classes: tuple = ()
    permission_classes = (organisation_kind_is(OrganisationKind.STORE), AllowAny)


class PricedResultSerializer(ResultSerializer):
    """A store result (`store.results`, the shape the agent reads too) with its price worded for the organisation."""

    price_display = serializers.SerializerMethodField()

    def get_price_display(self, result: ProductHit | UsedDeviceQuoteResult) -> str:
        return _price_display(result.price_cents, result.currency)


class ProductOutput(PricedResultSerializer):
    class Meta:
        result = ProductHit  # warranty_months: null = no warranty data; 0 = no warranty


class ProductSearchApi(PublicStoreApi):
    """GET ?q=&capacity_gb=&max_price_cents=&include_sold_out=&limit= → {"count", "results": [product…]}."""

    class InputSerializer(serializers.Serializer):
        q = serializers.CharField(required=False, allow_blank=True, default="", max_length=200)
        capacity_gb = serializers.IntegerField(required=False, allow_null=True, default=None)
        max_price_cents = serializers.IntegerField(required=False, allow_null=True, default=None)
        include_sold_out = serializers.BooleanField(required=False, default=True)
        limit = serializers.IntegerField(required=False, default=10)

    def get(self, request: Request) -> Response:
        # A plain dict: with a QueryDict DRF would read an absent boolean as False instead of its default.
        data = validated(self.InputSerializer, request.query_params.dict())
        hits = selectors.catalog_search(query=data["q"], capacity_gb=data["capacity_gb"],
                                        max_price_cents=data["max_price_cents"],
                                        include_sold_out=data["include_sold_out"], limit=data["limit"])
        return Response({"count": len(hits), "results": ProductOutput(hits, many=True).data})


class ProductDetailApi(PublicStoreApi):
    """GET → one product, live; 404 `product_not_found`."""

    def get(self, request: Request, product_id: int) -> Response:
        return Response(ProductOutput(selectors.product_get(product_id=product_id)).data)


class QuoteThrottle(AnonRateThrottle):
    scope = "store_used_device_quote"
    rate = QUOTE_RATE


class UsedDeviceQuoteCreateApi(PublicStoreApi):
    """POST {device_model, capacity_gb, battery_health} → 201 the recorded quote.

    Every field may be omitted or null at this layer on purpose: the service answers 422 `quote_incomplete`
    with the full `missing` list, so the web form and the agent get the same answer.
    """

    throttle_classes = (QuoteThrottle,)

    class InputSerializer(serializers.Serializer):
        device_model = serializers.CharField(required=False, allow_null=True, allow_blank=True, default=None,
                                             max_length=80)
        capacity_gb = serializers.IntegerField(required=False, allow_null=True, default=None)
        battery_health = serializers.IntegerField(required=False, allow_null=True, default=None)

    class OutputSerializer(PricedResultSerializer):
        class Meta:
            result = UsedDeviceQuoteResult

    def post(self, request: Request) -> Response:
        given = validated(self.InputSerializer, request.data)
        quote = services.used_device_quote(**given)
        return Response(self.OutputSerializer(quote_result(quote)).data, status=status.HTTP_201_CREATED)
