"""Cause: kinds asked for read as names (`guards.kinds`, issue 29's swapped split). A question asking for a kind of
thing ("What kind of food?", "Que tipo de comida?", "¿Qué tipo de cocina?", "Quin tipus de cuina?") offers examples
of the kind, whatever their words: "Izakaya", "Shabu-Shabu", "Korean Hot Pot" are no dictionary's words or several
of them, and were held as names no tool returned. An invented restaurant offered for an effect, a closed list of the
tools' kinds and an open list asking for one thing (a city, a venue) stay held."""

from __future__ import annotations

import pytest

from guards.common_words import COMMON
from guards.evidence import Evidence
from guards.facts import names_in
from guards.registry import registered
from guards.tests.helpers import deadline, make, output
from language.locales import Lang


def names(text: str, lang: Lang = "en") -> list[str]:
    return [fact.raw for fact in names_in(text, lang, common=COMMON[lang])]


def held(draft: str, lang: Lang = "en") -> list[str]:
    """What `unsupported_fact` holds in `draft` after a search that found one restaurant, Casa Lupe in Fresno."""
    found = output("find_restaurants", [{"restaurant_name": "Casa Lupe", "city": "Fresno", "cuisine": "Mexican"}],
                   evidence=Evidence(names=("restaurant_name", "city", "cuisine")))
    inp = make(draft, lang=lang, currency="USD", org_kind="school", tool_outputs=(found,), today="2019-03-01")
    return list(registered()["unsupported_fact"](inp, deadline()).evidence)


@pytest.mark.parametrize("draft, lang", [
    # the kind's noun in the question before, the list open after
    ("What kind of food? You can say Izakaya, Korean Hot Pot or anything else.", "en"),
    ("Which cuisine? Maybe Shabu-Shabu or Ostrea?", "en"),
    ("Do you prefer Hunan, Asado, or some other type of food?", "en"),
    ("Do you like Malaysian or Asado food?", "en"),  # the kind's noun heads the list
    ("What type of cuisine? Ostrea? Sicilian? Something else?", "en"),  # asked one by one
    ("What kind of food would you like? For example you can say snacks or Jamaican. Which city?", "en"),
    ("Que tipo de comida você prefere? Por exemplo Izakaya, Shabu-Shabu ou outra.", "pt-BR"),
    ("Qual culinária? Talvez Hunan, Comida Baiana ou qualquer outra?", "pt-BR"),
    ("¿Qué tipo de cocina le apetece? Izakaya, Comida Coreana o cualquier otra.", "es"),
    ("¿Qué tipo de comida? Por ejemplo Hunan o Shabu-Shabu.", "es"),
    ("Quin tipus de cuina voleu? Per exemple Izakaya, Cuina Coreana o qualsevol altra.", "ca"),
    ("Quin tipus de menjar? Hunan, Shabu-Shabu o un altre?", "ca"),
])
def test_kinds_offered_where_a_kind_is_asked_for_are_no_names(draft, lang):
    assert names(draft, lang) == []
    assert held(draft, lang) == []


@pytest.mark.parametrize("draft, lang, name", [
    # an effect asked for: the options are what it would be done with
    ("What kind of food? Shall I book Sushi Zen or Taco Bell?", "en", "Taco Bell"),
    ("Shall I book Sushi Zen or Taco Bell?", "en", "Taco Bell"),
    ("Que tipo de comida? Posso reservar o Taco Bell ou outro?", "pt-BR", "Taco Bell"),
    ("¿Qué tipo de comida? ¿Reservo en Taco Bell o en otro?", "es", "Taco Bell"),
    ("Quin tipus de menjar? Reservo a Taco Bell o a un altre?", "ca", "Taco Bell"),
    # no kind asked for: an open list of one thing (a city, a venue, a restaurant)
    ("Which city, such as Modesto or something else?", "en", "Modesto"),
    ("Would you like Izakaya, Taco Bell or something else?", "en", "Taco Bell"),
    ("Em qual cidade? Por exemplo Ribeirão Preto ou outra?", "pt-BR", "Ribeirão Preto"),
    # a kind asked for, but the name no item of an offer
    ("What kind of food does Taco Bell serve at lunch?", "en", "Taco Bell"),
    ("What kind of food? Taco Bell has a table at 8.", "en", "Taco Bell"),
    # a kind's noun after the list heads it only in a question, and only a list of two items or more
    ("How about Taco Bell, great food!", "en", "Taco Bell"),
    ("Okay, a reservation at Taco Bell cuisine in Oakland, correct?", "en", "Taco Bell"),
    # what offers examples leads the list, not a clause after it; the booking's noun asks for an effect
    ("Which type of ride, like Pool or Regular, and is the address the same as Taco Bell?", "en", "Taco Bell"),
    ("What kind of food? Your reservation at Taco Bell, or another?", "en", "Taco Bell"),
])
def test_an_entity_offered_or_named_outside_an_offer_of_kinds_is_still_held(draft, lang, name):
    assert name in held(draft, lang)


def test_a_closed_list_of_kinds_still_holds_the_one_no_tool_gave():
    # "Sports, Music or Museum?" offers the tools' own categories: a kind outside them is held, as before
    assert names("What type of event do you have in mind? Sports, Music or Museum?") == ["Museum"]
    assert names("what kind of food? Ostrea, peruvian?") == ["Ostrea"]
