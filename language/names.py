"""Names of people and companies as banks compare them: "ENERGIA SUL" is "Energia Sul Distribuidora S.A.".

`names_match(said, official)` is the tolerance of a bank's name check (the owner of a Pix key against the name a
customer, a Pix code or a draft gives):

* case, accents and punctuation set aside ("JOSE D'AVILA" is "José D'Ávila"; "Jean-Pierre" is "Jean Pierre");
* words of the official name may be left out, never added: "Maria Silva" for "Maria Aparecida da Silva",
  "ENERGIA SUL" for "Energia Sul Distribuidora S.A."; the words said come in the official order;
* a legal form (S.A., LTDA, ME, EIRELI, S.L., Inc., LLC…), a title (Sr., Dra., Mr.) and a particle (da, de, del,
  dos, y, e, and, &) may be said or not, on either side;
* a word may be an initial ("J. Silva", "Maria A. Silva"), an abbreviation written with its full stop ("Distrib.",
  "Com.") or the start of the last official word when the said name is cut short (a Pix code holds 25 characters:
  "ENERGIA SUL DISTRIBUIDO");
* at least one whole word must be said: initials alone name nobody ("M. S." is not "Maria Silva").

Plain functions over text, no data: the same rule serves the guards (a draft naming a recipient) and the
bank's warning that a Pix code's name is not the key owner's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from rapidfuzz.distance import OSA

from language.locales import Lang
from language.text import fold

# Legal forms of a company, folded and without punctuation (one word each; "s a" is read as "sa" first).
LEGAL_FORMS = frozenset({
    "ltda", "limitada", "sa", "me", "mei", "epp", "eireli", "ss", "cia", "companhia", "slu", "sl", "sau", "sas", "srl",
    "sc", "scp", "sccl", "coop", "inc", "incorporated", "llc", "llp", "ltd", "limited", "plc", "corp", "corporation",
    "co", "company", "gmbh", "ag", "bv", "nv", "sarl", "spa",
})
TITLES = frozenset({"sr", "sra", "srta", "dr", "dra", "don", "dona", "dna", "mr", "mrs", "ms", "miss", "mx", "sir",
                    "senhor", "senhora", "senor", "senora", "senyor", "senyora", "prof", "profa"})
PARTICLES = frozenset({"da", "de", "do", "das", "dos", "del", "della", "di", "du", "la", "las", "los", "le", "van",
                       "von", "der", "den", "ten", "y", "e", "i", "and", "et", "the", "of"})
OPTIONAL = LEGAL_FORMS | TITLES | PARTICLES
# Two-letter legal forms written with stops or spaces ("S.A.", "S. A.", "S/A", "S.L.") read as one word.
_SPLIT_FORMS_RE = re.compile(r"(?<![^\W_])([sS])\s*[./]\s*([aAlLcC])\s*\.?(?![^\W_])")
_APOSTROPHE_RE = re.compile(r"(?<=\w)['’`´](?=\w)")
_WORD_RE = re.compile(r"[^\W_]+(\.)?")


class NameWord(tuple):
    """One word of a name: its folded text and whether it was written abbreviated (a full stop after it)."""

    __slots__ = ()

    def __new__(cls, text: str, abbreviated: bool) -> NameWord:
        return tuple.__new__(cls, (text, abbreviated))

    @property
    def text(self) -> str:
        return self[0]

    @property
    def abbreviated(self) -> bool:
        return self[1]


@lru_cache(maxsize=4096)
def name_words(name: str) -> tuple[NameWord, ...]:
    """The words of `name`, folded, apostrophes joined ("D'Ávila" → "davila"), each marked when a full stop follows
    it; "S.A."/"S/A" is one word "sa"."""
    text = _SPLIT_FORMS_RE.sub(lambda m: f" {m.group(1)}{m.group(2)} ", name)
    text = _APOSTROPHE_RE.sub("", fold(text))
    return tuple(NameWord(m.group().rstrip("."), bool(m.group(1))) for m in _WORD_RE.finditer(text))


def name_key(name: str) -> str:
    """The words that identify `name`, folded and joined by spaces: no legal form, title or particle ("Energia Sul
    Distribuidora S.A." → "energia sul distribuidora")."""
    return " ".join(word.text for word in name_words(name) if word.text not in OPTIONAL)


def _word_matches(said: NameWord, official: str, *, last: bool) -> tuple[bool, bool]:
    """(matches, as a whole word) of one said word against one official word."""
    text = said.text
    if text == official:
        return True, True
    if len(text) == 1 or len(official) == 1:  # an initial, on either side
        return text[0] == official[0], False
    if official.startswith(text) and (said.abbreviated or (last and len(text) >= 3)):
        return True, False  # "Distrib.", or the last word cut short
    return False, False


def names_match(said: str, official: str) -> bool:
    """Whether `said` names the same person or company as `official` (see the module doc)."""
    said_words = [w for w in name_words(said) if w.text not in OPTIONAL]
    official_words = [w.text for w in name_words(official) if w.text not in OPTIONAL]
    if not said_words or not official_words:
        return False
    return _subsequence(said_words, official_words)


def _subsequence(said: list[NameWord], official: list[str]) -> bool:
    """Every said word matches an official word, in order, at least one of them whole (greedy is enough: a word
    that matches whole is taken before an initial could take it)."""
    position, whole = 0, False
    for index, word in enumerate(said):
        last = index == len(said) - 1
        while position < len(official):
            matched, entire = _word_matches(word, official[position], last=last)
            position += 1
            if matched:
                whole = whole or entire
                break
        else:
            return False
    return whole


def name_in(said: str, officials: list[str] | tuple[str, ...] | frozenset[str] | set[str]) -> str | None:
    """The first of `officials` that `said` names (`names_match`), or None."""
    return next((official for official in officials if names_match(said, official)), None)


# A typed name shorter than this is too short to tell a typo from another name ("Ane", "Ama").
TYPO_MIN_LENGTH = 4


def is_typo_of(typed: str, name: str) -> bool:
    """Whether the folded word `typed` is `name` with one typing slip: two neighbouring letters swapped ("pdero",
    "mraia"), or one letter left out or doubled ("pedo", "mariaa"). One letter *replaced* is no slip here: it turns
    a name into another one ("Maria"/"Mario"/"Marta"). Distances by rapidfuzz (optimal string alignment)."""
    typed, name = fold(typed), fold(name)
    if min(len(typed), len(name)) < TYPO_MIN_LENGTH or OSA.distance(typed, name) != 1:
        return False
    return len(typed) != len(name) or sorted(typed) == sorted(name)


def is_near(typed: str, name: str) -> bool:
    """Whether `typed` is within two edits of `name` (rapidfuzz, optimal string alignment): close enough that a typo
    of one could be read as the other, so neither is chosen alone."""
    return OSA.distance(fold(typed), fold(name)) <= 2


@lru_cache(maxsize=16384)
def dictionary_name_entry(word: str, lang: Lang) -> bool:
    """Whether the simplemma dictionary of `lang` has `word` capitalised as a name of its own (its lemma
    capitalised): Portuguese "maria" is a common noun and "Maria" a name; "casa", "conta", "aluguel" have none.
    Cached like `language.lemmas.known`: both detections of a turn ask it of the same words."""
    import simplemma

    from language.lemmas import SIMPLEMMA_CODE

    capitalised = word[:1].upper() + word[1:].lower()
    code = SIMPLEMMA_CODE[lang]
    return simplemma.is_known(capitalised, lang=code) and simplemma.lemmatize(capitalised, lang=code)[:1].isupper()


def name_in_every_dictionary(word: str, langs: Sequence[Lang]) -> bool:
    """Whether every dictionary of `langs` that knows `word` at all has it as a name ("maria": Portuguese, Catalan
    and English have "Maria", Spanish has only "María"), and at least one does; "casa" or "rosa" are nouns in some."""
    from language.lemmas import known

    knowing = [lang for lang in langs if known(word.lower(), lang) or dictionary_name_entry(word, lang)]
    return bool(knowing) and all(dictionary_name_entry(word, lang) for lang in knowing)
