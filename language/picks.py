"""One of the options the bot just listed, picked by its place: "the later one", "la primera", "la segona", "a última".

`find_pick(text, lang)` names it (first, second, third, last; "the earlier one", "la més d'hora", "la más temprana"
are the first, "the later one", "la de más tarde", "a mais tarde" the last) when the message is that pick and little
else. It is read only as the answer to the bot's own list (the caller checks the bot asked which time), so "la
segunda" or "a segunda" there is the second option, not Monday.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Literal, TypeVar

from language.locales import Lang
from language.text import fold

Pick = Literal["first", "second", "third", "last"]
T = TypeVar("T")
_ONE = {  # what may follow the ordinal: "one", "option", "time", "hour"
    "pt-BR": r"(?:\s+(?:opcao|opção|hora|horario|aula|turma))?",
    "es": r"(?:\s+(?:opcion|hora|horario|clase|turno))?",
    "ca": r"(?:\s+(?:opcio|hora|horari|classe|sessio))?",
    "en": r"(?:\s+(?:one|option|time|slot|class|session))?",
}
_WORDS: dict[Lang, tuple[tuple[Pick, str], ...]] = {
    "pt-BR": (("first", r"(?:a|o) (?:primeira|primeiro|1a|1o|mais cedo)"), ("second", r"(?:a|o) (?:segunda|segundo|2a|2o)"),
              ("third", r"(?:a|o) (?:terceira|terceiro|3a|3o)"),
              ("last", r"(?:a|o) (?:ultima|ultimo|mais tarde|de mais tarde|depois)")),
    "es": (("first", r"(?:la|el) (?:primera|primero|primer|1a|1o|mas temprana|mas temprano|de mas temprano|de antes)"),
           ("second", r"(?:la|el) (?:segunda|segundo|2a|2o)"), ("third", r"(?:la|el) (?:tercera|tercero|3a|3o)"),
           ("last", r"(?:la|el) (?:ultima|ultimo|mas tarde|mas tardia|de mas tarde|de despues)")),
    "ca": (("first", r"(?:la|el) (?:primera|primer|1a|mes d'hora|mes aviat|d'abans)"),
           ("second", r"(?:la|el) (?:segona|segon|2a)"), ("third", r"(?:la|el) (?:tercera|tercer|3a)"),
           ("last", r"(?:l'ultima|l'ultim|la darrera|el darrer|la mes tard|la de mes tard|la de despres)")),
    # not "the 2nd": a day of the month
    "en": (("first", r"(?:the )?(?:first|earlier|earliest|early)"), ("second", r"(?:the )?second"),
           ("third", r"(?:the )?third"), ("last", r"(?:the )?(?:last|later|latest|late)")),
}
_FILLERS = (r"(?:\s*(?:[,.!?]|pls|please|por favor|porfa|sisplau|si us plau|pf|pfv|then|entonces|doncs|pues|vale|ok|okay"
            r"|bueno|millor|mejor|melhor|better|si|yes|sim|i'll take|ill take|i take|i want|me quedo con|me quedo|dame"
            r"|prefiero|quiero|em quedo amb|em quedo|prefereixo|vull|posa'm|quero|prefiro|fico com|i prefer|prefer"
            r"|give me|let's do|lets do|go with|vamos con|anem per))*")


@lru_cache(maxsize=8)
def _patterns(lang: Lang) -> tuple[tuple[Pick, re.Pattern[str]], ...]:
    return tuple((pick, re.compile(rf"^{_FILLERS}\s*(?:{words}){_ONE[lang]}{_FILLERS}\s*$"))
                 for pick, words in _WORDS[lang])


def find_pick(text: str, lang: Lang) -> Pick | None:
    """Which of the options listed the whole message picks by its place, or None."""
    folded = " ".join(fold(text).split())
    for pick, pattern in _patterns(lang):
        if pattern.match(folded):
            return pick
    return None


def picked(options: Sequence[T], pick: str) -> T | None:
    """The option `pick` names among `options` in the order they were listed (None if there are too few)."""
    index = {"first": 0, "second": 1, "third": 2, "last": len(options) - 1}.get(pick)
    return options[index] if index is not None and 0 <= index < len(options) else None
