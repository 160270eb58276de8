"""Calibrate the guards on real dialogues: the SGD train corpus (see /work/shared/corpora/sgd/README.md).

Each SYSTEM turn is a draft. Its tool outputs are the `service_results` of every frame up to and including that
turn; its history is every earlier USER ("customer") and SYSTEM ("bot") utterance of the dialogue; lang "en",
currency USD; org kind "bank" for a `Banks_1` dialogue, "school" otherwise; `effects_executed` are the
transactional service calls made up to that turn (TransferMoney → send_pix, ReserveRestaurant, BuyEventTickets,
BookAppointment → create_booking, any other transactional intent of the schema → its snake_case name) and
`tools_available` is a fixed realistic tool list per org kind.

Plain Python (no Django, no database): the management command and bench/guards_bench.py both call it.
"""

from __future__ import annotations

import gzip
import json
import re
import statistics
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Iterable, Iterator

from guards.checks.amounts import combinations_of, mention_hundredths, supported_values
from guards.contract import GuardInput, HistoryItem, ToolOutput, ToolSpec
from guards.registry import registered
from language.money import find_amounts, format_money

GUARD_DEADLINE_S = 1.0  # per guard and turn during calibration (the budget of a turn, generously)
EFFECT_TOOLS = {"TransferMoney": "send_pix", "ReserveRestaurant": "create_booking",
                "BuyEventTickets": "create_booking", "BookAppointment": "create_booking"}
KNOWN_TRANSACTIONAL = frozenset(EFFECT_TOOLS)
TOOLS_AVAILABLE: dict[str, tuple[ToolSpec, ...]] = {
    "bank": (ToolSpec("check_balance", ("account_type",)),
             ToolSpec("send_pix", ("amount", "recipient", "pix_key", "account_type", "recipient_account_type",
                                   "scheduled_for")),
             ToolSpec("list_transfers", ("since", "until"))),
    "school": (ToolSpec("search_slots", ("activity", "city", "date", "time", "party_size", "level")),
               ToolSpec("create_booking", ("slot_ref", "date", "time", "party_size", "customer_name")),
               ToolSpec("cancel_booking", ("booking_ref",))),
    "store": (ToolSpec("search_catalog", ("query", "capacity_gb", "max_price_cents")),
              ToolSpec("quote_used_device", ("device_model", "capacity_gb", "battery_health")),
              ToolSpec("reserve_product", ("product_ref", "quantity"))),
}


@dataclass(frozen=True)
class Case:
    dialogue_id: str
    turn: int
    inp: GuardInput


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def corpus_files(path: Path) -> list[Path]:
    if path.is_dir():
        return sorted(p for p in path.iterdir() if p.name.endswith((".jsonl", ".jsonl.gz")))
    return [path]


def transactional_intents(path: Path) -> frozenset[str]:
    """Transactional intents of the schema next to the corpus (train-schemas.json), plus the four known ones."""
    folder = path if path.is_dir() else path.parent
    found = set(KNOWN_TRANSACTIONAL)
    for schema in folder.glob("*schemas.json"):
        for service in json.loads(schema.read_text(encoding="utf-8")):
            found |= {i["name"] for i in service.get("intents", []) if i.get("is_transactional")}
    return frozenset(found)


def dialogues(path: Path) -> Iterator[dict]:
    """Every dialogue of the corpus file(s), once each (a multi-domain dialogue is in both files)."""
    seen: set[str] = set()
    for file in corpus_files(path):
        opener = gzip.open if file.name.endswith(".gz") else open
        with opener(file, "rt", encoding="utf-8") as lines:
            for line in lines:
                if line.strip():
                    dialogue = json.loads(line)
                    if dialogue["dialogue_id"] not in seen:
                        seen.add(dialogue["dialogue_id"])
                        yield dialogue


def dialogue_cases(dialogue: dict, transactional: frozenset[str]) -> Iterator[Case]:
    org_kind = "bank" if "Banks_1" in dialogue.get("services", []) else "school"
    history: list[HistoryItem] = []
    outputs: list[ToolOutput] = []
    effects: list[str] = []
    for turn in dialogue["turns"]:
        if turn["speaker"] == "SYSTEM":
            for frame in turn.get("frames", []):
                call = frame.get("service_call")
                if not call:
                    continue
                method = call["method"]
                if method in transactional:
                    effects.append(EFFECT_TOOLS.get(method, _snake(method)))
                if "service_results" in frame:
                    outputs.append(ToolOutput(tool=_snake(method), ok=True, data=frame["service_results"]))
            yield Case(dialogue["dialogue_id"], turn["turn"], GuardInput(
                draft=turn["utterance"], lang="en", currency="USD", org_kind=org_kind, tool_outputs=tuple(outputs),
                history=tuple(history), effects_executed=tuple(dict.fromkeys(effects)),
                tools_available=TOOLS_AVAILABLE[org_kind]))
        history.append(HistoryItem("customer" if turn["speaker"] == "USER" else "bot", turn["utterance"]))


def cases(path: Path, limit: int | None = None) -> Iterator[Case]:
    """System turns of the corpus as guard inputs; `limit` counts dialogues."""
    transactional = transactional_intents(path)
    for index, dialogue in enumerate(dialogues(path)):
        if limit is not None and index >= limit:
            return
        yield from dialogue_cases(dialogue, transactional)


@dataclass
class GuardStats:
    checked: int = 0
    rejected: int = 0
    times_ms: list[float] = field(default_factory=list)
    examples: list[dict] = field(default_factory=list)

    def summary(self) -> dict:
        ordered = sorted(self.times_ms) or [0.0]
        return {"checked": self.checked, "rejected": self.rejected,
                "rate": self.rejected / self.checked if self.checked else 0.0,
                "p50_ms": statistics.median(ordered), "p99_ms": ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))],
                "max_ms": ordered[-1], "examples": self.examples}


def mutate(inp: GuardInput) -> GuardInput | None:
    """`inp` with its first money amount replaced by one found in no source (value × 7 + 13, then + 1 until it is
    neither supported nor a bounded sum/difference of supported values); None if the draft has no amount."""
    amounts = find_amounts(inp.draft, inp.lang, inp.currency)
    if not amounts:
        return None
    support = supported_values(inp, time.monotonic() + 10)
    taken = set(support.direct) | (combinations_of(support.pool, time.monotonic() + 10) or set())
    target = amounts[0]
    value = mention_hundredths(target) * 7 + 1300
    while value in taken:
        value += 100
    text = format_money(value, "USD", inp.lang).replace("\xa0", " ")
    return replace(inp, draft=inp.draft[: target.start] + text + inp.draft[target.end :])


def calibrate(path: Path, *, limit: int | None = None, with_mutation: bool = False, examples: int = 20,
              only: Iterable[str] | None = None) -> dict:
    """Run every guard (or those of `only`) over the corpus; per-guard figures, and the mutation figure."""
    guards = registered()
    names = list(only) if only else list(guards)
    stats = {name: GuardStats() for name in names}
    mutation = {"turns": 0, "rejected": 0, "misses": []}
    started = time.perf_counter()
    turns = 0
    for case in cases(path, limit):
        turns += 1
        for name in names:
            t0 = time.perf_counter()
            verdict = guards[name](case.inp, time.monotonic() + GUARD_DEADLINE_S)
            elapsed = (time.perf_counter() - t0) * 1000
            entry = stats[name]
            entry.checked += 1
            entry.times_ms.append(elapsed)
            if not verdict.passed:
                entry.rejected += 1
                if len(entry.examples) < examples:
                    entry.examples.append({"dialogue_id": case.dialogue_id, "turn": case.turn,
                                           "draft": case.inp.draft, "evidence": list(verdict.evidence)})
        if with_mutation and (mutated := mutate(case.inp)) is not None:
            mutation["turns"] += 1
            verdict = guards["unsupported_amount"](mutated, time.monotonic() + GUARD_DEADLINE_S)
            if not verdict.passed:
                mutation["rejected"] += 1
            elif len(mutation["misses"]) < examples:
                mutation["misses"].append({"dialogue_id": case.dialogue_id, "turn": case.turn, "draft": mutated.draft})
    result = {"corpus": str(path), "system_turns": turns, "seconds": time.perf_counter() - started,
              "guards": {name: entry.summary() for name, entry in stats.items()}}
    if with_mutation:
        mutation["rate"] = mutation["rejected"] / mutation["turns"] if mutation["turns"] else 0.0
        result["mutation"] = mutation
    return result


def format_table(result: dict) -> str:
    lines = [f"corpus {result['corpus']}: {result['system_turns']} system turns in {result['seconds']:.1f} s",
             f"{'guard':32} {'checked':>8} {'rejected':>8} {'rate':>8} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}"]
    for name, row in result["guards"].items():
        lines.append(f"{name:32} {row['checked']:>8} {row['rejected']:>8} {row['rate']:>8.3%} {row['p50_ms']:>8.3f} "
                     f"{row['p99_ms']:>8.3f} {row['max_ms']:>8.2f}")
    if "mutation" in result:
        m = result["mutation"]
        lines.append(f"mutation: {m['rejected']}/{m['turns']} mutated turns rejected by unsupported_amount "
                     f"({m['rate']:.2%})")
    return "\n".join(lines)
