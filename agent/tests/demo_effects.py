"""What a `manage.py chat --json` test made in the demo organisations, read from their schemas (the database is
rolled back after each test), shared by the chat tests of the blind sets and of a typed "no"."""

from __future__ import annotations

from django_tenants.utils import schema_context

from bank.models import PixTransfer
from booking.models import Booking

BANK_CUSTOMER = "5511999990001"  # the demo bank's sandbox customer: contacts Pedro, Ana, João, Maria


def pix_made() -> list[PixTransfer]:
    """The Pix made in this test."""
    with schema_context("demobank"):
        return list(PixTransfer.objects.all())


def booking_of(customer: str) -> Booking:
    """The one booking the demo school holds for `customer`."""
    with schema_context("demoschool"):
        [booking] = Booking.objects.filter(customer_ref=customer).select_related("slot__activity")
    return booking
