"""Issue 30 gaps (branch gap30a), each through `manage.py chat --json` in its language, the effect checked in the
organisation's schema: a booking said over several bare messages, gathered into one; a time asked again after the
free places ("¿y a las 15?"), the activity, day and party kept; people named in lower case after "for me and"; one
of the school's instructors asked for by name in lower case."""

from __future__ import annotations

from itertools import count
from zoneinfo import ZoneInfo

import pytest
from django_tenants.utils import schema_context

from agent.tests.demo_effects import booking_of
from conversations.models import Conversation
from inbox.models import Escalation

_ids = count(1)
MADRID = ZoneInfo("Europe/Madrid")


def _start(customer):
    booking = booking_of(customer)
    return booking, booking.slot.start.astimezone(MADRID)


@pytest.mark.parametrize("lines,party", [
    (("hey", "climbing", "day after tomorrow at 9am", "2 people"), 2),
    (("hola", "escalada", "pasado mañana", "a las 9", "somos 3"), 3),
    (("bon dia", "escalada", "demà passat a les 9", "som 2"), 2),
    (("escalada", "para 2", "depois de amanhã às 9"), 2),  # pt-BR: the school answers in its own language
])
def test_a_booking_said_over_bare_messages_is_gathered_into_one(db, chat_json, lines, party):
    customer = f"3640{next(_ids):07d}"
    replies = chat_json("demoschool", *lines, customer=customer)
    assert replies[-1]["kind"] == "booking" and replies[-1]["state"] == "completed", replies
    booking, start = _start(customer)
    assert (booking.slot.activity.slug, booking.party_size, start.hour) == ("climbing", party, 9)


@pytest.mark.parametrize("first,then", [
    ("¿tienen plazas de escalada pasado mañana a las 9 para 3?", "vale, ¿y a las 15?"),
    ("hi ha places d'escalada demà passat a les 9 per a 3?", "i a les 15?"),
    ("any climbing places the day after tomorrow at 9 for 3?", "and at 3pm?"),
])
def test_a_time_asked_again_after_the_free_places_keeps_the_activity_and_party(db, chat_json, first, then):
    customer = f"3650{next(_ids):07d}"
    replies = chat_json("demoschool", first, then, customer=customer)
    assert replies[-1]["kind"] == "booking" and replies[-1]["state"] == "completed", replies
    booking, start = _start(customer)
    assert (booking.slot.activity.slug, booking.party_size, start.hour) == ("climbing", 3, 15)


@pytest.mark.parametrize("said", [
    "reserva escalada demà passat a les 9 per a mi i en jordi",
    "quiero escalada pasado mañana a las 9 para mi y tiago",
    "book climbing the day after tomorrow at 9 for me and jax",
])
def test_a_person_named_in_lower_case_after_me_counts(db, chat_json, said):
    customer = f"3660{next(_ids):07d}"
    replies = chat_json("demoschool", said, customer=customer)
    assert replies[-1]["state"] == "completed", replies
    assert booking_of(customer).party_size == 2


@pytest.mark.parametrize("said,words", [("quiero hablar con pau serra", "persona"),
                                        ("puc parlar amb el pau?", "persona"),
                                        ("can i talk to pau serra", "person")])
def test_an_instructor_asked_for_in_lower_case_hands_the_chat_to_a_person(db, chat_json, said, words):
    customer = f"3670{next(_ids):07d}"
    replies = chat_json("demoschool", said, customer=customer)
    assert replies[-1]["rule"] == "person_requested_to_person" and words in replies[-1]["text"], replies
    with schema_context("demoschool"):
        conversation = Conversation.objects.get(customer__channel_user_id=customer)
        assert Escalation.objects.filter(conversation=conversation).exists()
