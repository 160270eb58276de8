"""Branch party30: a word the readers look for is a word of its language (simplemma's pt lacks "atendente"), and a
number phrase with a misspelt number word is unread, never cut short."""

import pytest

from language.detect import detect_language
from language.intents import asks_for_person
from language.numbers import find_numbers
from language.typos import misspelt_number_word_beside


@pytest.mark.parametrize("text", ["atendente por favor", "atendente pfv", "atendente"])
def test_a_word_only_portuguese_readers_look_for_keeps_a_brazilian_first_message_portuguese(text):
    assert detect_language(text, ["pt-BR", "es", "en"], "pt-BR", first=True) == "pt-BR"


def test_spanish_still_read_as_spanish_at_a_brazilian_bank():
    assert detect_language("un asesor por favor", ["pt-BR", "es", "en"], "pt-BR", first=True) == "es"


@pytest.mark.parametrize("text,lang", [("atendente pfv", "pt-BR"), ("un humano xfa", "es"), ("agent plz", "en")])
def test_a_role_with_please_in_chat_shorthand_asks_for_a_person(text, lang):
    assert asks_for_person(text, lang)


@pytest.mark.parametrize("text,lang,unread", [
    ("manda duezntos e cinquenta pro joão", "pt-BR", True),  # "cinquenta" alone would be 50
    ("manda duzentos e cinqeunta pro joão", "pt-BR", True),  # "duzentos" alone would be 200
    ("envia doscientos y cincuneta a pedro", "es", True),
    ("send two hundred and fifyt to ana", "en", True),
    ("manda duzentos e cinquenta pro joão", "pt-BR", False),
    ("manda 50 pro joao amanha", "pt-BR", False),
    ("manda cinquenta pra ana obrigado", "pt-BR", False),
])
def test_a_misspelt_number_word_beside_a_number_leaves_it_unread(text, lang, unread):
    number = next(found for found in find_numbers(text, lang) if not found.ordinal)
    assert misspelt_number_word_beside(text, lang, number.start, number.end) is unread
