"""Customer authentication of the booking API (the web/app flow).

Minimal on purpose: the school's app holds a `CustomerToken` (a random key issued to one customer, stored in the
organisation's schema) and sends it as `Authorization: Token <key>`. The request then acts as that customer
(`request.user.customer_ref`); every booking read or written goes through `booking_get_for_customer`, so a
token only ever reaches its own customer's bookings. A missing or unknown token answers 401. Tokens are issued by
`booking.services.customer_token_issue` (and the demo seeds one); there is no password flow here.
"""

from __future__ import annotations

from dataclasses import dataclass

from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header

from booking.models import CustomerToken
from magie.scoping import current_kind


@dataclass(frozen=True)
class Customer:
    customer_ref: str
    name: str
    is_authenticated: bool = True
    is_anonymous: bool = False


class CustomerTokenAuthentication(BaseAuthentication):
    keyword = "Token"

    def authenticate(self, request):
        if current_kind() != "school":
            return None  # the API does not exist here: the kind permission answers 404, not 401
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() != self.keyword.lower().encode():
            return None
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed("Authorization: Token <key>")
        try:
            key = parts[1].decode()
        except UnicodeError:
            raise exceptions.AuthenticationFailed("invalid token") from None
        token = CustomerToken.objects.filter(key=key).first()
        if token is None:
            raise exceptions.AuthenticationFailed("invalid token")
        return Customer(customer_ref=token.customer_ref, name=token.customer_name), token

    def authenticate_header(self, request) -> str:
        return self.keyword

