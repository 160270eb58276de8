"""The harness's oracle of values SGD's simulator states from no source (`tools.eval.sgd.unsourced_values`) and
the rule that counts a held true turn apart only when every held fact is such a value."""

from __future__ import annotations

from guards.contract import GuardInput
from tools.eval.guards import claims_only, claims_unexecuted, states_unsourced
from tools.eval.sgd import Turn, unsourced_values

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


def test_a_claim_is_counted_apart_with_its_own_status_word_only():
    assert claims_only({"effect_claim_without_effect": ["I have booked"], "unsupported_fact": ["booked"]})
    assert claims_only({"effect_claim_without_effect": ["I have reserved"]})
    assert not claims_only({"effect_claim_without_effect": ["I have booked"], "unsupported_fact": ["3 pm"]})
    assert not claims_only({"unsupported_fact": ["booked"]})


def _turn(acts: list[str], *, after_success: bool) -> Turn:
    frames = [{"actions": [{"act": act} for act in acts]}]
    return Turn("1_00000", 3, "dev", GuardInput(draft="", lang="en", currency="USD", org_kind="school"), frames, after_success=after_success)


def test_a_goodbye_after_an_earlier_success_is_no_unexecuted_claim():
    assert claims_unexecuted(_turn(["CONFIRM"], after_success=False))
    assert claims_unexecuted(_turn(["NOTIFY_FAILURE", "OFFER"], after_success=False))
    assert not claims_unexecuted(_turn(["GOODBYE"], after_success=True))
    assert not claims_unexecuted(_turn(["NOTIFY_SUCCESS"], after_success=False))


def test_a_near_name_is_one_letter_away_and_never_the_same_word_with_an_s():
    from tools.eval.mutations import NamePool, _near_name

    pool = NamePool()
    pool.values = {"stylist_name": ["Mara Lopez", "Marias", "The Alley", "Maria Inc"]}
    assert pool.near("Maria", set(), 0) == "mara"  # "marias" is the same name's plural, "inc" and "the" no names
    assert pool.near("Maria", {"mara"}, 0) is None  # the dialogue says it: no wrong name
    assert _near_name("Valley Dental", pool, {"words": set()}, (), 0) == "Alley Dental"
    assert _near_name("Valley Dental", pool, {"words": set()}, ("The Alley",), 0) is None  # a categorical value


def test_a_citys_nickname_is_no_wrong_name_for_its_city():
    from tools.eval.mutations import NamePool

    pool = NamePool()
    pool.values = {"city": ["NYC", "Philly", "Boston"]}
    assert pool.other("city", {"new", "york", "philadelphia"}, 0) == "Boston"
