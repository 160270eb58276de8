import pytest

from asks.perception.recipient import find_recipient


@pytest.mark.parametrize("lang,text,name", [
    ("pt-BR", "envia 25 a l'Ana", "Ana"), ("ca", "envia 25 a l'Ana", "Ana"),  # an elided article is no part of it
    ("es", "mandale a la María 20", "María"),  # Rioplatense article before a name
    ("es", "transferile 20 a maria pasado mañana", "Maria"), ("es", "mandale 15 a joao", "Joao"),
    ("en", "send 20 to pedro tmrw pls", "Pedro"),
])
def test_names_said_the_way_customers_write_them(lang, text, name):
    assert find_recipient(text, lang, False, True) == name


@pytest.mark.parametrize("lang,text", [
    ("es", "manda 20 a las 3"), ("es", "envia 20 a mi hermana"), ("es", "reserva a la tarde"),
])
def test_known_words_after_a_are_no_name(lang, text):
    assert find_recipient(text, lang, False, "manda" in text or "envia" in text) is None
