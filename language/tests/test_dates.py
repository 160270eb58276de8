from datetime import date, datetime, time
from zoneinfo import ZoneInfo

import pytest

from language.dates import parse_when

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
