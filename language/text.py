"""Text folding that keeps character offsets, so matches on folded text map back to the original."""

import unicodedata
from functools import lru_cache


@lru_cache(maxsize=4096)
def _fold_char(char: str) -> str:
    """One character lower-cased with its accents removed; the character itself if that would not be one char."""
    base = "".join(c for c in unicodedata.normalize("NFD", char) if not unicodedata.combining(c)).lower()
    return base if len(base) == 1 else char.lower() if len(char.lower()) == 1 else char


@lru_cache(maxsize=4096)
def fold(text: str) -> str:
    """Lower-case `text` and strip accents, keeping exactly one output character per input character.

    Offsets found in `fold(text)` are valid in `text`. "Não" -> "nao", "MAÑANA" -> "manana",
    "cancel·la" keeps its middle dot. Recent answers are kept: one message is folded by many rules.
    """
    return "".join(_fold_char(c) for c in text)


def whole_words(pattern: str, *, joiners: str = "") -> str:
    """`pattern` (an alternation) as whole words only: no letter, digit or underscore right before or after it, nor
    one of `joiners`, the characters a word of the text may hold (an apostrophe, a hyphen, the middle dot of
    "cancel·la"), written as inside a character class (a hyphen last)."""
    edge = rf"[\w{joiners}]" if joiners else r"\w"
    return rf"(?<!{edge})(?:{pattern})(?!{edge})"
