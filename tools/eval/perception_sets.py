"""Measure the built-in perceiver (and per-message language detection) on the hand-written sets in `sets/`.

`sets/<lang>.jsonl` holds realistic WhatsApp-style customer turns written by people for the demo bank, school
and store, one JSON object a line: `org` (bank | school | store), `text`, optional `asked` (the slot the agent
had just asked for), `kind` (the request kind a reader sees, or null) and `gold` (every slot the message says;
a slot left out must not be perceived). Gold values: `amount` in cents of the organisation's currency (or of
`currency` when given), `recipient`, `pix_key` as "type:value" in normal form, `date` (YYYY-MM-DD), `time`
(HH:MM), `party_size`, `activity` (a slug of `perception_turns/catalogue.json`, or the word when the school offers no such
activity), `product`, `device_model`, `capacity_gb`, `battery_health`. A value may be a list of acceptable
readings ("Samsung" or "Samsung phones").

Every turn is read in its file's language, at Wednesday 2026-03-04 12:00 in the organisation's time zone (bank
America/Sao_Paulo BRL, school Europe/Andorra EUR, store America/Argentina/Buenos_Aires ARS, as the demo data).
Per slot, like `perception_sgd`: equal to a gold value is a TP; different is a FP and a FN; predicted with no gold a
FP; gold not predicted a FN. Names and products compare case- and accent-insensitively; an activity compares
by the catalogue activity it resolves to.

`sets/heldout/` holds more turns of the same kind, written after the perceiver's fixes were made against
`sets/` and never used to tune it: its figures are the honest ones. Both are printed by default.

Language detection (`language.detect.detect_language`) is measured on the same turns: each turn's language is
its file's; allowed are the four languages, the fallback is the organisation's own (pt-BR, ca, es).

    python -m tools.eval.perception_sets [--sets DIR ...] [--lang pt-BR] [--misses] [--no-detect] [--json]
"""

import argparse
import json
import time
from collections import Counter, defaultdict
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from asks.perception.builtin import perceive
from asks.perception.contract import Perception
from language.locales import LANGS
from language.text import fold
from tools.eval.perception_sgd import figures

SETS_DIR = Path(__file__).with_name("perception_turns")
HELDOUT_DIR = SETS_DIR / "heldout"
SLOT_TYPES = ("kind", "amount", "recipient", "pix_key", "date", "time", "party_size", "activity", "product",
              "device_model", "capacity_gb", "battery_health")
ORGS: dict[str, dict[str, str]] = {
    "bank": {"tz": "America/Sao_Paulo", "currency": "BRL", "lang": "pt-BR"},
    "school": {"tz": "Europe/Andorra", "currency": "EUR", "lang": "ca"},
    "store": {"tz": "America/Argentina/Buenos_Aires", "currency": "ARS", "lang": "es"},
}
LOCAL_NOON = (2026, 3, 4, 12, 0)


def load_sets(sets_dir: Path) -> list[dict[str, Any]]:
    """Every turn of every `<lang>.jsonl` in `sets_dir`, with its `lang`."""
    turns = []
    for lang in LANGS:
        path = sets_dir / f"{lang}.jsonl"
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    turns.append(json.loads(line) | {"lang": lang})
    return turns


class _Activities:
    """Resolves an activity word to a catalogue slug the way `booking.selectors.activity_resolve` does."""

    def __init__(self, sets_dir: Path) -> None:
        catalogue = json.loads((sets_dir / "catalogue.json").read_text(encoding="utf-8"))
        self.names = {slug: [fold(n) for n in names] for slug, names in catalogue["activities"].items()}

    def resolve(self, text: str) -> str:
        wanted = fold(text).strip()
        for slug, names in self.names.items():
            if wanted == slug or any(wanted == n or wanted in n.split() or n.startswith(wanted) for n in names):
                return slug
        return wanted


def _norm(slot_type: str, value: Any, activities: _Activities) -> str:
    """One value in comparable form."""
    if slot_type == "activity":
        return activities.resolve(str(value))
    if slot_type in ("recipient", "product", "device_model"):
        return " ".join(fold(str(value)).split())
    return str(value)


def predicted(perception: Perception, org: str) -> dict[str, str]:
    """Slot type -> predicted value in the gold's terms."""
    slots = perception.slots
    out: dict[str, str] = {}
    if perception.request_kind:
        out["kind"] = perception.request_kind
    if slots.amount:
        default = ORGS[org]["currency"]
        out["amount"] = f"{slots.amount.amount_cents}" + ("" if slots.amount.currency == default else f" {slots.amount.currency}")
    if slots.pix_key:
        out["pix_key"] = f"{slots.pix_key.type}:{slots.pix_key.value}"
    if slots.when:
        when = slots.when
        if len(when) == 10 or "T" in when:
            out["date"] = when[:10]
        if "T" in when or ":" in when[:3]:
            out["time"] = when.split("T")[-1][:5]
    for name in ("recipient", "party_size", "activity", "product", "device_model", "capacity_gb", "battery_health"):
        if (value := getattr(slots, name)) is not None:
            out[name] = str(value)
    return out


def gold_of(turn: dict[str, Any]) -> dict[str, list[Any]]:
    """Slot type -> acceptable gold values of a turn."""
    gold: dict[str, list[Any]] = {}
    for name, value in turn["gold"].items():
        if name == "currency":
            continue
        values = value if isinstance(value, list) else [value]
        if name == "amount" and "currency" in turn["gold"]:
            values = [f"{v} {turn['gold']['currency']}" for v in values]
        gold[name] = values
    if turn.get("kind"):
        gold["kind"] = [turn["kind"]]
    return gold


def perceive_turn(turn: dict[str, Any]) -> Perception:
    """The built-in perceiver on one set turn, in the turn's language and its organisation's setting."""
    org = ORGS[turn["org"]]
    now = datetime(*LOCAL_NOON, tzinfo=ZoneInfo(org["tz"]))
    return perceive(turn["text"], lang=turn["lang"], org_kind=turn["org"], now=now, tz=org["tz"],
                    currency=org["currency"], asked_for=turn.get("asked"))


def evaluate(sets_dir: Path = SETS_DIR, lang: str | None = None, detect: bool = True) -> dict[str, Any]:
    """Per-slot figures by language and over all sets, the misses, and language-detection accuracy."""
    activities = _Activities(sets_dir)
    counts: dict[str, dict[str, Counter[str]]] = defaultdict(lambda: {t: Counter() for t in SLOT_TYPES})
    misses: list[dict[str, Any]] = []
    turns = [t for t in load_sets(sets_dir) if lang is None or t["lang"] == lang]
    started = time.perf_counter()
    for turn in turns:
        gold = {k: {_norm(k, v, activities) for v in vs} for k, vs in gold_of(turn).items()}
        guess = {k: _norm(k, v, activities) for k, v in predicted(perceive_turn(turn), turn["org"]).items()}
        wrong = {}
        for slot_type in SLOT_TYPES:
            truth, value = gold.get(slot_type), guess.get(slot_type)
            for key in (turn["lang"], f"{turn['lang']}/{turn['org']}", "all"):
                tally = counts[key][slot_type]
                if value is not None and truth and value in truth:
                    tally["tp"] += 1
                    continue
                tally["fp"] += value is not None
                tally["fn"] += bool(truth)
            if (value is not None or truth) and not (truth and value in truth):
                wrong[slot_type] = {"gold": sorted(truth or []), "got": value}
        if wrong:
            misses.append({"lang": turn["lang"], "org": turn["org"], "text": turn["text"], "wrong": wrong})
    seconds = time.perf_counter() - started
    return {
        "turns": len(turns),
        "seconds": round(seconds, 3),
        "groups": {key: {t: figures(c) for t, c in table.items()} for key, table in sorted(counts.items())},
        "turns_by_group": dict(Counter(k for t in turns for k in (t["lang"], f"{t['lang']}/{t['org']}", "all"))),
        "misses": misses,
        "detection": detection_accuracy(turns) if detect else {},
    }


def detection_accuracy(turns: list[dict[str, Any]]) -> dict[str, Any]:
    """How often `detect_language` names each turn's language, allowed the four languages, in two settings: the
    customer's first message (fallback: the organisation's language) and an ongoing chat (fallback: the customer's
    own language, so only a wrong switch is an error); "short" are the turns of at most three words."""
    from language.detect import detect_language  # here, so the perceiver figures do not need the detector

    right: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for turn in turns:
        short = len(turn["text"].split()) <= 3
        for setting, fallback in (("first", ORGS[turn["org"]]["lang"]), ("ongoing", turn["lang"])):
            got = detect_language(turn["text"], allowed=LANGS, fallback=fallback, first=setting == "first")
            for key in (turn["lang"], "all", *(("short",) if short else ())):
                total[f"{setting}/{key}"] += 1
                right[f"{setting}/{key}"] += got == turn["lang"]
    return {key: {"turns": total[key], "correct": right[key], "accuracy": round(right[key] / total[key], 4)}
            for key in sorted(total)}


def _print(result: dict[str, Any], show_misses: bool) -> None:
    """Human-readable report."""
    print(f"{result['turns']} turns, {result['seconds']} s")
    for key, table in result["groups"].items():
        if "/" in key:
            continue
        print(f"\n{key}: {result['turns_by_group'][key]} turns")
        print(f"{'slot':<15} {'P':>6} {'R':>6} {'F1':>6} {'TP':>5} {'FP':>5} {'FN':>5}")
        for slot_type, f in table.items():
            if f["tp"] + f["fp"] + f["fn"]:
                print(f"{slot_type:<15} {f['precision']:>6.3f} {f['recall']:>6.3f} {f['f1']:>6.3f} {f['tp']:>5} {f['fp']:>5} {f['fn']:>5}")
    if result["detection"]:
        print("\nlanguage detection, allowed pt-BR es ca en; first message: fallback the organisation's language;"
              " ongoing: fallback the customer's own")
        for key, row in result["detection"].items():
            print(f"{key:<14} {row['correct']:>4}/{row['turns']:<4} {row['accuracy']:.3f}")
    if show_misses:
        print("\nmisses:")
        for miss in result["misses"]:
            print(f"  [{miss['lang']} {miss['org']}] {miss['text']!r}: {miss['wrong']}")


def main() -> None:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=Path, nargs="+", default=[SETS_DIR, HELDOUT_DIR])
    parser.add_argument("--lang", choices=LANGS, default=None)
    parser.add_argument("--misses", action="store_true", help="list every turn with a wrong slot")
    parser.add_argument("--no-detect", action="store_true", help="leave language detection out")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = {str(path): evaluate(path, args.lang, detect=not args.no_detect) for path in args.sets}
    if args.json:
        print(json.dumps(results, indent=2, ensure_ascii=False))
        return
    for path, result in results.items():
        print(f"=== {path}")
        _print(result, args.misses)
        print()


if __name__ == "__main__":
    main()
