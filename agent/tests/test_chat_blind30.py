"""The real misses of the blind set b3 (branch party30), each through `manage.py chat --json` in its language, the
effect checked in the organisation's schema: the people a booking is for said by naming them, a full class said
with its free times, a person asked for answered in the customer's language, a "no" naming another recipient under
a preview (with or without its comma and accents), and a number phrase with a misspelt word asked about."""

from __future__ import annotations

from itertools import count
from zoneinfo import ZoneInfo

import pytest
from django_tenants.utils import schema_context

from agent.tests.demo_effects import BANK_CUSTOMER, booking_of, pix_made
from conversations.models import Conversation
from inbox.models import Escalation

_ids = count(1)


@pytest.mark.parametrize("said,party", [
    ("reserva esquí pasado mañana a las 9 para mí", 1),
    ("book climbing the day after tomorrow at 9 for my wife and me", 2),
    ("reservar per a la meva filla i per a mi una classe d'esquí demà passat a les 9 del matí", 2),  # b3-school-ca-17
    ("reserva raquetes demà passat a les 15 x 3", 3),  # b3-school-ca-18
    ("reserva raquetes demà passat a les 15 x3", 3),
])
def test_the_people_a_booking_is_for_are_counted_as_named(db, chat_json, said, party):
    customer = f"3620{next(_ids):07d}"
    replies = chat_json("demoschool", said, customer=customer)
    assert replies[-1]["kind"] == "booking" and replies[-1]["state"] == "completed", replies
    assert booking_of(customer).party_size == party


def test_a_full_class_is_said_with_its_free_times_then_booked_at_one(db, chat_json):
    """b3-school-ca-11: climbing at 9 tomorrow is full; "per a mi" is a party of one, not a value asked about."""
    customer = f"3630{next(_ids):07d}"
    replies = chat_json("demoschool", "escalada dema a les 9 per a mi", "val, a les 3 doncs", customer=customer)
    assert "no estan lliures" in replies[0]["text"] and "15:00" in replies[0]["text"], replies
    booking = booking_of(customer)
    start = booking.slot.start.astimezone(ZoneInfo("Europe/Madrid"))
    assert (booking.slot.activity.slug, booking.party_size, start.hour) == ("climbing", 1, 15)


@pytest.mark.parametrize("said", ["atendente por favor", "atendente pfv"])
def test_a_person_asked_for_at_a_brazilian_bank_is_answered_in_portuguese(db, chat_json, said):
    customer = f"5511777{next(_ids):04d}"
    replies = chat_json("demobank", said, customer=customer)
    assert replies[0]["text"].startswith("Vou passar você para uma pessoa"), replies
    with schema_context("demobank"):
        assert Escalation.objects.filter(conversation__customer__channel_user_id=customer).exists()
        # the organisation's own language (pt-BR) is stored as "" (was "es")
        assert Conversation.objects.get(customer__channel_user_id=customer).language in ("", "pt-BR")


@pytest.mark.parametrize("first,second", [
    ("manda 200 pra Ana", "não, pra Maria"),
    ("manda 200 pra Ana", "nao pra maria"),  # b3-bank-pt-28 without its punctuation: was "O que você quer corrigir?"
    ("manda 200 pra Ana", "não pra Maria"),
    ("manda 200 a Ana", "no a maria"),
    ("send 200 to Ana", "no to maria"),
])
def test_a_no_naming_another_recipient_under_a_preview_previews_the_new_one(db, chat_json, first, second):
    replies = chat_json("demobank", first, second, "/tap 1", customer=BANK_CUSTOMER)
    assert replies[1]["state"] == "awaiting_confirmation" and "Maria Oliveira" in replies[1]["text"], replies
    [pix] = pix_made()
    assert pix.amount_cents == 20000 and "Maria" in pix.recipient_name


@pytest.mark.parametrize("second", ["nao pro pedro", "não pro Pedro"])
def test_a_no_that_changes_nothing_voids_the_preview_and_its_buttons(db, chat_json, second):
    """"nao pro pedro" under Pedro's preview (no, or not to him?): asked, and the old button sends nothing."""
    replies = chat_json("demobank", "manda 200 pro Pedro", second, "/tap 1", customer=BANK_CUSTOMER)
    assert replies[1]["rule"] == "correction_without_value" and replies[1]["state"] == "collecting", replies
    assert replies[2]["rule"] == "stale_confirmation_button", replies
    assert pix_made() == []


def test_a_misspelt_word_inside_a_number_phrase_restored_is_read_whole(db, chat_json):
    # a slip the typo reader can restore ("cinqeunta": cinquenta) is read whole, and the preview shows it
    replies = chat_json("demobank", "manda duzentos e cinqeunta pro joão", customer=BANK_CUSTOMER)
    assert replies[0]["state"] == "awaiting_confirmation", replies
    assert replies[0]["slots"]["amount"]["amount_cents"] == 25000, replies  # never R$ 200
    assert pix_made() == []


def test_a_misspelt_word_inside_a_number_phrase_not_restored_is_asked_about(db, chat_json):
    # a slip the typo reader does not restore ("dooze": doze, or dose?) leaves the amount unread and asked for
    replies = chat_json("demobank", "manda trezentos e dooze pro joão", customer=BANK_CUSTOMER)
    assert replies[0]["state"] == "collecting" and "amount" not in replies[0]["slots"], replies  # never R$ 300
    assert replies[0]["text"].startswith("Quanto você quer enviar"), replies
    assert pix_made() == []
