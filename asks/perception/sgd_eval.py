"""Measure the built-in perceiver on the SGD money and booking dialogues (train split).

For every USER turn with a frame of a mapped service (Banks_1 -> org "bank"; Restaurants_1, Events_1,
Events_2, Services_1..3 -> org "school"), the perceiver reads the utterance (lang "en", today
2019-03-01 12:00 America/Los_Angeles, currency USD). `asked_for` is the slot the previous system turn
REQUESTed, mapped like the gold (the agent knows what it asked). Gold is the INFORM actions of that turn:

    amount      Banks_1.amount (canonical dollars -> cents)
    recipient   Banks_1.recipient_account_name (case-insensitive)
    party_size  Restaurants_1.party_size, Events_1.number_of_seats, Events_2.number_of_tickets
    when-date   Restaurants_1.date, Events_*.date, Services_*.appointment_date (canonical YYYY-MM-DD)
    when-time   Restaurants_1.time, Services_*.appointment_time (canonical HH:MM)

Per turn and slot type: a predicted value equal to a gold value is a TP; a different one is a FP and a
FN; a prediction with no gold is a FP; gold with no prediction is a FN. Turns whose frames are all of
other services (Hotels, Media, ...) are not scored. A dialogue in both files is scored once.

    python -m asks.perception.sgd_eval --corpus /work/shared/corpora/sgd [--limit N] [--json]
"""

import argparse
import gzip
import json
import time
from collections import Counter
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from asks.perception.builtin import perceive
from asks.perception.contract import OrgKind, Perception

TZ = "America/Los_Angeles"
NOW = datetime(2019, 3, 1, 12, 0, tzinfo=ZoneInfo(TZ))
SLOT_TYPES = ("amount", "recipient", "party_size", "when-date", "when-time")
ORG_BY_SERVICE: dict[str, OrgKind] = {
    "Banks_1": "bank", "Restaurants_1": "school", "Events_1": "school", "Events_2": "school",
    "Services_1": "school", "Services_2": "school", "Services_3": "school",
}
GOLD_SLOTS: dict[str, dict[str, str]] = {
    "Banks_1": {"amount": "amount", "recipient_account_name": "recipient"},
    "Restaurants_1": {"party_size": "party_size", "date": "when-date", "time": "when-time"},
    "Events_1": {"number_of_seats": "party_size", "date": "when-date"},
    "Events_2": {"number_of_tickets": "party_size", "date": "when-date"},
    "Services_1": {"appointment_date": "when-date", "appointment_time": "when-time"},
    "Services_2": {"appointment_date": "when-date", "appointment_time": "when-time"},
    "Services_3": {"appointment_date": "when-date", "appointment_time": "when-time"},
}
REPLIES_TO: dict[str, str] = {"amount": "amount", "recipient": "recipient", "party_size": "party_size",
                              "when-date": "when", "when-time": "when"}


def dialogues(corpus_dir: Path) -> Iterator[dict[str, Any]]:
    """Every dialogue of the money and booking files, each once."""
    seen: set[str] = set()
    with open(corpus_dir / "train-money.jsonl", encoding="utf-8") as money, \
            gzip.open(corpus_dir / "train-bookings.jsonl.gz", "rt", encoding="utf-8") as bookings:
        for handle in (money, bookings):
            for line in handle:
                dialogue = json.loads(line)
                if dialogue["dialogue_id"] not in seen:
                    seen.add(dialogue["dialogue_id"])
                    yield dialogue


def _canonical(action: dict[str, Any]) -> list[str]:
    """The canonical values of an action (the said values where SGD gives no canonical form)."""
    return action.get("canonical_values") or action["values"]


def _normalise_gold(slot_type: str, value: str) -> str:
    """Gold value in the perceiver's terms: cents, folded names, ints, YYYY-MM-DD, HH:MM."""
    if slot_type == "amount":
        return str(round(float(value.replace(",", "").lstrip("$")) * 100))
    if slot_type == "recipient":
        return value.strip().casefold()
    return value.strip()


def gold_of(turn: dict[str, Any]) -> tuple[OrgKind | None, dict[str, set[str]]]:
    """(organisation kind, slot type -> gold values) of a user turn; kind None if no mapped frame."""
    org: OrgKind | None = None
    gold: dict[str, set[str]] = {}
    for frame in turn.get("frames", []):
        service = frame["service"]
        if service not in ORG_BY_SERVICE:
            continue
        org = org or ORG_BY_SERVICE[service]
        for action in frame.get("actions", []):
            slot_type = GOLD_SLOTS[service].get(action.get("slot", ""))
            if action["act"] == "INFORM" and slot_type:
                values = {_normalise_gold(slot_type, v) for v in _canonical(action) if v != "dontcare"}
                if values:  # "dontcare" (any date will do) is no value to extract
                    gold.setdefault(slot_type, set()).update(values)
    return org, gold


def requested_slot(system_turn: dict[str, Any] | None) -> str | None:
    """The perceiver slot the system turn asked for (first mapped REQUEST), if any."""
    for frame in (system_turn or {}).get("frames", []):
        for action in frame.get("actions", []):
            slot_type = GOLD_SLOTS.get(frame["service"], {}).get(action.get("slot", ""))
            if action["act"] == "REQUEST" and slot_type:
                return REPLIES_TO[slot_type]
    return None


def predicted(perception: Perception) -> dict[str, str]:
    """Slot type -> predicted value, in the gold's terms."""
    slots, out = perception.slots, {}
    if slots.amount:
        out["amount"] = str(slots.amount.amount_cents)
    if slots.recipient:
        out["recipient"] = slots.recipient.casefold()
    if slots.party_size:
        out["party_size"] = str(slots.party_size)
    if slots.when:
        if "T" in slots.when or "-" in slots.when[:10] and len(slots.when) == 10:
            out["when-date"] = slots.when[:10]
        if "T" in slots.when or ":" in slots.when[:3]:
            out["when-time"] = slots.when.split("T")[-1][:5]
    return out


def score(counts: dict[str, Counter[str]], gold: dict[str, set[str]], guess: dict[str, str]) -> None:
    """Add one turn's TP/FP/FN per slot type to `counts`."""
    for slot_type in SLOT_TYPES:
        truth, value = gold.get(slot_type), guess.get(slot_type)
        if value is not None and truth and value in truth:
            counts[slot_type]["tp"] += 1
            continue
        if value is not None:
            counts[slot_type]["fp"] += 1
        if truth:
            counts[slot_type]["fn"] += 1


def _figures(count: Counter[str]) -> dict[str, float | int]:
    """Precision, recall, F1 and the raw counts."""
    tp, fp, fn = count["tp"], count["fp"], count["fn"]
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": round(precision, 4), "recall": round(recall, 4), "f1": round(f1, 4), "tp": tp, "fp": fp, "fn": fn}


def evaluate(corpus_dir: Path, limit: int | None = None) -> dict[str, Any]:
    """Score the built-in perceiver on the first `limit` dialogues (all when None); see module docstring."""
    started = time.perf_counter()
    counts: dict[str, Counter[str]] = {slot_type: Counter() for slot_type in SLOT_TYPES}
    turns_scored = dialogues_seen = 0
    for dialogue in dialogues(corpus_dir):
        if limit is not None and dialogues_seen >= limit:
            break
        dialogues_seen += 1
        previous_system: dict[str, Any] | None = None
        for turn in dialogue["turns"]:
            if turn["speaker"] != "USER":
                previous_system = turn
                continue
            org, gold = gold_of(turn)
            if org is None:
                continue
            perception = perceive(turn["utterance"], lang="en", org_kind=org, now=NOW, tz=TZ, currency="USD",
                                  asked_for=requested_slot(previous_system))
            score(counts, gold, predicted(perception))
            turns_scored += 1
    return {
        "dialogues": dialogues_seen,
        "turns": turns_scored,
        "seconds": round(time.perf_counter() - started, 2),
        "slots": {slot_type: _figures(count) for slot_type, count in counts.items()},
    }


def _print_table(result: dict[str, Any]) -> None:
    """Human-readable report."""
    print(f"{result['dialogues']} dialogues, {result['turns']} user turns scored, {result['seconds']} s")
    print(f"{'slot':<11} {'P':>6} {'R':>6} {'F1':>6} {'TP':>6} {'FP':>6} {'FN':>6}")
    for slot_type, f in result["slots"].items():
        print(f"{slot_type:<11} {f['precision']:>6.3f} {f['recall']:>6.3f} {f['f1']:>6.3f} {f['tp']:>6} {f['fp']:>6} {f['fn']:>6}")


def main() -> None:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=Path("/work/shared/corpora/sgd"))
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = evaluate(args.corpus, args.limit)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        _print_table(result)


if __name__ == "__main__":
    main()
