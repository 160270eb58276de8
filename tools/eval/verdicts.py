"""Every production guard's verdict on every dev input of `tools.eval.guards`, one JSON line per input: a record
to diff before and after a change that must not change any verdict (a speed-up, a refactoring).

    PYTHONHASHSEED=0 .venv/bin/python -m tools.eval.verdicts --out /tmp/before.jsonl [--limit N] [--skip-sgd]
    diff /tmp/before.jsonl /tmp/after.jsonl

The inputs are those `tools.eval.guards --split dev` reads, in its order: the SGD dev true turns and their mutations,
the rendered dev turns and their mutations, the hand-written dev drafts. Each line holds the draft and, per guard,
whether it passed and its evidence. Dev only: no held-out split is ever written out.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TextIO

from guards.contract import GuardInput, deadline_after
from magie.corpora import sgd_corpus_dir
from tools.eval.guards import BUDGET_MS, Run, run_adversarial, run_rendered, run_sgd

SPLIT = "dev"


class Recording(Run):
    """A `Run` that also writes each input's verdicts, guard by guard, as it reads them."""

    def __init__(self, out: TextIO) -> None:
        super().__init__(examples=0)
        self.out = out

    def held(self, inp: GuardInput) -> list[str]:
        verdicts: dict[str, tuple[bool, list[str]]] = {}
        for name, guard in self.guards.items():
            verdict = guard(inp, deadline_after(BUDGET_MS / 1000))
            verdicts[name] = (verdict.passed, list(verdict.evidence))
        self.out.write(json.dumps({"draft": inp.draft, "verdicts": verdicts}, ensure_ascii=False) + "\n")
        self.last_evidence = {name: evidence for name, (passed, evidence) in verdicts.items() if not passed}
        return [f"{name}: {', '.join(evidence[:3])}" for name, evidence in self.last_evidence.items()]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--corpus", type=Path, default=None, help="an SGD-layout folder (default: the shared one)")
    parser.add_argument("--limit", type=int, default=None, help="read at most N SGD dialogues")
    parser.add_argument("--skip-sgd", action="store_true", help="only the rendered and hand-written drafts")
    args = parser.parse_args(argv)
    corpus = args.corpus or sgd_corpus_dir()
    from guards.runner import warm_up

    warm_up()
    with args.out.open("w", encoding="utf-8") as out:
        run = Recording(out)
        if not args.skip_sgd:
            run_sgd(run, corpus, SPLIT, args.limit)
        run_rendered(run, corpus, SPLIT)
        run_adversarial(run, SPLIT)
    print(f"{sum(run.true.values())} true turns, {sum(run.mutated.values())} mutations written to {args.out}")


if __name__ == "__main__":
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "magie.settings.test")
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    django.setup()
    main()
