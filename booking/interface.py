"""What any booking system offers its clients (the web app, the agent's tools), whoever runs it.

`BookingEngine` is the contract a real school's system adapter would implement (calling its own API);
`SandboxBookingEngine` implements it on this app's services and tables. Results are frozen dataclasses with
plain values (ids, aware datetimes in the organisation's time zone, cents), so no ORM row leaks to a client; refusals are the typed errors of
`booking.errors` (their `code` and `extra`, e.g. `slot_taken` with `alternatives`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Protocol, runtime_checkable

from django.utils import timezone

from booking import selectors, services
from booking.models import Booking, PaymentLink


@dataclass(frozen=True)
class SlotOffer:
    slot_id: int
    activity: str  # slug
    activity_name: str
    instructor: str
    start: datetime
    end: datetime
    places_left: int
    price_cents: int  # per person
    currency: str
    capacity: int | None = None  # the slot's largest group ("groups of up to 4"), when the system says


@dataclass(frozen=True)
class BookingResult:
    booking_id: int
    slot_id: int
    activity: str
    start: datetime
    party_size: int
    amount_cents: int
    currency: str
    status: str  # pending_payment | paid | cancelled


@dataclass(frozen=True)
class PaymentLinkResult:
    booking_id: int
    token: str
    path: str  # /pay/<token>/ on the organisation's host
    amount_cents: int
    currency: str
    expires_at: datetime


@runtime_checkable
class BookingEngine(Protocol):
    def availability(self, *, activity: str | None = None, day: date | None = None,
                     party_size: int = 1, language: str | None = None) -> list[SlotOffer]: ...

    def slot(self, *, slot_id: int) -> SlotOffer: ...

    def book(self, *, slot_id: int, customer_ref: str, customer_name: str, party_size: int,
             idempotency_key: str | None = None) -> BookingResult: ...

    def payment_link(self, *, booking_id: int, customer_ref: str) -> PaymentLinkResult: ...

    def cancel(self, *, booking_id: int, customer_ref: str) -> BookingResult: ...

    def change(self, *, booking_id: int, customer_ref: str, slot_id: int, party_size: int) -> BookingResult: ...

    def upcoming(self, *, customer_ref: str) -> list[BookingResult]: ...


def booking_result(booking: Booking) -> BookingResult:
    return BookingResult(
        booking_id=booking.pk, slot_id=booking.slot_id, activity=booking.slot.activity.slug,
        start=booking.slot.start.astimezone(selectors.organisation_time_zone()), party_size=booking.party_size,
        amount_cents=booking.amount_cents, currency=booking.currency, status=booking.status,
    )


def payment_link_result(link: PaymentLink) -> PaymentLinkResult:
    return PaymentLinkResult(
        booking_id=link.booking_id, token=link.token, path=f"/pay/{link.token}/", amount_cents=link.amount_cents,
        currency=link.currency, expires_at=link.expires_at,
    )


class SandboxBookingEngine:
    """The engine of this app, in the current organisation's schema. Ownership is checked on every booking id."""

    def availability(self, *, activity: str | None = None, day: date | None = None,
                     party_size: int = 1, limit: int | None = None, language: str | None = None) -> list[SlotOffer]:
        """The free slots, earliest first; `limit`: the first `limit` only; each activity named in `language`
        (its own name where it has none in it), else in the organisation's language."""
        return [
            SlotOffer(slot_id=found.slot_id, activity=found.activity_slug, activity_name=found.activity_name,
                      instructor=found.instructor, start=found.start, end=found.end, places_left=found.places_left,
                      price_cents=found.price_cents, currency=found.currency, capacity=found.capacity)
            for found in selectors.availability_search(activity=activity, day=day, party_size=party_size,
                                                       limit=limit, language=language)
        ]

    def slot(self, *, slot_id: int) -> SlotOffer:
        found = selectors.slot_availability(slot_id=slot_id)
        return SlotOffer(slot_id=found.slot_id, activity=found.activity_slug, activity_name=found.activity_name,
                         instructor=found.instructor, start=found.start, end=found.end, places_left=found.places_left,
                         price_cents=found.price_cents, currency=found.currency, capacity=found.capacity)

    def book(self, *, slot_id: int, customer_ref: str, customer_name: str, party_size: int,
             idempotency_key: str | None = None) -> BookingResult:
        booking = services.booking_create(slot_id=slot_id, customer_ref=customer_ref, customer_name=customer_name,
                                          party_size=party_size, idempotency_key=idempotency_key)
        return booking_result(selectors.booking_get_for_customer(booking_id=booking.pk, customer_ref=customer_ref))

    def payment_link(self, *, booking_id: int, customer_ref: str) -> PaymentLinkResult:
        selectors.booking_get_for_customer(booking_id=booking_id, customer_ref=customer_ref)
        return payment_link_result(services.payment_link_create(booking_id=booking_id))

    def cancel(self, *, booking_id: int, customer_ref: str) -> BookingResult:
        selectors.booking_get_for_customer(booking_id=booking_id, customer_ref=customer_ref)
        services.booking_cancel(booking_id=booking_id)
        return booking_result(selectors.booking_get_for_customer(booking_id=booking_id, customer_ref=customer_ref))

    def change(self, *, booking_id: int, customer_ref: str, slot_id: int, party_size: int) -> BookingResult:
        selectors.booking_get_for_customer(booking_id=booking_id, customer_ref=customer_ref)
        services.booking_change(booking_id=booking_id, slot_id=slot_id, party_size=party_size)
        return booking_result(selectors.booking_get_for_customer(booking_id=booking_id, customer_ref=customer_ref))

    def upcoming(self, *, customer_ref: str) -> list[BookingResult]:
        return [booking_result(booking) for booking in
                selectors.bookings_upcoming_for_customer(customer_ref=customer_ref, now=timezone.now())]
