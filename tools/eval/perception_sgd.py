"""Measure the built-in perceiver on every SGD dialogue file in a corpus folder, per split, per service group, per slot.

Every `*.jsonl` and `*.jsonl.gz` file of the folder is read (the train files handed out, and any dev/test files
put beside them), each dialogue once per split. For every USER turn, the perceiver reads the utterance (lang
"en", today 2019-03-01 12:00 America/Los_Angeles as in SGD, currency USD). `asked_for` is the slot the previous
system turn REQUESTed, mapped like the gold (the agent knows what it asked). Gold is the INFORM actions of that
turn, over the services' slots mapped below.

Services the perceiver was written against (`SEEN_SERVICES`, group "seen") keep their hand-made mapping:

    amount      Banks_1.amount (canonical dollars -> cents)
    recipient   Banks_1.recipient_account_name (case-insensitive)
    party_size  Restaurants_1.party_size, Events_1.number_of_seats, Events_2.number_of_tickets
    when-date   Restaurants_1.date, Events_*.date, Services_*.appointment_date (canonical YYYY-MM-DD)
    when-time   Restaurants_1.time, Services_*.appointment_time (canonical HH:MM)

Every other service (group "unseen": Buses, Flights, Hotels, Movies, RideSharing, RentalCars, Calendar,
Weather in train; Payment_1, Banks_2, Restaurants_2, Events_3, Services_4 ... in dev/test) is mapped by slot
name (`GENERIC_SLOTS`): `amount`/`transfer_amount`; `receiver`/`recipient_name`/`recipient_account_name`; party
counts (`number_of_seats`, `number_of_tickets`, `travelers`, `group_size`, `passengers`, `number_of_riders`,
`number_of_adults`, ...); any `*date` or `*time` slot, classified by the shape of its canonical value
(YYYY-MM-DD is a date, HH:MM a time). A service with an amount or recipient slot is read as a bank, any other
as a school. Services with no mapped slot (Media, Music, Travel) are not scored.

Per turn and slot type: a predicted value equal to a gold value is a TP; a different one is a FP and a FN; a
prediction with no gold is a FP; gold with no prediction is a FN. A turn counts in group "unseen" when one of
its mapped frames is of an unseen service, else in "seen".

    python -m tools.eval.perception_sgd [--corpus ../shared/corpora/sgd] [--limit N] [--by-service] [--json]
"""

import argparse
import gzip
import json
import re
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO
from zoneinfo import ZoneInfo

from asks.perception.builtin import perceive
from asks.perception.contract import OrgKind, Perception
from magie.corpora import sgd_corpus_dir

TZ = "America/Los_Angeles"
NOW = datetime(2019, 3, 1, 12, 0, tzinfo=ZoneInfo(TZ))
SLOT_TYPES = ("amount", "recipient", "party_size", "when-date", "when-time")
SEEN_SERVICES: dict[str, OrgKind] = {
    "Banks_1": "bank", "Restaurants_1": "school", "Events_1": "school", "Events_2": "school",
    "Services_1": "school", "Services_2": "school", "Services_3": "school",
}
SEEN_SLOTS: dict[str, dict[str, str]] = {
    "Banks_1": {"amount": "amount", "recipient_account_name": "recipient"},
    "Restaurants_1": {"party_size": "party_size", "date": "when-date", "time": "when-time"},
    "Events_1": {"number_of_seats": "party_size", "date": "when-date"},
    "Events_2": {"number_of_tickets": "party_size", "date": "when-date"},
    "Services_1": {"appointment_date": "when-date", "appointment_time": "when-time"},
    "Services_2": {"appointment_date": "when-date", "appointment_time": "when-time"},
    "Services_3": {"appointment_date": "when-date", "appointment_time": "when-time"},
}
GENERIC_SLOTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("amount", re.compile(r"(?:transfer_)?amount")),
    ("recipient", re.compile(r"receiver|recipient(?:_account)?_name")),
    ("party_size", re.compile(r"party_size|group_size|travelers|passengers|number_of_(?:seats|tickets|riders|adults"
                              r"|people|passengers|travelers|guests)")),
    ("when", re.compile(r"(?:\w+_)?(?:date|time)(?<!wait_time)(?<!duration)")),
)
REPLIES_TO: dict[str, str] = {"amount": "amount", "recipient": "recipient", "party_size": "party_size",
                              "when-date": "when", "when-time": "when", "when": "when"}
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_CLOCK = re.compile(r"\d{1,2}:\d{2}")


def _open(path: Path) -> TextIO:
    """A text handle on a plain or gzipped JSON-lines file."""
    if path.suffix == ".gz":
        return gzip.open(path, "rt", encoding="utf-8")
    return open(path, encoding="utf-8")


def corpus_files(corpus_dir: Path) -> list[Path]:
    """Every dialogue file of the folder, in name order."""
    return sorted(p for p in corpus_dir.iterdir() if p.name.endswith((".jsonl", ".jsonl.gz")))


def dialogues(corpus_dir: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    """(split, dialogue) for every dialogue of every file, each once per split (a multi-domain dialogue is in
    several files). The split is the record's own, else the file name's prefix ("dev-money.jsonl" -> "dev")."""
    seen: set[tuple[str, str]] = set()
    for path in corpus_files(corpus_dir):
        with _open(path) as handle:
            for line in handle:
                dialogue = json.loads(line)
                split = dialogue.get("split") or path.name.split("-")[0]
                if (split, dialogue["dialogue_id"]) not in seen:
                    seen.add((split, dialogue["dialogue_id"]))
                    yield split, dialogue


def slot_type_of(service: str, slot: str) -> str | None:
    """The perceiver slot type a service's slot is scored as ("when" is split by value shape), or None."""
    if service in SEEN_SLOTS:
        return SEEN_SLOTS[service].get(slot)
    return next((slot_type for slot_type, pattern in GENERIC_SLOTS if pattern.fullmatch(slot)), None)


def org_of(service: str, slots: set[str]) -> OrgKind:
    """The organisation kind a service reads as: a bank when it moves money to someone, else a school."""
    if service in SEEN_SERVICES:
        return SEEN_SERVICES[service]
    kinds = {slot_type_of(service, slot) for slot in slots}
    return "bank" if kinds & {"amount", "recipient"} else "school"


def _canonical(action: dict[str, Any]) -> list[str]:
    """The canonical values of an action (the said values where SGD gives no canonical form)."""
    return action.get("canonical_values") or action["values"]


def _normalise_gold(slot_type: str, value: str) -> tuple[str, str] | None:
    """(slot type, gold value in the perceiver's terms): cents, folded names, ints, YYYY-MM-DD, HH:MM; None when
    the value has no such form (a "when" that is neither a date nor a clock time, a count that is no number)."""
    value = value.strip()
    if slot_type == "amount":
        try:
            return slot_type, str(round(float(value.replace(",", "").lstrip("$")) * 100))
        except ValueError:
            return None
    if slot_type == "recipient":
        return slot_type, value.casefold()
    if slot_type == "party_size":
        return (slot_type, value) if value.isdigit() else None
    if slot_type == "when":
        if _ISO_DATE.fullmatch(value):
            return "when-date", value
        if _CLOCK.fullmatch(value):
            return "when-time", value.zfill(5)
        return None
    return slot_type, value


class _Services:
    """What the evaluation learns about services while reading: their slots (to tell scored from not)."""

    def __init__(self, corpus_dir: Path) -> None:
        self.slots: dict[str, set[str]] = defaultdict(set)
        for schema_file in corpus_dir.glob("*schemas.json"):
            for service in json.loads(schema_file.read_text(encoding="utf-8")):
                self.slots[service["service_name"]].update(slot["name"] for slot in service["slots"])

    def note(self, frame: dict[str, Any]) -> None:
        """Remember the slots a frame uses (for services the schema files do not describe)."""
        self.slots[frame["service"]].update(a["slot"] for a in frame.get("actions", []) if a.get("slot"))

    def scored(self, service: str) -> bool:
        """Whether the service has a slot the perceiver is scored on."""
        return service in SEEN_SERVICES or any(slot_type_of(service, s) for s in self.slots[service])


def gold_of(turn: dict[str, Any], services: _Services) -> tuple[OrgKind | None, str, dict[str, set[str]]]:
    """(organisation kind, group, slot type -> gold values) of a user turn; kind None if no scored frame."""
    org: OrgKind | None = None
    group = "seen"
    gold: dict[str, set[str]] = {}
    for frame in turn.get("frames", []):
        service = frame["service"]
        services.note(frame)
        if not services.scored(service):
            continue
        org = org or org_of(service, services.slots[service])
        group = group if service in SEEN_SERVICES else "unseen"
        for action in frame.get("actions", []):
            slot_type = slot_type_of(service, action.get("slot", ""))
            if action["act"] != "INFORM" or not slot_type:
                continue
            for value in _canonical(action):
                if value != "dontcare" and (normal := _normalise_gold(slot_type, value)):
                    gold.setdefault(normal[0], set()).add(normal[1])  # "dontcare" is no value to extract
    return org, group, gold


def requested_slot(system_turn: dict[str, Any] | None) -> str | None:
    """The perceiver slot the system turn asked for (first mapped REQUEST), if any."""
    for frame in (system_turn or {}).get("frames", []):
        for action in frame.get("actions", []):
            slot_type = slot_type_of(frame["service"], action.get("slot", ""))
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


def figures(count: Counter[str]) -> dict[str, float | int]:
    """Precision, recall, F1 and the raw counts."""
    tp, fp, fn = count["tp"], count["fp"], count["fn"]
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": round(precision, 4), "recall": round(recall, 4), "f1": round(f1, 4), "tp": tp, "fp": fp, "fn": fn}


def _empty() -> dict[str, Counter[str]]:
    return {slot_type: Counter() for slot_type in SLOT_TYPES}


def evaluate(corpus_dir: Path, limit: int | None = None) -> dict[str, Any]:
    """Score the built-in perceiver on the first `limit` dialogues (all when None); see module docstring.

    The result has `groups` ("<split>/seen", "<split>/unseen", "<split>/all"), each with its turn count and
    per-slot figures, and `services` with the same per service.
    """
    started = time.perf_counter()
    services = _Services(corpus_dir)
    groups: dict[str, dict[str, Counter[str]]] = defaultdict(_empty)
    by_service: dict[str, dict[str, Counter[str]]] = defaultdict(_empty)
    turns: Counter[str] = Counter()
    dialogues_seen = 0
    for split, dialogue in dialogues(corpus_dir):
        if limit is not None and dialogues_seen >= limit:
            break
        dialogues_seen += 1
        previous_system: dict[str, Any] | None = None
        for turn in dialogue["turns"]:
            if turn["speaker"] != "USER":
                previous_system = turn
                continue
            org, group, gold = gold_of(turn, services)
            if org is None:
                continue
            perception = perceive(turn["utterance"], lang="en", org_kind=org, now=NOW, tz=TZ, currency="USD",
                                  asked_for=requested_slot(previous_system))
            guess = predicted(perception)
            frames = {f["service"] for f in turn.get("frames", []) if services.scored(f["service"])}
            for key in (f"{split}/{group}", f"{split}/all", *(f"{split}/{s}" for s in frames)):
                score((by_service if key.split("/")[1] in frames else groups)[key], gold, guess)
                turns[key] += 1
    report = lambda table: {  # noqa: E731 - one shape for groups and services
        key: {"turns": turns[key], "slots": {t: figures(c) for t, c in counts.items()}} for key, counts in sorted(table.items())
    }
    return {"dialogues": dialogues_seen, "seconds": round(time.perf_counter() - started, 2),
            "groups": report(groups), "services": report(by_service)}


def _print_table(title: str, entry: dict[str, Any]) -> None:
    """One block of the human-readable report."""
    print(f"\n{title}: {entry['turns']} user turns")
    print(f"{'slot':<11} {'P':>6} {'R':>6} {'F1':>6} {'TP':>6} {'FP':>6} {'FN':>6}")
    for slot_type, f in entry["slots"].items():
        if f["tp"] + f["fp"] + f["fn"]:
            print(f"{slot_type:<11} {f['precision']:>6.3f} {f['recall']:>6.3f} {f['f1']:>6.3f} {f['tp']:>6} {f['fp']:>6} {f['fn']:>6}")


def main() -> None:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=sgd_corpus_dir())
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--by-service", action="store_true", help="also print one table per service")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = evaluate(args.corpus, args.limit)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{result['dialogues']} dialogues, {result['seconds']} s")
    for key, entry in result["groups"].items():
        _print_table(key, entry)
    if args.by_service:
        for key, entry in result["services"].items():
            _print_table(key, entry)


if __name__ == "__main__":
    main()
