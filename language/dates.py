"""When something should happen: a date and/or a time of day found in a message.

dateparser (with `languages`, `RELATIVE_BASE`, `PREFER_DATES_FROM="future"`) reads absolute dates
("March 5th", "5 de março", "12 de març", "5/12"). What it misreads or misses (STACK pitfall 26) is
handled by the hand-written rules here, run on a folded, digitised copy of the text (number words
become digits, so "at three pm" and "half past twelve" read like "at 3 pm"):

* relative days: "hoje/amanhã/depois de amanhã", "hoy/mañana/pasado mañana", "avui/demà/demà passat",
  "today/tomorrow/day after tomorrow" -- a bare day word gives a date, never "tomorrow at the current
  time"; "de la mañana"/"por la mañana" is a time of day, not tomorrow;
* a number of days from today: "daqui a 3 dias", "dentro de 3 días", "d'aquí a 3 dies", "in 3 days";
* weekdays, optionally "próxima/próximo/next/this/vinent/que vem": the next such day after today
  ("this" on the same weekday means today, otherwise a week ahead);
* day of month alone: "dia 5", "el día 5", "the 12th", "12th of this month", "the 5th of next month":
  this month if that day is still ahead, else next month;
* times: "15h", "9h30", "15:00", "3pm", "6:30 pm", "às 15", "a las 3 de la tarde", "a les 15:00",
  "at 7 in the evening", "afternoon 1:45", "half past 12", "quarter to 12", "3 y media", "noon".
  An hour from 1 to 7 said with "às/a las/a les/at" but no am/pm or period word is read as afternoon.
* the half of the day: an hour from 1 to 12 said with no am/pm, no part of the day ("de la mañana", "da noite",
  "del vespre", "in the evening", before or after it), no 24-hour mark ("7h", "19h", "07:00") is `either_half`:
  the reading above is a guess, the hour twelve hours away is as likely ("mañana a las 7", "demà a les 7",
  "amanhã às 7", "tomorrow at 7" alike). Whoever knows the opening hours chooses (`booking` through the agent:
  the reading that is free, or a question when both or none are).

When several dates or times are said, the last one wins (a correction usually comes last).

When the language's own words find no day, the relative days and weekdays of the other languages are read
(`_other_languages_day`): a short message detected in a neighbouring language keeps its day.
"""

import re
from bisect import bisect_right
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo

import dateparser

from language.locales import Lang, short_code
from language.numbers import find_numbers
from language.text import fold


@dataclass(frozen=True, slots=True)
class WhenMention:
    """A date and/or time found in a text: `text[start:end] == raw`.

    `value` is an aware datetime in the requested time zone when `has_time`, otherwise a date. With a
    time but no date (`has_date` False) the datetime is the next moment at that time from `now`.
    """

    value: datetime | date
    has_time: bool
    has_date: bool
    start: int
    end: int
    raw: str
    either_half: bool = False  # the hour was said without its half of the day (module docstring)
    # each part's own span (the date's, the time's): words between them ("demà per a 2 a les 9") are not the date's
    parts: tuple[tuple[int, int], ...] = ()


MONTHS: dict[Lang, dict[str, int]] = {
    "pt-BR": dict(zip("janeiro fevereiro marco abril maio junho julho agosto setembro outubro novembro dezembro".split(), range(1, 13), strict=True)),
    "es": dict(zip("enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre".split(), range(1, 13), strict=True))
    | {"setiembre": 9},
    "ca": dict(zip("gener febrer marc abril maig juny juliol agost setembre octubre novembre desembre".split(), range(1, 13), strict=True)),
    "en": dict(zip("january february march april may june july august september october november december".split(), range(1, 13), strict=True))
    | {"jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12},
}
WEEKDAYS: dict[Lang, dict[str, int]] = {
    "pt-BR": {"segunda": 0, "terca": 1, "quarta": 2, "quinta": 3, "sexta": 4, "sabado": 5, "domingo": 6},
    "es": {"lunes": 0, "martes": 1, "miercoles": 2, "jueves": 3, "viernes": 4, "sabado": 5, "domingo": 6},
    "ca": {"dilluns": 0, "dimarts": 1, "dimecres": 2, "dijous": 3, "divendres": 4, "dissabte": 5, "diumenge": 6},
    "en": {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4, "saturday": 5, "sunday": 6},
}
RELATIVE_DAYS: dict[Lang, dict[str, int]] = {
    "pt-BR": {"depois de amanha": 2, "depois d amanha": 2, "dps de amanha": 2, "dps d amanha": 2, "amanha": 1,
              "amnh": 1, "hoje": 0, "hj": 0},
    # the day after tomorrow also said in words ("el día después de mañana", "després de demà", "passat demà")
    "es": {"pasado manana": 2, "pasado mnn": 2, "pasao manana": 2, "despues de manana": 2, "manana": 1, "mnn": 1,
           "hoy": 0},
    "ca": {"dema passat": 2, "passat dema": 2, "despres de dema": 2, "dema": 1, "avui": 0},
    "en": {"day after tomorrow": 2, "day after tmrw": 2, "day after tmr": 2, "day after tomorow": 2, "tomorrow": 1,
           "tmrw": 1, "tmr": 1, "tomorow": 1, "2moro": 1, "today": 0, "tonight": 0},
}
# A number of days from today: "daqui a 3 dias", "dentro de 3 días", "d'aquí a 3 dies", "in 3 days", "3 days from now"
# (number words are digits by then: "em três dias").
# Weeks count seven days: "dentro de una semana", "d'aquí a dues setmanes", "in a week", "a week from today".
DAYS_AHEAD: dict[Lang, str] = {
    "pt-BR": r"(?:daqui a|daqui|em|dentro de) (?:(?P<n>\d{1,2}) dias?|(?P<w>\d|uma|um) semanas?)",
    "es": r"(?:dentro de|en|de aqui a) (?:(?P<n>\d{1,2}) dias?|(?P<w>\d|una|un) semanas?)",
    "ca": r"(?:d'aqui a|d'aqui|en|dintre de|dins de|d'aca a) (?:(?P<n>\d{1,2}) (?:dies|dia)|(?P<w>\d|una) setman(?:a|es))",
    "en": r"(?:in (?P<n>\d{1,2}) days?|(?P<n2>\d{1,2}) days? from (?:now|today)|in (?P<w>\d|a|one) weeks?"
          r"|(?P<w2>\d|a|one) weeks? from (?:now|today))",
}
# A count ahead said with no unit ("es para dentro de 4", "daqui a 4", "d'aquí a 4", "in 4"), at the end of a
# clause: the unit is the one the request's day was said in, which only `asks.decide` knows (`days_ahead_unitless`).
_AHEAD_UNITLESS: dict[Lang, str] = {
    "pt-BR": r"(?:daqui a|daqui|dentro de)",
    "es": r"(?:dentro de|de aqui a)",
    "ca": r"(?:d'aqui a|d'aqui|dintre de|dins de|d'aca a)",
    "en": r"(?:in)",
}
_THIS_WORDS = r"this|esta|este|aquest|aquesta"
_NEXT_WORDS = r"next|proxima|proximo|que vem|que viene|vinent|que ve|proper|propera|coming"
_PM_WORDS = (r"pm|p\.m\.?|p m|in the afternoon|in the evening|in the night|at night|tonight|da tarde|da noite|de la tarde"
             r"|de la noche|de la tarda|de la nit|del vespre|afternoon|evening|night|tarde|noite|noche|tarda|vespre|nit")
_AM_WORDS = r"am|a\.m\.?|a m|in the morning|da manha|de la manana|del mati|de la matinada|morning|manha|mati"
_HOUR_PREPOSITIONS = (r"as|a las|a la|a les|pras|pa las|pa la|at|around|about|by|para as|para las|per a les|from|umas|la pelas|pelas"
                      r"|por volta das|perto das|sobre las|a eso de las|hacia las|tipo|cap a les|sobre les|cap a la"
                      # the one of a time: "la de las 3", "la de les 3", "a das 3", "the one at 3" (above)
                      r"|(?:la|el|lo) de (?:las|les|la)|(?:a|o) das|(?:a|o) de (?:las|les|la)")
# A part of the day said before the time ("in the evening, 5:30", "de tarde, umas 3") sets am/pm.
_PERIOD_BEFORE_PM = re.compile(r"(?<!\w)(?:evening|afternoon|tonight|night|tarde|noite|noche|tarda|vespre|nit)(?!\w)[^\d]{0,16}$")
_PERIOD_BEFORE_AM = re.compile(r"(?<!\w)(?:morning|manha|mati|madrugada)(?!\w)[^\d]{0,16}$")
# What may follow "the first"/"the 12th" for it to be a day of the month ("the first therapist" is none).
_AFTER_DAY_ORDINAL = frozenset(
    "of at in on for please and or would will works work is sounds then instead if around by from to pm am morning "
    "afternoon evening night maybe could can too also as but so thanks thank ok okay i we that this it there with "
    "preferably rather either not yes no are be any anytime after before between through until till possible "
    "sounds looks suits fine good great perfect".split()
)


def _alternation(words: list[str]) -> str:
    """Regex alternation of `words`, longest first."""
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


@lru_cache(maxsize=8)
def _patterns(lang: Lang) -> dict[str, re.Pattern[str]]:
    """Compiled date and time regexes for `lang`, over folded, digitised text."""
    months = _alternation(list(MONTHS[lang]))
    weekdays = _alternation(list(WEEKDAYS[lang]))
    relative = _alternation(list(RELATIVE_DAYS[lang]))
    ordinal = r"(?:st|nd|rd|th|º|ª|o|a)?"
    if lang == "en":
        absolute = (rf"(?:(?:{months})\.? (?:the \d{{1,2}}(?:st|nd|rd|th)|\d{{1,2}}{ordinal})(?:,? \d{{4}})?"
                    rf"|(?:the )?\d{{1,2}}{ordinal} (?:of )?(?:{months})(?:,? \d{{4}})?)")
    else:
        absolute = rf"(?:\d{{1,2}}{ordinal} (?:de |d')?(?:{months})(?: de \d{{4}})?)"
    day_only = (r"(?:(?:on )?the (?P<d1>\d{1,2})(?:st|nd|rd|th)(?: of (?P<m1>this|next) month)?"
                r"|(?P<d2>\d{1,2})(?:st|nd|rd|th)? of (?P<m2>this|next) month"
                r"|(?:el )?dia (?P<d3>\d{1,2})(?!\d|:|h)|el (?P<d4>\d{1,2})(?= de (?:este|aquest) mes)"
                r"|(?:el|o) (?P<d5>\d{1,2})(?= (?:a les|a las|as|a la|at) \d))")
    time_core = (rf"(?:(?P<period_before>morning|afternoon|evening|night) )?"
                 rf"(?:(?P<frac>half past|quarter past|quarter to) )?"
                 rf"(?P<hour>\d{{1,2}})(?:(?::|h|\.(?=\d\d ?(?:{_PM_WORDS}|{_AM_WORDS})))(?P<minute>\d{{2}})|(?P<hmark>h|hs|hrs|horas?)(?!\w))?"
                 rf"(?: (?P<frac_after>e meia|y media|i mitja|e quinze|y cuarto|i quart|menos cuarto))?"
                 rf"(?: ?(?P<oclock>o[\"'’]?clock|en punto|em ponto))?"
                 rf"(?: ?(?P<pm>{_PM_WORDS})| ?(?P<am>{_AM_WORDS}))?(?!\w)")
    return {
        "days_ahead": re.compile(rf"(?<![\w'])(?:{DAYS_AHEAD[lang]})(?!\w)"),
        "relative": re.compile(rf"(?<!\w)(?<!(?<!\w)la )(?<!(?<!\w)esta )(?P<rel>{relative})(?!\w)"),
        "weekday": re.compile(rf"(?<!\w)(?:(?:el|na|no|on|o|la) )?(?:(?P<this>{_THIS_WORDS}) |(?P<next>{_NEXT_WORDS}) )?"
                              rf"(?P<wd>{weekdays})(?:-feira| feira)?(?: (?P<next_after>{_NEXT_WORDS}))?(?!\w)"),
        "absolute": re.compile(rf"(?<![\w/])(?:{absolute}|\d{{1,4}}[/-]\d{{1,2}}(?:[/-]\d{{2,4}})?)(?![\w/])"),
        "day_only": re.compile(rf"(?<![\w/]){day_only}(?!\w)"),
        "time": re.compile(rf"(?<![\w:/.,]){time_core}"),
        "quarts": re.compile(r"(?<!\w)(?P<quarts>[123]) quarts? (?:i mig )?(?:de |d')(?P<qhour>\d{1,2})(?!\d|:)"
                             rf"(?: ?(?P<pm>{_PM_WORDS})| ?(?P<am>{_AM_WORDS}))?(?!\w)"),
        "noon": re.compile(r"(?<!\w)(?P<noon>noon|midday|meio-dia|meio dia|mediodia|migdia)|(?P<midnight>midnight|meia-noite|medianoche|mitjanit)(?!\w)"),
        "hour_prep": re.compile(rf"(?<!\w)(?:{_HOUR_PREPOSITIONS}) $"),
    }


@dataclass(frozen=True, slots=True)
class _Digitised:
    """Folded text with number words replaced by digits, and a map back to original offsets."""

    text: str
    norm_starts: list[int]
    shifts: list[tuple[int, int, int, int]]

    def to_original(self, index: int, *, end: bool) -> int:
        """Original offset of normalised offset `index` (a replaced number maps to its whole span)."""
        at = bisect_right(self.norm_starts, index) - 1
        if at < 0:
            return index
        norm_start, norm_end, orig_start, orig_end = self.shifts[at]
        if index < norm_end or (end and index == norm_end):
            return orig_end if end else orig_start
        return orig_end + (index - norm_end)


def _digitise(text: str, lang: Lang) -> _Digitised:
    """Fold `text` and write every number as digits ("three pm" -> "3 pm"); ordinals keep a mark
    ("twelfth" -> "12th" in English, "primeiro" -> "1º" elsewhere)."""
    folded = fold(text)
    parts: list[str] = []
    shifts: list[tuple[int, int, int, int]] = []
    cursor, length = 0, 0
    for number in find_numbers(text, lang):
        if number.value != number.value.to_integral_value() or number.value.adjusted() >= 20:
            continue  # a fraction, or a run of digits no date or time has (and too long to write back as digits)
        if number.ordinal and fold(number.raw) in WEEKDAYS[lang]:
            continue  # "segunda", "quarta", "sexta" are weekdays here, not second, fourth, sixth
        parts.append(folded[cursor : number.start])
        length += number.start - cursor
        digits = str(int(number.value)) + (("th" if lang == "en" else "º") if number.ordinal else "")
        shifts.append((length, length + len(digits), number.start, number.end))
        parts.append(digits)
        length += len(digits)
        cursor = number.end
    parts.append(folded[cursor:])
    return _Digitised("".join(parts), [s[0] for s in shifts], shifts)


@dataclass(frozen=True, slots=True)
class _Part:
    """A date or time found in the normalised text."""

    start: int
    end: int
    day: date | None = None
    clock: time | None = None
    either_half: bool = False


_NEGATED = re.compile(r"(?<!\w)(?:not|nao|no|ni|pas)\s+(?:(?:on|for|pra|para|per|el|la|o|a|the)\s+)?$")


def _last_said(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """The last match of `pattern` in `text` that is not negated ("on the 11th, not the 1st", "not today")."""
    found = None
    for match in pattern.finditer(text):
        if not _NEGATED.search(text[max(0, match.start() - 24) : match.start()]):
            found = match
    return found


def _last(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """The last match of `pattern` in `text`."""
    matches = list(pattern.finditer(text))
    return matches[-1] if matches else None


def _weekday_date(match: re.Match[str], today: date, weekdays: dict[str, int]) -> date:
    """The date meant by a weekday match: the next such day; "this <today's weekday>" is today."""
    ahead = (weekdays[match.group("wd")] - today.weekday()) % 7
    if ahead == 0 and not match.group("this"):
        ahead = 7
    return today + timedelta(days=ahead)


@lru_cache(maxsize=2048)
def _dateparser_date(raw: str, lang: Lang, today: date) -> date | None:
    """An absolute date read by dateparser, relative to `today`, preferring the future (today included)."""
    settings = {
        "RELATIVE_BASE": datetime.combine(today, time(0)),
        "PREFER_DATES_FROM": "future",
        "PREFER_DAY_OF_MONTH": "first",
        "REQUIRE_PARTS": ["day", "month"],
        "DATE_ORDER": "MDY" if lang == "en" else "DMY",
    }
    parsed = dateparser.parse(re.sub(r"(?<=\d)[ºª]", "", raw), languages=[short_code(lang)], settings=settings)
    if parsed is None:
        return None
    if (parsed.month, parsed.day) == (today.month, today.day) and not re.search(r"\d{4}", raw):
        return today  # dateparser's "future" pushes today's own date to next year
    return parsed.date()


def _day_of_month(day: int, today: date, next_month: bool) -> date | None:
    """`day` of this month when still ahead (or today), else of next month; None for an impossible day."""
    year, month = today.year, today.month
    if next_month or day < today.day:
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _is_day_of_month(match: re.Match[str], norm: str) -> bool:
    """Whether a "the 12th"/"the first" match is a date: with "of this/next month", or followed by the end, a
    punctuation mark or a word that can follow a date ("the 12th at 9", "the 5th works") -- "the first therapist"
    and "the second option" are no dates."""
    if not match.group("d1") or match.group("m1"):
        return True
    rest = norm[match.end() :]
    if re.match(r"\s*(?:[,.!?;]|$)", rest) or re.match(r"\s*\d{1,2}(?::\d\d| ?[ap]\.?m|h)", rest):
        return True
    following = re.match(r"\s*([^\W\d]+)", rest)
    return following is not None and following.group(1) in _AFTER_DAY_ORDINAL


def _find_date(norm: str, lang: Lang, today: date) -> _Part | None:
    """The last date said in the normalised text, by the rules in the module docstring."""
    patterns = _patterns(lang)
    candidates: list[_Part] = []
    ahead = _last_said(patterns["days_ahead"], norm)
    if (rel := _last_said(patterns["relative"], norm)) and not (ahead and ahead.start() <= rel.start() < ahead.end()):
        # (the "today" of "a week from today" is where the count starts, not the day)
        candidates.append(_Part(rel.start(), rel.end(), day=today + timedelta(days=RELATIVE_DAYS[lang][rel.group("rel")])))
    if ahead:
        said = ahead.groupdict()
        weeks = said.get("w") or said.get("w2")
        count = 7 * (int(weeks) if weeks and weeks.isdigit() else 1) if weeks else int(said.get("n") or said.get("n2") or 0)
        candidates.append(_Part(ahead.start(), ahead.end(), day=today + timedelta(days=count)))
    if wd := _last_said(patterns["weekday"], norm):
        candidates.append(_Part(wd.start(), wd.end(), day=_weekday_date(wd, today, WEEKDAYS[lang])))
    if absolute := _last_said(patterns["absolute"], norm):
        if parsed := _dateparser_date(absolute.group(), lang, today):
            candidates.append(_Part(absolute.start(), absolute.end(), day=parsed))
    day_matches = [m for m in patterns["day_only"].finditer(norm) if _is_day_of_month(m, norm)
                   and not _NEGATED.search(norm[max(0, m.start() - 24) : m.start()])]
    if only := (day_matches[-1] if day_matches else None):
        day = next(int(only.group(g)) for g in ("d1", "d2", "d3", "d4", "d5") if only.group(g))
        month_word = only.group("m1") or only.group("m2")
        if (parsed := _day_of_month(day, today, month_word == "next")) is not None:
            candidates.append(_Part(only.start(), only.end(), day=parsed))
    if not candidates:
        return _other_languages_day(norm, lang, today)
    return max(candidates, key=lambda part: part.start)


# Weekday words that are also ordinals or common words in another language ("la segunda opción", "una quinta"):
# read as weekdays only in their own language.
_OWN_LANGUAGE_ONLY_WEEKDAYS = frozenset({"segunda", "terca", "quarta", "quinta", "sexta"})


def _other_languages_day(norm: str, lang: Lang, today: date) -> _Part | None:
    """A relative day or weekday said in another served language when `lang`'s own words found none.

    A short message is often detected in a neighbouring language ("envia 70 a joao manana" without its ñ reads as
    Portuguese, Catalan "dema" as Spanish); dropping its day would pay today what was meant for tomorrow. Only words
    that are a day in every context count: "la mañana"/"esta mañana" stay the morning (the lookbehinds of the
    relative pattern), and Portuguese weekdays that are ordinals elsewhere are left to Portuguese."""
    candidates: list[_Part] = []
    for other in RELATIVE_DAYS:
        if other == lang:
            continue
        patterns = _patterns(other)
        if rel := _last_said(patterns["relative"], norm):
            candidates.append(_Part(rel.start(), rel.end(), day=today + timedelta(days=RELATIVE_DAYS[other][rel.group("rel")])))
        weekdays = [m for m in patterns["weekday"].finditer(norm) if m.group("wd") not in _OWN_LANGUAGE_ONLY_WEEKDAYS
                    and not _NEGATED.search(norm[max(0, m.start() - 24) : m.start()])]
        if weekdays:
            wd = weekdays[-1]
            candidates.append(_Part(wd.start(), wd.end(), day=_weekday_date(wd, today, WEEKDAYS[other])))
    return max(candidates, key=lambda part: part.start, default=None)


def _clock(match: re.Match[str], after_preposition: bool, period: str | None = None) -> tuple[time, bool] | None:
    """The time of day of a time match and whether its half of the day is unsaid (`either_half`), or None when the
    match is a bare number that is not a time."""
    hour, minute = int(match.group("hour")), int(match.group("minute") or 0)
    marked = any(match.group(g) for g in ("minute", "hmark", "pm", "am", "oclock", "period_before", "frac", "frac_after"))
    if not (marked or after_preposition) or hour > 24 or minute > 59:
        return None
    said_hour = hour
    frac = match.group("frac") or match.group("frac_after") or ""
    if frac in ("half past", "e meia", "y media", "i mitja"):
        minute = 30
    elif frac in ("quarter past", "e quinze", "y cuarto", "i quart"):
        minute = 15
    elif frac in ("quarter to", "menos cuarto"):
        hour, minute = (hour - 1) % 24, 45
    pm = match.group("pm") or (match.group("period_before") in ("afternoon", "evening", "night"))
    am = match.group("am") or match.group("period_before") == "morning"
    if not (pm or am):  # "in the evening, 5:30": the part of the day was said first
        pm, am = period == "pm", period == "am"
    # "19h", "7h" and "07:00" are read on a 24-hour clock; "7", "7:30", "half past 7" may be either half
    either_half = not (pm or am or match.group("hmark") or match.group("hour").startswith("0")) and 1 <= said_hour <= 12
    if pm and hour < 12:
        hour += 12
    elif am and hour == 12:
        hour = 0
    elif not (pm or am or match.group("minute") or match.group("hmark")) and 1 <= hour <= 7:
        hour += 12
    return time(hour % 24, minute), either_half


def _quarts_clock(match: re.Match[str]) -> tuple[time, bool]:
    """Catalan quarters count towards the next hour: "un quart de deu" 9:15, "dos quarts de deu" 9:30, "tres quarts
    de deu" 9:45; an hour of 1 to 7 without a part of the day is in the afternoon, as for "a les" (and either half
    of the day without am/pm or a part of the day)."""
    hour, quarters = int(match.group("qhour")) - 1, int(match.group("quarts"))
    either_half = not (match.group("pm") or match.group("am")) and 1 <= hour + 1 <= 12
    if match.group("pm") and hour < 12 or not match.group("am") and 1 <= hour + 1 <= 7:
        hour += 12
    return time(hour % 24, 15 * quarters), either_half


# What a number counts when it is no hour: the people it is for, in any of the four languages (folded).
_COUNTED = re.compile(r"\s*(?:of us|of them|de nosotros|de nosotras|de nos|de nosaltres|people|persons?|ppl|pax|guests?"
                      r"|pessoas?|personas?|persones|adults?|adultos?|kids?|children|criancas?|ninos?|nens)(?![\w'])")


def _find_time(norm: str, lang: Lang) -> _Part | None:
    """The last time of day said in the normalised text."""
    patterns = _patterns(lang)
    found: _Part | None = None
    for match in patterns["time"].finditer(norm):
        prefix = norm[max(0, match.start() - 16) : match.start()]
        wide = norm[max(0, match.start() - 40) : match.start()]
        period = "pm" if _PERIOD_BEFORE_PM.search(wide) else "am" if _PERIOD_BEFORE_AM.search(wide) else None
        read = _clock(match, bool(patterns["hour_prep"].search(prefix)), period)
        if read is not None and _COUNTED.match(norm, match.end()) and not any(
                match.group(mark) for mark in ("minute", "hmark", "pm", "am", "oclock")):
            continue  # "tomorrow morning 2 of us", "la tarde 4 personas": a count of people, not 2:00
        if read is not None:
            found = _Part(match.start(), match.end(), clock=read[0], either_half=read[1])
    if lang == "ca" and (quarts := _last(patterns["quarts"], norm)) and (found is None or quarts.start() <= found.start):
        clock, either_half = _quarts_clock(quarts)
        found = _Part(quarts.start(), quarts.end(), clock=clock, either_half=either_half)
    if (noon := _last(patterns["noon"], norm)) and (found is None or noon.start() > found.start):
        found = _Part(noon.start(), noon.end(), clock=time(12) if noon.group("noon") else time(0))
    return found


def clock_said(text: str, lang: Lang) -> tuple[time, int, int] | None:
    """The last time of day said in `text` ("after 8pm", "depois das 20h", "a partir de las 22:00") with its span in
    `text`, or None; no day is read (a clock time alone needs no `now`)."""
    digitised = _digitise(text, lang)
    found = _find_time(digitised.text, lang)
    if found is None or found.clock is None:
        return None
    return (found.clock, digitised.to_original(found.start, end=False), digitised.to_original(found.end, end=True))


def parse_when(text: str, lang: Lang, now: datetime, tz: str) -> WhenMention | None:
    """The date and/or time said in `text`, relative to the aware `now`, in time zone `tz`; None if none.

    Date-only -> `value` is a date. Time-only -> an aware datetime at the next such time from `now`,
    `has_date` False. Both -> an aware datetime on that day.
    """
    zone = ZoneInfo(tz)
    local_now = now.astimezone(zone)
    today = local_now.date()
    digitised = _digitise(text, lang)
    day_part = _find_date(digitised.text, lang, today)
    time_part = _find_time(digitised.text, lang)
    parts = [p for p in (day_part, time_part) if p is not None]
    if not parts:
        return None
    start = digitised.to_original(min(p.start for p in parts), end=False)
    end = digitised.to_original(max(p.end for p in parts), end=True)
    raw = text[start:end]
    spans = tuple((digitised.to_original(p.start, end=False), digitised.to_original(p.end, end=True)) for p in parts)
    if time_part is None:
        assert day_part is not None and day_part.day is not None  # a date part holds its day
        return WhenMention(day_part.day, False, True, start, end, raw, parts=spans)
    assert time_part.clock is not None  # a time part holds its clock
    if day_part is None:
        moment = datetime.combine(today, time_part.clock, tzinfo=zone)
        if moment <= local_now:
            moment = datetime.combine(today + timedelta(days=1), time_part.clock, tzinfo=zone)
        return WhenMention(moment, True, False, start, end, raw, time_part.either_half, spans)
    assert day_part.day is not None
    return WhenMention(datetime.combine(day_part.day, time_part.clock, tzinfo=zone), True, True, start, end, raw,
                       time_part.either_half, spans)


# A day of the month said with an article alone ("el 15", "o 20", "on the 3rd"): a date only where the number can be
# no amount, which the caller knows (a money request with its amount said elsewhere), so it is read apart.
_ARTICLE_DAY = re.compile(r"(?<![\w,.])(?:el|o|on the|on|the)\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?(?![\w,.:%]|\s*(?:h|hs|%)(?!\w))")


def day_after_article(text: str, lang: Lang, now: datetime, tz: str) -> WhenMention | None:
    """The last day of the month said with an article alone (above), relative to the aware `now` in `tz`."""
    today = now.astimezone(ZoneInfo(tz)).date()
    for match in reversed(list(_ARTICLE_DAY.finditer(fold(text)))):  # fold keeps offsets
        if (day := _day_of_month(int(match.group("day")), today, False)) is not None:
            start, end = match.start(), match.end()
            return WhenMention(day, False, True, start, end, text[start:end], parts=((start, end),))
    return None


# A day said relative to the day of the request it changes, not to today: "the next day", "o dia seguinte", "al día
# siguiente", "l'endemà", "un dia després", "the day before". Only the request's own day gives it a date (the caller
# knows it: `asks.decide`); "the day after tomorrow", "el día después de mañana", "the day before yesterday" are no
# such shift (a day of their own, read above, or none). Over folded text; "dia" may be "día", "dies" plural.
_COUNT = r"(?P<n>\d{1,2}|um|uma|un|una|a|one|two|dos|2)"
DAY_SHIFTS: dict[Lang, tuple[tuple[int, str], ...]] = {
    "pt-BR": ((1, rf"dia seguinte|dia posterior|(?:{_COUNT} )?dias? (?:depois|mais tarde)(?! d)"),
              (-1, rf"dia anterior|vespera|(?:{_COUNT} )?dias? (?:antes|mais cedo)(?! d)")),
    "es": ((1, rf"dia siguiente|dia posterior|(?:{_COUNT} )?dias? (?:despues|mas tarde)(?! de)"),
           (-1, rf"dia anterior|vispera|(?:{_COUNT} )?dias? (?:antes|mas temprano)(?! de)")),
    "ca": ((1, rf"l'endema|endema|dia seguent|dia posterior|(?:{_COUNT} )?(?:dia|dies) (?:despres|mes tard)(?! de)"),
           (-1, rf"dia anterior|vigilia|(?:{_COUNT} )?(?:dia|dies) (?:abans|mes aviat)(?! de)")),
    "en": ((1, rf"(?:next|following) day|day after(?! (?:tomorrow|tmrw|tmr|tomorow|2moro|next))|(?:{_COUNT} )?days? later"),
           (-1, rf"previous day|day before(?! (?:yesterday|tomorrow))|(?:{_COUNT} )?days? earlier")),
}
def days_ahead_unitless(text: str, lang: Lang) -> tuple[int, int, int] | None:
    """The count of a day ahead said with no unit ("me equivoqué de día, es para dentro de 4": 4), the last one
    said, ending a clause (a word after it is its unit or something else: "dentro de 4 horas", "in 2 people"), with
    where it was said in `text`: (count, start, end); None if none. Whether it counts days is the decision's: only a
    request already holding a day gives it that unit."""
    digitised = _digitise(text, lang)
    pattern = re.compile(rf"(?<![\w']){_AHEAD_UNITLESS[lang]} (?P<n>\d{{1,2}})(?=\s*(?:[,.!?;]|$))")
    found = _last(pattern, digitised.text)
    if found is None or int(found.group("n")) < 1:
        return None
    return (int(found.group("n")), digitised.to_original(found.start(), end=False),
            digitised.to_original(found.end(), end=True))


def said_in_weeks(said: str, lang: Lang) -> bool:
    """Whether a day said (`WhenMention.raw`: "dentro de una semana", "d'aquí a dues setmanes", "in 2 weeks")
    counts weeks ahead: the unit a later count said with none ("dentro de 2") is read in (`asks.decide`)."""
    found = _last_said(_patterns(lang)["days_ahead"], _digitise(said, lang).text)
    return found is not None and bool(found.groupdict().get("w") or found.groupdict().get("w2"))


_COUNT_WORDS = {"um": 1, "uma": 1, "un": 1, "una": 1, "a": 1, "one": 1, "two": 2, "dos": 2}


@lru_cache(maxsize=8)
def _shift_patterns(lang: Lang) -> tuple[tuple[int, re.Pattern[str]], ...]:
    return tuple((sign, re.compile(rf"(?<![\w'])(?:{words})(?![\w'])")) for sign, words in DAY_SHIFTS[lang])


def day_shift(text: str, lang: Lang) -> int | None:
    """Days from the request's own day said in `text` (+1 "the next day", -1 "the day before", +2 "dos días
    después"), the last one said, in `lang`'s words, else another served language's (a short "l'endemà" read as
    Spanish keeps its meaning); None if none."""
    found = find_day_shift(text, lang)
    return found[0] if found else None


def find_day_shift(text: str, lang: Lang) -> tuple[int, int, int] | None:
    """`day_shift` with where it was said: (days, start, end) in `text`; None if none."""
    folded = fold(text)  # fold keeps offsets
    for words_of in (lang, *(other for other in DAY_SHIFTS if other != lang)):
        found: tuple[int, int, int] | None = None
        for sign, pattern in _shift_patterns(words_of):
            for match in pattern.finditer(folded):
                before = folded[max(0, match.start() - 24) : match.start()]
                if _NEGATED.search(before) and not (words_of == "pt-BR" and before.endswith("no ")):
                    continue  # (Portuguese "no dia seguinte" is "on the next day")
                said = match.groupdict().get("n")
                count = int(said) if said and said.isdigit() else _COUNT_WORDS.get(said or "", 1)
                if found is None or match.start() > found[1]:
                    found = (sign * count, match.start(), match.end())
        if found is not None and found[0] != 0:
            return found
    return None
