"""Reads of the booking engine. Availability is always computed live from the rows (never cached).

A slot's places left for a party are the least of:
* its capacity minus the places of its non-cancelled bookings;
* for each piece of equipment the activity needs, what the stock still lends over every overlapping slot's
  bookings, divided by the pieces one participant needs;
and zero while its instructor is booked in another overlapping slot.
`booking.services.booking_create` checks the same three things under row locks.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

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
from booking.models import Activity, ActivityEquipment, Booking, EquipmentType, PaymentLink, TimeSlot
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


def _load_of(slot: TimeSlot, booked: Iterable[_BookedSlot], needs: dict[int, dict[int, int]]) -> SlotLoad:
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


def places_left(slot: TimeSlot, load: SlotLoad, needs: dict[int, dict[int, int]], stock: dict[int, int]) -> int:
    if load.instructor_busy_in:
        return 0
    left = slot.capacity - load.booked_places
    for equipment_id, quantity in needs.get(slot.activity_id, {}).items():
        left = min(left, (stock.get(equipment_id, 0) - load.equipment_in_use.get(equipment_id, 0)) // quantity)
    return max(left, 0)


def _availabilities(slots: list[TimeSlot]) -> list[SlotAvailability]:
    if not slots:
        return []
    booked = _booked_slots(min(s.start for s in slots), max(s.end for s in slots))
    needs = equipment_needs()
    stock = dict(EquipmentType.objects.values_list("pk", "stock"))
    tz, language = organisation_time_zone(), organisation_language()
    found = []
    for slot in slots:
        load = _load_of(slot, booked, needs)
        found.append(SlotAvailability(
            slot_id=slot.pk, activity_slug=slot.activity.slug, activity_name=slot.activity.name_in(language),
            instructor=slot.instructor.name, start=slot.start.astimezone(tz), end=slot.end.astimezone(tz),
            capacity=slot.capacity, places_left=places_left(slot, load, needs, stock),
            price_cents=slot.activity.price_cents, currency=slot.activity.currency,
        ))
    return found


def slot_availability(*, slot_id: int) -> SlotAvailability:
    """One slot as availability reads it now (places left counting instructor and equipment); SlotNotFound."""
    slot = TimeSlot.objects.select_related("activity", "instructor").filter(pk=slot_id).first()
    if slot is None:
        raise SlotNotFound(slot_id=slot_id)
    return _availabilities([slot])[0]


def _upcoming_slots(*, activity: Activity | None, start: datetime, end: datetime, now: datetime,
                    exclude: int | None = None, window: slice | None = None) -> list[TimeSlot]:
    """The slots starting in [start, end) and after `now`, earliest first; `window`: only that part of them."""
    slots = TimeSlot.objects.select_related("activity", "instructor").filter(
        start__gte=start, start__lt=end, start__gt=now
    )
    if activity is not None:
        slots = slots.filter(activity=activity)
    if exclude is not None:
        slots = slots.exclude(pk=exclude)
    ordered = slots.order_by("start", "pk")
    return list(ordered[window] if window is not None else ordered)


def party_size_check(party_size: object) -> int:
    """A party of 1 to PARTY_MAX people, else InvalidPartySize."""
    if isinstance(party_size, bool) or not isinstance(party_size, int) or not 1 <= party_size <= PARTY_MAX:
        raise InvalidPartySize(f"a party is 1 to {PARTY_MAX} people", party_size=str(party_size)[:20],
                               maximum=PARTY_MAX)
    return party_size


def availability_search(
    *, activity: str | int | Activity | None = None, day: date | None = None, party_size: int = 1,
    now: datetime | None = None, limit: int | None = None,
) -> list[SlotAvailability]:
    """Slots not yet started with room for `party_size` (places, instructor and equipment), earliest first.

    `day` is a date in the organisation's time zone; without it, the next `SEARCH_DAYS` days. `limit`: the first
    `limit` of them only — the slots are then read and weighed a few at a time, earliest first, until that many have
    room (two weeks of a school's slots are hundreds of rows, and a caller that shows six needs the first ones).
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
    if limit is None:
        slots = _upcoming_slots(activity=chosen, start=start, end=end, now=now)
        return [found for found in _availabilities(slots) if found.places_left >= party_size]
    found: list[SlotAvailability] = []
    batch, offset = max(limit * 2, 8), 0
    while len(found) < limit:
        slots = _upcoming_slots(activity=chosen, start=start, end=end, now=now, window=slice(offset, offset + batch))
        found += [one for one in _availabilities(slots) if one.places_left >= party_size]
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
        candidates = _upcoming_slots(activity=slot.activity, start=start, end=end, now=now, exclude=slot.pk)
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
