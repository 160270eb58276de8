"""The bank core's API for the customer-facing app flow, mounted at /api/bank/ on a bank organisation's host.

Authentication: `Authorization: Token <key>` where <key> is a `bank.models.HolderToken` of the current
organisation's schema (issued by `bank.services.customer_token_issue`, e.g. when the app signs the customer in).
The token acts as its holder; there are no staff users here. Other organisation kinds answer 404.

Every view calls one service or selector; domain errors are rendered by `magie.api.exception_handler` as
{"code", "message", "extra"}. Documents are masked in every response (`***.ddd.ddd-**`), and so are CPF/CNPJ keys.
"""

from __future__ import annotations

from typing import Any, cast

from rest_framework import serializers, status
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from bank import selectors, services
from bank.errors import IdempotencyKeyMissing
from bank.interface import (
    Balance,
    KeyOwner,
    Statement,
    TransferReceipt,
    balance_of,
    key_owner_of,
    receipt_of,
    statement_of,
)
from bank.models import Holder, HolderToken
from language.locales import Lang, lang_of
from language.money import format_money
from magie.api import ResultSerializer, result_serializer_for, validated
from magie.auth import CustomerTokenAuthentication
from magie.choices import OrganisationKind
from magie.scoping import organisation_kind_is
from magie.tenancy import tenancy_current


class CustomerPrincipal:
    """request.user of the app flow: the holder a HolderToken stands for."""

    is_authenticated = True
    is_anonymous = False
    is_staff = False

    def __init__(self, holder: Holder) -> None:
        self.holder = holder
        self.pk = holder.pk

    def __str__(self) -> str:
        return f"customer {self.holder.pk}"


class HolderTokenAuthentication(CustomerTokenAuthentication):
    def principal_for(self, digest: str) -> tuple[CustomerPrincipal, HolderToken] | None:
        token = HolderToken.objects.select_related("holder").filter(key=digest).first()
        return (CustomerPrincipal(token.holder), token) if token else None


class IsCustomer(BasePermission):
    def has_permission(self, request, view) -> bool:
        return isinstance(request.user, CustomerPrincipal)


class BankCustomerApi(APIView):
    authentication_classes = [HolderTokenAuthentication]
    permission_classes = [organisation_kind_is(OrganisationKind.BANK), IsCustomer]

    @staticmethod
    def holder(request: Request) -> Holder:
        return cast(CustomerPrincipal, request.user).holder  # IsCustomer let only a CustomerPrincipal in


def _lang() -> Lang:
    return lang_of(tenancy_current().language)


class WordedMoneyField(serializers.Field):
    """Read-only: the object's `cents` attribute and its currency, worded in the organisation's language."""

    def __init__(self, cents: str) -> None:
        self.cents = cents
        super().__init__(source="*", read_only=True)

    def to_representation(self, value: Any) -> str:
        return format_money(getattr(value, self.cents), value.currency, _lang())


# The app renders the same frozen results the agent reads (bank.interface), so their shape is written there once.
KeyOwnerSerializer = result_serializer_for(KeyOwner)


class ReceiptSerializer(ResultSerializer):
    amount = WordedMoneyField("amount_cents")

    class Meta:
        result = TransferReceipt


class BalanceApi(BankCustomerApi):
    """GET → {account_number, balance_cents, currency, balance}."""

    class OutputSerializer(ResultSerializer):
        balance = WordedMoneyField("balance_cents")

        class Meta:
            result = Balance

    def get(self, request: Request) -> Response:
        account = selectors.account_get_for_holder(holder=self.holder(request))
        return Response(self.OutputSerializer(balance_of(account)).data)


class KeyLookupApi(BankCustomerApi):
    """POST {"key"} → the key's owner (name, masked document, bank). Budgeted: 429 lookup_budget_exceeded."""

    class InputSerializer(serializers.Serializer):
        key = serializers.CharField(max_length=120)

    def post(self, request: Request) -> Response:
        data = validated(self.InputSerializer, request.data)
        pix_key = services.pix_key_lookup(holder=self.holder(request), key=data["key"])
        return Response(KeyOwnerSerializer(key_owner_of(pix_key)).data)


class TransferListCreateApi(BankCustomerApi):
    """POST {"key", "amount_cents", "scheduled_for"?, "description"?} with header `Idempotency-Key` → 201 receipt
    (a replay with the same key and body returns the same receipt). GET ?recipient=&amount_cents=&since=&until=
    → the customer's sent Pix matching (to answer "did it go through?")."""

    class InputSerializer(serializers.Serializer):
        key = serializers.CharField(max_length=120)
        amount_cents = serializers.IntegerField()
        scheduled_for = serializers.DateTimeField(required=False, allow_null=True, default=None)
        description = serializers.CharField(required=False, allow_blank=True, default="", max_length=140)

    class FilterSerializer(serializers.Serializer):
        recipient = serializers.CharField(required=False, default="", allow_blank=True)
        amount_cents = serializers.IntegerField(required=False, allow_null=True, default=None)
        since = serializers.DateTimeField(required=False, allow_null=True, default=None)
        until = serializers.DateTimeField(required=False, allow_null=True, default=None)

    def post(self, request: Request) -> Response:
        idempotency_key = request.headers.get("Idempotency-Key", "")
        if not idempotency_key:
            raise IdempotencyKeyMissing("send an Idempotency-Key header")
        data = validated(self.InputSerializer, request.data)
        transfer = services.pix_transfer_create(holder=self.holder(request), idempotency_key=idempotency_key,
                                                **data)
        return Response(ReceiptSerializer(receipt_of(transfer)).data, status=status.HTTP_201_CREATED)

    def get(self, request: Request) -> Response:
        filters = validated(self.FilterSerializer, request.query_params)
        transfers = selectors.pix_transfer_status(holder=self.holder(request), **filters)
        return Response({"results": ReceiptSerializer([receipt_of(t) for t in transfers], many=True).data})


class TransferDetailApi(BankCustomerApi):
    """GET → the receipt of one of the customer's Pix (404 transfer_not_found alike for missing and others')."""

    def get(self, request: Request, transfer_id: int) -> Response:
        transfer = selectors.transfer_get_for_customer(holder=self.holder(request), transfer_id=transfer_id)
        return Response(ReceiptSerializer(receipt_of(transfer)).data)


class TransferCancelApi(BankCustomerApi):
    """POST → cancel a scheduled Pix (409 transfer_not_cancellable once it ran)."""

    def post(self, request: Request, transfer_id: int) -> Response:
        transfer = services.pix_transfer_cancel(holder=self.holder(request), transfer_id=transfer_id)
        return Response(ReceiptSerializer(receipt_of(transfer)).data)


class StatementApi(BankCustomerApi):
    """GET ?since=&until=&direction=in|out → entries and counts (e.g. counts.out_settled: Pix sent)."""

    class FilterSerializer(serializers.Serializer):
        since = serializers.DateTimeField()
        until = serializers.DateTimeField()
        direction = serializers.ChoiceField(choices=["in", "out"], required=False, allow_null=True, default=None)

    def get(self, request: Request) -> Response:
        filters = validated(self.FilterSerializer, request.query_params)
        statement = statement_of(selectors.pix_statement(holder=self.holder(request), **filters))
        return Response(result_serializer_for(Statement)(statement).data)


class ContactSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    nickname = serializers.CharField()
    recipient = serializers.SerializerMethodField()

    def get_recipient(self, contact) -> dict:
        return KeyOwnerSerializer(key_owner_of(contact.pix_key)).data


class ContactListApi(BankCustomerApi):
    """GET → the customer's saved contacts, with their key owners (documents masked)."""

    def get(self, request: Request) -> Response:
        contacts = selectors.contact_list(holder=self.holder(request))
        return Response({"results": ContactSerializer(contacts, many=True).data})


class ContactResolveApi(BankCustomerApi):
    """GET ?name=Pedro → the one matching contact, or 404 contact_not_found (extra.contacts: saved nicknames)."""

    class FilterSerializer(serializers.Serializer):
        name = serializers.CharField(max_length=80)

    def get(self, request: Request) -> Response:
        filters = validated(self.FilterSerializer, request.query_params)
        contact = selectors.contact_resolve(holder=self.holder(request), name=filters["name"])
        return Response(ContactSerializer(contact).data)
