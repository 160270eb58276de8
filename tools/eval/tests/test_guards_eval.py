"""The harness's oracle of values SGD's simulator states from no source (`tools.eval.sgd.unsourced_values`) and
the rule that counts a held true turn apart only when every held fact is such a value."""

from __future__ import annotations

from tools.eval.guards import states_unsourced
from tools.eval.sgd import unsourced_values

FRAMES = [{"actions": [{"act": "INFORM", "slot": "city", "values": ["San Francisco"]},
                       {"act": "INFORM", "slot": "phone_number", "values": ["510-238-1100"]},
                       {"act": "REQUEST", "slot": "date", "values": ["March 5th"]}]}]


def test_a_value_no_source_holds_is_unsourced():
    sources = {"510", "238", "1100", "salon", "booked"}
    assert unsourced_values(FRAMES, sources) == ("San Francisco",)


def test_a_value_a_source_holds_or_its_canonical_form_is_sourced():
    assert unsourced_values(FRAMES, {"san", "francisco", "510", "238", "1100"}) == ()
    frames = [{"actions": [{"act": "OFFER", "slot": "time", "values": ["5:30 pm"], "canonical_values": ["17:30"]}]}]
    assert unsourced_values(frames, {"17", "30"}) == ()


def test_a_turn_is_counted_apart_only_when_every_held_fact_is_unsourced():
    assert states_unsourced({"unsupported_fact": ["San Francisco"]}, ("San Francisco",))
    assert not states_unsourced({"unsupported_fact": ["San Francisco", "Oakland"]}, ("San Francisco",))
    assert not states_unsourced({"unsupported_fact": ["San Francisco"], "unsupported_amount": ["$50"]},
                                ("San Francisco",))
    assert not states_unsourced({"unsupported_fact": ["The Fillmore"]}, ("The Warfield",))  # "the" is no match
