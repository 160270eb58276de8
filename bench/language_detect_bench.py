"""Per-message language detection speed: the model's first load, then detect_language() per message once warm, on
the hand-written WhatsApp-style turns of tools/eval/perception_turns (its accuracy is printed by
`python -m tools.eval.perception_sets`).

    .venv/bin/python bench/language_detect_bench.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from language.detect import detect_language  # noqa: E402
from language.locales import LANGS  # noqa: E402
from tools.eval.perception_sets import HELDOUT_DIR, SETS_DIR, load_sets  # noqa: E402


def main() -> None:
    texts = [turn["text"] for path in (SETS_DIR, HELDOUT_DIR) for turn in load_sets(path)]
    started = time.perf_counter()
    detect_language("carregando o modelo de idiomas", allowed=LANGS, fallback="pt-BR")
    print(f"detect_language: first call (loads the model) {time.perf_counter() - started:.2f} s")
    timings = []
    for _ in range(5):
        for text in texts:
            started = time.perf_counter()
            detect_language(text, allowed=LANGS, fallback="ca")
            timings.append(time.perf_counter() - started)
    timings.sort()
    print(f"detect_language: {len(texts)} messages x 5, median {statistics.median(timings) * 1e6:.0f} µs, "
          f"p99 {timings[int(len(timings) * 0.99)] * 1e6:.0f} µs, max {timings[-1] * 1e6:.0f} µs per message")


if __name__ == "__main__":
    main()
