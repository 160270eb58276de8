"""The booking engine's services and selectors on real PostgreSQL, inside the demo school's schema."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from booking import errors, selectors, services
from booking.demo import DAILY_SLOTS, DEMO_DAYS
from booking.models import Activity, Booking, EquipmentType, Instructor, PaymentLink, TimeSlot
from booking.tests import factories as f
from magie.errors import IdempotencyKeyReused, TextInvalid


def book(slot, party_size=1, customer="c-1", **kwargs):
    return services.booking_create(slot_id=slot.pk, customer_ref=customer, customer_name=f"Name {customer}",
                                   party_size=party_size, **kwargs)


# --- demo data ---------------------------------------------------------------------------------------------------

def test_demo_school_has_its_catalogue_and_a_slot_with_one_place_left(demoschool):
    assert set(Activity.objects.values_list("slug", flat=True)) >= {"ski", "climbing", "snowshoeing"}
    assert Instructor.objects.count() == 3
    assert EquipmentType.objects.get(slug="ski-set").stock == 6
    assert TimeSlot.objects.count() == DEMO_DAYS * len(DAILY_SLOTS)
    tomorrow = timezone.now().astimezone(f.TZ).date() + timedelta(days=1)
    ski = TimeSlot.objects.get(activity__slug="ski", start=f.local(tomorrow, 9))
    assert ski.capacity - selectors.slot_load(ski).booked_places == 1
    found = {a.slot_id: a for a in selectors.availability_search(activity="ski", day=tomorrow)}
    assert found[ski.pk].places_left == 1
    assert ski.pk not in {a.slot_id for a in selectors.availability_search(activity="ski", day=tomorrow, party_size=2)}


def test_seeding_again_duplicates_nothing(demoschool):
    counts = [model.objects.count() for model in (Activity, Instructor, EquipmentType, TimeSlot, Booking)]
    from django.apps import apps

    config = apps.get_app_config("booking")
    config.seed_demo(demoschool)
    config.seed_demo(demoschool)
    assert [model.objects.count() for model in (Activity, Instructor, EquipmentType, TimeSlot, Booking)] == counts


def test_seeding_on_a_later_day_drops_the_earlier_layout(demoschool):
    """A demo seeded yesterday and seeded again today reads as today's: yesterday's "day after tomorrow" bookings,
    still to come, are gone (but none a payment link points to); today's layout is whole."""
    from django.apps import apps

    from booking.demo import DEMO_BOOKINGS, DEMO_CUSTOMER_SEED

    in_three_days = timezone.now().astimezone(f.TZ).date() + timedelta(days=3)
    slot = TimeSlot.objects.get(activity__slug="ski", start=f.local(in_three_days, 9))
    earlier = [Booking.objects.create(slot=slot, customer_ref=DEMO_CUSTOMER_SEED, customer_name="Old seed",
                                      party_size=2, amount_cents=9000, currency="EUR", status=Booking.Status.PAID,
                                      idempotency_key=f"seed-earlier-{n}", created_at=timezone.now())
               for n in range(2)]
    PaymentLink.objects.create(booking=earlier[1], token="t" * 40, amount_cents=9000, currency="EUR",
                               created_at=timezone.now(), expires_at=timezone.now() + timedelta(days=1))
    apps.get_app_config("booking").seed_demo(demoschool)
    left = set(Booking.objects.filter(customer_ref=DEMO_CUSTOMER_SEED).values_list("pk", flat=True))
    assert earlier[0].pk not in left and earlier[1].pk in left
    assert len(left) == len(DEMO_BOOKINGS) + 1


def test_a_school_seeded_on_another_day_is_laid_out_from_today_for_each_test(demoschool):
    """The `demoschool` fixture gives today's layout, whatever day the (reused) test database was seeded on and
    even after midnight in the school's zone: a CI run that built it at 23:58 in Andorra and booked "in 3 days" at
    00:13 found no slot that far and answered with a hand-off."""
    from booking.demo import DEMO_CUSTOMER_SEED, laid_out_today
    from testing.organisations import organisation_laid_out_today

    assert laid_out_today(demoschool)
    Booking.objects.filter(customer_ref=DEMO_CUSTOMER_SEED).delete()  # as if seeded on another day
    assert not laid_out_today(demoschool)

    organisation_laid_out_today(demoschool)
    assert laid_out_today(demoschool)
    tomorrow = timezone.now().astimezone(f.TZ).date() + timedelta(days=1)
    climbing = TimeSlot.objects.get(activity__slug="climbing", start=f.local(tomorrow, 9))
    assert sum(climbing.bookings.values_list("party_size", flat=True)) == climbing.capacity  # the demo's full class
    last = timezone.now().astimezone(f.TZ).date() + timedelta(days=13)
    assert TimeSlot.objects.filter(start__date__gte=last).exists()  # 14 days of slots from today


def test_seeding_a_bank_adds_nothing(demobank):
    from django.apps import apps

    apps.get_app_config("booking").seed_demo(demobank)
    assert Activity.objects.count() == 0 and TimeSlot.objects.count() == 0


# --- database constraints ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("change", [{"capacity": 0}, {"end_before_start": True}])
def test_the_database_refuses_impossible_slots(demoschool, change):
    act = f.activity()
    teacher = f.instructor(act)
    start = f.local(f.future_day(), 9)
    end = start - timedelta(hours=1) if change.get("end_before_start") else start + timedelta(hours=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        TimeSlot.objects.create(activity=act, instructor=teacher, start=start, end=end,
                                capacity=change.get("capacity", 3))


def test_the_database_refuses_an_instructor_starting_twice_and_negative_stock_and_empty_parties(demoschool):
    act = f.activity()
    teacher = f.instructor(act)
    start = f.local(f.future_day(), 9)
    first = f.slot(act, teacher, start)
    with pytest.raises(IntegrityError), transaction.atomic():
        f.slot(act, teacher, start)
    with pytest.raises(IntegrityError), transaction.atomic():
        EquipmentType.objects.create(slug="minus", name="Minus", stock=-1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Booking.objects.create(slot=first, customer_ref="x", customer_name="x", party_size=0, amount_cents=0,
                               currency="EUR", created_at=timezone.now())


# --- booking_create ----------------------------------------------------------------------------------------------

def test_a_booking_costs_price_times_party_and_awaits_payment(demoschool):
    act = f.activity(price_cents=4500)
    start = f.local(f.future_day(), 9)
    made = book(f.slot(act, f.instructor(act), start, capacity=6), party_size=3)
    assert (made.status, made.amount_cents, made.currency, made.party_size) == ("pending_payment", 13500, "EUR", 3)


def test_a_party_larger_than_the_slot_is_refused(demoschool):
    act = f.activity()
    target = f.slot(act, f.instructor(act), f.local(f.future_day(), 9), capacity=4)
    with pytest.raises(errors.PartyTooLarge) as refused:
        book(target, party_size=5)
    assert refused.value.extra["capacity"] == 4 and refused.value.http_status == 422
    with pytest.raises(errors.InvalidPartySize):
        book(target, party_size=0)
    assert not Booking.objects.filter(slot=target).exists()


def test_an_unknown_slot_is_refused(demoschool):
    with pytest.raises(errors.SlotNotFound) as refused:
        services.booking_create(slot_id=987654321, customer_ref="c", customer_name="c", party_size=1)
    assert refused.value.code == "slot_not_found" and refused.value.http_status == 404


def test_a_slot_that_has_started_is_refused(demoschool):
    act = f.activity()
    target = f.slot(act, f.instructor(act), f.local(f.future_day(), 9))
    with pytest.raises(errors.SlotInThePast):
        book(target, now=target.start + timedelta(minutes=1))
    with pytest.raises(errors.SlotInThePast):
        book(target, now=target.start)
    assert not Booking.objects.filter(slot=target).exists()
    assert book(target, now=target.start - timedelta(minutes=1)).slot_id == target.pk


def test_a_full_slot_is_refused_with_alternatives_that_are_free(demoschool):
    act = f.activity()
    day = f.future_day()
    teacher = f.instructor(act)
    target = f.slot(act, teacher, f.local(day, 9), capacity=2)
    afternoon = f.slot(act, teacher, f.local(day, 15), capacity=2)
    evening = f.slot(act, f.instructor(act), f.local(day, 15, 30), capacity=3)
    other_activity = f.activity()
    f.slot(other_activity, f.instructor(other_activity), f.local(day, 11))
    book(target, party_size=2, customer="a")
    book(afternoon, party_size=1, customer="b")

    with pytest.raises(errors.SlotTaken) as refused:
        book(target, party_size=1, customer="c")
    assert refused.value.http_status == 409 and refused.value.extra["places_left"] == 0
    # the afternoon slot's instructor is free and it has a place; the 15:30 one overlaps but has its own instructor
    assert [(a["slot_id"], a["places_left"]) for a in refused.value.extra["alternatives"]] == [
        (afternoon.pk, 1), (evening.pk, 3)
    ]
    assert refused.value.extra["alternatives"][0]["start"] == afternoon.start.astimezone(f.TZ).isoformat()

    with pytest.raises(errors.SlotTaken) as for_two:
        book(target, party_size=2, customer="c")
    assert [a["slot_id"] for a in for_two.value.extra["alternatives"]] == [evening.pk]
    assert Booking.objects.filter(slot=target).count() == 1


def test_alternatives_look_at_the_next_days_when_the_day_is_full(demoschool):
    act = f.activity()
    day = f.future_day()
    teacher = f.instructor(act)
    target = f.slot(act, teacher, f.local(day, 9), capacity=1)
    f.slot(act, teacher, f.local(day + timedelta(days=2), 9), capacity=2)
    later = f.slot(act, teacher, f.local(day + timedelta(days=2), 15), capacity=2)
    book(target)
    book(TimeSlot.objects.get(activity=act, start=f.local(day + timedelta(days=2), 9)), party_size=2)
    with pytest.raises(errors.SlotTaken) as refused:
        book(target, customer="late")
    assert [a["slot_id"] for a in refused.value.extra["alternatives"]] == [later.pk]


def test_an_instructor_is_not_booked_in_two_overlapping_slots(demoschool):
    ski, climbing = f.activity(), f.activity()
    teacher = f.instructor(ski, climbing)
    day = f.future_day()
    morning = f.slot(ski, teacher, f.local(day, 9))  # 09:00–12:00
    overlapping = f.slot(climbing, teacher, f.local(day, 10))  # 10:00–13:00, same instructor
    after = f.slot(climbing, teacher, f.local(day, 13))  # 13:00–16:00: touches 10–13, overlaps neither
    book(morning)
    with pytest.raises(errors.InstructorUnavailable) as refused:
        book(overlapping)
    assert refused.value.extra["busy_in_slots"] == [morning.pk] and refused.value.code == "instructor_unavailable"
    assert [a["slot_id"] for a in refused.value.extra["alternatives"]] == [after.pk]
    assert not Booking.objects.filter(slot=overlapping).exists()
    assert book(after).slot_id == after.pk
    # once the morning booking is cancelled the instructor is free again
    services.booking_cancel(booking_id=Booking.objects.get(slot=morning).pk)
    assert book(overlapping).slot_id == overlapping.pk


def test_equipment_stock_is_held_across_overlapping_slots(demoschool):
    sets = f.equipment(stock=3)
    helmets = f.equipment(stock=10)
    ski = f.activity(needs={sets: 1})
    race = f.activity(needs={sets: 1, helmets: 2})
    day = f.future_day()
    morning = f.slot(ski, f.instructor(ski), f.local(day, 9), capacity=6)  # 09–12
    overlapping = f.slot(race, f.instructor(race), f.local(day, 11), capacity=6)  # 11–14, other instructor
    later = f.slot(ski, f.instructor(ski), f.local(day, 14), capacity=6)  # 14–17: no overlap

    book(morning, party_size=2)
    with pytest.raises(errors.OutOfEquipment) as refused:
        book(overlapping, party_size=2)
    extra = refused.value.extra
    assert (extra["equipment"], extra["stock"], extra["in_use"], extra["needed"]) == (sets.slug, 3, 2, 2)
    assert refused.value.code == "out_of_equipment" and refused.value.http_status == 409
    assert not Booking.objects.filter(slot=overlapping).exists()

    assert book(overlapping, party_size=1).party_size == 1  # the last set
    available = {a.slot_id: a.places_left for a in selectors.availability_search(day=day)}
    assert available == {later.pk: 3}  # morning and 11:00 have places, but no set is left between 11 and 12
    assert book(later, party_size=3).party_size == 3  # a slot that does not overlap has all the stock
    with pytest.raises(errors.OutOfEquipment):
        book(morning, party_size=1)
    assert selectors.availability_search(day=day) == []


def test_helmets_per_person_count_in_the_equipment_check(demoschool):
    helmets = f.equipment(stock=3)
    double = f.activity(needs={helmets: 2})
    target = f.slot(double, f.instructor(double), f.local(f.future_day(), 9), capacity=6)
    book(target, party_size=1)  # 2 helmets
    with pytest.raises(errors.OutOfEquipment) as refused:
        book(target, party_size=1, customer="other")  # 2 more > 1 left
    assert refused.value.extra["needed"] == 2 and refused.value.extra["in_use"] == 2


def test_cancelled_bookings_free_their_places(demoschool):
    act = f.activity()
    target = f.slot(act, f.instructor(act), f.local(f.future_day(), 9), capacity=1)
    first = book(target, customer="a")
    with pytest.raises(errors.SlotTaken):
        book(target, customer="b")
    services.booking_cancel(booking_id=first.pk)
    assert book(target, customer="b").status == "pending_payment"


def test_the_same_idempotency_key_returns_the_first_booking(demoschool):
    act = f.activity()
    day = f.future_day()
    teacher = f.instructor(act)
    target = f.slot(act, teacher, f.local(day, 9), capacity=3)
    other = f.slot(act, teacher, f.local(day, 15), capacity=3)
    first = book(target, party_size=2, idempotency_key="k-1")
    again = book(target, party_size=2, idempotency_key="k-1")
    assert again.pk == first.pk and Booking.objects.filter(slot=target).count() == 1
    # …even after the slot filled up or started: the answer is the one already given
    assert book(target, party_size=2, idempotency_key="k-1", now=target.start + timedelta(hours=1)).pk == first.pk
    with pytest.raises(IdempotencyKeyReused) as reused:
        book(other, party_size=2, idempotency_key="k-1")
    assert reused.value.extra["booking_id"] == first.pk
    with pytest.raises(IdempotencyKeyReused):
        book(target, party_size=1, idempotency_key="k-1")
    # another customer's key is theirs
    assert book(target, party_size=1, idempotency_key="k-1", customer="someone-else").pk != first.pk
    assert Booking.objects.filter(slot__in=[target, other]).count() == 2


# --- availability ------------------------------------------------------------------------------------------------

def test_availability_is_live_in_the_organisations_time_zone(demoschool):
    act = f.activity()
    day = f.future_day()
    teacher = f.instructor(act)
    just_after_midnight = f.slot(act, teacher, f.local(day, 0, 30), capacity=2)  # 22:30 or 23:30 UTC the day before
    nine = f.slot(act, teacher, f.local(day, 9), capacity=2)
    f.slot(act, teacher, f.local(day + timedelta(days=1), 0, 15), capacity=2)
    found = selectors.availability_search(activity=act.slug, day=day)
    assert [a.slot_id for a in found] == [just_after_midnight.pk, nine.pk]
    assert found[0].start.tzinfo is not None and found[0].start.utcoffset() == f.local(day, 0, 30).utcoffset()
    assert found[0].activity_name == act.names["ca"]  # the organisation speaks Catalan
    book(nine, party_size=2)
    assert [a.slot_id for a in selectors.availability_search(activity=act.pk, day=day)] == [just_after_midnight.pk]
    assert selectors.availability_search(activity=act.slug, day=day, party_size=3) == []
    # a slot that has started is no longer offered
    assert selectors.availability_search(activity=act.slug, day=day, now=f.local(day, 1)) == []


def test_availability_with_a_limit_is_the_first_free_slots_past_full_ones(demoschool):
    act = f.activity()
    day = f.future_day()
    teacher = f.instructor(act)
    slots = [f.slot(act, teacher, f.local(day, hour), capacity=1, duration=timedelta(hours=1))
             for hour in range(6, 20)]  # 14 one-hour slots
    for full in slots[:9]:  # more full slots than one batch reads
        book(full, party_size=1)
    every = selectors.availability_search(activity=act.slug, day=day)
    assert [a.slot_id for a in every] == [s.pk for s in slots[9:]]
    assert selectors.availability_search(activity=act.slug, day=day, limit=3) == every[:3]
    assert selectors.availability_search(activity=act.slug, day=day, limit=50) == every
    assert selectors.availability_search(activity=act.slug, day=day, party_size=2, limit=3) == []


def test_availability_refuses_an_unknown_activity_and_an_empty_party(demoschool):
    with pytest.raises(errors.ActivityNotFound):
        selectors.availability_search(activity="paragliding")
    with pytest.raises(errors.InvalidPartySize):
        selectors.availability_search(party_size=0)


# --- payment links and the lifecycle ----------------------------------------------------------------------------

def test_a_payment_link_is_unguessable_and_pays_once(demoschool):
    act = f.activity(price_cents=3500)
    made = book(f.slot(act, f.instructor(act), f.local(f.future_day(), 9)), party_size=2)
    link = services.payment_link_create(booking_id=made.pk)
    other = services.payment_link_create(booking_id=made.pk)
    assert link.token != other.token and len(link.token) >= 40
    assert (link.amount_cents, link.currency) == (7000, "EUR") and link.expires_at > timezone.now()
    paid, already = services.payment_link_pay(token=link.token)
    assert already is False
    paid_at = Booking.objects.get(pk=made.pk).paid_at
    _, already = services.payment_link_pay(token=link.token)
    _, already_through_other = services.payment_link_pay(token=other.token)
    assert already and already_through_other
    made.refresh_from_db()
    assert made.status == "paid" and made.paid_at == paid_at
    assert PaymentLink.objects.filter(booking=made, paid_at__isnull=False).count() == 1
    with pytest.raises(errors.BookingNotPayable):
        services.payment_link_create(booking_id=made.pk)
    with pytest.raises(errors.BookingNotCancellable):
        services.booking_cancel(booking_id=made.pk)


def test_an_expired_or_unknown_link_pays_nothing(demoschool):
    act = f.activity()
    made = book(f.slot(act, f.instructor(act), f.local(f.future_day(), 9)))
    link = services.payment_link_create(booking_id=made.pk, ttl=timedelta(minutes=5))
    with pytest.raises(errors.PaymentLinkExpired) as expired:
        services.payment_link_pay(token=link.token, now=link.expires_at)
    assert expired.value.http_status == 410
    with pytest.raises(errors.PaymentLinkNotFound):
        services.payment_link_pay(token="not-a-token")
    made.refresh_from_db()
    assert made.status == "pending_payment" and made.paid_at is None


def test_a_cancelled_booking_cannot_be_paid_and_cancelling_twice_changes_nothing(demoschool):
    act = f.activity()
    made = book(f.slot(act, f.instructor(act), f.local(f.future_day(), 9)))
    link = services.payment_link_create(booking_id=made.pk)
    cancelled = services.booking_cancel(booking_id=made.pk)
    again = services.booking_cancel(booking_id=made.pk)
    assert cancelled.status == again.status == "cancelled" and again.cancelled_at == cancelled.cancelled_at
    with pytest.raises(errors.BookingNotPayable):
        services.payment_link_pay(token=link.token)
    assert Booking.objects.get(pk=made.pk).status == "cancelled"


def test_the_status_field_is_protected(demoschool):
    act = f.activity()
    made = book(f.slot(act, f.instructor(act), f.local(f.future_day(), 9)))
    with pytest.raises(AttributeError):
        made.status = "paid"


# --- bounds: what a caller may send is checked before a query -------------------------------------------------


@pytest.mark.parametrize("party_size", [10**22, 2**15, 1001, True, "2"])
def test_a_party_size_outside_1_to_1000_is_refused_before_anything_is_locked(demoschool, party_size):
    act = f.activity()
    slot = f.slot(act, f.instructor(act), f.local(f.future_day(), 9), capacity=4)
    with pytest.raises(errors.InvalidPartySize):
        book(slot, party_size=party_size)
    with pytest.raises(errors.InvalidPartySize):
        selectors.availability_search(party_size=party_size)
    assert not Booking.objects.filter(slot=slot).exists()


@pytest.mark.parametrize("field, value", [("customer_name", "Marta\x00"), ("customer_name", "M" * 121),
                                          ("customer_ref", "\ud800"), ("idempotency_key", "k" * 81)])
def test_text_a_booking_cannot_store_is_refused(demoschool, field, value):
    act = f.activity()
    slot = f.slot(act, f.instructor(act), f.local(f.future_day(), 9), capacity=4)
    arguments = {"slot_id": slot.pk, "customer_ref": "c-1", "customer_name": "Marta", "party_size": 1} | {field: value}
    with pytest.raises(TextInvalid) as refused:
        services.booking_create(**arguments)
    assert refused.value.extra["field"] == field and not Booking.objects.filter(slot=slot).exists()


def test_availability_of_an_activity_named_with_a_nul_is_refused_and_a_day_centuries_away_is_empty(demoschool):
    with pytest.raises(TextInvalid):
        selectors.availability_search(activity="esqu\x00í")
    assert selectors.availability_search(day=date.max) == []
    assert selectors.availability_search(day=date.min) == []


# --- changing a booking ------------------------------------------------------------------------------------------

def test_a_change_moves_the_same_booking_and_frees_its_old_places(demoschool):
    act = f.activity(price_cents=3500)
    teacher = f.instructor(act)
    nine, three = (f.slot(act, teacher, f.local(f.future_day(), hour), capacity=3) for hour in (9, 15))
    made = book(nine, party_size=2)
    old_link = services.payment_link_create(booking_id=made.pk)
    changed = services.booking_change(booking_id=made.pk, slot_id=three.pk, party_size=3)
    assert (changed.pk, changed.slot_id, changed.party_size, changed.amount_cents) == (made.pk, three.pk, 3, 10500)
    assert book(nine, party_size=3, customer="b").status == "pending_payment"  # the old places are free
    with pytest.raises(errors.PaymentLinkExpired):  # the old amount can no longer be paid
        services.payment_link_pay(token=old_link.token)


def test_a_larger_party_in_the_same_slot_counts_its_own_places_once(demoschool):
    act = f.activity()
    target = f.slot(act, f.instructor(act), f.local(f.future_day(), 9), capacity=4)
    made = book(target, party_size=2)
    book(target, party_size=1, customer="b")
    assert services.booking_change(booking_id=made.pk, slot_id=target.pk, party_size=3).party_size == 3
    with pytest.raises(errors.SlotTaken):  # 4 and b's 1 do not fit in 4
        services.booking_change(booking_id=made.pk, slot_id=target.pk, party_size=4)
    assert Booking.objects.get(pk=made.pk).party_size == 3  # a refused change changes nothing


def test_a_paid_or_cancelled_booking_is_not_changed(demoschool):
    act = f.activity()
    target = f.slot(act, f.instructor(act), f.local(f.future_day(), 9))
    made = book(target)
    services.booking_cancel(booking_id=made.pk)
    with pytest.raises(errors.BookingNotChangeable):
        services.booking_change(booking_id=made.pk, slot_id=target.pk, party_size=2)
    assert Booking.objects.get(pk=made.pk).party_size == 1
