"""manage.py calibrate_guards --corpus <file.jsonl | file.jsonl.gz | folder> [--json] [--limit N] [--mutate]"""

from __future__ import annotations

import json as json_module
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from guards.calibration import calibrate, format_table


class Command(BaseCommand):
    help = "Run every guard over a corpus of real system turns (SGD) and print rejections and timings per guard."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--corpus", required=True, help="an SGD .jsonl or .jsonl.gz file, or a folder of them")
        parser.add_argument("--json", action="store_true", help="print the figures as JSON")
        parser.add_argument("--limit", type=int, default=None, help="read at most N dialogues")
        parser.add_argument("--mutate", action="store_true",
                            help="also change one amount per turn to an unsupported value and count rejections")
        parser.add_argument("--examples", type=int, default=5, help="rejected turns kept per guard (JSON only)")

    def handle(self, *args, corpus: str, json: bool, limit: int | None, mutate: bool, examples: int, **options) -> None:
        path = Path(corpus)
        if not path.exists():
            raise CommandError(f"no corpus at {path}")
        result = calibrate(path, limit=limit, with_mutation=mutate, examples=examples)
        self.stdout.write(json_module.dumps(result, indent=2) if json else format_table(result))

