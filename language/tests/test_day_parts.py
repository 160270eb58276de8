import pytest

from language.day_parts import closest_in_day_part, find_day_part, in_day_part


@pytest.mark.parametrize("lang,text,part", [
    ("ca", "la del vespre", "evening"), ("ca", "demà passat al matí", "morning"), ("ca", "a la tarda", "afternoon"),
    ("es", "la de la tarde", "afternoon"), ("es", "mejor por la mañana", "morning"), ("es", "por la noche", "night"),
    ("pt-BR", "de manhã", "morning"), ("pt-BR", "a da tarde", "afternoon"), ("pt-BR", "à noite", "night"),
    ("en", "the afternoon one", "afternoon"), ("en", "in the evening", "evening"),
    ("es", "pasado manana tarde", "afternoon"), ("ca", "dema passat afternoon", "afternoon"), ("es", "el sabado de tarde", "afternoon"),
])
def test_a_part_of_the_day_is_named(lang, text, part):
    assert find_day_part(text, lang) == part


@pytest.mark.parametrize("lang,text", [
    ("es", "mañana a las 9"),  # tomorrow, not the morning
    ("es", "llegamos tarde"),  # late, not the afternoon
    ("pt-BR", "amanhã"), ("ca", "bona tarda"), ("es", "buenas tardes"), ("en", "good morning"), ("en", "at 3pm"),
])
def test_tomorrow_and_greetings_name_no_part_of_the_day(lang, text):
    assert find_day_part(text, lang) is None


def test_the_night_wraps_past_midnight():
    assert in_day_part(23, "night") and in_day_part(2, "night") and not in_day_part(12, "night")
    assert in_day_part(19, "evening") and in_day_part(19, "afternoon") and not in_day_part(9, "afternoon")


def test_the_closest_free_time_on_the_half_of_the_day_said():
    assert closest_in_day_part([9, 15], "evening") == 1  # "la del vespre" between 09:00 and 15:00
    assert closest_in_day_part([15, 19], "morning") is None  # no morning among them: asked again
    assert closest_in_day_part([9, 10], "afternoon") is None
    assert closest_in_day_part([13, 14], "morning") is None


def test_portuguese_afternoon_after_pra():
    assert find_day_part("muda pra tarde", "pt-BR") == "afternoon"


@pytest.mark.parametrize("text,lang", [("somos 4 pasado mañana temprano", "es"), ("early on the 3rd", "en"),
                                       ("demà passat d'hora", "ca"), ("depois de amanhã cedo", "pt-BR")])
def test_early_is_the_morning(text, lang):
    assert find_day_part(text, lang) == "morning"


def test_early_afternoon_is_the_afternoon():
    assert find_day_part("early afternoon please", "en") == "afternoon"


@pytest.mark.parametrize("text,part", [("vull reservar esqui per mañana a la tarde per dos persones", "afternoon"),
                                       ("reserva raquetes per dissabte por la mañana", "morning")])
def test_a_spanish_part_of_the_day_in_catalan_is_read(text, part):
    assert find_day_part(text, "ca") == part


def test_a_catalan_afternoon_is_no_part_of_the_day_in_spanish():
    assert find_day_part("cuanto tarda la clase de escalada?", "es") is None  # "tarda" is a verb in Spanish
