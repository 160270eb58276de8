"""manage.py calibrate_guards --corpus <file.jsonl | file.jsonl.gz | folder> [--json] [--limit N] [--mutate]
[--part K/N] [--examples N] [--guard NAME ...]"""

from __future__ import annotations

import json as json_module
import re
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from guards.calibration import calibrate, describe, format_table
from guards.registry import registered


class Command(BaseCommand):
    help = ("Run every guard over a corpus of real system turns (SGD layout, any split or service) and print, per "
            "guard, false positives, recall on mutated turns, timings and examples, and what the corpus holds.")

    def add_arguments(self, parser) -> None:
        parser.add_argument("--corpus", required=True, help="an SGD .jsonl or .jsonl.gz file, or a folder of them")
        parser.add_argument("--json", action="store_true", help="print the figures as JSON")
        parser.add_argument("--limit", type=int, default=None, help="read at most N dialogues")
        parser.add_argument("--mutate", action="store_true",
                            help="also mutate turns each guard must reject and report its recall per mutation")
        parser.add_argument("--part", default=None, help="K/N: only the K-th of N hash parts of the dialogues")
        parser.add_argument("--examples", type=int, default=5, help="rejections and misses kept per guard")
        parser.add_argument("--guard", action="append", default=None, help="only this guard (repeatable)")

    def handle(self, *args, corpus: str, json: bool, limit: int | None, mutate: bool, part: str | None,
               examples: int, guard: list[str] | None, **options) -> None:
        path = Path(corpus)
        if not path.exists():
            raise CommandError(f"no corpus at {path}")
        parts = None
        if part is not None:
            match = re.fullmatch(r"(\d+)/(\d+)", part)
            if not match or not 1 <= int(match[1]) <= int(match[2]):
                raise CommandError("--part takes K/N with 1 <= K <= N, e.g. 1/4")
            parts = (int(match[1]), int(match[2]))
        unknown = sorted(set(guard or ()) - set(registered()))
        if unknown:
            raise CommandError(f"unknown guard(s) {unknown}; known: {sorted(registered())}")
        result = calibrate(path, limit=limit, with_mutation=mutate, examples=examples, only=guard, part=parts)
        result["contents"] = describe(path, limit=limit, part=parts)
        self.stdout.write(json_module.dumps(result, indent=2, ensure_ascii=False) if json else format_table(result))
