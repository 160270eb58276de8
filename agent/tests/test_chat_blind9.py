"""The real misses of the blind set b9 (branch blind30b9), each through `manage.py chat --json` in its language, the
effect checked in the organisation's schema: the night limit asked by its hours is answered, not a Pix started; a
Catalan customer's Spanish "a la tarde" chooses the afternoon; the price of
an activity asked for a group says what the group pays."""

from __future__ import annotations

import re
from itertools import count
from zoneinfo import ZoneInfo

import pytest
from django_tenants.utils import schema_context

from agent.tests.demo_effects import BANK_CUSTOMER, booking_of, pix_made
from bank.models import PixTransfer
from inbox.models import Escalation

_ids = count(1)


@pytest.mark.parametrize("said", [
    "qto eu consigo mandar de pix depois das 20h?",  # b9-bank-pt-BR-06: asked who the Pix was for
    "how much can i send after 8pm?",  # b9-bank-en-04
])
def test_the_night_limit_asked_by_its_hours_is_answered(db, chat_json, said):
    replies = chat_json("demobank", said, customer=BANK_CUSTOMER)
    assert replies[-1]["kind"] == "balance" and "100000" in re.sub(r"\D", "", replies[-1]["text"]), replies
    with schema_context("demobank"):
        assert not PixTransfer.objects.exists()
        assert not Escalation.objects.filter(conversation__customer__channel_user_id=BANK_CUSTOMER).exists()


def test_a_spanish_afternoon_in_catalan_books_the_afternoon(db, chat_json):
    customer = f"3690{next(_ids):07d}"  # b9-school-ca-04: the one free time listed and asked which
    replies = chat_json("demoschool", "bon dia, vull reservar esqui per mañana a la tarde per dos persones",
                        customer=customer)
    assert replies[-1]["kind"] == "booking" and replies[-1]["state"] == "completed", replies
    booking = booking_of(customer)
    assert (booking.party_size, booking.slot.start.astimezone(ZoneInfo("Europe/Andorra")).hour) == (2, 15)


@pytest.mark.parametrize("said,lang,total", [
    ("quant em costara l'esqui per a 4 persones?", "ca", "180,00"),  # b9-school-ca-11: only the price per person
    ("how much would climbing be for 3 of us?", "en", "105.00"),
    ("cuánto nos sale la escalada para 2 personas?", "es", "70,00"),
])
def test_a_price_asked_for_a_group_says_what_the_group_pays(db, chat_json, said, lang, total):
    customer = f"3691{next(_ids):07d}"
    replies = chat_json("demoschool", said, customer=customer)
    assert total in replies[-1]["text"], replies
    with schema_context("demoschool"):
        assert not Escalation.objects.filter(conversation__customer__channel_user_id=customer).exists()


@pytest.mark.parametrize("said", ["no sorry to joao", "nope, to joao"])
def test_another_recipient_after_words_taking_back_shows_a_new_preview(db, chat_json, said):
    replies = chat_json("demobank", "send 70 to maria", said, "/tap 1", customer=BANK_CUSTOMER)  # was ignored
    assert replies[1]["state"] == "awaiting_confirmation" and "Pereira Lima" in replies[1]["text"], replies
    [pix] = pix_made()
    assert (pix.amount_cents, pix.recipient_name) == (7000, "João Pereira Lima")
