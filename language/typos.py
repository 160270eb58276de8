"""A word typed one letter off restored to the one word of the language it can be, and chat shorthand said in full
("pa" → "para", "mñn" → "mañana", "r" → "are"; `SHORTHAND`), issue 30's perturbation runs.

Customers type "amannha", "atendenet", "tomororw", "reseva": one letter doubled, dropped or swapped with the next.
`restore_typos` puts such a word back when it is safe:

- the word has at least `MIN_LETTERS` letters, only letters, and is not capitalised past the first word (a name);
- no dictionary of the four languages knows it (a word of its own is never read as another: "mandar" is no
  misspelt "andar"), nor its language's typed without accents ("amanha" is "amanhã"), nor is it a number word;
- exactly one word of the language's dictionary (simplemma, its accents restored) is one such edit away: a letter
  dropped, a doubled or an extra letter taken out, two neighbours swapped (enclitics included: "súeblo" may be
  "suelo" or "súbelo", so it is neither). Two candidates is no reading at all; a long word (`TWO_TYPOS_MIN_LETTERS`)
  with none one edit away may be two edits off one word the readers look for ("mvimientoss", "trasnferenciaa");
- a brand one letter off ("ipphone", "xiaoim", `language.detect.BRAND_WORDS`) is that brand, never a dictionary
  word ("iphone" is no misspelt "phone"); at five letters, a brand with a letter dropped ("iphne") when no
  dictionary knows the word ("phone" is a word); a Catalan "ll" that is "l·l" typed without its dot is left as typed.

A word of the dictionary one letter short of a word the readers look for ("habar", "though", "dento") is a typo
only in context: `restore_real_word_typos` puts it back, and the caller reads that only when it adds to what the
message as typed says and changes nothing of it.

Letters are never replaced by others (that would find a neighbour for almost any word), and words holding digits,
codes, e-mails and keys are left alone (they are not runs of letters). `asks.perception.builtin.perceive` reads
the restored text only when it does not change the request kind the message already had.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from language.detect import BRAND_WORDS
from language.lemmas import SIMPLEMMA_CODE, dictionary_knows, known, known_unaccented, lemma, one_edit, proper_noun
from language.lexicon import reader_words, table_words
from language.locales import Lang
from language.text import fold

MIN_LETTERS = 6  # shorter words are too often another word one letter away
LANGS: tuple[Lang, ...] = ("pt-BR", "es", "ca", "en")
_TOKEN = re.compile(r"(?<![\w@./:+-])[^\W\d_]+(?:·[^\W\d_]+)*(?![\w@/:+-]|\.\w)")  # "cancel·lao" whole
_LETTERS = "abcdefghijklmnopqrstuvwxyzçñ"
_ACCENTED: dict[str, str] = {"a": "áàâã", "e": "éêè", "i": "íï", "o": "óôõò", "u": "úü", "n": "ñ", "c": "ç"}


def _known_with_accent(word: str, code: str) -> bool:
    """Whether the dictionary knows `word` as typed or with one accent, tilde or cedilla put back ("manana")."""
    if dictionary_knows(word, code):
        return True
    return any(dictionary_knows(word[:index] + mark + word[index + 1:], code)
               for index, char in enumerate(word) for mark in _ACCENTED.get(char, ""))


def _edits(word: str) -> set[str]:
    """Every word one letter dropped, one letter inserted or two neighbours swapped away from `word`."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    dropped = {a + b[1:] for a, b in splits if b}
    swapped = {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1 and b[0] != b[1]}
    inserted = {a + letter + b for a, b in splits for letter in _LETTERS}
    return (dropped | swapped | inserted) - {word}


@lru_cache(maxsize=4096)
def restored(word: str, lang: Lang, also: frozenset[str] = frozenset()) -> str | None:
    """The one word of `lang` that `word` (folded, lower case) is a typo of, or None (see the module). The words
    the readers look for (`language.lexicon.reader_words`, and `also`) come first: "lmiite" is "limite", not
    "miite"; "atendenet" is "atendente", which the dictionary lacks; "mandr", five letters, is "mandar"."""
    if len(word) < MIN_LETTERS - 1 or not word.replace("·", "").isalpha() or word in BRAND_WORDS:
        return None
    brands = {brand for brand in BRAND_WORDS if len(brand) >= MIN_LETTERS - 1 and one_edit(word, brand)}
    if brands and len(word) >= MIN_LETTERS:  # "ipphone", "xiaoim": a brand, never a word of the dictionary
        return next(iter(brands)) if len(brands) == 1 else None
    # five letters, a brand's letter dropped ("iphne", "ihone"): the brand when no dictionary knows the word ("phone")
    brands = {brand for brand in brands if len(brand) > len(word)}
    if brands and not any(known(word, other) or known_unaccented(word, other) for other in LANGS):
        return next(iter(brands)) if len(brands) == 1 else None
    if known(word, lang) or known_unaccented(word, lang) or _number_word(word, lang):
        return None
    if "ll" in word and known(word.replace("ll", "l·l", 1), lang):
        return None  # "anulla": Catalan "anul·la" typed without its middle dot
    lexicon = reader_words(lang) | also
    code = SIMPLEMMA_CODE[lang]
    ours = {candidate for candidate in _edits(word) if len(candidate) >= MIN_LETTERS and candidate in lexicon}
    if not ours:  # a number said in words, which no table lists and some dictionaries lack ("veintiocoh", "cinqunta")
        ours = {candidate for candidate in _edits(word) if len(candidate) >= MIN_LETTERS
                and _number_word(candidate, lang)}
    if ours & _day_phrase_words(lang):
        return None  # "pasat", "pasao": a word of a day of several words, read only beside its partner (below)
    if len(ours) > 1:  # "tomororw": "tomorrow" and the tables' own misspelt "tomorow"; the dictionary's word wins
        ours = {candidate for candidate in ours if known(candidate, lang) or _known_with_accent(candidate, code)}
    if len(ours) > 1 and len(verbs := {lemma(candidate, lang) for candidate in ours}) == 1 and verbs <= ours:
        # "transfeir": "transferir" or "transferi", one verb; its infinitive, no tense guessed. A noun's forms
        # ("friensd": "friend" or "friends") are the one with the letters as typed, two swapped
        swapped = {candidate for candidate in ours if sorted(candidate) == sorted(word)}
        ours = swapped if lang == "en" and len(swapped) == 1 else verbs
    # a word another language's dictionary knows ("amana", "cacela": Spanish entries) is restored in a Portuguese
    # message only to a word the readers look for ("amanha", "cancela")
    if not ours and len(word) >= TWO_TYPOS_MIN_LETTERS and not any(known(word, other) for other in LANGS):
        ours = _two_typos_off(word, lexicon)  # "mvimientoss", "trasnferenciaa": two slips in one long word
    if not ours and not any(known(word, other) or known_unaccented(word, other) for other in LANGS):
        # "aamnhã" in a Spanish message: the Portuguese "amanhã" the dates read in any message (read as typed, the
        # Pix went today); only a day of one word, of another language, and from a word no dictionary knows
        ours = _edits(word) & _other_languages_days(lang)
    if ours or len(word) < MIN_LETTERS or any(known(word, other) for other in LANGS):
        return next(iter(ours)) if len(ours) == 1 else None
    candidates = set(_dictionary_candidates(word, lang))
    if len(candidates) > 1 and len({lemma(candidate, lang) for candidate in candidates}) == 1:
        # forms of one word ("friensd": "friends" or "friend"): the one with the letters as typed, two swapped
        swapped = {candidate for candidate in candidates if sorted(candidate) == sorted(word)}
        candidates = swapped if len(swapped) == 1 else candidates
    return _one_reading(candidates, lang, also)


@lru_cache(maxsize=1024)
def _dictionary_candidates(word: str, lang: Lang) -> frozenset[str]:
    """The words of `lang`'s dictionary one edit off `word` (`_dictionary_word`): what `restored` picks from when
    none the readers look for is; kept per word, which is restored with several `also` in one turn."""
    return frozenset(candidate for candidate in _edits(word) if _dictionary_word(candidate, lang))


def _dictionary_word(candidate: str, lang: Lang) -> bool:
    """Whether `candidate` may be what a typo stands for in `lang`: of `MIN_LETTERS` - 1 letters or more, known to
    its dictionary as typed or with an accent put back, and no proper noun."""
    return len(candidate) >= MIN_LETTERS - 1 and (
        known(candidate, lang) or _known_with_accent(candidate, SIMPLEMMA_CODE[lang])) and not proper_noun(candidate, lang)


def restored_reader_word(word: str, lang: Lang) -> str | None:
    """`restored(word, lang)` when it is a word the readers look for and no brand (the language detector's typo
    vote), else None. `restored` reaches such a word only as an edit of `word` the readers look for of
    `MIN_LETTERS` letters, or one of the dictionary's (`_dictionary_word`), or as two edits of a word of
    `TWO_TYPOS_MIN_LETTERS`: a word with none of them is not restored at all (the dictionary's words around it cost
    thousands of look-ups)."""
    if len(word) < TWO_TYPOS_MIN_LETTERS:
        ours = _edits(word) & reader_words(lang)
        if not any(len(candidate) >= MIN_LETTERS or _dictionary_word(candidate, lang) for candidate in ours):
            return None
    meant = restored(word, lang)
    return meant if meant in reader_words(lang) and meant not in BRAND_WORDS else None


def _number_word(word: str, lang: Lang) -> bool:
    """Whether `word` is a number said in words in `lang` ("sessenta", which the dictionary lacks, is no misspelt
    "sessentao")."""
    from language.numbers import find_numbers

    return any(number.start == 0 and number.end == len(word) for number in find_numbers(word, lang))


TWO_TYPOS_MIN_LETTERS = 8  # a word this long may carry two slips and still be only one word the readers look for


def _two_typos_off(word: str, lexicon: frozenset[str]) -> set[str]:
    """The words the readers look for, of `TWO_TYPOS_MIN_LETTERS` letters or more and the same first letter, two
    drops, insertions or swaps away from `word` (met halfway: an edit of each is the same string); never the
    dictionary's other words, which are too many to be told apart at that distance."""
    halfway = _edits(word) | {word}
    return {candidate for candidate in lexicon
            if len(candidate) >= TWO_TYPOS_MIN_LETTERS and candidate[0] == word[0]
            and abs(len(candidate) - len(word)) <= 2 and _edits(candidate) & halfway}


def _one_reading(candidates: set[str], lang: Lang, also: frozenset[str]) -> str | None:
    """The one candidate a typo stands for, or None: the only one; else the only one whose lemma is a lemma the
    readers look for ("canclala": "cancelala", a form of "cancelar", not "anclala" nor "chanclala") or that is a
    number word ("cineto": "ciento"); several of the
    one verb the readers read alike ("cancel·lao": "cancel·la" or "cancel·lo", both "cancel·lar") give the first."""
    if len(candidates) <= 1:
        return next(iter(candidates), None)
    wanted = reader_lemmas(lang) | {lemma(word, lang) for word in also}
    readings = {candidate: lemma(candidate, lang) for candidate in candidates}
    # a number said in words is read too ("cineto veintiocho": "ciento", not "cinto" nor "acineto")
    read = {candidate for candidate, found in readings.items() if found in wanted or _number_word(candidate, lang)}
    if read & _day_phrase_words(lang):
        return None  # "pasat" alone is no "passat": a word of a day of several words is read only beside its partner
    if len({readings[candidate] for candidate in read}) == 1:
        return min(read)
    return None


@lru_cache(maxsize=8)
def _other_languages_days(lang: Lang) -> frozenset[str]:
    """The folded relative days of one word of the languages other than `lang` ("amanha", "manana", "tomorrow"),
    of `MIN_LETTERS` letters or more, which `language.dates` reads in a message of any language."""
    from language.dates import RELATIVE_DAYS

    return frozenset(fold(day).lower() for other in LANGS if other != lang for day in RELATIVE_DAYS[other]
                     if " " not in day and len(day) >= MIN_LETTERS)


@lru_cache(maxsize=8)
def _day_phrase_words(lang: Lang) -> frozenset[str]:
    """The folded words of the relative days of several words of `lang` that are no day alone ("passat" of "demà
    passat"; not "amanha", a day of its own, nor "depois", which shifts a day by itself: "um dia depois")."""
    from language.dates import DAY_SHIFTS, RELATIVE_DAYS

    alone = {fold(day).lower() for day in RELATIVE_DAYS[lang] if " " not in day}
    return frozenset(fold(word).lower() for day in RELATIVE_DAYS[lang] if " " in day
                     for word in day.split()) - alone - table_words(DAY_SHIFTS[lang])


@lru_cache(maxsize=8)
def reader_lemmas(lang: Lang) -> frozenset[str]:
    """The lemmas of the words the readers look for in `lang` (`language.lexicon.reader_words`), once a language."""
    return frozenset(lemma(word, lang) for word in reader_words(lang))


REAL_WORD_MIN_LETTERS = 5  # a word of the dictionary this long may be a typo of a word the readers look for


@lru_cache(maxsize=4096)
def real_word_restored(word: str, lang: Lang, also: frozenset[str] = frozenset(),
                       keep: frozenset[str] = frozenset()) -> str | None:
    """The word the readers look for that `word`, a word of the dictionary itself (folded, lower case), is one
    letter dropped, doubled or swapped off, or None: "habar" (a Spanish word) is "hablar", "though" "through",
    "dento" "dentro", "moring" "morning", "borala" "borrala" (a form of "borrar"). Only a candidate the readers
    look for counts (`language.lexicon.reader_words`, `also`, or a form of one of their lemmas), and only one
    reading of it (`_one_reading`); a word they read themselves in any language, a form of one of their lemmas or a
    word of `keep` (the caller's names of things: "escalada" is no misspelt "escalfada") is never changed. The caller reads the result only when it adds to what the
    message as typed says and changes nothing of it (`asks.perception.builtin.perceive`)."""
    if len(word) < REAL_WORD_MIN_LETTERS or not word.isalpha() or word in BRAND_WORDS:
        return None
    lexicon = reader_words(lang) | also
    wanted = reader_lemmas(lang) | {lemma(each, lang) for each in also}
    if word in lexicon or word in keep or lemma(word, lang) in wanted or proper_noun(word, lang) or any(
            word in reader_words(other) for other in LANGS):
        return None
    edits = _dropped_letter_put_back(word)
    # the readers' own words first (a set intersection), then the dictionary's forms of their lemmas
    ours = {candidate for candidate in edits & lexicon if known(candidate, lang) or known_unaccented(candidate, lang)}
    if not ours:
        ours = {candidate for candidate in edits if known(candidate, lang) and lemma(candidate, lang) in wanted}
    return _one_reading(ours, lang, also)


def _dropped_letter_put_back(word: str) -> set[str]:
    """`word` with one letter put back inside it, neither first nor last: how a word typed with a letter missing
    ("habar", "though") becomes another word of the dictionary. A letter more at either end is another form of the
    same word ("manda"/"mandar", "agenda"/"agendai") or another word ("plazas"/"aplazas"), never a typo read so."""
    return {word[:index] + letter + word[index:] for index in range(1, len(word)) for letter in _LETTERS} - {word}


def restore_real_word_typos(text: str, lang: Lang, also: frozenset[str] = frozenset(),
                            keep: frozenset[str] = frozenset()) -> str:
    """`text` with each word of the dictionary that is one letter off a word the readers look for put back as that
    word (`real_word_restored`); the text itself when none is. Names (capitalised past the first word) and the
    codes pasted are left as typed, as in `restore_typos`."""
    def restore(match: re.Match[str]) -> str:
        word = match.group()
        if word[:1].isupper() and match.start() > 0:
            return word
        found = real_word_restored(fold(word), lang, also, keep)
        return found if found is not None else word

    return _around_pix_codes(text, lambda part: _TOKEN.sub(restore, part))


# WhatsApp shorthand the reading's own tables do not all know, per language, as the word it stands for (folded keys).
SHORTHAND: dict[Lang, dict[str, str]] = {
    "pt-BR": {"q": "que", "tbm": "também", "tb": "também", "n": "não", "qto": "quanto", "qnto": "quanto",
              "qdo": "quando", "qndo": "quando", "hj": "hoje", "vc": "você", "vcs": "vocês", "pq": "porque"},
    "es": {"q": "que", "xq": "porque", "pa": "para", "mñn": "mañana", "mnn": "mañana", "tb": "también",
           "tmb": "también", "msj": "mensaje", "cdo": "cuando"},
    "ca": {"q": "que", "pq": "perquè", "tb": "també", "mlt": "molt", "dsp": "després"},
    "en": {"r": "are", "acct": "account", "u": "you", "ur": "your", "tmrw": "tomorrow", "tmr": "tomorrow",
           "ppl": "people", "wanna": "want to"},
}  # courtesies ("pls", "porfa", "thx") are read as typed: they ask nothing


def restore_typos(text: str, lang: Lang, also: frozenset[str] = frozenset()) -> str:
    """`text` with each word one letter off restored and each shorthand of `SHORTHAND` said in full (see the
    module); the text itself when none is. `also`: more words the caller reads (its request words), preferred as
    the readers' own are."""
    def restore(match: re.Match[str]) -> str:
        word = match.group()
        if (full := SHORTHAND[lang].get(word.lower())) is not None:
            return full
        if word[:1].isupper() and match.start() > 0:
            return word  # a name, a brand
        found = restored(fold(word), lang, also)
        return found if found is not None else word

    return _around_pix_codes(text, lambda part: _restore_day_phrases(_TOKEN.sub(restore, part), lang))


def _around_pix_codes(text: str, restore: Callable[[str], str]) -> str:
    """`restore` applied to the words around each pasted Pix code of `text`, the code itself as typed (its merchant's
    name and city are letters too): "paga esse código, descição: aluguel 000201…" is the description, "descrição"."""
    if "000201" not in text:
        return restore(text)
    from language.brcode import brcode_find

    parts, at = [], 0
    for code in brcode_find(text):
        parts += [restore(text[at:code.start]), text[code.start:code.end]]
        at = code.end
    return "".join(parts) + (restore(text[at:]) if at < len(text) else "")


_PHRASE_WORD_MIN = 4  # a word of a day phrase this long may be one edit off beside its partner; "de", "d" may not


def _restore_day_phrases(text: str, lang: Lang) -> str:
    """`text` with a relative day of several words put back when one of its words is one edit off and the others are
    typed right beside it ("dema pssat", "depos de amanha", "pasaado mañana" are the day after tomorrow: read as typed,
    they were tomorrow). A word short or alone is never read so."""
    from language.dates import RELATIVE_DAYS

    tokens = list(_TOKEN.finditer(text))
    folded = [fold(token.group()).lower() for token in tokens]
    phrases = [day for day in RELATIVE_DAYS[lang] if " " in day]
    typed_right = {" ".join(folded[start:start + len(day.split())]) for start in range(len(folded))
                   for day in phrases} & set(phrases)
    for phrase in phrases:
        said = phrase.split()
        for start in range(len(tokens) - len(said) + 1):
            window = range(start, start + len(said))
            if any(text[tokens[i].end():tokens[i + 1].start()].strip() for i in window[:-1]):
                continue  # only spaces between the words of one phrase
            if any(day in " ".join(folded[max(0, start - 3):start + len(said) + 3]) for day in typed_right):
                continue  # a day typed right there ("pasado mañana" is no misspelt "pasao manana")
            pairs = [(folded[i], word) for i, word in zip(window, said, strict=True)]
            off = [index for index, (typed, word) in enumerate(pairs) if typed != word]
            if not off or len(off) == len(pairs) or not all(
                    len(said[index]) >= _PHRASE_WORD_MIN and one_edit(pairs[index][0], said[index]) for index in off):
                continue
            for index in reversed(off):
                token = tokens[start + index]
                text = text[:token.start()] + said[index] + text[token.end():]
            return text  # one phrase a message
    return text


# The "and" inside a number said in words ("duzentos e cinquenta", "doscientos y cincuenta", "two hundred and fifty").
_NUMBER_AND: dict[Lang, str] = {"pt-BR": r"e", "es": r"y", "ca": r"i", "en": r"and"}


def misspelt_number_word_beside(text: str, lang: Lang, start: int, end: int) -> bool:
    """Whether the number said at `text[start:end]` has a word right before or after it (or across the number's own
    "and") that no dictionary knows and that is one letter dropped, added or swapped off a number word of `lang`:
    "duezntos e cinquenta" is no 50, "duzentos e cinqenta" no 200; the number phrase is unread, not cut short."""
    joiner = _NUMBER_AND[lang]
    before = re.search(rf"(?<![\w-])([^\W\d_]+)[\s-]+(?:{joiner}\s+)?$", text[:start])
    after = re.match(rf"[\s-]+(?:{joiner}\s+)?([^\W\d_]+)(?![\w-])", text[end:])
    return any(_misspelt_number_word(fold(found.group(1)).lower(), lang) for found in (before, after) if found)


@lru_cache(maxsize=1024)
def _misspelt_number_word(word: str, lang: Lang) -> bool:
    """Whether `word` (folded) is a typo of a number word of `lang` (above) and no word of its own."""
    if len(word) < 4 or _number_word(word, lang) or any(known(word, other) or known_unaccented(word, other)
                                                       for other in LANGS):
        return False
    return any(_number_word(candidate, lang) for candidate in _edits(word))
