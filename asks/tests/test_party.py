import pytest

from asks.perception.party import find_party_added, find_party_removed, find_party_size
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


@pytest.mark.parametrize("lang,text,removed", [
    ("es", "al final uno no puede venir", 1), ("en", "one of us cant come anymore", 1), ("en", "one less person", 1),
    ("ca", "un de nosaltres no pot venir", 1), ("ca", "som un menys", 1), ("pt-BR", "um não vai poder ir", 1),
    ("es", "2 no pueden venir", 2), ("ca", "la meva germana no pot venir", 1), ("en", "my wife can't make it", 1),
])
def test_people_leaving_are_taken_from_the_party_not_a_party_of_their_own(lang, text, removed):
    assert find_party_removed(fold(text), lang) == removed
    assert find_party_size(text, fold(text), lang, [], False) in (None, removed)  # never read as the whole party


@pytest.mark.parametrize("lang,text", [
    ("es", "no puedo ir a las 9"), ("en", "one of us will be late"), ("en", "for 2 people"), ("es", "somos 3"),
])
def test_a_party_or_the_customer_not_coming_is_nobody_leaving(lang, text):
    assert find_party_removed(fold(text), lang) is None


def test_a_time_before_a_negation_is_nobody_leaving():
    text = "a las 9 no puede ser"
    assert find_party_removed(fold(text), "es", [(0, 9)]) is None
