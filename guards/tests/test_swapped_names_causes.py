"""Causes of wrong names the name reader let through once the dev dialogues were told with other values
(`tools.eval.swap`, split `dev_swapped`), each with true drafts beside it that still pass:

* a name the language's dictionary knows only as a name, opening a sentence with no verb after it ("Aaron lewis on
  the 8th", "Jorge el viernes"), read as a word a writer opens with (en, es, ca, pt-BR);
* a name ending in "s" before a place ("Georges in Marshall"), read as a verb's "-s" form ("Lands at YVR");
* words no dictionary knows, in lower case before a venue's head noun ("akane Japanese restaurant"): English word
  order (Portuguese, Spanish and Catalan put the noun first);
* a sentence's subject said to be a venue ("Sakura garden is a nice restaurant"), English;
* a common word after a label saying a name follows ("Event name: Food."), English;
* a hyphenated word opening an English sentence whose parts are no words ("Kufu-ya").
"""

from __future__ import annotations

import pytest

from guards.common_words import COMMON
from guards.evidence import Evidence
from guards.facts import names_in
from guards.registry import registered
from guards.tests.helpers import deadline, make, output
from language.locales import Lang

VENUES = Evidence(names=("name", "venue", "city"), dates=("date", "time"))


def names(text: str, lang: Lang = "en") -> list[str]:
    return [fact.raw for fact in names_in(text, lang, common=COMMON[lang])]


def held(draft: str, lang: Lang = "en") -> list[str]:
    """The facts `unsupported_fact` holds in `draft` after a search that found Marta Vidal at Petco Park at 5 pm."""
    found = output("find_slots", [{"name": "Marta Vidal", "venue": "Petco Park", "city": "San Diego",
                                   "date": "2019-03-08", "time": "17:00"}], evidence=VENUES)
    inp = make(draft, lang=lang, currency="USD", org_kind="school", tool_outputs=(found,), today="2019-03-01")
    return list(registered()["unsupported_fact"](inp, deadline()).evidence)


# --- a name the dictionary knows only as a name, opening a sentence ------------------------------------------------

@pytest.mark.parametrize("lang, draft, name", [
    ("en", "Aaron lewis on the 8th at Petco Park.", "Aaron"),
    ("es", "Jorge el viernes a las 5 en Petco Park.", "Jorge"),
    ("ca", "Jordi divendres a les 5 a Petco Park.", "Jordi"),
    ("pt-BR", "João na sexta às 17h no Petco Park.", "João"),
])
def test_a_name_the_dictionary_knows_only_as_a_name_opening_a_sentence_is_a_name(lang, draft, name):
    assert name in names(draft, lang)
    assert name in " ".join(held(draft, lang))


@pytest.mark.parametrize("lang, draft", [
    ("en", "Marta on the 8th at Petco Park."),
    ("en", "Sure, on the 8th at Petco Park."),
    ("es", "Marta el viernes a las 5 en Petco Park."),
    ("es", "Listo, el viernes a las 5 en Petco Park."),
    ("ca", "Marta divendres a les 5 a Petco Park."),
    ("ca", "Perfecte, divendres a les 5 a Petco Park."),
    ("pt-BR", "Marta na sexta às 17h no Petco Park."),
    ("pt-BR", "Perfeito, na sexta às 17h no Petco Park."),
])
def test_a_word_of_the_language_or_the_right_name_opening_a_sentence_passes(lang, draft):
    assert held(draft, lang) == []


def test_an_adjective_of_a_place_offered_alone_is_no_name():
    assert names("What kind of cuisine? Himalayan? European? Something else?") == []
    assert names("Sicilian and cambodian are a few options.") == []


# --- a name ending in "s" before a place, no verb's "-s" form --------------------------------------------------------

def test_a_name_ending_in_s_before_a_place_is_no_verbs_s_form():
    assert names("Georges in Marshall.") == ["Georges", "Marshall"]
    assert held("I see 1. Georges in San Diego.") == ["Georges"]
    assert held("Lands at Petco Park on the 8th.") == []  # a verb's "-s" form before a place stays a word


# --- a name written in lower case before a venue's head noun (English word order) ----------------------------------

def held_after_restaurants(draft: str) -> list[str]:
    found = output("find_restaurants", [{"name": "Kabuto Sushi", "city": "San Diego"}],
                   evidence=Evidence(names=("name", "city")))
    inp = make(draft, currency="USD", org_kind="school", tool_outputs=(found,), today="2019-03-01")
    return list(registered()["unsupported_fact"](inp, deadline()).evidence)


@pytest.mark.parametrize("draft, name", [
    ("There's akane Japanese restaurant in San Diego.", "akane"),
    ("You want a table at zuni cafe in San Diego, right?", "zuni"),
    ("I booked you a room at the sakura inn.", "sakura"),
])
def test_words_no_dictionary_knows_in_lower_case_before_a_venues_head_noun_are_a_name(draft, name):
    assert name in names(draft)
    assert held_after_restaurants(draft) == [name]


@pytest.mark.parametrize("draft", [
    "There's kabuto sushi restaurant in San Diego.",  # the right name, in lower case
    "Kabuto Sushi is a nice restaurant in San Diego.",
    "It is a grat restaurant in San Diego.",  # a word typed with a slip
    "There's a cozy little Japanese restaurant in San Diego: Kabuto Sushi.",
])
def test_dictionary_words_or_the_right_name_before_a_venues_head_noun_pass(draft):
    assert held_after_restaurants(draft) == []


# --- a sentence's subject said to be a venue (English) ---------------------------------------------------------------

@pytest.mark.parametrize("draft, name", [
    ("Sakura garden is a nice restaurant in San Diego.", "Sakura garden"),
    ("I found a few. Cassava which is a nice restaurant in San Diego.", "Cassava"),
    ("Atrium inn vancouver is a nice boutique hotel.", "Atrium inn vancouver"),
])
def test_a_subject_said_to_be_a_venue_is_its_name(draft, name):
    assert name in names(draft)
    assert held_after_restaurants(draft) == [name]


@pytest.mark.parametrize("draft", [
    "Kabuto sushi is a nice restaurant in San Diego.",
    "It is a nice restaurant in San Diego.",
    "Their place is a nice restaurant: Kabuto Sushi.",
    "I can suggest Kabuto Sushi which is a good restaurant in San Diego.",  # a clause, not a name
    "Maybe Kabuto Sushi, which is also a nice restaurant in San Diego.",
])
def test_a_pronoun_or_the_right_name_said_to_be_a_venue_passes(draft):
    assert held_after_restaurants(draft) == []


# --- a label saying a name follows (English) ---------------------------------------------------------------------

def test_a_common_word_after_a_name_label_is_a_name():
    assert "Food" in names("Event name: Food. Date of the event: March 8th.")
    assert "Stylist" in names("Please confirm an event in the name Stylist visit on the 8th.")
    assert held("Event name: Food. Date of the event: March 8th.") == ["Food"]
    assert held("Event name: Marta Vidal. Date of the event: March 8th.") == []
    assert held("Name: Marta Vidal. Date: March 8th.") == []


# --- a hyphenated word opening an English sentence ---------------------------------------------------------------------

def test_a_dashed_word_opening_a_sentence_is_a_name_unless_its_parts_are_words():
    assert names("Kufu-ya is a nice restaurant that is in livermore.") == ["Kufu-ya"]
    assert held_after_restaurants("Kufu-ya is a nice restaurant that is in San Diego.") == ["Kufu-ya"]
    assert names("Follow-up: your visit is on the 8th.") == []
    assert names("What are you in the mood for? Shabu-shabu?") == []  # a kind offered alone: no verb follows
    assert names("I found 7 to-go restaurants in San Diego.") == ["San Diego"]
    assert held_after_restaurants("Check-in is at Kabuto Sushi.") == []
