"""The harness's oracles of values stated from no source (`tools.eval.sgd.unsourced_values`, SGD's acts;
`tools.eval.source_values`, numbers and times) and the rule that counts a held true turn apart only when every held
fact is such a value."""

from __future__ import annotations

import pytest

from guards.contract import GuardInput
from tools.eval.guards import claims_only, claims_unexecuted, states_unsourced, writers_text
from tools.eval.sgd import Turn, annotated_words, unsourced_values
from tools.eval.source_values import SourceValues

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


def _turn(acts: list[str], *, earlier: tuple[str, ...] = ()) -> Turn:
    frames = [{"actions": [{"act": act} for act in acts]}]
    inp = GuardInput(draft="", lang="en", currency="USD", org_kind="school", effects_earlier=earlier)
    return Turn("1_00000", 3, "dev", inp, frames, after_success=bool(earlier))


def test_a_goodbye_after_a_success_of_the_ask_in_scope_is_no_unexecuted_claim():
    assert claims_unexecuted(_turn(["CONFIRM"]))
    assert claims_unexecuted(_turn(["NOTIFY_FAILURE", "OFFER"]))
    assert not claims_unexecuted(_turn(["GOODBYE"], earlier=("buy_event_tickets",)))
    assert not claims_unexecuted(_turn(["NOTIFY_SUCCESS"]))
    # an earlier success of another Ask (tickets bought, then a flight searched): the goodbye's claim is unexecuted
    other = _turn(["GOODBYE"])
    other.after_success = True
    assert claims_unexecuted(other)


def test_a_near_name_is_one_letter_away_and_never_the_same_word_with_an_s():
    from tools.eval.mutations import NamePool, _near_name

    pool = NamePool()
    pool.values = {("Services_1", "stylist_name"): ["Mara Lopez", "Marias", "The Alley", "Maria Inc"]}
    assert pool.near("Maria", set(), 0) == "mara"  # "marias" is the same name's plural, "inc" and "the" no names
    assert pool.near("Maria", {"mara"}, 0) is None  # the dialogue says it: no wrong name
    assert _near_name("Valley Dental", pool, {"words": set()}, (), 0) == "Alley Dental"
    assert _near_name("Valley Dental", pool, {"words": set()}, ("The Alley",), 0) is None  # a categorical value


def test_a_citys_nickname_is_no_wrong_name_for_its_city():
    from tools.eval.mutations import NamePool

    pool = NamePool()
    pool.values = {("Hotels_1", "city"): ["NYC", "Philly", "Boston"]}
    assert pool.other("Hotels_1", "city", {"new", "york", "philadelphia"}, 0) == "Boston"


def _frame(service: str, slot: str, value: str) -> dict:
    return {"service": service, "actions": [{"act": "INFORM", "slot": slot, "values": [value]}]}


def test_a_wrong_name_is_drawn_from_the_same_services_slot_not_a_slot_of_that_name_in_another_service():
    from tools.eval.mutations import NamePool

    pool = NamePool()
    pool.add({"turns": [{"frames": [_frame("Calendar_1", "event_name", "Stylist visit")]},
                        {"frames": [_frame("Events_1", "event_name", "Mets Vs Braves")]}]})
    assert pool.other("Events_1", "event_name", set(), 0) == "Mets Vs Braves"  # never the calendar's description
    assert pool.other("Calendar_1", "event_name", set(), 0) == "Stylist visit"
    assert pool.other("Events_2", "event_name", set(), 0) is None  # no value of this service: no mutation


def test_a_splits_name_pool_holds_only_its_own_dialogues_names(tmp_path):
    import json

    from tools.eval.guards import name_pool
    from tools.eval.sgd import split_of

    ids = [f"1_{n:05d}" for n in range(40)]
    dev_id = next(i for i in ids if split_of(i) == "dev")
    held_id = next(i for i in ids if split_of(i) == "held_out")
    lines = [{"dialogue_id": dev_id, "turns": [{"frames": [_frame("Hotels_1", "hotel_name", "Dev Inn")]}]},
             {"dialogue_id": held_id, "turns": [{"frames": [_frame("Hotels_1", "hotel_name", "Held Lodge")]}]}]
    (tmp_path / "dev-sgd.jsonl").write_text("\n".join(json.dumps(line) for line in lines), encoding="utf-8")
    assert name_pool(tmp_path, "dev").values == {("Hotels_1", "hotel_name"): ["Dev Inn"]}
    assert name_pool(tmp_path, "held_out").values == {("Hotels_1", "hotel_name"): ["Held Lodge"]}
    assert len(name_pool(tmp_path, "all").values[("Hotels_1", "hotel_name")]) == 2


def _said(*texts: str) -> SourceValues:
    values = SourceValues()
    for text in texts:
        values.add(text)
    return values


def test_a_number_or_time_no_source_writes_is_unsourced():
    said = _said("When does the game begin?", "17:00", "Toronto Fc Vs Rapids", "1 ticket", "2019-03-06")
    assert said.states_unsourced_number("3 pm")  # "gates opening at 3 pm": no source writes 3 or 15:00
    assert not said.states_unsourced_number("5 pm")  # the result's 17:00
    assert not said.states_unsourced_number("1")
    assert not said.states_unsourced_number("Rapids")  # no number: the names' oracle's
    balance = _said("2443.48", "checking")
    assert balance.states_unsourced_number("$2,443.48.68")  # mistyped: that number is written nowhere
    assert not balance.states_unsourced_number("$2,443.48")
    assert _said("4.50", "4.30").states_unsourced_number("4.2 stars")
    assert not _said("4.30").states_unsourced_number("4.3 stars")


def test_a_value_said_in_another_form_is_sourced():
    assert not _said("120", "132").states_unsourced_number("$252")  # a sum of two
    assert not _said("Can you make it at quarter past 7 in the evening?").states_unsourced_number("7:15 pm")
    assert not _said("a table at seven").states_unsourced_number("7 pm")
    assert not _said("I need it at 5:15 in the evening").states_unsourced_number("5:15 pm")
    assert _said("I need it at 5:15 in the evening").states_unsourced_number("6:15 pm")


def test_a_turn_held_for_unsourced_numbers_is_counted_apart():
    said = _said("17:00", "1 ticket")
    assert states_unsourced({"unsupported_fact": ["3 pm"]}, (), said)
    assert states_unsourced({"unsupported_amount": ["$317"]}, (), said)
    assert not states_unsourced({"unsupported_fact": ["3 pm", "1"]}, (), said)
    assert not states_unsourced({"unsupported_fact": ["3 pm"], "effect_claim_without_effect": ["I booked"]}, (), said)


def test_names_in_no_annotation_of_the_dialogue_are_the_writers_text():
    dialogue = {"turns": [
        {"speaker": "USER", "utterance": "Any football games in Philadelphia?", "frames": []},
        {"speaker": "SYSTEM", "utterance": "There's the NFL game of Eagles vs Cowboys.", "frames": [
            {"actions": [{"act": "OFFER", "slot": "event_name", "values": ["Eagles vs Cowboys"]}],
             "service_call": {"method": "FindEvents", "parameters": {"city": "Philadelphia"}},
             "service_results": [{"event_name": "Eagles vs Cowboys", "venue": "Lincoln Financial Field"}]}]},
    ]}
    annotated = annotated_words(dialogue)
    assert {"philadelphia", "eagles", "lincoln"} <= annotated and "nfl" not in annotated  # no system utterance
    assert writers_text({"unsupported_fact": ["NFL"]}, annotated)
    assert writers_text({"unsupported_fact": ["Daenerys Targaryen"]}, annotated)
    # a word some annotation holds, words of the language (a common word misread?), a number: not set apart
    assert not writers_text({"unsupported_fact": ["Eagles Nest"]}, annotated)
    assert not writers_text({"unsupported_fact": ["Best Blues Album"]}, annotated)
    assert not writers_text({"unsupported_fact": ["Zipcode"]}, annotated)  # two words run together
    assert not writers_text({"unsupported_fact": ["15 min"]}, annotated)
    # another guard's hold, or one fact of several that is no writer's name: not set apart
    assert not writers_text({"unsupported_fact": ["NFL"], "internal_vocabulary": ["json"]}, annotated)
    assert not writers_text({"unsupported_fact": ["NFL", "Liquor"]}, annotated)


def test_the_asks_missing_slots_come_from_the_dialogue_state_not_the_system_turns_acts(tmp_path):
    import json

    from guards.contract import AskSlot
    from tools.eval.sgd import Corpus

    slots = [{"name": "cuisine", "is_categorical": False}, {"name": "city", "is_categorical": False},
             {"name": "restaurant_name", "is_categorical": False},
             {"name": "price_range", "is_categorical": True, "possible_values": ["cheap", "pricey"]},
             {"name": "party_size", "is_categorical": True, "possible_values": ["1", "2", "3"]}]
    schema = [{"service_name": "Restaurants_1", "slots": slots, "intents": [
        {"name": "FindRestaurants", "required_slots": ["cuisine", "city"], "optional_slots": {}},
        {"name": "ReserveRestaurant", "required_slots": ["restaurant_name", "city"], "optional_slots": {}}]}]
    (tmp_path / "train-schemas.json").write_text(json.dumps(schema), encoding="utf-8")

    def user(text: str, intent: str, **values: str) -> dict:
        return {"speaker": "USER", "utterance": text, "frames": [
            {"service": "Restaurants_1", "active_intent": intent, "actions": [],
             "slot_values": {slot: [value] for slot, value in values.items()}}]}

    def system(text: str, requested: str) -> dict:  # the act names the slot asked: the harness must not read it
        return {"speaker": "SYSTEM", "utterance": text, "frames": [
            {"service": "Restaurants_1", "actions": [{"act": "REQUEST", "slot": requested, "values": []}]}]}

    dialogue = {"dialogue_id": "1_00001", "services": ["Restaurants_1"], "turns": [
        user("Find me a place to eat in Fresno.", "FindRestaurants", city="Fresno"),
        system("Burrito, Tex-Mex or something else?", "city"),
        user("Tex-Mex, please.", "FindRestaurants", city="Fresno", cuisine="Tex-Mex"),
        system("Anything else?", "cuisine"),
        user("Book one.", "ReserveRestaurant", city="Fresno"),
        system("Which restaurant?", "cuisine")]}
    for number, turn in enumerate(dialogue["turns"]):
        turn["turn"] = number
    (tmp_path / "train-sgd.jsonl").write_text(json.dumps(dialogue), encoding="utf-8")
    corpus = Corpus(tmp_path)
    missing = [turn.inp.missing_slots for turn in corpus.dialogue_turns(dialogue)]
    assert missing == [(AskSlot("cuisine", "kind"),), (), (AskSlot("restaurant_name", "name"),)]
    assert corpus.slot_holds("Restaurants_1", "price_range") == "kind"  # categorical, of words
    assert corpus.slot_holds("Restaurants_1", "party_size") == "value"  # categorical, of digits


@pytest.mark.django_db
def test_the_misreadings_left_are_counted_by_what_held_them_and_by_dialogue():
    """A held true turn no group sets apart counts under what held it (`unsupported_fact` by its facts' kinds), once a
    turn, and its dialogue once; a turn that passes counts nowhere."""
    from guards.evidence import Evidence
    from guards.tests.helpers import make, output
    from tools.eval.guards import Run

    results = output("find_restaurants", [{"restaurant_name": "Koja Kitchen", "city": "Oakland"}],
                     evidence=Evidence(names=("restaurant_name", "city")))
    run = Run(0)
    for turn, draft in enumerate(("Koja Kitchen in Oakland is a nice place.", "Koja Kitchen in Oakland is a nice place.",
                                  "Sushi Zen in Oakland is a nice place.", "Sushi Zen in Berkeley is a nice place.")):
        run.true_turn("dev", "en", make(draft, org_kind="store", tool_outputs=(results,)), f"sgd 1_0000{turn // 3}#{turn}")
    assert run.rest_by_kind == {("dev", "unsupported_fact:name"): 2}
    assert run.rest_dialogues == {"dev": {"sgd 1_00000", "sgd 1_00001"}}
    row = run.summary()["splits"]["dev"]
    assert (row["false_alarms"], row["rest_by_kind"], row["rest_dialogues"]) == (2, {"unsupported_fact:name": 2}, 2)
