"""A bare no under a Pix preview calls the request off, through `manage.py chat --json` in its language, the effect
checked in the organisation's schema: no Pix after "não" then a tap on the old preview's Approve (its button is
stale), and a bare no after a booking done cancels nothing."""

from __future__ import annotations

from itertools import count

import pytest
from django_tenants.utils import schema_context

from agent.tests.demo_effects import BANK_CUSTOMER, pix_made
from booking.models import Booking

_ids = count(1)


@pytest.mark.parametrize("first,no,cancelled", [
    ("manda 200 pra Ana", "não", "Pedido cancelado. Nada foi feito."),
    ("manda 200 pra Ana", "nao, ta errado", "Pedido cancelado. Nada foi feito."),
    ("manda 200 pra Ana", "não quero", "Pedido cancelado. Nada foi feito."),
    ("mandale 200 a Ana", "no gracias", "Pedido cancelado. No se hizo nada."),
    ("mandale 200 a Ana", "no, está mal", "Pedido cancelado. No se hizo nada."),
    ("send 200 to Ana", "nope, that's wrong", "Request cancelled. Nothing was done."),
])
def test_a_bare_no_under_a_pix_preview_cancels_it_and_its_buttons(db, chat_json, first, no, cancelled):
    replies = chat_json("demobank", first, no, "/tap 1", customer=BANK_CUSTOMER)
    assert replies[0]["state"] == "awaiting_confirmation", replies
    assert (replies[1]["rule"], replies[1]["state"], replies[1]["text"]) == (
        "customer_cancelled", "abandoned", cancelled), replies
    assert replies[2]["rule"] == "stale_confirmation_button", replies  # the old Approve sends nothing
    assert pix_made() == []


def test_a_no_naming_another_recipient_is_still_a_correction(db, chat_json):
    replies = chat_json("demobank", "manda 200 pra Ana", "não, pra Maria", "/tap 1", customer=BANK_CUSTOMER)
    assert replies[1]["rule"] == "correction_wording", replies
    [pix] = pix_made()
    assert "Maria" in pix.recipient_name


def test_a_bare_no_after_a_booking_done_cancels_nothing(db, chat_json):
    """The school books without a preview: a "no gracias" after it never starts the booking's cancel (rule D1)."""
    customer = f"3640{next(_ids):07d}"
    replies = chat_json("demoschool", "reserva esquí pasado mañana a las 9 para 2", "no gracias", customer=customer)
    assert replies[0]["state"] == "completed" and replies[1]["decision"] != "cancel", replies
    assert replies[1]["rule"] != "cancel_of_done_request", replies
    with schema_context("demoschool"):
        [booking] = Booking.objects.filter(customer_ref=customer)
        assert booking.status == Booking.Status.PENDING_PAYMENT
