"""Language toolkit and built-in perceiver speed: numbers found per second in a 5,000-number text, perceive() per
message once warm.

    .venv/bin/python bench/language_bench.py
"""

from __future__ import annotations

import sys
import time
from datetime import datetime, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from asks.perception.builtin import perceive  # noqa: E402
from language.numbers import find_numbers  # noqa: E402


def main() -> None:
    text = " ".join(str(i) if i % 2 else "vinte e três" for i in range(5000))
    find_numbers("aquecimento 1", "pt-BR")
    runs = []
    for _ in range(10):
        started = time.perf_counter()
        find_numbers(text, "pt-BR")
        runs.append(time.perf_counter() - started)
    print(f"find_numbers, 5,000 numbers: best {min(runs) * 1000:.1f} ms, median {sorted(runs)[5] * 1000:.1f} ms")
    now = datetime(2026, 11, 30, 12, tzinfo=timezone.utc)
    message = "manda um pix de 100 pra Ana amanhã às 15h"
    perceive(message, lang="pt-BR", org_kind="bank", now=now, tz="America/Sao_Paulo", currency="BRL")
    count = 2000
    started = time.perf_counter()
    for _ in range(count):
        perceive(message, lang="pt-BR", org_kind="bank", now=now, tz="America/Sao_Paulo", currency="BRL")
    print(f"perceive(): {(time.perf_counter() - started) / count * 1000:.3f} ms per message once warm")


if __name__ == "__main__":
    main()
