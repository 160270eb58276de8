from datetime import date, datetime, time
from zoneinfo import ZoneInfo

import pytest

from language.dates import day_shift, days_ahead_unitless, parse_when, said_in_weeks

TZ = "America/Sao_Paulo"
NOW = datetime(2026, 3, 4, 12, 0, tzinfo=ZoneInfo(TZ))  # a Wednesday


def at(day: date, clock: time) -> datetime:
    return datetime.combine(day, clock, tzinfo=ZoneInfo(TZ))


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("amanhã às 15h", "pt-BR", at(date(2026, 3, 5), time(15))),
        ("hoje às 9h30", "pt-BR", at(date(2026, 3, 4), time(9, 30))),
        ("mañana a las 3 de la tarde", "es", at(date(2026, 3, 5), time(15))),
        ("demà a les 15:00", "ca", at(date(2026, 3, 5), time(15))),
        ("tomorrow at 3pm", "en", at(date(2026, 3, 5), time(15))),
        ("March 5th at 6:30 pm", "en", at(date(2026, 3, 5), time(18, 30))),
        ("5 de março às 10", "pt-BR", at(date(2026, 3, 5), time(10))),
        ("half past twelve in the afternoon on the 7th of this month", "en", at(date(2026, 3, 7), time(12, 30))),
        ("at quarter to 12 in the morning on the 10th", "en", at(date(2026, 3, 10), time(11, 45))),
        ("afternoon 1:45 on the 10th of March", "en", at(date(2026, 3, 10), time(13, 45))),
    ],
)
def test_date_and_time(text, lang, expected):
    when = parse_when(text, lang, NOW, TZ)
    assert (when.value, when.has_date, when.has_time) == (expected, True, True)


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("el viernes", "es", date(2026, 3, 6)),
        ("el próximo lunes", "es", date(2026, 3, 9)),
        ("próxima sexta-feira", "pt-BR", date(2026, 3, 6)),
        ("dia 5", "pt-BR", date(2026, 3, 5)),
        ("dia 2", "pt-BR", date(2026, 4, 2)),
        ("dilluns vinent", "ca", date(2026, 3, 9)),
        ("next Friday", "en", date(2026, 3, 6)),
        ("next Wednesday", "en", date(2026, 3, 11)),
        ("today", "en", date(2026, 3, 4)),
        ("amanhã", "pt-BR", date(2026, 3, 5)),
        ("mañana", "es", date(2026, 3, 5)),
        ("demà", "ca", date(2026, 3, 5)),
        ("tomorrow", "en", date(2026, 3, 5)),
        ("depois de amanhã", "pt-BR", date(2026, 3, 6)),
        ("el día después de mañana", "es", date(2026, 3, 6)),
        ("passat demà", "ca", date(2026, 3, 6)),
        ("després de demà", "ca", date(2026, 3, 6)),
        ("the day after tmrw", "en", date(2026, 3, 6)),
        ("12 de març", "ca", date(2026, 3, 12)),
        ("1 de fevereiro", "pt-BR", date(2027, 2, 1)),
        ("March 4th", "en", date(2026, 3, 4)),
        ("5/12", "es", date(2026, 12, 5)),
    ],
)
def test_date_only_has_no_time(text, lang, expected):
    when = parse_when(text, lang, NOW, TZ)
    assert (when.value, when.has_date, when.has_time) == (expected, True, False)


def test_time_only_is_the_next_such_time():
    later = parse_when("at 5 pm", "en", NOW, TZ)
    earlier = parse_when("às 9h", "pt-BR", NOW, TZ)
    assert (later.value, later.has_date) == (at(date(2026, 3, 4), time(17)), False)
    assert earlier.value == at(date(2026, 3, 5), time(9))


def test_span_covers_date_and_time_in_the_original_text():
    text = "quiero reservar esquí para 3 personas mañana a las 10"
    when = parse_when(text, "es", NOW, TZ)
    assert (when.raw, text[when.start : when.end]) == ("mañana a las 10", "mañana a las 10")


@pytest.mark.parametrize(
    ("text", "lang"),
    [("por la mañana", "es"), ("manda 200 reais", "pt-BR"), ("for 2 people", "en"), ("find the one", "en")],
)
def test_no_date_or_time(text, lang):
    assert parse_when(text, lang, NOW, TZ) is None


def test_the_last_time_said_wins():
    when = parse_when("tomorrow at 3, no wait, at 4 pm", "en", NOW, TZ)
    assert when.value == at(date(2026, 3, 5), time(16))


def test_other_time_zone():
    when = parse_when("today at 9 am", "en", NOW, "Europe/Madrid")
    assert when.value == datetime(2026, 3, 4, 9, tzinfo=ZoneInfo("Europe/Madrid"))


@pytest.mark.parametrize(
    ("text", "lang", "clock"),
    [("in the evening, 5:30", "en", time(17, 30)), ("this afternoon, at 2", "en", time(14)),
     ("de tarde, umas 3 horas", "pt-BR", time(15)), ("por la noche, a las 9", "es", time(21)),
     ("in the morning, 9:30", "en", time(9, 30))],
)
def test_a_part_of_the_day_said_before_the_time(text, lang, clock):
    assert parse_when(text, lang, NOW, TZ).value.timetz().replace(tzinfo=None) == clock


@pytest.mark.parametrize("text", ["I'd like the first therapist", "the second one works better", "the third option"])
def test_an_ordinal_before_a_noun_is_no_date(text):
    assert parse_when(text, "en", NOW, TZ) is None


@pytest.mark.parametrize(("text", "day"), [("on the first, please", date(2026, 4, 1)), ("the 12th works", date(2026, 3, 12)),
                                           ("the 5th at 9am", date(2026, 3, 5))])
def test_an_ordinal_day_is_still_a_date(text, day):
    assert parse_when(text, "en", NOW, TZ).value in (day, at(day, time(9)))


def test_a_negated_date_is_not_the_one_meant():
    assert parse_when("on the 11th not the 1st", "en", NOW, TZ).value == date(2026, 3, 11)
    assert parse_when("No, not today.", "en", NOW, TZ) is None


@pytest.mark.parametrize(("text", "day"), [("segunda que vem", date(2026, 3, 9)), ("sexta às 15h", date(2026, 3, 6)),
                                           ("quarta", date(2026, 3, 11)), ("quinta", date(2026, 3, 5))])
def test_portuguese_weekdays_that_are_also_ordinals(text, day):
    when = parse_when(text, "pt-BR", NOW, TZ)
    assert (when.value.date() if when.has_time else when.value) == day


def test_may_the_one_is_no_date():
    assert parse_when("that may the one I am looking for", "en", NOW, TZ) is None


def test_la_before_a_day_word_only_as_a_word():
    assert parse_when("amb la meva filla demà", "ca", NOW, TZ).value == date(2026, 3, 5)
    assert parse_when("a las 9 de la mañana", "es", NOW, TZ).value == at(date(2026, 3, 5), time(9))


@pytest.mark.parametrize(("text", "lang"), [("amanhã às 7", "pt-BR"), ("mañana a las 7", "es"), ("demà a les 7", "ca"),
                                            ("tomorrow at 7", "en"), ("mañana a las siete", "es"),
                                            ("demà a les set", "ca"), ("tomorrow at 7:30", "en"),
                                            ("amanhã às 10", "pt-BR"), ("demà a dos quarts de vuit", "ca")])
def test_an_hour_without_its_half_of_the_day_is_either_half_in_every_language(text, lang):
    when = parse_when(text, lang, NOW, TZ)
    assert when.either_half and when.has_date and when.has_time, when


@pytest.mark.parametrize(("text", "lang", "clock"), [
    ("amanhã às 7 da manhã", "pt-BR", time(7)), ("amanhã às 7 da noite", "pt-BR", time(19)),
    ("amanhã às 19h", "pt-BR", time(19)), ("amanhã às 7h", "pt-BR", time(7)),
    ("mañana a las 7 de la mañana", "es", time(7)), ("mañana a las 7 de la tarde", "es", time(19)),
    ("mañana a las 19h", "es", time(19)), ("mañana a las 07:00", "es", time(7)),
    ("demà a les 7 del matí", "ca", time(7)), ("demà a les 7 de la tarda", "ca", time(19)),
    ("demà a les 7 del vespre", "ca", time(19)), ("demà a les 19:00", "ca", time(19)),
    ("tomorrow at 7am", "en", time(7)), ("tomorrow at 7pm", "en", time(19)),
    ("tomorrow at 7 in the morning", "en", time(7)), ("tomorrow at noon", "en", time(12)),
    ("por la noche, a las 9", "es", time(21)),
])
def test_a_half_of_the_day_said_is_no_doubt(text, lang, clock):
    when = parse_when(text, lang, NOW, TZ)
    assert (when.value.timetz().replace(tzinfo=None), when.either_half) == (clock, False)


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("manda 100 pra ana daqui a 3 dias", "pt-BR", date(2026, 3, 7)),
        ("paga em dois dias", "pt-BR", date(2026, 3, 6)),
        ("haceme un pix de 70 para ana dentro de 3 dias", "es", date(2026, 3, 7)),
        ("reserva escalada d'aquí a 3 dies", "ca", date(2026, 3, 7)),
        ("send 50 to ana in 3 days", "en", date(2026, 3, 7)),
        ("five days from now", "en", date(2026, 3, 9)),
        ("send 20 to pedro tmrw pls", "en", date(2026, 3, 5)),
    ],
)
def test_a_number_of_days_from_today(text, lang, expected):
    when = parse_when(text, lang, NOW, TZ)
    assert (when.value, when.has_date, when.has_time) == (expected, True, False)


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("envia 70 a joao manana", "pt-BR", date(2026, 3, 5)),  # Spanish without its ñ, detected Portuguese
        ("envia 70 al joan dema", "es", date(2026, 3, 5)),  # Catalan without its accent, detected Spanish
        ("manda 50 pra ana tomorrow", "pt-BR", date(2026, 3, 5)),
        ("envía 30 a pedro amanhã", "es", date(2026, 3, 5)),
        ("paga la factura pasado mañana", "ca", date(2026, 3, 6)),
        ("send 20 to ana el viernes", "en", date(2026, 3, 6)),
        ("envia 20 a ana dijous", "es", date(2026, 3, 5)),
    ],
)
def test_a_day_word_of_another_language_is_read_when_the_detected_one_has_none(text, lang, expected):
    when = parse_when(text, lang, NOW, TZ)
    assert (when.value, when.has_date) == (expected, True)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("manda 70 pra joao de manhã", "pt-BR"),  # the morning, not tomorrow
        ("envia 70 a joao por la manana", "pt-BR"),
        ("envia 70 a joao esta manana", "pt-BR"),
        ("quiero la segunda opción", "es"),  # an ordinal, not Monday
        ("i want the quinta one", "en"),
    ],
)
def test_a_morning_or_an_ordinal_of_another_language_is_no_day(text, lang):
    when = parse_when(text, lang, NOW, TZ)
    assert when is None or not when.has_date


def test_the_detected_language_own_day_wins_over_another_languages_word():
    # "hoje" is Portuguese's own day word: another language's reading is not consulted
    assert parse_when("manda 10 pra ana hoje de manhã", "pt-BR", NOW, TZ).value == date(2026, 3, 4)


@pytest.mark.parametrize("text,lang", [("la de las 3", "es"), ("la de les 3", "ca"), ("a das 3", "pt-BR")])
def test_the_one_of_a_time_is_that_time(text, lang):
    when = parse_when(text, lang, NOW, TZ)
    assert when is not None and when.has_time and when.value.hour == 15


def test_a_number_of_several_is_no_time():
    assert parse_when("2 de las 3 clases", "es", NOW, TZ) is None


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("dentro de una semana", "es", date(2026, 3, 11)),
        ("d'aquí a una setmana", "ca", date(2026, 3, 11)),
        ("d'aquí a dues setmanes", "ca", date(2026, 3, 18)),
        ("daqui a uma semana", "pt-BR", date(2026, 3, 11)),
        ("in a week", "en", date(2026, 3, 11)),
        ("a week from today", "en", date(2026, 3, 11)),  # "today" is where the count starts
        ("3 days from today", "en", date(2026, 3, 7)),
        ("pasado mñn", "es", date(2026, 3, 6)),
        ("mñn", "es", date(2026, 3, 5)),
        ("day after tmrw", "en", date(2026, 3, 6)),
    ],
)
def test_weeks_ahead_and_shorthand_days(text, lang, expected):
    assert parse_when(text, lang, NOW, TZ).value == expected


@pytest.mark.parametrize(("text", "lang"), [("pras 3", "pt-BR"), ("pa las 3", "es")])
def test_an_hour_after_a_slang_preposition(text, lang):
    when = parse_when(text, lang, NOW, TZ)
    assert when is not None and when.has_time and when.value.hour in (3, 15)


@pytest.mark.parametrize("text,lang,days", [
    ("can we push it to the next day", "en", 1),
    ("can we push it to the day after?", "en", 1),
    ("actually make it the day before", "en", -1),
    ("dá pra passar pro dia seguinte?", "pt-BR", 1),
    ("na verdade no dia seguinte", "pt-BR", 1),  # "no" is "on the", not a negation
    ("muda pro dia anterior", "pt-BR", -1),
    ("mejor al día siguiente", "es", 1),
    ("mejor un día antes", "es", -1),
    ("dos días después", "es", 2),
    ("ho podem passar a l'endemà?", "ca", 1),
    ("millor un dia després", "ca", 1),
    ("millor el dia abans", "ca", -1),
    ("l'endemà", "es", 1),  # a Catalan word in a message read as Spanish keeps its meaning
])
def test_a_day_counted_from_the_requests_own_is_a_shift(text, lang, days):
    assert day_shift(text, lang) == days


@pytest.mark.parametrize("text,lang", [
    ("the day after tomorrow", "en"), ("day after tmrw at 9", "en"), ("depois de amanhã", "pt-BR"),
    ("el día después de mañana", "es"), ("després de demà", "ca"), ("un dia abans de demà", "ca"),
    ("not the next day", "en"), ("dia 5", "pt-BR"),
])
def test_days_of_their_own_are_no_shift(text, lang):
    assert day_shift(text, lang) is None


@pytest.mark.parametrize("text,lang", [("tomorrow morning 3 people", "en"), ("mañana por la tarde 4 personas", "es"),
                                       ("amanha de manha 2 pessoas", "pt-BR")])
def test_people_counted_after_a_part_of_the_day_are_no_hour(text, lang):
    when = parse_when(text, lang, NOW, TZ)
    assert when is not None and not when.has_time and when.has_date


@pytest.mark.parametrize("text,lang,count", [
    ("me equivoque de dia, es para dentro de 4", "es", 4),
    ("errei o dia, é daqui a 4", "pt-BR", 4),
    ("m'he equivocat de dia, és d'aquí a 4", "ca", 4),
    ("wrong day sorry, make it in 4", "en", 4),
    ("no, dentro de cinco!", "es", 5),  # a number word
])
def test_a_count_ahead_with_no_unit_is_read_as_a_bare_count(text, lang, count):
    found = days_ahead_unitless(text, lang)
    assert found is not None and found[0] == count and text[found[1]:found[2]].split()[-1] in (str(count), "cinco")


@pytest.mark.parametrize("text,lang", [
    ("dentro de 3 dias", "es"), ("dentro de 4 horas", "es"), ("in 2 people", "en"), ("daqui a 2 semanas", "pt-BR"),
    ("d'aquí a 3 dies", "ca"), ("reserva para 4", "es"),
])
def test_a_count_with_its_unit_or_none_ahead_is_no_bare_count(text, lang):
    assert days_ahead_unitless(text, lang) is None


@pytest.mark.parametrize(("text", "lang", "weeks"), [
    ("dentro de una semana", "es", True), ("daqui a duas semanas", "pt-BR", True), ("d'aquí a una setmana", "ca", True),
    ("in a week", "en", True), ("2 weeks from now", "en", True), ("dentro de 3 días", "es", False),
    ("daqui a 4 dias", "pt-BR", False), ("mañana", "es", False), ("el viernes", "es", False),
])
def test_a_day_said_as_a_count_of_weeks_is_known_as_such(text, lang, weeks):
    """The unit a later count said with none ("dentro de 2") is read in."""
    when = parse_when(text, lang, NOW, TZ)
    assert when is not None and said_in_weeks(when.raw, lang) is weeks
