"""Every write of the booking engine. Views, the admin, the sandbox interface and demo seeding call these.

Lock order, the same in every transaction so that none deadlocks: instructor → slot → equipment types (by id).
Booking rows are locked by transactions that lock nothing of the catalogue (`booking_cancel`,
`payment_link_create`), except `booking_change`, which locks the booking first and then the catalogue in the order
above (nothing that holds the catalogue waits for a booking, so no cycle); `payment_link_pay` locks the link, then
its booking, and nothing else locks a link.
"""

from __future__ import annotations

import logging
import secrets
from datetime import datetime, timedelta

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from booking.errors import (
    BookingNotCancellable,
    BookingNotChangeable,
    BookingNotFound,
    BookingNotPayable,
    InstructorUnavailable,
    OutOfEquipment,
    PartyTooLarge,
    PaymentLinkExpired,
    PaymentLinkNotFound,
    SlotInThePast,
    SlotNotFound,
    SlotTaken,
)
from booking.models import Booking, CustomerToken, EquipmentType, Instructor, PaymentLink, TimeSlot
from booking.selectors import equipment_needs, party_size_check, slot_alternatives, slot_load
from magie.bounds import text_checked
from magie.errors import IdempotencyKeyReused
from magie.locking import row_locked
from magie.tokens import token_new

logger = logging.getLogger(__name__)

PAYMENT_LINK_TTL = timedelta(hours=24)


def _same_request(booking: Booking, *, slot_id: int, party_size: int) -> bool:
    return booking.slot_id == slot_id and booking.party_size == party_size


def _replay(*, customer_ref: str, idempotency_key: str | None, slot_id: int, party_size: int) -> Booking | None:
    """The booking this customer already made with this key, if any; refuses a key reused for something else."""
    if not idempotency_key:
        return None
    existing = Booking.objects.filter(customer_ref=customer_ref, idempotency_key=idempotency_key).first()
    if existing is None:
        return None
    if not _same_request(existing, slot_id=slot_id, party_size=party_size):
        raise IdempotencyKeyReused(
            "this idempotency key was used for another booking", idempotency_key=idempotency_key,
            booking_id=existing.pk,
        )
    return existing


def _lock_slot_and_instructor(slot_id: int) -> TimeSlot:
    """Lock the slot's instructor, then the slot (an admin may move a slot to another instructor: re-check)."""
    for _ in range(3):
        instructor_id = TimeSlot.objects.filter(pk=slot_id).values_list("instructor_id", flat=True).first()
        if instructor_id is None:
            raise SlotNotFound("no such slot", slot_id=slot_id)
        Instructor.objects.select_for_update().filter(pk=instructor_id).values_list("pk", flat=True).get()
        slot = TimeSlot.objects.select_for_update().select_related("activity").filter(pk=slot_id).first()
        if slot is None:
            raise SlotNotFound("no such slot", slot_id=slot_id)
        if slot.instructor_id == instructor_id:
            return slot
    raise SlotNotFound("the slot keeps changing instructor", slot_id=slot_id)  # pragma: no cover


@transaction.atomic
def booking_create(
    *, slot_id: int, customer_ref: str, customer_name: str, party_size: int, idempotency_key: str | None = None,
    now: datetime | None = None,
) -> Booking:
    """Book `party_size` places in the slot, holding its instructor, the slot and the activity's equipment.

    Locks (select_for_update) the slot's instructor, the slot, and the equipment types the activity needs (by
    id), then checks, on rows nobody else can book meanwhile: the slot has not started, the party fits the
    slot, enough places are free, the instructor is not booked in an overlapping slot, and each piece of
    equipment is still in stock over all overlapping slots' bookings. Only then inserts the booking
    (pending payment, amount = price × party size).

    The same `idempotency_key` of the same customer with the same slot and party size returns the first
    booking; with other arguments it raises `IdempotencyKeyReused`. Refusals for lack of room (`SlotTaken`,
    `InstructorUnavailable`, `OutOfEquipment`) carry fresh alternatives computed after the check.
    """
    now = now or timezone.now()
    party_size_check(party_size)
    text_checked(customer_ref, field="customer_ref", max_length=120)
    text_checked(customer_name, field="customer_name", max_length=120)
    if idempotency_key is not None:
        text_checked(idempotency_key, field="idempotency_key", max_length=80)
    replayed = _replay(customer_ref=customer_ref, idempotency_key=idempotency_key, slot_id=slot_id,
                       party_size=party_size)
    if replayed:
        return replayed
    slot = _lock_slot_and_instructor(slot_id)
    all_needs = equipment_needs()
    needs = all_needs.get(slot.activity_id, {})
    equipment = {e.pk: e for e in EquipmentType.objects.select_for_update().filter(pk__in=needs).order_by("pk")}
    # A request with the same key may have committed while this one waited for the locks.
    replayed = _replay(customer_ref=customer_ref, idempotency_key=idempotency_key, slot_id=slot_id,
                       party_size=party_size)
    if replayed:
        return replayed

    _room_check(slot, party_size=party_size, needs=needs, all_needs=all_needs, equipment=equipment, now=now)

    row = Booking(
        slot=slot, customer_ref=customer_ref, customer_name=customer_name, party_size=party_size,
        amount_cents=slot.activity.price_cents * party_size, currency=slot.activity.currency,
        idempotency_key=idempotency_key or None, created_at=now,
    )
    if idempotency_key:
        try:
            with transaction.atomic():  # a savepoint: a same-key insert that raced us leaves this one usable
                row.save(force_insert=True)
        except IntegrityError:
            replayed = _replay(customer_ref=customer_ref, idempotency_key=idempotency_key, slot_id=slot_id,
                               party_size=party_size)
            if replayed is None:
                raise
            return replayed
    else:
        row.save(force_insert=True)
    logger.info("booking %s created: slot %s, %s places", row.pk, slot.pk, party_size)
    return row


def _room_check(slot: TimeSlot, *, party_size: int, needs: dict[int, int], all_needs: dict[int, dict[int, int]],
                equipment: dict[int, EquipmentType], now: datetime, excluding: int | None = None) -> None:
    """Refuse unless `party_size` more people fit the locked slot now: it has not started, the party fits it, places
    are free, its instructor is not busy elsewhere, the gear is in stock (`excluding`: a booking whose places are
    not counted, the one being changed)."""
    if slot.start <= now:
        raise SlotInThePast("the slot has already started", slot_id=slot.pk, start=slot.start.isoformat())
    if party_size > slot.capacity:
        raise PartyTooLarge("the party is larger than the slot", slot_id=slot.pk, capacity=slot.capacity,
                            party_size=party_size)
    load = slot_load(slot, all_needs, excluding)
    free = slot.capacity - load.booked_places
    if party_size > free:
        raise SlotTaken(
            "not enough places left in this slot", slot_id=slot.pk, places_left=max(free, 0), party_size=party_size,
            alternatives=slot_alternatives(slot=slot, party_size=party_size, now=now),
        )
    if load.instructor_busy_in:
        raise InstructorUnavailable(
            "the instructor is already booked at that time", slot_id=slot.pk, instructor_id=slot.instructor_id,
            busy_in_slots=list(load.instructor_busy_in),
            alternatives=slot_alternatives(slot=slot, party_size=party_size, now=now),
        )
    for equipment_id, quantity in sorted(needs.items()):
        piece = equipment[equipment_id]
        in_use = load.equipment_in_use.get(equipment_id, 0)
        if in_use + party_size * quantity > piece.stock:
            raise OutOfEquipment(
                f"not enough {piece.name} for the party", slot_id=slot.pk, equipment=piece.slug,
                equipment_name=piece.name, stock=piece.stock, in_use=in_use, needed=party_size * quantity,
                alternatives=slot_alternatives(slot=slot, party_size=party_size, now=now),
            )


def _booking_locked(booking_id: int) -> Booking:
    return row_locked(Booking.objects, pk=booking_id, missing=BookingNotFound("no such booking", booking_id=booking_id))


@transaction.atomic
def booking_cancel(*, booking_id: int, now: datetime | None = None) -> Booking:
    """Cancel a booking that awaits payment; its places are free at once. Cancelling twice changes nothing.

    Locks the booking. A paid booking is not cancelled here (refunds are a person's decision).
    """
    booking = _booking_locked(booking_id)
    if booking.status == Booking.Status.CANCELLED:
        return booking
    if booking.status != Booking.Status.PENDING_PAYMENT:
        raise BookingNotCancellable("a paid booking cannot be cancelled here", booking_id=booking.pk,
                                    status=booking.status)
    booking.cancel(at=now or timezone.now())
    booking.save()
    logger.info("booking %s cancelled", booking.pk)
    return booking


@transaction.atomic
def booking_change(*, booking_id: int, slot_id: int, party_size: int, now: datetime | None = None) -> Booking:
    """Move a booking that awaits payment to another slot and/or party size, in place (the same booking, its new
    amount = price × party); the old places are free at once. Links to pay the old amount stop working.

    Locks the booking, then (as `booking_create`) the new slot's instructor, the slot and its activity's gear, and
    checks the room on them without counting the booking's own places. A paid or cancelled booking is not changed
    here (a refund or a new booking is a person's or the customer's decision)."""
    now = now or timezone.now()
    party_size_check(party_size)
    booking = _booking_locked(booking_id)
    if booking.status != Booking.Status.PENDING_PAYMENT:
        raise BookingNotChangeable("only a booking awaiting payment can be changed here", booking_id=booking.pk,
                                   status=booking.status)
    if booking.slot_id == slot_id and booking.party_size == party_size:
        return booking
    slot = _lock_slot_and_instructor(slot_id)
    all_needs = equipment_needs()
    needs = all_needs.get(slot.activity_id, {})
    equipment = {e.pk: e for e in EquipmentType.objects.select_for_update().filter(pk__in=needs).order_by("pk")}
    _room_check(slot, party_size=party_size, needs=needs, all_needs=all_needs, equipment=equipment, now=now,
                excluding=booking.pk)
    booking.slot, booking.party_size = slot, party_size
    booking.amount_cents, booking.currency = slot.activity.price_cents * party_size, slot.activity.currency
    booking.save(update_fields=["slot", "party_size", "amount_cents", "currency"])
    PaymentLink.objects.filter(booking=booking, paid_at__isnull=True, expires_at__gt=now).update(expires_at=now)
    logger.info("booking %s changed: slot %s, %s places", booking.pk, slot.pk, party_size)
    return booking


@transaction.atomic
def payment_link_create(*, booking_id: int, now: datetime | None = None,
                        ttl: timedelta = PAYMENT_LINK_TTL) -> PaymentLink:
    """A new unguessable link to pay the booking's amount (price × party size) within `ttl`. Locks the booking."""
    now = now or timezone.now()
    booking = _booking_locked(booking_id)
    if booking.status != Booking.Status.PENDING_PAYMENT:
        raise BookingNotPayable("the booking is not awaiting payment", booking_id=booking.pk, status=booking.status)
    return PaymentLink.objects.create(
        booking=booking, token=secrets.token_urlsafe(32), amount_cents=booking.amount_cents,
        currency=booking.currency, created_at=now, expires_at=now + ttl,
    )


@transaction.atomic
def payment_link_pay(*, token: str, now: datetime | None = None) -> tuple[PaymentLink, bool]:
    """Mark the link's booking paid (the demo's stand-in for a card payment). Returns (link, already_paid).

    Locks the link, then its booking. Paying twice changes nothing and answers already_paid=True; a paid
    booking stays paid even once the link has expired. Refuses an unknown token (`PaymentLinkNotFound`), an
    expired link (`PaymentLinkExpired`) and a cancelled booking (`BookingNotPayable`).
    """
    now = now or timezone.now()
    link = PaymentLink.objects.select_for_update().filter(token=token).first()
    if link is None:
        raise PaymentLinkNotFound("no such payment link")
    booking = Booking.objects.select_for_update().get(pk=link.booking_id)
    if booking.status == Booking.Status.PAID:
        return link, True
    if link.expires_at <= now:
        raise PaymentLinkExpired("the payment link has expired", booking_id=booking.pk,
                                 expired_at=link.expires_at.isoformat())
    if booking.status != Booking.Status.PENDING_PAYMENT:
        raise BookingNotPayable("the booking is not awaiting payment", booking_id=booking.pk, status=booking.status)
    booking.pay(at=now)
    booking.save()
    link.paid_at = now
    link.save(update_fields=["paid_at"])
    logger.info("booking %s paid through a payment link", booking.pk)
    return link, False


@transaction.atomic
def time_slot_save(*, slot: TimeSlot) -> TimeSlot:
    """Create or change a slot (the admin's door). Locks the slot's instructor and the slot; a slot is never made
    smaller than the places already booked in it."""
    if slot.pk:
        _lock_slot_and_instructor(slot.pk)
        booked = slot_load(TimeSlot.objects.get(pk=slot.pk)).booked_places
        if slot.capacity is not None and slot.capacity < booked:
            raise ValidationError({"capacity": [f"{booked} places are already booked in this slot."]})
    slot.full_clean()
    slot.save()
    return slot


@transaction.atomic
def catalogue_item_save(*, item: object) -> object:
    """Create or change an activity, instructor or equipment type (validated; the admin's door)."""
    item.full_clean()  # type: ignore[attr-defined]
    item.save()  # type: ignore[attr-defined]
    return item


def customer_token_issue(*, customer_ref: str, customer_name: str) -> CustomerToken:
    """A new random API token for the customer (see booking.auth); its key is `token.secret` on the returned row,
    only now (the table keeps its SHA-256)."""
    key, digest = token_new()
    token = CustomerToken.objects.create(key=digest, customer_ref=customer_ref, customer_name=customer_name)
    token.secret = key  # type: ignore[attr-defined]  # shown once, never stored
    return token
