"""Invisible format characters removed from what is echoed to customers.

A Pix code's merchant name, a product's name or a customer's own words can carry Unicode format characters
(category Cf): bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C) that make a reply read
differently from what it says ("…pague a ‮ZE" shown reversed), zero-width spaces and joiners that hide text inside
words, tag characters (U+E0000–U+E007F) that smuggle text a person cannot see, soft hyphens, BOMs. None of them
belongs in a chat message. The zero-width joiner (U+200D) alone is kept: emoji sequences (👨‍👩‍👧) are built with it
and it cannot reorder or hide readable text.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from functools import cache

KEPT = "\u200d"  # zero-width joiner: emoji sequences


@cache
def _invisible() -> re.Pattern[str]:
    """One character class (22 ranges) of every format character (category Cf) but the joiner, built once per
    process: every reply passes here, and asking `unicodedata` about each of its characters was ~2% of the worker's
    CPU per message."""
    ranges: list[list[int]] = []
    for code in range(sys.maxunicode + 1):
        if code != ord(KEPT) and unicodedata.category(chr(code)) == "Cf":
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1][1] = code
            else:
                ranges.append([code, code])
    return re.compile("[" + "".join(re.escape(chr(first)) + ("-" + re.escape(chr(last)) if last > first else "")
                                    for first, last in ranges) + "]+")


def invisible_load() -> None:
    """Build the character class now (a fifth of a second of CPU; the worker does it before its pool forks)."""
    _invisible()


def visible_text(text: str) -> str:
    """`text` without the invisible format characters (Unicode category Cf, but the zero-width joiner)."""
    if not text or text.isascii():
        return text
    invisible = _invisible()
    return invisible.sub("", text) if invisible.search(text) else text
