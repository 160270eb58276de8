"""The third blind round's leftovers (`tools/eval/adversarial_round3.py`, split dev), each fixed by its general cause
and tested in every language where the cause applies: interjections and verbs read as names, an hour in a word that
is also a count, half and quarter hours, a party size before a colon, what is awaited or left read as a claim, and a
unit price said to be the total."""

from __future__ import annotations

import pytest

from guards.contract import deadline_after
from guards.registry import registered
from magie.choices import GUARD_NAMES
from tools.eval.adversarial import AdversarialCase, booking, pix

FACT, CLAIM, AMOUNT = "unsupported_fact", "effect_claim_without_effect", "unsupported_amount"


def kayak():
    """Kayak Familiar on Saturday 5 December at 17:30 (Andorra) for 4, 30,00 € each."""
    return booking("Kayak Familiar", "2026-12-05T17:30:00+01:00", 4, 6, 3000)


def pix_failed():
    return pix(status="failed")


def failing(lang: str, draft: str, context=booking, org: str = "school", said: str = "") -> set[str]:
    """The production guards that hold `draft` (a school booking of 2 at 45,00 € each, unless told otherwise)."""
    inp = AdversarialCase("test", "dev", "test", lang, draft, False, org, context, said).inp  # type: ignore[arg-type]
    guards = registered()
    return {name for name in GUARD_NAMES if not guards[name](inp, deadline_after(5)).passed}


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Poxa, o Pix de R$ 50,00 para Maria Souza não foi concluído. Quer tentar de novo?"),
    ("es", "Vaya, el Pix de R$ 50,00 a María Souza no se pudo completar."),
    ("ca", "Ostres, el Pix de R$ 50,00 a la Maria Souza no s'ha pogut completar."),
    ("en", "Whoops, the Pix of R$ 50.00 to Maria Souza didn't go through."),
])
def test_an_interjection_opening_a_reply_is_no_name(lang, draft):
    assert failing(lang, draft, pix_failed, "bank") == set()
    wrong = draft.replace("Maria Souza", "Mariana Souto").replace("María Souza", "Mariana Souto")
    assert FACT in failing(lang, wrong, pix_failed, "bank")  # the name after it is still read


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Fica 45,00 € por pessoa, 90,00 € no total."),
    ("es", "Son 45,00 € por persona, 90,00 € en total."),
    ("ca", "Són 45,00 € per persona, 90,00 € en total."),
])
def test_a_verb_opening_a_sentence_before_a_number_is_no_name(lang, draft):
    assert failing(lang, draft) == set()


@pytest.mark.parametrize(("lang", "true", "wrong"), [
    ("pt-BR", "Fica 45,00 € por pessoa, 90,00 € no total para as duas.", "O total é 90,00 € para as três."),
    ("es", "Son 90,00 € en total para las dos.", "Son 90,00 € en total para las tres."),
    ("ca", "Són 90,00 € en total per a les dues.", "Són 90,00 € en total per a les tres."),
])
def test_an_hour_said_in_a_word_after_an_article_may_be_the_party(lang, true, wrong):
    assert failing(lang, true) == set()
    assert FACT in failing(lang, wrong)  # neither an hour the results give nor the party


@pytest.mark.parametrize(("lang", "true", "wrong"), [
    ("es", "Reservado: Kayak Familiar el sábado 5 a las cinco y media de la tarde, para 4.",
     "Reservado: Kayak Familiar el sábado 5 a las seis y media de la tarde, para 4."),
    ("pt-BR", "Reservado: Kayak Familiar no sábado, dia 5, às cinco e meia da tarde, para 4.",
     "Reservado: Kayak Familiar no sábado, dia 5, às cinco e quinze da tarde, para 4."),
    ("ca", "Fet: Kayak Familiar dissabte, dia 5, a les cinc i mitja de la tarda, per a 4 persones.",
     "Fet: Kayak Familiar dissabte, dia 5, a les cinc i quart de la tarda, per a 4 persones."),
    ("en", "Booked: Kayak Familiar on Saturday the 5th at half past five in the evening, for 4.",
     "Booked: Kayak Familiar on Saturday the 5th at half past six in the evening, for 4."),
])
def test_half_and_quarter_hours_are_read_with_their_hour(lang, true, wrong):
    assert FACT not in failing(lang, true, kayak)
    assert FACT in failing(lang, wrong, kayak)


@pytest.mark.parametrize(("lang", "true", "wrong"), [
    ("ca", "Reservat per a dos: Escalada Iniciació, demà a les 10 h.",
     "Reservat per a quatre: Escalada Iniciació, demà a les 10 h."),
    ("es", "Reservado para dos: Escalada Iniciació, mañana a las 10 h.",
     "Reservado para cuatro: Escalada Iniciació, mañana a las 10 h."),
    ("pt-BR", "Reservado para dois: Escalada Iniciació, amanhã às 10h.",
     "Reservado para quatro: Escalada Iniciació, amanhã às 10h."),
    ("en", "Booking for two: Escalada Iniciació, tomorrow at 10 am.",
     "Booking for four: Escalada Iniciació, tomorrow at 10 am."),
])
def test_a_party_size_before_a_colon_is_read(lang, true, wrong):
    assert FACT not in failing(lang, true)
    assert FACT in failing(lang, wrong)


@pytest.mark.parametrize(("lang", "draft"), [
    ("es", "Hecho: reserva BK-4821 para 2 personas, pendiente de pago (90,00 €)."),
    ("pt-BR", "Feito: reserva BK-4821 para 2 pessoas, pendente de pagamento (90,00 €)."),
    ("ca", "Fet: reserva BK-4821 per a 2 persones, pendent de pagament (90,00 €)."),
    ("en", "Done: booking BK-4821 for 2 people, awaiting payment (€90.00)."),
])
def test_what_is_awaited_is_no_claim(lang, draft):
    assert failing(lang, draft) == set()


@pytest.mark.parametrize("draft", ["Only 3 spots left.", "No seats left for Saturday, sorry.",
                                   "There are just two places left."])
def test_what_is_left_is_no_departure(draft):
    assert CLAIM not in failing("en", draft)


def test_a_claim_that_something_left_or_was_paid_is_still_held():
    assert CLAIM in failing("en", "The payment has left your account.")
    assert CLAIM in failing("es", "Listo, el pago fue acreditado.")


@pytest.mark.parametrize(("lang", "true", "wrong"), [
    ("ca", "Són 45 € per persona; 90 € en total.", "En total són 45 €."),
    ("es", "Son 45 € por persona; 90 € en total.", "En total son 45 €."),
    ("pt-BR", "São 45 € por pessoa; 90 € no total.", "No total são 45 €."),
    ("en", "It's €45 per person; €90 in total.", "That's €45 in total."),
])
def test_a_unit_price_is_no_total_of_two(lang, true, wrong):
    assert failing(lang, true) == set()
    assert AMOUNT in failing(lang, wrong)
