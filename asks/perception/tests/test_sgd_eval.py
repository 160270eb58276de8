import gzip
import json

from asks.perception.sgd_eval import evaluate


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
    slots = result["slots"]
    assert (result["dialogues"], result["turns"]) == (2, 4)  # the repeated dialogue once; hotel turn skipped
    assert (slots["amount"]["tp"], slots["amount"]["fp"], slots["amount"]["fn"]) == (1, 0, 0)
    assert (slots["recipient"]["tp"], slots["recipient"]["fp"]) == (1, 1)  # "Tom" was not informed
    assert (slots["party_size"]["tp"], slots["party_size"]["fp"], slots["party_size"]["fn"]) == (1, 1, 1)
    assert slots["when-date"]["tp"] == slots["when-time"]["tp"] == 1
    assert slots["recipient"]["precision"] == 0.5


def test_evaluate_limit(tmp_path):
    _write_corpus(tmp_path)
    assert evaluate(tmp_path, 1)["dialogues"] == 1
