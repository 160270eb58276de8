"""The words the readers of `language/` look for, per language: what a typo is most likely a typo of.

A customer's typo ("atendenet", "amannha", "lmiite") is one letter off a word the bot reads (a role asked for, a
relative day, a limit), far more often than off a rare word of the dictionary that happens to be one letter away
too ("amanunha", "miite"). `language.typos` prefers these words when the dictionary offers several candidates or
none (simplemma lacks "atendente").

The words are gathered from the readers' own tables, `language/`'s, so a word added to a table is known here too;
the request perception (`asks.perception`, an app above this one) gathers its own tables' words the same way
(`modules_words`) and passes them to the typo readers as their `also` (a word only it reads, "prices", "apunta",
"cargador", is as likely a typo's word). Per-language tables (`dict` keyed by language, or by organisation kind and then language: sets, word
tuples, regex strings) give that language's words; tables shared by all languages give a language the words its
dictionary knows. Only whole words of at least `MIN_LETTERS` letters count (a stem inside a regex, "transferenc" of
"transferenc\\w*", is none).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from types import ModuleType

from language.lemmas import known, known_unaccented
from language.locales import LANGS, Lang
from language.text import fold

MIN_LETTERS = 5
# a run of letters not glued to a regex escape or to more letters ("movimentac\w*" gives nothing); one whose last
# letter is optional ("pessoas?") gives both words
_WORD = re.compile(r"(?<![\\\w])([a-zç]+)(\??)(?![\w\\\[(])")


def _strings(value: object) -> Iterable[str]:
    """Every string inside a table value (sets, tuples, dicts' keys and values, compiled patterns)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, re.Pattern):
        yield value.pattern
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key)
            yield from _strings(item)
    elif isinstance(value, (set, frozenset, tuple, list)):
        for item in value:
            yield from _strings(item)


def table_words(value: object) -> frozenset[str]:
    """The whole words of at least `MIN_LETTERS` letters, folded, of a table (see the module)."""
    found = {said for text in _strings(value) for word, optional in _WORD.findall(fold(text).lower())
             for said in ((word, word[:-1]) if optional else (word,))}
    return frozenset(word for word in found if len(word) >= MIN_LETTERS)


def _tables() -> list[ModuleType]:
    """The modules whose tables the readers of `language/` read."""
    from language import dates, day_parts, intents, markers, picks  # read at the first look-up: they import this one

    return [dates, day_parts, intents, markers, picks]


@lru_cache(maxsize=8)
def reader_words(lang: Lang) -> frozenset[str]:
    """The folded words the readers of `language/` look for in `lang` (see the module)."""
    return modules_words(_tables(), lang)


def modules_words(modules: Iterable[ModuleType], lang: Lang) -> frozenset[str]:
    """The folded words the tables of `modules` hold for `lang` (see the module)."""
    own: set[str] = set()
    shared: set[str] = set()
    for module in modules:
        for name, value in vars(module).items():
            if name.startswith("__") or isinstance(value, (ModuleType, type)) or callable(value) and not isinstance(
                    value, re.Pattern):
                continue
            if isinstance(value, dict) and value and set(value) <= set(LANGS):
                own |= table_words(value.get(lang, ()))
            elif isinstance(value, dict) and value and all(  # per organisation kind, then per language
                    isinstance(inner, dict) and inner and set(inner) <= set(LANGS) for inner in value.values()):
                own |= {word for inner in value.values() for word in table_words(inner.get(lang, ()))}
            elif isinstance(value, (set, frozenset, tuple, re.Pattern)):
                shared |= table_words(value)
    return frozenset(own | {word for word in shared if known(word, lang) or known_unaccented(word, lang)})
