"""Reads of the booking engine. Availability is always computed live from the rows (never cached).

A slot's places left for a party are the least of:
* its capacity minus the places of its non-cancelled bookings;
* for each piece of equipment the activity needs, what the stock still lends over every overlapping slot's
  bookings, divided by the pieces one participant needs;
and zero while its instructor is booked in another overlapping slot.
`booking.services.booking_create` checks the same three things under row locks.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo

from django.db import connection
from django.db.models import QuerySet, Sum
from django.utils import timezone

from booking.errors import (
    ActivityNotFound,
    BookingNotFound,
    BookingNotPayable,
    InvalidPartySize,
    PaymentLinkExpired,
    PaymentLinkNotFound,
    SlotNotFound,
)
from booking.models import Activity, ActivityEquipment, Booking, EquipmentType, Instructor, PaymentLink, TimeSlot
from language.locales import Lang, lang_of
from language.text import fold
from magie.bounds import text_checked
from magie.tenancy import tenancy_current

SEARCH_DAYS = 14  # with no day given, availability looks this many days ahead
PARTY_MAX = 1000  # more people than any slot holds (and than a booking's smallint column could)
# Days availability can be asked about; outside there are no slots (and a day's bounds could not be computed).
SEARCHABLE_DAYS = (date(1900, 1, 1), date(2199, 12, 31))
ALTERNATIVE_DAYS = 7  # a refused booking's alternatives look at most this many days past the slot's day


@dataclass(frozen=True)
class SlotAvailability:
    slot_id: int
    activity_slug: str
    activity_name: str
    instructor: str
    start: datetime  # aware, in the organisation's time zone
    end: datetime
    capacity: int
    places_left: int
    price_cents: int  # per person
    currency: str

    def as_alternative(self) -> dict[str, object]:
        return {
            "slot_id": self.slot_id,
            "start": self.start.isoformat(),
            "end": self.end.isoformat(),
            "instructor": self.instructor,
            "places_left": self.places_left,
        }


@dataclass(frozen=True)
class SlotLoad:
    """What weighs on one slot right now (see the module docstring)."""

    booked_places: int
    instructor_busy_in: tuple[int, ...]  # other overlapping slots of the same instructor that have bookings
    equipment_in_use: dict[int, int]  # equipment type id → pieces lent over overlapping slots


def organisation_language() -> Lang:
    return lang_of(tenancy_current().language)


def activity_names(*, language: str) -> dict[str, str]:
    """Each activity's name in `language` (its own name where it has none in that language), by slug: the slots
    of the engine are named in the organisation's language, a customer reads them in theirs."""
    return {activity.slug: activity.name_in(language) for activity in Activity.objects.only("slug", "name", "names")}


def organisation_time_zone() -> ZoneInfo:
    return tenancy_current().zone


def local_day_bounds(day: date, tz: ZoneInfo) -> tuple[datetime, datetime]:
    start = datetime.combine(day, time.min, tzinfo=tz)
    end = datetime.combine(day + timedelta(days=1), time.min, tzinfo=tz)
    return start, end


def instructor_names() -> list[str]:
    """The school's instructors by name: people of its own a customer may ask to talk to."""
    return list(Instructor.objects.values_list("name", flat=True))


def activity_list() -> QuerySet[Activity]:
    return Activity.objects.prefetch_related("needs__equipment_type").order_by("name")


def activity_resolve(activity: str | int | Activity) -> Activity:
    """An activity by id, slug, or its name in any language as people write it ("escalada", "esquí", "ski"),
    accent- and case-insensitive; `ActivityNotFound` otherwise."""
    if isinstance(activity, Activity):
        return activity
    if not isinstance(activity, int):
        text_checked(str(activity), field="activity", max_length=120)
    lookup = {"pk": int(activity)} if str(activity).isdigit() else {"slug": str(activity)}
    found = Activity.objects.filter(**lookup).first()
    if found is None and not str(activity).isdigit():
        found = _activity_by_name(str(activity))
    if found is None:
        raise ActivityNotFound(f"no activity {activity!r}", activity=str(activity))
    return found


def _activity_by_name(text: str) -> Activity | None:
    wanted = fold(text).strip()
    if not wanted:
        return None
    for candidate in Activity.objects.all():
        names = [fold(name) for name in [candidate.name, candidate.slug, *candidate.names.values()]]
        if any(wanted == name or wanted in name.split() or name.startswith(wanted) for name in names):
            return candidate
    return None


def equipment_needs() -> dict[int, dict[int, int]]:
    """activity id → {equipment type id: pieces per participant}."""
    needs: dict[int, dict[int, int]] = defaultdict(dict)
    for activity_id, equipment_id, quantity in ActivityEquipment.objects.values_list(
        "activity_id", "equipment_type_id", "quantity"
    ):
        needs[activity_id][equipment_id] = quantity
    return needs


@dataclass(frozen=True)
class _BookedSlot:
    slot_id: int
    start: datetime
    end: datetime
    activity_id: int
    instructor_id: int
    places: int


def _booked_slots(window_start: datetime, window_end: datetime, excluding: int | None = None) -> list[_BookedSlot]:
    """Places of non-cancelled bookings per slot, for slots overlapping [window_start, window_end); `excluding` is a
    booking whose places do not count (the one being changed: its own places are its to keep)."""
    rows = (
        Booking.objects.exclude(status=Booking.Status.CANCELLED).exclude(pk=excluding)
        .filter(slot__start__lt=window_end, slot__end__gt=window_start)
        .values("slot_id", "slot__start", "slot__end", "slot__activity_id", "slot__instructor_id")
        .annotate(places=Sum("party_size"))
        .order_by()
    )
    return [
        _BookedSlot(r["slot_id"], r["slot__start"], r["slot__end"], r["slot__activity_id"], r["slot__instructor_id"],
                    r["places"])
        for r in rows
    ]


def _load_of(slot: TimeSlot | _SlotRow, booked: Iterable[_BookedSlot], needs: dict[int, dict[int, int]]) -> SlotLoad:
    booked_places = 0
    busy: list[int] = []
    in_use: dict[int, int] = defaultdict(int)
    for other in booked:
        if not (other.start < slot.end and other.end > slot.start):
            continue
        if other.slot_id == slot.pk:
            booked_places += other.places
        elif other.instructor_id == slot.instructor_id:
            busy.append(other.slot_id)
        for equipment_id, quantity in needs.get(other.activity_id, {}).items():
            in_use[equipment_id] += other.places * quantity
    return SlotLoad(booked_places, tuple(sorted(busy)), dict(in_use))


def slot_load(slot: TimeSlot, needs: dict[int, dict[int, int]] | None = None, excluding: int | None = None) -> SlotLoad:
    """The live load of one slot (callers that must rely on it hold the slot's, instructor's and gear's locks),
    without the places of the booking `excluding`."""
    return _load_of(slot, _booked_slots(slot.start, slot.end, excluding), equipment_needs() if needs is None else needs)


def places_left(slot: TimeSlot | _SlotRow, load: SlotLoad, needs: dict[int, dict[int, int]], stock: dict[int, int]) -> int:
    if load.instructor_busy_in:
        return 0
    left = slot.capacity - load.booked_places
    for equipment_id, quantity in needs.get(slot.activity_id, {}).items():
        left = min(left, (stock.get(equipment_id, 0) - load.equipment_in_use.get(equipment_id, 0)) // quantity)
    return max(left, 0)


@dataclass(frozen=True)
class _SlotRow:
    """A slot as availability reads it: the slot's columns with its activity's and instructor's (no model
    instances: a search reads a dozen slots each time)."""

    pk: int
    activity_id: int
    instructor_id: int
    start: datetime
    end: datetime
    capacity: int
    activity_slug: str
    activity_name: str
    activity_names: dict[str, str]
    price_cents: int
    currency: str
    instructor: str

    def name_in(self, language: str) -> str:  # as `Activity.name_in`
        return self.activity_names.get(language) or self.activity_name


# Availability's two statements, their text built once per process (the ORM compiled five querysets per search, more
# CPU than PostgreSQL spends answering them): the slots with their activity and instructor, then in one statement
# the places booked in slots overlapping them, the equipment each activity needs and the stock.


@cache
def _slots_sql() -> str:
    quote = connection.ops.quote_name
    slot, activity, instructor = (quote(model._meta.db_table) for model in (TimeSlot, Activity, Instructor))
    return (f'SELECT s.id, s.activity_id, s.instructor_id, s.start, s."end", s.capacity, a.slug, a.name, a.names, '
            f"a.price_cents, a.currency, i.name FROM {slot} s JOIN {activity} a ON a.id = s.activity_id "
            f"JOIN {instructor} i ON i.id = s.instructor_id WHERE s.start >= %s AND s.start < %s AND s.start > %s "
            "AND (%s::bigint IS NULL OR s.activity_id = %s) AND (%s::bigint IS NULL OR s.id <> %s) "
            "ORDER BY s.start, s.id LIMIT %s OFFSET %s")


@cache
def _slot_sql() -> str:
    return _slots_sql().split(" WHERE ")[0] + " WHERE s.id = %s"


@cache
def _loads_sql() -> str:
    quote = connection.ops.quote_name
    booking, slot, needs, equipment = (quote(model._meta.db_table)
                                       for model in (Booking, TimeSlot, ActivityEquipment, EquipmentType))
    return (f'SELECT 0, b.slot_id, s.start, s."end", s.activity_id, s.instructor_id, SUM(b.party_size) FROM {booking} b '
            f'JOIN {slot} s ON s.id = b.slot_id WHERE b.status <> %s AND s.start < %s AND s."end" > %s '
            'GROUP BY b.slot_id, s.start, s."end", s.activity_id, s.instructor_id '
            f"UNION ALL SELECT 1, activity_id, NULL, NULL, equipment_type_id, NULL, quantity FROM {needs} "
            f"UNION ALL SELECT 2, id, NULL, NULL, NULL, NULL, stock FROM {equipment}")


def _slot_rows(sql: str, params: list[Any]) -> list[_SlotRow]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return [_SlotRow(pk=row[0], activity_id=row[1], instructor_id=row[2], start=row[3], end=row[4], capacity=row[5],
                     activity_slug=row[6], activity_name=row[7],
                     activity_names=json.loads(row[8]) if isinstance(row[8], str) else row[8],  # a JSONField's read
                     price_cents=row[9], currency=row[10], instructor=row[11]) for row in rows]


def _upcoming_slots(*, activity: int | None, start: datetime, end: datetime, now: datetime,
                    exclude: int | None = None, window: slice | None = None) -> list[_SlotRow]:
    """The slots starting in [start, end) and after `now`, earliest first; `window`: only that part of them."""
    offset = (window.start or 0) if window is not None else 0
    limit = window.stop - offset if window is not None and window.stop is not None else None
    return _slot_rows(_slots_sql(), [start, end, now, activity, activity, exclude, exclude, limit, offset])


def _availabilities(slots: list[_SlotRow], language: str | None = None) -> list[SlotAvailability]:
    """The slots' places left now; each activity named in `language` (the organisation's when None)."""
    if not slots:
        return []
    booked: list[_BookedSlot] = []
    needs: dict[int, dict[int, int]] = defaultdict(dict)
    stock: dict[int, int] = {}
    with connection.cursor() as cursor:
        cursor.execute(_loads_sql(), [Booking.Status.CANCELLED.value, max(s.end for s in slots),
                                      min(s.start for s in slots)])
        for row in cursor.fetchall():
            if row[0] == 0:  # slot, start, end, activity, instructor, places booked
                booked.append(_BookedSlot(*row[1:]))
            elif row[0] == 1:  # activity, equipment type, pieces per participant
                needs[row[1]][row[4]] = row[6]
            else:  # equipment type, stock
                stock[row[1]] = row[6]
    tz, language = organisation_time_zone(), language or organisation_language()
    found = []
    for slot in slots:
        load = _load_of(slot, booked, needs)
        found.append(SlotAvailability(
            slot_id=slot.pk, activity_slug=slot.activity_slug, activity_name=slot.name_in(language),
            instructor=slot.instructor, start=slot.start.astimezone(tz), end=slot.end.astimezone(tz),
            capacity=slot.capacity, places_left=places_left(slot, load, needs, stock),
            price_cents=slot.price_cents, currency=slot.currency,
        ))
    return found


def slot_availability(*, slot_id: int) -> SlotAvailability:
    """One slot as availability reads it now (places left counting instructor and equipment); SlotNotFound."""
    slots = _slot_rows(_slot_sql(), [slot_id])
    if not slots:
        raise SlotNotFound(slot_id=slot_id)
    return _availabilities(slots)[0]


def party_size_check(party_size: object) -> int:
    """A party of 1 to PARTY_MAX people, else InvalidPartySize."""
    if isinstance(party_size, bool) or not isinstance(party_size, int) or not 1 <= party_size <= PARTY_MAX:
        raise InvalidPartySize(f"a party is 1 to {PARTY_MAX} people", party_size=str(party_size)[:20],
                               maximum=PARTY_MAX)
    return party_size


def availability_search(
    *, activity: str | int | Activity | None = None, day: date | None = None, party_size: int = 1,
    now: datetime | None = None, limit: int | None = None, language: str | None = None,
) -> list[SlotAvailability]:
    """Slots not yet started with room for `party_size` (places, instructor and equipment), earliest first.

    `day` is a date in the organisation's time zone; without it, the next `SEARCH_DAYS` days. `limit`: the first
    `limit` of them only — the slots are then read and weighed a few at a time, earliest first, until that many have
    room (two weeks of a school's slots are hundreds of rows, and a caller that shows six needs the first ones).
    `language`: the activities' names in it (`Activity.name_in`), else in the organisation's language.
    """
    party_size_check(party_size)
    now = now or timezone.now()
    tz = organisation_time_zone()
    chosen = activity_resolve(activity) if activity is not None else None
    if day is not None and not SEARCHABLE_DAYS[0] <= day <= SEARCHABLE_DAYS[1]:
        return []
    if day is None:
        start, end = now, now + timedelta(days=SEARCH_DAYS)
    else:
        start, end = local_day_bounds(day, tz)
    chosen_id = chosen.pk if chosen is not None else None
    if limit is None:
        slots = _upcoming_slots(activity=chosen_id, start=start, end=end, now=now)
        return [found for found in _availabilities(slots, language) if found.places_left >= party_size]
    found: list[SlotAvailability] = []
    batch, offset = max(limit * 2, 8), 0
    while len(found) < limit:
        slots = _upcoming_slots(activity=chosen_id, start=start, end=end, now=now,
                                window=slice(offset, offset + batch))
        found += [one for one in _availabilities(slots, language) if one.places_left >= party_size]
        if len(slots) < batch:
            break
        offset += batch
    return found[:limit]


def slot_alternatives(*, slot: TimeSlot, party_size: int, now: datetime) -> list[dict[str, object]]:
    """Other slots of the same activity free now for `party_size`: that day, else the first later day with any."""
    tz = organisation_time_zone()
    day = slot.start.astimezone(tz).date()
    for offset in range(ALTERNATIVE_DAYS + 1):
        start, end = local_day_bounds(day + timedelta(days=offset), tz)
        candidates = _upcoming_slots(activity=slot.activity_id, start=start, end=end, now=now, exclude=slot.pk)
        free = [found for found in _availabilities(candidates) if found.places_left >= party_size]
        if free:
            return [found.as_alternative() for found in free]
    return []


def booking_get_for_customer(*, booking_id: int, customer_ref: str) -> Booking:
    """The customer's own booking; `BookingNotFound` alike for missing and someone else's."""
    booking = (
        Booking.objects.select_related("slot__activity", "slot__instructor")
        .filter(pk=booking_id, customer_ref=customer_ref)
        .first()
    )
    if booking is None:
        raise BookingNotFound("no such booking", booking_id=booking_id)
    return booking


def bookings_upcoming_for_customer(*, customer_ref: str, now: datetime) -> list[Booking]:
    """The customer's bookings not cancelled whose slot has not started, the latest made first."""
    return list(Booking.objects.select_related("slot__activity", "slot__instructor")
                .filter(customer_ref=customer_ref, slot__start__gt=now)
                .exclude(status=Booking.Status.CANCELLED).order_by("-created_at", "-pk")[:10])


def payment_link_get(*, token: str) -> PaymentLink:
    link = (
        PaymentLink.objects.select_related("booking__slot__activity", "booking__slot__instructor")
        .filter(token=token)
        .first()
    )
    if link is None:
        raise PaymentLinkNotFound("no such payment link")
    return link


def payment_link_check_usable(*, link: PaymentLink, now: datetime | None = None) -> None:
    """A link that can still be paid: its booking awaits payment and it has not expired."""
    if link.booking.status != Booking.Status.PENDING_PAYMENT:
        raise BookingNotPayable("the booking is not awaiting payment", booking_id=link.booking_id,
                                status=link.booking.status)
    if link.expires_at <= (now or timezone.now()):
        raise PaymentLinkExpired("the payment link has expired", booking_id=link.booking_id,
                                 expired_at=link.expires_at.isoformat())
