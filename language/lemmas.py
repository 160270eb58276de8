"""Words as their lemmas, per language (simplemma 2.0: pt, es, ca, en dictionaries, no model, no network).

A customer writes "enviarle", "cancel·la-ho", "anúlala", "cobraron", "pásame": the reading below matches the verb
"enviar", "cancel·lar", "anular", "cobrar", "passar" once, not every inflection and enclitic in a list. Lemmas and
words are returned folded (`language.text.fold`: lower case, no accents), so "anul·lar" and "anular" meet.

simplemma on its own missed enclitics it has no entry for ("anúlala" stays "anúlala"); a word ending in a clitic
pronoun is also tried without it (`_CLITICS`), and the first form the dictionary knows wins.
"""

from __future__ import annotations

import re
from functools import lru_cache

import simplemma

from language.locales import Lang
from language.text import fold

SIMPLEMMA_CODE: dict[Lang, str] = {"pt-BR": "pt", "es": "es", "ca": "ca", "en": "en"}
WORD = re.compile(r"[^\W\d_]+(?:[·'’-][^\W\d_]+)*")
_CLITICS: dict[Lang, tuple[str, ...]] = {
    "es": ("selo", "sela", "melo", "mela", "telo", "tela", "noslo", "le", "les", "lo", "la", "los", "las", "me", "te",
           "nos", "se"),
    "pt-BR": ("-lhe", "-lhes", "-lo", "-la", "-los", "-las", "-me", "-te", "-se", "-nos"),
    "ca": ("-ho", "-la", "-lo", "-les", "-los", "-me", "-te", "-nos", "-vos", "-li", "-los", "-hi", "-ne", "'l",
           "'m", "'t", "'s", "'ns", "-m'", "-t'"),
    "en": (),
}


def lemmas_load() -> None:
    """Load every language's dictionary now (simplemma loads one on its first word in that language: seconds of CPU
    a worker would otherwise spend in a customer's wait)."""
    for code in SIMPLEMMA_CODE.values():
        simplemma.is_known("a", lang=code)


@lru_cache(maxsize=4096)
def lemma(word: str, lang: Lang) -> str:
    """The folded lemma of one word in `lang` (the folded word itself when the dictionary has none)."""
    lowered = word.lower().replace("’", "'")
    code = SIMPLEMMA_CODE[lang]
    found = simplemma.lemmatize(lowered, lang=code)
    if found.lower() != lowered or not simplemma.is_known(lowered, lang=code):
        for clitic in _CLITICS[lang]:
            if lowered.endswith(clitic) and len(lowered) - len(clitic) >= 3:
                stem = _unaccent_infinitive(lowered[: -len(clitic)].rstrip("-"))
                if simplemma.is_known(stem, lang=code):
                    return fold(simplemma.lemmatize(stem, lang=code))
    return fold(found)


def known(word: str, lang: Lang) -> bool:
    """Whether the dictionary of `lang` holds `word` (lower case), or its stem once an enclitic is taken off
    ("pídelo", "revísala", "cancel·la-ho")."""
    code = SIMPLEMMA_CODE[lang]
    if simplemma.is_known(word, lang=code):
        return True
    for clitic in _CLITICS[lang]:
        if word.endswith(clitic) and len(word) - len(clitic) >= 3:
            if simplemma.is_known(_unaccent_infinitive(word[: -len(clitic)].rstrip("-")), lang=code):
                return True
    return False


def _unaccent_infinitive(stem: str) -> str:
    """ "anúla" → "anula", "cancéla" → "cancela": the accent an enclitic adds to the stem is not the word's."""
    return fold(stem) if stem != fold(stem) and "·" not in stem else stem


def words(text: str) -> list[str]:
    """The words of `text`, in order (numbers and punctuation left out)."""
    return WORD.findall(text)


def lemmas(text: str, lang: Lang) -> list[str]:
    """The folded lemma of every word of `text`, in order."""
    return [lemma(word, lang) for word in words(text)]
