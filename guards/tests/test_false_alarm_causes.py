"""Issue 29's false alarms on true turns, by cause (round fa29g): each cause in the language it was found in, the true
wording passing and the wrong fact beside it still held."""

from __future__ import annotations

import pytest

from guards.contract import ToolOutput
from guards.evidence import Evidence
from guards.registry import registered
from guards.tests.helpers import deadline
from guards.tests.test_fact_false_alarms import held as facts_held
from guards.tests.test_fact_false_alarms import output
from guards.tests.test_issue_examples import BOOKING, Example, booking, receipt

CLAIM, FACT = "effect_claim_without_effect", "unsupported_fact"


def holds(guard: str, example: Example) -> bool:
    return not registered()[guard](example.input(), deadline()).passed


def booking_at(start: str) -> ToolOutput:
    return ToolOutput("create_booking", True, {"booking_ref": "bkg_x2", "activity": "Kayak", "start": start,
                                               "party_size": 4, "amount_cents": 12000, "currency": "EUR",
                                               "status": "pending_payment"},
                      evidence=BOOKING, arguments={"party_size": 4})


def school(lang: str, draft: str, *outputs: ToolOutput) -> Example:
    return Example(lang, draft, outputs=outputs or (booking(),), effects=("create_booking",), kind="school",
                   currency="EUR")


# minutes said in words after the hour ("y media", "e meia", "i quart") are the time's
@pytest.mark.parametrize("lang,draft,fails", [
    ("es", "Reservado: Kayak el sábado a las cinco y media de la tarde, para 4.", False),
    ("es", "Reservado: Kayak el sábado a las cinco y cuarto de la tarde, para 4.", True),
    ("es", "Reservado: Kayak el sábado a las cinco de la tarde, para 4.", True),
    ("pt-BR", "Reservado: Kayak no sábado às cinco e meia da tarde, para 4.", False),
    ("ca", "Reservat: Kayak dissabte a les cinc i mitja de la tarda, per a 4.", False),
])
def test_minutes_said_in_words_after_the_hour(lang, draft, fails):
    assert holds(FACT, school(lang, draft, booking_at("2026-12-05T17:30:00+01:00"))) is fails


# a verb's form right after a preposition is its noun: no claim that money moved
@pytest.mark.parametrize("lang,draft", [
    ("es", "Hecho: reserva bkg_x1 para 2 personas, pendiente de pago (90,00 €)."),
    ("pt-BR", "Reserva feita para 2 pessoas, falta a parte de pago: use o link."),
])
def test_a_verb_form_after_a_preposition_claims_nothing(lang, draft):
    assert not holds(CLAIM, school(lang, draft))


def test_a_payment_still_claimed_after_a_booking_is_held():
    assert holds(CLAIM, school("es", "Reserva hecha. ¡Pago!"))


# "N spots left" is what remains, not what departed
@pytest.mark.parametrize("draft", ["Only 3 spots left.", "There are a few seats left for Friday.", "No tickets left."])
def test_places_left_are_no_departure(draft):
    assert not holds(CLAIM, Example("en", draft, kind="school", currency="EUR"))


@pytest.mark.parametrize("draft", ["The payment left your account.", "Your 3 transfers left this morning."])
def test_money_that_left_is_still_a_claim(draft):
    assert holds(CLAIM, Example("en", draft, currency="BRL"))


# an interjection opening a sentence is no name
@pytest.mark.parametrize("lang,draft", [
    ("pt-BR", "Poxa, que rápido: o Pix de R$ 50,00 para Maria Souza já foi enviado."),
    ("pt-BR", "Vixe, já foi: Pix de R$ 50,00 enviado para Maria Souza."),
    ("es", "Vaya, qué rápido: el Pix de R$ 50,00 a Maria Souza ya fue enviado."),
    ("ca", "Vaja, que ràpid: el Pix de R$ 50,00 a Maria Souza ja s'ha enviat."),
    ("en", "Wow, that was quick: the Pix of R$ 50.00 to Maria Souza was sent."),
])
def test_an_interjection_is_no_name(lang, draft):
    assert not holds(FACT, Example(lang, draft, outputs=(receipt("Maria Souza"),), effects=("send_pix",)))


def test_a_wrong_name_after_an_interjection_is_still_held():
    assert holds(FACT, Example("pt-BR", "Poxa, o Pix para João Lima já foi enviado.",
                               outputs=(receipt("Maria Souza"),), effects=("send_pix",)))


# an amount's number is no part of a name before it; a number word alone may be the party a booking is for
def test_an_amount_after_a_verb_opening_the_sentence_is_no_name():
    assert not holds(FACT, school("pt-BR", "Fica 45,00 € por pessoa, 90,00 € no total para as duas."))
    assert not holds(FACT, school("pt-BR", "São 90 reais para as duas pessoas."))


def test_a_number_word_no_count_nor_time_supports_is_held():
    assert holds(FACT, school("pt-BR", "Marcado para as três."))


# a day's word inside a result's name is the name's
WEEKDAY_NAMED = Evidence(names=("event_name", "venue"))


def events(*names: str) -> ToolOutput:
    return output("find_events", [{"event_name": name, "venue": "Kenny's Alley", "date": "2019-03-13"}
                                  for name in names], evidence=WEEKDAY_NAMED)


def test_a_weekday_inside_a_results_name_is_the_names():
    assert facts_held("Taking Back Sunday at Kenny's Alley", events("Gorgasm", "Taking Back Sunday")) == []
    assert facts_held("Taking Back Sunday at Kenny's Alley on Sunday",
                      events("Taking Back Sunday"), today="2019-03-01") == ["Sunday"]
