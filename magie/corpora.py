"""Where the shared corpora are, without Django settings (benches and evaluation commands read it too)."""

from __future__ import annotations

import os
from pathlib import Path

_CHECKOUT = Path(__file__).resolve().parent.parent


def sgd_corpus_dir() -> Path:
    """The SGD dialogue corpus: `MAGIE_SGD_CORPUS`, else the nearest shared/corpora/sgd beside the checkout or one
    of its parents (../shared for a clone, ../../shared for a worktree under wt/), else the workplace's
    /work/shared."""
    candidates = [parent / "shared" / "corpora" / "sgd" for parent in _CHECKOUT.parents]
    candidates.append(Path("/work/shared/corpora/sgd"))  # this workplace's copy, for a clone made elsewhere (CI)
    return Path(os.environ.get("MAGIE_SGD_CORPUS") or next((path for path in candidates if path.is_dir()), candidates[0]))
