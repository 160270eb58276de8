"""Availability said in a true draft ("open 24/7", "atendimento 24h", "atención las 24 horas", "disponible les 24
hores", "24 hours a day, 7 days a week") is no date, hour or count (`guards.facts.around_the_clock`), while "24/7"
in a date's place ("on 24/7 at 10:00", "dia 24/7") and "24h" at an hour's place ("às 24h") are still read and held
when the tools gave another date or time."""

from __future__ import annotations

import pytest

from guards.contract import deadline_after
from guards.facts import dates_in, times_in
from guards.registry import registered
from magie.choices import GUARD_NAMES
from tools.eval.adversarial import AdversarialCase, booking

FACT = "unsupported_fact"


def failing(lang: str, draft: str) -> set[str]:
    """The production guards that hold `draft` after a school booking of 2 on 2 December 2026 at 10:00."""
    inp = AdversarialCase("test", "dev", "test", lang, draft, False, "school", booking, "").inp  # type: ignore[arg-type]
    guards = registered()
    return {name for name in GUARD_NAMES if not guards[name](inp, deadline_after(5)).passed}


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Reserva de Escalada Iniciació para 2 no dia 2/12 às 10h. Nosso atendimento é 24/7 e 24h pelo app."),
    ("pt-BR", "Reserva feita para 2 no dia 2/12 às 10h. Estamos disponíveis todas as 24 horas do dia."),
    ("es", "Reserva de Escalada Iniciació para 2 el 2/12 a las 10:00. Atención 24 horas, abierto 24/7."),
    ("es", "Reserva para 2 el 2/12 a las 10:00. Estamos disponibles las 24 horas, los 7 días de la semana."),
    ("ca", "Reserva d'Escalada Iniciació per a 2 el 2/12 a les 10:00. Disponible les 24 hores, atenció 24/7."),
    ("ca", "Reserva per a 2 el 2/12 a les 10:00. Som oberts 24 hores al dia."),
    ("en", "Escalada Iniciació for 2 on 2/12 at 10:00. We're open 24/7, write any time."),
    ("en", "Booked for 2 on 2/12 at 10:00. Support is available 24 hours a day, 7 days a week, around the clock."),
])
def test_availability_is_no_date_hour_or_count(lang, draft):
    assert failing(lang, draft) == set()


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Sua reserva de Escalada Iniciació para 2 é no dia 24/7 às 10h."),
    ("es", "Su reserva de Escalada Iniciació para 2 es el 24/7 a las 10:00."),
    ("ca", "La reserva d'Escalada Iniciació per a 2 és el dia 24/7 a les 10:00."),
    ("en", "Your Escalada Iniciació booking for 2 is on 24/7 at 10:00."),
])
def test_24_7_in_a_dates_place_is_still_a_date(lang, draft):
    assert FACT in failing(lang, draft)  # the tools gave 2 December


@pytest.mark.parametrize(("lang", "draft", "date", "time"), [
    ("pt-BR", "Atendimento 24/7. O evento termina às 24h.", False, True),
    ("es", "Soporte 24/7, y la reserva es el 24/7 a las 10:00.", True, True),
    ("ca", "Servei 24/7. Tanquem a les 24 hores.", False, True),
    ("en", "Open until 24h tonight, and support is here 24/7.", False, True),
])
def test_each_reading_beside_the_other(lang, draft, date, time):
    low_dates = [f.raw for f in dates_in(draft, lang)]
    assert (low_dates == ["24/7"]) is date
    assert bool(times_in(draft, lang)) is time
