"""Causes the dev dialogues told with other values found (`tools.eval.swap`, split `dev_swapped`): true turns the
name reader misread once their names, dates and cuisines were ones it was never tuned on. Each is tested with
wordings of its own, with a wrong name beside it still held: a date's capitalised first word after a name ("on
Next Friday", "Today at", "on The 10th"), a subject pronoun opening the next sentence after a name whose full stop
was left out ("…, MD She is"), and kinds offered as examples in words of the language ("such as Vegetarian, Quick
meal or something else?")."""

from __future__ import annotations

import pytest

from guards.common_words import COMMON
from guards.evidence import Evidence
from guards.facts import names_in
from guards.registry import registered
from guards.tests.helpers import deadline, make, output
from language.locales import Lang

EVENTS = Evidence(names=("event_name", "venue", "city"), dates=("date",), plain=("count",))


def names(text: str, lang: Lang = "en") -> list[str]:
    return [fact.raw for fact in names_in(text, lang, common=COMMON[lang])]


def held(draft: str, lang: Lang = "en") -> list[str]:
    """The facts `unsupported_fact` holds in `draft` after a search that found the event at Petco Park."""
    found = output("find_events", [{"event_name": "Amber Run", "venue": "Petco Park", "city": "San Diego",
                                    "date": "2019-03-08"}], evidence=EVENTS)
    inp = make(draft, lang=lang, currency="USD", org_kind="school", tool_outputs=(found,), today="2019-03-01")
    return list(registered()["unsupported_fact"](inp, deadline()).evidence)


# --- a date's capitalised first word after a name ------------------------------------------------------------------

@pytest.mark.parametrize("draft, name", [
    ("Amber Run is playing at Petco Park on Next Friday.", "Petco Park"),
    ("Amber Run plays Today at Petco Park.", "Petco Park"),
    ("How about Amber Run on The 8th at Petco Park?", "Amber Run"),
    ("I found Amber Run at Petco Park on Next Friday, I think.", "Petco Park"),
    ("Amber Run, Petco Park, This Friday.", "Petco Park"),
])
def test_a_dates_capitalised_first_word_is_no_names_word(draft, name):
    found = names(draft)
    assert any(name in fact for fact in found)
    assert not any(word in fact for fact in found for word in ("Next", "Today", "The 8th", "Tomorrow", "This"))
    assert held(draft) == []


def test_a_name_with_a_day_inside_it_stays_one_and_a_wrong_venue_stays_held():
    assert "The 5th Avenue Theatre" in names("Meet me at The 5th Avenue Theatre tonight.")
    assert held("Amber Run is playing at Oracle Park on Next Friday.") == ["Oracle Park"]
    assert held("Amber Run plays Today at Oracle Park.") == ["Oracle Park"]


# --- a pronoun opening the next sentence, its full stop left out ---------------------------------------------------

@pytest.mark.parametrize("draft, name", [
    ("Try Linda Ko, MD She is a dermatologist in Fremont.", "Linda Ko"),
    ("There's Raj Patel, MD He's an ENT specialist.", "Raj Patel"),
    ("I found Dr. Amy Chen, MD How's she sound?", "Amy Chen"),
    ("I recommend Bay Family Health They're open late.", "Bay Family Health"),
])
def test_a_pronoun_after_a_name_opens_the_next_sentence(draft, name):
    found = names(draft)
    assert name in " ".join(found)
    assert not any(pronoun in fact for fact in found for pronoun in ("She", "He's", "How's", "They're"))


def test_a_pronoun_before_a_capitalised_word_is_a_titles():
    assert names("You want to cast the song When She Says Baby to the speaker.") == ["When She Says Baby"]
    assert names("Playing If We Hold On Together, as you asked.") == ["If We Hold On Together"]


def test_a_pronoun_inside_a_sentence_opening_is_no_name_and_a_wrong_doctor_stays_held():
    doctors = Evidence(names=("doctor_name", "city"))
    found = output("find_doctor", [{"doctor_name": "Linda Ko, MD", "city": "Fremont"}], evidence=doctors)
    right = make("Try Linda Ko, MD She is a dermatologist in Fremont.", lang="en", currency="USD",
                 org_kind="school", tool_outputs=(found,))
    wrong = make("Try Linda Kim, MD She is a dermatologist in Fremont.", lang="en", currency="USD",
                 org_kind="school", tool_outputs=(found,))
    guard = registered()["unsupported_fact"]
    assert guard(right, deadline()).passed
    assert not guard(wrong, deadline()).passed


# --- kinds offered as examples, in words of the language -----------------------------------------------------------

@pytest.mark.parametrize("draft, lang", [
    ("What kind of food, such as Vegetarian, Quick meal or something else?", "en"),
    ("You want burgers, Fish or anything else?", "en"),
    ("Cuisine? American, Salad, etc.", "en"),
    ("For example Coffee, Noodles or any other kind of food?", "en"),
    ("Que tipo de comida, por exemplo Grelhados, Massas ou outra?", "pt-BR"),
    ("¿Qué tipo de comida? Por ejemplo Mariscos, Pasta o cualquier otra.", "es"),
    ("Quin tipus de menjar, per exemple Peix, Pasta o un altre?", "ca"),
])
def test_kinds_offered_as_examples_are_no_names(draft, lang):
    assert names(draft, lang) == []


def test_without_an_offer_a_capitalised_word_or_any_unknown_name_offered_is_still_read():
    assert names("You want Fish?") == ["Fish"]  # no list of examples: read as the guard always has
    assert names("Which city, such as Fresno or something else?") == ["Fresno"]  # no word of the language
    assert names("Would you like Izakaya, Sushi Bar or something else?") == ["Izakaya", "Sushi Bar"]
    assert names("What type of event? Sports, Music or Museum?") == ["Museum"]  # a closed list: the tools' kinds
    assert held("Which venue, such as Oracle Park or something else?") == ["Oracle Park"]
    # no item of a list: a name said after an example's introduction is read
    assert "Warsaw" in names("For instance on March 14th in Warsaw, there is Amber Run.")
    # listed among names, a word of the language is a title: "Hackers" is a movie here
    assert names("I have 10, such as JT LeRoy, Hackers, or High Life.") == ["JT LeRoy", "Hackers", "High Life"]
