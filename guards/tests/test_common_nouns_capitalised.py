"""The guard's own misreadings on SGD's dev split (issue 29, fa29d): capitalised common words an English writer put
inside a sentence, read as names. Each is read as the common noun it is where it stands — the sign of a number,
a noun coordinated with a lower-case one after a determiner, the bare object of "have", words describing the noun
after an indefinite article, what a date's day dates — and a real name in the same place is still held."""

from __future__ import annotations

import pytest

from guards.evidence import Evidence
from guards.tests.helpers import output
from guards.tests.test_fact_false_alarms import held

PLACES = Evidence(names=("restaurant_name", "dentist_name", "city", "street_address"), dates=("start",),
                  plain=("phone_number", "cuisine"))


def places(*rows: dict):
    return output("find", list(rows), evidence=PLACES)


HINATA = places({"restaurant_name": "Hinata Sushi Buffet", "city": "Hayward", "cuisine": "Japanese"})
DENTIST = places({"dentist_name": "Carhuamaca Lat Arturo", "city": "Morgan Hill", "start": "2019-03-05T15:30:00"})
HOTEL = places({"restaurant_name": "Hotel Zetta", "street_address": "2301 3rd Avenue", "phone_number": "+1 866-525-4704"})


@pytest.mark.parametrize("draft, outputs", [
    ("Please can I have the Zipcode or city in which you wish to find a good place to eat.", ()),
    ("Could you give me your Name and email, please?", ()),
    ("They do have Liquor but no on the tunes.", (HINATA,)),
    ("Yes, they do serve Wine.", (HINATA,)),
    ("Sure, the address is 2301 3rd Avenue and the telephone number is Plus +1 866-525-4704.", (HOTEL,)),
    ("Yup, there is a Sprawling Japanese restaurant, named Hinata Sushi Buffet, in Hayward.", (HINATA,)),
    ("It's a Cozy Italian place: Hinata Sushi Buffet.", (HINATA,)),
    ("Ok, I have 3:30 pm March 5th Appointment at Carhuamaca Lat Arturo.", (DENTIST,)),
])
def test_capitalised_common_nouns_are_no_names(draft, outputs):
    assert held(draft, *outputs) == []


@pytest.mark.parametrize("draft, outputs, wrong", [
    ("Please can I have the Zipcode or Hayward?", (), "Hayward"),  # a name after "or": coordination says nothing
    ("They do have Khamsa but no live music.", (HINATA,), "Khamsa"),  # no dictionary word: a name
    ("They do have Amber at 7 pm.", (HINATA,), "Amber"),  # where it is said: no bare object
    ("I have Dumbo.", (HINATA,), "Dumbo"),  # a title offered, no feature affirmed
    ("Yup, there is a Sprawling Japanese restaurant, named Osaka Grill, in Hayward.", (HINATA,), "Osaka Grill"),
    ("The Golden Thai restaurant is in Hayward.", (HINATA,), "Golden Thai"),  # the definite article: a name
    ("Ok, I have 3:30 pm March 5th Appointment at Bay Area Kids Dentist.", (DENTIST,), "Bay Area Kids Dentist"),
    ("Ok, the March 5th Doctor appointment is booked.", (DENTIST,), "Doctor"),  # it leads a noun: a name
])
def test_a_name_in_the_same_place_is_still_held(draft, outputs, wrong):
    assert wrong in held(draft, *outputs)
