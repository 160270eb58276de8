"""The dev dialogues told with other values (`tools.eval.swap`): a swapped dialogue states its new values
everywhere the old ones were, and its old ones nowhere."""

from __future__ import annotations

import hashlib
import json
import re
from itertools import islice

import pytest

from guards.calibration import dialogues
from magie.corpora import sgd_corpus_dir
from tools.eval.sgd import split_of
from tools.eval.swap import SALTS, ValuePool, _agreeing_noun, _seed, leftovers, swapped


@pytest.fixture(scope="module")
def pool() -> ValuePool:
    return ValuePool(sgd_corpus_dir())


def _pool(forms: dict[tuple[str, str], dict[str, list[str]]]) -> ValuePool:
    """A pool of the given (service, slot) -> canonical -> surface forms, with Restaurants_1's slots."""
    made = ValuePool.__new__(ValuePool)
    made.schema = {}
    made.free = {"Restaurants_1": {"restaurant_name", "city", "date", "time"}}
    made.counts = {"Restaurants_1": {"party_size"}}
    made.pairs = {key: sorted(values) for key, values in forms.items()}
    made.forms = {(service, slot, canon): surfaces for (service, slot), values in forms.items()
                  for canon, surfaces in values.items()}
    return made


def _spans(text: str) -> list:
    return [[slot, text.index(value), text.index(value) + len(value)]
            for slot, value in (("restaurant_name", "Sushi Zone"), ("city", "Oakland"), ("date", "today"))]


def _dialogue(system: str, spans: list | None = None, *, user: str = "Book Sushi Zone in Oakland for 2 people today.",
              user_spans: list | None = None) -> dict:
    acts = [{"act": "CONFIRM", "slot": "restaurant_name", "values": ["Sushi Zone"]},
            {"act": "CONFIRM", "slot": "city", "values": ["Oakland"]},
            {"act": "CONFIRM", "slot": "party_size", "values": ["2"]},
            {"act": "CONFIRM", "slot": "date", "values": ["today"], "canonical_values": ["2019-03-01"]}]
    return {"dialogue_id": "1_00000", "turns": [
        {"turn": 0, "speaker": "USER", "utterance": user, "frames": [{
            "service": "Restaurants_1", "active_intent": "ReserveRestaurant",
            "slot_values": {"restaurant_name": ["Sushi Zone"], "city": ["Oakland"], "party_size": ["2"],
                            "date": ["today"]},
            "actions": [{**act, "act": "INFORM"} for act in acts],
            "spans": user_spans if user_spans is not None else _spans(user)}]},
        {"turn": 1, "speaker": "SYSTEM", "utterance": system, "frames": [{
            "service": "Restaurants_1", "actions": acts, "spans": spans if spans is not None else _spans(system),
            "service_call": {"method": "ReserveRestaurant", "parameters": {
                "restaurant_name": "Sushi Zone", "city": "Oakland", "party_size": "2", "date": "2019-03-01"}},
            "service_results": [{"restaurant_name": "Sushi Zone", "city": "Oakland", "date": "2019-03-01"}]}]}]}


SMALL = {("Restaurants_1", "restaurant_name"): {"Rumi's Kitchen": ["Rumi's Kitchen"]},
         ("Restaurants_1", "city"): {"Fremont": ["Fremont"]},
         ("Restaurants_1", "date"): {"2019-03-08": ["next Friday", "March 8th"]}}


def test_a_swapped_dialogue_states_its_new_values_everywhere_and_its_old_ones_nowhere():
    system = "Please confirm: a table for 2 at Sushi Zone in Oakland today."
    new = swapped(_dialogue(system), _pool(SMALL))
    assert new is not None
    user, reply = (turn["utterance"] for turn in new["turns"])
    assert user.startswith("Book Rumi's Kitchen in Fremont for ") and re.search(r" (?:1 person|[3-6] people) next"
                                                                                r" Friday\.$", user)
    assert re.fullmatch(r"Please confirm: a table for [13-6] at Rumi's Kitchen in Fremont next Friday\.", reply)
    count = re.search(r"for (\d)", reply).group(1)
    assert f"for {count} {'person' if count == '1' else 'people'}" in user  # its noun agrees with it
    frame = new["turns"][1]["frames"][0]
    assert frame["service_call"]["parameters"] == {"restaurant_name": "Rumi's Kitchen", "city": "Fremont",
                                                   "party_size": count, "date": "2019-03-08"}
    assert frame["service_results"] == [{"restaurant_name": "Rumi's Kitchen", "city": "Fremont",
                                         "date": "2019-03-08"}]
    assert [reply[start:end] for _, start, end in frame["spans"]] == ["Rumi's Kitchen", "Fremont", "next Friday"]
    assert new["turns"][0]["frames"][0]["slot_values"]["date"] == ["next Friday"]  # a date said bare stays bare
    for text in (user, reply):
        assert not re.search(r"Sushi|Oakland|today|\b2\b", text)


def test_a_value_that_cannot_be_replaced_everywhere_skips_the_dialogue():
    # the writer named the city again outside its span: it would still say Oakland
    system = "Please confirm: a table for 2 at Sushi Zone in Oakland today. Oakland is lovely."
    assert swapped(_dialogue(system), _pool(SMALL)) is None
    # a capitalised word of the writer's just before a value ("the Fillmore Philadelphia", "Honda Accord")
    system = "Please confirm: a table for 2 at Big Sushi Zone in Oakland today."
    assert swapped(_dialogue(system), _pool(SMALL)) is None
    # a count said twice in one turn has no single place to go
    system = "Please confirm: a table for 2 at Sushi Zone in Oakland today, 2 people."
    assert swapped(_dialogue(system), _pool(SMALL)) is None
    # no other value of the slot: nothing to put in
    system = "Please confirm: a table for 2 at Sushi Zone in Oakland today."
    smaller = {key: value for key, value in SMALL.items() if key[1] != "city"}
    assert swapped(_dialogue(system), _pool(smaller)) is None


def test_dev_dialogues_swap_with_dev_values_only_and_leave_nothing_behind(pool):
    dev = [d for d in islice(dialogues(sgd_corpus_dir()), 400) if split_of(d["dialogue_id"]) == "dev"][:60]
    told = [(d, swapped(d, pool)) for d in dev]
    told = [(d, new) for d, new in told if new is not None]
    assert len(told) >= len(dev) // 2
    for old, new in told:
        assert leftovers(old, new, pool) == []
        for after in new["turns"]:
            for frame in after.get("frames", []):
                for _slot, start, end in frame.get("spans", []):
                    said = after["utterance"][start:end]
                    assert said and said == said.strip()
        changed = sum(a["utterance"] != b["utterance"] for a, b in zip(old["turns"], new["turns"], strict=True))
        assert changed
    # every value the pool draws from is written by a dev dialogue's acts: no held-out dialogue is read
    written = {value for d in dialogues(sgd_corpus_dir()) if split_of(d["dialogue_id"]) == "dev"
               for t in d["turns"] for f in t.get("frames", []) for a in f.get("actions", [])
               for value in (*a.get("values", []), *a.get("canonical_values", []))}
    assert {canon for canons in pool.pairs.values() for canon in canons} <= written


def test_a_count_told_with_another_number_keeps_its_noun_in_agreement():
    # issue 29: "1 room ... staying 1 day" told with 6 read "6 room ... staying 6 day", a shape no one writes
    user = "Book Sushi Zone in Oakland for 1 person today."
    one = json.loads(json.dumps(_dialogue("Please confirm: a table for 1 person at Sushi Zone in Oakland today.",
                                          user=user)).replace('"2"', '"1"'))
    new = swapped(one, _pool(SMALL))
    assert new is not None
    user, reply = (turn["utterance"] for turn in new["turns"])
    count = re.search(r"for (\d)", reply).group(1)
    assert count != "1"
    assert f"for {count} people at Rumi's Kitchen" in reply and f"for {count} people next Friday" in user
    assert _agreeing_noun("staying 1 day", 8, 9, "6") == ((10, 13), "days")
    assert _agreeing_noun("for 3 people.", 4, 5, "1") == ((6, 12), "person")
    assert _agreeing_noun("2 Tickets", 0, 1, "one") == ((2, 9), "Ticket")
    assert _agreeing_noun("for 3 people.", 4, 5, "4") is None  # the number's agreement holds
    assert _agreeing_noun("at 1 pm", 3, 4, "6") is None  # no count noun after it


def test_the_first_split_draws_as_before_salts_and_a_salt_draws_anew():
    # salt 0 (`dev_swapped`) hashes exactly the parts it hashed before salts existed: its values, totals and held
    # turns stay what they were; any other salt hashes other bytes
    parts = ("1_00000", "city", "oakland")
    assert SALTS == {"dev_swapped": 0, "dev_swapped2": 2, "dev_swapped3": 3}
    assert _seed(*parts) == _seed(*parts, salt=0) == int(hashlib.sha256(b"1_00000|city|oakland").hexdigest()[:8], 16)
    assert _seed(*parts, salt=2) == int(hashlib.sha256(b"1_00000|city|oakland|salt=2").hexdigest()[:8], 16)
    assert len({_seed(*parts, salt=salt) for salt in SALTS.values()}) == len(SALTS)
    many = {("Restaurants_1", "restaurant_name"): {f"Place {n}": [f"Place {n}"] for n in range(40)},
            ("Restaurants_1", "city"): {f"Town {n}": [f"Town {n}"] for n in range(40)},
            ("Restaurants_1", "date"): SMALL[("Restaurants_1", "date")]}
    system = "Please confirm: a table for 2 at Sushi Zone in Oakland today."
    first, second, third = (swapped(_dialogue(system), _pool(many), salt) for salt in SALTS.values())
    assert first is not None and second is not None and third is not None
    assert swapped(_dialogue(system), _pool(many)) == first  # the default is the first split's draw
    said = [re.search(r"at (Place \d+) in (Town \d+)", told["turns"][1]["utterance"]).groups()
            for told in (first, second, third)]
    assert len(set(said)) == 3  # 40 places and 40 towns: two draws agreeing on both is a hash's 1 in 1,600


@pytest.mark.parametrize("split", ["dev_swapped2", "dev_swapped3"])
def test_another_draw_of_dev_dialogues_follows_the_same_rules_with_other_values(pool, split):
    dev = [d for d in islice(dialogues(sgd_corpus_dir()), 400) if split_of(d["dialogue_id"]) == "dev"][:60]
    told = [(d, swapped(d, pool, SALTS[split]), swapped(d, pool)) for d in dev]
    second = [(d, new, first) for d, new, first in told if new is not None]
    assert len(second) >= len(dev) // 2
    for old, new, _first in second:
        assert leftovers(old, new, pool) == []
        assert any(a["utterance"] != b["utterance"] for a, b in zip(old["turns"], new["turns"], strict=True))
    both = [(new, first) for _d, new, first in second if first is not None]
    other = sum(new != first for new, first in both)
    assert other >= 0.9 * len(both)  # another draw: nearly every dialogue is told with other values
