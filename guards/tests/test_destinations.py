"""Issue 29's false-alarm round fa29h: a data item after a preposition of where is where something goes or arrives,
not what the customer is asked for ("You'll get the confirmation in your email"), in every language; a request for
the item ("Preciso do seu e-mail", "Reply with your phone number") is still held."""

from __future__ import annotations

import pytest

from guards.checks.wording import requested_items
from guards.tests.test_round3_leftovers import failing

REQUEST = "unusable_request"


@pytest.mark.parametrize(("lang", "draft"), [
    ("en", "Your places are booked for 2 December at 10:00. You'll get the confirmation in your email."),
    ("en", "The receipt goes to your registered email."),
    ("pt-BR", "Sua reserva está feita. O comprovante chega no seu e-mail."),
    ("pt-BR", "A confirmação vai para o seu e-mail cadastrado."),
    ("es", "Tu reserva está hecha. Te llega la confirmación a tu correo."),
    ("ca", "La reserva està feta. T'arriba la confirmació al teu correu."),
])
def test_an_item_where_something_arrives_is_not_asked(lang, draft):
    assert requested_items(draft, lang) == []
    assert REQUEST not in failing(lang, draft)


@pytest.mark.parametrize(("lang", "draft"), [
    ("en", "Please send me your email address."),
    ("en", "Reply with your phone number."),
    ("pt-BR", "Preciso do seu e-mail."),
    ("pt-BR", "Me passa o seu e-mail?"),
    ("es", "Envíame tu correo electrónico."),
    ("ca", "Envia'm el teu correu."),
])
def test_an_item_asked_for_is_still_a_request(lang, draft):
    assert requested_items(draft, lang)
    assert REQUEST in failing(lang, draft)
