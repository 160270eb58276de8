"""Language toolkit and built-in perceiver speed: numbers found per second in a 5,000-number text, perceive() per
message once warm.

    .venv/bin/python bench/language_bench.py
"""

from __future__ import annotations

import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from asks.perception.builtin import perceive  # noqa: E402
from language.numbers import _find_numbers, find_numbers  # noqa: E402
from language.text import fold  # noqa: E402


def _cold() -> None:
    """Forget the per-text caches, so a repeated text costs what a new message costs."""
    _find_numbers.cache_clear()
    fold.cache_clear()


def main() -> None:
    text = " ".join(str(i) if i % 2 else "vinte e três" for i in range(5000))
    find_numbers("aquecimento 1", "pt-BR")
    runs = []
    for _ in range(10):
        _cold()
        started = time.perf_counter()
        find_numbers(text, "pt-BR")
        runs.append(time.perf_counter() - started)
    print(f"find_numbers, 5,000 numbers: best {min(runs) * 1000:.1f} ms, median {sorted(runs)[5] * 1000:.1f} ms")
    now = datetime(2026, 11, 30, 12, tzinfo=UTC)
    message = "manda um pix de 100 pra Ana amanhã às 15h"
    perceive(message, lang="pt-BR", org_kind="bank", now=now, tz="America/Sao_Paulo", currency="BRL")
    count = 2000
    elapsed = 0.0
    for _ in range(count):
        _cold()
        started = time.perf_counter()
        perceive(message, lang="pt-BR", org_kind="bank", now=now, tz="America/Sao_Paulo", currency="BRL")
        elapsed += time.perf_counter() - started
    print(f"perceive(): {elapsed / count * 1000:.3f} ms per message once warm (per-text caches cleared each time)")


if __name__ == "__main__":
    main()
