"""A booking conversation at the school, in the four languages, through real turns on PostgreSQL.

1. An hour said without its half of the day ("mañana a las 7", "demà a les 7", "amanhã às 7", "tomorrow at 7") is
   read against the free slots, the same in every language: the one reading that is free is booked; when both are,
   the customer is asked which; when neither is, both are named before the free times. A half said ("de la
   mañana", "da noite", "del matí", "7pm", "19h") always wins, even when only the other reading is free.
2. A time that is not free, or was taken between the look and the booking, is named first (formatted by code, in
   the school's time zone), then the fresh free times follow, ending with the question.

The school's own slots for these tests are climbing at 07:00 and/or 19:00 tomorrow, taught by an instructor of their
own; the demo's climbing tomorrow is at 09:00 (full) and 15:00 (free), so 15:00 is what is offered instead.
"""

from __future__ import annotations

import itertools
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from agent import registry
from agent.tests.helpers import Conversation
from booking.models import Activity, Booking, TimeSlot
from booking.services import booking_create
from booking.tests.factories import TZ, instructor, local, slot
from conversations import wording
from magie.tenancy import tenancy_forget
from tenants.services import organisation_languages_set

LANGS = ("pt-BR", "es", "ca", "en")
_customers = itertools.count(1)

BOOK_AT = {  # "<book climbing> tomorrow <hour words> for 2"
    "pt-BR": "Oi, quero reservar escalada amanhã {hour} para 2 pessoas",
    "es": "Hola, quiero reservar escalada mañana {hour} para 2 personas",
    "ca": "Hola, vull reservar escalada demà {hour} per a 2 persones",
    "en": "Hi, I would like to book climbing tomorrow {hour} for 2 people",
}
BARE_SEVEN = {"pt-BR": "às 7", "es": "a las 7", "ca": "a les 7", "en": "at 7"}
MORNING_SEVEN = {"pt-BR": "às 7 da manhã", "es": "a las 7 de la mañana", "ca": "a les 7 del matí", "en": "at 7am"}
EVENING_SEVEN = {"pt-BR": "às 7 da noite", "es": "a las 7 de la tarde", "ca": "a les 7 de la tarda", "en": "at 7pm"}
NINETEEN_H = {"pt-BR": "às 19h", "es": "a las 19h", "ca": "a les 19h", "en": "at 19h"}
ANSWER_NINETEEN = {"pt-BR": "às 19:00", "es": "a las 19:00", "ca": "a les 19:00", "en": "at 19:00"}
BOOKED = {"pt-BR": "Reserva feita:", "es": "Reserva hecha:", "ca": "Reserva feta:", "en": "Booked:"}
FREE_TIMES = {"pt-BR": "Horários livres:", "es": "Horarios libres:", "ca": "Horaris lliures:", "en": "Free times:"}
WHICH_TIME = {"pt-BR": "Qual horário você prefere?", "es": "¿Qué horario prefieres?", "ca": "Quin horari prefereixes?",
              "en": "Which time would you like?"}
WHICH_ONE = {"pt-BR": "estão livres as 07:00 e as 19:00. Qual você prefere?",
             "es": "están libres las 07:00 y las 19:00. ¿Cuál prefieres?",
             "ca": "estan lliures les 07:00 i les 19:00. Quina hora prefereixes?",
             "en": "both 07:00 and 19:00 are free. Which one would you like?"}
NEITHER = {"pt-BR": "nem as 07:00 nem as 19:00 estão livres.", "es": "no están libres ni las 07:00 ni las 19:00.",
           "ca": "no estan lliures ni les 07:00 ni les 19:00.", "en": "neither 07:00 nor 19:00 is free."}
NOT_FREE = {"pt-BR": ("Desculpe, ", " não está livre."), "es": ("Lo siento, ", " no está libre."),
            "ca": ("Ho sento, ", " no està lliure."), "en": ("Sorry, ", " is not free.")}
JUST_TAKEN = {"pt-BR": ("Desculpe, ", " acabou de ser ocupado."), "es": ("Lo siento, ", " se acaba de ocupar."),
              "ca": ("Ho sento, ", " s'acaba d'ocupar."), "en": ("Sorry, ", " was just taken.")}


@pytest.fixture
def school(demoschool):
    """The demo school, answering Portuguese too, with climbing tomorrow at 07:00 and 19:00 to be made free or not."""
    served = organisation_languages_set(organisation=demoschool, languages=[*demoschool.languages, "pt-BR"])
    connection.set_tenant(served)  # django-tenants' PostgreSQL backend: the turn reads the languages from it
    yield served
    tenancy_forget(served.schema_name)  # the rollback takes Portuguese away again


def tomorrow():
    return (timezone.now().astimezone(TZ) + timedelta(days=1)).date()


def climbing_at(*hours: int) -> dict[int, TimeSlot]:
    climbing = Activity.objects.get(slug="climbing")
    teacher = instructor(climbing)
    # two hours, so 07:00 ends as the demo's full 09:00 class begins (whose party holds all four harnesses)
    return {hour: slot(climbing, teacher, local(tomorrow(), hour), capacity=4, duration=timedelta(hours=2))
            for hour in hours}


def fill(taken: TimeSlot) -> None:
    booking_create(slot_id=taken.pk, customer_ref="someone-else", customer_name="Someone Else",
                   party_size=taken.capacity)


def booked_hours() -> list[int]:
    """The local hours of the test customers' bookings (the demo's own are the seed's)."""
    found = Booking.objects.exclude(customer_ref__in=["demo-seed", "someone-else"]).select_related("slot")
    return [booking.slot.start.astimezone(TZ).hour for booking in found]


def talk(lang: str, hour_words: dict[str, str], *more: str):
    chat = Conversation(customer=f"3766{next(_customers):05d}")
    turns = [chat.say(BOOK_AT[lang].format(hour=hour_words[lang]))]
    turns += [chat.say(text) for text in more]
    return turns


def lines(reply: str) -> tuple[str, str]:
    first, _, rest = reply.partition("\n")
    return first, rest


# 1. The half of the day ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_bare_seven_books_the_evening_when_only_the_evening_is_free(school, lang):
    climbing_at(19)
    [turn] = talk(lang, BARE_SEVEN)
    assert turn.reply.startswith(BOOKED[lang]) and ", 19:00, " in turn.reply, turn.reply
    assert booked_hours() == [19]


@pytest.mark.parametrize("lang", LANGS)
def test_a_bare_seven_books_the_morning_when_only_the_morning_is_free(school, lang):
    # it was read as 19:00 in every language, and the customer was offered other times
    slots = climbing_at(7, 19)
    fill(slots[19])
    [turn] = talk(lang, BARE_SEVEN)
    assert turn.reply.startswith(BOOKED[lang]) and ", 07:00, " in turn.reply, turn.reply
    assert booked_hours() == [7]


@pytest.mark.parametrize("lang", LANGS)
def test_a_bare_seven_with_both_halves_free_is_asked_not_guessed(school, lang):
    climbing_at(7, 19)
    asked, answered = talk(lang, BARE_SEVEN, ANSWER_NINETEEN[lang])
    day = wording.day(lang, tomorrow())
    assert asked.reply.endswith(WHICH_ONE[lang]) and day in asked.reply, asked.reply
    assert asked.asked_for == "when" and not any(call["name"] == "create_booking" for call in asked.tool_calls)
    assert answered.reply.startswith(BOOKED[lang]) and ", 19:00, " in answered.reply, answered.reply
    assert booked_hours() == [19]


@pytest.mark.parametrize("lang", LANGS)
def test_a_bare_seven_with_neither_half_free_names_both_then_the_free_times(school, lang):
    [turn] = talk(lang, BARE_SEVEN)  # the demo's climbing tomorrow: 09:00 full, 15:00 free
    said, offered = lines(turn.reply)
    assert said.endswith(NEITHER[lang]) and wording.day(lang, tomorrow()) in said, turn.reply
    assert offered.startswith(FREE_TIMES[lang]) and ", 15:00 (" in offered and offered.endswith(WHICH_TIME[lang])
    assert booked_hours() == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("words,hour", [(MORNING_SEVEN, 7), (EVENING_SEVEN, 19), (NINETEEN_H, 19)],
                         ids=["morning", "evening", "19h"])
def test_a_half_of_the_day_said_wins_when_both_are_free(school, lang, words, hour):
    climbing_at(7, 19)
    [turn] = talk(lang, words)
    assert turn.reply.startswith(BOOKED[lang]) and f", {hour:02d}:00, " in turn.reply, turn.reply
    assert booked_hours() == [hour]


@pytest.mark.parametrize("lang", LANGS)
def test_the_morning_said_is_never_swapped_for_the_free_evening(school, lang):
    slots = climbing_at(7, 19)
    fill(slots[7])
    [turn] = talk(lang, MORNING_SEVEN)
    said, offered = lines(turn.reply)
    before, after = NOT_FREE[lang]
    assert said == before + wording.moment(lang, slots[7].start, school.time_zone) + after, turn.reply
    assert ", 19:00 (" in offered and offered.endswith(WHICH_TIME[lang]), turn.reply
    assert booked_hours() == []


# 2. A time that is not free is named before the alternatives ------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_a_full_time_is_named_as_not_free_then_the_free_times_with_the_question(school, lang):
    slots = climbing_at(19)
    fill(slots[19])
    [turn] = talk(lang, EVENING_SEVEN)
    said, offered = lines(turn.reply)
    before, after = NOT_FREE[lang]
    assert said == before + wording.moment(lang, slots[19].start, school.time_zone) + after, turn.reply
    assert offered.startswith(FREE_TIMES[lang]) and ", 15:00 (" in offered and offered.endswith(WHICH_TIME[lang])
    assert turn.asked_for == "when" and booked_hours() == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_time_taken_meanwhile_is_named_as_just_taken_then_the_fresh_times(school, lang, monkeypatch):
    slots = climbing_at(19)
    looked = registry.call

    def someone_books_first(ctx, name, arguments):  # between check_availability and create_booking
        if name == "create_booking":
            fill(slots[19])
        return looked(ctx, name, arguments)

    monkeypatch.setattr(registry, "call", someone_books_first)
    [turn] = talk(lang, EVENING_SEVEN)
    said, offered = lines(turn.reply)
    before, after = JUST_TAKEN[lang]
    assert said == before + wording.moment(lang, slots[19].start, school.time_zone) + after, turn.reply
    assert offered.startswith(FREE_TIMES[lang]) and ", 15:00 (" in offered and offered.endswith(WHICH_TIME[lang])
    calls = {call["name"]: call for call in turn.tool_calls}
    assert calls["create_booking"]["result"]["error"]["code"] == "conflict"
    assert booked_hours() == []


# 3. A part of the day said after a time, another day said alone ------------------------------------------------------

AFTERNOON = {"pt-BR": "então à tarde", "es": "entonces a la tarde", "ca": "doncs a la tarda", "en": "the afternoon then"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_part_of_the_day_said_after_a_time_not_free_chooses_in_that_part(school, lang):
    # the demo's climbing tomorrow: 09:00 full, 15:00 free; "a les 9" was not free, "doncs a la tarda" is 15:00
    asked, answered = talk(lang, {"pt-BR": "às 9", "es": "a las 9", "ca": "a les 9", "en": "at 9"}, AFTERNOON[lang])
    assert not asked.reply.startswith(BOOKED[lang]), asked.reply
    assert answered.reply.startswith(BOOKED[lang]) and ", 15:00, " in answered.reply, answered.reply
    assert booked_hours() == [15]


@pytest.mark.parametrize("lang,change", [("es", "cambiala para dentro de 3 dias"), ("ca", "passa-la d'aquí a 3 dies"),
                                         ("en", "move it to in 3 days")])
def test_a_booking_moved_to_another_day_said_alone_keeps_its_time(school, lang, change):
    chat = Conversation(customer=f"3766{next(_customers):05d}")
    day_after = {"es": "pasado mañana a las 15 para 2", "ca": "demà passat a les 15 per a 2",
                 "en": "the day after tomorrow at 3pm for 2"}[lang]
    chat.say({"es": "reserva escalada ", "ca": "reserva escalada ", "en": "book climbing "}[lang] + day_after)
    moved = chat.say(change)
    [booking] = Booking.objects.exclude(customer_ref__in=["demo-seed", "someone-else"]).select_related("slot")
    start = booking.slot.start.astimezone(TZ)
    assert (start.date() - tomorrow()).days == 2 and start.hour == 15, moved.reply  # 3 days from today, at 15:00
