"""Races on real PostgreSQL: real threads, each with its own connection, released together by a Barrier.

Rows are committed (`committed` fixture) so every connection sees them; the organisation's tables are truncated
and re-seeded afterwards.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from django_tenants.utils import tenant_context

from booking import selectors, services
from booking.errors import InstructorUnavailable, OutOfEquipment, SlotTaken
from booking.models import Booking
from booking.tests import factories as f
from tenants.models import Organisation


@pytest.fixture
def school(committed):
    organisation = Organisation.objects.get(schema_name="demoschool")
    with tenant_context(organisation):
        yield organisation


def race(organisation, *calls):
    """Run each call in its own thread and connection, all released at once; returns results or exceptions."""
    barrier = threading.Barrier(len(calls))
    results: list[object] = [None] * len(calls)

    def run(index, call):
        try:
            connection.set_tenant(organisation)
            connection.ensure_connection()  # connect before the barrier, so the calls really start together
            barrier.wait(timeout=10)
            results[index] = call()
        except BaseException as error:  # noqa: BLE001 - the test inspects it
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not any(thread.is_alive() for thread in threads), "a booking hung"
    return results


def booker(slot_id, customer, party_size=1, key=None):
    return lambda: services.booking_create(slot_id=slot_id, customer_ref=customer, customer_name=customer,
                                           party_size=party_size, idempotency_key=key)


def test_two_customers_racing_for_the_last_place_get_one_booking_and_fresh_alternatives(school):
    for round_ in range(10):
        act = f.activity()
        day = f.future_day(20 + round_)
        target = f.slot(act, f.instructor(act), f.local(day, 9), capacity=2)
        free = f.slot(act, f.instructor(act), f.local(day, 9), capacity=3)
        partly = f.slot(act, f.instructor(act), f.local(day, 15), capacity=4)
        full = f.slot(act, f.instructor(act), f.local(day, 15), capacity=1)
        services.booking_create(slot_id=target.pk, customer_ref="early", customer_name="Early", party_size=1)
        services.booking_create(slot_id=partly.pk, customer_ref="early", customer_name="Early", party_size=2)
        services.booking_create(slot_id=full.pk, customer_ref="early", customer_name="Early", party_size=1)

        results = race(school, booker(target.pk, f"a{round_}"), booker(target.pk, f"b{round_}"))

        won = [r for r in results if isinstance(r, Booking)]
        lost = [r for r in results if isinstance(r, SlotTaken)]
        assert len(won) == 1 and len(lost) == 1, results
        assert Booking.objects.filter(slot=target).count() == 2  # the early one and the winner
        assert selectors.slot_load(target).booked_places == target.capacity
        refusal = lost[0]
        assert refusal.code == "slot_taken" and refusal.extra["places_left"] == 0
        really_free = {(a.slot_id, a.start.isoformat(), a.places_left)
                       for a in selectors.availability_search(activity=act.slug, day=day)}
        offered = {(a["slot_id"], a["start"], a["places_left"]) for a in refusal.extra["alternatives"]}
        assert offered == really_free == {
            (free.pk, free.start.astimezone(f.TZ).isoformat(), 3),
            (partly.pk, partly.start.astimezone(f.TZ).isoformat(), 2),
        }


def test_the_last_ski_set_goes_to_one_of_two_overlapping_slots(school):
    for round_ in range(5):
        sets = f.equipment(stock=1)
        ski = f.activity(needs={sets: 1})
        day = f.future_day(40 + round_)
        morning = f.slot(ski, f.instructor(ski), f.local(day, 9), capacity=4)
        overlapping = f.slot(ski, f.instructor(ski), f.local(day, 10), capacity=4)

        results = race(school, booker(morning.pk, "a"), booker(overlapping.pk, "b"))

        assert sum(isinstance(r, Booking) for r in results) == 1, results
        assert sum(isinstance(r, OutOfEquipment) for r in results) == 1, results
        assert Booking.objects.filter(slot__in=[morning, overlapping]).count() == 1


def test_an_instructor_is_booked_once_when_two_overlapping_slots_race(school):
    for round_ in range(5):
        act = f.activity()
        teacher = f.instructor(act)
        day = f.future_day(50 + round_)
        first = f.slot(act, teacher, f.local(day, 9), capacity=4)
        second = f.slot(act, teacher, f.local(day, 10), capacity=4)

        results = race(school, booker(first.pk, "a"), booker(second.pk, "b"))

        assert sum(isinstance(r, Booking) for r in results) == 1, results
        assert sum(isinstance(r, InstructorUnavailable) for r in results) == 1, results


def test_the_same_idempotency_key_sent_twice_at_once_books_once(school):
    for round_ in range(5):
        act = f.activity()
        target = f.slot(act, f.instructor(act), f.local(f.future_day(60 + round_), 9), capacity=4)

        key = f"k{round_}"
        results = race(school, booker(target.pk, "same", 2, key=key), booker(target.pk, "same", 2, key=key))

        assert all(isinstance(r, Booking) for r in results), results
        assert results[0].pk == results[1].pk
        assert Booking.objects.filter(slot=target).count() == 1


def test_eight_customers_never_overbook_a_slot(school):
    act = f.activity()
    target = f.slot(act, f.instructor(act), f.local(f.future_day(70), 9), capacity=5)

    results = race(school, *[booker(target.pk, f"c{i}", party_size=1 + i % 2) for i in range(8)])

    booked = sum(r.party_size for r in results if isinstance(r, Booking))
    assert all(isinstance(r, (Booking, SlotTaken)) for r in results), results
    assert booked == selectors.slot_load(target).booked_places <= 5
    assert booked >= 4  # refusals only once fewer places were left than the party needed
