"""Issue 29's false-alarm round fa29h: statements of what will follow a step still to come, read as effects done,
and a moment's word read as a name.

Three causes, each tested in every language where it applies, the true wording passing and the claim of a done effect
beside it still held:

* a sentence opened by a condition or a time that waits for the customer's step ("As soon as you pay, your places
  are booked", "Quando você aprovar, o Pix é enviado"): its next part says what will follow, not what happened;
* a verb's own future, subjunctive or imperfect one letter from an effect's participle ("se enviará", "reservara",
  "enviava") read as that participle mistyped;
* a word of the language opening an English sentence that "is" a clock time ("Kickoff is 8 pm."): a moment, not a
  name, which is "at" a time.
"""

from __future__ import annotations

import pytest

from guards.checks.wording import effect_claim_spans
from guards.tests.test_round3_leftovers import failing
from tools.eval.adversarial import nothing, slots

CLAIM = "effect_claim_without_effect"


@pytest.mark.parametrize(("lang", "draft"), [
    ("en", "As soon as you pay, your places are booked."),
    ("en", "When the payment is approved, the booking is confirmed."),
    ("en", "Once you approve it, the Pix is sent to Maria Souza."),
    ("pt-BR", "Quando você aprovar, o Pix é enviado na hora."),
    ("pt-BR", "Depois que você pagar, a reserva fica confirmada."),
    ("pt-BR", "Assim que o pagamento for aprovado, a reserva fica confirmada."),
    ("es", "Cuando pagues, la reserva queda confirmada."),
    ("es", "En cuanto lo apruebes, el Pix se envía a Maria Souza."),
    ("ca", "Quan paguis, la reserva queda confirmada."),
    ("ca", "Tan bon punt ho aprovis, el Pix s'envia a la Maria Souza."),
])
def test_what_follows_a_step_still_to_come_is_no_claim(lang, draft):
    assert CLAIM not in failing(lang, draft, slots)
    assert effect_claim_spans(draft, lang) == []


@pytest.mark.parametrize(("lang", "draft"), [
    # the step done: a past tense in either part
    ("en", "When you approved it, the Pix was sent."),
    ("en", "Once you paid, your places were booked."),
    ("pt-BR", "Quando você aprovou, o Pix já foi enviado."),
    ("pt-BR", "Depois que você pagou, a reserva ficou confirmada."),
    ("es", "Cuando lo aprobaste, el Pix se envió."),
    ("es", "Cuando se aprobó, el Pix fue enviado."),
    ("ca", "Quan has pagat, la reserva ha quedat confirmada."),
    # no step the effect waits for: the state holds now
    ("en", "When you get there, your table is reserved under your name."),
    ("pt-BR", "Quando você chegar, a reserva está confirmada no seu nome."),
    # no verb of its own in the condition
    ("en", "After checking, your booking is confirmed."),
    # a condition that does not lead the sentence
    ("en", "If you need anything else, your booking has been confirmed."),
])
def test_a_claim_after_a_step_done_or_another_time_is_still_held(lang, draft):
    assert effect_claim_spans(draft, lang)
    assert CLAIM in failing(lang, draft, nothing, "bank")


@pytest.mark.parametrize(("lang", "draft"), [
    ("es", "El Pix se enviará mañana a las 10:00."),
    ("es", "Si lo confirmas, la mesa se reservará para las dos."),
    ("pt-BR", "O Pix enviava todo dia 5 antes da mudança."),
    ("ca", "La plaça es reservarà quan paguis."),
])
def test_a_verbs_own_form_is_no_participle_mistyped(lang, draft):
    assert all("enviad" not in said.lower() and "reservad" not in said.lower()
               for _, _, said in effect_claim_spans(draft, lang))


@pytest.mark.parametrize(("lang", "draft"), [
    ("en", "Your transfer was sucessful."),
    ("en", "Your table is resrved for 2."),
    ("pt-BR", "O Pix foi enivado para Maria Souza."),
    ("es", "La reserva fue confirmda."),
])
def test_a_slip_that_makes_no_word_is_still_read(lang, draft):
    assert CLAIM in failing(lang, draft, nothing, "bank")


@pytest.mark.parametrize(("lang", "draft"), [
    ("en", "Kickoff is 8 pm."),
    ("en", "Departure is 10:05 am."),
    ("pt-BR", "Embarque é às 10h."),
    ("es", "Salida es a las 10:00."),
    ("ca", "Sortida és a les 10:00."),
])
def test_a_moment_word_that_is_a_clock_time_is_no_name(lang, draft):
    from guards.common_words import COMMON
    from guards.facts import names_in

    assert names_in(draft, lang, common=COMMON[lang]) == []


@pytest.mark.parametrize("draft", ["Hellboy is 7 pm.", "Hellboy is at 7 pm.", "Kickoff is at 8 pm at Sun Arena."])
def test_a_name_at_a_time_is_still_a_name(draft):
    from guards.common_words import COMMON
    from guards.facts import names_in

    assert names_in(draft, "en", common=COMMON["en"])
