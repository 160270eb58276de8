"""A part of the day said without a clock time: "al matí", "la de la tarde", "the afternoon one", "à noite".

`find_day_part(text, lang)` names it (morning, afternoon, evening, night; "early", "temprano", "d'hora", "cedo" are
the morning) and `DAY_PART_HOURS` gives the local
hours each covers (they overlap: "la tarde" of Spain runs into what Catalan calls "el vespre"). A booking uses it to
choose among the free times offered, never to invent a time; when none of them lies in the part said, the one
nearest to it on the same half of the day (`closest_in_day_part`: "la del vespre" between 09:00 and 15:00). Greetings ("bona tarda", "good morning", "buenas
tardes") are no part of a day, and Spanish "mañana" alone is tomorrow: only "la mañana" is the morning.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal

from language.locales import Lang
from language.text import fold

DayPart = Literal["morning", "afternoon", "evening", "night"]
# Local hours [from, to) of each part; night wraps past midnight.
DAY_PART_HOURS: dict[DayPart, tuple[int, int]] = {"morning": (5, 12), "afternoon": (12, 20), "evening": (17, 24),
                                                  "night": (19, 5)}
_WORDS: dict[Lang, tuple[tuple[DayPart, str], ...]] = {
    "pt-BR": (("morning", r"manha|manhazinha|cedo|cedinho"), ("afternoon", r"(?:de|da|a|na|pela|à|pra|para|para a|pra de) tarde|tardinha"),
              ("night", r"noite|noitinha")),
    "es": (("morning", r"(?:la|las) mananas?|temprano|tempranito|a primera hora"), ("afternoon", r"(?:la|las) tardes?|tardecita"
                                                                      r"|(?:de|por|manana|hoy|lunes|martes|miercoles|jueves|viernes|sabado|domingo) tarde"),
           ("night", r"(?:la|las) noches?|nochecita")),
    "ca": (("morning", r"mati|matins|d'hora|a primera hora"), ("afternoon", r"tarda|tardes"), ("evening", r"vespre|vespres"),
           ("night", r"nit|nits")),
    "en": (("morning", r"morning|mornings|early|first thing"), ("afternoon", r"afternoon|afternoons|arvo"),
           ("evening", r"evening|evenings"), ("night", r"night|nights|tonight")),
}
_GREETING = r"(?:bom|boa|boas|bons|buen|buenas|buenos|bon|bona|bones|bons|good)\s+$"
# Besides English, the parts of the day of a language its speakers mix in: Catalan is written beside Spanish ("vull
# reservar per mañana a la tarde"). Not the other way: Spanish "tarda" is a verb ("¿cuánto tarda?").
_MIXED_IN: dict[Lang, tuple[Lang, ...]] = {"ca": ("es",)}


@lru_cache(maxsize=8)
def _patterns(lang: Lang) -> tuple[tuple[DayPart, re.Pattern[str]], ...]:
    return tuple((part, re.compile(rf"(?<![\w'·-])(?:{words})(?![\w'·-])")) for part, words in _WORDS[lang])


def find_day_part(text: str, lang: Lang) -> DayPart | None:
    """The part of the day `text` names in `lang`, in English or in a language mixed in (the last one said), or None;
    greetings name none."""
    folded = fold(text)
    found: list[tuple[int, DayPart]] = []
    # English day parts inside another language too ("dema passat afternoon", "para mañana morning"), and those of a
    # language mixed in (`_MIXED_IN`)
    others = (*(("en",) if lang != "en" else ()), *_MIXED_IN.get(lang, ()))
    for part, pattern in (*_patterns(lang), *(pair for other in others for pair in _patterns(other))):
        for match in pattern.finditer(folded):
            if not re.search(_GREETING, folded[: match.start()]):
                found.append((match.start(), part))
    return max(found)[1] if found else None


def in_day_part(hour: int, part: str) -> bool:
    """Whether a local hour lies in the part of the day (`DAY_PART_HOURS`)."""
    start, end = DAY_PART_HOURS[part]  # type: ignore[index]
    return start <= hour < end if start < end else hour >= start or hour < end


def closest_in_day_part(hours: list[int], part: str) -> int | None:
    """Which of `hours` (their index) the part of the day names when none lies in it: the one nearest to it, if
    exactly one is nearest and it is on the part's half of the day (before noon for the morning, after for the
    rest). "la del vespre" between 09:00 and 15:00 is 15:00; "the morning one" between 15:00 and 19:00 is none."""
    start, end = DAY_PART_HOURS[part]  # type: ignore[index]
    morning = part == "morning"
    distances = {index: min(abs(hour - start), abs(hour - end)) for index, hour in enumerate(hours)
                 if (hour < 12) == morning}
    if not distances:
        return None
    nearest = min(distances.values())
    found = [index for index, distance in distances.items() if distance == nearest]
    return found[0] if len(found) == 1 else None
