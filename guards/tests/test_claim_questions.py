"""A question about an effect is no claim that it happened: the sentence asks from where it opens ("¿", an
auxiliary before its subject, the customer asked to confirm, want or prefer, the first person's offer), or a yes/no
tag closes it. A sentence that states and then asks something else keeps its claim, in every language. Nor is an
effect said in the conditional ("a mesa ficaria reservada") or a contracted future ("I'll get you booked")."""

from __future__ import annotations

import pytest

from guards.checks.wording import effect_claim_spans, effect_claim_without_effect
from guards.tests.helpers import deadline, make
from language.locales import LANGS


def claims(lang: str, draft: str) -> list[str]:
    return [text for _, _, text in effect_claim_spans(draft, lang)]  # type: ignore[arg-type]


@pytest.mark.parametrize(("lang", "draft"), [
    ("en", "Confirm 4 tickets reserved for March 5th, at 7 pm, at Citi Field?"),
    ("en", "Is your table booked for 2, at 7 pm, on Friday?"),
    ("en", "Shall I make the reservation at Ijji Sushi, for 2 people, at 7 pm?"),
    ("pt-BR", "Confirma 4 ingressos reservados para dia 5, às 19h?"),
    ("pt-BR", "Confirma o Pix de R$ 50 enviado para a Maria, hoje?"),
    ("pt-BR", "Posso deixar a mesa reservada para as 19h, pra 2 pessoas?"),
    ("es", "¿Confirmas 4 entradas reservadas para el día 5, a las 19h?"),
    ("es", "¿Dejo la mesa reservada para las 19h, para 2 personas?"),
    ("ca", "Confirmes 4 entrades reservades per al dia 5, a les 19h?"),
    ("ca", "Vols la taula reservada per a 2, a les 19h?"),
])
def test_a_question_about_an_effect_claims_nothing(lang, draft):
    assert claims(lang, draft) == []


@pytest.mark.parametrize(("lang", "draft"), [
    ("en", "So that's 4 tickets booked for March 5th, at 7 pm, yes?"),
    ("pt-BR", "Então são 4 ingressos reservados para dia 5, às 19h, sim?"),
    ("es", "Entonces son 4 entradas reservadas para el día 5, ¿no?"),
    ("ca", "Doncs són 4 entrades reservades per al dia 5, oi?"),
])
def test_a_yes_no_tag_asks_about_its_own_sentence(lang, draft):
    assert claims(lang, draft) == []


@pytest.mark.parametrize(("lang", "draft"), [
    ("es", "Queda reservado para el viernes, ¿te parece?"),
    ("es", "Te dejo la mesa reservada para las 19h, ¿te va bien?"),
    ("ca", "Queda reservat per divendres, et sembla bé?"),
    ("ca", "Et deixo la taula reservada per a les 19h, et va bé?"),
])
def test_an_offer_asking_whether_it_suits_claims_nothing(lang, draft):
    assert claims(lang, draft) == []


@pytest.mark.parametrize(("lang", "draft"), [
    ("es", "Reservé la mesa para el viernes, ¿te parece?"),  # the first person's own deed, tagged
    ("ca", "He reservat la taula per divendres, et sembla bé?"),
    ("pt-BR", "Reservei a mesa para sexta, pode ser?"),
    ("es", "Tu reserva está confirmada con éxito, ¿verdad?"),  # worded as an outcome
    ("es", "La reserva quedó hecha. ¿Te parece bien el horario?"),  # another sentence, another question
    ("ca", "La reserva està confirmada. Et sembla bé?"),
    ("en", "No problem. Please confirm: Reserving 1 table at Nizza La Bella. I reserved this for today."),
])
def test_a_claim_before_an_offers_tag_or_after_a_confirmation_request_is_still_a_claim(lang, draft):
    assert claims(lang, draft) != []


@pytest.mark.parametrize(("lang", "draft"), [
    ("en", "Done. Anything else, yes?"),  # the tag asks about its own sentence only
    ("en", "I booked your table, no?"),  # the first person's own deed, tagged
    ("en", "Your 4 tickets are reserved for March 5th, at 7 pm. Anything else?"),
    ("en", "I booked your table, anything else?"),
    ("en", "Did you see your payment was processed successfully, Maria?"),  # worded as an outcome
    ("pt-BR", "Pix de R$ 50 enviado para a Maria, posso ajudar em algo mais?"),
    ("pt-BR", "Reservei 4 ingressos para dia 5, mais alguma coisa?"),
    ("es", "Transferencia enviada a María, ¿necesitas algo más?"),
    ("es", "Reservé 4 entradas para el día 5, ¿algo más?"),
    ("ca", "Transferència enviada a la Maria, alguna cosa més?"),
    ("ca", "He reservat 4 entrades per al dia 5, necessites res més?"),
])
def test_a_claim_stated_before_another_question_is_still_a_claim(lang, draft):
    assert claims(lang, draft) != []


def test_please_glued_to_its_verb_still_asks_to_confirm():
    assert claims("en", "Pleaseverify the following information: you have 1 ticket booked for the event.") == []
    assert claims("en", "Pleaseverify the following information. I have booked 1 ticket for the event.") != []


def test_an_effect_asked_about_is_not_held_and_one_stated_is():
    asked = make("¿Dejo la mesa reservada para las 19h, para 2 personas?", lang="es", languages=LANGS)
    stated = make("Dejé la mesa reservada para las 19h, ¿algo más?", lang="es", languages=LANGS)
    assert effect_claim_without_effect(asked, deadline()).passed
    assert not effect_claim_without_effect(stated, deadline()).passed


@pytest.mark.parametrize(("lang", "draft"), [
    ("en", "I'll get you booked at Supercuts at 6:30 pm."),
    ("pt-BR", "A mesa ficaria reservada para as 19h."),
    ("pt-BR", "O Pix seria enviado para a Maria hoje."),
    ("es", "La mesa quedaría reservada para las 19h."),
    ("ca", "La taula quedaria reservada per a les 19h."),
])
def test_an_effect_in_the_conditional_or_the_future_claims_nothing(lang, draft):
    assert claims(lang, draft) == []


@pytest.mark.parametrize(("lang", "draft"), [
    ("en", "I booked your table; you'll love it."),
    ("pt-BR", "Transferência bancária enviada para a Maria."),  # nouns ending like a conditional
    ("pt-BR", "O Pix da diária foi enviado."),
    ("es", "La transferencia a la tesorería fue enviada."),
    ("ca", "La reserva a la pizzeria està confirmada."),
])
def test_a_word_ending_like_a_conditional_or_a_future_elsewhere_leaves_the_claim(lang, draft):
    assert claims(lang, draft) != []


@pytest.mark.parametrize("draft", ["Will you confirm this request? Visit booked at 10 am on March 12th.",
                                   "Could you confirm that you want a table reserved for 3 at 7:30 PM, March 1st?",
                                   "Here are the details. For 2 persons, a table is booked at 4:45 pm today. "
                                   "Please can you confirm me."])
def test_the_customer_asked_to_confirm_in_a_question_of_their_own_reads_the_details(draft):
    assert claims("en", draft) == []


@pytest.mark.parametrize(("lang", "draft"), [
    ("en", "Did you know your transfer was sent yesterday?"),
    ("en", "Did you get the confirmation that your table was booked?"),
    ("pt-BR", "Você viu que o Pix foi enviado ontem?"),
    ("es", "¿Recibiste la transferencia que fue enviada?"),
    ("ca", "Has vist que la transferència ha estat enviada?"),
])
def test_a_question_stating_the_effect_as_past_is_a_claim(lang, draft):
    assert claims(lang, draft) != []


@pytest.mark.parametrize(("lang", "draft"), [
    ("en", "Was your Pix sent?"),
    ("en", "Do you know if your transfer was sent?"),
    ("pt-BR", "Quer que eu deixe a mesa reservada?"),
    ("es", "¿Quieres que la transferencia sea enviada hoy?"),
])
def test_a_question_whose_verb_opens_it_or_asks_if_still_asks(lang, draft):
    assert claims(lang, draft) == []
