"""Customer authentication of the booking API (the web/app flow).

Minimal on purpose: the school's app holds a `CustomerToken` (a random key issued to one customer, stored in the
organisation's schema) and sends it as `Authorization: Token <key>`. The request then acts as that customer
(`request.user.customer_ref`); every booking read or written goes through `booking_get_for_customer`, so a
token only ever reaches its own customer's bookings. A missing or unknown token answers 401. Tokens are issued by
`booking.services.customer_token_issue` (and the demo seeds one); there is no password flow here.
"""

from __future__ import annotations

from dataclasses import dataclass

from booking.models import CustomerToken
from magie.auth import CustomerTokenAuthentication
from magie.choices import OrganisationKind
from magie.scoping import current_kind


@dataclass(frozen=True)
class BookingApiCustomer:
    """Who a booking API request acts as (`request.user`): the token's customer, not a conversations.Customer."""

    customer_ref: str
    name: str
    is_authenticated: bool = True
    is_anonymous: bool = False


class BookingCustomerAuthentication(CustomerTokenAuthentication):
    def applies(self, request) -> bool:
        return current_kind() == OrganisationKind.SCHOOL

    def principal_for(self, digest: str) -> tuple[BookingApiCustomer, CustomerToken] | None:
        token = CustomerToken.objects.filter(key=digest).first()
        return (BookingApiCustomer(customer_ref=token.customer_ref, name=token.customer_name), token) if token else None
