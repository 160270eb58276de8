import gzip
import json

from tools.eval.perception_sgd import evaluate


def _turn(speaker, utterance, service, actions):
    return {"speaker": speaker, "utterance": utterance, "frames": [{"service": service, "actions": actions}]}


def _write_corpus(path):
    money = {"dialogue_id": "1_00001", "turns": [
        _turn("USER", "Please transfer $780 to Sanuj.", "Banks_1", [
            {"act": "INFORM", "slot": "amount", "values": ["$780"], "canonical_values": ["780"]},
            {"act": "INFORM", "slot": "recipient_account_name", "values": ["Sanuj"]}]),
        _turn("SYSTEM", "Which account?", "Banks_1", [{"act": "REQUEST", "slot": "account_type", "values": []}]),
        _turn("USER", "Send it to Tom, checking.", "Banks_1", [{"act": "INFORM", "slot": "account_type", "values": ["checking"]}]),
    ]}
    booking = {"dialogue_id": "2_00001", "turns": [
        _turn("USER", "A table for 2 tomorrow at 6 pm", "Restaurants_1", [
            {"act": "INFORM", "slot": "party_size", "values": ["2"]},
            {"act": "INFORM", "slot": "date", "values": ["tomorrow"], "canonical_values": ["2019-03-02"]},
            {"act": "INFORM", "slot": "time", "values": ["6 pm"], "canonical_values": ["18:00"]}]),
        _turn("SYSTEM", "How many tickets?", "Events_2", [{"act": "REQUEST", "slot": "number_of_tickets", "values": []}]),
        _turn("USER", "Three.", "Events_2", [{"act": "INFORM", "slot": "number_of_tickets", "values": ["4"]}]),
        _turn("USER", "Any hotels for the 5th?", "Hotels_1", []),
    ]}
    (path / "train-money.jsonl").write_text(json.dumps(money) + "\n", encoding="utf-8")
    with gzip.open(path / "train-bookings.jsonl.gz", "wt", encoding="utf-8") as handle:
        handle.write(json.dumps(booking) + "\n" + json.dumps(money) + "\n")


def test_evaluate_counts_per_slot(tmp_path):
    _write_corpus(tmp_path)
    result = evaluate(tmp_path, None)
    seen = result["groups"]["train/seen"]
    slots = seen["slots"]
    assert (result["dialogues"], seen["turns"]) == (2, 4)  # the repeated dialogue once; hotel turn skipped
    assert (slots["amount"]["tp"], slots["amount"]["fp"], slots["amount"]["fn"]) == (1, 0, 0)
    assert (slots["recipient"]["tp"], slots["recipient"]["fp"]) == (1, 1)  # "Tom" was not informed
    assert (slots["party_size"]["tp"], slots["party_size"]["fp"], slots["party_size"]["fn"]) == (1, 1, 1)
    assert slots["when-date"]["tp"] == slots["when-time"]["tp"] == 1
    assert slots["recipient"]["precision"] == 0.5


def test_evaluate_limit(tmp_path):
    _write_corpus(tmp_path)
    assert evaluate(tmp_path, 1)["dialogues"] == 1


def test_every_split_and_unseen_service_is_scored_by_slot_name(tmp_path):
    _write_corpus(tmp_path)
    payment = {"dialogue_id": "9_00001", "split": "dev", "turns": [
        _turn("USER", "I need to pay Rachel back.", "Payment_1", [
            {"act": "INFORM", "slot": "receiver", "values": ["Rachel"]}]),
        _turn("SYSTEM", "How much?", "Payment_1", [{"act": "REQUEST", "slot": "amount", "values": []}]),
        _turn("USER", "Send 45 dollars please.", "Payment_1", [
            {"act": "INFORM", "slot": "amount", "values": ["45 dollars"], "canonical_values": ["45"]}]),
        _turn("USER", "Two of us, leaving later today at 5 pm.", "Buses_2", [
            {"act": "INFORM", "slot": "group_size", "values": ["2"]},
            {"act": "INFORM", "slot": "departure_date", "values": ["later today"], "canonical_values": ["2019-03-01"]},
            {"act": "INFORM", "slot": "departure_time", "values": ["5 pm"], "canonical_values": ["17:00"]}]),
        _turn("USER", "Play something by Adele.", "Music_2", [{"act": "INFORM", "slot": "artist", "values": ["Adele"]}]),
    ]}
    (tmp_path / "dev-money.jsonl").write_text(json.dumps(payment) + "\n", encoding="utf-8")
    result = evaluate(tmp_path, None)
    unseen = result["groups"]["dev/unseen"]
    assert unseen["turns"] == 3  # the music turn has no scored slot
    assert {slot: unseen["slots"][slot]["tp"] for slot in ("recipient", "amount", "party_size", "when-date", "when-time")} == {
        "recipient": 1, "amount": 1, "party_size": 1, "when-date": 1, "when-time": 1}
    assert result["services"]["dev/Payment_1"]["turns"] == 2
    assert result["groups"]["train/seen"]["turns"] == 4  # the train split is scored apart, as before
