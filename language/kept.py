"""Recent answers of pure functions of one message's text, kept so that the readers of one message share them.

A turn reads one customer message with several readers that each start from the same text: the language is
detected twice (the reply's language among the organisation's, then the perception's own language among all four),
the intents of `language.markers` are asked in each of the four languages, and each tokenises and lemmatises the
text again. `per_text` keeps a function's last answers, keyed by its arguments, for texts of at most `LONGEST`
characters (a customer's message; a long draft the guards read is computed each time and not kept).

Only for functions that are pure: their answer depends on their arguments and on data loaded once per process (the
dictionaries, the detector's model, the wording tables), never on the time, the database or the organisation. The
answer is shared, so it must be immutable (a str, a bool, a tuple, a frozenset).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, wraps
from typing import Any, TypeVar

LONGEST = 2000
KEPT = 512  # answers kept per function: a message's worth many times over, and a few hundred KB at most

F = TypeVar("F", bound=Callable[..., Any])


def per_text(function: F) -> F:
    """`function(text, *hashable)` with its recent answers kept (see the module docstring)."""
    kept = lru_cache(maxsize=KEPT)(function)

    @wraps(function)
    def answer(text: str, *args: Any) -> Any:
        if len(text) > LONGEST:
            return function(text, *args)
        return kept(text, *args)

    answer.cache_clear = kept.cache_clear  # type: ignore[attr-defined]
    return answer  # type: ignore[return-value]
