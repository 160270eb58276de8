"""Causes the eleventh blind adversarial round found (`tools.eval.adversarial_round11`, system turns as SGD's
writers word them), each tested in the languages it applies to, with wordings of its own, and a wrong draft beside
it still held: a range of days of one month that says the month once ("del 9 al 10 de marzo", "March 9 to 12")
reads its other day as a date of that month, not as nothing; and a number that is a date's day is no hour as well
("de 8 a 11 de março": "a 11" is the 11th, not 11 o'clock)."""

from __future__ import annotations

import pytest

from guards.evidence import Evidence, Identifier
from guards.facts import dates_in
from guards.registry import registered
from guards.tests.helpers import customer, deadline, make, output
from language.locales import LANGS, Lang

STAY = Evidence(names=("hotel_name", "location"), dates=("check_in_date", "check_out_date"),
                quantities=("number_of_rooms",), identifiers=(Identifier("street_address", "address"),))


def held(draft: str, lang: Lang, check_in: str = "2019-03-08", check_out: str = "2019-03-11") -> list[str]:
    """The production guards that hold a draft told after a hotel booked from `check_in` to `check_out`."""
    from magie.choices import GUARD_NAMES

    stay = {"hotel_name": "Hotel Miramar", "location": "Valencia", "check_in_date": check_in,
            "check_out_date": check_out, "number_of_rooms": "1", "street_address": "Carrer de la Mar, 8"}
    inp = make(draft, lang=lang, currency="EUR", org_kind="school", languages=LANGS,
               tool_outputs=(output("reserve_hotel", stay, evidence=STAY, arguments=dict(stay)),),
               effects_executed=("reserve_hotel",), effect_kinds={"reserve_hotel": "booking"},
               history=(customer("ok"),), today="2019-03-01", time_zones=("Europe/Madrid",))
    guards = registered()
    return [name for name in GUARD_NAMES if not guards[name](inp, deadline()).passed]


# --- a range of days that says its month once ----------------------------------------------------------------------

RANGES = [
    ("es", "Tu habitación en el Hotel Miramar está reservada del {a} al {b} de marzo."),
    ("es", "Tienes la habitación entre el {a} y el {b} de marzo."),
    ("pt-BR", "Seu quarto no Hotel Miramar está reservado de {a} a {b} de março."),
    ("pt-BR", "Reservei o quarto do dia {a} ao dia {b} de março."),
    ("ca", "La teva habitació a l'Hotel Miramar està reservada del {a} al {b} de març."),
    ("ca", "Tens l'habitació entre el {a} i el {b} de març."),
    ("en", "Your room at Hotel Miramar is booked from March {a} to {b}."),
    ("en", "Your room is booked {a}–{b} March."),
]


@pytest.mark.parametrize("lang, draft", RANGES)
def test_a_range_of_the_booked_days_passes(lang, draft):
    assert held(draft.format(a=8, b=11), lang) == []


@pytest.mark.parametrize("lang, draft", RANGES)
def test_a_range_whose_first_day_is_another_is_held(lang, draft):
    assert held(draft.format(a=9, b=11), lang) == ["unsupported_fact"]


@pytest.mark.parametrize("lang, text, days", [
    ("es", "del 9 al 10 de marzo", [9, 10]),
    ("pt-BR", "do dia 9 ao dia 12 de março", [9, 12]),
    ("ca", "entre el 9 i el 10 de març", [9, 10]),
    ("en", "March 9th through the 12th", [9, 12]),
    ("en", "from the 9th to the 10th of March", [9, 10]),
])
def test_the_other_day_is_read_once_as_a_date_of_the_month(lang, text, days):
    found = dates_in(text, lang)
    assert sorted(fact[4][3] for fact in found) == days and {fact[4][2] for fact in found} == {3}


@pytest.mark.parametrize("lang, text", [
    ("pt-BR", "ingressos para 2 e 10 de março"),  # a count and a date: no word opens a range
    ("en", "a table for 4 and March 10"),
    ("en", "from March 9 to 10 am"),  # an hour after the date, not a day
    ("es", "el 10 de marzo de 9 a 11 h"),
])
def test_a_number_beside_a_date_that_opens_no_range_is_no_day(lang, text):
    assert [fact[4] for fact in dates_in(text, lang) if fact[4][0] == "ymd"] == [("ymd", None, 3, 10)] \
        or [fact[4] for fact in dates_in(text, lang)] == [("ymd", None, 3, 9)]


@pytest.mark.parametrize("lang, draft", [
    ("pt-BR", "Seu quarto está reservado de 8 a 11 de março."),
    ("es", "La reserva va de 8 a 11 de marzo."),
    ("ca", "La reserva va de 8 a 11 de març."),
])
def test_a_dates_day_after_a_is_no_hour(lang, draft):
    assert held(draft, lang) == []
    assert held(draft.replace("11", "12"), lang) == ["unsupported_fact"]


def test_an_hour_beside_a_date_is_still_an_hour():
    assert held("Check-in on March 8 at 3 pm.", "en", check_in="2019-03-08T15:00") == []
    assert held("Check-in on March 8 at 4 pm.", "en", check_in="2019-03-08T15:00") == ["unsupported_fact"]
