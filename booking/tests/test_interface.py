"""The sandbox engine fulfils the BookingEngine contract on the real services."""

from __future__ import annotations

import dataclasses

import pytest

from booking.errors import BookingNotFound, SlotTaken
from booking.interface import BookingEngine, BookingResult, PaymentLinkResult, SandboxBookingEngine, SlotOffer
from booking.models import Booking, PaymentLink
from booking.tests import factories as f


def test_the_sandbox_engine_books_links_and_cancels_through_the_services(demoschool):
    engine = SandboxBookingEngine()
    assert isinstance(engine, BookingEngine)
    act = f.activity(price_cents=2000)
    day = f.future_day()
    slot = f.slot(act, f.instructor(act), f.local(day, 9), capacity=2)

    offers = engine.availability(activity=act.slug, day=day, party_size=2)
    assert offers == [SlotOffer(slot_id=slot.pk, activity=act.slug, activity_name=act.names["ca"],
                                instructor=slot.instructor.name, start=slot.start, end=slot.end, places_left=2,
                                price_cents=2000, currency="EUR", capacity=2)]
    booked = engine.book(slot_id=slot.pk, customer_ref="c1", customer_name="Laia", party_size=2, idempotency_key="x")
    assert isinstance(booked, BookingResult) and (booked.amount_cents, booked.status) == (4000, "pending_payment")
    assert engine.book(slot_id=slot.pk, customer_ref="c1", customer_name="Laia", party_size=2,
                       idempotency_key="x") == booked
    with pytest.raises(dataclasses.FrozenInstanceError):
        booked.status = "paid"
    with pytest.raises(SlotTaken):
        engine.book(slot_id=slot.pk, customer_ref="c2", customer_name="Pere", party_size=1)

    link = engine.payment_link(booking_id=booked.booking_id, customer_ref="c1")
    assert isinstance(link, PaymentLinkResult) and link.path == f"/pay/{link.token}/" and link.amount_cents == 4000
    assert PaymentLink.objects.get(token=link.token).booking_id == booked.booking_id
    with pytest.raises(BookingNotFound):
        engine.payment_link(booking_id=booked.booking_id, customer_ref="c2")
    with pytest.raises(BookingNotFound):
        engine.cancel(booking_id=booked.booking_id, customer_ref="c2")
    assert Booking.objects.get(pk=booked.booking_id).status == "pending_payment"
    assert engine.cancel(booking_id=booked.booking_id, customer_ref="c1").status == "cancelled"
    assert engine.availability(activity=act.slug, day=day, party_size=2)[0].places_left == 2
