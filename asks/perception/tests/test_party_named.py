"""The people a booking is for, counted as named ("per a mi", "for my wife and me"), and "x 3" (branch party30)."""

import pytest

from asks.perception.party import find_party_size
from language.text import fold


@pytest.mark.parametrize("text,lang,party", [
    ("escalada dema a les 9 per a mi", "ca", 1),
    ("per a la meva filla i per a mi una classe d'esqui", "ca", 2),
    ("pode reservar para mim e meu filho amanhã?", "pt-BR", 2),
    ("esquí mañana para mí", "es", 1),
    ("para mi hijo y para mí", "es", 2),
    ("book yoga for my wife and me", "en", 2),
    ("climbing tomorrow for me", "en", 1),
    ("reserva raquetes dijous 9h x 3", "ca", 3),
    ("raquetes x3 dijous", "ca", 3),
    ("per a mi, la Núria i en Pol", "ca", 3),  # first names after "for me" (b5)
    ("pra mim, a Bia e o Caio", "pt-BR", 3),
    ("for me, tom, sarah and james", "en", 4),  # lower case: proper nouns of the dictionary
    ("para mí, Lucía y Pablo", "es", 3),
    ("for Tom and Sarah", "en", 2),
    ("for me and Monday", "en", 1),  # a day is no first name
    ("per a mi, la Laia i en Marc", "ca", 3),  # but "Marc" is one, not "març"
    ("pra mim e o kaio", "pt-BR", 2),  # lower case, a name no dictionary knows, right after "for me and"
    ("quero escalada amanhã às 9 pra mim e o kaio", "pt-BR", 2),
    ("per a mi i en pol", "ca", 2),  # "en", "na": the Catalan article of a person's name ("pol" is a word too)
    ("per a mi i na mar", "ca", 2),
    ("para mi y tiago", "es", 2),
    ("for me and jax", "en", 2),
])
def test_the_people_named_are_counted(text, lang, party):
    assert find_party_size(text, fold(text), lang, [], False) == party


@pytest.mark.parametrize("text,lang", [
    ("para mí y mis hijos", "es"),  # a plural: how many is not said
    ("for me and my kids", "en"),
    ("hi ha places per a demà?", "ca"),
    ("reserva para Ana", "es"),  # a name alone: whom the booking is for, or no person at all
    ("para kaio", "pt-BR"),  # an unknown word alone, with no "me" before it
])
def test_people_not_all_counted_are_no_party(text, lang):
    assert find_party_size(text, fold(text), lang, [], False) is None


@pytest.mark.parametrize("text,lang", [
    ("pra mim e amanhã", "pt-BR"),  # a day after "me and" is no one
    ("for me and tomorrow at 9", "en"),
    ("per a mi i dilluns", "ca"),
])
def test_a_day_after_me_and_is_no_person(text, lang):
    assert find_party_size(text, fold(text), lang, [], False) == 1
