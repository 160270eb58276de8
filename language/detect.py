"""Which of an organisation's languages one customer message is written in.

`detect_language(text, allowed=..., fallback=...)` is a pure function: the detector sees only the letters of the
message (digits, punctuation, emoji, links and anything shaped like a Pix key are taken out) and only the allowed
languages, and the answer changes from `fallback` -- the conversation's current language -- only when the message
says clearly that it is another one:

* fewer than `MIN_LETTERS` letters or `MIN_WORDS` words ("sim", "ok", "128", "👍", "R$ 50", "obrigado", "iPhone
  13", "Ana") -> `fallback`: one word is a name, a model or a yes, and says nothing of the language;
* otherwise the detector's probabilities over the allowed languages; the best one wins only when it beats
  `fallback`'s probability by `MARGIN`, else `fallback` ("pro João" stays in the conversation's language);
* a switch needs the new language's dictionary (simplemma) to know at least as many of the message's words as the
  current one's: byte n-grams read "el celu que compre vino fallado" as Portuguese, but "el" and "vino" are no
  Portuguese words;
* and a switch needs the message to be some language at all: over all 97 of the detector's languages, its best is
  not "zxx" (no linguistic content) and pt, es, ca and en hold at least `MIN_OWN_SHARE` of the probability. A
  keyboard mash ("asdkjh qwpoeiru zxmcnv") restricted to four languages still has a winner, and a Spanish customer
  was answered in Portuguese; over all languages it is "zxx" at 0.84, and Magie's four hold 0.2 %.

The detector is **py3langid** (a maintained fork of langid.py: a naive Bayes model over byte n-grams, 97
languages), restricted to pt, es, ca and en, loaded once on first use (about 1.7 s) and shared.

Why py3langid and not lingua-language-detector (both measured on the 451 hand-written WhatsApp-style turns of
`tools/eval/perception_turns`, dev and held-out, pt-BR 163 / es 125 / ca 94 / en 69, 134 of them of at most three words;
lingua 2.1.1 restricted to the same four languages with preloaded models; the same cleaning and rule):

| | py3langid 0.4.0 | lingua 2.1.1 |
|---|---|---|
| top language alone, all turns / longer than 3 words | 394 / 306 of 317 (96.5 %) | 386 / 300 of 317 (94.6 %) |
| this rule, first message (fallback: the organisation's language) | 405 (89.8 %) | 385 (85.4 %) |
| this rule, ongoing chat (fallback: the customer's own language) | 444 (98.4 %) | 442 (98.0 %) |
| time per message (probabilities, after loading) | about 110 µs | about 200 µs |
| installed size | 4.5 MB (+ numpy) | 96 MB |

py3langid was as good or better on every figure, twice as fast and a twentieth of the size, so it is the one used.
With the two-word rule added on top, the same turns give 397 of 451 (88.0 %) for a first message and 446 of 451
(98.9 %) in an ongoing chat, where a wrong switch is what hurts ("iPhone 13" no longer turns a Spanish chat English).
The margin 0.2 and the 5 letters were chosen on the same turns (margin 0, 0.2, 0.4 ... 0.9; 3 or 5 letters): a
larger margin makes fewer wrong switches in an ongoing chat (99.6 % at 0.4) but misses more customers who write in
another language than the organisation's (78 % instead of 83 % at 0.2). `python -m tools.eval.perception_sets` prints
the accuracy; `bench/language_detect_bench.py` the speed.
"""

import copy
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, cast

from language.brcode import brcode_find
from language.kept import per_text
from language.locales import LANGS, Lang
from language.pix_keys import pix_key_spans
from language.text import fold

MIN_LETTERS = 5
MIN_WORDS = 2
MARGIN = 0.2
# The lowest share of Magie's four languages (over all of the detector's) among the 390 turns of the perception
# sets long enough to be read is 1.3 % ("sí, dale"); mashes and laughter ("kkkkkk hahaha") hold 0.2-0.7 %.
MIN_OWN_SHARE = 0.01
# A first message whose likeliest language has at least this probability is not read by its dictionary instead
# ("faz um transfer de 40 pro pedro asap": Portuguese at 0.94, though only Spanish's dictionary knows all its words);
# "mandale a joao" (0.52 Portuguese) is. Chosen on the tests and the tuning conversations.
SURE = 0.8
_NO_LANGUAGE = "zxx"
_CODES: dict[str, Lang] = {"pt": "pt-BR", "es": "es", "ca": "ca", "en": "en"}
_LINK = re.compile(r"(?i)\b(?:https?://|www\.)\S+")
_NOT_LETTERS = re.compile(r"[^\w\s'’·-]|[\d_]")
_LETTER = re.compile(r"[^\W\d_]")


@lru_cache(maxsize=1)
def _any_language_identifier() -> Any:
    """The py3langid model over all its languages, with normalised probabilities (loaded once)."""
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


@lru_cache(maxsize=1)
def _identifier() -> Any:
    """The same model restricted to Magie's languages (a copy: one load from disk serves both)."""
    identifier = copy.deepcopy(_any_language_identifier())
    identifier.set_languages(list(_CODES))
    return identifier


@per_text
def is_some_language(clean: str) -> bool:
    """Whether the cleaned `clean` reads as a language of Magie's at all, over all of the detector's languages:
    its best is not "zxx" and Magie's four hold at least `MIN_OWN_SHARE` (see the module docstring)."""
    ranked = _any_language_identifier().rank(clean)
    own = sum(probability for code, probability in ranked if code in _CODES)
    return ranked[0][0] != _NO_LANGUAGE and own >= MIN_OWN_SHARE


# Names of products, brands and standards: the same in every language, and English-looking to the detector
# ("un iPhone 12", "cable lightning" turned a Spanish chat English for the rest of the chat). Also any word with a
# capital inside it ("iPhone", "AirPods") or glued to digits ("S23", "128GB"), which is a model, not a language.
BRAND_WORDS = frozenset({
    "iphone", "ipad", "ipod", "airpods", "macbook", "imac", "apple", "watch", "samsung", "galaxy", "xiaomi", "redmi",
    "poco", "motorola", "moto", "edge", "pixel", "google", "huawei", "honor", "oppo", "realme", "nokia", "sony",
    "xperia", "lg", "oneplus", "lightning", "usb", "type", "magsafe", "bluetooth", "wifi", "android", "ios", "pro",
    "max", "plus", "ultra", "mini", "lite", "fe", "note", "pix", "whatsapp", "instagram", "gb", "tb", "mah", "w",
})
# Thanks, agreement and goodbyes, in any of the four languages (folded): a later message made of these alone says
# nothing of the language the customer reads ("perfect thanks!" closing a Spanish booking kept the chat Spanish).
COURTESY_ONLY_WORDS = frozenset({
    "ok", "okay", "okey", "oki", "okk", "vale", "va", "dale", "perfect", "perfecte", "perfecto", "perfeito", "great",
    "cool", "nice", "super", "genial", "top", "awesome", "excellent", "lovely", "fantastic", "good", "fine", "sure",
    "thanks", "thank", "you", "thx", "ty", "tks", "cheers", "gracias", "gracies", "merci", "moltes", "muchas",
    "muito", "mil", "obrigado", "obrigada", "brigado", "valeu", "vlw", "bye", "adeu", "adios", "chau", "ciao",
    "tchau", "bueno", "be", "bien", "bom", "yes", "yeah", "yep", "si", "sim", "alright", "so", "much", "very",
})
# Names of sports said in English inside any language ("tienes availability para climbing", "volem fer
# snowshoeing"): like brands, they say nothing of the customer's language.
SPORT_NAME_WORDS = frozenset({
    "ski", "skis", "skiing", "snowboard", "snowboarding", "climbing", "snowshoe", "snowshoes", "snowshoeing",
    "trekking", "hiking", "rafting", "canyoning", "kayak", "surf", "surfing", "paddle",
})
_MODEL_WORD = re.compile(r"(?<![\w'’·-])(?:[a-z]+[A-Z]\w*|\w*\d\w*)(?![\w'’·-])")


@per_text
def letters_of(text: str) -> str:
    """`text` with links, Pix-key-shaped runs, digits, punctuation, emoji, product or brand names (`BRAND_WORDS`) and
    capitalised names after the first word blanked out: what the detector reads."""
    if "000201" in text:  # a pasted Pix code's merchant, city and domain words are nobody's language ("gov bcb")
        for found in reversed(brcode_find(text)):
            text = text[:found.start] + " " + text[found.end:]
    for start, end in reversed(pix_key_spans(text)):
        text = text[:start] + " " + text[end:]
    text = _MODEL_WORD.sub(" ", _LINK.sub(" ", text))
    kept = _NOT_LETTERS.sub(" ", text).split()
    # A capitalised word after the first is a name ("no, a João" read as Portuguese in a Spanish chat): no language.
    # a sport's name said alone ("snowshoeing") is all there is to read: kept then
    sports = SPORT_NAME_WORDS if any(word.lower() not in SPORT_NAME_WORDS for word in kept) else frozenset()
    return " ".join(word for index, word in enumerate(kept) if word.lower() not in BRAND_WORDS
                    and not _brand_typed_off(word.lower()) and word.lower() not in sports
                    and not (index and word[:1].isupper() and word != "I"))


@lru_cache(maxsize=1024)
def _brand_typed_off(word: str) -> bool:
    """Whether `word` is a brand of six letters or more typed one letter off ("ipphone", "iphne", "samsug") that no
    dictionary knows ("phone" is English): a name of a thing, no language ("ipphone doze" turned a Portuguese chat
    English)."""
    from language.lemmas import known_unaccented, one_edit

    return len(word) >= 5 and any(len(brand) >= 6 and one_edit(word, brand) for brand in BRAND_WORDS) and not any(
        known_unaccented(word, lang) for lang in LANGS)


def language_probabilities(text: str, allowed: Sequence[str]) -> dict[Lang, float]:
    """The detector's probability of each allowed language for `text` as given (no cleaning), summing to 1."""
    ranked = {_CODES[code]: probability for code, probability in _ranked(text)}
    kept = {lang: ranked[lang] for lang in LANGS if lang in allowed}
    total = sum(kept.values())
    return {lang: value / total for lang, value in kept.items()} if total > 0 else {}


@per_text
def _ranked(text: str) -> tuple[tuple[str, float], ...]:
    """The detector's ranking of Magie's four languages for `text` (both detections of a message ask it)."""
    return tuple(_identifier().rank(text))


def _one_dictionary_language(clean: str, usable: Sequence[Lang]) -> Lang | None:
    """The one allowed language whose lemma dictionary (simplemma) knows every word of three letters or more of
    `clean` that some allowed dictionary knows, when exactly one does ("tem" is Portuguese, or Catalan, which a store of pt, es and en does not serve)."""
    from language.lemmas import known
    from language.lexicon import reader_words

    def knows(word: str, lang: Lang) -> bool:
        return known(word, lang) or fold(word) in reader_words(lang)  # "atendente": simplemma's pt lacks it

    words = [word.lower() for word in clean.split() if len(word) >= 3]
    # a word no dictionary knows ("joao", "pdero": a name, a typo) says nothing of the language
    words = [word for word in words if any(knows(word, lang) for lang in usable)]
    if not words:
        return None
    knowing = [lang for lang in usable if all(knows(word, lang) for word in words)]
    return knowing[0] if len(knowing) == 1 else None


# Chat shorthand no dictionary holds, and greetings other dictionaries hold by mistake ("hi" is Catalan and Spanish
# to simplemma), each written in one language only: evidence of it, like a word only that language's dictionary
# knows ("pix 30 to maria thx" is English, "manda pfv" Portuguese).
SHORTHAND: dict[Lang, frozenset[str]] = {
    "pt-BR": frozenset({"oi", "vc", "vcs", "pfv", "pfvr", "obg", "obgd", "vlw", "blz", "hj", "dnv", "msm", "qnt", "qto",
                        "agr", "dps", "tmj", "tbm", "mto", "mt", "nd", "td", "oq", "ngm", "cmg", "ctg", "qnto", "qndo",
                        "kd", "bjs", "kkk", "kkkk", "kkkkk", "rs", "rsrs"}),
    "es": frozenset({"hola", "porfa", "xfa", "tmb", "tmbn", "xq", "grax", "bno", "finde", "nd", "che", "jaja",
                     "jajaja"}),
    # "hola" is Catalan too; "bon dia", "bona tarda", "bones" greet in Catalan only (Spanish "buen", "buenas")
    "ca": frozenset({"hola", "sisplau", "dsp", "pq", "bon", "bona", "bones"}),
    "en": frozenset({"thx", "thnx", "ty", "pls", "plz", "u", "ur", "rn", "tmrw", "tmr", "btw", "idk", "wanna",
                     "gonna", "gotta", "hi", "hey"}),
}
# Whom a payment goes to, by the grammar of each language: Spanish marks a person object with a bare "a" ("pix de
# 10 a Pedro", "mandale a joao"), Portuguese contracts the preposition with the article ("pro Pedro", "ao João"),
# Catalan puts the article before the name ("a l'Ana", "al Pedro", "a en Pere"), English says "to" ("to maria").
# Each is evidence of its language when the word after it reads as a name in that language (unknown to its
# dictionary, or known as a proper noun only), so "a casa" or "a las 3" say nothing.
_TO_A_PERSON: dict[Lang, re.Pattern[str]] = {
    "pt-BR": re.compile(r"(?<![\w'])(?:pro|pru|ao|para o|para a)\s+([^\W\d_]+)"),
    "es": re.compile(r"(?<![\w'’])a\s+([^\W\d_]+)"),
    "ca": re.compile(r"(?<![\w'’])(?:a l['’]|al\s+|a en\s+|a na\s+)([^\W\d_]+)"),
    "en": re.compile(r"(?<![\w'])to\s+([^\W\d_]+)"),
}

# The hour said the way each language says it ("a les 3" is Catalan, "a las 3" Spanish): grammar, like the above.
_AT_A_TIME: dict[Lang, re.Pattern[str]] = {
    "es": re.compile(r"(?<![\w'’])a\s+(las)\s+\d"),
    "ca": re.compile(r"(?<![\w'’])a\s+(les)\s+\d"),
}


@lru_cache(maxsize=8)
def _day_words(lang: Lang) -> frozenset[str]:
    """The one-word relative days of `lang`, folded ("manana" typed without its tilde is Spanish, though the
    Portuguese dictionary has a rare "manana"); a word of two languages' tables points to neither."""
    from language.dates import RELATIVE_DAYS

    return frozenset(day for day in RELATIVE_DAYS[lang] if " " not in day)


# The short grammar words of each language (folded): articles, possessives, pronouns, prepositions. Only a word
# exactly one usable language has points to it ("mi" is Spanish at the store, "per" Catalan at the school, "the" and
# "my" English, "um" Portuguese), so each list holds the words it shares with the others too. Read in a first message
# only (`language_evidence(..., function_words=True)`): the grammar a customer writes in, beside borrowed English
# product words ("te vendo mi galaxy, battery 85%" is Spanish).
FUNCTION_WORDS: dict[Lang, frozenset[str]] = {
    "pt-BR": frozenset({"o", "a", "os", "as", "um", "uma", "uns", "umas", "do", "da", "dos", "das", "no", "na", "nos",
                        "nas", "ao", "aos", "pra", "pro", "pela", "pelo", "de", "em", "com", "por", "para", "que", "e",
                        "me", "te", "se", "eu", "nao", "meu", "minha", "meus", "minhas", "seu", "sua", "tu", "voce",
                        "voces", "vc", "vcs", "mim"}),
    "es": frozenset({"mi", "mis", "tu", "tus", "su", "sus", "el", "la", "los", "las", "lo", "le", "les", "un", "una",
                     "unos", "unas", "del", "al", "a", "de", "en", "con", "por", "para", "que", "y", "o", "me", "te",
                     "se", "no", "es", "nos", "dos"}),
    "ca": frozenset({"el", "la", "els", "les", "lo", "un", "una", "uns", "unes", "del", "al", "dels", "als", "pel",
                     "pels", "a", "de", "en", "amb", "per", "que", "i", "o", "em", "me", "et", "te", "es", "se", "jo",
                     "no", "meu", "meva", "teu", "teva", "seu", "seva", "na", "nos", "tu", "dos"}),
    "en": frozenset({"the", "a", "an", "my", "your", "to", "of", "in", "on", "at", "for", "with", "and", "or", "is",
                     "are", "i", "you", "me", "it", "this", "that", "do", "no"}),
}
# A greeting, chat shorthand, a grammar word or the way of naming whom a payment goes to: how a customer writes, not
# what about. In a mixed first message it outweighs content words ("hola, can u send 10 a maria" is Spanish: "hola"
# and "a maria" against "send"; English product and tech words are borrowed into every language).
_STRONG = frozenset({"grammar", "shorthand", "function"})


def language_evidence(text: str, usable: Sequence[Lang], *, function_words: bool = False) -> dict[Lang, int]:
    """How many words of `text` point to each of the `usable` languages and to no other of them: a word only its
    dictionary knows (accents restored: "manana" is Spanish "mañana" too), its chat shorthand (`SHORTHAND`), its
    greeting, or its way of naming whom a payment goes to (`_TO_A_PERSON`). Names, brands and figures are left out
    (`letters_of`); a word counts once. "hola, manda 35 a ana amanhã" holds two Spanish words ("hola", "a ana") and
    one Portuguese ("amanhã"). With `function_words`, a grammar word of one language only (`FUNCTION_WORDS`) counts
    too."""
    counts = dict.fromkeys(usable, 0)
    for lang, _kind in _votes(text, tuple(usable), function_words).values():
        counts[lang] += 1
    return counts


def strong_evidence(text: str, usable: Sequence[Lang]) -> dict[Lang, int]:
    """How many words of `text` point to each usable language by how it is written (`_STRONG`: a greeting or chat
    shorthand, a grammar word, the naming of a payee), not by what it is about."""
    counts = dict.fromkeys(usable, 0)
    for lang, kind in _votes(text, tuple(usable), True).values():
        counts[lang] += kind in _STRONG
    return counts


@lru_cache(maxsize=64)
def _votes(text: str, usable: tuple[Lang, ...], function_words: bool) -> dict[int, tuple[Lang, str]]:
    """Each word of `text` (by its position, folded) pointing to exactly one usable language: that language and why
    ("grammar", "shorthand", "function", "day", "stressed", "dictionary", "typo"); see `language_evidence`."""
    from language.lemmas import known, known_unaccented
    from language.lexicon import reader_words
    from language.typos import restored_reader_word

    folded = fold(text)
    votes: dict[int, tuple[Lang, str]] = {}  # a word's position in `folded` → the one language it points to, and why
    names: set[int] = set()  # the names after those prepositions, which say nothing more
    for lang in usable:
        for match in _TO_A_PERSON[lang].finditer(folded):
            name = match.group(1)
            written = text[match.start(1): match.start(1) + 1]
            # a name: capitalised as typed, a proper noun, or a word no usable dictionary knows ("joao"); a word
            # another language knows is that language's ("a raquetes", "a esqui" in Catalan are no Spanish "a"), and
            # so is a typo of a word its readers look for ("can i get a reund": "refund", no Spanish "a" + name)
            if name not in _NOT_A_NAME and (written.isupper() or _is_name(name, usable) or not any(
                    known_unaccented(name, other) or restored_reader_word(name, other) is not None
                    for other in usable)):
                votes.setdefault(match.start(), (lang, "grammar"))
                names.add(match.start(1))
    for lang in usable:
        for match in _AT_A_TIME.get(lang, re.compile("(?!)")).finditer(folded):
            votes.setdefault(match.start(1), (lang, "grammar"))
    cleaned = fold(letters_of(text))
    offset = 0
    for word in cleaned.split():
        start = folded.find(word, offset)
        offset = start + len(word) if start >= 0 else offset
        if start < 0 or start in votes or start in names or len(word) < 2 and word != "u" and not (
                function_words and any(word in FUNCTION_WORDS[lang] for lang in usable)):
            continue
        if _is_name(word, usable):
            continue  # "joao", "maria": a name says nothing of the language
        kind = "shorthand"
        pointing = [lang for lang in usable if word in SHORTHAND[lang]]
        if not pointing:
            kind, pointing = "day", [lang for lang in usable if word in _day_words(lang)]
        if not pointing and "es" in usable and _spanish_stressed_verb(text[start:start + len(word)]):
            kind, pointing = "stressed", ["es"]
        if not pointing and function_words and any(word in FUNCTION_WORDS[lang] for lang in usable):
            # a grammar word of several languages ("de", "que") points to none, and is no content word either
            kind, pointing = "function", [lang for lang in usable if word in FUNCTION_WORDS[lang]]
        if not pointing:  # a word the readers look for in a language is one of its words, known to simplemma or not
            kind, pointing = "dictionary", [lang for lang in usable if known_unaccented(word, lang)
                                            or word in reader_words(lang)]
        if not pointing and not any(known(word, lang) for lang in LANGS):
            # a typo of a word the readers look for in one language only ("plaese", "treballdaor", "dinesr"): that
            # language's ("balance plaese" is English, never the organisation's language by default); a restoration
            # to a rare word says nothing ("plaese" is also Catalan "palese", "etrato" Catalan "retrato")
            # ("lightnig" is the brand "lightning", which says nothing of the language either)
            kind, pointing = "typo", [lang for lang in usable if restored_reader_word(word, lang) is not None]
            # a typo of a word two languages share says nothing ("esspera" is Portuguese's and Spanish's "espera")
            if len(pointing) == 1 and any(known_unaccented(cast(str, restored_reader_word(word, pointing[0])), other)
                                          for other in usable if other != pointing[0]):
                pointing = []
        if len(pointing) == 1:
            votes[start] = (pointing[0], kind)
    for lang in usable:  # a day said in several words ("pasado mañana", "demà passat") is one word of its language
        for match in _day_phrases(lang).finditer(folded):
            for position in [position for position in votes if match.start() < position < match.end()]:
                del votes[position]
    return votes


@lru_cache(maxsize=8)
def _day_phrases(lang: Lang) -> re.Pattern[str]:
    """The relative days of `lang` said in several words, folded, as whole words."""
    from language.dates import RELATIVE_DAYS

    phrases = sorted((day for day in RELATIVE_DAYS[lang] if " " in day), key=len, reverse=True)
    return re.compile(r"(?<![\w'’])(?:" + "|".join(map(re.escape, phrases)) + r")(?![\w'’])")


# A verb written with its stress on the last vowel: the Rioplatense imperative ("pagá", "mandá", "cancelá", "pedí")
# or the preterite's first person ("transferí", "envié"), Spanish only: Portuguese writes that accent before a hyphen
# ("pagá-lo"); its short words so written ("dá", "tá") are under `_SPANISH_STRESSED_VERB_MIN` letters, and "está" is
# both languages' word.
_SPANISH_STRESSED_VERB_ENDINGS = {"á": ("ar",), "é": ("ar",), "í": ("er", "ir")}
_SPANISH_STRESSED_VERB_MIN = 4
_STRESSED_IN_BOTH = frozenset({"está"})
_SPANISH_WE_ENDINGS = {"ar": "amos", "er": "emos", "ir": "imos"}


def _spanish_stressed_verb(word: str) -> bool:
    """Whether `word` (as typed) is a Spanish verb stressed on its last vowel (above)."""
    import simplemma

    from language.lemmas import dictionary_knows

    lowered = word.lower()
    endings = _SPANISH_STRESSED_VERB_ENDINGS.get(lowered[-1:], ())
    if len(lowered) < _SPANISH_STRESSED_VERB_MIN or not endings or lowered in _STRESSED_IN_BOTH:
        return False
    stem = lowered[:-1]
    # a verb, not a noun that looks like an infinitive ("pajar"): its "we" form is known as that verb
    return any(dictionary_knows(stem + _SPANISH_WE_ENDINGS[ending], "es")
               and simplemma.lemmatize(stem + _SPANISH_WE_ENDINGS[ending], lang="es") == stem + ending
               for ending in endings)


def _is_name(word: str, usable: Sequence[Lang]) -> bool:
    """Whether some usable language's dictionary knows `word` as a proper noun, accents restored."""
    from language.lemmas import proper_noun_unaccented
    from language.names import name_in_every_dictionary

    return any(proper_noun_unaccented(word, lang) for lang in usable) or name_in_every_dictionary(word, usable)


_NOT_A_NAME = frozenset({"mi", "mim", "ti", "el", "la", "las", "los", "lo", "le", "les", "un", "una", "um", "uma", "me",
                         "you", "him", "her", "them", "us", "my", "your", "the", "a", "o", "pix"})


def _leader(evidence: dict[Lang, int]) -> Lang | None:
    """The one language with the most evidence, if one has more than every other."""
    ranked = sorted(evidence.items(), key=lambda item: -item[1])
    if not ranked or ranked[0][1] == 0 or (len(ranked) > 1 and ranked[1][1] == ranked[0][1]):
        return None
    return ranked[0][0]


def detect_language(text: str, allowed: Sequence[str], fallback: str, *, first: bool = False) -> str:
    """The language of one customer message among `allowed`, or `fallback` when the message does not say it clearly.

    `allowed` are the organisation's languages (values of `language.locales.Lang`; others are ignored); `fallback`
    is the conversation's current language and is returned for messages with fewer than `MIN_LETTERS` letters or
    `MIN_WORDS` words, when no allowed language beats it by `MARGIN`, or when the message is no language at all
    (`is_some_language`; see the module docstring). Deterministic; no I/O after the
    model is loaded.

    `first` says the conversation has no language yet (its first message): then a message too short for the detector
    ("tem iphone 14?": one word once the model is taken out), or one it cannot tell ("mandale 50 a Pedro"), is read in the one allowed language whose dictionary
    knows all its words, if exactly one does. Later, one word never switches a chat's language.
    """
    usable = [lang for lang in LANGS if lang in allowed]
    if not usable:
        return fallback
    if len(usable) == 1:
        return usable[0]
    evidence = language_evidence(text, usable, function_words=first)
    leader = _leader(evidence)
    if first and leader is None and sum(1 for count in evidence.values() if count) > 1 and (
            written_in := _written_in(text, evidence, strong_evidence(text, usable), fallback)) is not None:
        return written_in
    if leader is not None and sum(1 for count in evidence.values() if count) > 1:
        # a mixed message ("hola, manda 35 a ana amanhã"): the language most of its words are in; English ahead by
        # one word only (English nouns borrowed into another language's sentence), the detector's pick among the
        # languages with words of their own ("hola, necesito book a snowshoeing class para mañana afternoon": three
        # English words, two Spanish, Spanish the frame)
        runner_up = max(count for lang, count in evidence.items() if lang != leader)
        if leader == "en" and evidence[leader] - runner_up == 1 and len(kept_words := letters_of(text).split()) >= MIN_WORDS:
            voiced = {lang: p for lang, p in language_probabilities(" ".join(kept_words), usable).items()
                      if evidence[lang] >= runner_up}
            if voiced and (picked := max(voiced, key=voiced.__getitem__)) != leader and voiced[picked] >= SURE / 2:
                return picked
        return leader
    if sum(1 for count in evidence.values() if count) > 1 and not first:
        return fallback  # as many words of two languages ("quiero mandar um pix pra maria"): the chat's language
    clean = letters_of(text)
    if not first and clean.split() and all(_courtesy(fold(word).lower()) for word in clean.split()):
        return fallback  # "perfect thanks!", "ok thank you", "merci" after a booking: a courtesy, not a new language
    if len(_LETTER.findall(clean)) < MIN_LETTERS or len(clean.split()) < MIN_WORDS:
        return (leader or _one_dictionary_language(clean, usable) or fallback) if first else fallback
    probabilities = language_probabilities(clean, usable)
    best = max(probabilities, key=probabilities.__getitem__)
    if best == fallback or probabilities[best] - probabilities.get(fallback, 0.0) < MARGIN:  # type: ignore[call-overload]
        # a first message the detector cannot tell ("mandale a", two words once the figures and names are out: no
        # language at `SURE`) is read in the language its own words point to (`language_evidence`: "pix de 10 a
        # Pedro" is Spanish), else the one whose dictionary knows its words, enclitics included; one the detector
        # is sure of keeps its reading ("faz um transfer de 40 pro pedro asap" is Portuguese, though only the
        # Spanish dictionary knows all its words)
        unsure = probabilities[best] < SURE
        return (leader or _one_dictionary_language(clean, usable) or fallback) if first and unsure else fallback
    if fallback in usable and _known_words(clean, best) < _known_words(clean, fallback):
        return fallback  # "el celu que compre vino fallado": n-grams say Portuguese, "el" and "vino" are not
    if not first and fallback in usable and (evidence[best] < evidence[fallback] or (
            evidence[best] == evidence[fallback] and probabilities[best] < SURE)):
        # no more words of the new language's alone than of the chat's, and the detector unsure: "pix de 10 a maria"
        # keeps an English chat English; "cancel·la el Pix programat" (Spanish at 0.93) switches a Portuguese one
        return fallback
    if first and leader is not None and not evidence[best]:
        return leader  # the n-grams' language has no word of its own there, another has: "pix de 10 a maria"
    # words only its dictionary or chat shorthand has say it is a language the detector's own test may doubt
    # ("i wanna go climbing": "wanna" and "go" are English)
    return best if is_some_language(clean) or evidence[best] >= MIN_WORDS else fallback


_COURTESY_TYPO_MIN = 5  # a courtesy word this long typed one letter off is that word ("tanks", "perfct", "grazie")


def _courtesy(word: str) -> bool:
    """Whether `word` (folded) is a courtesy word (`COURTESY_ONLY_WORDS`), or one letter dropped, added, replaced or
    swapped off a long one ("perfect tanks!": "tanks" is "thanks", and a typo never flips the chat's language)."""
    from rapidfuzz.distance import OSA

    return word in COURTESY_ONLY_WORDS or len(word) >= _COURTESY_TYPO_MIN - 1 and any(
        len(courtesy) >= _COURTESY_TYPO_MIN and OSA.distance(word, courtesy, score_cutoff=1) <= 1
        for courtesy in COURTESY_ONLY_WORDS)


def _written_in(text: str, evidence: dict[Lang, int], strong: dict[Lang, int], fallback: str) -> Lang | None:
    """The language of a first message with as many words of two languages or more (`evidence`): the organisation's
    own (`fallback`) if it is one of them ("oi, please send 25 pro joão" at a Brazilian bank), else the one of them
    with the most greeting, shorthand and grammar words (`strong_evidence`: "hola, can u send 10 a maria" is Spanish
    by "hola" and "a maria", "send" being borrowed); None when that ties too."""
    most = max(evidence.values())
    tied = [lang for lang, count in evidence.items() if count == most]
    if fallback in tied:
        if _leader({lang: strong[lang] for lang in tied}) not in (None, fallback) and len(
                kept := letters_of(text).split()) >= MIN_WORDS:
            # written more in another than in the organisation's own: one the detector is sure of ("ei qunts diners
            # hi ha al meu compte ara" is Catalan at 0.99, though "ei" and "hi" are Portuguese and English too)
            probabilities = language_probabilities(" ".join(kept), tied)
            sure = max(probabilities, key=probabilities.__getitem__, default=fallback)
            return sure if probabilities.get(sure, 0.0) >= SURE else fallback
        return fallback
    return _leader({lang: strong[lang] for lang in tied})


def _known_words(clean: str, lang: Lang) -> int:
    """How many words of two letters or more of `clean` the lemma dictionary of `lang` knows, typed without their
    accents, cedilla or tilde too ("manana", "esqui": Spanish "mañana", "esquí", or a Spanish chat at the school
    was answered in Catalan), and its chat shorthand and greetings (`SHORTHAND`: "oi" is Portuguese, though Spanish
    "oí" is a word typed so); a word some dictionary holds as a name ("al", "joao") says nothing of the language, as
    in `language_evidence`."""
    from language.lemmas import known_unaccented

    return sum(known_unaccented(word.lower(), lang) or fold(word) in SHORTHAND.get(lang, frozenset())
               for word in clean.split()
               if len(word) >= 2 and not _is_name(fold(word), LANGS))


# The served language nearest to one an organisation does not serve, nearest first: the Romance languages to each
# other, Catalan and Spanish closest (a Catalan customer at a store of Spanish, Portuguese and English reads Spanish
# best, and was answered in Portuguese), Portuguese to Spanish before Catalan. English has none near it: a customer
# writing English where it is not served is answered in the organisation's own language, as is anyone whose nearest
# languages are not served either.
NEAREST: dict[Lang, tuple[Lang, ...]] = {
    "ca": ("es", "pt-BR"),
    "es": ("ca", "pt-BR"),
    "pt-BR": ("es", "ca"),
    "en": (),
}


def nearest_served(lang: Lang, served: Sequence[str]) -> str:
    """`lang` if `served` holds it, else the first of its `NEAREST` languages served, else the organisation's own
    (`served[0]`)."""
    if lang in served:
        return lang
    return next((near for near in NEAREST[lang] if near in served), served[0])


def reply_language(text: str, served: Sequence[str], fallback: str, *, first: bool = False) -> str:
    """The language to answer one customer message in, among the organisation's `served` languages (its own first).

    The message is read among all four of Magie's languages, not only the served ones: restricted to Portuguese,
    Spanish and English, a Catalan line ("voldria 2 iphone 14 i 1 funda s23") has a winner all the same, often the
    wrong one. When the message is clearly in a language the organisation does not serve -- `detect_language` over
    all four picks it *and* more of its words point to it than to any other language (`language_evidence`: "voldria"
    is Catalan only) -- it is answered in the nearest served language (`nearest_served`), in a first message as in
    a later one ("cancel·la el Pix programat" in a Portuguese chat at the bank: Spanish; a Catalan line in a
    Spanish chat at the store no longer switches it to Portuguese); otherwise as `detect_language` over the served
    languages says. The evidence check keeps a Portuguese line the n-grams take
    for Catalan ("vou pagar a conta") Portuguese at a bank that serves no Catalan."""
    served_only = detect_language(text, served, fallback, first=first)
    usable = [lang for lang in served if lang in LANGS]  # the organisation's own first
    if not usable or len(usable) == len(LANGS):
        return served_only
    every = cast(Lang, detect_language(text, LANGS, fallback, first=first))
    if every in usable or _leader(language_evidence(text, LANGS, function_words=first)) != every:
        return served_only
    return nearest_served(every, usable)
