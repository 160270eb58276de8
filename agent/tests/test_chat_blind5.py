"""The real misses of the blind set b5 (branch blind30b5), each through `manage.py chat --json` in its language, the
effect checked in the organisation's schema: a group named by first names after "for me" is counted, and a
recipient taken back in the same breath ("a juan... digo joão") is the one paid."""

from __future__ import annotations

from itertools import count

import pytest
from django_tenants.utils import schema_context

from agent.tests.demo_effects import BANK_CUSTOMER, booking_of, pix_made
from booking.models import Booking

_ids = count(1)


@pytest.mark.parametrize("said,party", [
    ("reserva esquí demà passat a les 15 per a mi, la Núria i en Pol", 3),  # b5-school-ca-01
    ("reserva esquí demà passat a les 15 per a mi, la Júlia i en Marc", 3),  # "Marc", not the month "març"
    ("book skiing the day after tomorrow at 3pm for me, tom, sarah and james", 4),  # b5-school-en-02
    ("reserva esquí pasado mañana a las 15 para mí, Lucía y Pablo", 3),
    ("reserva esqui depois de amanhã às 15h pra mim e a Bia", 2),  # b5-school-pt-BR-02 (served in Spanish)
    ("book skiing the day after tomorrow at 3pm for Tom and Sarah", 2),
])
def test_a_group_named_by_first_names_is_counted(db, chat_json, said, party):
    customer = f"3650{next(_ids):07d}"
    replies = chat_json("demoschool", said, customer=customer)
    assert replies[-1]["kind"] == "booking" and replies[-1]["state"] == "completed", replies
    booking = booking_of(customer)
    assert (booking.slot.activity.slug, booking.party_size) == ("ski", party)


def test_a_name_alone_after_for_is_no_party(db, chat_json):
    """"para Ana" may be whom the booking is for, or not a person at all: the party is asked for."""
    customer = f"3660{next(_ids):07d}"
    replies = chat_json("demoschool", "reserva esquí pasado mañana a las 15 para Ana", customer=customer)
    assert replies[-1]["state"] == "collecting" and "party_size" not in replies[-1]["slots"], replies
    with schema_context("demoschool"):
        assert not Booking.objects.filter(customer_ref=customer).exists()


@pytest.mark.parametrize("said,lang_name", [
    ("pix de 120 a juan... digo joão", "João Pereira"),  # b5-bank-es-04
    ("manda 120 pro pedro, quer dizer, pro joão", "João Pereira"),
    ("send 120 to ana, i mean maria", "Maria Oliveira"),
])
def test_a_recipient_taken_back_in_the_same_breath_is_the_one_paid(db, chat_json, said, lang_name):
    replies = chat_json("demobank", said, "/tap 1", customer=BANK_CUSTOMER)
    assert replies[0]["state"] == "awaiting_confirmation" and lang_name in replies[0]["text"], replies
    [pix] = pix_made()
    assert pix.amount_cents == 12000 and lang_name in pix.recipient_name
