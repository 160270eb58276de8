"""Guard time per turn on a sample of the SGD corpus, and on a draft with 5,000 numbers. No database needed.

    .venv/bin/python bench/guards_bench.py [--dialogues N] [--corpus PATH]

After the worker's warm-up (`guards.runner.warm_up`), prints p50/p99/max per guard (called directly) and per turn
(all guards through `run_guards`, thread pool included), then the 5,000-number drafts through `run_guards`: the
guards' caches are emptied before every run and each run gets a copy of the input (a new turn's: the results read
afresh, not kept in the input's `readings` from the run before), so each figure is a cold run (a draft seen for the
first time), and the table gives every run, not only the best; then each guard's own CPU on the 5,000-fact draft.
The `RESULT` line ends with the machine's own speed, measured in the same process (`reference_ms`): figures of two
machines, or of one machine under two loads, compare only through it (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from guards.calibration import cases  # noqa: E402
from guards.checks.amounts import _customer_quantities as customer_quantities  # noqa: E402
from guards.checks.facts import _said as said  # noqa: E402
from guards.checks.wording import typos_corrected  # noqa: E402
from guards.contract import GuardInput, HistoryItem, ToolOutput, deadline_after  # noqa: E402
from guards.evidence import Evidence, MoneyEvidence  # noqa: E402
from guards.mentions import amounts_in  # noqa: E402
from guards.normalise import normalised  # noqa: E402
from guards.registry import registered  # noqa: E402
from guards.runner import run_guards, warm_up  # noqa: E402
from guards.scan import draft_words, word_text  # noqa: E402
from guards.tests.helpers import facts_draft  # noqa: E402
from guards.text import clause_view, clauses, folded, other_characters  # noqa: E402
from language.locales import LANGS  # noqa: E402
from language.money import format_money  # noqa: E402
from language.numbers import _find_numbers as find_numbers_of_text  # noqa: E402
from magie.corpora import sgd_corpus_dir  # noqa: E402

SGD = sgd_corpus_dir()
# the caches kept per text: emptied before every cold run
CACHES = (amounts_in, folded, clauses, clause_view, said, normalised, draft_words, word_text, typos_corrected,
          customer_quantities, find_numbers_of_text, other_characters)
BUDGET_MS = 2000


def percentiles(samples: list[float]) -> str:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"p50 {statistics.median(ordered):7.3f}  p99 {p99:7.3f}  max {ordered[-1]:8.3f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dialogues", type=int, default=600, help="dialogues read from each corpus file")
    parser.add_argument("--corpus", type=Path, default=SGD)
    args = parser.parse_args()
    warm_up()  # as a worker does before its first turn: the detector, the tables, the dictionaries
    gc.freeze()  # and, as it does then, the objects made so far kept out of every collection (`agent.tasks`)
    guards = registered()
    names = list(guards)
    files = [args.corpus] if args.corpus.is_file() else sorted(args.corpus.glob("train-*.jsonl*"))
    sample = [case for file in files for case in cases(file, args.dialogues)]
    per_guard: dict[str, list[float]] = {name: [] for name in names}
    direct_turn: list[float] = []
    runner_turn: list[float] = []
    for case in sample:
        total = 0.0
        for name in names:
            started = time.perf_counter()
            guards[name](case.inp, deadline_after(BUDGET_MS / 1000))
            elapsed = (time.perf_counter() - started) * 1000
            per_guard[name].append(elapsed)
            total += elapsed
        direct_turn.append(total)
        runner_turn.append(run_guards(case.inp, names, BUDGET_MS).total_ms)
    print(f"{len(sample)} system turns from {args.dialogues} dialogues per file of {args.corpus}")
    for name in names:
        print(f"  {name:30} {percentiles(per_guard[name])}")
    print(f"  {'all guards, called in turn':30} {percentiles(direct_turn)}")
    print(f"  {'all guards, run_guards()':30} {percentiles(runner_turn)}")

    del sample  # the corpus cases are no part of a draft's cost: without them the collector has a turn's heap to walk
    gc.collect()
    facts_runs: list[float] = []
    for label, inp in big_drafts():
        # Compile every table once (the corpus sample above only needed English), as a worker has after its first turn.
        run_guards(replace(inp, draft=inp.draft[:200]), names, BUDGET_MS)
        runs, cpu = [], []
        for _ in range(5):
            for cache in CACHES:
                cache.cache_clear()
            turn = replace(inp)  # a new turn's input: its own `readings`, the results read afresh
            started = time.process_time()
            runs.append(run_guards(turn, names, BUDGET_MS))
            cpu.append((time.process_time() - started) * 1000)
        slowest = max(runs[-1].timings_ms, key=runs[-1].timings_ms.__getitem__)
        if label == "5,000 facts":
            facts_runs = [r.total_ms for r in runs]
            fact_cpu = statistics.median(cpu)
        print(f"5,000-number draft ({label}), run_guards() cold, 5 runs: "
              f"wall {', '.join(f'{r.total_ms:.1f}' for r in runs)} ms (median "
              f"{statistics.median(r.total_ms for r in runs):.1f}); CPU {', '.join(f'{c:.1f}' for c in cpu)} ms "
              f"(median {statistics.median(cpu):.1f}); budget {BUDGET_MS} ms; slowest guard {slowest} "
              f"{runs[-1].timings_ms[slowest]:.1f} ms; failed: {[f.code for f in runs[-1].failures]}")
    per_guard_cpu = facts_draft_cpu_per_guard(guards)
    print("5,000-fact draft, each guard called alone, cold, CPU median of 5: "
          + ", ".join(f"{name} {ms:.1f}" for name, ms in sorted(per_guard_cpu.items(), key=lambda kv: -kv[1])) + " ms")
    print(f"load average while measuring: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    if facts_runs:
        loop_ms, regex_ms = reference_ms()
        print(f"RESULT guards_5000_fact_draft median_wall_ms={statistics.median(facts_runs):.1f} "
              f"median_cpu_ms={fact_cpu:.1f} goal_ms=50 reference_loop_ms={loop_ms:.1f} reference_regex_ms={regex_ms:.1f}")


# The machine's own speed, measured in the same process beside the guards' figure: the figures of two machines (or of
# one machine under two loads) compare only through it. Fixed work, no input of the guards, no cache.
REFERENCE_LOOPS = 1_000_000
REFERENCE_TEXT = " ".join(f"item {i}: {i % 31} de desembre a les {i % 24:02d}:30, ref BK-{i}" for i in range(2000))
REFERENCE_RE = re.compile(r"(?<![\w/-])(?:(?P<d>[0-3]?\d) de (?P<m>desembre|gener)|(?P<h>[0-2]?\d):(?P<min>[0-5]\d))")


def reference_ms() -> tuple[float, float]:
    """CPU of a fixed pure-Python workload (a loop of `REFERENCE_LOOPS` additions, a dict look-up and a tuple each)
    and of a fixed regular-expression workload (`REFERENCE_RE`'s matches read over `REFERENCE_TEXT`, 99 KB, 4,000
    matches), each the median of 5 runs: the two kinds of work the guards' time is made of."""
    def loop() -> int:
        total, seen = 0, {0: 1, 1: 2}
        for i in range(REFERENCE_LOOPS):
            total += seen.get(i & 1, 0) + len((i, total))
        return total

    def regex() -> int:
        return sum(len(m.groups()) for m in REFERENCE_RE.finditer(REFERENCE_TEXT))

    figures = []
    for work in (loop, regex):
        spent = []
        for _ in range(5):
            started = time.process_time()
            work()
            spent.append((time.process_time() - started) * 1000)
        figures.append(statistics.median(spent))
    return figures[0], figures[1]


def facts_draft_cpu_per_guard(guards: dict) -> dict[str, float]:
    """Each guard's own CPU on the 5,000-fact draft (called on this thread, caches emptied before each call): where
    the draft's time goes."""
    inp = facts_draft()
    spent: dict[str, list[float]] = {name: [] for name in guards}
    for _ in range(5):
        for name, guard in guards.items():
            for cache in CACHES:
                cache.cache_clear()
            turn = replace(inp)  # (as above: the results read afresh)
            started = time.thread_time()
            guard(turn, deadline_after(BUDGET_MS / 1000))
            spent[name].append((time.thread_time() - started) * 1000)
    return {name: statistics.median(values) for name, values in spent.items()}


def big_drafts() -> list[tuple[str, GuardInput]]:
    """The issue's 5,000-number draft (amounts only, a customer message of 2,500 numbers in the history), and a
    pt-BR price list of 1,250 lines (5,000 numbers among words) against the catalogue result that supports every
    price; claims read in the four languages, as `agent.drafting.guard_input` asks."""
    draft = " ".join(f"${i}.{i % 100:02d}" for i in range(5000))
    plain = GuardInput(draft=draft, lang="en", currency="USD", org_kind="bank", languages=LANGS,
                       history=(HistoryItem("customer", " ".join(str(i) for i in range(0, 5000, 2))),))
    prices = [100_000 + 137 * i for i in range(1250)]  # four numbers a line: model, capacity, price, stock
    lines = "\n".join(f"• iPhone {i % 15} 128 GB — {format_money(p, 'BRL', 'pt-BR')} ({i % 9} em estoque)"
                      for i, p in enumerate(prices))
    catalog = ToolOutput("search_catalog", True, {"hits": [{"price_cents": p, "currency": "BRL"} for p in prices]},
                         evidence=Evidence(money=(MoneyEvidence("price_cents", role="price"),)))
    listed = GuardInput(draft=f"Encontrei:\n{lines}", lang="pt-BR", currency="BRL", org_kind="store", languages=LANGS,
                        tool_outputs=(catalog,), history=(HistoryItem("customer", "quais iphones vocês têm?"),))
    return [("amounts", plain), ("pt-BR price list", listed), ("5,000 facts", facts_draft())]


if __name__ == "__main__":
    main()
