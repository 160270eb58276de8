"""The facts a draft states besides its amounts, read by kind: dates, times of day, counts, places left, names,
statuses, references and warranty terms, each with its span in the draft.

Small tables per language over folded text (`guards.text.folded`: lower case, no accents, same offsets), and one
regular-expression pass per kind, so a draft of thousands of facts is read in milliseconds:

* `date` — "March 5th", "5 de março", "el 5 de marzo", "5 de març", "05/03", "2019-03-05", a weekday ("Friday",
  "sexta-feira", "el viernes", "dissabte"), "tomorrow"/"amanhã"/"mañana" (not "de la mañana")/"demà", "the 5th",
  "dia 5". "Today" is not read: it is how a greeting ends ("anything else today?").
* `time` — "5:30 pm", "17:30", "17h", "9h30", "às 19h", "a las 7 de la tarde", "a les 7 del vespre", "7 pm", "noon";
  an hour of 1–12 without its half of the day is either ("at 7": 7:00 or 19:00).
* `count` — a number before a count noun ("4 people", "2 pessoas", "tres entradas", "dues places"), after "table
  for", "party of", "mesa para", "para N pessoas", or "found N …" (a count of results).
* `places` — what is left: "3 places left", "restam 2 vagas", "quedan 2 plazas", "en queden 2", "3 in stock".
* `status` — what became of an effect (sent, scheduled, failed, booked, paid, cancelled, pending), worded as a
  state ("agendado", "was cancelled", "ha fallat"); `guards.checks.facts` leaves out those in a question, a
  negation, a condition or the future.
* `reference` — what looks like an identifier a tool issued: a token of letters and digits with at least four
  digits or a dash between letters and digits ("BK-2041", "E12345678…", "#5521"), not an amount, date or phone.
* `warranty` — "12 months of warranty", "garantia de 1 ano", "garantía de 6 meses", "1 any de garantia".
* `name` — capitalised words as a proper name is written ("Pedro Almeida", "Rumi's Kitchen", "Energia Sul"), with
  connectors between them ("Casa de Pedra", "Bank of America"); a capitalised word that begins a sentence and is a
  word of the language (`COMMON`) is no name.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import accumulate, compress
from operator import itemgetter
from typing import Any, Literal, NamedTuple, cast

from rapidfuzz.distance import Levenshtein

from guards.common_words import (
    COMMON,
    FUNCTION_WORDS,
    in_dictionary,
    misspelt_word,
    near_long_common,
    near_word,
    one_edit,
    slipped_word,
)
from guards.kinds import Asked, kind_offered, kinds_asked, offered_in_question
from guards.scan import MIN_LENGTH, led_by_first_characters, scan, word_text
from guards.text import folded
from language.dates import MONTHS, WEEKDAYS
from language.lemmas import lemma, proper_noun
from language.locales import Lang
from language.names import OPTIONAL as OPTIONAL_NAME_WORDS

FactKind = Literal["date", "time", "count", "found", "places", "name", "status", "reference", "warranty", "measure"]
FACT_KINDS: tuple[FactKind, ...] = ("name", "date", "time", "count", "found", "places", "status", "reference",
                                    "warranty", "measure")


class Fact(NamedTuple):
    """One fact of a draft: read by the thousand from a long list, so a tuple (made at the cost of one, not of a
    frozen dataclass's five attribute writes)."""

    kind: FactKind
    start: int
    end: int
    raw: str
    value: object  # per kind: see the readers below


# Builds a `Fact` from its five fields without the NamedTuple's Python-level constructor (a quarter of the time; the
# readers make thousands per long draft).
_new = tuple.__new__
# What a reader's cache of readings gives for a match not read yet (a reading may be None: no fact).
_UNREAD: Any = object()


# --- numbers said as words (counts and hours) --------------------------------------------------------------------

NUMBER_WORDS: dict[Lang, dict[str, int]] = {
    "en": dict(zip("one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
                   "seventeen eighteen nineteen twenty".split(), range(1, 21), strict=True)) | {"a couple of": 2},
    "pt-BR": dict(zip("um dois tres quatro cinco seis sete oito nove dez onze doze treze catorze quinze dezesseis "
                      "dezessete dezoito dezenove vinte".split(), range(1, 21), strict=True))
    | {"uma": 1, "duas": 2, "quatorze": 14},
    "es": dict(zip("uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciseis "
                   "diecisiete dieciocho diecinueve veinte".split(), range(1, 21), strict=True)) | {"una": 1, "un": 1},
    "ca": dict(zip("un dos tres quatre cinc sis set vuit nou deu onze dotze tretze catorze quinze setze disset divuit "
                   "dinou vint".split(), range(1, 21), strict=True)) | {"una": 1, "dues": 2},
}


def _alternation(words) -> str:
    return "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))


def number_value(raw: str, lang: Lang) -> int | None:
    raw = raw.strip()
    if raw.isdigit():
        return int(raw)
    return NUMBER_WORDS[lang].get(raw)


def _number(lang: Lang) -> str:
    return rf"(?:\d{{1,4}}|{_alternation(NUMBER_WORDS[lang])})"


# --- dates ---------------------------------------------------------------------------------------------------------

_ORDINAL = r"(?:st|nd|rd|th|º|ª|o)?"
RELATIVE: dict[Lang, dict[str, int]] = {
    "pt-BR": {"depois de amanha": 2, "amanha": 1},
    "es": {"pasado manana": 2, "manana": 1},
    "ca": {"dema passat": 2, "dema": 1},
    "en": {"day after tomorrow": 2, "tomorrow": 1},
}
# a word, not the end of one ("escalada mañana", "la salida demà" are tomorrow)
_NOT_RELATIVE_BEFORE = re.compile(r"(?<!\w)(?:de la|por la|a la|esta|cada|toda la|pela|da|de|the|this|la)\s+$")


@lru_cache(maxsize=8)
def _date_re(lang: Lang) -> re.Pattern[str]:
    months = _alternation(MONTHS[lang])
    weekdays = _alternation(WEEKDAYS[lang])
    relative = _alternation(RELATIVE[lang])
    day = r"(?P<d>[0-3]?\d)" + _ORDINAL
    if lang == "en":
        day_month = (rf"(?P<m1>{months})\.?\s+(?:the\s+)?(?P<d1>[0-3]?\d){_ORDINAL}(?:,?\s+(?P<y1>\d{{4}}))?"
                     rf"|(?:the\s+)?(?P<d2>[0-3]?\d){_ORDINAL}\s+(?:of\s+)?(?P<m2>{months})"
                     rf"(?:,?\s+(?P<y2>\d{{4}})|(?!\.?\s+(?:the\s+)?[0-3]?\d(?:st|nd|rd|th)(?!\w)))")
        day_only = r"the\s+(?P<d3>[0-3]?\d)(?:st|nd|rd|th)"
        # a day said of the month in course, with no month's name ("14th of this month"): a day, as "the 14th" is
        this_month = r"(?P<d4>[0-3]?\d)(?:st|nd|rd|th)\s+of\s+(?:this|the)\s+month"
    else:
        of = r"(?:de|del)"
        day_month = (rf"(?:dia\s+|el\s+dia\s+|el\s+)?(?P<d2>[0-3]?\d){_ORDINAL}\s+(?:{of}\s+)?(?:d['’])?(?P<m2>{months})"
                     rf"(?:\s+(?:{of}\s+)?(?P<y2>\d{{4}}))?")
        day_only = r"(?:dia|el dia|el)\s+(?P<d3>[0-3]?\d)(?![\d:h,.]\d)(?!\s*(?:h\b|hs\b|:|horas|hores|hores))"
        this_month = r"(?P<d4>[0-3]?\d)(?:º|ª)?\s+(?:(?:de\s+este|deste|de\s+esse|desse|d['’]aquest)\s+mes|del\s+mes)"
    numeric = r"(?P<iso>\d{4}-\d{2}-\d{2})|(?P<a>[0-3]?\d)/(?P<b>[01]?\d)(?:/(?P<y3>\d{2,4}))?"
    del day
    # a weekday's day of the month right after it ("el martes 2 a las 10", "sexta 4."): a day fact of its own
    weekday_day = r"(?:,?\s+(?P<wd>[0-3]?\d)(?=\s*(?:$|[.,;!?)]|(?:a|at|as|on|y|e|i|and)\s)))?"
    # a weekday shortened, only before the date it names ("Thu 12/4", "Fri, Dec 4", "sex 04/12")
    short = (rf"|(?P<wa>{_alternation(WEEKDAY_ABBREVIATIONS[lang])})\.?(?=,?\s+(?:[0-3]?\d/[01]?\d"
             rf"|[0-3]?\d{_ORDINAL}\s+(?:(?:de|of)\s+|d['’])?(?:{months})(?!\w)"
             + (rf"|(?:{months})\.?\s+[0-3]?\d(?!\d)" if lang == "en" else "") + "))")
    return led_by_first_characters(re.compile(
        rf"(?<![\w/-])(?:{numeric}|{day_month}|{day_only}|{this_month}|(?P<w>{weekdays})(?:-feira)?{weekday_day}{short}"
        rf"|(?P<r>{relative}))(?![\w/-])"))


# Weekdays as calendars and receipts shorten them: read only before the date they name (`_date_re`).
WEEKDAY_ABBREVIATIONS: dict[Lang, dict[str, int]] = {
    "en": {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5, "sun": 6},
    "pt-BR": {"seg": 0, "ter": 1, "qua": 2, "qui": 3, "sex": 4, "sab": 5, "dom": 6},
    "es": {"lun": 0, "mar": 1, "mie": 2, "jue": 3, "vie": 4, "sab": 5, "dom": 6},
    "ca": {"dl": 0, "dt": 1, "dc": 2, "dj": 3, "dv": 4, "ds": 5, "dg": 6},
}


_SAID_DAY_RE = re.compile(r"(?<![\w/-])(?P<d>[0-3]?\d)(?:st|nd|rd|th|º|ª)(?!\w)")


def said_days(text: str) -> list[int]:
    """Days of the month said as ordinals anywhere ("on the 11th", "14th of this month"): what a customer said."""
    low = folded(text)
    return [int(m.group("d")) for m in _SAID_DAY_RE.finditer(low) if 1 <= int(m.group("d")) <= 31]


def dates_in(text: str, lang: Lang) -> list[Fact]:
    """Dates said in `text` (see the module doc). Values: ("ymd", year or None, month, day), ("day", d),
    ("weekday", 0–6), ("relative", days from today); a numeric "a/b" is ("either", a, b) (day/month or month/day)."""
    low = folded(text)
    if not any(c.isdigit() for c in low) and not _date_words(lang).search(low):
        return []
    found = []
    values: dict[tuple, tuple | None] = {}  # a list says the same few dates on every line: each is read once
    clock = around_the_clock(text, low)
    ranged: list[Fact] = []  # the other days of ranges whose month is said once (`_range_opening`)
    pattern = _date_re(lang)
    weekday_day = pattern.groupindex["wd"] - 1  # (its place in a match's groups: read there, not by its name)
    for match in pattern.finditer(low):
        key = match.groups()
        value = values.get(key, _UNREAD)
        if value is _UNREAD:
            value = values[key] = _date_value(match.groupdict(), lang)
        if value is None:
            continue
        start, end = match.span()
        if clock and not _outside(clock, start, end):
            continue  # "open 24/7": availability
        if value[0] == "relative" and _NOT_RELATIVE_BEFORE.search(low, max(0, start - 12), start):
            continue  # "de la mañana", "the tomorrow"
        if key[weekday_day]:  # "martes 2": the weekday, and the day of the month it is said to be
            day_start, end = match.span("wd")
            found.append(_new(Fact, ("date", start, match.end("w"), text[start:match.end("w")], value)))
            if 1 <= int(key[weekday_day]) <= 31:
                found.append(_new(Fact, ("date", day_start, end, text[day_start:end], ("day", int(key[weekday_day])))))
            continue
        found.append(_new(Fact, ("date", start, end, text[start:end], value)))
        if value[0] == "ymd":  # a range opens after a word or a dash, or goes on after a month said first
            at = start
            while at and low[at - 1] == " ":
                at -= 1
            if at and (low[at - 1].isalpha() or low[at - 1] in "-–—") or low[start].isalpha():
                ranged.extend(_range_opening(text, low, start, end, value))
    if ranged:  # a range's other day is that month's: its bare day read alone ("dia 9", "the 12th") is the same fact
        days = {(other.start, cast(tuple, other.value)[3]) for other in ranged}
        found = [fact for fact in found if not _same_day(fact, days)] + ranged
    return found


def _same_day(fact: Fact, days: set[tuple[int, int]]) -> bool:
    """Whether `fact` is a bare day ("dia 9", "the 12th") holding a range's other day read as (start, day)."""
    value = cast(tuple, fact.value)
    return value[0] == "day" and any(fact.start <= start < fact.end and day == value[1] for start, day in days)


# A range of days of one month says the month once, after its last day ("del 9 al 10 de marzo", "de 9 a 12 de
# março", "entre el 9 i el 10 de març", "9–10 March") or after its first ("March 9–12", "March 9 to 12"): the other
# day is a date of the same month and year, told against the results like any date. Only after a word opening a
# range (or a dash), so "2 e 10 de março" and "for 4 and March 10" stay a count and a date.
_RANGE_FIRST_RE = re.compile(
    r"(?:(?<!\w)(?:del|de|do|dos|from|between|entre|desde|des\s+del?)\s+(?:(?:el|o|os|the|los|els)\s+)?(?:dias?\s+)?"
    r"(?P<d>[0-3]?\d)(?:st|nd|rd|th|º|ª)?\s*(?:-|–|—|al|a|ao|to|through|thru|till|until|and|y|e|i|hasta|fins\s+al?|ate)"
    r"|(?<![\w/:.,-])(?P<dash>[0-3]?\d)(?:st|nd|rd|th)?\s*[-–—])\s*(?:(?:el|o|the)\s+)?(?:dia\s+)?$")
_RANGE_LAST_RE = re.compile(r"\s*(?:-|–|—|to|through|thru|till|until)\s*(?:the\s+)?(?P<d>[0-3]?\d)(?:st|nd|rd|th)?"
                            r"(?![\w:.,/-]|\s*(?:am|pm|a\.m|p\.m|o'?clock|h\b))")


def _range_opening(text: str, low: str, start: int, end: int, value: tuple) -> list[Fact]:
    """The other day of a range of one month whose month is said once (see `_RANGE_FIRST_RE`). Called only for a
    date after a word or a dash, or opening with its month: a list's "Marta: 2 de desembre" costs no search."""
    found = []
    before = _RANGE_FIRST_RE.search(low, max(0, start - 32), start)
    if before:
        group = "d" if before.group("d") else "dash"
        found.append((before.start(group), before.end(group), int(before.group(group))))
    after = _RANGE_LAST_RE.match(low, end) if low[start].isalpha() else None  # "March 9–12": the month first
    if after:
        found.append((after.start("d"), after.end("d"), int(after.group("d"))))
    return [_new(Fact, ("date", a, b, text[a:b], (*value[:3], day))) for a, b, day in found
            if 1 <= day <= 31 and day != value[3]]


def _date_value(groups: dict[str, str | None], lang: Lang) -> tuple | None:
    """The value of a date match from its groups (see `dates_in`); None when it is no date."""
    value: tuple
    if groups.get("iso"):
        y, m, d = (int(p) for p in groups["iso"].split("-"))  # type: ignore[union-attr]
        value = ("ymd", y, m, d)
    elif groups.get("a"):
        a, b = int(groups["a"]), int(groups["b"])  # type: ignore[arg-type]
        if not (1 <= a <= 31 and 1 <= b <= 31):
            return None
        value = ("either", a, b)
    elif groups.get("w"):
        value = ("weekday", WEEKDAYS[lang][groups["w"]])  # type: ignore[index]
    elif groups.get("wa"):
        value = ("weekday", WEEKDAY_ABBREVIATIONS[lang][groups["wa"]])  # type: ignore[index]
    elif groups.get("r"):
        value = ("relative", RELATIVE[lang][groups["r"]])  # type: ignore[index]
    elif groups.get("d3") or groups.get("d4"):
        value = ("day", int(groups.get("d3") or groups["d4"]))  # type: ignore[arg-type]
    else:
        month = groups.get("m1") or groups.get("m2")
        day_said = groups.get("d1") or groups.get("d2")
        year = groups.get("y1") or groups.get("y2")
        if not month or not day_said:
            return None
        value = ("ymd", int(year) if year else None, MONTHS[lang][month], int(day_said))
    if value[0] in ("ymd", "day") and not 1 <= value[-1] <= 31:
        return None
    return value


@lru_cache(maxsize=8)
def _date_words(lang: Lang) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w)(?:{_alternation([*WEEKDAYS[lang], *RELATIVE[lang]])})")


# --- availability: "24/7", "24 horas" ----------------------------------------------------------------------------

# "We're open 24/7", "atendimento 24h", "atención las 24 horas", "disponible les 24 hores", "24 hours a day, 7 days a
# week" say when a service answers, not a date, an hour or a count. "24/7" is the 24th of July only in a date's
# place: after a word that introduces a date ("on", "dia", "el", a weekday) or before a time ("a las 10:00"); else it
# is availability next to a word of service (open, available, support, atendimento, atención, servei…). "24 h",
# "24 horas", "24 hours", "24 hores" are availability before "a day"/"por dia"/"al dia"/"/7", after the article of
# a span ("las 24 horas", "les 24 hores", not "a las", "às", "at", "until"), or next to a word of service.
_SERVICE_WORDS = (r"open|opened|available|availability|support|service|services|help|helpline|assistance|assist"
                  r"|here|reach|contact|chat|call|line|team|online|answer|answers|monitoring|working|works|runs"
                  r"|atend\w*|suporte|disponive(?:l|is)|disponibilidade|abert[oa]s?|funciona\w*|servicos?|ajuda"
                  r"|plantao|online|estamos|central"
                  r"|atencion|abiert[oa]s?|disponibles?|disponibilidad|soporte|servicio|ayuda|asistencia|funciona"
                  r"|atencio|obert[ae]?s?|oberts|disponibilitat|suport|servei|assistencia|funcionem|funciona"
                  # answering, in each language's verbs ("us atenem 24/7", "respondemos 24/7", "et contestem")
                  r"|atenem|atenen|atendre|xat|respond\w*|respon\w*|contest\w*|replies|reply")
_SERVICE_RE = re.compile(rf"(?<!\w)(?:{_SERVICE_WORDS})(?!\w)")
# (Its "24" first, the look-behind for the character before it after: a pattern that starts with a literal is looked
# for by the engine's quick search for it, not tried at every position of the draft; the same matches as
# `(?<![\w/.,:-])24…`, which `guards/tests/test_fast_paths.py` compares it with.)
_AROUND_THE_CLOCK_RE = re.compile(
    r"24(?<![\w/.,:-]24)(?:\s?(?P<slash>[/x]\s?7)(?![\w/]|[.,:-]\d|\s?/\s?\d)"
    r"|\s?(?P<hours>h|hs|hrs?|horas|hours|hores)(?!\w)"
    r"(?P<day>,?\s+(?:a day|per day|each day|every day|por dia|ao dia|do dia|todos os dias|al dia|del dia"
    r"|cada dia|tots els dies|todos los dias|diarias)|\s?/\s?7|\s?x\s?7)?)")
# what makes "24/7" a date: a word that introduces one before it, or a time after it in its clause
_DATE_BEFORE_RE = re.compile(r"(?<!\w)(?:(?:on|by|from|until|since)(?:\s+the)?|dia|el|del|no|em|de|desde|hasta|fins|a partir"
                             r"|mon|tue|wed|thu|fri|sat|sun|\w+day|\w+-feira|segunda|terca|quarta|quinta|sexta|sabado"
                             r"|domingo|lunes|martes|miercoles|jueves|viernes|dilluns|dimarts|dimecres|dijous"
                             r"|divendres|dissabte|diumenge)\s*,?\s*$")
_TIME_AFTER_RE = re.compile(r"[^.!?;\n]{0,24}?(?:(?<!\d)(?!24\s?h)\d{1,2}(?::\d{2}|h\b|\s?(?:am|pm|a\.m|p\.m))|(?:at|as|a las|a les)\s+\d)")
# an hour's place before "24h": "às 24h", "at 24 hours", "until 24h" — midnight, a time
_HOUR_AT_BEFORE_RE = re.compile(r"(?<!\w)(?:at|until|till|by|a|as|ate|ate as|a las|hasta las|a les|fins a les"
                                r"|pelas|para as|para las|per a les)\s*$")
_SPAN_ARTICLE_RE = re.compile(r"(?<!\w)(?:las|les|todas as|todas las|totes les|nas|en las|en les)\s*$")


def around_the_clock(text: str, low: str) -> list[tuple[int, int]]:
    """The spans of `low` (`text` folded) that say a service's availability, no date, hour or count."""
    if "24" not in low:
        return []
    spans = []
    for match in _AROUND_THE_CLOCK_RE.finditer(low):
        start, end = match.span()
        before = low[max(0, start - 40):start]
        clause_before = re.split(r"[.!?;\n]", before)[-1]
        after = low[end:end + 40].split(".")[0]
        service = bool(_SERVICE_RE.search(clause_before) or _SERVICE_RE.search(after))
        if match.group("slash"):
            if _DATE_BEFORE_RE.search(before) or _TIME_AFTER_RE.match(low, end):
                continue  # "on 24/7 at 10:00", "dia 24/7": a date
            if service or match.group("slash").startswith("x"):
                spans.append((start, end))
            continue
        said_at = _HOUR_AT_BEFORE_RE.search(before)
        # "todas as 24 horas" is the article, "às 24h" the hour: only the accent tells them apart
        at_hour = said_at is not None and not (said_at.group().strip() == "as" and text[
            start - len(before) + said_at.start():][:2].lower() != "às")
        if match.group("day") or (not at_hour and (service or (
                _SPAN_ARTICLE_RE.search(before) and match.group("hours").startswith("ho")))):
            spans.append((start, end))
    return spans


def _outside(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    return not any(s < end and start < e for s, e in spans)


# --- times of day --------------------------------------------------------------------------------------------------

_PM = (r"p\.?\s?m\.?|in the (?:afternoon|evening)|at night|tonight|da tarde|da noite|de la tarde|de la noche"
       r"|de la tarda|de la nit|del vespre|de la vesprada|del migdia|del mediodia")  # "les dues del migdia": 14:00
_AM = r"a\.?\s?m\.?|in the morning|da manha|de la manana|del mati|de la matinada"
NOON: dict[Lang, str] = {"en": r"noon|midday", "pt-BR": r"meio-dia|meio dia", "es": r"mediodia", "ca": r"migdia"}
MIDNIGHT: dict[Lang, str] = {"en": r"midnight", "pt-BR": r"meia-noite|meia noite", "es": r"medianoche",
                             "ca": r"mitjanit"}
_HOUR_BEFORE: dict[Lang, str] = {
    "en": r"at|by|around|from|until|till", "pt-BR": r"as|a|das|ate as|pelas|para as|pras|por volta das|umas",
    "es": r"a las|a la|las|la|desde las|hasta las|para las|sobre las", "ca": r"a les|a la|les|la|per a les|cap a les",
}


# A quarter or half after the hour said in words ("a las cinco y media", "às 5 e meia", "a les 7 i quart"): its minutes
# (a quarter before it, "menos cuarto", is the hour before at 45).
_FRACTION: dict[Lang, str] = {
    "en": r"and a half", "pt-BR": r"e meia|e quinze|e um quarto|menos um quarto|menos quinze",
    "es": r"y media|y cuarto|menos cuarto", "ca": r"i mitja|i quart|menys quart",
}
# The minutes past its hour of a fraction, or of an English "half past", "quarter past", "quarter to"
_FRACTION_MINUTES = (("menos", -15), ("menys", -15), ("quarter to", -15), ("half", 30), ("mei", 30), ("medi", 30),
                     ("mitj", 30), ("quarter", 15), ("quart", 15), ("cuarto", 15), ("quinze", 15))
# Catalan traditional hours: quarters of the hour to come ("dos quarts d'onze" is 10:30, "un quart de nou" 8:15)
_QUARTERS: dict[str, int] = {"un": 1, "1": 1, "dos": 2, "2": 2, "tres": 3, "3": 3}


# The test that ends an hour said after its word ("a les 8", not "a les 08:00", whose time is read from its digits):
# also tried right after the hour, where it fails as it would at the end (the optional parts between, a fraction,
# "o'clock" and a period of the day, start with a space or a letter followed by no digit, so none can be read before
# a digit or a ":0"), sparing their tries on each hour of a list's "a les 08:00" (the same matches as without it,
# which `guards/tests/test_fast_paths.py` compares).
_NO_DIGIT_NEXT = r"(?![\w:,./]?\d)"
# A dotted hour ("a les 7.30", "a las 19.30", "às 7.30", "at 7.30", "19.30 h") is a time where a time word governs it:
# the hour's word before it, or "h" after it. Never an amount or a measure, whose unit or currency follows the
# number ("7.30 €", "a 7.30 km", "at 4.50 stars"); a sign before the number ("R$ 7.30", "at $7.30") leaves no time word
# right before it.
_NOT_A_CLOCK_AFTER = (r"(?!\s*(?:[€$£%]|(?:r\$|us\$|eur|euros?|reais|reals?|real|usd|brl|ars|pesos?|dolares|dollars?"
                      r"|bucks|cents?|centavos?|centimos?|centims?|km|kms|kg|cm|mm|ml|gb|tb|mb|m|l|mi|mph"
                      r"|quilometros?|kilometros?|quilometres?|kilomet(?:er|re)s?|miles?|milhas?|millas?|milles?"
                      r"|metros?|metres?|meters?|litros?|litres?|liters?|quilos?|kilos?|stars?|estrelas?|estrellas?"
                      r"|estrelles?|percent|por\s*cento|por\s+ciento|per\s+cent|graus|grados?|graus?|degrees?|points?"
                      r"|pontos?|puntos?|punts?|each|apiece|out\s+of)(?!\w)))")


@lru_cache(maxsize=8)
def _time_re(lang: Lang) -> re.Pattern[str]:
    hour_words = _alternation({w: v for w, v in NUMBER_WORDS[lang].items() if v <= 12})
    fraction = rf"(?:\s+(?P<frac>{_FRACTION[lang]}))?"
    no_quarts = r"(?!\s+quarts?(?!\w))" if lang == "ca" else ""  # "a les tres quarts de dues" is 1:45
    catalan = (rf"|(?P<quarts>un quart|dos quarts|tres quarts|[123] quarts?)\s+(?:de\s+|d['’]\s?)"
               rf"(?:les\s+|la\s+)?(?P<h3>[01]?\d|{hour_words})(?:\s*(?P<pm3>{_PM})|\s*(?P<am3>{_AM}))?(?![\w:,.]?\d)"
               if lang == "ca" else "")
    english = (rf"|(?P<past>half past|quarter past|quarter to)\s+(?P<h4>[01]?\d|{hour_words})"
               rf"(?:\s*(?P<pm4>{_PM})|\s*(?P<am4>{_AM}))?(?![\w:,.]?\d)" if lang == "en" else "")
    return led_by_first_characters(re.compile(
        rf"(?<![\w:./-])(?:"
        rf"(?P<h>[0-2]?\d)(?::(?P<m>[0-5]\d)|h(?P<hm>[0-5]\d)?(?:s)?|\.(?P<dm>[0-5]\d)\s?h(?:rs|s)?|\s?(?=a\.?\s?m|p\.?\s?m))"
        rf"(?:\s*(?P<pm>{_PM})|\s*(?P<am>{_AM}))?"
        rf"|(?:(?<=\W)|^)(?P<before>{_HOUR_BEFORE[lang]})\s+(?P<h2>[0-2]?\d|{hour_words})"
        rf"(?:\.(?P<dm2>[0-5]\d){_NOT_A_CLOCK_AFTER})?{_NO_DIGIT_NEXT}{no_quarts}{fraction}"
        rf"(?:\s+(?:o'?clock|en punto|em ponto))?"
        rf"(?:\s*(?P<pm2>{_PM})|\s*(?P<am2>{_AM}))?(?![\w:,.]?\d)"
        rf"{catalan}{english}"
        rf"|(?P<noon>{NOON[lang]})|(?P<midnight>{MIDNIGHT[lang]})"
        rf")(?![\w])"))


def _fraction_minutes(said: str) -> int:
    return next(minutes for stem, minutes in _FRACTION_MINUTES if stem in said)


def times_in(text: str, lang: Lang) -> list[Fact]:
    """Times of day said in `text`; value: the frozenset of minutes of the day it may mean."""
    low = folded(text)
    found = []
    readings: dict[tuple, tuple] = {}  # a list says the same few times on every line: each is read once
    clock = around_the_clock(text, low)
    for match in _time_re(lang).finditer(low):
        start, end = match.span()  # (read once: a list has a thousand)
        key = (low[start:end], *match.groups())
        reading = readings.get(key)
        if reading is None:
            reading = readings[key] = _time_reading(match, lang)
        minutes, clock_word, in_context, from_hour = reading
        if clock and not _outside(clock, start, end):
            continue  # "atendimento 24h", "las 24 horas": availability
        if clock_word and text[start].isupper():
            continue  # "iPhone 13 Medianoche": a colour's name, no time
        if minutes is None or (in_context and not _hour_context(low, end)):
            continue  # "at 4" is a time only before a period word or at the clause's end
        if from_hour:
            start = match.start("h2")
        raw = text[start:end].rstrip(".")
        found.append(_new(Fact, ("time", start, start + len(raw), raw, minutes)))
    return found


def _time_reading(match: re.Match[str], lang: Lang) -> tuple[frozenset[int] | None, bool, bool, bool]:
    """What a match of `_time_re` says, read from its text and groups (`times_in` adds what its place says): (the
    minutes it may mean, None when no time; whether it is noon or midnight; whether it is a time only where
    `_hour_context` finds one; whether the fact starts at its hour, after the word before it)."""
    g = match.groupdict()
    from_hour = bool(g.get("before"))
    if g["noon"]:
        return frozenset({12 * 60}), True, False, from_hour
    if g["midnight"]:
        return frozenset({0}), True, False, from_hour
    if g.get("h3") or g.get("h4"):  # "dos quarts d'onze", "half past five": quarters of an hour in words
        hour = number_value(g.get("h3") or g["h4"], lang)
        if hour is None or not 1 <= hour <= 12:
            return None, False, False, from_hour
        if g.get("h3"):
            hour, minute = hour - 1 or 12, 15 * _QUARTERS[g["quarts"].split()[0]]
        else:
            minute = _fraction_minutes(g["past"])
            if minute < 0:  # "quarter to six"
                hour, minute = hour - 1 or 12, 60 + minute
        pm, am = g.get("pm3") or g.get("pm4"), g.get("am3") or g.get("am4")
        return _clock(hour, minute, pm=bool(pm), am=bool(am), marked=True), False, False, from_hour
    raw_hour = g["h"] or g["h2"]
    hour = number_value(raw_hour, lang) if raw_hour else None
    if hour is None or hour > 24:
        return None, False, False, from_hour
    minute = int(g["m"] or g["hm"] or g["dm"] or g["dm2"] or 0)
    if g.get("frac"):  # "a las cinco y media", "às 7 menos um quarto"
        minute = _fraction_minutes(g["frac"])
    pm, am = g["pm"] or g["pm2"], g["am"] or g["am2"]
    in_context = False
    if g["h2"] and not (pm or am) and lang == "en" and not re.search(r"o'?clock", match.group()) \
            and not g.get("frac") and not g["dm2"]:  # "at 7.30": its minutes say it is a time
        if not raw_hour.isdigit() or hour > 12:
            return None, False, False, from_hour  # "at one" is no time without a clock word
        in_context = True
    if minute < 0:  # a quarter to the hour
        hour, minute = (hour - 1) % 24, 60 + minute
    reading = _clock(hour, minute, pm=bool(pm), am=bool(am), marked=bool(g["m"] or g["hm"] is not None
                                                                       or "h" in match.group() or g.get("frac")))
    return reading, False, in_context, from_hour


_PERIOD_WORDS: dict[Lang, str] = {
    "en": r"(?:in the )?(?:morning|afternoon|evening|night)|at night|o'?clock|a\.?m\.?|p\.?m\.?",
    "pt-BR": r"da (?:manha|tarde|noite)|de (?:manha|tarde|noite)|horas?|h",
    "es": r"de la (?:manana|tarde|noche)|por la (?:manana|tarde|noche)|horas?|hs?",
    "ca": r"del (?:mati|vespre)|de la (?:tarda|nit)|hores?|h",
}
_HALF: dict[Lang, str] = {"en": r"half past", "pt-BR": r"(?P<e>e meia)", "es": r"(?P<e>y media)", "ca": r"(?P<e>i mitja)"}


@lru_cache(maxsize=8)
def _said_time_re(lang: Lang) -> re.Pattern[str]:
    hour = rf"(?:[0-2]?\d|{_alternation({w: v for w, v in NUMBER_WORDS[lang].items() if v <= 12})})"
    half = r"(?P<half>half past|quarter past|quarter to)\s+" if lang == "en" else ""
    return re.compile(rf"(?<![\w:])(?:{half})?(?P<h>{hour})(?::(?P<m>[0-5]\d))?(?:\s*(?:{_HALF[lang] if lang != 'en' else 'x^'}))?"
                      rf"\s*(?P<period>{_PERIOD_WORDS[lang]})(?!\w)"
                      rf"|(?P<noon>{NOON[lang]})|(?P<midnight>{MIDNIGHT[lang]})")


def said_times(text: str, lang: Lang) -> frozenset[int]:
    """Every minute of the day a message may mean, read leniently (what a customer said supports a time: "twelve
    in the afternoon", "half past 6 in the evening", "at 7"): the strict readings and these."""
    low = folded(text)
    minutes: set[int] = set()
    for fact in times_in(text, lang):
        minutes.update(fact.value)  # type: ignore[arg-type]
    for match in _said_time_re(lang).finditer(low):
        g = match.groupdict()
        if g.get("noon"):
            minutes.add(720)
            continue
        if g.get("midnight"):
            minutes.add(0)
            continue
        hour = number_value(g["h"], lang)
        if hour is None or hour > 24:
            continue
        minute = int(g["m"] or 0)
        half = g.get("half")
        if half == "half past" or g.get("e"):
            minute = 30
        elif half == "quarter past":
            minute = 15
        elif half == "quarter to":
            hour, minute = (hour - 1) % 24, 45
        period = g["period"] or ""
        pm = bool(re.search(r"p\.?m|afternoon|evening|night|tarde|noite|noche|tarda|vespre|nit", period))
        am = bool(re.search(r"a\.?m|morning|manha|manana|mati", period))
        reading = _clock(hour, minute, pm=pm, am=am, marked=False)
        if reading:
            minutes.update(reading)
    return frozenset(minutes)


_HOUR_CONTEXT_RE = re.compile(r"\s*(?:$|[.!?,;]|on\b|tomorrow|today|tonight|for\b|and\b|in\b|please|instead|works|is\b)")


def _hour_context(low: str, end: int) -> bool:
    return bool(_HOUR_CONTEXT_RE.match(low, end))


def _clock(hour: int, minute: int, *, pm: bool, am: bool, marked: bool) -> frozenset[int] | None:
    if pm and hour <= 12:
        return frozenset({((hour % 12) + 12) * 60 + minute})
    if am and hour <= 12:
        return frozenset({(hour % 12) * 60 + minute})
    if hour >= 13 or hour == 0:
        return frozenset({(hour % 24) * 60 + minute})
    if hour == 12:
        return frozenset({12 * 60 + minute, minute})
    return frozenset({hour * 60 + minute, (hour + 12) * 60 + minute})  # either half of the day


# --- counts and places left ----------------------------------------------------------------------------------------

COUNT_NOUNS: dict[Lang, str] = {
    "en": r"people|persons?|guests?|adults?|kids?|children|tickets?|seats?|spots?|places?|passengers?|travell?ers?"
          r"|riders?|nights?|rooms?|diners?|attendees?|participants?|students?|units?|pieces?",
    "pt-BR": r"pessoas?|convidados?|adultos?|criancas?|ingressos?|bilhetes?|lugares|lugar|vagas?|assentos?|passageiros?"
             r"|noites?|quartos?|participantes?|alunos?|unidades?|pecas?",
    "es": r"personas?|invitados?|adultos?|ninos?|entradas?|boletos?|billetes?|asientos?|plazas?|lugares|lugar"
          r"|pasajeros?|noches?|habitacion(?:es)?|participantes?|alumnos?|comensales|unidad(?:es)?",
    "ca": r"persona|persones|convidats?|adults?|nens?|entrades?|bitllets?|seients?|places?|placa|lloc(?:s)?|passatgers?|nits?"
          r"|habitacions?|participants?|alumnes?|unitats?",
}
# What a statement or a list counts: transfers, payments, bookings, orders ("você fez 5 Pix", "tenés 2 reservas"):
# a result's count or its length (read as `found`), never a party.
TRANSACTION_NOUNS: dict[Lang, str] = {
    "en": r"pix|transfers?|payments?|bookings?|reservations?|orders?|purchases?|transactions?|deposits?",
    "pt-BR": r"pix|transferencias?|pagamentos?|reservas?|agendamentos?|pedidos?|compras?|transac(?:ao|oes)|depositos?",
    "es": r"pix|transferencias?|pagos|reservas?|pedidos?|compras?|transacci(?:on|ones)|depositos?",
    "ca": r"pix|transferencies|transferencia|pagaments?|reserves|reserva|comandes|comanda|compres|transaccions?"
          r"|diposits?",
}
# A transaction noun naming what the next noun is of ("one Pix code", "dos claves Pix" aside, "2 chaves Pix" is no Pix):
# "more than one Pix code" counts codes, not transfers.
_DEAL_QUALIFIED = (r"codes?|keys?|links?|requests?|limits?|codigos?|chaves?|claves?|enlaces?|limites?|codis?|claus?"
                   r"|enllacos?|copia e cola|copy and paste")
_TRANSACTION_RE: dict[Lang, re.Pattern[str]] = {lang: re.compile(f"(?:{nouns})$") for lang, nouns in TRANSACTION_NOUNS.items()}
_CURRENCY_BEFORE_RE = re.compile(r"(?:r\$|us\$|\$|€|£|brl|usd|eur|ars)\s*$")
_FOR: dict[Lang, str] = {
    "en": r"(?:table|reservation|booking|party|group)\s+(?:for|of)(?:\s+a\s+party\s+of)?|party of|group of|for a party of",
    # and a booking's participle ("reservado para dos", "plaça reservada per a tres"; English "booked for 5" may be
    # its hour)
    "pt-BR": r"(?:mesa|reserva|grupo)\s+(?:para|pra|de)|para um grupo de|(?:reservad|marcad|agendad)[oa]s?\s+(?:para|pra)",
    "es": r"(?:mesa|reserva|grupo)\s+(?:para|de)|para un grupo de|(?:reservad|anotad|agendad)[oa]s?\s+para",
    "ca": r"(?:taula|reserva|grup)\s+(?:per a|per|de)|per a un grup de|(?:reservad|apuntad)(?:a|es)\s+(?:per a|per)"
          r"|(?:reservat|apuntat)s?\s+(?:per a|per)",
}
# A party named by its size ("the three of you", "vocês dois", "a los tres", "tots quatre"), and the customer with
# others ("you and 2 friends", "você e mais 2", "vos y 3 amigos", "tu i 2 amics": one more than said).
_GROUP: dict[Lang, str] = {
    "en": r"(?:the|all)\s+(?P<n6>two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s+of\s+you",
    "pt-BR": r"(?:voces|vcs|os)\s+(?P<n6>dois|tres|quatro|cinco|seis|sete|oito)(?=\s*(?:[.,!;?]|$|(?:para|pra|amanha|hoje)\b))",
    "es": r"(?:ustedes|los)\s+(?P<n6>dos|tres|cuatro|cinco|seis|siete|ocho)(?=\s*(?:[.,!;?]|$|(?:para|manana|hoy)\b))",
    "ca": r"(?:vosaltres|els|tots|totes)\s+(?P<n6>dos|dues|tres|quatre|cinc|sis|set|vuit)"
          r"(?=\s*(?:[.,!;?]|$|(?:per|dema|avui)\b))",
}
_WITH_OTHERS: dict[Lang, str] = {
    "en": r"you\s+and\s+(?:another\s+)?",
    "pt-BR": r"(?:voce|vc|tu)\s+e\s+(?:mais\s+)?", "es": r"(?:vos|tu|ti|usted)\s+y\s+(?:otr[oa]s\s+)?",
    "ca": r"(?:tu|voste)\s+i\s+(?:(?:dos|tres|quatre|cinc|sis)\s+)?",
}
_OTHERS: dict[Lang, str] = {
    "en": r"friends?|others?|guests?|more|people|companions?", "pt-BR": r"amig[oa]s?|acompanhantes?|pessoas?|outr[oa]s?",
    "es": r"amig[oa]s?|acompanantes?|personas?|mas", "ca": r"amics?|amigues?|acompanyants?|persones?|mes",
}
_FOUND: dict[Lang, str] = {
    "en": r"found|(?:i|we|you)\s+(?:do\s+|also\s+|still\s+)?have|there\s+(?:are|were)|(?:i|we)\s+(?:can\s+|could\s+)?see|(?:i|we)\s+got|(?:i|we)\s+located"
          r"|(?:have|has|are)(?=\s+\d{1,4}\s+(?!(?:star|point|mile|hour|minute|second|day|week|month|year|dollar|cent"
          r"|review|rating|degree|kilometer|inche|foot|feet|meter)s\b)[a-z]{2,}[^s\W]s\b)",  # "the Giants have 6 games", "so far are 12 songs"
    "pt-BR": r"encontr\w+|ach\w+|(?:ha|existem|tem|temos)", "es": r"encontr\w+|hay|halle|tenemos|tienes",
    "ca": r"trobat|trobo|trobem|hi ha|tenim|tens",
}
# A stay's or a rental's length ("for 5 days", "por 3 días", "per 2 setmanes"), or an event's ("on for 4 days": a
# result a day): days are counted after "for", as a count or a results length.
# A stay's length: "for 4 days", "staying 6 days"; the noun singular too after any number, as writers slip ("for 4
# day", "staying 6 day"): the number is the stay's all the same
_FOR_DAYS: dict[Lang, str] = {"en": r"for|staying(?:\s+for)?", "pt-BR": r"por|durante", "es": r"por|durante",
                              "ca": r"per|durant"}
_DAY_NOUNS: dict[Lang, str] = {"en": r"days?|weeks?", "pt-BR": r"dias?|semanas?", "es": r"dias?|semanas?",
                               "ca": r"dies|dia|setmanes|setmana"}
_LEFT_AFTER: dict[Lang, str] = {
    "en": r"(?:places?|spots?|seats?|tickets?|units?|rooms?|tables?)?\s*(?:left|remaining|available|still free)"
          r"|(?:in stock|left in stock)",
    # the noun may be left out, as in English ("hay 7 disponibles", "tem 4 disponíveis", "n'hi ha 3 de lliures")
    "pt-BR": r"(?:(?:vagas?|lugares|lugar|unidades?|ingressos?)\s+)?(?:restantes?|livres?|disponive(?:l|is))"
             r"|em estoque",
    "es": r"(?:(?:plazas?|lugares|lugar|unidad(?:es)?|entradas?)\s+)?(?:libres?|disponibles?|restantes?)|en stock",
    "ca": r"(?:(?:places?|placa|llocs?|unitats?|entrades?)\s+|de\s+)?(?:lliures?|disponibles?|restants?)|en estoc",
}
_LEFT_BEFORE: dict[Lang, str] = {
    "en": r"only|just|there (?:are|is) (?:only )?",
    "pt-BR": r"restam|sobram|resta|sobra|restou|restaram|sobrou|sobraram|ainda (?:ha|tem|temos)|so (?:ha|tem|temos)",
    "es": r"quedan|queda|quedo|quedaron|sobran|sobra|solo quedan|quedan solo|hay solo",
    "ca": r"queden|en queden|nomes queden|queda|en queda|nomes queda",
}
# "una sola unidad", "1 única vaga", "one single seat": one, said to be the last
_SOLE: dict[Lang, str] = {"en": r"single|last", "pt-BR": r"so|unica|ultima", "es": r"sola|unica|ultima",
                          "ca": r"sola|unica|ultima"}


# "restam só 2 vagas", "quedan solo 2", "en queden només 2": what is left, said to be few
_ONLY = r"(?:so|apenas|somente|solo|solamente|nomes|sols|only|just)"
_AVAILABLE_RE = re.compile(r"(?:available|disponive(?:l|is)|disponibles?|livres?|libres?|lliures?|still free)$")
_SCARCE_BEFORE_RE = re.compile(r"only|just|restam|sobram|quedan|queda|solo quedan|quedan solo|queden|en queden"
                               r"|nomes queden|so (?:ha|tem|temos)|there (?:are|is) only|hay solo")
_ARTICLES = frozenset({"um", "uma", "un", "una", "a", "an"})
# What a count of places counts (free or taken: "4 vagas", "2 plazas"), read as places left.
_PLACE_NOUN_RE = re.compile(r"vagas?|lugares|lugar|plazas?|places?|placa|spots?|seats?|llocs?|assentos?|asientos?|seients?"
                            r"|units?|unidades?|unidad|unitats?")


# Units a number measures in, not things counted ("13 percent", "7 miles per hour", "93 degrees").
_MEASURES = (r"percent|per\s+cent|por\s*cento|por\s+ciento|per\s+cent|degrees?|graus|grados?|mph|miles?|km"
             r"|kilomet(?:er|re)s?|quilometros?|kilometros?|quilometres?")


# How a count noun is said to number N ("the tickets are 4", "os ingressos são 3") and what may follow N then.
_COPULA: dict[Lang, str] = {"en": r"are|will be|would be", "pt-BR": r"sao|serao|seriam", "es": r"son|seran|serian",
                            "ca": r"son|seran|serien"}
_AND: dict[Lang, str] = {"en": r"and|in total", "pt-BR": r"e|no total", "es": r"y|en total", "ca": r"i|en total"}
# A count noun that only qualifies the noun after it, in English ("6 Diner options", "3 room types", "2 ticket
# choices"): the number counts what follows, a result's items, not diners, rooms or tickets.
_QUALIFIED: dict[Lang, str] = {
    "en": r"\s+(?:options|choices|types|kinds|results|alternatives|possibilities|restaurants|places|venues|events"
          r"|listings|matches|deals|locations|spots)(?!\w)",
}


@lru_cache(maxsize=8)
def _count_re(lang: Lang) -> re.Pattern[str]:
    number = _number(lang)
    qualified = f"(?!{_QUALIFIED[lang]})" if lang in _QUALIFIED else ""
    return led_by_first_characters(re.compile(
        rf"(?<![\w$€£.,:/-])(?:"
        rf"(?:(?P<left_before>{_LEFT_BEFORE[lang]})\s+(?:{_ONLY}\s+)?)?(?P<n>{number})\s+(?:(?:more|mais|mas|mes|other|outras?|otras?|altres)\s+)?"
        rf"(?:(?P<sole>{_SOLE[lang]})\s+)?"
        rf"(?:(?P<left>{_LEFT_AFTER[lang]})|(?P<noun>{COUNT_NOUNS[lang]})(?:\s+(?P<left2>left|remaining|restantes?|libres?|livres?|lliures?|disponibles?|disponive(?:l|is)))?{qualified}"
        rf"|(?P<deals>{TRANSACTION_NOUNS[lang]})(?!\s+(?:{_DEAL_QUALIFIED})(?!\w)))"
        rf"|(?P<for>{_FOR[lang]})\s+(?P<n2>{number})(?![\w$€£.,:/-]\d)(?!\s*(?:h\b|:\s*\d|pm|am|p\.m|a\.m))"
        rf"(?!\s+(?!(?:{COUNT_NOUNS[lang]})(?!\w))[a-z]+[^s\W]s(?!\w))"  # "a group of 10 hotels": no party
        rf"|(?:{_FOR_DAYS[lang]})\s+(?P<n4>{number})\s+(?:{_DAY_NOUNS[lang]})"
        rf"|{_GROUP[lang]}|(?:{_WITH_OTHERS[lang]})(?P<n7>{number})\s+(?:{_OTHERS[lang]})"
        rf"|(?P<found>{_FOUND[lang]})\s+(?P<n3>\d{{1,4}}|{_alternation(NUMBER_WORDS[lang])})"
        # "I found 3 places", "I found 5.", "I found 11 - …", "there are 10 1-star hotels"
        rf"(?=\s+[a-z]|[.:;!]?\s*$|[.:;!,]\s|\s+[-–—]\s|\s+\d{{1,2}}[\s-]?[a-z])"
        rf"(?!\s+(?:(?:more|mais|mas|mes)\s+)?(?:(?:{COUNT_NOUNS[lang]})(?![\w]){qualified}|(?:{_LEFT_AFTER[lang]})(?![\w])))"
        rf"(?!\s*(?:%|{_MEASURES})(?!\w))"  # "there are 13 percent chance of rain": a measure
        # the count noun first, the number as what it is: "the tickets are 4", "os ingressos são 3"
        rf"|(?:{COUNT_NOUNS[lang]})\s+(?:{_COPULA[lang]})\s+(?P<n5>{number})(?=\s*(?:[.!?;]|$)|\s*,\s|\s+(?:{_AND[lang]})(?!\w))"
        rf")(?![\w])"))


# what may follow "I found 1" for it to be a count: a plural ("1 events"), or the sentence's end ("I have 1. …")
_PLURAL_AFTER_RE = re.compile(r"\s+[a-z]+[^s\W]s\b|\s*[.!?,;:]?\s*$|\s*[.!?;:](?:\s|$)")
_PLURAL_FOUND_RE = re.compile(r"there\s+(?:are|were)|(?:ha|existem|hay|hi ha)$")


def counts_in(text: str, lang: Lang) -> list[Fact]:
    """Counts (`count`, value an int) and what is left (`places`, value an int) said in `text`."""
    low = folded(text)
    found = []
    readings: dict[tuple, tuple | None] = {}  # a list says the same few counts on every line: each is read once
    clock = around_the_clock(text, low)
    pattern = _count_re(lang)
    deals = pattern.groupindex["deals"] - 1  # (its place in a match's groups: read there, not by its name)
    for match in pattern.finditer(low):
        key = match.groups()
        reading = readings.get(key, _UNREAD)
        if reading is _UNREAD:
            reading = readings[key] = _count_reading(match.groupdict(), lang)
        if reading is None:
            continue
        kind, name, value, plural_after = reading
        start, end = match.span(name)
        if clock and not _outside(clock, start, end):
            continue  # "24 horas por dia, 7 dias por semana": availability
        if plural_after and not _PLURAL_AFTER_RE.match(low, match.end()):
            continue  # "I found one …", "I found 1 Restaurant named …": the item offered, no count ("1 events" is)
        if key[deals] and _CURRENCY_BEFORE_RE.search(low, max(0, start - 6), start):
            continue  # "R$ 50 Pix": an amount's digits
        found.append(_new(Fact, (kind, start, end, text[start:end], value)))
    return found


def _count_reading(g: dict[str, str | None], lang: Lang) -> tuple[FactKind, str, object, bool] | None:
    """What a match of `_count_re` says, read from its groups (`counts_in` adds what follows it): (its kind, the
    group of its number, its value, whether it is a count only before a plural); None when it is no count."""
    raw = g["n"] or g["n2"] or g["n3"] or g["n4"] or g["n5"] or g["n6"] or g["n7"]
    value = number_value(raw, lang) if raw else None
    if g["n6"] or g["n7"]:  # a party: its size, the customer counted with the others
        return (None if value is None else ("count", "n6" if g["n6"] else "n7",
                                            value + (1 if g["n7"] else 0), False))
    if value is None or value > 10_000 or value == 0 or (raw in _ARTICLES and not (
            g["left_before"] and (g["sole"] or lang != "en"))):
        # "uma pessoa", "a table": an article, no count ("queda una plaza", "only a single seat" is one left);
        return None  # "0 stops" counts nothing
    plural_after = False
    if g["n3"] and value == 1 and not _PLURAL_FOUND_RE.match(g["found"]):  # type: ignore[arg-type]
        if not raw.isdigit():  # type: ignore[union-attr]
            return None  # "I found one …": the item offered
        plural_after = True
    name = "n" if g["n"] else "n2" if g["n2"] else "n3" if g["n3"] else "n4" if g["n4"] else "n5"
    said_left = bool(g["left"] or g["left2"] or (g["left_before"] and g["noun"]))
    # Left, as opposed to there: "only 2 left", "restam 3", "3 in stock" — not "there are 10 available".
    left = said_left and not (_AVAILABLE_RE.search(g["left"] or g["left2"] or "")
                              and not _SCARCE_BEFORE_RE.fullmatch((g["left_before"] or "").strip()))
    # a stay's days, or an event's ("on for 4 days": one result a day), are a count or a results length
    kind: FactKind = "places" if said_left or (g["noun"] and _PLACE_NOUN_RE.fullmatch(g["noun"])) \
        else "found" if g["n3"] or g["n4"] or g["deals"] else "count"
    # places: (how many, whether said to be left) — "4 vagas" may count the places taken, "restam 4" not
    return kind, name, (value, left) if kind == "places" else value, plural_after


# --- measures ------------------------------------------------------------------------------------------------------

# A number with the unit it measures in ("13 percent chance of rain", "93 degrees", "7 miles per hour", "the cab
# arrives in 7 minutes"), in any language of the turn (folded): a figure a result gives. A rate of a discount, a fee
# or interest is the policy guard's ("10% de descompte").
_MEASURE_UNITS = (r"percent|per\s+cent|por\s*cento|por\s+ciento|degrees?|graus|grados?|mph|minutes?|mins?|minutos?|minuts?"
                  r"|stars?|estrelas?|estrellas?|estrelles?"
                  r"|(?:miles?|km|kilomet(?:er|re)s?|quilometros?|kilometros?|quilometres?)\s+(?:per|an|a|por)\s+(?:hour|hora)")
_MEASURE_RE = led_by_first_characters(re.compile(
    rf"(?<![\w$€£.,:/-])(?P<n>\d{{1,4}})(?P<decimals>[.,]\d+)?\s*(?:%|(?:{_MEASURE_UNITS})(?!\w))"))
_RATE_OF_RE = re.compile(r"\s*(?:de\s+|of\s+|em\s+|en\s+)?(?:desconto|descuento|descompte|discount|off|fee|taxa|tasa"
                         r"|comiss|comision|interest|juros|interes|cashback|rebate)")


def measures_in(text: str) -> list[Fact]:
    """Measures said in `text` (value: the number's whole part, as its digits; a rating's with its decimals, "4.8"
    of "4.8 stars": a rating one point off keeps its whole part's neighbours in a result)."""
    low = folded(text)
    # (its words are letters alone: looked for among the distinct words of a long text, a fraction of its length)
    if "%" not in low and not _MEASURE_WORD_RE.search(word_text(low) if len(low) >= MIN_LENGTH else low):
        return []
    return [_new(Fact, ("measure", match.start(), match.end(), text[match.start():match.end()], _measure_value(match)))
            for match in _MEASURE_RE.finditer(low) if not _RATE_OF_RE.match(low, match.end())]


def _measure_value(match: re.Match[str]) -> str:
    decimals = match.group("decimals")
    if decimals and _RATING_RE.search(match.group()):
        return decimal_key(match.group("n") + decimals)
    return match.group("n")


def decimal_key(number: str) -> str:
    """A decimal number as a rating is compared: "4,80", "4.8" are "4.8"; "5.0" is "5"."""
    whole, _, decimals = number.replace(",", ".").partition(".")
    decimals = decimals.rstrip("0")
    return f"{whole}.{decimals}" if decimals else whole


_MEASURE_WORD_RE = re.compile(r"percent|cent|degree|grau|grado|mph|mile|km|kilomet|quilomet|min|estrel|estrell|star")
_RATING_RE = re.compile(r"(?:stars?|estrelas?|estrellas?|estrelles?)$")
# Decimal numbers as a rating is written ("4.8", "4,8"): read from results and messages beside their digits.
# (searched from its digits only: `led_by_first_characters`)
DECIMAL_RE = led_by_first_characters(re.compile(r"(?<![\d.,])\d{1,4}[.,]\d{1,2}(?![\d])"))


# --- statuses ------------------------------------------------------------------------------------------------------

def _ca_participles(*stems: str) -> str:
    """The four forms of the Catalan past participles of these stems: "anul·l" → anul·lat, anul·lada, anul·lats,
    anul·lades; a stem ending in "r" of a verb in -ir ("transfer") takes -it, -ida, -its, -ides."""
    return "|".join(f"{stem}(?:it|ida|its|ides)" if stem.endswith("r") else f"{stem}(?:at|ada|ats|ades)"
                    for stem in stems)


STATUS_FORMS: dict[Lang, dict[str, str]] = {
    # (a recipient said to have the money already is a sent one: "Maria already got the R$ 50", "a Maria já
    # recebeu", "ya le llegó", "ja ho ha rebut"; money that left: "o Pix saiu", "salió", "ha sortit"; money credited
    # to the recipient: "creditado", "se acreditaron", "credited")
    "en": {"sent": r"sent|gone out|went out|delivered|credited|already (?:got|received|has)", "scheduled": r"scheduled|programmed",
           "failed": r"failed|declined|rejected|did not go through|didn't go through|was unsuccessful|bounced"
                     r"|(?:could not|couldn't|cannot|can't) be (?:completed|processed|made|booked|done|sent|reserved)",
           "booked": r"booked|reserved", "done": r"confirmed|completed|processed|successful|finali[sz]ed",
           "paid": r"paid|settled",
           "cancelled": r"cancell?ed|called off", "pending": r"pending|on hold|awaiting|waiting for"},
    "pt-BR": {"sent": r"enviad[oa]s?|mandad[oa]s?|transferid[oa]s?|creditad[oa]s?|saiu|sairam"
                      r"|ja (?:recebeu|receberam|caiu|tem)",
              "scheduled": r"agendad[oa]s?|programad[oa]s?",
              "failed": r"falhou|falharam|recusad[oa]s?|rejeitad[oa]s?|nao foi concluid[oa]|deu erro|nao passou",
              "booked": r"reservad[oa]s?|marcad[oa]s?", "done": r"confirmad[oa]s?|realizad[oa]s?|concluid[oa]s?|efetuad[oa]s?",
              "paid": r"pag[oa]s?|quitad[oa]s?",
              "cancelled": r"cancelad[oa]s?", "pending": r"pendentes?|aguardando|em processamento"},
    "es": {"sent": r"enviad[oa]s?|mandad[oa]s?|transferid[oa]s?|acreditad[oa]s?|se acredit(?:o|aron)|salio|salieron"
                   r"|ya (?:(?:le |les )?llego|recibio|tiene)",
           "scheduled": r"programad[oa]s?|agendad[oa]s?",
           "failed": r"fallo|fallaron|rechazad[oa]s?|no se pudo completar|no paso|dio error",
           "booked": r"reservad[oa]s?", "done": r"confirmad[oa]s?|realizad[oa]s?|completad[oa]s?|efectuad[oa]s?",
           # ("paga" said of a booking after its verb, as the River Plate does: "ya está paga", "quedó pago")
           "paid": r"pagad[oa]s?|abonad[oa]s?|(?:esta|estan|quedo|quedaron|queda|quedan)\s+pag[oa]s?",
           "cancelled": r"cancelad[oa]s?|anulad[oa]s?", "pending": r"pendientes?|en espera|en proceso"},
    "ca": {"sent": _ca_participles("envi", "transfer") + r"|ha sortit|han sortit|ja (?:(?:ho |els |l')?ha rebut|te)",
           "scheduled": _ca_participles("program", "agend"),
           "failed": r"ha fallat|han fallat|rebutja(?:t|da|ts|des)|no s'ha pogut completar",
           "booked": _ca_participles("reserv", "apunt"),
           "done": _ca_participles("confirm", "realitz", "complet"),
           "paid": _ca_participles("pag", "abon"), "cancelled": _ca_participles("cancel·l", "cancell", "anul·l", "anul"),
           "pending": r"pendents?|en espera"},
}


@lru_cache(maxsize=8)
def _status_re(lang: Lang) -> re.Pattern[str]:
    return re.compile(r"(?<![\w·'])(?:" + "|".join(f"(?P<{word}>{forms})" for word, forms in STATUS_FORMS[lang].items())
                      + r")(?![\w·])")


# A status word that says no effect's outcome: "your scheduled time" (an adjective after a determiner),
# "non-refundable"; and, of a booking only, "fully booked", "all booked", "all the tickets were booked" (no place
# left; "booked at that time": none left then) — "fully paid", "totalmente pago" state a payment.
# (an amount may stand between the determiner and the adjective: "the R$ 845.00 scheduled Pix")
_NOT_STATUS_BEFORE_RE = re.compile(r"(?:\b(?:the|your|my|their|our|a|an|its"
                                   r"|seu|sua|o|a|os|as|su|sus|el|la|los|las|el seu|la seva)\s+"
                                   r"(?:(?:r\$|us\$|\$|€|£)\s?\d[\d.,]*\s+|\d[\d.,]*\s?(?:€|euros?|reais|dollars?)\s+)?|-)$")
_NOT_BOOKED_BEFORE_RE = re.compile(r"(?:\ball\s+(?:the\s+|of\s+the\s+|those\s+|these\s+)?[a-z]+\s+(?:were|are)\s+"
                                   r"|\b(?:fully|completely|totally|all)\s+)$")
_NOT_STATUS_AFTER_RE = re.compile(r"\s+(?:up|solid|out)\b|\s+(?:at|for)\s+(?:that|this)\s+(?:time|hour|slot|date|day)\b")


def statuses_in(text: str, lang: Lang) -> list[Fact]:
    """Status words said in `text` (value: the status word); whether each is asserted is the guard's to judge."""
    low = folded(text)
    return [Fact("status", m.start(), m.end(), text[m.start():m.end()], m.lastgroup)
            for m in scan(_status_re(lang), low)
            if not _NOT_STATUS_BEFORE_RE.search(low, max(0, m.start() - 32), m.start())
            and not (m.lastgroup == "booked" and _NOT_BOOKED_BEFORE_RE.search(low, max(0, m.start() - 32), m.start()))
            and not _NOT_STATUS_AFTER_RE.match(low, m.end())
            and not (lang != "en" and _attributive(low, m.start(), m.end()))]


# Which way the movements a sentence counts went, from the customer's side (a statement lists both): the customer
# as the subject of a verb of sending or paying ("que mandaste", "you sent", "has enviat") is out; of receiving, or
# the object of another's sending ("recebeu", "te mandaron", "sent to you"), in. A third person's verb alone says
# neither ("o João mandou"). Read over folded text; `directions_in` returns (start, end, direction).
DIRECTION_FORMS: dict[Lang, dict[str, str]] = {
    "pt-BR": {"in": r"(?:voce|vc|tu)\s+(?:ja\s+)?(?:recebeu|recebeste|ganhou)|(?:te|lhe)\s+(?:mandaram|enviaram|pagaram"
                    r"|transferiram|fizeram)|(?:pix|transferencias?|valores)\s+(?:recebid[oa]s|de\s+entrada)|que\s+entraram"
                    r"|recebid[oa]s\s+por\s+(?:voce|vc)",
              "out": r"(?:voce|vc|tu)\s+(?:ja\s+)?(?:enviou|mandou|fez|transferiu|pagou|enviaste|mandaste|fizeste)"
                     r"|(?:enviad[oa]s|mandad[oa]s|feit[oa]s|pag[oa]s)\s+por\s+(?:voce|vc)"
                     r"|(?:pix|transferencias?)\s+de\s+saida"},
    "es": {"in": r"recibiste|(?:usted|ud\.?|vos|tu)\s+(?:ya\s+)?recibio|te\s+(?:mandaron|enviaron|pagaron|transfirieron"
                 r"|hicieron|llegaron|entraron)|(?:pix|transferencias?)\s+(?:recibid[oa]s|de\s+entrada)",
           "out": r"mandaste|enviaste|hiciste|transferiste|pagaste|(?:usted|ud\.?)\s+(?:ya\s+)?(?:mando|envio|hizo"
                  r"|transfirio|pago)|(?:enviad[oa]s|mandad[oa]s|hech[oa]s)\s+por\s+(?:vos|ti|usted)"
                  r"|(?:pix|transferencias?)\s+de\s+salida"},
    "ca": {"in": r"(?:has|vas)\s+(?:rebut|rebre)|t'han\s+(?:enviat|pagat|transferit|fet|arribat)"
                 r"|(?:pix|transferencies?)\s+(?:rebud[ae]s|rebuts|d'entrada)",
           "out": r"(?:has|vas)\s+(?:enviat|enviar|fet|fer|transferit|transferir|pagat|pagar)"
                  r"|(?:enviad[ae]s|enviats|fets|fetes)\s+per\s+tu|(?:pix|transferencies?)\s+de\s+sortida"},
    "en": {"in": r"you(?:'ve|\s+have)?\s+(?:received|got)|(?:sent|paid|transferred|made)\s+to\s+you|incoming"
                 r"|received\s+by\s+you",
           "out": r"you(?:'ve|\s+have)?\s+(?:sent|made|transferred|paid)|(?:sent|made|paid)\s+by\s+you|outgoing"},
}


@lru_cache(maxsize=8)
def _direction_re(lang: Lang) -> re.Pattern[str]:
    return re.compile(r"(?<![\w'])(?:" + "|".join(f"(?P<{word}>{forms})" for word, forms in DIRECTION_FORMS[lang].items())
                      + r")(?![\w])")


def directions_in(low: str, lang: Lang, start: int = 0, end: int | None = None) -> list[tuple[int, int, str]]:
    """The directions a (folded) text says between `start` and `end`: (start, end, "out" or "in") of each."""
    return [(m.start(), m.end(), str(m.lastgroup))
            for m in _direction_re(lang).finditer(low, start, len(low) if end is None else end)]


# A Romance participle after its noun, describing it, no outcome said (English puts it before the noun, "the
# scheduled Pix", which `_NOT_STATUS_BEFORE_RE` reads): after an indefinite article's noun ("un Pix programado tiene
# que ser para mañana": a kind of Pix), or a definite one's that a verb other than a copula governs ("cancelé el Pix
# programado de R$ 80,00": which Pix). "Tu reserva confirmada", "ya está la reserva confirmada" stay statuses.
_INDEFINITE_NOUN_BEFORE_RE = re.compile(r"(?<!\w)(?:un|una|unos|unas|um|uma|uns|umas|uns)\s+[a-z]+\s+$")
_GOVERNED_NOUN_BEFORE_RE = re.compile(r"(?<!\w)(?P<verb>[a-z]+)\s+(?:el|la|los|las|o|a|os|as|els|les)\s+[a-z]+\s+$")
_PREDICATING = frozenset("""esta estan estaba queda quedan quedo quedaron tienes tiene tenes tenemos tienen dejo deje
    dejamos ya ta tem temos tens tenim teniu fica ficou ficam ficaram deixo deixei deixamos ja es son sao foi fue fueron
    foram esta estao deixa deixem tinc te ha han he hem""".split())


# Or the noun's own amount follows the participle ("O Pix agendado de R$ 845,00 … não vai mais ser enviado", "el
# Pix programado de R$ 80,00"): a participle that states an outcome never takes "de" and an amount.
_DEFINITE_NOUN_BEFORE_RE = re.compile(r"(?<!\w)(?:el|la|los|las|o|a|os|as|els|les|seu|sua|tu|su|teu|teva)\s+[a-z]+\s+$")
_OF_AMOUNT_AFTER_RE = re.compile(r"\s+(?:de|do|da|del)\s+(?:r\$|us\$|\$|€|£)?\s?\d")


def _attributive(low: str, start: int, end: int) -> bool:
    """Whether the status word at `start` (to `end`) describes the noun before it, no outcome (see above)."""
    if _INDEFINITE_NOUN_BEFORE_RE.search(low, max(0, start - 24), start):
        return True
    if _OF_AMOUNT_AFTER_RE.match(low, end) and _DEFINITE_NOUN_BEFORE_RE.search(low, max(0, start - 24), start):
        return True
    governed = _GOVERNED_NOUN_BEFORE_RE.search(low, max(0, start - 40), start)
    return governed is not None and governed.group("verb") not in _PREDICATING


# --- references ------------------------------------------------------------------------------------------------------

# (Searched only from the characters a match starts with (`led_by_first_characters`); the look-ahead for a digit,
# which both kinds of code need, tried before the group and with no digit in its run, so that a word of letters
# fails at its first character that is not one: the same matches as the plain
# `(?<![\w@/.-])(?:#…|(?P<code>(?=[A-Za-z0-9-]*\d)(?=…)…|\d{4,}…))`, which `guards/tests/test_fast_paths.py`
# compares it with.)
_REFERENCE_RE = led_by_first_characters(re.compile(
    r"(?<![\w@/.-])(?:#\s?(?P<hash>\d{3,})|(?=[A-Za-z-]*\d)(?P<code>(?=[A-Za-z0-9-]*[A-Za-z])"
    r"[A-Za-z0-9]{2,}(?:-[A-Za-z0-9]+)*|\d{4,}(?:-[A-Za-z0-9]+)+))(?![\w@/-])"))
_NOT_REFERENCE_RE = re.compile(
    r"\d+(?:st|nd|rd|th|h|hs|h\d\d|am|pm|gb|tb|mb|kg|km|cm|mm|ml|min|mins|x|º|ª|o|a)|\d{1,2}h\d{2}|[a-z]{1,3}\d{1,3}"
    r"|\d{1,3}[a-z]{1,2}|(?:ars|brl|usd|eur|gbp|mxn)\d[\d.,]*|iphone\d*|covid-?19|\d{4}-\d{2}-\d{2}|\d{2,5}(?:-\d{1,6})+"
    r"|\d{1,3}(?:-[a-z]+)+|[a-z]+(?:-[a-z]+)*-\d{1,3}",
    re.IGNORECASE)


def _not_reference(raw: str) -> bool:
    """`_NOT_REFERENCE_RE.fullmatch(raw)` of a token the reference table read. One that starts with a letter and
    holds a dash can only be "covid-19" or words and a dash before one to three digits ("tipo-a-12"): one whose part
    after its last dash is anything else ("BK-1000") is a reference without trying every pattern."""
    if "-" in raw and raw[0].isalpha():
        tail = raw.rpartition("-")[2]
        if not (0 < len(tail) <= 3 and tail.isdigit()):
            return False
    return bool(_NOT_REFERENCE_RE.fullmatch(raw))


def references_in(text: str) -> list[Fact]:
    """Identifier-looking tokens ("BK-2041", "E2E1234…", "#5521"): letters and digits with four digits or more, or
    a dash between letters and digits; not a model ("S21", "128GB"), a time ("19h30"), an ordinal or a phone."""
    if not any(c.isdigit() for c in text):
        return []
    found = []
    for match in _REFERENCE_RE.finditer(text):
        hashed, raw = match.groups()  # (one call for both groups, and the span once: a list has a thousand)
        if raw:  # a code (its digits counted only where no dash is: "BK-1000" is read without)
            if raw.isdigit() or ("-" not in raw and sum(map(str.isdigit, raw)) < 4) or _not_reference(raw):
                continue
        else:
            raw = hashed
        start, end = match.span()
        found.append(_new(Fact, ("reference", start, end, text[start:end], raw.upper())))
    return found


# --- warranty terms ------------------------------------------------------------------------------------------------

# Months and years, also as listings shorten them ("2-yr warranty", "12 mo. warranty")
_MONTHS_WORD = {"en": r"months?|mths?|mos?\.?", "pt-BR": r"mes(?:es)?", "es": r"mes(?:es)?", "ca": r"mes(?:os)?"}
_YEARS_WORD = {"en": r"years?|yrs?\.?", "pt-BR": r"anos?", "es": r"anos?", "ca": r"anys?"}
_HALF_YEARS_WORD = {"en": r"semesters?", "pt-BR": r"semestres?", "es": r"semestres?", "ca": r"semestres?"}
_WARRANTY = {"en": r"warranty|guarantee", "pt-BR": r"garantia", "es": r"garantia", "ca": r"garantia"}
# "half a year", "meio ano", "medio año", "mig any": six months
_HALF = {"en": r"half an?|half", "pt-BR": r"meio", "es": r"medio", "ca": r"mig"}
# A warranty with no end ("a lifetime warranty", "garantia vitalícia", "garantía de por vida"): no number of months a
# record can hold, so never one it supports.
_LIFETIME = {"en": r"lifetime|life-?long|life", "pt-BR": r"vitalicia|eterna|para (?:a )?vida (?:toda|inteira)",
             "es": r"vitalicia|de por vida|para toda la vida|eterna", "ca": r"vitalicia|de per vida|per a tota la vida"}
LIFETIME_MONTHS = 10**6
# "the warranty is (of) one year", "la garantía es de un año" (not the Portuguese "é", folded as "e": "and")
_IS = {"en": r"(?:is\s+)?", "pt-BR": r"(?:e\s+(?=de\s))?", "es": r"(?:es\s+)?", "ca": r"(?:es\s+)?"}
# The number of a term: digits, or a number said in words, read whole by `language.numbers.find_numbers` from its last
# word back ("vint-i-quatre", "vinte e quatro", "veinticuatro", "twenty-four"), not only the words of `NUMBER_WORDS`.
_TERM_NUMBER = r"\d{1,4}|[a-z]+"


@lru_cache(maxsize=8)
def _warranty_re(lang: Lang) -> re.Pattern[str]:
    unit = rf"{_MONTHS_WORD[lang]}|{_YEARS_WORD[lang]}|{_HALF_YEARS_WORD[lang]}"
    # "12 months", "a one-year", "12-month", "half a year"
    term = rf"(?:(?P<half>{_HALF[lang]})\s+(?:(?:a|an|um|uma|un|una)\s+)?|(?P<n>{_TERM_NUMBER})(?:\s+|-))(?P<unit>{unit})"
    word = _WARRANTY[lang]
    term2 = term.replace("(?P<n>", "(?P<n2>").replace("(?P<unit>", "(?P<unit2>").replace("(?P<half>", "(?P<half2>")
    life = _LIFETIME[lang]
    return re.compile(rf"(?<!\w)(?:{term}(?:\s+(?:of|de|d'))?\s+(?:{word})|(?:{word})\s+{_IS[lang]}(?:of|de|d'|for|por|per)?\s*"
                      rf"(?:(?:um|uma|un|una|a|an|one)\s+)?{term2}"
                      rf"|(?:{word})\s+(?:of|de|d')\s+(?P<one>um|uma|un|una|a|an|one)?\s*(?P<unit3>{unit})"
                      rf"|(?P<life>{life})\s+(?:{word})|(?:{word})\s+(?:(?:for|de|d')\s+)?(?P<life2>{life}))(?!\w)")


def _term_number(low: str, start: int, end: int, lang: Lang) -> tuple[int | None, int]:
    """The number whose last word ends at `end` ("quatre" of "vint-i-quatre", "quatro" of "vinte e quatro"), read
    whole from the words before it, and where it starts; None when the word is no number ("os meses")."""
    from language.numbers import find_numbers

    raw = low[start:end]
    if raw.isdigit():
        return int(raw), start
    at = max(0, start - 24)
    for mention in reversed(find_numbers(low[at:end], lang)):
        if mention.end == end - at and not mention.ordinal:
            return (int(mention.value) if mention.value == int(mention.value) else None), at + mention.start
    return number_value(raw, lang), start


def warranties_in(text: str, lang: Lang) -> list[Fact]:
    """Warranty terms said in `text`; value: months (`LIFETIME_MONTHS` for one with no end)."""
    low = folded(text)
    if not re.search(_WARRANTY[lang], low):
        return []
    found = []
    for match in _warranty_re(lang).finditer(low):
        g = match.groupdict()
        begins = match.start()
        if g["life"] or g["life2"]:
            months: int | None = LIFETIME_MONTHS
        else:
            name = "n" if g["n"] else "n2" if g["n2"] else None
            unit = g["unit"] or g["unit2"] or g["unit3"]
            half = g["half"] or g["half2"]
            number, begins = _term_number(low, *match.span(name), lang) if name else (1, match.start())
            if number is None or unit is None:
                continue
            if re.fullmatch(_YEARS_WORD[lang], unit):
                months = number * 6 if half else number * 12
            elif re.fullmatch(_HALF_YEARS_WORD[lang], unit):
                months = number * 6
            else:
                months = number if not half else None
            if months is None:
                continue
        begins = min(begins, match.start())
        found.append(Fact("warranty", begins, match.end(), text[begins:match.end()], months))
    return found


# --- names -----------------------------------------------------------------------------------------------------------

# Lower-case words that may join the capitalised words of one name ("Casa de Pedra", "Bank of America").
CONNECTORS = frozenset({"de", "da", "do", "das", "dos", "del", "la", "las", "los", "le", "di", "du", "van", "von",
                        "of", "the", "and", "&", "y", "e", "i", "d'", "l'", "on", "at"})
# A token ends at a full stop joining two words without a space ("Stadium.That", "Gilroy.one", "Oakland.I'm"), not
# in "M.y.", and
# at a sign no name holds ("Humidity> Around 39 percent").
# (Runs of the other characters are matched whole: the engine reads them in one step, not one alternation each.)
_NAME_TOKEN_RE = re.compile(r"(?:[^\s,;:!?()\[\]{}\"“”«»*_/.<>|=]+|\.(?![^\W\d_]{2}|[A-Z]['’]))+")
_CAPITAL_RE = re.compile(r"^(?:(?:[A-ZÀ-ÖØ-Þ]|i[A-Z])[^\d$€£]*|[A-Z]\d{1,3}"
                         r"|(?!(?:USD|BRL|EUR|ARS|GBP|MXN)\d)[A-Z][A-Za-z]{1,3}\d{1,2}[A-Za-z]?)$")
_ORDINAL_TOKEN_RE = re.compile(r"^\d{1,4}(?:st|nd|rd|th)$")
_SENTENCE_END_RE = re.compile(r"(?:^|[.!?:;\n¿¡\"“(*•]|\s[-–—]|\d[.)])[^\w]*$")
# `_SENTENCE_END_RE.search(window)` read backwards from the window's end in one attempt (its non-word characters,
# then one of the marks reversed, or nothing more), not tried at each of its positions: `_opens_sentence`.
_SENTENCE_END_REVERSED_RE = re.compile(r"[^\w]*(?:\Z|[.!?:;\n¿¡\"“(*•]|[-–—]\s|[.)]\d)")


def _opens_sentence(window: str) -> bool:
    """`bool(_SENTENCE_END_RE.search(window))`: whether the text before a word ends a sentence (or is all there is)."""
    return _SENTENCE_END_REVERSED_RE.match(window[::-1]) is not None


_NAME_SPLIT_RE = re.compile(f"({_NAME_TOKEN_RE.pattern})")
# The same tokens, split faster: `(?:X+|D)+` unrolled as `X+(?:D X*)*|D(?:X|D)*` (a run of token characters, then
# the full stops a name may hold and the characters after each); without a full stop, only the runs.
_TOKEN_CHARACTER = r"[^\s,;:!?()\[\]{}\"“”«»*_/.<>|=]"
_INNER_STOP = r"\.(?![^\W\d_]{2}|[A-Z]['’])"
_NOTHING_SAID = (False, False)  # what the name reader reads of a word not opening a sentence: nothing
_TOKEN_WORD = itemgetter(2)  # a name reader's token's word, of (start, end, word)
_NAME_SPLIT_FAST_RE = re.compile(rf"({_TOKEN_CHARACTER}+(?:{_INNER_STOP}{_TOKEN_CHARACTER}*)*"
                                 rf"|{_INNER_STOP}(?:{_TOKEN_CHARACTER}|{_INNER_STOP})*)")
_NAME_SPLIT_NO_STOP_RE = re.compile(rf"({_TOKEN_CHARACTER}+)")


def name_tokens(text: str) -> tuple[list[int], list[int], list[str]]:
    """The tokens of `text` for the name reader, as `_NAME_TOKEN_RE.finditer` finds them: their starts, ends and
    words, split in one call (separators and tokens alternate) and their offsets summed in another, with no match
    object or tuple each (a list of a thousand lines has fourteen thousand tokens)."""
    parts = (_NAME_SPLIT_FAST_RE if "." in text else _NAME_SPLIT_NO_STOP_RE).split(text)
    offsets = list(accumulate(map(len, parts), initial=0))
    return offsets[1:-1:2], offsets[2::2], parts[1::2]


def _run_starts(words: list[str]) -> list[int]:
    """The indexes of `words` a run of the name reader may start at (a capital, "i…", "'…", an ordinal: the
    reader's own test, met by at most these); while a run is open it reads every word. A capital's code with a digit
    after a dash ("BK-1000") starts none (`_dashed_code`). A list repeats its words: each distinct one is tested
    once, and its places picked with no loop of Python's."""
    starting = {word for word in set(words)
                if ((first := word[0]).isupper() and not _dashed_code(word)) or (first in "i.'’-&" and len(word) > 1)
                or (first.isdigit() and word[-1] in "tdh")}
    return list(compress(range(len(words)), map(starting.__contains__, words)))


def _dashed_code(word: str) -> bool:
    """Whether a token is a capital, a dash past its first character and a digit after it ("BK-1000", "AB1-2"): its
    bare form (no sign stripped before the capital, the digit kept) fails every form of `_CAPITAL_RE` (a code's forms
    hold no dash, a word's no digit after its first two characters), so no run starts at it."""
    dash = word.rfind("-")
    return dash > 0 and word[dash + 1:dash + 2].isdecimal()


# What makes a number an amount of money: its cents or a currency after it ("Fica 45,00 € por pessoa", "São 90 reais"):
# no model's or street's number of a name before it.
_AMOUNT_NEXT_RE = re.compile(r"[.,]\d{2}(?!\d)|\s*(?:€|\$|£|reais|real|euros?|dolares|dollars?|bucks)(?!\w)", re.IGNORECASE)


@lru_cache(maxsize=4)
def _moment_at_re(lang: Lang) -> re.Pattern[str]:
    """A number that starts a clock time ("6:20", "18h30", "6 pm") or a date's day before its month ("14th of this
    month", "11th of March", "14 de março", "14 d'abril"), over folded text. Such a number is the moment's, never a
    name's own number, wherever the moment is written right after a name with no "on"/"at" between ("Capital One
    Arena 14th of this month", "Philadelphia, CA 6:20 pm", "Allianz Parque 14 de março"): a name's number (a pier's,
    a street's, a model's: "Pier 39", "West 7th", "iPhone 13") is followed by neither."""
    months = _alternation(MONTHS[lang])
    return re.compile(rf"\d{{1,2}}(?::\d{{2}}|h\d{{0,2}}(?!\w)|\s?(?:am|pm|a\.m|p\.m)(?!\w)"
                      rf"|{_ORDINAL}\s+(?:of|de|del|d['’]|deste|desse)\s*(?:(?:this|next|the|este|esse|aquest)\s+)?"
                      rf"(?:{months}|months?|mes)(?!\w))")


def names_in(text: str, lang: Lang, *, common: frozenset[str], asked: Asked = "") -> list[Fact]:
    """Capitalised runs of words that read as proper names (see the module doc). `common` holds the folded words
    that are no name when a sentence starts with them ("Your", "Perfeito", "Listo"); `NEVER_NAMES` are no name
    anywhere (pronoun "I", English weekdays and months, "OK", "PIX"). `asked` is what the open Ask asks for next
    (`guards.kinds.slot_asked`): items a question offers are kinds while it asks for a kind, never while it asks
    for a name only, and by the question's words otherwise."""
    lowered = _lower_names_before_venue(text) + _venue_subjects(text) if lang == "en" else []
    if not any(c.isupper() for c in text):
        return lowered
    starts_at, ends_at, words = name_tokens(text)
    count = len(words)
    found: list[Fact] = []
    run: list[tuple[int, int, str]] = []
    run_at_start = [False]
    listed: list[tuple[int, int]] = []  # runs read as words, a name's if a list of names holds them (`_listed_names`)

    kept_of_words: dict[tuple[bool, tuple[str, ...]], tuple[int, int] | None] = {}  # per distinct run
    has_letter: dict[str, bool] = {}  # per distinct name kept

    def close() -> None:
        if len(run) > 1 and lang != "en" and asked != "kind" and kind_question[0] is False:
            # A list says the same few names on every line: what is kept of a run that its words alone decide is
            # read once per distinct run (`_run_kept_by_its_words`), and only its place and text are the line's.
            tokens = tuple(map(_TOKEN_WORD, run))
            kept = kept_of_words.get((run_at_start[0], tokens), _UNREAD)
            if kept is _UNREAD:
                kept = kept_of_words[run_at_start[0], tokens] = _run_kept_by_its_words(tokens, run_at_start[0], lang,
                                                                                         common)
            if kept is not None:
                if kept[0] < kept[1]:
                    start, end = run[kept[0]][0], run[kept[1] - 1][1]
                    raw = text[start:end].rstrip(".'’-&")
                    lettered = has_letter.get(raw)  # (the same few names on every line: each tested once)
                    if lettered is None:
                        lettered = has_letter[raw] = _has_letter(raw)
                    if lettered:
                        found.append(_new(Fact, ("name", start, start + len(raw), raw, raw)))
                run.clear()
                return
        while run and folded(run[-1][2]).strip(".'’-&") in CONNECTORS:
            run.pop()
        if run and (asked == "kind" or kind_question[0] is not False) and _kind_offered(run):
            run.clear()  # "What kind of food? You can say Izakaya, Shabu-Shabu or anything else.": `guards.kinds`
        if len(run) > 1 and _not_the_names_first(run[0][2], run_at_start[0], lang, run[1][2]):
            del run[0]  # "Play Teen spirit", "Start The Man Who Knew Too Much", "Cofnirm 1 Hotel Brooklyn Bridge"
            run_at_start[0] = False
        if len(run) == 1 and folded(run[0][2]).strip(".'’-&,") in OPTIONAL_NAME_WORDS:
            run.clear()  # "Co.", "Ltda", "Sr." alone
        if len(run) > 1 and run_at_start[0] and run[1][2].strip(".'’-&,").isdigit() \
                and len(words := [token for token in run if not token[2].strip(".'’-&,").isdigit()]) == 1 \
                and run[0] is words[0]:  # (the run's second token a number, as it is when its first alone is a word)
            key = folded(words[0][2].strip(".'’-&,"))
            if key in common or _WORD_SHAPE[lang].search(key) \
                    or verb_form(words[0][2].strip(".'’-&,").lower(), lang):
                run.clear()  # "Restam 2", "Fica 45": a word of the language opening a sentence, and a number
        if run and _vocative(text, run, lang):
            run.clear()  # "How many, Bro?"
        if len(run) >= 2 and folded(run[0][2]).strip(".'’-&,!") == folded(run[1][2]).strip(".'’-&,!") \
                and len(said := {folded(token[2]).strip(".'’-&,!") for token in run}) == 1 \
                and (len(run) >= 3 or (" " + folded(text[max(0, run[0][0] - 24):run[0][0]])).rstrip().endswith(" " + said.pop())):
            # one word said three times or more running ("Ding Ding Ding, you won", its first read as a word): a cry,
            # no name ("Duran Duran" is said twice)
            run.clear()
        if lang == "en" and not run_at_start[0] and _described_kind(text, run):
            run.clear()  # "a Sprawling Japanese restaurant": words describing the noun after them
        if len(run) == 1 and not run_at_start[0] \
                and _quantified_plural(text, run[0][0], folded(run[0][2]).strip(".'’-&,"), lang):
            run.clear()  # "many best Hairstylists"
        placed_word = False  # one common word said to be at a place ("Busy is at Audi Field"): no title of words
        if len(run) == 1:
            bare = run[0][2].strip(".'’-&,")
            key = folded(bare)
            known = in_dictionary(bare.lower(), lang)
            at_start = run_at_start[0]
            named = not at_start and key not in _NEVER_NAMED \
                and bool(_named_after(text, run[0][0], run[0][1], lang)
                         or _labelled(text, run[0][0], run[0][1], key, lang)
                         or (lang == "en" and _numbered_name_word(text, run[0][0], run[0][1], key))
                         or _stranded_preposition(text, run[0][0], run[0][1], key, lang))
            placed = key not in _NEVER_NAMED and "'" not in key and "’" not in key \
                and bool(_PLACE_AFTER_RE[lang].match(text, run[0][1])
                         or (run_at_start[0] and _common_placed(text, run[0][1], key, lang)))
            subject = placed or bool(_SUBJECT_VERB_RE[lang].match(folded(text), run[0][1]))
            placed_word = placed and at_start and key in common
            # two capitals no word of the language spells, then the name's other words in lower case ("the GP
            # appointment event", "ZZ top will play"): letters of a name, not an abbreviation said alone ("CA")
            lettered = lang == "en" and key not in common and key not in _NEVER_NAMED \
                and not in_dictionary(key, lang) and bool(_LOWER_WORD_NEXT_RE.match(text, run[0][1])) \
                and not text[:run[0][0]].rstrip().endswith(",")  # "Phoenix, AZ": a state's code
            said_as_name = (named or (not at_start
                                      and _ARTICLE_BEFORE_RE[lang].search(text, max(0, run[0][0] - 6), run[0][0]))) \
                and not _article_without_name(text, run[0][0], run[0][1], lang)
            if ((key in common or near_long_common(key, lang)) and not placed and not said_as_name) \
                    or (_word_shape_inside(key, lang, at_start) and (known or len(key) >= 9) and not named) \
                    or (at_start and subject and not placed and _slip_of_common(key, lang)) \
                    or (at_start and known and lang == "en" and bool(_MOMENT_IS_RE.match(text, run[0][1]))) \
                    or ("-" in key and (lang != "en" or (at_start and (_dashed_words(key) or not subject)))) \
                    or (at_start and not subject and ((near_word(bare.lower(), lang) and not _proper_only(bare, key, lang))
                                                      or (not known and _long_word_slipped(key, common)))) \
                    or (bare.isupper() and bare.isalpha() and ((len(bare) <= 2 and not lettered)
                                                               or (known and not subject and (at_start or key in common)))) \
                    or (not known and not named and misspelt_word(bare.lower(), lang)) \
                    or (not known and not named and slipped_word(bare, lang, also=NEVER_NAMES)) \
                    or (len(key) <= 3 and bool(_SPLIT_LETTER_RE.match(text, run[0][1]))
                        and key + text[run[0][1] + 1] in common) \
                    or (lang == "en" and not at_start and _common_noun_in_place(text, run[0][0], run[0][1], key)):
                # One capitalised word of the language ("Approve", "Aprovar", "Torna-ho", "Infelizmente"), or one
                # word of its dictionary opening a sentence, where every word is capitalised: a dictionary holds
                # names too ("Pedro"), so there it is read as a word, unless a verb of which it is the subject
                # follows; so is a word one letter from one there ("Thier", "Yup"). A word no dictionary of the
                # draft's language holds ("Khamsa", "Philly", "NYC") is a name, unless it is one of its words with
                # two letters swapped ("Restuarant"), nor a word's start its last letter was typed apart from
                # ("Th e event begins").
                if not (at_start and _alone_in_sentence(text, run[0][0], run[0][1], key, lang)):
                    listed.append((run[0][0], run[-1][1]))
                    run.clear()
        if run and not placed_word and _title_cased_words(text, run, common, run_at_start[0], lang):
            listed.append((run[0][0], run[-1][1]))
            run.clear()  # words of the language, capitalised as a title is ("Their Phone Number", "Your Reservation")
        if len(run) == 1 and _offered_kind(text, run, lang):
            listed.append((run[0][0], run[-1][1]))  # a name still if listed among names ("such as JT LeRoy, Hackers")
            run.clear()  # "such as Vegetarian, Quick meal or something else?": kinds offered to pick from
        if run:
            start, end = run[0][0], run[-1][1]
            raw = text[start:end].rstrip(".'’-&")
            if _has_letter(raw) and not (len(run) == 1 and len(raw) < 2):
                found.append(_new(Fact, ("name", start, start + len(raw), raw, raw)))
        run.clear()

    low = folded(text)  # one folding for every token's key (same offsets)
    # whether the text asks for a kind at all, once it is asked (never while the Ask asks for a name only)
    kind_question: list[bool | None] = [False if asked == "name" else None]

    def _kind_offered(run: list[tuple[int, int, str]]) -> bool:
        if asked == "kind" and offered_in_question(low, run[0][0], run[-1][1], lang):
            return True  # the Ask's next slot is a kind: what its question offers are kinds, whatever their words
        if kind_question[0] is None:
            kind_question[0] = kinds_asked(low, lang)
        return bool(kind_question[0]) and kind_offered(low, run[0][0], run[-1][1], lang)  # the words say

    name_token_shapes: dict[str, tuple[str, int, bool]] = {}  # a token's bare form, where it starts in it, a capital
    # Per distinct word opening a run, what its letters alone say (a list opens a run with the same few words on
    # every line): whether it has the shape of a word of the language inside a sentence (`_word_shape_inside`), and
    # whether it is a verb's "-s" form (`_verb_s`).
    shaped: dict[str, tuple[bool, bool]] = {}

    starts = _run_starts(words)
    next_index, at, last = 0, 0, len(starts)
    while next_index < count:
        if not run:  # no run open: on to the next word one may start at
            while at < last and starts[at] < next_index:
                at += 1
            if at == last:
                break
            next_index = starts[at]
        index = next_index
        next_index += 1
        start, end, word = starts_at[index], ends_at[index], words[index]
        first = word[0]
        if not run and first.isdigit() and _ORDINAL_TOKEN_RE.match(word) and index + 1 < count \
                and not (index and folded(words[index - 1]).strip(".,") in NEVER_NAMES) \
                and _CAPITAL_RE.match(words[index + 1]) and not text[end:starts_at[index + 1]].strip() \
                and folded(words[index + 1]).strip(".,") not in NEVER_NAMES:
            run_at_start[0] = False
            run.append((start, end, word))  # a numbered street: "3rd Avenue", "29th Street"
            continue
        if not run and not (first.isupper() or (first in "i.'’-&" and len(word) > 1)):
            continue  # most words: no capital, no run to close
        shape = name_token_shapes.get(word)
        if shape is None:  # a list repeats its words: each distinct one is shaped once
            bare = word.strip(".'’-&") or word  # "&" alone is a connector
            shape = name_token_shapes[word] = (bare, word.find(bare), bool(_CAPITAL_RE.match(bare)))
        bare, offset, capitalised = shape
        if not run and not capitalised:
            continue  # no capital to start a run with ("BK-1000"): the test of `capital` below, at once
        key = low[start + offset:start + offset + len(bare)]
        capital = capitalised and (key not in NEVER_NAMES
                                   or (bool(run) and key in NAME_ADJECTIVES
                                       and folded(run[-1][2]) not in CONNECTORS
                                       and folded(run[-1][2]) not in _NOT_NAMES_OWN)
                                   or (key in _SHORT_DAYS and word == bare
                                       and _name_word_next(text, words, starts_at, index, end))) \
            and not (key in _DATE_LEADS and lang == "en" and _date_word(key, words, index))
        if run and not capital and (bare.isdigit() or _ORDINAL_TOKEN_RE.match(bare)) and len(bare) <= 6 \
                and not text[run[-1][1]:start].strip() and not _AMOUNT_NEXT_RE.match(text, start + offset + len(bare)) \
                and not _moment_at_re(lang).match(low, start + offset):  # "Arena 14th of this month", "CA 6:20 pm"
            run.append((start, end, word))  # a model's number inside a name: "iPhone 13 Pro", "Pier 29", "West 7th"
            continue
        if run and not capital and key in CONNECTORS and index + 1 < count \
                and _CAPITAL_RE.match(words[index + 1]) and not text[end:starts_at[index + 1]].strip() \
                and not text[run[-1][1]:start].strip() \
                and not (key in _WHERE_CONNECTORS and lang == "en" and _CLOCK_WORDS_RE.match(text, starts_at[index + 1])) \
                and not (key in _WHERE_CONNECTORS and len(run) == 1
                         and (run_at_start[0] or _DATED_BEFORE_RE.search(text, max(0, run[0][0] - 24), run[0][0]))
                         and in_dictionary(run[0][2].strip(".'’-&,").lower(), lang)
                         and (run_at_start[0] or not proper_noun(run[0][2].strip(".'’-&,"), lang))):
            # (a word of the language opening a sentence before "on" or "at" is no name's first word: "Thoughts on
            # The Aftermath?", "Pickup at LAX", as "Salon at Flamingo Lot" where the word is a common one; nor is
            # one right after a date: "14th of March Appointment at Rutherford Dental Lab", "Friday Lunch at Koja
            # Kitchen"; and a clock time said in words after "at" is no name's last: "Morgan Hill at Half past 6",
            # "Morgan Hill at Noon"). A
            # connector joins a name's words only across spaces: a colon or another sign before it ends the run, so a
            # label opening a value ("Pressupost: dos iPhone 13", "Quote: the iPhone 13") is no part of the name.
            run.append((start, end, word))
            continue
        if run and (key in _NAME_BREAKS or (lang == "en" and key in _EN_SENTENCE_OPENERS and index + 1 < count
                                            and words[index + 1][:1].islower())):
            close()  # "Buddy Guy Located at Sony Hall", "Body Double Or Captain Marvel": no name's word
            continue
        between = text[run[-1][1]:start] if run else ""
        if run and (not capital or between.strip() or "\n" in between or run[-1][2].endswith((".", ","))):
            close()  # (a line break ends a name: a receipt's "Para: Maria Souza\nData: …" lines)
        if not capital:
            continue
        if not run:  # where a run starts (read only there: a run's later words need not know)
            at_start = _opens_sentence(text[max(0, start - 12):start]) \
                and not ("." in text[max(0, start - 6):start]  # (its full stop first: most words have none before)
                         and _TITLE_BEFORE_RE.search(text, max(0, start - 6), start)) \
                and not (lang == "en" and text.startswith(":", start - 2)  # "Dr. John Y. Park"
                         and _NAME_LABEL_BEFORE_RE.search(text, max(0, start - 8), start))
            said_of_word = shaped.get(key) if at_start else _NOTHING_SAID  # (read only for a sentence's first word)
            if said_of_word is None:
                said_of_word = shaped[key] = (_word_shape_inside(key, lang, False), _verb_s(key, lang))
            if key in COMMON_ANYWHERE or (lang == "en" and _CLOCK_WORDS_RE.match(text, start)) \
                    or (at_start and ((key in common and not _common_placed(text, end, key, lang))
                                      or said_of_word[0])) \
                    or (at_start and said_of_word[1] and _VERB_BEFORE_PLACE_RE[lang].match(text, end)):
                if _stranded_preposition(text, start, end, key, lang) and text.startswith(",", end):
                    listed.append((start, end))  # "After, Captain Marvel or Dumbo?": an item of a list, maybe
                continue  # a word of the language starting a sentence ("Lands at YVR International Airport")
            run_at_start[0] = at_start
            if key in _STREET_NAME_WORDS and index >= 2 and words[index - 1].isalpha() \
                    and words[index - 1].islower() and words[index - 2].isdigit() \
                    and not text[ends_at[index - 2]:start].replace(words[index - 1], "").strip():
                # a street written with its name in lower case: "1030 main Street", "2227 piedmont Avenue"
                run_at_start[0] = False
                run.extend((starts_at[i], ends_at[i], words[i]) for i in (index - 2, index - 1))
        run.append((start, end, word))
    close()
    if listed and found and lang == "en":
        found = _listed_names(text, found, listed)
    return _with_lowered(found, lowered) if lowered else found


def _run_kept_by_its_words(words: tuple[str, ...], at_start: bool, lang: Lang,
                           common: frozenset[str]) -> tuple[int, int] | None:
    """What the name reader's `close` keeps of a run of two tokens or more (`words`, the first opening a sentence or
    not), in a draft not in English and with no kind asked, where its words alone decide it: the indexes of the
    tokens kept (first, past the last; the same two when none is), or None where the text around the run has its
    say (one token left, a word said twice, a title of common words). The same steps as `close`, in its order, for
    that case (`guards/tests/test_fast_paths.py` compares the names read both ways)."""
    first, last = 0, len(words)
    while last > first and folded(words[last - 1]).strip(".'’-&") in CONNECTORS:
        last -= 1
    if last - first > 1 and _not_the_names_first(words[first], at_start, lang, words[first + 1]):
        first += 1
        at_start = False
    if last - first == 0:
        return first, first
    if last - first == 1:
        return None  # one token: where it is said decides
    if at_start and words[first + 1].strip(".'’-&,").isdigit() and not words[first].strip(".'’-&,").isdigit() \
            and sum(not word.strip(".'’-&,").isdigit() for word in words[first:last]) == 1:
        key = folded(words[first].strip(".'’-&,"))
        if key in common or _WORD_SHAPE[lang].search(key) or verb_form(words[first].strip(".'’-&,").lower(), lang):
            return first, first  # "Restam 2", "Fica 45"
    said = {folded(word).strip(".'’-&,!") for word in words[first:last]}
    if folded(words[first]).strip(".'’-&,!") == folded(words[first + 1]).strip(".'’-&,!") and len(said) == 1:
        if last - first >= 3:
            return first, first  # "Ding Ding Ding"
        return None  # a word said twice: what is said before it decides
    key = folded(words[first]).strip(".'’-&,")
    if key in common or key.isdigit():
        return None  # maybe a title of common words: where it is said decides
    return first, last


def _with_lowered(found: list[Fact], lowered: list[Fact]) -> list[Fact]:
    """The names read from capitals and those read otherwise (`_lower_names_before_venue`, `_venue_subjects`): a name
    read otherwise takes the place of those read inside it ("Sushi Ran" said to be a restaurant, "Ran" read), and
    gives way to one read across its edge."""
    for fact in lowered:
        inside = [f for f in found if fact.start <= f.start and f.end <= fact.end]
        if any(f.start < fact.end and fact.start < f.end for f in found if f not in inside):
            continue
        found = [f for f in found if f not in inside] + [fact]
    return sorted(found, key=lambda fact: fact.start)


# A venue's head noun in English, after its name ("akane Japanese restaurant", "zuni cafe"), with at most two
# capitalised words describing it between ("Japanese", "Thai"): the name's own words, in lower case, come before.
_VENUE_HEAD_RE = re.compile(
    r"(?<![\w'’-])((?:[a-z][a-z'’-]*[ ]){1,3})((?:[A-Z][a-z]+[ ]){0,2})"
    r"(?i:restaurants?|inn|hotel|motel|lodge|cafe|café|bistro|grill|diner|eatery|kitchen|tavern|pub|brewery"
    r"|taproom|steakhouse|pizzeria|bakery|trattoria|taqueria|cantina|brasserie|salon|barbershop)(?![\w'’-])")


# A sentence's subject said to be a venue ("Cassava which is a nice restaurant", "All spice is a nice restaurant in
# …", "Atrium inn vancouver is a nice 5 star hotel"): up to four words from the sentence's start, then "is a" and at
# most three describing words before the venue's noun.
_VENUE_SUBJECT_RE = re.compile(
    r"(?:^|(?<=[.!?:] )|(?<=\n))([A-Z][\w'’&-]*(?: [\w'’&-]+){0,3}?),? (?:which |that )?is (?:also )?(?:a|an) "
    r"(?:[\w-]+ ){0,3}?(?i:restaurant|hotel|inn|motel|lodge|cafe|café|bistro|grill|diner|eatery|pub|tavern|brewery"
    r"|steakhouse|pizzeria|bakery|salon|barbershop|place to (?:eat|stay))(?![\w'’-])")
# What opens a subject that is no name: pronouns and determiners ("It is a nice restaurant", "This one is a …",
# "Their place is a …").
_NOT_A_NAMES_FIRST = frozenset("it this that there here which what who one another each every the their your our my "
                               "his her its these those both either neither some any no".split())


def _venue_subjects(text: str) -> list[Fact]:
    """The subject of a sentence that says it is a venue (`_VENUE_SUBJECT_RE`): what is said to be a restaurant or
    a hotel is its name, whatever its words' capitals ("All spice", "La mar", "Thai Time"), unless a pronoun or a
    determiner opens it or a common word is in it ("I can suggest Adega which is …", "For example Fugetsu is …":
    a clause, not a name)."""
    found: list[Fact] = []
    for match in scan(_VENUE_SUBJECT_RE, text):
        words = [folded(word).strip("'’&-") for word in match.group(1).split()]
        if words[0] in _NOT_A_NAMES_FIRST or any(word in COMMON["en"] for word in words):
            continue  # (a common word in it: a clause, not a name: "I can suggest Adega which is", "Maybe Mockingbird")
        found.append(_new(Fact, ("name", match.start(1), match.end(1), match.group(1), match.group(1))))
    return found


_VENUE_HEAD_WORD_RE = re.compile(r"^(?:restaurants?|inn|hotel|motel|lodge|cafe|café|bistro|grill|diner|eatery|kitchen"
                                 r"|tavern|pub|brewery|taproom|steakhouse|pizzeria|bakery|trattoria|taqueria|cantina"
                                 r"|brasserie|salon|barbershop)$", re.MULTILINE | re.IGNORECASE)


def _lower_names_before_venue(text: str) -> list[Fact]:
    """The words no dictionary knows, written in lower case right before a venue's head noun ("akane Japanese
    restaurant", "There's sakura inn"): a name its writer did not capitalise, which the capital-led reader never
    reads. Only the run of unknown words next to the head (or its describing capitals) is the name; a word of the
    dictionary ("a nice restaurant"), one letter from a common word, or with two letters swapped ("resturant",
    "a grat hotel") ends it."""
    found: list[Fact] = []
    if len(text) >= MIN_LENGTH and not _VENUE_HEAD_WORD_RE.search(word_text(text)):
        return found  # (a long draft's distinct words first: the table cannot skip a text by a literal of its own)
    for match in _VENUE_HEAD_RE.finditer(text):
        lower = match.group(1)
        end = match.start(1) + len(lower.rstrip())
        start = end
        for word in reversed(lower.split()):
            if in_dictionary(word, "en") or near_word(word, "en") or misspelt_word(word, "en") or len(word) < 3 \
                    or folded(word) in CONNECTORS or ("-" in word and _dashed_words(word)):  # ("to-go restaurants")
                break
            start -= len(word) + (1 if start != end else 0)
        if start < end:
            found.append(_new(Fact, ("name", start, end, text[start:end], text[start:end])))
    return found


# What joins the items of a list ("Hellboy, Dumbo or Shazam!", "After, Captain Marvel, and Dumbo").
_LIST_JOIN_RE = re.compile(r"(?:\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+)(?:either\s+)?", re.IGNORECASE)
_LIST_WORD_RE = re.compile(r"\b(?:and|or)\b", re.IGNORECASE)
_ITEM_BEFORE_RE = re.compile(r"(?:^|[^\w\s,]\s*)[A-Z][\w'’-]*,\s*$")
_LOWER_NEXT_RE = re.compile(r" (?!(?:and|or)\b)[a-z]")  # a list's item ends at a join or a sign ("Are you …" is none)
_LIST_END_RE = re.compile(r"\s*,?\s+(?:and|or)\b", re.IGNORECASE)  # the last item after it: "After, Hackers and high Life"


def _listed_names(text: str, found: list[Fact], listed: list[tuple[int, int]]) -> list[Fact]:
    """The runs read as words that are items of a list of names (three items or more, or an "and" or an "or" among
    or after its joins; at least half its items read as names) are names too: "Would After, Captain Marvel, or Dumbo
    interest you?", "Breakthrough, Little, and Missing Link are playing". A list's items are of one kind, that of
    most of them: "Sports, Music or Museum?" offers categories."""
    items = sorted([(fact.start, fact.end, True) for fact in found if fact.kind == "name"]
                   + [(start, end, False) for start, end in listed
                      if folded(text[start:end]).strip(".'’-&,") not in _NEVER_NAMED
                      and not _LOWER_NEXT_RE.match(text, end)])
    added: list[Fact] = []
    chain = [items[0]]
    for item in [*items[1:], None]:
        if item is not None and _LIST_JOIN_RE.fullmatch(text, chain[-1][1], item[0]):
            chain.append(item)
            continue
        names = sum(named for _, _, named in chain)
        # (an item before it that opens the sentence, read as a word there: "Sports, Music or Museum?")
        words = len(chain) - names + bool(_ITEM_BEFORE_RE.search(text, max(0, chain[0][0] - 24), chain[0][0]))
        if len(chain) > 1 and words <= names < len(chain) \
                and (len(chain) > 2 or _LIST_WORD_RE.search(text, chain[0][0], chain[-1][1])
                     or _LIST_END_RE.match(text, chain[-1][1])):
            added += [_new(Fact, ("name", start, end, text[start:end], text[start:end]))
                      for start, end, named in chain if not named]
        if item is not None:
            chain = [item]
    return sorted(found + added, key=lambda fact: fact.start) if added else found


# A common noun opening a sentence and said to be at a place ("Busy is at Audi Field", "Salon is on at Chase
# Field") is the name of what is there; a pronoun or a day is no name ("Everything is in San Jose", "Today is in").
_COPULA_PLACE_RE = re.compile(r" is (?:also |now |on |happening |playing )?(?:at|in) (?:the )?[A-Z]")
_NO_SUBJECT_NAME = frozenset("there here everything something anything nothing everyone everybody someone somebody "
                             "anyone anybody each both either neither today tomorrow tonight yesterday".split())


# So is one said to be on a date or scheduled for one ("Dentist is on March 5th", "Busy scheduled for March 13th"),
# or located somewhere, the label's other words in lower case between ("Visit to doctor located at 3300 Webster
# Street"): a calendar entry's label; "Everything is on March 5th", "Your appointment is on …" stay words.
_COPULA_DATE_RE = re.compile(r"\s+(?i:(?:is\s+)?(?:scheduled|set|booked)\s+(?:for|on)|is\s+on)\s+(?i:the\s+"
                             r"\d|(?:" + "|".join(MONTHS["en"]) + "|" + "|".join(WEEKDAYS["en"]) + r"|today|tomorrow)\b)"
                             r"|(?:\s+(?!(?:is|are|was|were|it|they|he|she|we|you|also)\b)[a-z]+){0,2}?\s+(?i:located\s+at)\s+"
                             r"(?:\d|[A-Z])"
                             r"|(?:\s+[a-z]+){0,2}?\s+(?i:(?:is|are)\s+(?:performing|playing)\s+(?:at|in)\s+(?:the\s+)?)[A-Z]")
# A title where it is played: before its artist ("Heartbeat by Kelsea Ballerini"), how (subtitles) or where (a
# screen, a speaker) it plays, the title's other words in lower case between ("Breakthrough without subtitles", "High playing on bedroom speaker", "you want Attention
# played on your TV", "Sleepover on the TV?", "Dumbo com legendas", "Dumbo sin subtítulos", "Dumbo amb subtítols").
_PLAYED_AFTER_RE: dict[Lang, re.Pattern[str]] = {
    "en": re.compile(r"\s+by\s+[A-Z][a-z]|(?:\s+[a-z]+){0,2}?,?\s+(?i:(?:with|without|no)\s+subtitles\b|(?:is\s+(?:now\s+)?)?(?:playing|played"
                     r"|cast|casting)\s+(?:on|to|in)\s|on\s+(?:the\s+|your\s+|my\s+)?(?:tv|television|(?:bedroom|kitchen"
                     r"|living\s+room)\s+speaker|speaker)\b)"),
    "pt-BR": re.compile(r"(?:\s+[a-z]+){0,2}?,?\s+(?i:(?:com|sem)\s+legendas?\b)"),
    "es": re.compile(r"(?:\s+[a-z]+){0,2}?,?\s+(?i:(?:con|sin)\s+subt[ií]tulos\b)"),
    "ca": re.compile(r"(?:\s+[a-z]+){0,2}?,?\s+(?i:(?:amb|sense)\s+subt[ií]tols\b)"),
}


def _common_placed(text: str, end: int, key: str, lang: Lang) -> bool:
    """Whether a common word opening a sentence is a name said to be at a place or on a date (see above)."""
    if len(key) < 4 or key in _NO_SUBJECT_NAME or key in _NEVER_NAMED or key in _NOT_LABELS:
        return False
    if _PLAYED_AFTER_RE[lang].match(text, end) and _may_be_title(key, lang):
        return True  # "Breakthrough no subtitles", "Sleepover on the TV?"; "Start playing on the TV" says no title
    return lang == "en" and bool(_COPULA_PLACE_RE.match(text, end) or _COPULA_DATE_RE.match(text, end))


_SENTENCE_DONE_RE = re.compile(r"\.?\s*$|\.\s")
_ANNOUNCED_RE = re.compile(r"(?:^|\w)\s*(?::|\s[-–—])\s*$")


def _alone_in_sentence(text: str, start: int, end: int, key: str, lang: Lang) -> bool:
    """Whether one capitalised word announced by a colon or a dash is all its sentence ("I found 1 movie: Little.",
    "There's 1 movie matching your criteria - Hackers."): the answer naming what was found, unless it is a common
    word, one letter from one, a word's shape ("Definitely.") or a verb's form ("Understood."); a question or an
    exclamation ("Genre?", "Success!") is none."""
    return lang == "en" and key not in COMMON[lang] and not _WORD_SHAPE[lang].search(key) and key.isalpha() \
        and lemma(key, lang) in (key, key[:-1]) and bool(_SENTENCE_DONE_RE.match(text, end)) \
        and bool(_ANNOUNCED_RE.search(text, max(0, start - 4), start)) and not any(
            candidate in COMMON[lang] for candidate in one_edit(key) if len(candidate) > 1)


# A verb a title follows, said first in a run of capitals ("Play Teen spirit", "Start The Man Who Knew Too Much",
# "Playing Dr. Strangelove"): the title's, not the name's.
_TITLE_VERBS = frozenset("play playing start starting run watch watching stream streaming".split())


@lru_cache(maxsize=4096)  # (a list's runs are the same few names, line after line)
def _not_the_names_first(word: str, at_start: bool, lang: Lang, following: str) -> bool:
    """Whether the first word of a run of capitals is no word of the name: a verb a title follows, a common word
    of grammar (`FUNCTION_WORDS`) written in capitals before a name's word that is not (`following`: "INTO Sanuj
    Checking", where "STAPLES Center", "LAX International Airport" and "BLUE NOTE NAPA" are names), or, opening a sentence, a common word of the language with two neighbouring letters
    swapped ("Cofnirm 1 Hotel Brooklyn Bridge")."""
    key = folded(word).strip(".'’-&,")
    if lang == "en" and key in _TITLE_VERBS:
        return True
    if key in FUNCTION_WORDS[lang] and _emphasised(word) and not _emphasised(following):
        return True  # "depositing it INTO Sanuj Checking": a word of the language in capitals for emphasis
    return at_start and misspelt_word(key, lang) and any(
        key[:i] + key[i + 1] + key[i] + key[i + 2:] in COMMON[lang] for i in range(len(key) - 1))


@lru_cache(maxsize=4096)
def _dashed_words(key: str) -> bool:
    """Whether a hyphenated English word opening a sentence is made of words ("Follow-up", "Check-in", "Well-known"):
    a word of the language; one whose parts are no words is a name when a verb of which it is the subject follows
    ("Kufu-ya is a nice restaurant"), a kind offered alone ("Shabu-shabu?") stays a word."""
    return all(not part or part in COMMON["en"] or in_dictionary(part, "en") for part in key.split("-"))


def _proper_only(bare: str, key: str, lang: Lang) -> bool:
    """Whether one capitalised word opening a sentence is a name its language's dictionary knows only as a name (its
    lemma capitalised: "Aaron lewis on the 8th", "Georges", "Pedro"), no word of the language a writer opens with:
    a name, though no verb follows. A common word (`COMMON`) and an adjective of a place (`_OF_A_PLACE_RE`) stay
    words."""
    return key not in COMMON[lang] and not _OF_A_PLACE_RE.search(key) and proper_noun(bare, lang)


# The endings of the adjectives of a place or a people ("Sicilian", "Himalayan", "Laotian", "Japanese", "Spanish"),
# which the dictionary knows capitalised too: a kind of food or a language offered alone ("Himalayan? European?"),
# no name; a person's name so ending ("Susan") is read as before.
_OF_A_PLACE_RE = re.compile(r"(?:an|ese|ish)$")


def _long_word_slipped(key: str, common: frozenset[str]) -> bool:
    """Whether `key`, no word of the dictionary, is a long word of `common` (seven letters or more: the results'
    field names are there, "humidity") typed with two slips at most after its first four letters ("Humidy around 19
    percent"): a hurried writer's word opening a sentence, not a name, which is rarely that close to so long a
    word."""
    if len(key) < 5 or not key.isalpha():
        return False
    return any(Levenshtein.distance(key, word, score_cutoff=2) <= 2
               for word in _long_words_by_opening(common).get(key[:4], ()))


@lru_cache(maxsize=16)
def _long_words_by_opening(common: frozenset[str]) -> dict[str, tuple[str, ...]]:
    """The words of `common` of seven letters or more, by their first four letters: `_long_word_slipped` compares
    a word with those opening as it does only (it scanned all of `common` for each word it read)."""
    by_opening: dict[str, list[str]] = {}
    for word in common:
        if len(word) >= 7:
            by_opening.setdefault(word[:4], []).append(word)
    return {opening: tuple(words) for opening, words in by_opening.items()}


def _emphasised(word: str) -> bool:
    """Whether a token is a word of two letters or more written all in capitals ("INTO", "NOT")."""
    bare = word.strip(".'’-&,")
    return len(bare) >= 2 and bare.isalpha() and bare.isupper()


@lru_cache(maxsize=4096)
def _word_shape_inside(key: str, lang: Lang, at_start: bool) -> bool:
    """`_WORD_SHAPE`, where an English "-ly" inside a sentence is an adverb's only if the rest is a word ("Really",
    "Kindly"; "Family", "Emily" are none). A list says the same names on every line: each is tested once."""
    if not _WORD_SHAPE[lang].search(key):
        return False
    if lang != "en" or at_start or not key.endswith("ly"):
        return True
    return in_dictionary(key[:-2], lang) or in_dictionary(key[:-2] + "e", lang) or in_dictionary(key[:-3] + "y", lang)


_SLIP_TARGETS: dict[Lang, frozenset[str]] = {}


def _slip_of_common(key: str, lang: Lang) -> bool:
    """Whether `key` (four letters or more), opening a sentence before a verb, is a common word of four letters or
    more typed with a letter left out, one doubled or two neighbouring ones swapped ("Ther is", "Whicch is", "Woudl
    be"), and is no common word itself: a hurried writer's word, not a name. A letter changed or another one added
    makes another word ("Nick", "Isalon"), and a name of three letters may be a common word's start ("Tim")."""
    if key in COMMON[lang] or not key.isalpha() or len(key) < 4:
        return False
    targets = _SLIP_TARGETS.get(lang)
    if targets is None:
        targets = _SLIP_TARGETS[lang] = frozenset(word for word in COMMON[lang] if len(word) >= 4 and word.isalpha())
    splits = [(key[:i], key[i:]) for i in range(len(key) + 1)]
    undoubled = {a + b[1:] for a, b in splits if len(b) > 1 and b[0] == b[1]}
    swapped = {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
    if (undoubled | swapped) & targets:
        return True
    return any(a + c + b in targets for a, b in splits for c in "abcdefghijklmnopqrstuvwxyz")


_WHERE_CONNECTORS = frozenset({"on", "at"})
# Words that end a name capitalised after it: where it is, or another one offered.
_NAME_BREAKS = frozenset({"located", "situated", "or", "nor", "without"})
# A subject pronoun or a question's word capitalised after a name, a lower-case word after it, opens the next
# sentence, its full stop left out ("Try Brown Peter, MD She is a Gynecologist", "Dr. Deirdre Lyell, MD How's he
# sound?"): no name's word. Before a capitalised word it is a title's ("When She Says Baby", "If We Hold On").
_EN_SENTENCE_OPENERS = frozenset("he she they we he's she's they're we're they've we've he'll she'll they'll "
                                 "how's what's".split())
# Words a date may open with, capitalised inside a sentence ("at Petco Park on Next Friday", "playing Today at
# Lodge Room", "on The 10th at Yankee Stadium"): the date's, no name's (`_date_word`).
_DATE_LEADS = frozenset("today tomorrow tonight yesterday next this coming the".split())
_DATE_FOLLOWS = frozenset(folded(day) for day in WEEKDAYS["en"])
_DAY_ORDINAL_RE = re.compile(r"^(?:[1-9]|[12]\d|3[01])(?:st|nd|rd|th)[.,!?]?$", re.IGNORECASE)


# Examples offered for the customer to pick from or answer in their own words: what introduces them, in the same
# sentence before, and what closes their list after ("such as X, Y or something else?", "X, Y, etc.").
_EXAMPLES_BEFORE_RE: dict[Lang, re.Pattern[str]] = {
    "en": re.compile(r"\b(?:such as|for example|for instance|e\.g\.|you can say)\b[^.?!\n]*$", re.IGNORECASE),
    "pt-BR": re.compile(r"\b(?:por exemplo|tais como|tipo assim)\b[^.?!\n]*$", re.IGNORECASE),
    "es": re.compile(r"\b(?:por ejemplo|tales como)\b[^.?!\n]*$", re.IGNORECASE),
    "ca": re.compile(r"\b(?:per exemple|com ara)\b[^.?!\n]*$", re.IGNORECASE),
}
_EXAMPLES_AFTER_RE: dict[Lang, re.Pattern[str]] = {
    "en": re.compile(r"[^.?!\n]*?(?:\b(?:or|and)\s+(?:something|anything|any\w*)\s+(?:else|other|like that)"
                     r"|\bor\s+(?:an)?other\b|\betc\b)", re.IGNORECASE),
    "pt-BR": re.compile(r"[^.?!\n]*?\b(?:ou\s+(?:qualquer\s+)?outr[oa]s?|etc)\b", re.IGNORECASE),
    "es": re.compile(r"[^.?!\n]*?\b(?:[ou]\s+(?:cualquier\s+)?otr[oa]s?|o\s+algo\s+m[aá]s|etc)\b", re.IGNORECASE),
    "ca": re.compile(r"[^.?!\n]*?\b(?:o\s+(?:qualsevol\s+)?(?:un\s+|una\s+)?altr[ea]s?|etc)\b", re.IGNORECASE),
}


# An item of a list of examples: after a join, a colon or what introduces the examples, before a join or the end.
_JOINS: dict[Lang, str] = {"en": "or|and", "pt-BR": "ou|e", "es": "o|u|y|e", "ca": "o|i"}
_INTRODUCERS: dict[Lang, str] = {"en": "as|example|instance|e\\.g\\.|say|like|maybe|perhaps",
                                 "pt-BR": "exemplo|como|talvez", "es": "ejemplo|como|quiz[aá]s", "ca": "exemple|ara|potser"}
_EXAMPLE_ITEM_BEFORE_RE: dict[Lang, re.Pattern[str]] = {
    lang: re.compile(rf"(?:^|[,;:?¿]|\b(?:{_JOINS[lang]}|{_INTRODUCERS[lang]}))\s*$", re.IGNORECASE) for lang in _JOINS}
_EXAMPLE_ITEM_AFTER_RE: dict[Lang, re.Pattern[str]] = {
    lang: re.compile(rf"(?:\s+\w+)?\s*(?:[,;?]|\b(?:{_JOINS[lang]}|etc)\b|$)", re.IGNORECASE) for lang in _JOINS}


def _offered_kind(text: str, run: list[tuple[int, int, str]], lang: Lang) -> bool:
    """Whether one capitalised word of the language ("Fish", "Quick meal", "Coffee") is an example offered for the
    customer to answer in their own words: a kind of thing in a list that "such as", "for example", "you can say"
    introduce or "or something else", "or any other", "etc." close, in the same sentence (the list says itself open:
    no category of the tools is claimed). A word no dictionary of the language holds ("Izakaya", "Fresno") stays a
    name, and so do two capitalised words ("Oracle Park", "Sushi Bar"): offered, a name must still be one a tool
    returned; so does a kind offered in a closed list ("Sports, Music or Museum?")."""
    if len(run) != 1 or not in_dictionary(run[0][2].strip(".'’-&,").lower(), lang):
        return False
    start, end = run[0][0], run[-1][1]
    if not (_EXAMPLE_ITEM_BEFORE_RE[lang].search(text, max(0, start - 24), start)
            and _EXAMPLE_ITEM_AFTER_RE[lang].match(text, end)):
        return False  # no item of a list: "For instance on March 14th in Warsaw, there is…", "For example 11 Howard"
    return bool(_EXAMPLES_AFTER_RE[lang].match(text, end, min(len(text), end + 120))
                or _EXAMPLES_BEFORE_RE[lang].search(text, max(0, start - 120), start))


def _date_word(key: str, words: list[str], index: int) -> bool:
    """Whether the capitalised word at `index` opens a date, not a name: "Today", "Tomorrow", "Tonight"; "Next",
    "This" or "Coming" before a weekday; "The" before a day's ordinal that no capitalised word follows
    ("on The 10th", not "The 5th Avenue Theatre")."""
    if key in ("today", "tomorrow", "tonight", "yesterday"):
        return True
    after = words[index + 1] if index + 1 < len(words) else ""
    if key == "the":
        return bool(_DAY_ORDINAL_RE.match(after)) and not (index + 2 < len(words) and words[index + 2][:1].isupper()
                                                            and after[-1:].isalnum())
    return folded(after).strip(".,!?") in _DATE_FOLLOWS


# A weekday's or a month's short form is a name's word before another of its words ("Sun Valley", "Mar Vista",
# "Jan Jose"), not before a date's word or a number ("Sat Mar 2", "Sun 3pm").
_SHORT_DAYS = frozenset("mon tue wed thu fri sat sun jan feb mar apr may jun jul aug sep sept oct nov dec".split())


def _name_word_next(text: str, words: list[str], starts_at: list[int], index: int, end: int) -> bool:
    """Whether the token after `index` is a capitalised word no rule keeps from a name, one space after it."""
    if index + 1 >= len(words) or text[end:starts_at[index + 1]] != " ":
        return False
    following = words[index + 1]
    bare = following.strip(".'’-&,")
    return bool(bare) and bare.isalpha() and bool(_CAPITAL_RE.match(bare)) and folded(bare) not in NEVER_NAMES


_POSSESSIVE_BEFORE_RE = re.compile(r"(?:^|\W)(?:your|their|his|her|my|our|its|a|an|seu|sua|teu|tua|su|tu|el seu"
                                   r"|la seva|el teu|la teva)\s+$", re.IGNORECASE)
_STREET_NAME_WORDS = frozenset("street avenue road drive boulevard lane way square plaza rua avenida calle carrer "
                               "passeig".split())


def verb_form(word: str, lang: Lang) -> bool:
    """Whether `word` (lower case, accents kept) is an inflected form of a Romance verb its dictionary holds ("fica"
    of "ficar", "são" of "ser"): opening a sentence before a number it says what the number is ("Fica 45,00 €", "São
    45 €", "Quedan 2"), no name. English marks no infinitive: its names of a word and a number ("Pier 39") stay."""
    if lang == "en" or not word.isalpha() or not in_dictionary(word, lang):
        return False
    base = lemma(word, lang)
    return base != word and base.endswith(("ar", "er", "ir", "re"))



def _has_letter(text: str) -> bool:
    """Whether `text` holds a letter (`str.isalpha`); ASCII, whose letters alone change case, without a loop."""
    if text.isascii():
        return text.upper() != text.lower()
    return any(c.isalpha() for c in text)


def _title_cased_words(text: str, run: list[tuple[int, int, str]], common: frozenset[str], at_start: bool,
                       lang: Lang) -> bool:
    """Whether a run of capitalised words is words of the language written as a title, not a name: every word is a
    common word (`common`) and the run opens a sentence, follows a possessive or an article ("Their Phone Number",
    "a Pop Band"), is a label (\"Event Date: …\") or is one word ("You can say Music, Art, or …"). A street
    ("Market Street") stays a name, and so does a title said elsewhere ("play Best Friend")."""
    first = folded(run[0][2]).strip(".'’-&,")
    if first not in common and not first.isdigit():
        return False  # a name's word first ("Marta Vidal"): no title of common words (the test below, at once)
    keys = [folded(token[2]).strip(".'’-&,") for token in run]
    if not all(key in common or key.isdigit() for key in keys) or any(key in _STREET_NAME_WORDS for key in keys):
        return False
    words = [key for key in keys if not key.isdigit() and key not in CONNECTORS]
    start, end = run[0][0], run[-1][1]
    named = not at_start and keys[0] not in _NEVER_NAMED \
        and bool(_NAMED_AFTER_RE[lang].search(text, max(0, start - 16), start)
                 or _labelled(text, start, end, keys[0], lang, words=len(keys))
                 or _ARTICLE_BEFORE_RE[lang].search(text, max(0, start - 6), start)
                 or (lang == "en" and (_PLACE_NEXT_RE.match(text, end)
                                       or (len(keys) == 1 and (_numbered_name_word(text, start, end, keys[0])
                                                               or _stranded_preposition(text, start, end, keys[0], lang))))))
    if len(words) == 1 and len(keys) == 1 and named and not _article_without_name(text, start, end, lang):
        return False  # "the event is Dentist", "tickets for Appointment": a name said where one is
    if lang == "en" and not at_start and len(words) > 1 and _KIND_NEXT_RE.match(text, end):
        return False  # "a Doctor Appointment event", "Best Friend song is played": the name of a thing of that kind
    # Inside an English sentence, common words capitalised where no name is said ("in which Category and City",
    # "Take Care Have a great day") are the writer's capitals; "play Best Friend" is said where a name is.
    return at_start or len(words) <= 1 or text.startswith(":", end) \
        or bool(_POSSESSIVE_BEFORE_RE.search(text, max(0, start - 12), start)) or keys[0] in _POSSESSIVES \
        or (lang == "en" and not named)


_POSSESSIVES = frozenset("your their his her my our its seu sua su tu".split())
# The kinds of thing a title names, in lower case right after it.
_KIND_NEXT_RE = re.compile(r" (?:song|album|movie|film|event|show|game|concert|band|festival|series|track|play)\b")


# Endings of the verbs, adverbs and abstract nouns a sentence starts with ("Enviei", "Reservé", "Quedan",
# "Infelizmente", "Transferência"), which names rarely have: such a word is read as a word at a sentence's start.
_WORD_SHAPE: dict[Lang, re.Pattern[str]] = {
    "pt-BR": re.compile(r"(?:ei|amos|aram|eram|iram|am|em|ou|ando|endo|indo|mente|cao|coes|agem|mos|emos|imos|ar|er|ir"
                        r"|ado|ada|ados|adas|ido|ida|idos|idas|avel|ivel)$"),
    "es": re.compile(r"(?:amos|emos|imos|aron|ieron|ando|iendo|mente|cion|ciones|an|en|ar|er|ir|ado|ada|ados|adas|ido|ida"
                     r"|idos|idas|able|ible)$"),
    "ca": re.compile(r"(?:em|en|eu|ant|ent|int|ment|cio|cions|ar|er|ir|re|at|ada|ats|ades|it|ida|its|ides|able"
                     r"|ible)$"),
    "en": re.compile(r"(?:ly|ing|ed|tion|tions|ness|ment|ments|able|ible)$"),
}
# One capitalised word opening a sentence, not a word of the language (`COMMON`, `_WORD_SHAPE`), is read as a name
# when a verb of which it is the subject follows ("Iyasare is a great restaurant", "Raghav will get $50", "Pedro
# recebeu"); alone it may be any word ("Take", "Gotcha"), read as one.
_SUBJECT_VERB_RE: dict[Lang, re.Pattern[str]] = {
    "en": re.compile(r"!?(?:'s)?\s+(?:is|was|has|had|does|did|will|would|could|might|should|also|too|really|definitely"
                     r"|probably|seems|looks|sounds|appears|got|gets|received|receives|sent|offers|serves|opens"
                     r"|closes|costs|charges|accepts|owns|runs|works)\b"),
    "pt-BR": re.compile(r"\s+(?:foi|esta|tem|ja|vai|recebeu|recebe|enviou|abre|fecha|cobra|aceita|fica)\b"),
    "es": re.compile(r"\s+(?:es|fue|esta|tiene|ya|va|recibio|recibe|envio|abre|cierra|cobra|acepta|queda)\b"),
    "ca": re.compile(r"\s+(?:es|va|esta|te|ja|rebra|ha rebut|rep|obre|tanca|cobra|accepta|queda)\b"),
}
_LOWER_WORD_NEXT_RE = re.compile(r" [a-z]{3,}\b")
# A word of the language opening a sentence that "is" a clock time, no "at" between ("Kickoff is 8 pm.", "Check-in is
# 3:00 pm"): a moment's word, since a name is at a time ("Hellboy is at 7 pm"), never one.
_MOMENT_IS_RE = re.compile(r" is (?:\d{1,2}(?::\d\d)? ?(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d\d)(?!\w)", re.IGNORECASE)
# A sentence opening with a verb in its "-s" form before where ("Lands at YVR", "Leaves from Oakland") left out its
# subject: the verb is no name's word.
_VERB_BEFORE_PLACE_RE: dict[Lang, re.Pattern[str]] = {
    "en": re.compile(r" (?:at|from|in|into|to) [A-Z]"),
    "pt-BR": re.compile(r"x^"), "es": re.compile(r"x^"), "ca": re.compile(r"x^"),
}


def _verb_s(key: str, lang: Lang) -> bool:
    """Whether `key` is a dictionary word's "-s" form (its lemma is the word without the "s": "lands", "leaves"),
    not a name the dictionary knows only as one ("Georges in Marshall", "Californios in Larkspur": their lemma is
    "George", "Californio", a proper noun, no verb)."""
    return len(key) > 3 and key.endswith("s") and lemma(key, lang) in (key[:-1], key[:-2]) and in_dictionary(key, lang) \
        and not proper_noun(key, lang)
_SPLIT_LETTER_RE = re.compile(r" [a-z](?![\w'’])")
# One capitalised word opening a sentence and followed by where it is ("Amber in Walnut Creek.", "Basil in San
# Francisco is also good", "Crystal lake at Dodger Stadium") is a place's name, not the word of the dictionary.
_PLACE_AFTER_RE: dict[Lang, re.Pattern[str]] = {
    "en": re.compile(r"(?:\s+[a-z]+){0,2},?\s+(?:(?:is\s+)?located\b|(?:is\s+(?:also\s+)?)?(?:in|at)\s+(?:the\s+)?[A-Z])"
                     r"|,\s*[A-Z]{2}\b(?![.\w])"),  # "Phoenix, AZ": a city and its state
    "pt-BR": re.compile(r"x^"), "es": re.compile(r"x^"), "ca": re.compile(r"x^"),
}
# A capitalised common word inside a sentence followed by where it is ("On March 6th, Salon is at LA Memorial").
_PLACE_NEXT_RE = re.compile(r"\s+(?:is\s+(?:also\s+)?)?(?:at|in)\s+(?:the\s+)?[A-Z]")
# Where a capitalised common word inside a sentence is a name: after an article, a linking verb or a word that
# introduces one ("the event is Dentist", "tickets for Appointment", "recommend Movie show", "at Salon"); elsewhere
# a writer's capital ("in which Category") is no name.
_NAMED_AFTER_RE: dict[Lang, re.Pattern[str]] = {
    "en": re.compile(r"(?:(?:^|\W)(?:is|the|for|at|called|named|titled|name:?|recommend|about|try|found|event|hear"
                     r"|play|playing|watch|watching|starting|streaming|suggest|considered|prefer|think\s+of|tickets?\s+to"
                     r"|see|seeing|song|album|movie|film|show|(?:game|event|concert|show|match)\s+of)"
                     r"|\d(?:st|nd|rd|th))\s+$", re.IGNORECASE),
    "pt-BR": re.compile(r"x^"), "es": re.compile(r"x^"), "ca": re.compile(r"x^"),
}
# A number of two or more just before a capitalised singular word that leads no noun ("at 37 North, today", "Maybe
# 37 North?", "Confirm 37 North and …"): the word is not what is counted ("37 north" counts nothing), so the number
# and the word are a name's. A plural ("2 Adults", "4 People") or a noun after it ("2 Economy tickets") is a count.
_NAME_NUMBER_BEFORE_RE = re.compile(r"(?<![\w.,:$€£/-])(?:[2-9]|[1-9]\d{1,3}) $")
_PLURALS_WITHOUT_S = frozenset("people children men women persons adults kids feet".split())


def _numbered_name_word(text: str, start: int, end: int, key: str) -> bool:
    """Whether the capitalised word at start:end follows a number it cannot be a count of (see above)."""
    return not key.endswith("s") and key not in _PLURALS_WITHOUT_S and key not in NEVER_NAMES \
        and bool(_NAME_NUMBER_BEFORE_RE.search(text, max(0, start - 6), start)) and not _NOUN_NEXT_RE.match(text, end)


def _named_after(text: str, start: int, end: int, lang: Lang) -> bool:
    """Whether a word that introduces a name comes before the capitalised word at start:end; a date's day does only
    where the word leads a noun ("the March 4th Doctor appointment"): "3:30 pm March 5th Appointment at Carhuamaca
    Lat Arturo" says what is dated, the common noun, and where."""
    found = _NAMED_AFTER_RE[lang].search(text, max(0, start - 16), start)
    if found is None:
        return False
    if lang == "en" and _DAY_BEFORE_RE.search(text, max(0, start - 8), start) and found.group().strip()[-2:].isalpha() \
            and found.group().strip()[:1].isdigit():
        return bool(_NOUN_NEXT_RE.match(text, end))
    return True


# A label's position: a capitalised word right after a marker saying a label follows ("an event called Busy",
# "labeled Appointment", "the event name will be Food", "label your calendar Food", "um evento chamado Ocupado",
# "un evento llamado Ocupado", "un esdeveniment anomenat Ocupat"), or after a verb that adds or confirms an entry
# with where or when the entry is right after the label's words ("Please confirm Dentist at 1386 Fitzgerald Drive",
# "add Busy on March 10th", "Busy added to your calendar", "There's Appointment at …", "Adicionei Ocupado à sua
# agenda", "Añadí Ocupado a tu calendario", "He afegit Ocupat al calendari"). A common word there is the entry's
# label, a name, capitalised or not by the writer; "I'm busy", "please confirm at 5 pm" (no capital word there) and
# "Please confirm Your booking" (a determiner) say none.
_LABEL_MARKER_BEFORE_RE: dict[Lang, re.Pattern[str]] = {
    "en": re.compile(r"(?:^|\W)(?:called|named|titled|entitled|labell?ed|label(?:\s+(?:it|this|that|the\s+event|your"
                     r"\s+calendar|the\s+calendar|your\s+event|the\s+entry))?|(?:name|title|label|description)\s+"
                     r"(?:is|will\s+be|would\s+be|of))\s+$"),
    "pt-BR": re.compile(r"(?:^|\W)(?:chamad[oa]s?|intitulad[oa]s?|denominad[oa]s?|rotulad[oa]s?|nomead[oa]s?|com\s+o\s+"
                        r"(?:nome|titulo)(?:\s+de)?|de\s+nome|(?:nome|titulo)\s+(?:e|sera|vai\s+ser))\s+$"),
    "es": re.compile(r"(?:^|\W)(?:llamad[oa]s?|titulad[oa]s?|denominad[oa]s?|etiquetad[oa]s?|con\s+el\s+(?:nombre|titulo)"
                     r"(?:\s+de)?|de\s+nombre|(?:nombre|titulo)\s+(?:es|sera|va\s+a\s+ser))\s+$"),
    "ca": re.compile(r"(?:^|\W)(?:anomenat|anomenada|anomenats|anomenades|titulat|titulada|denominat|denominada"
                     r"|etiquetat|etiquetada|amb\s+el\s+(?:nom|titol)(?:\s+de)?|de\s+nom|(?:nom|titol)\s+(?:es|sera))\s+$"),
}
_ENTRY_VERB_BEFORE_RE: dict[Lang, re.Pattern[str]] = {
    "en": re.compile(r"(?:^|\W)(?:confirm|confirming|confirmed|add|adding|added|schedule|scheduling|scheduled|put"
                     r"|putting|there's|there\s+is|you\s+have|reminder\s+for|remind\s+you\s+of)\s+$"),
    "pt-BR": re.compile(r"(?:^|\W)(?:confirm[ae]|confirmo|confirmando|confirmar|adicion(?:ar|ei|o|e|ado|ando)|agend(?:ar"
                        r"|ei|o|e|ado|ando)|marc(?:ar|o|ado|ando)|marquei|coloc(?:ar|o|ado|ando)|coloquei|anot(?:ar|ei|o"
                        r"|ado|ando)|inclu(?:ir|i|o|ido|indo)|voce\s+tem|tem)\s+$"),
    "es": re.compile(r"(?:^|\W)(?:confirm(?:a|o|e|ar|ando|ado)|anad(?:ir|i|o|e|ido|iendo)|agend(?:ar|e|o|ado|ando)"
                     r"|program(?:ar|e|o|ado|ando)|apunt(?:ar|e|o|ado|ando)|anot(?:ar|e|o|ado|ando)|tienes|tenes|hay)\s+$"),
    "ca": re.compile(r"(?:^|\W)(?:confirm(?:a|o|i|ar|at|ant)|afeg(?:ir|it|eixo|eixi|int|eix)|program(?:ar|at|o|a|ant)"
                     r"|apunt(?:ar|at|o|a|ant)|anot(?:ar|at|o|a|ant)|tens|hi\s+ha)\s+$"),
}
# Where or when the entry is, after the label's words (at most two more, in lower case: "Stylist visit on …").
_ENTRY_SLOT_AFTER_RE: dict[Lang, re.Pattern[str]] = {
    "en": re.compile(r"(?:\s+[a-z]+){0,2}?,?\s+(?:(?:added|scheduled|set)\b|(?:to|on|in|into)\s+(?:your|the)\s+"
                     r"(?:calendar|agenda|schedule)\b|(?:(?:located|is|will\s+be|was)\s+)?(?:on|at|for|this|from)\s+"
                     r"(?=\d|[A-Z]|(?i:the\s+\d|today|tomorrow|tonight|next\s|this\s)))"),
    "pt-BR": re.compile(r"(?:\s+[a-z]+){0,2}?,?\s+(?:(?:[aà]|na|no|ao|em|para|pra)\s+(?:sua\s+|tua\s+|a\s+)?(?:agenda"
                        r"|calend[aá]rio)\b|(?:(?:[eé]|ser[aá]|fica)\s+)?(?:no\s+dia|em|na|no|para|pra|[aà]s?|dia|hoje"
                        r"|amanh[aã])\b(?=\s*(?:\d|[A-Z]|segunda|ter[cç]a|quarta|quinta|sexta|s[aá]bado|domingo|dia|hoje"
                        r"|amanh[aã]|$|[.,!?])))"),
    "es": re.compile(r"(?:\s+[a-z]+){0,2}?,?\s+(?:(?:a|al|en)\s+(?:tu\s+|su\s+|el\s+|la\s+)?(?:agenda|calendario)\b"
                     r"|(?:(?:es|ser[aá]|queda)\s+)?(?:el(?:\s+d[ií]a)?|en|para|a\s+las?|hoy|ma[nñ]ana)\b(?=\s*(?:\d"
                     r"|[A-Z]|lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo|d[ií]a|hoy|ma[nñ]ana|$|[.,!?])))"),
    "ca": re.compile(r"(?:\s+[a-z]+){0,2}?,?\s+(?:(?:al|a\s+la|a\s+l'|en)\s*(?:teva\s+|seva\s+)?(?:agenda|calendari)\b"
                     r"|(?:(?:[eé]s|ser[aà]|queda)\s+)?(?:el(?:\s+dia)?|per\s+al|per\s+a|a\s+les?|avui|dem[aà])\b(?=\s*"
                     r"(?:\d|[A-Z]|dilluns|dimarts|dimecres|dijous|divendres|dissabte|diumenge|dia|avui|dem[aà]|$|[.,!?])))"),
}
# Words no label position makes a name ("Please confirm Your booking", "add All of them", "There is Nothing").
_NOT_LABELS = frozenset("your my our their his her its the a an this that these those it them all both each every "
                        "everything nothing something anything yes no sim si seu sua teu tua su tu el la els les los "
                        "las o os as um uma un una they he she we you i there here sure okay ok".split())


# Verbs said of a title, opening a request before where it plays ("Confirm on TV …", "Cast to the kitchen speaker"):
# no title's word.
_MEDIA_VERBS = _TITLE_VERBS | frozenset("confirm cast add put listen hear show turn switch set send".split())


def _may_be_title(key: str, lang: Lang) -> bool:
    """Whether a word before where a title plays may be the title's ("Breakthrough", "High"): no verb said of titles
    and no word of the language's verb or adverb shapes ("Playing on the TV now")."""
    return key not in _MEDIA_VERBS and not _WORD_SHAPE[lang].search(key)


def _labelled(text: str, start: int, end: int, key: str, lang: Lang, *, words: int = 1) -> bool:
    """Whether the capitalised word at start:end (the first of `words` capitalised words) stands where a label is
    said (see above)."""
    if key in _NOT_LABELS:
        # "Please confirm Your booking at 5 pm"; a title's first word may be one ("listen to All Night on kitchen
        # speaker")
        return words > 1 and _may_be_title(key, lang) and bool(_PLAYED_AFTER_RE[lang].match(text, end))
    before = folded(text)[max(0, start - 32):start]  # (folding is one character per character: the window of the
    # folded text, which the reader has folded already, is the folded window)
    if _LABEL_MARKER_BEFORE_RE[lang].search(before):
        return True
    return bool(_ENTRY_VERB_BEFORE_RE[lang].search(before)) and bool(_ENTRY_SLOT_AFTER_RE[lang].match(text, end)) \
        or (_may_be_title(key, lang) and bool(_PLAYED_AFTER_RE[lang].match(text, end)))

_DAY_BEFORE_RE = re.compile(r"\d(?:st|nd|rd|th)\s+$")
# A date said right before a word, in English: a day's ordinal, a month ("14th of March", "March 14"), a weekday.
_EN_MONTHS = _alternation(MONTHS["en"])
_DATED_BEFORE_RE = re.compile(rf"(?:\d(?:st|nd|rd|th)|(?<![\w'’])(?:{_EN_MONTHS})\.?(?:\s+\d{{1,2}}(?:st|nd|rd|th)?)?"
                              rf"|(?<![\w'’])(?:{_alternation(WEEKDAYS['en'])}))[,.]?\s+$", re.IGNORECASE)
# A clock time said in words, over folded English text: "half past 6", "quarter to 7", "noon", "eleven in the
# morning", "five o'clock".
_CLOCK_WORDS_RE = re.compile(r"(?:half|quarter)\s+(?:past|to|after)\b|(?:noon|midday|midnight)\b(?!\s+(?-i:[A-Z]))"
                             r"|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
                             r"(?:[\s-]+(?:fifteen|thirty|forty(?:[\s-]five)?))?\s*"
                             r"(?:o'?\s?clock|in the (?:morning|afternoon|evening|night)|at night|[ap]\.?m)\b",
                             re.IGNORECASE)
# A label saying a name follows ("Event name: Food.", "Title: Little"): what follows its colon opens no sentence.
_NAME_LABEL_BEFORE_RE = re.compile(r"(?:^|\W)(?:name|title):\s$", re.IGNORECASE)
# Where a capitalised word inside an English sentence is a common noun whatever the dictionary says of it:
# * the sign of the number after it, spelt out ("the telephone number is Plus +1 866-525-4704");
# * after a determiner, joined by "or"/"and" to a lower-case noun of the language, which says the kind of word it is
#   ("the Zipcode or city in which you wish to find…", "your Name and email"); "the Giants or the Jets" are names;
# * the bare object of an emphatic "do have" or "do serve" (the answer to whether a place has a feature), a noun the
#   dictionary knows as no proper noun, before a conjunction or the clause's end ("They do have Liquor but no on the
#   tunes", "they do serve Wine."); "I have Dumbo." (a title offered), "they do have Amber at 7 pm" (where it is)
#   and "they do have Disney" (a proper noun) stay names.
_SIGN_WORDS = frozenset({"plus", "minus"})
_SIGNED_NUMBER_NEXT_RE = re.compile(r"\s*[+\-−]?\s*\d")
_DETERMINER_BEFORE_RE = re.compile(r"(?:^|\W)(?:the|a|an|your|my|his|her|its|our|their|this|that|any)\s+$",
                                   re.IGNORECASE)
_COORDINATED_NOUN_NEXT_RE = re.compile(r"\s+(?:or|and|nor)\s+([a-z]{3,})\b(?!\s+[A-Z])")
_HAVING_BEFORE_RE = re.compile(r"(?:^|\W)(?:do|does|did)\s+(?:have|serve|sell)\s+$", re.IGNORECASE)
_CLAUSE_END_NEXT_RE = re.compile(r"\s*(?:[.!?;,]|$|\s(?:but|and|or|too|as well)\b)")


def _common_noun_in_place(text: str, start: int, end: int, key: str) -> bool:
    """Whether the one capitalised word at start:end is a common noun where it stands (see above)."""
    if key in _SIGN_WORDS and _SIGNED_NUMBER_NEXT_RE.match(text, end):
        return True
    if _DETERMINER_BEFORE_RE.search(text, max(0, start - 8), start):
        after = _COORDINATED_NOUN_NEXT_RE.match(text, end)
        if after is not None and in_dictionary(after.group(1), "en") and not proper_noun(after.group(1), "en"):
            return True
    return bool(_HAVING_BEFORE_RE.search(text, max(0, start - 16), start)) and in_dictionary(key, "en") \
        and not proper_noun(key, "en") and bool(_CLAUSE_END_NEXT_RE.match(text, end))


def _described_kind(text: str, run: list[tuple[int, int, str]]) -> bool:
    """Whether a run after an indefinite article is words describing the lower-case noun after it: capitalised words
    of the dictionary (no proper noun) ending in a cuisine's or a nation's adjective ("a Sprawling Japanese
    restaurant", "a Cozy Italian place"). After "a", a named place is rare; "the Golden Thai restaurant" and "Will
    Sushi" (no article) stay names."""
    if len(run) < 2 or folded(run[-1][2]).strip(".'’-&,") not in NAME_ADJECTIVES:
        return False
    if not _INDEFINITE_BEFORE_RE.search(text, max(0, run[0][0] - 6), run[0][0]) or not _NOUN_NEXT_RE.match(text, run[-1][1]):
        return False
    return all(in_dictionary(token[2].strip(".'’-&,").lower(), "en") and not proper_noun(token[2].strip(".'’-&,"), "en")
               for token in run[:-1])


_INDEFINITE_BEFORE_RE = re.compile(r"(?:^|\W)(?:a|an)\s+$", re.IGNORECASE)


# Words before which a cuisine's adjective is no part of a name ("Or Mexican", "Any Italian").
_NOT_NAMES_OWN = frozenset("or nor but any some no every all".split())
# An article before a capitalised common word inside a sentence ("There is a Dentist concert").
_ARTICLE_BEFORE_RE: dict[Lang, re.Pattern[str]] = {
    "en": re.compile(r"(?:^|\W)(?:a|an)\s+$", re.IGNORECASE),
    "pt-BR": re.compile(r"x^"), "es": re.compile(r"x^"), "ca": re.compile(r"x^"),
}
_ARTICLE_ONLY_RE = re.compile(r"(?:^|\W)(the|a|an)\s+$", re.IGNORECASE)
# After an article, a word of these leads no name's noun ("the Calendar for this month", "a Concert and a meal").
_NOT_A_NOUN_NEXT = ("for|in|on|at|to|of|with|from|by|and|or|but|this|that|these|those|which|who|where|when|is|are|was"
                    "|were|be|been|will|would|has|have|had|it|its|your|our|their|my|near|around|about|into|over|than"
                    "|then|so|as|if|because")
_NOUN_NEXT_RE = re.compile(rf" (?!(?:{_NOT_A_NOUN_NEXT})\b)[a-z]{{3,}}\b")


def _article_without_name(text: str, start: int, end: int, lang: Lang) -> bool:
    """Whether a capitalised common word at start:end follows an article where no name is said: it leads no noun
    of its own ("a Dentist concert", "the GP appointment" say a name), is not followed by where it is ("the Salon
    is at LA Memorial Coliseum") and no word before the article introduces a name ("at the Salon", "is the
    Dentist"). "6 events in the Calendar for this month", "added to the Calendar.", "take my family to a Concert."
    are the writer's capitals."""
    if lang != "en":
        return False
    article = _ARTICLE_ONLY_RE.search(text, max(0, start - 6), start)
    if article is None or _PLACE_NEXT_RE.match(text, end):
        return False
    noun = _NOUN_NEXT_RE.match(text, end)
    if noun is not None and not _past_form(noun.group()[1:], lang):
        return False  # (a verb's past after it leads no noun: "since the System crashed")
    return not _NAMED_AFTER_RE[lang].search(text, max(0, article.start(1) - 16), article.start(1))


# English prepositions: one leads a noun, so one capitalised with a comma or a sentence's end right after it leads
# none ("There's After.", "I found 1 match, After.", "After, Supa Modo, or the Innocent?"), nor does one where a noun
# phrase is (after an auxiliary, a preposition or an article: "How does After sound?", "your selection of After
# without subtitles"): it is a title's word.
_PREPOSITIONS = frozenset("about above across after along among around before behind below beneath beside between "
                          "beyond despite during except inside into outside over since through toward towards under "
                          "underneath until upon within without".split())
_STRANDED_RE = re.compile(r"[.!?,]|\s*$")
_NOUN_PHRASE_BEFORE_RE = re.compile(r"(?:^|\W)(?:of|to|for|with|from|by|the|a|an|do|does|did|would|will|could|can"
                                    r"|should|is|was)\s+$", re.IGNORECASE)


def _stranded_preposition(text: str, start: int, end: int, key: str, lang: Lang) -> bool:
    """Whether the capitalised word at start:end is an English preposition that leads nothing (see above)."""
    return lang == "en" and key in _PREPOSITIONS and bool(
        _STRANDED_RE.match(text, end) or _NOUN_PHRASE_BEFORE_RE.search(text, max(0, start - 8), start))


def _past_form(word: str, lang: Lang) -> bool:
    """Whether an English word is a verb's past ("crashed", "opened"): "-ed" on a lemma of its own."""
    return lang == "en" and len(word) >= 5 and word.endswith("ed") and lemma(word, lang) not in (word, "")


# Inside an English sentence, a capitalised run set off by a comma that ends its sentence is a vocative when it is a
# term of address or its words written together are one word of the dictionary ("How many, Bro?", "$12,963.88 in
# your savings, Money Bags."): the customer spoken to, not a name the reply states.
_ADDRESS_TERMS = frozenset("bro bruh brother sis sister buddy bud dude pal mate man sir madam maam boss chief champ "
                           "friend folks guys honey dear sweetie darling love kiddo fam".split())
_VOCATIVE_BEFORE_RE = re.compile(r"\w[\w.]*,\s+$")
_VOCATIVE_AFTER_RE = re.compile(r"\s*(?:[.!?]|$)")


def _vocative(text: str, run: list[tuple[int, int, str]], lang: Lang) -> bool:
    """Whether a run of capitals is a vocative (see above)."""
    start, end = run[0][0], run[-1][1]
    if lang != "en" or not _VOCATIVE_BEFORE_RE.search(text, max(0, start - 24), start) \
            or not _VOCATIVE_AFTER_RE.match(text, end):
        return False
    keys = [folded(token[2]).strip(".'’-&,") for token in run]
    if len(keys) == 1:
        return keys[0] in _ADDRESS_TERMS
    return all(key.isalpha() for key in keys) and in_dictionary("".join(keys), lang)


# A plural of a word of the language led by a quantifier ("many best Hairstylists", "several Salons") counts things
# of a kind: no name.
_QUANTIFIED_RE = re.compile(r"(?:^|\W)(?:many|several|few|some|more|most|numerous|various|lots of|plenty of)\s+"
                            r"(?:[a-z]+\s+)?$", re.IGNORECASE)


def _quantified_plural(text: str, start: int, key: str, lang: Lang) -> bool:
    """Whether the capitalised word at `start` is a plural of the dictionary led by a quantifier (see above)."""
    return lang == "en" and len(key) > 3 and key.endswith("s") and in_dictionary(key, lang) \
        and lemma(key, lang) in (key[:-1], key[:-2]) and bool(_QUANTIFIED_RE.search(text, max(0, start - 24), start))


# Words no context makes a name ("For What date?", "is Next Monday").
_NEVER_NAMED = frozenset("what which who whom whose where when why how next last this that these those".split())
_TITLE_BEFORE_RE = re.compile(r"(?:^|\W)(?:Dr|Mr|Mrs|Ms|St|Sr|Sra|Jr|Prof)\.\s*$")
# No name anywhere: the pronoun, English weekdays and months (dates), and what is written in capitals as a word.
NEVER_NAMES: frozenset[str] = frozenset(
    "i i'm i've i'll i'd ok okay am pm a.m p.m yes no sim nao si sí gb tb mb kb kg km cm ml mm pix cpf cnpj cvv pin sms otp id url qr faq usd brl eur ars gbp mxn "
    "whatsapp monday tuesday wednesday thursday friday saturday sunday january february march april may june july "
    "august september october november december mon tue wed thu fri sat sun jan feb mar apr jun jul aug sep sept oct "
    "nov dec fahrenheit farenheit celsius telegram signal instagram facebook messenger tiktok wechat skype discord viber "
    "gmail outlook google apple android ios "
    # the identity, tax, account and postal codes of the four countries' forms (a request for one is no name)
    "cep rg cnh dni nie nif cif cuit cuil cbu cvu iban cp".split())
# What a cuisine, a language or a people is called: an adjective, no name of anyone; after a name's word, a part of
# the name ("Will Sushi", "Camp Bbq", "Gen Korean BBQ").
NAME_ADJECTIVES: frozenset[str] = frozenset(
    "american italian french thai japanese chinese mexican indian korean vietnamese spanish greek german british "
    "english brazilian portuguese catalan argentinian peruvian ethiopian turkish lebanese moroccan persian cuban "
    "caribbean mediterranean asian european african latin sushi bbq pizza tapas vegan vegetarian "
    "brasileiro brasileira portugues espanhol espanol espanola catala catalana frances francesa italiano italiana "
    "japones japonesa chines chinesa mexicano mexicana ingles inglesa".split())
NEVER_NAMES |= NAME_ADJECTIVES
# Common words that stay words even capitalised inside a sentence (titles of address, "Please").
COMMON_ANYWHERE: frozenset[str] = frozenset("please thanks sr sra mr mrs ms dr".split())
