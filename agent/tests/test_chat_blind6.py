"""The real misses of the blind set b6 (branch blind30b6), each through `manage.py chat --json` in its language, the
effect checked in the organisation's schema: two amounts with a bare "no" between them are asked about, a payee
named formally is paid, a price per head hands nothing over, a group said with its article is counted, and "the same
time" on another day keeps the time."""

from __future__ import annotations

from itertools import count
from zoneinfo import ZoneInfo

import pytest
from django_tenants.utils import schema_context

from agent.tests.demo_effects import BANK_CUSTOMER, booking_of, pix_made
from inbox.models import Escalation

_ids = count(1)


@pytest.mark.parametrize("said,answer", [
    ("faz um pix de 200 não 250 pro Pedro", "250"),  # b6-bank-pt-BR-02: was previewed and paid at 200
    ("mandale 200 no 250 a pedro", "250"),
])
def test_two_amounts_with_a_bare_no_between_them_are_asked_about(db, chat_json, said, answer):
    replies = chat_json("demobank", said, customer=BANK_CUSTOMER)
    assert replies[-1]["state"] == "collecting" and "amount" not in replies[-1]["slots"], replies
    assert "Pedro" in replies[-1]["text"] and not replies[-1]["buttons"], replies
    replies = chat_json("demobank", answer, "/tap 1", customer=BANK_CUSTOMER)
    assert replies[0]["state"] == "awaiting_confirmation" and "250,00" in replies[0]["text"], replies
    [pix] = pix_made()
    assert (pix.amount_cents, pix.recipient_name) == (25000, "Pedro Henrique Almeida")


@pytest.mark.parametrize("said,name", [
    ("Estimados señores: solicito realizar un pix de 200 reales a nombre de Ana. Atentamente.", "Ana Beatriz"),
    ("Prezados, solicito um Pix de R$ 200,00 em nome de Maria. Grata.", "Maria Oliveira"),
])
def test_a_payee_named_formally_is_paid(db, chat_json, said, name):
    replies = chat_json("demobank", said, "/tap 1", customer=BANK_CUSTOMER)
    assert replies[0]["state"] == "awaiting_confirmation" and name in replies[0]["text"], replies
    [pix] = pix_made()
    assert pix.amount_cents == 20000 and name in pix.recipient_name


@pytest.mark.parametrize("said,lang,price", [
    ("ei, i les raquetes de neu quin preu tenen per persona?", "ca", "25"),  # b6-school-ca-03: was handed over
    ("what do you charge for skiing?", "en", "45"),  # b6-school-en-02: was "what would you like to do with ski?"
    ("cuánto cobran por la escalada por persona?", "es", "35"),
])
def test_a_price_asked_per_head_or_as_a_charge_is_answered_not_handed_over(db, chat_json, said, lang, price):
    customer = f"3670{next(_ids):07d}"
    replies = chat_json("demoschool", said, customer=customer)
    assert price in replies[-1]["text"], replies
    with schema_context("demoschool"):
        assert not Escalation.objects.filter(conversation__customer__channel_user_id=customer).exists()


def test_a_pix_on_the_statement_never_made_goes_to_a_person(db, chat_json):
    replies = chat_json("demobank", "there's a pix on my statement i never made, what is going on",
                        customer=BANK_CUSTOMER)
    assert replies[-1]["rule"] != "cancel_without_open_ask", replies
    with schema_context("demobank"):
        assert Escalation.objects.filter(conversation__customer__channel_user_id=BANK_CUSTOMER).exists()


@pytest.mark.parametrize("said,party", [
    ("podríamos reservar esquí para pasado mañana a las 15 para los cuatro? gracias", 4),  # b6-school-es-01
    ("raquetes demà passat a les 15 per als tres", 3),
])
def test_a_group_said_with_its_article_is_counted(db, chat_json, said, party):
    customer = f"3680{next(_ids):07d}"
    replies = chat_json("demoschool", said, customer=customer)
    assert replies[-1]["kind"] == "booking" and replies[-1]["state"] == "completed", replies
    assert booking_of(customer).party_size == party


@pytest.mark.parametrize("first,then", [
    ("escalada mañana a las 9 para 2", "entonces pasado mañana a la misma hora"),  # b6-school-es-04
    ("climbing tomorrow at 9am for 2", "then the day after tomorrow at the same time"),
    ("escalada demà a les 9 per a 2", "doncs demà passat a la mateixa hora"),
])
def test_another_day_at_the_same_time_keeps_the_time(db, chat_json, first, then):
    """Tomorrow's 09:00 climbing is full: the day after at the same time is booked at 09:00, not asked again."""
    customer = f"3690{next(_ids):07d}"
    replies = chat_json("demoschool", first, then, customer=customer)
    assert replies[-1]["state"] == "completed", replies
    booking = booking_of(customer)
    start = booking.slot.start.astimezone(ZoneInfo("Europe/Andorra"))
    assert (booking.slot.activity.slug, booking.party_size, start.hour) == ("climbing", 2, 9)


@pytest.mark.parametrize("first,then", [
    # b6-school-ca-08: the 09:00 ski has one place left; "i per a 1?" may be a new request: the bot asks which
    ("esquí demà a les 9 per a 3", ["i per a 1 sol?", "/tap 1"]),
    ("skiing tomorrow at 9am for 3", ["what about for 1 alone"]),
])
def test_a_party_of_one_said_alone_after_a_refusal_is_booked(db, chat_json, first, then):
    customer = f"3700{next(_ids):07d}"
    replies = chat_json("demoschool", first, *then, customer=customer)
    assert replies[-1]["state"] == "completed", replies
    booking = booking_of(customer)
    assert (booking.slot.activity.slug, booking.party_size) == ("ski", 1)


def test_a_connective_typed_without_accents_keeps_the_recipient(db, chat_json):
    """b6-bank-pt-BR-08 without accents: "ta manda 800 entao" after a refusal was a Pix to a contact "Entao"."""
    replies = chat_json("demobank", "manda uns 6 mil pro pedro ai", "ta manda 800 entao", "/tap 1",
                        customer=BANK_CUSTOMER)
    assert "Entao" not in replies[1]["text"], replies
    [pix] = pix_made()
    assert (pix.amount_cents, pix.recipient_name) == (80000, "Pedro Henrique Almeida")
