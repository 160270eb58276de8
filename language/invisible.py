"""Invisible format characters removed from what is echoed to customers.

A Pix code's merchant name, a product's name or a customer's own words can carry Unicode format characters
(category Cf): bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C) that make a reply read
differently from what it says ("…pague a ‮ZE" shown reversed), zero-width spaces and joiners that hide text inside
words, tag characters (U+E0000–U+E007F) that smuggle text a person cannot see, soft hyphens, BOMs. None of them
belongs in a chat message. The zero-width joiner (U+200D) alone is kept: emoji sequences (👨‍👩‍👧) are built with it
and it cannot reorder or hide readable text.
"""

from __future__ import annotations

import unicodedata

KEPT = "\u200d"  # zero-width joiner: emoji sequences


def visible_text(text: str) -> str:
    """`text` without the invisible format characters (Unicode category Cf, but the zero-width joiner)."""
    if not text or text.isascii():
        return text
    return "".join(char for char in text
                   if char.isascii() or char == KEPT or unicodedata.category(char) != "Cf")
