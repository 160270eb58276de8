"""Pure text normalisation for catalog search and used-device model matching (no database, no Django).

Matching is accent- and case-insensitive (`language.text.fold`) on words. Letters and digits are split into
separate words ("iPhone13" → "iphone 13", "128GB" → "128 gb", "S21" → "s 21"), so the way a customer glues or
spaces a model name does not matter. A stored product has a `search_text` column built by `search_text_for`:
its words between single spaces, with a leading and trailing space, so a word test is a plain `contains`.
"""

from __future__ import annotations

import re

from language.text import fold

_WORD_RE = re.compile(r"[a-z]+|[0-9]+")
# Filler words of a customer's query that name nothing in a catalog ("un iphone de 128 gigas").
STOP_WORDS = frozenset({
    "de", "del", "la", "el", "los", "las", "un", "una", "y", "con", "para", "o", "en",
    "do", "da", "um", "uma", "e", "com", "the", "an", "and", "with", "for", "of", "i", "amb",
    "gigas", "giga", "gigabytes",
})


def words(text: str) -> list[str]:
    """Folded words of `text`: lower-case, accents stripped, letters and digits apart, punctuation dropped."""
    return _WORD_RE.findall(fold(text or ""))


def search_text_for(*, brand: str, model: str, name: str, capacity_gb: int | None) -> str:
    """The stored, normalised words of a product (unique, in first-seen order), padded with spaces."""
    parts = [brand, model, name]
    if capacity_gb is not None:
        parts.append(f"{capacity_gb} gb")
    seen: dict[str, None] = {}
    for part in parts:
        for word in words(part):
            seen.setdefault(word, None)
    return " " + " ".join(seen) + " "


def query_terms(query: str) -> list[tuple[str, bool]]:
    """(word, prefix_allowed) for each meaningful word of a query.

    Numbers must match a whole word ("12" must not find "128"), as must one- or two-letter words ("s" of
    "S21"); longer alphabetic words may match the beginning of a word ("galax" finds "galaxy").
    """
    terms: list[tuple[str, bool]] = []
    for said in words(query):
        word = singular(SAME_THING.get(said, said))
        if word in STOP_WORDS or any(word == term for term, _ in terms):
            continue
        terms.append((word, word.isalpha() and len(word) >= 3))
    return terms


# The catalogue's words for an accessory, from the words of the store's other languages ("capinha", "case").
SAME_THING = {
    "capinha": "funda", "capinhas": "funda", "capa": "funda", "capas": "funda", "case": "funda", "cases": "funda",
    "cover": "funda", "covers": "funda", "carregador": "cargador", "carregadores": "cargador", "charger": "cargador",
    "chargers": "cargador", "carregadors": "cargador", "cabo": "cable", "cabos": "cable",
}


def singular(word: str) -> str:
    """A plural letter word cut to a stem its singular starts with ("fundas" → "funda", "iphones" → "iphon",
    "cargadores" → "cargador"), matched as a prefix; short words ("plus", "gris") are left alone."""
    if not word.isalpha() or len(word) <= 4 or not word.endswith("s"):
        return word
    return word[:-2] if word.endswith("es") and len(word) > 5 else word[:-1]


def model_key(text: str) -> str:
    """A device model as one comparable key: "iPhone 13" == "IPHONE13" == "iphone  13" → "iphone 13"."""
    return " ".join(words(text))
