"""Counts a draft states, read however they are worded and supported only by a count: the number of a unit glued to
its letters ("3d", "2g Japanese Brasserie") counts nothing, "I have 1." counts one, "the tickets are 4" four."""

from __future__ import annotations

import pytest

from guards.checks.facts import unsupported_facts
from guards.evidence import Evidence
from guards.facts import counts_in
from guards.tests.helpers import customer, deadline, make, output
from language.locales import LANGS, Lang

MOVIES = Evidence(names=("movie_name", "theater_name"))


def movies(*names: str):
    return output("find_movies", [{"movie_name": name, "theater_name": "AMC Saratoga 14", "show_type": "3d"}
                                  for name in names], evidence=MOVIES, arguments={"show_type": "3d"})


def held(draft: str, *outputs, lang: Lang = "en", **parts) -> list[str]:
    missing = unsupported_facts(make(draft, lang=lang, languages=LANGS, tool_outputs=outputs, **parts), deadline())
    assert missing is not None
    return [fact.raw for fact in missing]


@pytest.mark.parametrize("said", ["I want a scary movie in 3d at AMC Saratoga.", "Anything at 2g Japanese Brasserie?",
                                  "A 4k screen, please."])
def test_a_number_glued_to_a_units_letters_supports_no_count(said):
    results = movies("Little", "Missing Link")
    assert held("There are 2 movies available: Little or Missing Link?", results, history=(customer(said),)) == []
    wrong = {"3d": "3", "2g": "3", "4k": "4"}[next(u for u in ("3d", "2g", "4k") if u in said)]
    assert held(f"There are {wrong} movies available: Little or Missing Link?", results,
                history=(customer(said),)) == [wrong]


def test_a_number_said_alone_still_supports_a_count():
    results = movies("Little", "Missing Link")
    assert held("I have 3 tickets for Little.", results, history=(customer("3 tickets, in 3d please"),)) == []


def test_one_found_before_the_sentences_end_is_a_count():
    results = movies("Little", "Missing Link")
    assert held("I have 2. Little and Missing Link.", results) == []
    assert held("I have 1. Little and Missing Link.", results) == ["1"]
    assert held("I found 1: Little.", movies("Little")) == []
    assert counts_in("I found 1 Restaurant named Little.", "en") == []  # the item offered, no count


@pytest.mark.parametrize(("lang", "draft", "value"), [
    ("en", "The tickets are 4 and they are together.", 4),
    ("en", "The seats are 2, next to each other.", 2),
    ("pt-BR", "Os ingressos são 3.", 3),
    ("es", "Las entradas son 3 en total.", 3),
    ("ca", "Les entrades són 3.", 3),
])
def test_a_count_noun_said_to_be_a_number_is_a_count(lang, draft, value):
    assert [fact.value for fact in counts_in(draft, lang)] == [value]
    said = (customer(str(value)),)
    assert held(draft, movies("Little"), lang=lang, history=said) == []
    assert held(draft, movies("Little"), lang=lang, history=(customer(str(value + 1)),)) == [str(value)]


def test_a_price_after_a_count_noun_is_no_count():
    assert counts_in("The tickets are 4 dollars each.", "en") == []


@pytest.mark.parametrize(("draft", "value"), [("Ok, I found 6 Diner options in San Francisco.", 6),
                                              ("There are 3 room types.", 3), ("I have 2 ticket options for you.", 2)])
def test_a_count_noun_qualifying_the_noun_after_it_counts_that_noun(draft, value):
    assert [(fact.kind, fact.value) for fact in counts_in(draft, "en")] == [("found", value)]


def test_a_count_noun_qualifying_nothing_still_counts_itself():
    assert [(fact.kind, fact.value) for fact in counts_in("A table for 4 diners, please.", "en")] == [("count", 4)]
    assert [(fact.kind, fact.value) for fact in counts_in("I booked 2 tickets this Friday.", "en")] == [("count", 2)]
