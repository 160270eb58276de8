"""The open Ask's missing slot says what a question offers (`guards.kinds.slot_asked`, issue 29's swapped split):
words alone cannot tell kinds offered without a kind's noun ("Burrito, Tex-Mex or something else?") from an
invented restaurant offered ("Would you like Izakaya, Taco Bell or something else?"); the slot the Ask asks for next
can. While it holds a kind, a question's items are kinds; while the Ask misses only names, an item no tool returned
stays held, whatever the question's words. Four languages, both ways."""

from __future__ import annotations

import pytest

from guards.common_words import COMMON
from guards.contract import AskSlot
from guards.evidence import Evidence
from guards.facts import names_in
from guards.kinds import slot_asked
from guards.registry import registered
from guards.tests.helpers import deadline, make, output
from language.locales import Lang

KIND = (AskSlot("cuisine", "kind"), AskSlot("city", "name"))
NAME = (AskSlot("restaurant_name", "name"), AskSlot("time", "value"))


def held(draft: str, lang: Lang, missing: tuple[AskSlot, ...]) -> list[str]:
    """What `unsupported_fact` holds in `draft` after a search that found Casa Lupe in Fresno, while the open Ask
    misses `missing`."""
    found = output("find_restaurants", [{"restaurant_name": "Casa Lupe", "city": "Fresno", "cuisine": "Mexican"}],
                   evidence=Evidence(names=("restaurant_name", "city", "cuisine")))
    inp = make(draft, lang=lang, currency="USD", org_kind="school", tool_outputs=(found,), today="2019-03-01",
               missing_slots=missing)
    return list(registered()["unsupported_fact"](inp, deadline()).evidence)


# Kinds offered without a kind's noun: held on words alone, kinds while the Ask's next missing slot holds a kind.
OFFERS = [
    ("Are you looking for Burrito, Tex-Mex or something else?", "en", "Tex-Mex"),
    ("How about Soup or Breakfast?", "en", "Breakfast"),
    # a capitalised word read first ("Are" after a comma) decides nothing of the list after it
    ("I would love to help with that, Are you interested in Deli, chinese or something else?", "en", "Deli"),
    ("You want Malaysian, Russian or anything else?", "en", "Russian"),
    ("What style of food? Does Moroccan or Gastrobar sound good?", "en", "Gastrobar"),
    ("Prefere Churrascaria, Rodízio Gaúcho ou outra coisa?", "pt-BR", "Churrascaria"),
    ("Que tal Izakaya Nikkei ou Tex-Mex?", "pt-BR", "Izakaya Nikkei"),
    ("¿Buscás Fundas Premium, Smartwatches u otra cosa?", "es", "Smartwatches"),
    ("¿Le apetece Izakaya Nikkei o Tex-Mex?", "es", "Izakaya Nikkei"),
    ("Voleu Izakaya Nikkei, Tex-Mex o una altra cosa?", "ca", "Izakaya Nikkei"),
    ("Què us ve de gust? Gastrobar o Izakaya Nikkei?", "ca", "Izakaya Nikkei"),
]


@pytest.mark.parametrize("draft, lang, item", OFFERS)
def test_items_a_question_offers_while_the_ask_asks_for_a_kind_are_kinds(draft, lang, item):
    assert any(item in found for found in held(draft, lang, ()))  # words alone: an item no tool returned
    assert held(draft, lang, KIND) == []


@pytest.mark.parametrize("draft, lang, item", OFFERS)
def test_the_same_items_while_the_ask_asks_for_a_name_stay_held(draft, lang, item):
    assert any(item in found for found in held(draft, lang, NAME))


# A kind's noun offers kinds on words alone; while the Ask misses only names, the items are the thing asked for.
@pytest.mark.parametrize("draft, lang, item", [
    ("What kind of place? Maybe Izakaya, Taco Bell or anything else?", "en", "Taco Bell"),
    ("Que tipo de lugar? Por exemplo Izakaya, Taco Bell ou outro?", "pt-BR", "Taco Bell"),
    ("¿Qué tipo de lugar? Por ejemplo Izakaya, Taco Bell u otro.", "es", "Taco Bell"),
    ("Quin tipus de lloc? Per exemple Izakaya, Taco Bell o un altre?", "ca", "Taco Bell"),
])
def test_a_kind_worded_offer_while_the_ask_misses_only_names_is_held(draft, lang, item):
    assert held(draft, lang, ()) == []
    assert held(draft, lang, KIND) == []
    assert any(item in found for found in held(draft, lang, NAME))


# What a tool returned passes whatever the Ask asks for; an effect asked is no offer of kinds.
@pytest.mark.parametrize("draft, lang, missing, expected", [
    ("Would you like Casa Lupe or something else?", "en", NAME, []),
    ("Shall I book Sushi Zen or Taco Bell?", "en", KIND, ["Taco Bell"]),
    ("Posso reservar o Taco Bell ou outro?", "pt-BR", KIND, ["Taco Bell"]),
    ("¿Reservo en Taco Bell o en otro?", "es", KIND, ["Taco Bell"]),
    ("Reservo a Taco Bell o a un altre?", "ca", KIND, ["Taco Bell"]),
    ("Taco Bell is near, or Sushi Zen.", "en", KIND, ["Taco Bell"]),  # no question: offers nothing
])
def test_results_pass_and_effects_or_statements_are_read(draft, lang, missing, expected):
    found = held(draft, lang, missing)
    assert all(any(name in item for item in found) for name in expected) and bool(found) == bool(expected)


def test_what_the_ask_asks_for_is_its_next_missing_slot():
    assert slot_asked(()) == ""
    assert slot_asked(KIND) == "kind"
    assert slot_asked(NAME) == "name"
    assert slot_asked((AskSlot("city", "name"), AskSlot("cuisine", "kind"))) == ""  # a kind later: the words say
    assert slot_asked((AskSlot("when", "value"),)) == ""


def test_names_in_reads_the_slot_asked():
    text = "How about Soup or Breakfast?"
    assert [f.raw for f in names_in(text, "en", common=COMMON["en"])] == ["Soup", "Breakfast"]
    assert names_in(text, "en", common=COMMON["en"], asked="kind") == []
