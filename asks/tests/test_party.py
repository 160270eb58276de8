import pytest

from asks.perception.party import find_party_added, find_party_size
from language.text import fold


@pytest.mark.parametrize("lang,text,added", [
    ("en", "one more person is joining", 1), ("en", "2 more people", 2), ("en", "another friend is coming", 1),
    ("es", "se suma uno más", 1), ("es", "somos dos personas más", 2), ("ca", "ve una persona més", 1),
    ("pt-BR", "vai mais uma pessoa", 1), ("pt-BR", "mais dois amigos", 2),
])
def test_people_joining_are_added_not_a_party_of_their_own(lang, text, added):
    assert find_party_added(fold(text), lang) == added


@pytest.mark.parametrize("lang,text", [
    ("es", "somos 4 al final"), ("ca", "reserva escalada per a 3"), ("en", "me plus two friends"), ("en", "any more"),
])
def test_a_party_said_whole_is_nobody_joining(lang, text):
    assert find_party_added(fold(text), lang) is None


def test_a_party_before_pls_is_read():
    text = "book ski tmrw 3pm for 2 pls"
    assert find_party_size(text, fold(text), "en", [], False) == 2
