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


_INFINITIVE_R = frozenset({"es", "pt-BR"})


def lemmas_load() -> None:
    """Load every language's dictionary now (simplemma loads one on its first word in that language: seconds of CPU
    a worker would otherwise spend in a customer's wait)."""
    for code in SIMPLEMMA_CODE.values():
        simplemma.is_known("a", lang=code)


@lru_cache(maxsize=65536)
def dictionary_knows(word: str, code: str) -> bool:
    """`simplemma.is_known(word, lang=code)`, kept per word (the dictionaries do not change): the readers, the
    detector and the typo restoring ask it of the same words and their accented forms many times a message."""
    return simplemma.is_known(word, lang=code)


@lru_cache(maxsize=4096)
def lemma(word: str, lang: Lang) -> str:
    """The folded lemma of one word in `lang` (the folded word itself when the dictionary has none)."""
    lowered = _with_middle_dot(word.lower().replace("’", "'"), lang)
    code = SIMPLEMMA_CODE[lang]
    found = simplemma.lemmatize(lowered, lang=code)
    if found.lower() != lowered or not dictionary_knows(lowered, code):
        for clitic in _CLITICS[lang]:
            if lowered.endswith(clitic) and len(lowered) - len(clitic) >= 3:
                stem = _unaccent_infinitive(lowered[: -len(clitic)].rstrip("-"))
                # a voseo or tú imperative with its pronoun is the verb: "mandale" → "mandar", "transferile" →
                # "transferir", "haceme" → "hacer" (the bare stem "manda" is also a noun, "transferi" unknown)
                if lang in _INFINITIVE_R and stem[-1:] in "aei" and dictionary_knows(stem + "r", code):
                    return fold(simplemma.lemmatize(stem + "r", lang=code))
                if dictionary_knows(stem, code):
                    return fold(simplemma.lemmatize(stem, lang=code))
        if not dictionary_knows(lowered, code):  # typed without its accent: "rompio", "llego", "cobro"
            for accented in _accented(lowered, lang):
                if dictionary_knows(accented, code):
                    return fold(simplemma.lemmatize(accented, lang=code))
    return fold(found)


def _with_middle_dot(word: str, lang: Lang) -> str:
    """A Catalan word typed without the middle dot of its "l·l" ("anullar", "cancella-la") as the dictionary writes
    it, when that form is known; any other word as it is. simplemma's Catalan also lists many such words undotted as
    words of their own ("cancellar", "allegar": a lemma of its own, the same word without its dot), which the readers,
    looking for "cancel·lar", would miss: those are read dotted too."""
    if lang != "ca" or "ll" not in word:
        return word
    dotted = word.replace("ll", "l·l", 1)
    if not dictionary_knows(word, "ca"):
        return dotted if known(dotted, lang) else word
    undotted_lemma = simplemma.lemmatize(word, lang="ca").lower()
    return dotted if dictionary_knows(dotted, "ca") and undotted_lemma.replace("ll", "l·l", 1) == (
        simplemma.lemmatize(dotted, lang="ca").lower()) else word


@lru_cache(maxsize=8192)
def lemma_readings(word: str, lang: Lang) -> frozenset[str]:
    """Every folded lemma `word` may stand for in `lang`: its own, and those of the accented forms the dictionary
    knows, since a customer typing no accents may mean any of them ("seriamos" is "seriar" as typed, and "seríamos",
    a form of "ser"). Kept per word (the dictionaries do not change): a turn asks it of every word of a message in
    every language, and each word's accented forms are a few dozen since a cedilla or tilde is tried too."""
    lowered = word.lower().replace("’", "'")
    code = SIMPLEMMA_CODE[lang]
    return frozenset({lemma(word, lang)} | {fold(simplemma.lemmatize(accented, lang=code))
                                            for accented in _accented(lowered, lang) if dictionary_knows(accented, code)})


_ACCENTS: dict[Lang, dict[str, str]] = {
    "es": {"a": "á", "e": "é", "i": "í", "o": "ó", "u": "ú"},
    "pt-BR": {"a": "áâã", "e": "éê", "i": "í", "o": "óôõ", "u": "ú"},
    "ca": {"a": "à", "e": "éè", "i": "í", "o": "óò", "u": "ú"},
    "en": {},
}


_MARKED_CONSONANTS: dict[Lang, dict[str, str]] = {"pt-BR": {"c": "ç"}, "es": {"n": "ñ"}, "ca": {"c": "ç"}, "en": {}}


def _accented(word: str, lang: Lang) -> list[str]:
    """`word` with one accent put on one of its last three vowels, as a customer who types no accents means it
    ("rompio" → "rompió", "llego" → "llegó", "pague" → "pagué", "seriamos" → "seríamos"): the forms to look up, last
    vowel first."""
    marks = _ACCENTS[lang]
    vowels = [index for index, char in enumerate(word) if char in marks][-3:]
    forms = [word[:index] + accent + word[index + 1:] for index in reversed(vowels) for accent in marks[word[index]]]
    # a cedilla or a tilde dropped too ("conheco" → "conheço", "informacao" → "informação", "anos" → "años"):
    # that letter marked, alone or with one of the vowel accents above
    marked = [word[:index] + _MARKED_CONSONANTS[lang][char] + word[index + 1:]
              for index, char in enumerate(word) if char in _MARKED_CONSONANTS[lang]]
    return forms + marked + [form[:index] + accent + form[index + 1:] for form in marked for index in reversed(vowels)
                             for accent in marks[word[index]]]


@lru_cache(maxsize=16384)
def known(word: str, lang: Lang) -> bool:
    """Whether the dictionary of `lang` holds `word` (lower case), or its stem once an enclitic is taken off
    ("pídelo", "revísala", "cancel·la-ho"). Cached (the dictionaries do not change): a turn asks it of the same words
    several times — both language detections, the names' check, the intents' sound-alikes."""
    code = SIMPLEMMA_CODE[lang]
    if dictionary_knows(word, code):
        return True
    if not word.endswith(_CLITICS[lang]):
        return False  # no enclitic to take off (the loop below finds none)
    for clitic in _CLITICS[lang]:
        if word.endswith(clitic) and len(word) - len(clitic) >= 3:
            stem = _unaccent_infinitive(word[: -len(clitic)].rstrip("-"))
            verb = lang in _INFINITIVE_R and stem[-1:] in "aei" and dictionary_knows(stem + "r", code)
            if verb or dictionary_knows(stem, code) and (lang != "es" or _a_verb(stem, code)):
                return True
    return False


# The Spanish imperatives of one syllable ("da", "di", "haz", "pon"...), whose lemma the dictionary does not give.
_SHORT_IMPERATIVES = frozenset({"da", "di", "haz", "pon", "sal", "se", "ten", "ven", "ve", "ponte"})


def _a_verb(stem: str, code: str) -> bool:
    """Whether `stem`, a Spanish word a pronoun is glued to, is a verb's form (an infinitive, gerund or imperative:
    its lemma ends in "r", or a short imperative, with a pronoun before this one: "dame" of "dámelo"): a pronoun is
    glued to a verb only, so "aulala" is no word ("aula" + "la"), and is read as the typo it is ("anulala")."""
    bare = fold(stem)
    return fold(simplemma.lemmatize(stem, lang=code)).endswith("r") or bare in _SHORT_IMPERATIVES or any(
        bare.endswith(pronoun) and bare[:-len(pronoun)] in _SHORT_IMPERATIVES for pronoun in ("me", "te", "se", "nos", "le"))


_ACCENTS_OF_A_LETTER: dict[str, str] = {"a": "áàâã", "e": "éêè", "i": "íï", "o": "óôõò", "u": "úü", "n": "ñ", "c": "ç"}


@lru_cache(maxsize=8192)
def known_unaccented(word: str, lang: Lang) -> bool:
    """`known`, for a word typed without its accents too: "manana" is Spanish ("mañana"), "amanha" Portuguese
    ("amanhã"), "informacao" ("informação", two marks). Tries the word, then each of its letters with each accent
    `_ACCENTS_OF_A_LETTER` gives it, then two of them (words of up to 12 letters)."""
    word = word.lower()
    if known(word, lang):
        return True
    places = [(index, variant) for index, char in enumerate(word) for variant in _ACCENTS_OF_A_LETTER.get(char, "")]
    for index, variant in places:
        if known(word[:index] + variant + word[index + 1:], lang):
            return True
    if len(word) > 12:
        return False
    for first, (index, variant) in enumerate(places):
        once = word[:index] + variant + word[index + 1:]
        for other, second in places[first + 1:]:
            if other != index and known(once[:other] + second + once[other + 1:], lang):
                return True
    return False


@lru_cache(maxsize=4096)
@lru_cache(maxsize=16384)
def proper_noun_unaccented(word: str, lang: Lang) -> bool:
    """`proper_noun`, for a name typed without its accents too ("joao" is "João", "maria" "María"). Cached: the
    detector asks it of every word of a message in every language, twice a turn."""
    word = word.lower()
    if proper_noun(word, lang):
        return True
    return any(proper_noun(word[:index] + variant + word[index + 1:], lang)
               for index, char in enumerate(word) for variant in _ACCENTS_OF_A_LETTER.get(char, ""))


@lru_cache(maxsize=65536)
def proper_noun(word: str, lang: Lang) -> bool:
    """Whether the dictionary of `lang` knows `word` (any case) as a proper noun only: its lemma is capitalised
    ("ana" → "Ana" in Spanish, "pedro" → "Pedro"), as a name typed in lower case is."""
    return simplemma.lemmatize(word.lower(), lang=SIMPLEMMA_CODE[lang])[:1].isupper()


def _unaccent_infinitive(stem: str) -> str:
    """ "anúla" → "anula", "cancéla" → "cancela": the accent an enclitic adds to the stem is not the word's."""
    return fold(stem) if stem != fold(stem) and "·" not in stem else stem


@lru_cache(maxsize=8192)
def verb_readings(word: str, lang: Lang) -> frozenset[str]:
    """`lemma_readings`, and the infinitive of a present singular the dictionary reads as another word ("preciso" is
    the adjective "preciso" to simplemma, and "I need", a form of "precisar"; "queda" the noun, and "is left", of
    "quedar"): the "-o", "-a" or "-e" of pt, es and ca put back as "-ar", "-er" or "-ir" when the dictionary knows
    that infinitive as its own lemma."""
    readings = lemma_readings(word, lang)
    lowered = fold(word.lower())
    if lang == "en" or not lowered.endswith(("o", "a", "e")) or len(lowered) < 5:
        return readings
    code = SIMPLEMMA_CODE[lang]
    return readings | frozenset({infinitive for ending in ("ar", "er", "ir") if dictionary_knows(
        infinitive := lowered[:-1] + ending, code) and fold(simplemma.lemmatize(infinitive, lang=code)) == infinitive})


def words(text: str) -> list[str]:
    """The words of `text`, in order (numbers and punctuation left out)."""
    return list(_words(text))


@lru_cache(maxsize=4096)
def _words(text: str) -> tuple[str, ...]:
    """`words`, kept per text: a turn's readers split the same message into words a hundred times."""
    return tuple(WORD.findall(text))


def lemmas(text: str, lang: Lang) -> list[str]:
    """The folded lemma of every word of `text`, in order."""
    return list(_lemmas(text, lang))


@lru_cache(maxsize=4096)
def _lemmas(text: str, lang: Lang) -> tuple[str, ...]:
    """`lemmas`, kept per text and language, as `words`."""
    return tuple(lemma(word, lang) for word in _words(text))


_ENDINGS: dict[Lang, tuple[str, ...]] = {
    "pt-BR": ("a", "e", "o", "as", "es", "ou", "iu", "ei", "i", "am", "em"),
    "es": ("a", "e", "o", "as", "es", "a", "e", "i", "o", "aste", "iste", "an", "en"),
    "ca": ("a", "e", "o", "es", "i", "eu", "em", "at", "it"),
    "en": ("", "s", "ed", "ing"),
}
_MIN_MISSPELT = 6  # shorter words are too often another word one letter away


def misspelt_verbs(text: str, lang: Lang, verbs: frozenset[str]) -> list[str]:
    """Which of `verbs` (infinitives) the words of `text` that the dictionary of `lang` does not know are, one
    letter away from the infinitive or a common form ("tranfere" → "transferir", "enviaar" → "enviar"). Known
    words are never read as another ("mandar" is no misspelt "andar")."""
    found = []
    for word in words(text):
        lowered = fold(word)
        if len(lowered) < _MIN_MISSPELT or known(lowered, lang):
            continue
        for verb in verbs:
            stem = verb if lang == "en" else verb[:-2]
            forms = {verb, *(stem + ending for ending in _ENDINGS[lang])}
            if any(one_edit(lowered, form) for form in forms):
                found.append(verb)
    return found


def one_edit(a: str, b: str) -> bool:
    """Whether `a` and `b` differ by at most one letter inserted, dropped, replaced or two neighbours swapped."""
    if a == b:
        return True
    if abs(len(a) - len(b)) > 1:
        return False
    head = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    if len(a) == len(b):
        return a[head + 1:] == b[head + 1:] or (a[head + 2:] == b[head + 2:] and a[head:head + 2] == b[head:head + 2][::-1])
    shorter, longer = (a, b) if len(a) < len(b) else (b, a)
    return shorter[head:] == longer[head + 1:]
