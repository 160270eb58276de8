"""The booking engine's refusals: each a stable `code`, an HTTP status and `extra` details.

`SlotTaken`, `InstructorUnavailable` and `OutOfEquipment` carry `extra["alternatives"]`: the slots free *now*
(computed inside the refusing transaction, after its check) for the same activity and party size, that day or
else the next days — each `{"slot_id", "start", "end", "instructor", "places_left"}`.
"""

from __future__ import annotations

from magie.errors import DomainError, NotFound


class SlotNotFound(NotFound):
    code, http_status = "slot_not_found", 404


class ActivityNotFound(NotFound):
    code, http_status = "activity_not_found", 404


class BookingNotFound(NotFound):
    code, http_status = "booking_not_found", 404


class PaymentLinkNotFound(NotFound):
    code, http_status = "payment_link_not_found", 404


class BookingNotChangeable(DomainError):
    """Only a booking awaiting payment is moved to another time or party size."""

    code, http_status = "booking_not_changeable", 409


class InvalidPartySize(DomainError):
    code, http_status = "invalid_party_size", 400


class SlotTaken(DomainError):
    """Not enough free places left (someone else booked them first)."""

    code, http_status = "slot_taken", 409


class PartyTooLarge(DomainError):
    """More people than the slot ever holds."""

    code, http_status = "party_too_large", 422


class InstructorUnavailable(DomainError):
    """The slot's instructor is already booked in an overlapping slot."""

    code, http_status = "instructor_unavailable", 409


class OutOfEquipment(DomainError):
    code, http_status = "out_of_equipment", 409


class SlotInThePast(DomainError):
    code, http_status = "slot_in_the_past", 422


class BookingNotPayable(DomainError):
    code, http_status = "booking_not_payable", 409


class BookingNotCancellable(DomainError):
    code, http_status = "booking_not_cancellable", 409


class PaymentLinkExpired(DomainError):
    code, http_status = "payment_link_expired", 410
