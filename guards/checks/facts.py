"""`unsupported_fact`: every fact a draft states — a name, a date, a time, a count, what is left, a status, a
reference, a warranty term — must be supported by a fact of that kind, the way `unsupported_amount` holds amounts.

FactSupport, per kind, comes from this turn's tool results read through their declared evidence (`guards.evidence`:
`names`, `products`, `dates`, `quantities`, `places_left`, `statuses`, `identifiers`, `warranties`; a result's lists
count their items), from the call's arguments, the Ask's confirmed slots, what the customer said and what earlier
replies of the Ask's scope said (they passed these guards), the organisation's and the customer's names
(`known_names`) and the tools' vocabulary:

* a name is supported when each of its words is a word of a supported name (`language.names` tolerance: case,
  accents, an initial, a legal form or particle left out), so "ENERGIA SUL" is "Energia Sul Distribuidora S.A.";
* a date when a supported date falls on it: the same day and month (and year when said), the weekday, the day of
  the month, "tomorrow" from the organisation's today; results' moments are read in the organisation's and the
  customer's time zones (`GuardInput.time_zones`), so "19h" in São Paulo is 22:00Z;
* a time when one of its readings (an hour without am/pm is either) is a supported minute of the day;
* a count, a place left, a warranty term or a reference when equal to a supported one;
* a status (sent, scheduled, failed, booked, paid, cancelled, pending) said as a fact — not asked, negated,
  conditional or in the future (the wording guard's tables) — when this turn's results or effects give that
  status or one it covers ("confirmed" covers sent, booked, paid and scheduled); a success with no effect at all is
  left to `effect_claim_without_effect`.

Every kind is read in one pass of its own over the draft and checked by set look-ups, so a draft of thousands of
facts stays within milliseconds.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from functools import lru_cache
from itertools import compress
from operator import itemgetter
from typing import Any
from zoneinfo import ZoneInfo

from guards.checks.amounts import evidence_of, result_read, slots_read
from guards.checks.store import Hit, catalog_hits
from guards.checks.wording import ALTERNATIVE_PART_RE, effect_claim_spans, effects_done
from guards.common_words import COMMON, FUNCTION_WORDS, in_dictionary
from guards.contract import GuardInput, GuardVerdict, ToolOutput, past
from guards.evidence import Evidence, inferred, key_tokens, number_of, typed
from guards.facts import (
    _OTHERS,
    _WITH_OTHERS,
    CONNECTORS,
    DECIMAL_RE,
    NUMBER_WORDS,
    Fact,
    counts_in,
    dates_in,
    decimal_key,
    directions_in,
    measures_in,
    names_in,
    number_value,
    references_in,
    said_days,
    said_times,
    statuses_in,
    times_in,
    verb_form,
    warranties_in,
)
from guards.kinds import slot_asked
from guards.mentions import amounts_in, hundredths_of
from guards.messages import explain
from guards.registry import register
from guards.scan import led_by_first_characters
from guards.text import clauses, folded, links
from language.dates import MONTHS, WEEKDAYS
from language.locales import Lang
from language.money import minor_unit_factor
from language.names import OPTIONAL, name_words, names_match
from language.text import fold

NAME = "unsupported_fact"
# The statuses a stated status covers (a result's status → what a draft may call it).
COVERS: dict[str, frozenset[str]] = {
    "sent": frozenset({"sent", "paid"}), "scheduled": frozenset({"scheduled", "booked"}),
    "failed": frozenset({"failed"}),
    "booked": frozenset({"booked", "paid"}), "paid": frozenset({"paid", "sent"}),
    "cancelled": frozenset({"cancelled"}), "pending": frozenset({"pending", "booked", "scheduled"}),
    "done": frozenset({"sent", "booked", "paid", "scheduled"}),
}
# A street's word and its abbreviation are one word ("Berryessa Rd" is "Berryessa Road").
_STREET_PAIRS = (("road", "rd"), ("street", "st"), ("avenue", "ave"), ("avenue", "av"), ("boulevard", "blvd"),
                 ("drive", "dr"), ("lane", "ln"), ("highway", "hwy"), ("court", "ct"), ("place", "pl"),
                 ("square", "sq"), ("parkway", "pkwy"), ("saint", "st"), ("mount", "mt"), ("fort", "ft"),
                 ("north", "n"), ("south", "s"), ("east", "e"), ("west", "w"), ("avenida", "av"), ("rua", "r"),
                 ("carrer", "c"), ("calle", "c"), ("plaza", "pza"), ("international", "intl"))
STREET_WORDS: dict[str, tuple[str, ...]] = {}
for _long, _short in _STREET_PAIRS:
    STREET_WORDS[_long] = (*STREET_WORDS.get(_long, ()), _short)
    STREET_WORDS[_short] = (*STREET_WORDS.get(_short, ()), _long)
# A city's nickname is the city ("Philly" where a result says Philadelphia, "Philadelphia" where the customer said
# "Philly"): each nickname and the words of its city, folded.
_NICKNAMES = {"philly": "philadelphia", "nyc": "new york", "frisco": "san francisco", "nola": "new orleans",
              "atl": "atlanta", "slc": "salt lake city", "sampa": "sao paulo", "poa": "porto alegre",
              "baires": "buenos aires", "cdmx": "ciudad de mexico", "bcn": "barcelona"}
NICKNAMES: dict[str, tuple[str, ...]] = {nick: tuple(w for w in city.split() if w not in OPTIONAL)
                                         for nick, city in _NICKNAMES.items()}
NICKNAMED: dict[str, tuple[str, ...]] = {}  # a city's word -> the nicknames of the cities holding it
for _nick, _words in NICKNAMES.items():
    for _word in _words:
        NICKNAMED[_word] = (*NICKNAMED.get(_word, ()), _nick)
SUCCESSES = frozenset({"sent", "booked", "paid", "done"})
_ISO_DATE_RE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$")
_CLOCK_RE = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$")
_WORD_RE = re.compile(r"[^\W_]+")
# (searched from its digits only: a result's first 20,000 characters are read with it, `led_by_first_characters`)
_DIGITS_RE = led_by_first_characters(re.compile(r"(?<![\d.])\d{1,4}(?![\d])"))
MAX_SCANNED = 20_000  # characters of a result read for the numbers of its names
# A number said on its own ("for two", "2 please", "just 1"): a count, unless a time, a date or money follows.
_SAID_NUMBER_RE = re.compile(r"(?<![\w.,:/$€£-])(\d{1,3}(?![^\W\d_])|[a-z]+)(?![\w.,:/]*\d)(?!\s*(?::|am\b|pm\b|a\.m|p\.m|h\b|o'clock"
                             r"|st\b|nd\b|rd\b|th\b|dollars|bucks|reais|pesos|euros|%|de (?:la )?(?:manana|tarde|noche)"
                             r"|in the|da (?:manha|tarde|noite)|del mati|de la tarda))")


@dataclass
class ListedItem:
    """One item of a result's list (a booking of my_bookings, a line of the statement): its names and products
    (folded), the minutes of its moments, its statuses and its amounts (hundredths)."""

    names: tuple[str, ...]
    minutes: set[int]
    statuses: set[str]
    amounts: set[int]
    # the first word of each name written as a common noun's phrase ("Raquetas de nieve", "Esquí alpino": no later
    # word capitalised), folded: said alone, it may name the item (`_names_item`); a proper name's ("Taking Back
    # Sunday", "Peachtree Road United Methodist Church") does not
    heads: tuple[str, ...] = ()
    # the dates of its moments, and which result listed it (its index among the turn's outputs): the facts a clause
    # states of one record must all be one item's, of one list (`_facts_of_no_one_record`)
    dates: frozenset[date] = frozenset()
    source: int = 0


MAX_ITEMS = 20  # listed items read one by one (a chat shows a few); with more, the results are read as a whole only


@dataclass
class FactSupport:
    """What backs each kind of fact in this turn."""

    dates: set[date] = field(default_factory=set)
    lengths: set[int] = field(default_factory=set)  # how many items a result listed: "I found 3"
    month_days: set[tuple[int, int]] = field(default_factory=set)
    days: set[int] = field(default_factory=set)
    weekdays: set[int] = field(default_factory=set)
    relatives: set[int] = field(default_factory=set)
    minutes: set[int] = field(default_factory=set)
    counts: set[int] = field(default_factory=set)
    places: set[int] = field(default_factory=set)
    name_words: set[str] = field(default_factory=set)
    references: set[str] = field(default_factory=set)
    warranties: set[int] = field(default_factory=set)
    # numbers a source gives whole, each its own value or with its unit ("wait_time": "4", "precipitation": 13,
    # "rating": "4.80", "25 minutes"): what a measure may say (`_add_measures`)
    measures: set[str] = field(default_factory=set)
    statuses: set[str] = field(default_factory=set)
    effect_names: list[str] = field(default_factory=list)  # whom this turn's effects were for (a receipt's owner)
    effect_minutes: set[int] = field(default_factory=set)  # the times of day of this turn's effects' own results
    # the party sizes of this turn's effects' own results (a booking's `party_size`): a party said as people ("you and
    # two friends") is the effect's, not a slot's capacity (`_said_as_party`)
    effect_parties: set[int] = field(default_factory=set)
    known_names: list[str] = field(default_factory=list)
    # results' names with digits ("1512 Barber Shop", "18/8 Fine Men's Salons", "August 1 Five"), folded: a number
    # or date said inside one is the name's
    numbered_names: set[str] = field(default_factory=set)
    # name words read against the supported ones with a letter left out (`_letter_dropped`), once per word
    dropped: dict[str, bool] = field(default_factory=dict)
    # the first word of each supported name made of words of the language ("Escalada Iniciació", "Kayak Familiar"),
    # folded: a draft's title-cased run opened by it is that name said (`_titles_said_otherwise`)
    title_heads: set[str] = field(default_factory=set)
    # the items of the results' lists, each with what it alone holds (`ListedItem`): a time or a status said in a
    # sentence naming one of them is that item's (`_said_of_another_item`)
    items: list[ListedItem] = field(default_factory=list)
    # the minutes the customer chose: the Ask's slots and the tools' arguments ("a table at 2 pm", "the 6 am bus");
    # a time among them is the choice said back, of no listed item
    chosen_minutes: set[int] = field(default_factory=set)
    # the languages the draft may be read in and their common words (a typing slip is no word of a dictionary; a
    # common noun's plural is the noun)
    languages: tuple[Lang, ...] = ()
    common: frozenset[str] = frozenset()
    # the movements of the results' lists that declare which way each went (a statement's entries): how many went
    # each way with each status ((direction, status word or None) → items), so "the three Pix you sent" is counted
    # among the ones that left (`_movements_counted`)
    movements: Counter[tuple[str, str | None]] = field(default_factory=Counter)

    def add_date(self, day: date) -> None:
        self.dates.add(day)
        self.month_days.add((day.month, day.day))
        self.days.add(day.day)
        self.weekdays.add(day.weekday())

    def add_name(self, text: str) -> None:
        for word in name_words(text):
            self.name_words.add(word.text)
            self.name_words.update(STREET_WORDS.get(word.text, ()))
        if "'" in text or "’" in text:  # "Benihana's" names "Benihana" too
            self.name_words.update(fold(stem) for stem in _POSSESSIVE_RE.findall(text))


def _zones(inp: GuardInput) -> list[ZoneInfo]:
    zones = []
    for name in inp.time_zones:
        try:
            zones.append(ZoneInfo(name))
        except (KeyError, ValueError):
            continue
    return zones


def _add_moment(support: FactSupport, value: str, zones: list[ZoneInfo]) -> None:
    """An ISO date, datetime (read in each zone) or clock time of a result or an argument."""
    value = value.strip()
    clock = _CLOCK_RE.match(value)
    if clock:
        support.minutes.add(int(clock.group(1)) * 60 + int(clock.group(2)))
        return
    match = _ISO_DATE_RE.match(value)
    if not match:
        return
    try:
        if match.group(4) is None:
            support.add_date(date(int(match.group(1)), int(match.group(2)), int(match.group(3))))
            return
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return
    readings = [moment.astimezone(zone) for zone in zones] if moment.tzinfo is not None and zones else [moment]
    for reading in readings:
        support.add_date(reading.date())
        support.minutes.add(reading.hour * 60 + reading.minute)


def _crosses_midnight(output: ToolOutput) -> bool:
    """Whether a result states a window of the day by two clock times, its end before its start ("night_starts":
    "20:00", "night_ends": "06:00"): the window ends tomorrow, a day the reply may name ("amanhã cedo", "mañana a
    partir de las 6")."""
    if not isinstance(output.data, dict):
        return False
    clocks = [_CLOCK_RE.match(value.strip()) for key in evidence_of(output).dates
              if isinstance(value := output.data.get(key), str)]
    minutes = [int(m.group(1)) * 60 + int(m.group(2)) for m in clocks if m is not None]
    return len(minutes) == 2 and minutes[1] < minutes[0]


def _today(inp: GuardInput) -> date | None:
    try:
        return date.fromisoformat(inp.today) if inp.today else None
    except ValueError:
        return None


def _add_values(support: FactSupport, values: Iterable[Any], zones: list[ZoneInfo], langs: tuple[Lang, ...] = (),
                today: date | None = None) -> None:
    """Arguments and slots: strings are names, moments (ISO, or as said, read in `langs`) and counts."""
    for value in values:
        if isinstance(value, dict):
            _add_values(support, value.values(), zones, langs, today)
        elif isinstance(value, (list, tuple)):
            _add_values(support, value, zones, langs, today)
        elif isinstance(value, str):
            _add_moment(support, value, zones)
            support.add_name(value)
            support.references.add(_reference_key(value))
            if (number := number_of(value)) is not None and number == int(number) and 0 < number <= 10_000:
                support.counts.add(int(number))
            for lang in langs:
                _add_said(support, value, lang, today)
        elif (number := number_of(value)) is not None and number == int(number) and 0 < number <= 10_000:
            support.counts.add(int(number))


_WHOLE_NUMBER_RE = re.compile(r"\s*(\d{1,4}(?:[.,]\d+)?)\s*$")
_MAX_MEASURE_LEAVES = 2_000
# a number then a unit's first letters ("25 minutes", "13%", "7 mph"): a text worth reading for its measures
_UNIT_HINT_RE = re.compile(r"\d\s*(?:%|per|por|deg|gra|mph|mile|km|kilo|quil|min|star|estr)", re.IGNORECASE)


def _add_measures(support: FactSupport, data: Any, counted: frozenset[str] = frozenset()) -> None:
    """The numbers `data` gives whole (a value that is a number alone, "4", 13, "4.80": its decimal key, "4.8"; or a
    measure a text says, "25 minutes"): what a measure may say. A number inside another value (the "7" of a fare of
    7.07, the "2235" of an address) or a field `counted` (the evidence's counts, money and places: a ride for 6 seats)
    measures nothing: "the cab arrives in 7 minutes" after a wait of 4 is wrong however many digit groups the result
    holds. A list repeats its values (an activity, a status, a start, a party size on every line of a thousand): each
    distinct text and whole number is read once, reading it again adding nothing (the plain form, reading every one,
    is `guards/tests/test_fast_paths.py`'s)."""
    stack, seen = [data], 0
    values_read: set[str | int] = set()  # (of the exact types `str` and `int` only: no 1.0 or True taken for 1)
    while stack and seen < _MAX_MEASURE_LEAVES:
        value = stack.pop()
        seen += 1
        kind = type(value)
        if kind is str or kind is int:
            if value in values_read:
                continue
            values_read.add(value)
        if isinstance(value, dict):
            stack.extend(v for k, v in value.items() if k not in counted)
        elif isinstance(value, (list, tuple)):
            stack.extend(value)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            if 0 <= value < 100_000:
                support.measures.add(decimal_key(str(value)))
        elif isinstance(value, str):
            if (whole := _WHOLE_NUMBER_RE.match(value)) is not None:
                support.measures.add(decimal_key(whole.group(1)))
            elif len(value) <= 1_000 and _UNIT_HINT_RE.search(value):
                support.measures.update(str(fact.value) for fact in measures_in(value))


# The words of a key naming what a measure measures ("wait_minutes", "star_rating", "humidity"): a tool may declare
# such a number among its quantities, yet it counts nothing a count noun says; "arrives in 6 minutes" is its figure.
_MEASURED_KEY_WORDS = frozenset({"minutes", "mins", "min", "rating", "ratings", "stars", "star", "percent",
                                 "percentage", "precipitation", "humidity", "temperature", "temp", "wind", "speed",
                                 "degrees", "miles", "km", "kilometers", "kilometres", "distance"})


@lru_cache(maxsize=256)
def _counting(quantities: tuple[str, ...]) -> tuple[str, ...]:
    """The declared quantities that count things (a party, seats, rooms): not those whose key names a measure."""
    return tuple(key for key in quantities if not _MEASURED_KEY_WORDS.intersection(key_tokens(key)))


# A number a message says with its unit ("10 miles", "39 percent", "in 10 minutes", "4.5 stars"), in any language
_SAID_MEASURE_RE = re.compile(r"(?<![\w$€£.,:/#-])(\d{1,4}(?:[.,]\d+)?)(?![\w:/-]|[.,]\d)\s*(?:%|(?:percent|per\s+cent"
                              r"|por\s*cento|por\s+ciento|degrees?|graus|grados?|mph|miles?|km|kilomet\w*|quilomet\w*"
                              r"|minutes?|mins?|minutos?|minuts?|stars?|estrel\w*)(?!\w))", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _said_measures(text: str) -> frozenset[str]:
    """The numbers a message says with a unit: a figure the conversation gave. A bare number ("a ride for 6", "quarter
    to 8 in the evening") or one inside another ("$7.07", "10:45", "415-286-4371") measures nothing. Read once per
    text."""
    return frozenset(decimal_key(match.group(1)) for match in _SAID_MEASURE_RE.finditer(text[:4_000]))


@lru_cache(maxsize=4096)
def _said(text: str, lang: Lang, today: date | None) -> tuple:
    """What a message says, read once per text: (date facts, minutes, counts, places, references, words)."""
    low = folded(text)
    counts = {int(fact.value) for fact in counts_in(text, lang)  # type: ignore[call-overload]
              if fact.kind in ("count", "found")}
    places = {int(fact.value[0]) for fact in counts_in(text, lang) if fact.kind == "places"}  # type: ignore[index]
    words = NUMBER_WORDS[lang]
    for match in _SAID_NUMBER_RE.finditer(low):
        raw = match.group(1)
        value = int(raw) if raw.isdigit() else words.get(raw)
        if value is not None and 0 < value <= 100:
            counts.add(value)
    dates = [fact.value for fact in dates_in(text, lang)] + [("day", d) for d in said_days(text)]
    return (tuple(dates), said_times(text, lang), frozenset(counts), frozenset(places),
            frozenset(_reference_key(str(fact.value)) for fact in references_in(text)),
            frozenset(_WORD_RE.findall(low)) | frozenset(decimal_key(d) for d in DECIMAL_RE.findall(low)))


def _add_said(support: FactSupport, text: str, lang: Lang, today: date | None) -> None:
    """What a message of the conversation said: its dates, times, counts, references, and every word (a name the
    customer gave is theirs to give)."""
    dates, minutes, counts, places, references, words = _said(text, lang, today)
    for value in dates:
        _add_date_fact(support, value, today)
    support.minutes.update(minutes)
    support.counts.update(counts)
    support.places.update(places)
    support.references.update(references)
    support.name_words.update(words)


def _add_date_fact(support: FactSupport, value: Any, today: date | None) -> None:
    kind = value[0]
    if kind == "ymd":
        _, year, month, day = value
        support.month_days.add((month, day))
        support.days.add(day)
        if year:
            try:
                support.add_date(date(year, month, day))
            except ValueError:
                pass
        elif today is not None:
            for candidate_year in (today.year, today.year + 1):
                try:
                    support.weekdays.add(date(candidate_year, month, day).weekday())
                except ValueError:
                    pass
    elif kind == "day":
        support.days.add(value[1])
        if today is not None:  # "the 11th": this month's, or the next month's
            for month_ahead in (0, 1):
                year, month = today.year + (today.month + month_ahead - 1) // 12, (today.month + month_ahead - 1) % 12 + 1
                try:
                    support.add_date(date(year, month, value[1]))
                except ValueError:
                    pass
    elif kind == "either":
        support.month_days.update({(value[2], value[1]), (value[1], value[2])})
    elif kind == "weekday":
        support.weekdays.add(value[1])
        if today is not None:  # "next Tuesday": the coming one, or the one after it
            ahead = (value[1] - today.weekday()) % 7 or 7
            for weeks in (0, 7):
                support.add_date(today + timedelta(days=ahead + weeks))
    elif kind == "relative":
        support.relatives.add(value[1])
        if today is not None:
            support.add_date(today + timedelta(days=value[1]))


_NOT_REFERENCE_CHAR_RE = re.compile(r"[^0-9A-Z]")


def _reference_key(text: str) -> str:
    key = text.upper().replace("-", "")
    if key.isascii() and key.isalnum():  # letters (upper case) and digits only: nothing else to take out
        return key
    return _NOT_REFERENCE_CHAR_RE.sub("", text.upper())


def _effect_statuses(tool: str, inp: GuardInput) -> tuple[str, ...]:
    kind = inp.effect_kinds.get(tool) or effect_kind_of(tool)
    if kind == "money":
        return ("sent",)
    return ("booked", "paid") if kind == "order" else ("booked", "scheduled")  # a ticket bought is paid for


def effect_kind_of(tool: str) -> str:
    """The kind of an effect from its tool's name, for a tool that declared none: money moved or something held."""
    words = set(re.findall(r"[a-z]+", re.sub(r"(?<!^)(?=[A-Z])", "_", tool).lower()))
    if words & {"pix", "transfer", "pay", "payment", "send", "money", "wire", "deposit", "refund"}:
        return "money"
    if words & {"buy", "purchase", "order"}:
        return "order"
    return "booking"


def _waits_for_approval(error: Any) -> bool:
    return isinstance(error, dict) and error.get("code") == "approval_required"


@lru_cache(maxsize=4096)
def _numbered(name: str, langs: Iterable[Lang] = ()) -> bool:
    """Whether a result's name holds digits and letters ("iPhone 12"), or a day's or a month's word among others
    ("Taking Back Sunday", "Ruby Tuesday"): a number or a date said inside it is the name's. The same names come back
    turn after turn."""
    if any(c.isdigit() for c in name):
        return any(c.isalpha() for c in name)
    words = folded(name).split()
    return len(words) > 1 and any(len(word) >= 5 and any(word in WEEKDAYS[lang] or word in MONTHS[lang]
                                                         for lang in langs) for word in words)


def supported(inp: GuardInput, deadline: float) -> FactSupport | None:
    """The support of the turn (see the module doc); None past the deadline."""
    support = FactSupport(languages=inp.claim_languages, common=_common(inp.claim_languages))
    zones = _zones(inp)
    today = _today(inp)
    if today is not None:  # the organisation's today is a fact of every turn ("Data: 1 de dezembro de 2026")
        support.add_date(today)
    for source, output in enumerate(inp.tool_outputs):
        evidence = evidence_of(output)  # a result's measures, or a refusal's details', not its counts nor its money
        _add_measures(support, output.data, frozenset((*_counting(evidence.quantities), *(m.field for m in evidence.money),
                                                       *evidence.places_left)))
        if output.ok:
            read = result_read(inp, output)
            # each distinct value once: a list of 1,000 bookings names a handful of activities, at a few moments
            for name in dict.fromkeys((*read.names, *read.products)):
                support.add_name(name)
                if (head := _title_head(name, inp.claim_languages)) is not None:
                    support.title_heads.add(head)
                if _numbered(name, inp.claim_languages):
                    support.numbered_names.add(folded(name))
            # a model's numbers are the result's ("iPhone 12 128": the model and its capacity)
            head = json_text_head(output.data, MAX_SCANNED)
            support.name_words.update(_DIGITS_RE.findall(head))
            support.name_words.update(decimal_key(decimal) for decimal in DECIMAL_RE.findall(head))
            for moment in dict.fromkeys(read.dates):
                _add_moment(support, moment, zones)
            if today is not None and _crosses_midnight(output):
                support.add_date(today + timedelta(days=1))
            if len(support.items) <= MAX_ITEMS:
                support.items.extend(_listed_items(output, inp, zones, source))
            support.counts.update(q for q in read.quantities if q > 0)
            support.lengths.update(read.lengths)
            support.places.update(read.places_left)
            support.warranties.update(w for w in read.warranties if w is not None)
            support.statuses.update(read.statuses)
            if evidence.directions:
                support.movements.update(_movements(output.data, evidence))
            support.references.update(_reference_key(value) for _, value in read.identifiers)
            for kind, value in dict.fromkeys(read.identifiers):
                if kind == "address":  # a street is a place's name too, and its numbers ("1502 1/2 Webster St") its own
                    support.add_name(value)
                    if any(c.isdigit() for c in value) and any(c.isalpha() for c in value):
                        support.numbered_names.add(folded(value))
            if output.tool in inp.effects_executed and not read.statuses:
                support.statuses.update(_effect_statuses(output.tool, inp))
            if output.tool in inp.effects_executed:
                # whom and where the effect was for: its result's names, products and addresses; and when
                support.effect_names.extend((*read.names, *read.products,
                                             *(value for kind, value in read.identifiers if kind == "address")))
                moments = FactSupport()
                for moment in dict.fromkeys(read.dates):
                    _add_moment(moments, moment, zones)
                support.effect_minutes.update(moments.minutes)
                support.effect_parties.update(q for q in read.quantities if q > 0)
        else:  # a refusal's details are the engine's words too (the saved contacts, the alternatives)
            _add_values(support, [output.data], zones)
            support.places.update(_refusal_places(output, inp))
            if _waits_for_approval(output.data):  # proposed, not failed: scheduled when its arguments name a day
                support.statuses.add("pending")
                if any(isinstance(v, str) and _ISO_DATE_RE.match(v) for v in dict(output.arguments).values()):
                    support.statuses.add("scheduled")
            elif output.tool in inp.effects_executed or output.tool in inp.effect_kinds:
                support.statuses.add("failed")
        _add_values(support, dict(output.arguments).values(), zones)
        support.chosen_minutes.update(_minutes_of(dict(output.arguments).values(), zones))
        if past(deadline):
            return None
    _add_values(support, dict(inp.ask_slots).values(), zones, inp.claim_languages, today)
    support.chosen_minutes.update(_minutes_of(dict(inp.ask_slots).values(), zones, inp.claim_languages, today))
    slots = slots_read(inp)
    support.counts.update(slots.quantities)
    for name in (*inp.known_names, *inp.vocabulary):
        support.add_name(name)
    support.known_names.extend(inp.known_names)
    for item in inp.history:  # a customer may write in any language of the organisation's
        for lang in inp.claim_languages:
            _add_said(support, item.text, lang, today)
        support.measures.update(_said_measures(item.text))
        if past(deadline):
            return None
    for tool in effects_done(inp):  # this turn's, else the Ask's earlier ones (`effects_done`)
        if not any(o.tool == tool and o.ok and evidence_of(o).statuses for o in inp.tool_outputs):
            support.statuses.update(_effect_statuses(tool, inp))
    if support.items:
        _effects_on_items(support, inp, zones)
    _add_referenced_names(support, inp)
    return support


def _effects_on_items(support: FactSupport, inp: GuardInput, zones: list[ZoneInfo]) -> None:
    """A listed item this turn's effect then acted on has the status the effect gave it too: the booking my_bookings
    listed as awaiting payment is cancelled once cancel_booking ran ("He cancel·lat la reserva d'esquí de dijous"). An
    effect's result is that item when it has one of the item's names and, where both have times, one of its times."""
    for output in inp.tool_outputs:
        if not output.ok or output.tool not in inp.effects_executed or not isinstance(output.data, dict):
            continue
        read = result_read(inp, output)
        if not read.statuses:
            continue
        names = {fold(name) for name in (*read.names, *read.products)}
        moments = FactSupport()
        for moment in dict.fromkeys(read.dates):
            _add_moment(moments, moment, zones)
        for item in support.items:
            if names.intersection(item.names) and (not moments.minutes or not item.minutes
                                                   or not moments.minutes.isdisjoint(item.minutes)):
                item.statuses.update(read.statuses)


def _minutes_of(values: Iterable[Any], zones: list[ZoneInfo], langs: tuple[Lang, ...] = (),
                today: date | None = None) -> set[int]:
    """The minutes of the moments `values` hold (read as `_add_values` reads arguments and slots)."""
    moments = FactSupport()
    _add_values(moments, values, zones, langs, today)
    return moments.minutes


def _listed_items(output: ToolOutput, inp: GuardInput, zones: list[ZoneInfo], source: int = 0) -> list[ListedItem]:
    """The named items of `output`'s lists (dicts in a list, at any depth), each read through the tool's evidence."""
    evidence = evidence_of(output)
    found: list[ListedItem] = []
    if not evidence.names and not evidence.products:
        return found  # an item is listed by its names, and `typed` reads names only from the fields declaring them

    def walk(data: Any, depth: int, listed: bool) -> None:
        if depth > 4 or len(found) > MAX_ITEMS:
            return
        if isinstance(data, dict):
            if listed:
                read = typed(data, evidence, inp.currency, minor_unit_factor)
                names = tuple(dict.fromkeys(fold(n) for n in (*read.names, *read.products) if len(n) >= 4))
                if names:
                    moments = FactSupport()
                    for moment in dict.fromkeys(read.dates):
                        _add_moment(moments, moment, zones)
                    found.append(ListedItem(names, moments.minutes, set(read.statuses),
                                            {value.hundredths for value in read.money},
                                            _phrase_heads((*read.names, *read.products)),
                                            frozenset(moments.dates), source))
                return
            for value in data.values():
                walk(value, depth + 1, False)
        elif isinstance(data, list):
            for value in data:
                if len(found) > MAX_ITEMS:
                    break  # (none more is read: a list of a thousand bookings is not walked to its end)
                walk(value, depth + 1, True)

    walk(output.data, 0, False)
    return found


def _movements(data: Any, evidence: Evidence, depth: int = 0) -> Counter[tuple[str, str | None]]:
    """(direction, status word) of each item of `data`'s lists that says which way it went (`Evidence.directions`)."""
    found: Counter[tuple[str, str | None]] = Counter()
    if depth > 4:
        return found
    children = data.values() if isinstance(data, dict) else data if isinstance(data, list) else ()
    for child in children:
        if isinstance(data, list) and isinstance(child, dict):
            direction = next((word for spec in evidence.directions if (word := spec.word(child.get(spec.field)))), None)
            if direction is not None:
                status = next((said for spec in evidence.statuses if isinstance(value := child.get(spec.field), str)
                               and (said := spec.word(value.lower())) is not None), None)
                found[(direction, status)] += 1
                continue
        if isinstance(child, (dict, list)):
            found.update(_movements(child, evidence, depth + 1))
    return found


# A count's part of its sentence: commas, semicolons, colons and conjunctions end it ("hiciste tres Pix: dos salieron
# bien y uno falló" counts the three sent, then says what became of each).
_COUNT_PART_BREAK_RE = re.compile(r"[,;:()\n]|\s(?:but|and|however|mas|porem|e|pero|y|i|tot i que)\s")


def _movements_counted(inp: GuardInput, low: str, spans: tuple[tuple[int, int], ...], starts: list[int], plain: str,
                       fact: Fact, facts: list[Fact], support: FactSupport) -> bool:
    """Whether a count said of movements of one direction is a number of them: where its part of the sentence says
    which way they went ("los tres Pix que mandaste", "the two you received"), the count is of that direction's
    movements, and of those with the status the part asserts ("salieron": sent) when it asserts one — a statement's
    own counts mix both ways ("settled": 3 holds the one received). A part saying no direction, or both, is left
    to the plain count."""
    index = bisect_right(starts, fact.start) - 1
    start, end = spans[index] if index >= 0 else (0, len(low))
    part_start, part_end = start, end
    for match in _COUNT_PART_BREAK_RE.finditer(low, start, end):
        if match.end() <= fact.start:
            part_start = match.end()
        elif match.start() >= fact.end:
            part_end = match.start()
            break
    said = directions_in(low, inp.lang, part_start, part_end)
    ways = {way for _, _, way in said}
    if len(ways) != 1:
        return True
    way = ways.pop()
    value = fact.value[0] if isinstance(fact.value, tuple) else fact.value
    of_way = {status: n for (direction, status), n in support.movements.items() if direction == way}
    stated = [str(other.value) for other in facts if other.kind == "status" and part_start <= other.start < part_end
              and not any(s <= other.start < e for s, e, _ in said)
              and _asserted(plain, spans, starts, other, inp.lang)]
    if stated:
        return any(value == sum(n for status, n in of_way.items() if status in COVERS[word]) for word in stated)
    return value == sum(of_way.values()) or value in of_way.values()


def _said_of_another_item(inp: GuardInput, low: str, clause: tuple[int, int], fact: Fact,
                          support: FactSupport) -> bool:
    """Whether a supported time or status is said, in a clause naming listed items, of none of them: "El Kayak
    Familiar es a las 10:00" where 10:00 is the climbing's, "la Escalada ya está pagada" where the kayak is the paid
    one. The items named are those whose whole name the clause holds, narrowed to those of an amount it says ("o Pix
    de R$ 80,00 pro Pedro Lima saiu": Pedro's scheduled one, not the one he sent); an item with no value of the
    fact's kind says nothing of it."""
    start, end = clause
    text = low[start:end]
    named = [item for item in support.items if _names_item(text, inp.draft[start:end], item, support.items)]
    # a status said of every item the clause names ("Les dues reserves ja estan pagades: …", "todos tus envíos se
    # acreditaron, incluido el de…", "both are paid") must hold for each of them
    every = fact.kind == "status" and _EVERY_RE[inp.lang].search(text) is not None
    if not named or (len(named) == len(support.items) and not every):
        return False
    said = {hundredths_of(m) for m in amounts_in(inp.draft[start:end], inp.lang, inp.currency) if m.explicit}
    if said:
        named = _named_or_priced(support.items, named, said)
    if fact.kind == "time":
        if not support.chosen_minutes.isdisjoint(fact.value):  # type: ignore[arg-type]
            return False  # the customer's choice said back ("the 6 am bus", "a table at 2 pm")
        minutes = [item.minutes for item in named if item.minutes]
        return bool(minutes) and all(held.isdisjoint(fact.value) for held in minutes)  # type: ignore[arg-type]
    statuses = [item.statuses for item in named if item.statuses]
    if every:
        return any(not (COVERS[str(fact.value)] & held) for held in statuses)
    return bool(statuses) and all(not (COVERS[str(fact.value)] & held) for held in statuses)


# Words joining the parts of a clause, per language (lower-cased, not folded: the Portuguese "é" is no "e"): each
# part is judged on its own ("Busy at 8:45 and Dentist from 1 to 3 PM"); so are a list's items and a range's ends.
_JOINERS: dict[Lang, str] = {
    "pt-BR": r"e|ou|mas|enquanto|depois|então",
    "es": r"y|e|o|u|pero|mientras|luego|después",
    "ca": r"i|o|però|mentre|després|llavors",
    "en": r"and|or|but|while|whereas|then",
}
_PARTS_RE: dict[Lang, re.Pattern[str]] = {
    lang: re.compile(rf"[,;()\[\]{{}}—–|•]|:(?!\d)|\s[-/]\s|(?<![\w'’])(?:{words})(?![\w'’])") for lang, words in _JOINERS.items()}
# Words relating records, moving one or denying a fact (folded): a clause holding one says no record's facts together
# ("Dentist is not at 6:30", "the Gym is after the Dentist", "move Dentist to 6 pm").
_RELATING_WORDS: dict[Lang, str] = {
    "pt-BR": r"nao|nunca|nem|antes|depois|entre|ate|em vez|ao inves|mais cedo|mais tarde|mud\w*|remarc\w*|troc\w*"
             r"|outr[oa]s?|tambem|seguid[oa]|proxim[oa]|anterior",
    "es": r"no|nunca|ni|antes|despues|entre|hasta|en vez|en lugar|mas temprano|mas tarde|cambi\w*|mov\w*|muev\w*"
          r"|otr[oa]s?|tambien|seguid[oa]|siguiente|anterior|luego",
    "ca": r"no|mai|ni|abans|despres|entre|fins|en lloc|mes aviat|mes tard|canvi\w*|mou\w*|mogu\w*|altr[ea]s?"
          r"|tambe|seguent|anterior",
    "en": r"not|no|never|nor|n't|before|after|between|until|till|than|instead|rather|earlier|later|mov\w*"
          r"|reschedul\w*|chang\w*|other|also|next|previous|following|each|both|all",
}
_RELATING_RE: dict[Lang, re.Pattern[str]] = {
    lang: re.compile(rf"(?<![\w'])(?:{words})(?![\w])") for lang, words in _RELATING_WORDS.items()}


def _outside_lists(inp: GuardInput, zones: list[ZoneInfo], today: date | None) -> FactSupport:
    """What supports a fact besides the items of the results' lists: the Ask's slots, the tools' arguments, the
    customer's and the organisation's words, and the values a result gives outside its lists."""
    outside = FactSupport()
    for output in inp.tool_outputs:
        _add_values(outside, dict(output.arguments).values(), zones)
        if isinstance(output.data, dict):
            top = {key: value for key, value in output.data.items()
                   if not (isinstance(value, list) and any(isinstance(v, dict) for v in value))}
            read = typed(top, evidence_of(output), inp.currency, minor_unit_factor)
            for name in (*read.names, *read.products):
                outside.add_name(name)
            for moment in read.dates:
                _add_moment(outside, moment, zones)
    _add_values(outside, dict(inp.ask_slots).values(), zones, inp.claim_languages, today)
    for name in (*inp.known_names, *inp.vocabulary):
        outside.add_name(name)
    for item in inp.history:
        for lang in inp.claim_languages:
            _add_said(outside, item.text, lang, today)
    return outside


def _facts_of_no_one_record(inp: GuardInput, low: str, spans: tuple[tuple[int, int], ...], facts: list[Fact],
                            support: FactSupport, today: date | None) -> list[Fact]:
    """The facts of each part of a clause that states two or more facts of the records of one result's list (names,
    dates, times) when no single record holds them all: "Amanhã às 9h30 você tem Academia na Clínica Sorriso" where
    9h30 and the clinic are the dentist's and Academia is 18:00's. Only where every result of the turn is a list read
    whole, each fact is some record's and none the customer's, a slot's, an argument's or a value outside the lists,
    and the clause asserts (no question, no negation, no words relating or moving records); a part is what a
    comma, a list's sign or a joining word ("and", "e", "y", "i") leaves, so a record's start and end said as a range
    ("from 1 to 3 PM") are one record's."""
    items = support.items
    if not (2 <= len(items) <= MAX_ITEMS) or not all(output.ok for output in inp.tool_outputs) \
            or {item.source for item in items} != set(range(len(inp.tool_outputs))):
        return []
    zones = _zones(inp)
    outside: FactSupport | None = None
    original = inp.draft.lower()
    parts_re = _PARTS_RE[inp.lang]
    relating = _RELATING_RE[inp.lang]
    item_dates: list[FactSupport] = []
    for item in items:
        days = FactSupport()
        for day in item.dates:
            days.add_date(day)
        item_dates.append(days)
    found: list[Fact] = []
    for start, end in spans:
        if low.endswith("?", start, end) or "?" in low[start:end] or relating.search(low, start, end):
            continue
        cuts = [start, *(m.end() for m in parts_re.finditer(original, start, end)), end]
        for part_start, part_end in zip(cuts, cuts[1:], strict=False):
            text = low[part_start:part_end]
            said: list[tuple[Fact, frozenset[int]]] = []
            # the records' whole names the part holds, a name inside a longer one said being the longer one's
            named: list[tuple[int, int, str]] = []
            for item in items:
                for name in item.names:
                    at = text.find(name)
                    while at >= 0:
                        stop = at + len(name)
                        if (at == 0 or not text[at - 1].isalnum()) and (stop == len(text) or not text[stop].isalnum()):
                            named.append((at, stop, name))
                        at = text.find(name, at + 1)
            named = [(a, b, name) for a, b, name in named
                     if not any(c <= a and b <= d and (c, d) != (a, b) for c, d, _ in named)]
            if not named:
                continue
            if outside is None:
                outside = _outside_lists(inp, zones, today)
            for a, b, name in dict.fromkeys(named):
                if all(word in outside.name_words for word in name.split()):
                    continue
                holders = frozenset(i for i, item in enumerate(items) if name in item.names)
                raw = inp.draft[part_start + a:part_start + b]
                if raw.islower() and all(in_dictionary(word, inp.lang) for word in name.split()):
                    continue  # "if you're into college football": the sentence's word, not a record named Football
                said.append((Fact("name", part_start + a, part_start + b, raw, raw), holders))
            for fact in facts:
                if not part_start <= fact.start < part_end or fact.end > part_end:
                    continue
                if fact.kind == "time":
                    minutes: frozenset[int] = fact.value  # type: ignore[assignment]
                    if not outside.minutes.isdisjoint(minutes):
                        continue
                    holders = frozenset(i for i, item in enumerate(items) if not item.minutes.isdisjoint(minutes))
                elif fact.kind == "date":
                    if _date_supported(fact.value, outside, today):
                        continue
                    holders = frozenset(i for i, days in enumerate(item_dates)
                                        if _date_supported(fact.value, days, today))
                else:
                    continue
                if holders:
                    said.append((fact, holders))
            # a time or a date ties the part's names to one record: names alone may be a list said without its
            # commas ("Dogman Hackers and High Life can be played")
            if len(said) < 2 or all(fact.kind == "name" for fact, _ in said) \
                    or len({items[i].source for _, holders in said for i in holders}) != 1:
                continue
            if not frozenset.intersection(*(holders for _, holders in said)):
                found.extend(fact for fact, _ in said)
    return found


# --- one record's own fields told apart ----------------------------------------------------------------------------
# A record may hold two moments of one kind in different roles (a flight's or a bus's departure and arrival) and two
# counts of different things (a stay's rooms and nights). A fact true of the record's other field passes the kind
# check ("O voo chega na sexta" where Friday is the departure's day and the arrival Saturday's; "três quartos" where
# three is the nights'): the words said with it name the field it must be. Conservative: only where the results
# declare a field of the named role or noun, and only against what no customer's words, no unnamed slot or argument
# give.

# The role a key's words give its moment (`key_tokens`: "departure_time", "outbound_arrival_time", "leaving_date").
_ROLE_KEY_WORDS: dict[str, str] = {
    **dict.fromkeys(("departure", "departures", "depart", "departs", "departing", "leaving", "leave", "leaves",
                     "takeoff"), "departure"),
    **dict.fromkeys(("arrival", "arrivals", "arrive", "arrives", "arriving", "landing"), "arrival"),
}
# The words saying a moment is a departure's or an arrival's, per language (folded).
_ROLE_WORDS: dict[Lang, tuple[str, str]] = {
    "pt-BR": (r"sai|saem|saiu|saira|saindo|saida|partida|parte|partem|partiu|decola|decolam|decolou|decolagem|decolando",
              r"chega|chegam|chegou|chegara|chegando|chegada|pousa|pousam|pousou|pouso|pousando|aterrissa|aterrissagem"),
    "es": (r"sale|salen|salio|saldra|saliendo|salida|parte|parten|partio|despega|despegan|despego|despegue|despegando",
           r"llega|llegan|llego|llegara|llegando|llegada|aterriza|aterrizan|aterrizo|aterrizaje|aterrizando"),
    "ca": (r"surt|surten|sortira|sortint|sortida|sortir|parteix|parteixen|enlaira|enlairament",
           r"arriba|arriben|arribara|arribant|arribada|arribar|aterra|aterren|aterratge"),
    "en": (r"leave|leaves|leaving|depart|departs|departed|departing|departure|departures|takes off|take off"
           r"|taking off|took off",
           r"arrive|arrives|arrived|arriving|arrival|arrivals|land|lands|landed|landing|gets in"),
}
_ROLE_RE: dict[Lang, re.Pattern[str]] = {
    lang: re.compile(rf"(?<!\w)(?:(?P<departure>{departure})|(?P<arrival>{arrival}))(?!\w)")
    for lang, (departure, arrival) in _ROLE_WORDS.items()}
# The words of the keys a counted noun names (folded nouns of the four languages → words of a key): "três quartos"
# must be a `number_of_rooms`, "3 nits" a `number_of_nights`, where a result declares one.
_NOUN_FIELD_WORDS: dict[str, frozenset[str]] = {
    noun: fields for nouns, fields in (
        ("rooms room quartos quarto habitaciones habitacion habitacions habitacio",
         frozenset({"room", "rooms", "bedroom", "bedrooms"})),
        ("nights night noites noite noches noche nits nit", frozenset({"night", "nights"})),
        ("tickets ticket ingressos ingresso bilhetes bilhete entradas entrada boletos boleto billetes billete "
         "entrades entrada bitllets bitllet", frozenset({"ticket", "tickets"})),
        ("passengers passenger passageiros passageiro pasajeros pasajero passatgers passatger",
         frozenset({"passenger", "passengers"})),
        ("adults adult adultos adulto", frozenset({"adult", "adults"})),
        ("children child kids kid criancas crianca ninos nino nens nen", frozenset({"child", "children", "kid", "kids"})),
    ) for noun in nouns.split()}
_FIELD_WORD_SETS = tuple(dict.fromkeys(_NOUN_FIELD_WORDS.values()))
_COUNTED_NOUN_RE = re.compile(r"\s+(?:(?:more|mais|mas|mes|other|outr[oa]s|otr[oa]s|altres)\s+)?([a-z]+)")
MAX_RECORDS = MAX_ITEMS  # records read for their fields; a longer list is left to the kind checks


@dataclass
class RecordFields:
    """What a turn's records give per role and per counted field: the moments of each role (of the records that give
    both roles a moment of that kind), the values of the fields each counted noun names, and what supports a fact
    whatever its field (the customer's words, slots and arguments whose keys name no role or counted noun)."""

    roles: dict[str, FactSupport] = field(default_factory=dict)  # "departure"/"arrival" → minutes and dates
    # the same, of the records giving both roles a moment of a kind only: the other role a fact may be mistaken for
    paired: dict[str, FactSupport] = field(default_factory=dict)
    timed: bool = False  # some record gives both roles a time of day
    dated: bool = False  # some record gives both roles a date
    counted: dict[frozenset[str], set[int]] = field(default_factory=dict)  # a noun's key words → their values
    unnamed: FactSupport = field(default_factory=FactSupport)


def _records(data: Any, depth: int = 0) -> Iterable[dict]:
    """The dicts of `data` that hold values of their own: the result itself, the items of its lists."""
    if depth > 4:
        return
    if isinstance(data, dict):
        if any(not isinstance(value, (dict, list)) for value in data.values()):
            yield data
        for value in data.values():
            if isinstance(value, (dict, list)):
                yield from _records(value, depth + 1)
    elif isinstance(data, list):
        for value in data:
            yield from _records(value, depth + 1)


def _role_of_key(key: str) -> str | None:
    roles = {role for word in key_tokens(key) if (role := _ROLE_KEY_WORDS.get(word))}
    return roles.pop() if len(roles) == 1 else None


def _counted_of_key(key: str) -> list[frozenset[str]]:
    words = set(key_tokens(key))
    return [fields for fields in _FIELD_WORD_SETS if fields & words]


def _int_value(value: Any) -> int | None:
    number = number_of(value) if isinstance(value, (int, float, str)) and not isinstance(value, bool) else None
    return int(number) if number is not None and number == int(number) and 0 < number <= 10_000 else None


def record_fields(inp: GuardInput, zones: list[ZoneInfo], today: date | None) -> RecordFields | None:
    """The turn's `RecordFields`, or None where no result declares a role's moment or a counted noun's field, or a
    list is longer than `MAX_RECORDS`."""
    found = RecordFields(roles={"departure": FactSupport(), "arrival": FactSupport()},
                         paired={"departure": FactSupport(), "arrival": FactSupport()})
    any_field = False
    for output in inp.tool_outputs:
        if not output.ok:
            continue
        evidence = evidence_of(output)
        date_keys = set(evidence.dates)
        counted_keys = {*evidence.quantities, *evidence.places_left}
        if not any(_role_of_key(key) for key in date_keys) and not any(_counted_of_key(k) for k in counted_keys):
            continue
        for index, record in enumerate(_records(output.data)):
            if index >= MAX_RECORDS:
                return None  # (its later records unread: a fact of one of them is no other field's)
            own = {"departure": FactSupport(), "arrival": FactSupport()}
            for key, value in record.items():
                if key in date_keys and (role := _role_of_key(key)) is not None:
                    for moment in value if isinstance(value, list) else (value,):
                        if isinstance(moment, str):
                            _add_moment(own[role], moment, zones)
                elif key in counted_keys and (number := _int_value(value)) is not None:
                    for fields in _counted_of_key(key):
                        found.counted.setdefault(fields, set()).add(number)
                        any_field = True
            departure, arrival = own["departure"], own["arrival"]
            timed = bool(departure.minutes and arrival.minutes)
            dated = bool(departure.dates and arrival.dates)
            any_field |= timed or dated
            found.timed |= timed
            found.dated |= dated
            for role, support in own.items():
                whole, pair = found.roles[role], found.paired[role]
                whole.minutes.update(support.minutes)
                if timed:
                    pair.minutes.update(support.minutes)
                for day in support.dates:
                    whole.add_date(day)
                    if dated:
                        pair.add_date(day)
    if not any_field:
        return None
    # slots and arguments: a named key's value is its role's or its field's; any other value supports any field
    for values in (*(dict(output.arguments) for output in inp.tool_outputs), dict(inp.ask_slots)):
        for key, value in values.items():
            role = _role_of_key(key)
            counted = _counted_of_key(key)
            if role is not None:
                _add_values(found.roles[role], [value], zones, inp.claim_languages, today)
            elif counted:
                for fields in counted:
                    if (number := _int_value(value)) is not None:
                        found.counted.setdefault(fields, set()).add(number)
            else:
                _add_values(found.unnamed, [value], zones, inp.claim_languages, today)
    for item in inp.history:
        for lang in inp.claim_languages:
            _add_said(found.unnamed, item.text, lang, today)
    return found


def _facts_of_another_field(inp: GuardInput, low: str, spans: tuple[tuple[int, int], ...], facts: list[Fact],
                            fields: RecordFields, today: date | None) -> list[Fact]:
    """The dates and times said as a departure's or an arrival's that only the other role's fields hold ("O voo
    chega em Recife na sexta" where Friday is the departure's day), and the counts of a noun naming a field that
    only another field's value makes ("Reservei três quartos" where three is the nights'). A moment's role is the
    last role word before it in its part of the clause (commas, list signs and joining words cut parts: "leaving
    Friday at 10:15 PM and landing at 4:29 AM Saturday"); a moment no role word precedes is left alone ("un vuelo
    el viernes a las 22:55 que llega a las 00:50": the role after it is the relative clause's); clauses negating, relating or
    moving records ("not", "after", "instead") are left alone."""
    found: list[Fact] = []
    original = inp.draft.lower()
    parts_re, relating, role_re = _PARTS_RE[inp.lang], _RELATING_RE[inp.lang], _ROLE_RE[inp.lang]
    if fields.timed or fields.dated:
        for start, end in spans:
            if relating.search(low, start, end) or not role_re.search(low, start, end):
                continue
            cuts = [start, *(m.end() for m in parts_re.finditer(original, start, end)), end]
            for part_start, part_end in zip(cuts, cuts[1:], strict=False):
                said = [(m.start(), "departure" if m.group("departure") else "arrival")
                        for m in role_re.finditer(low, part_start, part_end)]
                if not said:
                    continue
                for fact in facts:
                    if fact.kind not in ("date", "time") or not part_start <= fact.start < part_end \
                            or fact.end > part_end:
                        continue
                    before = [role for at, role in said if at < fact.start]
                    if not before:
                        continue  # "un vuelo el viernes a las 22:55 que llega …": a role after it says another moment
                    role = before[-1]
                    # the role's moments in any record; the other role's in the records giving both
                    same, other = fields.roles[role], fields.paired["arrival" if role == "departure" else "departure"]
                    if fact.kind == "time" and fields.timed:
                        minutes: frozenset[int] = fact.value  # type: ignore[assignment]
                        wrong = not other.minutes.isdisjoint(minutes) and same.minutes.isdisjoint(minutes) \
                            and fields.unnamed.minutes.isdisjoint(minutes)
                    elif fact.kind == "date" and fields.dated:
                        wrong = _date_supported(fact.value, other, today) \
                            and not _date_supported(fact.value, same, today) \
                            and not _date_supported(fact.value, fields.unnamed, today)
                    else:
                        continue
                    if wrong:
                        found.append(fact)
    if fields.counted:
        for fact in facts:
            if fact.kind != "count" or not isinstance(fact.value, int):
                continue
            noun = _COUNTED_NOUN_RE.match(low, fact.end)
            named = _NOUN_FIELD_WORDS.get(noun.group(1)) if noun else None
            values = fields.counted.get(named) if named else None
            if values and fact.value not in values and fact.value not in fields.unnamed.counts:
                found.append(fact)
    return found


_FUNCTION_WORDS_ANY = frozenset().union(*FUNCTION_WORDS.values())


def _phrase_heads(names: Iterable[str]) -> tuple[str, ...]:
    """The folded first words of the names written as a common noun's phrase: two words or more, no later word
    capitalised or with a digit ("Raquetas de nieve", "Caminhada com raquetes"; not "Taking Back Sunday", "iPhone 13
    128 GB"), the first of four letters or more and no function word."""
    heads = []
    for name in names:
        first, *rest = name.split()
        head = fold(first)
        if rest and len(head) >= 4 and head not in _FUNCTION_WORDS_ANY \
                and all(word.islower() for word in rest):
            heads.append(head)
    return tuple(dict.fromkeys(heads))


def _names_item(text: str, original: str, item: ListedItem, items: list[ListedItem]) -> bool:
    """Whether the clause (`text` folded, `original` as written) names the listed `item`: one of its whole names, or
    the first word of a name written as a common noun's phrase (`ListedItem.heads`) said alone — no capitalised word
    after it, as another name would have — where no other item's name holds that word, as a list is summed up
    ("raquetas el sábado" of "Raquetas de nieve" beside "Esquí alpino")."""
    if any(_holds_words(text, name) for name in item.names):
        return True
    return any(_said_alone(text, original, head)
               and not any(head in other_name.split() for other in items if other is not item
                           for other_name in other.names)
               for head in item.heads)


_NEXT_WORD_RE = re.compile(r"[^\S\n]+(\w)")


def _said_alone(text: str, original: str, word: str) -> bool:
    """Whether the folded `text` holds `word` as a whole word that no capitalised word follows in `original`."""
    at = text.find(word)
    while at >= 0:
        end = at + len(word)
        if (at == 0 or not text[at - 1].isalnum()) and (end == len(text) or not text[end].isalnum()):
            after = _NEXT_WORD_RE.match(original, end)
            if after is None or not after.group(1).isupper():
                return True
        at = text.find(word, end)
    return False


# Words saying that what follows holds of every item meant (folded): "todas", "ambos", "les dues", "both", "all".
_EVERY_WORDS: dict[Lang, str] = {
    "pt-BR": r"tod[oa]s|ambos|ambas|as duas|os dois|as tres|os tres",
    "es": r"tod[oa]s|ambos|ambas|las dos|los dos|las tres|los tres",
    "ca": r"tots|totes|ambdos|ambdues|les dues|els dos|les tres|els tres",
    "en": r"all|both|every|the two|the three",
}
_EVERY_RE: dict[Lang, re.Pattern[str]] = {lang: re.compile(rf"(?<![\w'])(?:{words})(?![\w'])")
                                          for lang, words in _EVERY_WORDS.items()}


def _holds_words(text: str, words: str) -> bool:
    at = text.find(words)
    while at >= 0:
        end = at + len(words)
        if (at == 0 or not text[at - 1].isalnum()) and (end == len(text) or not text[end].isalnum()):
            return True
        at = text.find(words, at + 1)
    return False


_SMALL_RESULT = 500  # keys and items of a result `str` writes whole, in C, faster than `json_text_head` heads it


def _small(data: dict | list) -> bool:
    """Whether `data` holds at most `_SMALL_RESULT` keys and items in all, nested ones included (a turn's usual
    result: a balance, a few slots, a few products)."""
    left = _SMALL_RESULT
    stack: list[Any] = [data]
    while stack:
        node = stack.pop()
        left -= len(node)
        if left < 0:  # a long result, or one that holds itself: headed as written below
            return False
        for value in (node.values() if type(node) is dict else node):
            if type(value) is dict or type(value) is list:
                stack.append(value)
    return True


def json_text_head(data: Any, limit: int) -> str:
    """`str(data)[:limit]` of a tool's JSON answer, without writing out the rest of a long one (a list of a thousand
    bookings is 140 KB, of which the first 20,000 characters are read). Dicts and lists are written as `repr` writes
    them, every other value by its own `repr`; an answer that holds itself is left to `str`."""
    if type(data) is not dict and type(data) is not list or _small(data):
        return str(data)[:limit]
    parts: list[str] = []
    size = 0
    open_ids: set[int] = set()

    def write(value: Any) -> bool:  # False once `limit` characters are written
        nonlocal size
        kind = type(value)
        if kind is not dict and kind is not list:
            text = repr(value)
            parts.append(text)
            size += len(text)
            return size < limit
        if id(value) in open_ids:
            raise RecursionError  # a container inside itself: `str` writes it its own way
        open_ids.add(id(value))
        parts.append("{" if kind is dict else "[")
        size += 1
        first = True
        for item in (value.items() if kind is dict else value):
            if not first:
                parts.append(", ")
                size += 2
            first = False
            if kind is dict:
                key = repr(item[0])
                parts.extend((key, ": "))
                size += len(key) + 2
                if size >= limit or not write(item[1]):
                    return False
            elif size >= limit or not write(item):
                return False
        parts.append("}" if kind is dict else "]")
        size += 1
        open_ids.discard(id(value))
        return size < limit

    try:
        write(data)
    except RecursionError:
        return str(data)[:limit]
    return "".join(parts)[:limit]


def _add_referenced_names(support: FactSupport, inp: GuardInput) -> None:
    """The names of the result items an effect's arguments point to are the effect's too: a booking made with
    "slot_ref": "ref_s0" is for the activity and instructor the offer ref_s0 names ("Booked: Esquí" after a result
    saying "ski")."""
    refs = {value for output in inp.tool_outputs if output.tool in inp.effects_executed
            for value in dict(output.arguments).values()
            if isinstance(value, str) and len(value) >= 3 and any(c.isdigit() for c in value)}
    if not refs:
        return
    for output in inp.tool_outputs:
        if not output.ok or output.tool in inp.effects_executed:
            continue
        for item in _items_holding(output.data, refs):
            read = typed(item, evidence_of(output), inp.currency, minor_unit_factor)
            support.effect_names.extend((*read.names, *read.products))


def _items_holding(data: Any, values: set[str], depth: int = 0) -> list[dict]:
    """The dicts of a result that hold one of `values` as a value of their own."""
    if depth > 6:
        return []
    if isinstance(data, dict):
        if any(isinstance(v, str) and v in values for v in data.values()):
            return [data]
        return [item for v in data.values() for item in _items_holding(v, values, depth + 1)]
    if isinstance(data, (list, tuple)):
        return [item for v in data for item in _items_holding(v, values, depth + 1)]
    return []


# --- checking the draft's facts ----------------------------------------------------------------------------------


def _date_supported(value: Any, support: FactSupport, today: date | None) -> bool:
    kind = value[0]
    if kind == "ymd":
        _, year, month, day = value
        if year:
            try:
                return date(year, month, day) in support.dates or ((month, day) in support.month_days
                                                                  and not support.dates)
            except ValueError:
                return False
        return (month, day) in support.month_days
    if kind == "day":
        return value[1] in support.days
    if kind == "either":
        return (value[2], value[1]) in support.month_days or (value[1], value[2]) in support.month_days
    if kind == "weekday":
        return value[1] in support.weekdays
    if kind == "relative":
        if value[1] in support.relatives:
            return True
        return today is not None and today + timedelta(days=value[1]) in support.dates
    return False


def _name_supported(raw: str, support: FactSupport) -> bool:
    """Every word of the name is a word of a supported name, but a linking word between them."""
    words = [w for w in name_words(raw) if w.text not in OPTIONAL and w.text not in CONNECTORS]
    if not words:
        return True
    missing = [index for index, w in enumerate(words)
               if not (len(w.text) == 1 or w.text in support.name_words or _plural_in(w.text, raw, support)
                       or _nicknamed(w.text, support) or _car_maker_of(words, index, support))]
    if missing and len(missing) < len(words):  # a word mistyped inside a name the rest of which is supported
        missing = [index for index in missing if not _letter_dropped(words[index].text, support)]
    if not missing or len(missing) == len(words):
        return not missing
    # What kind of place it is ("New York City", "the City of San Jose", "Hotel Taste of Burma"), what kind of event
    # or shop right after a supported word of its name ("a Mariners Vs Rangers Game at T-Mobile Park", "Stanford
    # Hair Shop" of the customer's "Stanford Hair"; a name opening with it is another: "Appointment at Dodger
    # Stadium", "Concert Barbershop"), a shop's noun right before one where the other languages put it ("Salão
    # Miller and Mane"), beside two supported words at least (a title of two, "Long Shot", said "Long Shop" is
    # another), and a state's or country's code after a place ("San Francisco CA") name no other place, event or
    # shop: the rest of the name decides.
    last = len(words) - 1
    if all(words[index].text in _KIND_OF_PLACE or (index == last and len(words[index].text) == 2
                                                   and _STATE_CODE_RE.search(raw))
           or (words[index].text in _KIND_OF_EVENT and index and index - 1 not in missing)
           or (len(words) - len(missing) >= 2
               and ((words[index].text in _SHOP_AFTER_NAME and index and index - 1 not in missing)
                    or (words[index].text in _SHOP_BEFORE_NAME and index < last and index + 1 not in missing)))
           for index in missing):
        return True
    # A linking word inside ("Stone Cold By Demi Lovato", "Novato Called Novato Dermatology") is no part of it; any
    # other word must be supported: "Good Habit" is no "Bad Habit".
    return all(0 < index < len(words) - 1 and words[index].text in _LINKING_WORDS for index in missing)


def _cut_short(raw: str, names: list[str]) -> bool:
    """Whether a name's last word is an abbreviation of a word of `names`: four letters at least, two or more left
    out ("Distrib.", "Comerc."; "Oracle Par." or "Stadiu." is a slip of one letter; `language.names` checks the
    rest)."""
    words = name_words(raw)
    if not words or len(last := words[-1].text) < 4:
        return False
    return any(word.text.startswith(last) and len(word.text) >= len(last) + 2
               for name in names for word in name_words(name))


_KIND_OF_PLACE = frozenset("city town hotel restaurant ciudad cidade ciutat hotel restaurante restaurant".split())
_KIND_OF_EVENT = frozenset("game match jogo partida partido partit".split())
_SHOP_AFTER_NAME = frozenset("shop store salon".split())  # English: after the name
_SHOP_BEFORE_NAME = frozenset("loja salao tienda salon botiga salo".split())  # "Salão Miller", "Botiga Miller"
_STATE_CODE_RE = re.compile(r"(?<![\w.])[A-Z]{2}\.?$")
_LINKING_WORDS = frozenset("by called named from featuring feat at in with de da do del por per amb com con".split())
# A car's maker said before its model ("Honda Accord" where a rental result says "Accord", "Full-size Honda CR-V"):
# the same car, as a model has one maker. Each maker (folded) and the first word of its models, as `name_words`
# splits them ("CR-V" is "cr", "v"; "Grand Cherokee" is "grand"): a maker before another maker's model ("Toyota
# Accord") or before no model of its own ("Honda Sushi") stays unsupported.
_CAR_MODELS_BY_MAKER: dict[str, frozenset[str]] = {maker: frozenset(models.split()) for maker, models in {
    "honda": "accord civic cr fit pilot odyssey hr city insight passport ridgeline wr",
    "toyota": "camry corolla rav4 prius highlander sienna tacoma yaris 4runner tundra sequoia avalon hilux etios c sw4",
    "nissan": "altima sentra versa rogue maxima pathfinder murano leaf frontier kicks armada titan march",
    "chevrolet": "malibu cruze spark bolt impala equinox tahoe suburban sonic traverse camaro trax blazer colorado "
                 "silverado onix prisma tracker corvette spin",
    "ford": "focus fusion escape explorer mustang fiesta edge expedition ranger taurus transit ka ecosport bronco",
    "jeep": "cherokee grand wrangler compass renegade gladiator",
    "hyundai": "elantra sonata accent tucson santa kona palisade veloster hb20 creta ioniq",
    "kia": "soul rio optima forte sorento sportage niro telluride stinger cerato picanto",
    "subaru": "outback forester impreza crosstrek legacy ascent wrx",
    "mazda": "mazda3 mazda6 3 6 cx mx miata",
    "volkswagen": "jetta passat golf tiguan beetle atlas polo gol virtus t up",
    "dodge": "charger challenger durango caravan grand journey dart",
    "chrysler": "pacifica 300 town voyager",
    "tesla": "model",
    "bmw": "3 5 7 x1 x3 x5 i3",
    "mercedes": "c e s a gla glc gle cla",
    "audi": "a3 a4 a6 q3 q5 q7",
    "gmc": "yukon acadia terrain sierra",
    "buick": "enclave encore regal lacrosse",
    "cadillac": "escalade",
    "fiat": "500 uno palio argo mobi toro cronos",
    "renault": "clio megane kwid sandero logan duster captur",
    "peugeot": "208 308 2008 3008",
    "mitsubishi": "outlander lancer mirage",
    "volvo": "xc40 xc60 xc90 s60",
    "mini": "cooper",
    "lexus": "es rx nx is",
}.items()}
_CAR_MODELS_BY_MAKER["chevy"] = _CAR_MODELS_BY_MAKER["chevrolet"]
_CAR_MODELS_BY_MAKER["vw"] = _CAR_MODELS_BY_MAKER["volkswagen"]


def _car_maker_of(words: list, index: int, support: FactSupport) -> bool:
    """Whether `words[index]` is a car's maker said before its own model, the model a supported word."""
    models = _CAR_MODELS_BY_MAKER.get(words[index].text)
    if models is None or index + 1 >= len(words):
        return False
    model = words[index + 1].text
    return model in models and model in support.name_words


_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _letter_dropped(word: str, support: FactSupport) -> bool:
    """A supported word typed with one letter inside it left out ("Ajali Tate" for "Anjali Tate"), inside a name
    whose other words are supported: the tolerance of a bank's name check for a hurried hand. Only a slip that makes
    no word: the word typed has five letters or more and is in no dictionary of the draft's languages (which hold
    names: "Mara" is no "Maria", "Heath" no "Health", "Cristina" no "Christina"), and the letter left out is neither
    its first nor its last ("Alley" is no "Valley", "Paul" no "Paula", "Daniel" no "Daniela"). A letter changed or
    added is another name ("Jason" is no "Mason"); a name no word of which is supported gets none."""
    if len(word) < 5 or not word.isalpha():
        return False
    found = support.dropped.get(word)
    if found is None:
        found = support.dropped[word] = any(word[:i] + letter + word[i:] in support.name_words
                                            for i in range(1, len(word)) for letter in _LETTERS) \
            and not any(in_dictionary(word, lang) for lang in support.languages)
    return found


def _nicknamed(word: str, support: FactSupport) -> bool:
    """A city's nickname said of a supported city ("Philly" of "Philadelphia"), or a city's word said where its
    nickname is supported ("Philadelphia" where the customer said "Philly")."""
    city = NICKNAMES.get(word)
    if city is not None and all(part in support.name_words for part in city):
        return True
    return any(nick in support.name_words for nick in NICKNAMED.get(word, ()))


_POSSESSIVE_RE = re.compile(r"([^\W_]+)['’]s(?![^\W_])")


def _plural_in(word: str, raw: str, support: FactSupport) -> bool:
    """A possessive said of a supported word ("Rumi's" of "Rumi", written with its apostrophe), or the plural of a
    common noun of a supported name ("Union Hotel Restaurants" of "Union Hotel Restaurant", "10 Dentists"). A name
    with an "s" more or less is another name: "Marcos" is no "Marco", "Roberts" no "Robert", "Giant" no "Giants"."""
    if not (word.endswith("s") and word[:-1] in support.name_words):
        return False
    return word[:-1] in support.common or any(fold(stem) + "s" == word for stem in _POSSESSIVE_RE.findall(raw))


# What makes a stated status no fact, before it in its part of the sentence: a negation, a condition, a wish, the
# future or a modal ("if it fails", "it will be scheduled", "não foi agendado"). Not "sorry" or "unfortunately":
# they announce a failure.
NOT_A_FACT: dict[Lang, str] = {
    "pt-BR": r"nao|nunca|nem|nada|nenhum\w*|se|caso|quando|assim que|depois que|vai|vao|sera|serao|ficara|pode|podem|possa|posso|quer"
             r"|deseja|gostaria|devo|deve|ainda|pendente|aguard\w*",
    "es": r"no|nunca|ni|nada|ningun\w*|si|cuando|en cuanto|una vez|va a|van a|sera|seran|quedara|puede|pueden|pueda|puedo|quieres"
          r"|queres|desea|deseas|debo|debe|todavia|aun|pendiente",
    "ca": r"no|mai|ni|res|cap|si|quan|tan bon punt|un cop|sera|seran|quedara|pot|poden|pugui|puc|vols|voleu|haig|he de|encara"
          r"|pendent",
    "en": r"not|no|never|unable|nothing|none|\w+n't|if|when|once|after|before|until|unless|will|would|shall|should|can|could|may|might"
          r"|want|like|going to|about to|yet|still|pending|whether",
}


@lru_cache(maxsize=8)
def _not_a_fact(lang: Lang) -> tuple[re.Pattern[str], re.Pattern[str]]:
    return (re.compile(rf"(?<![\w'])(?:{NOT_A_FACT[lang]})(?![\w'])"),
            re.compile(r",\s|;\s|:\s|\s(?:but|however|mas|porem|pero|pero|però)\s"))


def _asserted(low: str, spans: tuple[tuple[int, int], ...], starts: list[int], fact: Fact, lang: Lang) -> bool:
    """Whether a status word is said as a fact: its clause is no question and nothing in its part of the sentence
    before it negates it, makes it a condition, a wish or the future."""
    index = bisect_right(starts, fact.start) - 1
    if index < 0:
        return True
    start, end = spans[index]
    clause = low[start:end]
    if clause.rstrip().endswith("?") or "¿" in clause:
        return False
    not_re, break_re = _not_a_fact(lang)
    before = clause[: fact.start - start]
    part_start = 0
    for match in break_re.finditer(before):
        part_start = match.end()
    alternative = ALTERNATIVE_PART_RE.get(lang)
    return not not_re.search(before[part_start:]) and not (alternative and alternative.match(before, part_start))


_PART_BREAK_RE = re.compile(r",\s|;\s|\s(?:but|and|however|mas|porem|e|pero|y|i|però|tot i que)\s")


def _part_of(low: str, spans: tuple[tuple[int, int], ...], starts: list[int], position: int) -> tuple[int, int]:
    """The part of its sentence (between commas and conjunctions) that holds `position`."""
    index = bisect_right(starts, position) - 1
    start, end = spans[index] if index >= 0 else (0, len(low))
    part_start, part_end = start, end
    for match in _PART_BREAK_RE.finditer(low, start, end):
        if match.end() <= position:
            part_start = match.end()
        elif match.start() >= position:
            part_end = match.start()
            break
    return part_start, part_end


_NAME_REST_RE = re.compile(r"^(?:['’]s)?[\s,.'’-]*")
_JUST_BEFORE_RE = re.compile(r"(?:^|\W)(?:just|only|apenas|so|solo|solamente|nomes|sols)\s+$")


def _asks_if_one(low: str, spans: tuple[tuple[int, int], ...], starts: list[int], fact: Fact) -> bool:
    """Whether a count of one is asked, not stated: "Just 1 ticket?", "¿Solo una entrada?" offers the least a
    customer may want and waits for the answer; any other number asked must still be one the turn supports."""
    value = fact.value[0] if isinstance(fact.value, tuple) else fact.value
    if value != 1 or not _JUST_BEFORE_RE.search(low, max(0, fact.start - 12), fact.start):
        return False
    index = bisect_right(starts, fact.start) - 1
    return index >= 0 and low[spans[index][0]:spans[index][1]].rstrip().endswith("?")


@lru_cache(maxsize=16)
def _common(languages: tuple[Lang, ...]) -> frozenset[str]:
    """The common words of the draft's languages: one set per combination, so what is built from it once
    (`guards.facts._long_words_by_opening`) serves every draft."""
    return frozenset().union(*(COMMON[lang] for lang in languages))


_START = itemgetter(1)  # a `Fact`'s start
_KIND = itemgetter(0)  # and its kind
_DATE_KIND = frozenset({"date"})


_KEY_WORD_RE = re.compile(r"[a-z]{3,}")


def field_words(inp: GuardInput) -> frozenset[str]:
    """The words of the field names of this turn's results ("humidity", "serves_alcohol", "subtitles"): a draft
    naming a field the results hold ("Humidity is 29 percent", "Alcohol is not served") names what they state, no
    value. The keys of a result's dicts, of a list's first items only (its items share their keys), a refusal's too
    (the alternatives it offers: "Alcohol is not available" after a failed booking whose alternatives say
    "serves_alcohol")."""
    words: set[str] = set()

    def walk(data: Any, depth: int) -> None:
        if depth > 3:
            return
        if isinstance(data, dict):
            for key, value in data.items():
                if isinstance(key, str):
                    words.update(_KEY_WORD_RE.findall(key.lower()))
                if isinstance(value, (dict, list)):
                    walk(value, depth + 1)
        elif isinstance(data, list):
            for item in data[:_KEYED_ITEMS]:
                walk(item, depth + 1)

    for output in inp.tool_outputs:
        walk(output.data, 0)
    return frozenset(words)


_KEYED_ITEMS = 3


def draft_facts(inp: GuardInput, deadline: float | None = None) -> list[Fact] | None:
    """Every fact of the draft, by kind (see `guards.facts`), in the order of the draft. A link states no fact: its
    letters and digits (a payment link's random token "…/pay/aMWj4…") are no name, count or reference, and whether
    its host may be shown is the link guard's to say. None once past `deadline` (looked at before each kind's pass).
    The words of the results' field names are common words of the draft (`field_words`)."""
    text, lang = inp.draft, inp.lang
    common = _common(inp.claim_languages)
    fields = field_words(inp) - common
    if fields:
        common = common | fields
    readers = (lambda: dates_in(text, lang), lambda: times_in(text, lang), lambda: counts_in(text, lang),
               lambda: references_in(text), lambda: warranties_in(text, lang), lambda: statuses_in(text, lang),
               lambda: names_in(text, lang, common=common, asked=slot_asked(inp.missing_slots)),
               lambda: measures_in(text))
    read_by_kind: list[list[Fact]] = []  # each reader's facts, of its own kinds (dates, times, …)
    for read in readers:
        if deadline is not None and past(deadline):
            return None
        read_by_kind.append(read())
    dates, times = read_by_kind[0], read_by_kind[1]
    days = {fact.start for fact in dates}
    if days and times:  # a number that is a date's day is no hour as well ("de 8 a 11 de março": "a 11" is the 11th,
        # "a 21/12" the 21st): the hour read from the number a date starts with (one look-up each, a list of bookings
        # has many; only the times reader's facts are times, only the dates reader's dates)
        read_by_kind[1] = [fact for fact in times if fact.start not in days]
    found = [fact for facts in read_by_kind for fact in facts]
    spans = [(start, end) for start, end, _ in links(text)]
    if spans:  # links do not overlap and come in order: one look-up per fact
        starts = [start for start, _ in spans]
        found = [fact for fact in found
                 if (index := bisect_right(starts, fact.start) - 1) < 0 or fact.start >= spans[index][1]]
    return sorted(found, key=_START)


def _without_names(low: str, facts: list[Fact], known: Iterable[str]) -> str:
    """The folded draft with each name it reads and each name of this turn's effects blanked out (same offsets)."""
    spans = [(fact.start, fact.end) for fact in facts if fact.kind == "name"]
    for name in {folded(name) for name in known if len(name) > 2}:
        at = low.find(name)
        while at >= 0:
            spans.append((at, at + len(name)))
            at = low.find(name, at + len(name))
    if not spans:
        return low
    parts, at = [], 0
    for start, end in sorted(spans):
        if start >= at:
            parts += [low[at:start], " " * (end - start)]
            at = end
    parts.append(low[at:])
    return "".join(parts)


def _numbered_name_spans(low: str, names: Iterable[str]) -> list[tuple[int, int]]:
    """Where the folded draft says one of the results' names with digits, whole words only."""
    spans = []
    for name in names:
        at = low.find(name)
        while at >= 0:
            end = at + len(name)
            if not (at and low[at - 1].isalnum()) and not (end < len(low) and low[end].isalnum()):
                spans.append((at, end))
            at = low.find(name, end)
    return spans


def _within_name(low: str, fact: Fact, start: int, end: int) -> bool:
    """Whether `fact` is part of the name said at start:end: inside it, or a name that adds no more than an article
    or a linking word to it ("The 20th Salon and Barber"); "Nationals Vs Braves at Pier 17" is more than "Pier 17"."""
    if not (start < fact.end and fact.start < end):
        return False
    if fact.kind != "name":
        return True
    outside = (low[fact.start:start] if fact.start < start else "") + " " + (low[end:fact.end] if fact.end > end else "")
    return all(word in CONNECTORS for word in outside.split())


def unsupported_facts(inp: GuardInput, deadline: float) -> list[Fact] | None:
    """The facts of the draft that nothing supports (see the module doc); None past the deadline."""
    facts = draft_facts(inp, deadline)
    if facts is None:
        return None
    if stock := _stock_of_products(inp, folded(inp.draft)):
        facts = _with_stock(facts, stock)
    if not facts and not _quoted_lines(inp):  # (a quoted product's count is read on its own: `_product_counts`)
        return []
    support = supported(inp, deadline)
    if support is None:
        return None
    today = _today(inp)
    low = folded(inp.draft)
    spans = clauses(low)
    starts = [start for start, _ in spans]
    # whether a status is asserted is read without the names ("Pix to Will Sushi was scheduled", "My No.1 Sushi")
    kinds = set(map(_KIND, facts))  # the kinds said (one pass in C: a list has thousands of facts)
    plain = _without_names(low, facts, (*support.effect_names, *support.known_names)) \
        if "status" in kinds else low  # read only for a status
    covered_until = -1  # the end of the last date or time: its own digits are no count, name or reference
    # Parts of sentences stating what became of an effect: a name there is whom the effect was for, and must be the
    # effect's ("Pix enviado para o João" after a receipt naming Maria).
    outcome_parts = [_part_of(low, spans, starts, fact.start) for fact in facts
                     if fact.kind == "status" and _asserted(plain, spans, starts, fact, inp.lang)] \
        if support.effect_names else []
    # Parts stating an effect's outcome, a status or a claim ("Reservei pra amanhã ao meio-dia"): the first time
    # there is the effect's own (`FactSupport.effect_minutes`).
    timed_outcomes = _timed_outcome_parts(inp, low, spans, starts, plain, facts) if support.effect_minutes else []
    timed_parts: set[tuple[int, int]] = set()  # of those, the parts whose first time was read
    in_names = _numbered_name_spans(low, support.numbered_names)
    # a warranty term's number is the term's ("tem 2 anos de garantia"): no count, no results length
    in_terms = [(fact.start, fact.end) for fact in facts if fact.kind == "warranty"] if "warranty" in kinds else []
    term_starts = [start for start, _ in in_terms]
    off_weekdays = _weekdays_off_their_date(low, facts, support) if support.dates and "date" in kinds else frozenset()
    # a list says the same few names and dates on every line: each is judged once against this turn's support
    names_supported: dict[str, bool] = {}
    dates_supported: dict[Any, bool] = {}
    missing = []
    # (what the turn's support says for every fact, read once: a list has thousands)
    movements, items_read = bool(support.movements), 0 < len(support.items) <= MAX_ITEMS  # (more items: none read)
    for index, fact in enumerate(facts):
        fkind, fstart, fend, fraw, fvalue = fact  # (read once: a list has thousands)
        if fkind == "name" and fstart < covered_until < fend:
            # a name read from a date's word on ("next Monday's Basta"): the words after the date are the name
            rest = _NAME_REST_RE.sub("", inp.draft[covered_until:fend])
            if any(c.isupper() for c in rest):
                fact = Fact("name", fend - len(rest), fend, rest, rest)
                fkind, fstart, fend, fraw, fvalue = fact
        kind = fkind
        if fstart < covered_until and kind in ("count", "found", "reference", "name", "measure"):
            continue
        if in_names and any(_within_name(low, fact, start, end) for start, end in in_names):
            continue  # "I found 1512 Barber Shop": the name's own number
        if in_terms and kind in ("count", "found", "places", "measure") \
                and (term := bisect_right(term_starts, fstart) - 1) >= 0 and fend <= in_terms[term][1]:
            continue
        if (kind == "date" or kind == "time") and fend > covered_until:
            covered_until = fend
        if kind == "date":
            ok = dates_supported.get(fvalue)
            if ok is None:
                ok = dates_supported[fvalue] = _date_supported(fvalue, support, today)
            if ok and off_weekdays and fstart in off_weekdays:
                ok = False
            if not ok and _OPEN_BOUND_RE.match(low, fend):
                ok = True  # "para mañana o después", "tomorrow or later": a rule's bound, no day of the turn's
        elif kind == "time":
            ok = not support.minutes.isdisjoint(fvalue)  # type: ignore[arg-type]
            if not ok and fraw.isalpha() and inp.lang != "en":
                # an hour said in a word alone after an article is also a count of people ("90 € no total para as
                # duas", "para los dos"): either reading supported is enough
                ok = number_value(folded(fraw), inp.lang) in support.counts
            if ok and timed_outcomes:
                # the first time in a part stating the effect's outcome is the effect's ("Reservei pra amanhã ao
                # meio-dia" after a booking at 10:00, noon being the slot's end); a later one may be its end
                part = next((p for p in timed_outcomes if p[0] <= fstart < p[1]), None)
                if part is not None and part not in timed_parts:
                    timed_parts.add(part)
                    ok = not support.effect_minutes.isdisjoint(fvalue)  # type: ignore[arg-type]
        elif kind == "count":
            ok = fvalue in support.counts or _asks_if_one(low, spans, starts, fact) \
                or (fvalue == 1 and _PER_UNIT_BEFORE_RE.search(low, max(0, fstart - 24), fstart) is not None) \
                or (inp.lang == "en" and _an_hour_said_bare(low, fact, facts, support.minutes))
            if ok and support.effect_parties and _said_as_party(low, fact, inp.lang):
                ok = fvalue in support.effect_parties or fvalue in slots_read(inp).quantities
        elif kind == "found":  # "I found 3 restaurants": what a result listed, or a count said
            ok = fvalue in support.lengths or fvalue in support.counts \
                or (inp.lang == "en" and _PERIOD_AFTER_RE.match(low, fend) is not None
                    and _an_hour_said_bare(low, fact, facts, support.minutes)) \
                or (isinstance(fvalue, int) and fvalue + 1 in support.lengths
                    and _OTHER_AFTER_RE.match(low, fend) is not None) \
                or (fvalue in support.places
                    and (_in_stock(low, fact) or _stock_before_its_product(inp, low, fact)))
        elif kind == "places":  # "restam 3 vagas": what is left; "4 vagas": left, or what was taken
            said: tuple[int, bool] = fvalue  # type: ignore[assignment]
            # "I found 8 places", "there are 10 available": taken or found, a count or a result's length
            ok = said[0] in support.places or (not said[1] and (said[0] in support.counts or said[0] in support.lengths)) \
                or _asks_if_one(low, spans, starts, fact)
        elif kind == "warranty":
            ok = fvalue in support.warranties
        elif kind == "measure":  # "13 percent", "93 degrees": a number the results or the customer give
            value = str(fvalue)
            ok = value in support.measures \
                or (value.isdigit() and "min" in fraw.lower() and _between_times(int(value), support.minutes))
        elif kind == "reference":
            key = _reference_key(str(fvalue))
            ok = key in support.references or any(len(key) >= 3 and (r.endswith(key) or r.startswith(key))
                                                   for r in support.references)
        elif kind == "status":
            if not _asserted(plain, spans, starts, fact, inp.lang):
                continue
            if not support.statuses and fvalue != "failed":
                continue  # an outcome with no effect at all: effect_claim_without_effect's to say
            if fvalue == "failed" and _SEARCH_BEFORE_RE.search(low, _part_of(low, spans, starts, fstart)[0],
                                                                   fstart):
                continue  # "searching according to your criteria failed": a search's outcome, no effect's
            ok = bool(COVERS[str(fvalue)] & support.statuses) or (fvalue == "booked" and not support.statuses)
            if not ok and _sent_figure_of_a_refusal(inp, _part_of(low, spans, starts, fstart), fact):
                ok = True
        else:
            ok = names_supported.get(fraw)
            if ok is None:
                ok = names_supported[fraw] = _name_supported(fraw, support)
            if not ok and support.effect_names and inp.draft.startswith(".", fend):
                # whom the effect was for, its last word cut short as banks print it ("Energia Sul Distrib."): the
                # effect's own name only (any word of the results or the customer's starts too many prefixes)
                ok = _cut_short(fraw, support.effect_names) \
                    and any(names_match(fraw + ".", name) for name in support.effect_names)
            if not ok and _word_opening_a_sentence(inp, fact, support):
                ok = True
            if not ok and inp.vocabulary and " " not in fraw and in_dictionary(fraw.lower(), inp.lang) \
                    and _listed_with_a_category(inp.draft, fact, inp.vocabulary):
                ok = True
            if ok and outcome_parts and any(start <= fstart < end for start, end in outcome_parts):
                ok = any(names_match(fraw, name) for name in (*support.effect_names, *support.known_names))
        if ok and movements and kind in ("count", "found") \
                and not _movements_counted(inp, low, spans, starts, plain, fact, facts, support):
            ok = False
        if ok and kind == "warranty" and _warranty_of_another_hit(inp, low, spans, starts, fact):
            ok = False
        if ok and items_read and kind in ("time", "status"):
            clause_index = bisect_right(starts, fstart) - 1
            if clause_index >= 0:
                ok = not _said_of_another_item(inp, low, spans[clause_index], fact, support)
        if not ok:
            missing.append(fact)
        if index % 256 == 255 and past(deadline):
            return None
    missing.extend(_product_counts(inp, low))
    if len(support.items) >= 2:
        missing.extend(_facts_of_no_one_record(inp, low, spans, facts, support, today))
    if any(fact.kind in ("date", "time", "count") for fact in facts) \
            and (fields := record_fields(inp, _zones(inp), today)) is not None:
        missing.extend(fact for fact in _facts_of_another_field(inp, low, spans, facts, fields, today)
                       if fact not in missing)
    if support.title_heads and (titles := _titles_said_otherwise(inp.draft, support)):
        # (the names' spans gathered only for a title said otherwise: a list has thousands of facts to go through)
        names_read = [(fact.start, fact.end) for fact in facts if fact.kind == "name"]
        missing.extend(title for title in titles
                       if not any(start < title.end and title.start < end for start, end in names_read))
    return missing


_TITLE_WORD_RE = re.compile(r"[^\W\d_][^\W_]*(?:['’·-][^\W_]+)*")


def _title_head(name: str, langs: tuple[Lang, ...]) -> str | None:
    """The folded first word of a supported name of two or three words of letters whose later words are words of
    the language ("Escalada Iniciació", "Kayak Familiar"; not "Maria Souza", "Hotel Nikko"), else None. The names
    reader reads such a run as a title of words, no name, so it is checked here."""
    words = name.split()
    if not 2 <= len(words) <= 3 or not all(_TITLE_WORD_RE.fullmatch(word) and word[0].isupper() for word in words):
        return None
    if not all(any(in_dictionary(word.lower(), lang) for lang in langs) for word in words[1:]):
        return None
    head = fold(words[0])
    return head if len(head) >= 4 else None


def _titles_said_otherwise(draft: str, support: FactSupport) -> list[Fact]:
    """The runs of the draft opened by a supported title name's first word, capitalised, whose next capitalised word
    is no word of any supported name: another activity or product of the same kind ("Escalada Avançat" where the
    results say "Escalada Iniciació"). (A run the names reader read as a name is checked as one: the caller skips
    it.)"""
    # A list repeats its runs: each distinct one is judged once, and the runs' places are read only when one is
    # held (the pass's matches as (first word, next word) pairs first, with no match object each).
    held = set()
    for said in set(_TITLE_RUN_RE.findall(draft)):
        head, tail = fold(said[0]), fold(said[1])
        if head in support.title_heads and tail not in support.name_words and tail not in CONNECTORS \
                and not _translated(tail, support.name_words):
            held.add(said)
    if not held:
        return []
    return [Fact("name", match.start(), match.end(), match.group(), match.group())
            for match in _TITLE_RUN_RE.finditer(draft) if match.group(1, 2) in held]


def _translated(word: str, supported: set[str]) -> bool:
    """Whether `word` is a supported name word spelt in another of the organisation's languages: the same first five
    letters or more and a length within two ("Iniciação" for "Iniciació", "Familia" for "Familiar")."""
    return len(word) >= 5 and any(len(known) >= 5 and abs(len(known) - len(word)) <= 2 and known[:5] == word[:5]
                                  for known in supported)


# (Its capital first, the look-behind for the character before it after: a pattern that starts with a class of
# characters is tried by the engine only where one is, not at every position of the draft; the same matches as
# `(?<![\w'’·-])([A-ZÀ-ÖØ-Þ]…`, which `guards/tests/test_fast_paths.py` compares it with.)
_TITLE_RUN_RE = re.compile(r"([A-ZÀ-ÖØ-Þ](?<![\w'’·-].)[^\W\d_]{3,})[ \t]+([A-ZÀ-ÖØ-Þ][^\W_]*(?:['’·-][^\W_]+)*)")


# (not "on": "Taking Back Sunday on March 13th" is a band's name, then its date)
_WEEKDAY_TO_DATE_RE = re.compile(r"[\s,.-]{0,3}(?:(?:dia|el|the|o)\s+)?")


def _weekdays_off_their_date(low: str, facts: list[Fact], support: FactSupport) -> frozenset[int]:
    """The starts of the weekdays said right before a date ("el martes 2", "Thu 12/4", "sexta, 4 de dezembro") that
    the supported dates of that day put on another weekday: the weekday and the day may each be supported (today is
    a Tuesday, the booking is on the 2nd), the date they say together is not."""
    off = set()
    last = len(facts) - 1
    # (the places of the dates, found in C: a list of bookings has thousands of facts and a weekday in none)
    for index in compress(range(last), map(_DATE_KIND.__contains__, map(_KIND, facts))):
        fact, after = facts[index], facts[index + 1]
        if after.kind != "date" or fact.value[0] != "weekday":  # type: ignore[index]
            continue
        if _WEEKDAY_TO_DATE_RE.fullmatch(low, fact.end, after.start) is None:
            continue
        candidates = [day for day in support.dates if _names_day(after.value, day)]
        if candidates and all(day.weekday() != fact.value[1] for day in candidates):  # type: ignore[index]
            off.add(fact.start)
    return frozenset(off)


def _names_day(value: Any, day: date) -> bool:
    kind = value[0]
    if kind == "ymd":
        return (value[2], value[3]) == (day.month, day.day) and value[1] in (None, day.year)
    if kind == "day":
        return value[1] == day.day
    if kind == "either":
        return (day.month, day.day) in ((value[1], value[2]), (value[2], value[1]))
    return False


def _timed_outcome_parts(inp: GuardInput, low: str, spans: tuple[tuple[int, int], ...], starts: list[int], plain: str,
                         facts: list[Fact]) -> list[tuple[int, int]]:
    """The parts of sentences that state an effect's outcome (an asserted status, or a claim that it happened, read
    in the draft's language), when the draft says a time at all."""
    if not any(fact.kind == "time" for fact in facts):
        return []
    parts = [_part_of(low, spans, starts, fact.start) for fact in facts
             if fact.kind == "status" and _asserted(plain, spans, starts, fact, inp.lang)]
    parts += [_part_of(low, spans, starts, start) for start, _, _ in effect_claim_spans(inp.draft, inp.lang)]
    return parts


# "the reservation for 5." after a booking at 5 pm: a bare hour ending the sentence, in a draft that says no time.
_BOOKING_FOR_BEFORE_RE = re.compile(r"(?:reservation|booking|table)\s+for\s+$")
_SENTENCE_END_RE = re.compile(r"\s*(?:[.!]|$)")


def _an_hour_said_bare(low: str, fact: Fact, facts: list[Fact], minutes: set[int]) -> bool:
    """Whether a count after "reservation for" that ends its sentence ("I was able to make the reservation for 5.")
    or a number right before a part of the day ("the reservation for eleven in the morning", "a table for eight in
    the night for 6 people", "I have five in the evening") is the hour of a supported time, in a draft stating no
    other time: English says a booking's hour so, without "pm" or "o'clock" (the time reader reads neither); a party
    size then stays read where the draft also says the time ("a table for 5 at 7 pm"), and a number before a part
    of the day is the hour only in that part ("for 8 in the evening" is 20:00, never 8:00)."""
    value = fact.value
    if not isinstance(value, int) or not 1 <= value <= 12 or any(other.kind == "time" for other in facts):
        return False
    period = _PERIOD_AFTER_RE.match(low, fact.end)
    if period is not None:
        return (value % 12 + (0 if period.group("am") else 12)) * 60 in minutes
    if _SENTENCE_END_RE.match(low, fact.end) is None \
            or _BOOKING_FOR_BEFORE_RE.search(low, max(0, fact.start - 24), fact.start) is None:
        return False
    return not minutes.isdisjoint({value % 12 * 60, (value % 12 + 12) * 60})


# A part of the day right after a number, in English: the number is its hour.
_PERIOD_AFTER_RE = re.compile(r"\s+(?:(?P<am>in the morning)|in the (?:afternoon|evening|night)|at night|tonight)\b")


# A catalogue item's condition as a draft says it ("o iPhone 15 recondicionado", "el nuevo", "the refurbished one")
_CONDITIONS: dict[str, re.Pattern[str]] = {
    "refurbished": re.compile(r"(?<!\w)(?:recondicionad[oa]s?|reacondicionad[oa]s?|reacondicionat(?:s|da|des)?"
                              r"|refurbished|seminov[oa]s?)(?!\w)"),
    "new": re.compile(r"(?<!\w)(?:nov[oa]s?|nuev[oa]s?|nou|nous|noves|new|brand-new)(?!\w)"),
}
_CAPACITY_END_RE = re.compile(r"\s*\d+\s?(?:gb|tb)$")


def _warranty_of_another_hit(inp: GuardInput, low: str, spans: tuple[tuple[int, int], ...], starts: list[int],
                             fact: Fact) -> bool:
    """Whether a warranty term said in a clause naming catalogue hits (by name or model, its capacity left out, and
    narrowed by a condition said: "o iPhone 15 recondicionado") is none of theirs: the new one's 12 months said
    of the refurbished one's 6."""
    index = bisect_right(starts, fact.start) - 1
    if index < 0:
        return False
    hits = [hit for hit in catalog_hits(inp) if isinstance(hit.data.get("warranty_months"), int)]
    if len(hits) < 2 or len({hit.data["warranty_months"] for hit in hits}) < 2:
        return False
    text = low[spans[index][0]:spans[index][1]]
    named = [hit for hit in hits if any(_holds_words(text, key) for key in _hit_keys(hit))]
    said = {condition for condition, pattern in _CONDITIONS.items() if pattern.search(text)}
    if said:
        named = [hit for hit in named if hit.data.get("condition") in said] or named
    return bool(named) and fact.value not in {hit.data["warranty_months"] for hit in named}


def _hit_keys(hit: Hit) -> set[str]:
    """A hit's name and model, folded, each also without the capacity it ends with ("iphone 15 128gb": "iphone 15")."""
    keys = {folded(str(hit.data.get(field) or "")) for field in ("name", "model")} - {""}
    return keys | {_CAPACITY_END_RE.sub("", key) for key in keys}


# What follows a product's name said with a number to make that number its stock ("15 USB-C 20W chargers in stock",
# "only 1 Redmi Note 12 left", "quedan 2 iPhone 14 disponibles", "tenim 3 Galaxy S23 en estoc").
_STOCK_AFTER: dict[Lang, str] = {
    "en": r"left|remaining|available|in stock|left in stock",
    "pt-BR": r"restantes?|disponive(?:l|is)|em estoque",
    "es": r"disponibles?|restantes?|en stock",
    "ca": r"disponibles?|restants?|en estoc",
}
_STOCK_AVAILABLE_RE = re.compile(r"available|disponive(?:l|is)|disponibles?")
_STOCK_SCARCE_BEFORE_RE = re.compile(r"(?<!\w)(?:only|just|so|apenas|somente|solo|solamente|nomes|restam|sobram"
                                     r"|quedan|queda|queden|en queden|en queda)\s+$")


@lru_cache(maxsize=4)
def _stock_re(lang: Lang) -> re.Pattern[str]:
    words = "|".join(sorted(map(re.escape, NUMBER_WORDS[lang]), key=len, reverse=True))
    return re.compile(rf"(?<![\w.,$€£/-])(?P<n>\d{{1,4}}|{words})\s+(?P<words>(?:[^\s.,;:!?()]+\s+){{1,6}}?)"
                      rf"(?P<left>{_STOCK_AFTER[lang]})(?!\w)")


def _stock_of_products(inp: GuardInput, low: str) -> list[Fact]:
    """Places left (`places`, value (how many, whether said to be left)) said of a product this turn's results name
    with its stock, its name or some of its words between the number and what says it is left or in stock: a number
    the count reader takes for a count of results ("We have 15 USB-C 20W fast chargers in stock") or reads not at
    all ("only 1 Redmi Note 12 left")."""
    words = _stocked_product_words(inp)
    if not words:
        return []
    found = []
    for match in _stock_re(inp.lang).finditer(low):
        if words.isdisjoint(match.group("words").split()):
            continue
        value = number_value(match.group("n"), inp.lang)
        if value is None or value == 0:
            continue
        left = not _STOCK_AVAILABLE_RE.fullmatch(match.group("left")) \
            or _STOCK_SCARCE_BEFORE_RE.search(low, max(0, match.start() - 16), match.start()) is not None
        start, end = match.span("n")
        found.append(Fact("places", start, end, inp.draft[start:end], (value, left)))
    return found


def _stocked_product_words(inp: GuardInput) -> set[str]:
    """The words (of three letters or more, no number, no function word) of the products this turn's results give
    with their stock."""
    words: set[str] = set()
    for output in inp.tool_outputs:
        evidence = evidence_of(output) if output.ok else None
        if evidence is None or not evidence.products or not evidence.places_left:
            continue
        for name in result_read(inp, output).products:
            words.update(word for word in fold(name).split()
                         if len(word) >= 3 and not word.isdigit() and word not in _FUNCTION_WORDS_ANY)
    return words


_NEXT_WORDS_RE = re.compile(r"(?:\s+[^\s.,;:!?()]+){1,3}")


def _stock_before_its_product(inp: GuardInput, low: str, fact: Fact) -> bool:
    """Whether a number after "we have", "temos", "tenemos", "tenim" is a stock said before the product it counts
    ("Temos sete Redmi Note 12 de 128 GB", "we have 4 iPhone 13"): a word of a product the results give with its
    stock among the three words after it."""
    if not _HAVE_BEFORE_RE.search(low, max(0, fact.start - 16), fact.start):
        return False
    after = _NEXT_WORDS_RE.match(low, fact.end)
    return after is not None and not _stocked_product_words(inp).isdisjoint(after.group().split())


@lru_cache(maxsize=8)
def _party_re(lang: Lang) -> tuple[re.Pattern[str], re.Pattern[str]]:
    return (re.compile(rf"(?<!\w)(?:{_WITH_OTHERS[lang]})$"),
            re.compile(rf"\s+(?:{_OTHERS[lang]})(?!\w)|\s+(?:more\s+|mais\s+|mas\s+|mes\s+)?{_PERSONS[lang]}(?!\w)"))


_PERSONS: dict[Lang, str] = {"en": r"(?:people|persons?|guests?|adults?)", "pt-BR": r"(?:pessoas?|adultos?)",
                             "es": r"(?:personas?|adultos?)", "ca": r"(?:persones|persona|adults?)"}


def _said_as_party(low: str, fact: Fact, lang: Lang) -> bool:
    """Whether a count is a party said as people: the customer with others ("you and two friends", "você e mais
    três amigos", "para ti y dos amigos"), or a number of people ("3 pessoas", "tres persones")."""
    before, after = _party_re(lang)
    with_others = before.search(low, max(0, fact.start - 24), fact.start) is not None \
        and after.match(low, fact.end) is not None
    return with_others or re.match(rf"\s+{_PERSONS[lang]}(?!\w)", low[fact.end:]) is not None


# key words of a refusal's money that already went out ("sent_tonight_cents": what the night limit has used)
_WENT_OUT_WORDS = frozenset({"sent", "spent", "settled", "paid", "used"})


def _sent_figure_of_a_refusal(inp: GuardInput, part: tuple[int, int], fact: Fact) -> bool:
    """Whether a "sent" status is said of what a refusal's details give as already gone out, with that amount in its
    part of the sentence ("hoje à noite já saíram R$ 350,00", "aquesta nit ja has enviat R$ 350,00" after a Pix
    refused for the night limit, `sent_tonight_cents` 35000): an earlier movement the engine reports, not this
    turn's effect. The detail's key is read word by word (its evidence declares the result's fields, not a
    refusal's)."""
    if fact.value not in ("sent", "paid"):
        return False
    gone: set[int] = set()
    for output in inp.tool_outputs:
        if output.ok or not isinstance(output.data, dict):
            continue
        detail = output.data.get("detail")
        for key, value in (detail.items() if isinstance(detail, dict) else ()):
            if isinstance(value, int) and not isinstance(value, bool) and key.endswith("_cents") \
                    and _WENT_OUT_WORDS.intersection(key.split("_")):
                gone.add(value * 100 // minor_unit_factor(inp.currency))
    if not gone:
        return False
    said = amounts_in(inp.draft[part[0]:part[1]], inp.lang, inp.currency)
    return any(hundredths_of(amount) in gone for amount in said)


def _with_stock(facts: list[Fact], stock: list[Fact]) -> list[Fact]:
    """`facts` with the stock said of products in place of the counts read from the same numbers."""
    starts = {fact.start for fact in stock}
    kept = [fact for fact in facts if not (fact.kind in ("count", "found", "places") and fact.start in starts)]
    return sorted([*kept, *stock], key=_START)


def _quoted_lines(inp: GuardInput) -> list[tuple[str, int]]:
    """(product name folded, quantity) of each line of this turn's results that has both (a quote's lines)."""
    lines = []
    for output in inp.tool_outputs:
        evidence = evidence_of(output) if output.ok else None
        if evidence is None or not evidence.products or not evidence.quantities or not isinstance(output.data, dict):
            continue
        for value in output.data.values():
            for line in value if isinstance(value, list) else ():
                if not isinstance(line, dict):
                    continue
                quantity = next((line[key] for key in evidence.quantities if isinstance(line.get(key), int)), None)
                name = next((line[key] for key in evidence.products if isinstance(line.get(key), str)), None)
                if quantity is not None and name:
                    lines.append((folded(name), quantity))
    return lines


def _product_counts(inp: GuardInput, low: str) -> list[Fact]:
    """Counts said of a quoted product, before its name or the name's words after its first ("4 carregadores
    USB-C 25W" of "Cargador USB-C 25W", "2x Galaxy S23 Ultra") that are not its line's quantity: a number no count
    noun leads, read only where a result quotes the product with a quantity."""
    found = []
    number = rf"(?:\d{{1,3}}|{'|'.join(sorted(map(re.escape, NUMBER_WORDS[inp.lang]), key=len, reverse=True))})"
    for name, quantity in _quoted_lines(inp):
        words = name.split()
        tail = " ".join(words[1:]) if len(words) > 1 and any(c.isdigit() for c in " ".join(words[1:])) else name
        pattern = rf"(?<![\w.,$€£])({number})\s*(?:x|×)?\s+(?:[^\W\d_]+\s+)?{re.escape(tail)}(?![\w-])"
        for match in re.finditer(pattern, low):
            value = number_value(match.group(1), inp.lang)
            if value is not None and value != quantity:
                found.append(Fact("count", match.start(1), match.end(1), match.group(1), value))
    return found


def _refusal_places(output: ToolOutput, inp: GuardInput) -> tuple[int, ...]:
    """The places left a refusal's details give ("not enough places left": `places_left` 1; an alternative's 6),
    typed from their key names: the tool's evidence declares its result's fields, not its refusal's."""
    if not isinstance(output.data, dict):
        return ()
    return typed(output.data, inferred(output.data), inp.currency, minor_unit_factor).places_left


def _named_or_priced(items: list[ListedItem], named: list[ListedItem], said: set[int]) -> list[ListedItem]:
    """The listed items a clause speaks of, among those it names, by the amounts it says: those named of a said
    amount ("o Pix de R$ 80,00 pro Pedro Lima saiu": Pedro's scheduled one, not the one he sent), and the items it
    names by their amount alone ("dos salieron bien (R$ 320,00 y R$ 87,40) y uno de R$ 2.000,00 a Ana falló": the
    two sent ones are spoken of too, not Ana's failed one only) — where it says two amounts or more: one amount is the
    price a named item shares with others ("the 10:30 bus, $45")."""
    priced = [item for item in named if item.amounts & said] or named
    if len(said) < 2:
        return priced
    return [*priced, *(item for item in items if item.amounts & said and item not in priced)]


# A day said as a bound of a rule, open after it ("para mañana o después", "amanhã ou depois", "tomorrow or later")
_OPEN_BOUND_RE = re.compile(r"\s+(?:o despues|o mas tarde|ou depois|ou mais tarde|o mes tard|o despres|or later"
                            r"|onwards|en adelante|em diante|endavant)(?!\w)")
# "we have 7", "hay uno a $ …", "en tenim set.": a stock said with no noun after it (a result's places left)
_HAVE_BEFORE_RE = re.compile(r"(?<!\w)(?:we (?:still |also )?have|temos|tem|ha|hay|tenemos|tenim|hi ha|en tenim)\s+$")
_NOUN_AFTER_RE = re.compile(r"\s+[a-z]{3,}")
_NOT_NOUNS_AFTER = frozenset({"por", "para", "pra", "per", "a", "at", "for", "de", "en", "in", "em", "no", "na"})


def _in_stock(low: str, fact: Fact) -> bool:
    """Whether a number of results found is a stock said: after "we have", "temos", "hay", "tenim", with no noun
    it counts after it ("we have 7.", "hay uno a $ 1.099.000,00", "en tenim set"): how many units are left."""
    if not _HAVE_BEFORE_RE.search(low, max(0, fact.start - 16), fact.start):
        return False
    after = _NOUN_AFTER_RE.match(low, fact.end)
    return after is None or after.group().strip() in _NOT_NOUNS_AFTER


# A word of the language opening a sentence before a name: a verb's form ("Tenim Esquí Iniciació", "Temos Kayak
# Familiar"), an article elided before a common noun ("L'oferta és vàlida", "D'acord")
_SENTENCE_START_RE = re.compile(r"(?:^|[.!?:\n]\s*|[-•*]\s+)$")
_ELIDED_RE = re.compile(r"^[LlDd]['’]([^\W\d_]+)$")
# an article elided before a name, its capital the sentence's ("L'Ana arriba en 3 minuts", "D'Els Pets en queden 6")
_ELIDED_BEFORE_NAME_RE = re.compile(r"^[LD]['’]((?:[A-ZÀ-ÖØ-Þ]).*)$")
# a weak pronoun elided before another or before its verb, as Catalan writes them opening a sentence ("Te'l reservo?",
# "M'ho confirmes?", "N'hi ha 10", "T'envio l'enllaç")
_CLITIC_RE = re.compile(r"^(?:[MTSNmtsn][eE]?|[Ee]ns|[Uu]s|[Ll]i)['’](l|ls|la|les|n|m|t|s|ns|hi|ho|[^\W\d_]+)$")
_CLITICS = frozenset({"l", "ls", "la", "les", "n", "m", "t", "s", "ns", "hi", "ho"})


def _word_opening_a_sentence(inp: GuardInput, fact: Fact, support: FactSupport) -> bool:
    """Whether an unsupported name opening a sentence is a word of the draft's language: an elided article and a
    common noun ("L'oferta", "L'import"), or a verb's inflected form before a supported name ("Tenim Esquí
    Iniciació", "Tenemos Kayak Familiar"); the name itself is judged as said after it."""
    if inp.lang == "en" or not _SENTENCE_START_RE.search(inp.draft, max(0, fact.start - 3), fact.start):
        return False
    if (article := _ELIDED_BEFORE_NAME_RE.match(fact.raw)) is not None:
        return _name_supported(article.group(1), support)  # "L'Ana arriba", "L'Hotel Sol té": the article's capital
    if (elided := _ELIDED_RE.match(fact.raw)) is not None:
        return in_dictionary(elided.group(1).lower(), inp.lang)
    if inp.lang == "ca" and (clitic := _CLITIC_RE.match(fact.raw)) is not None:
        after = clitic.group(1).lower()
        return after in _CLITICS or verb_form(after, inp.lang) or in_dictionary(after, inp.lang)
    first, _, rest = fact.raw.partition(" ")
    return bool(rest) and verb_form(first.lower(), inp.lang) and _name_supported(rest, support)


# A price for one ("$18 for one person", "R$ 50 por 1 pessoa"): a unit, no count.
_PER_UNIT_BEFORE_RE = re.compile(r"(?:\d|[$€£])[\d.,]*\s+(?:for|per|por|para|pra|per a)\s+$")
# A search's words before a failure said of it: no effect failed.
_SEARCH_BEFORE_RE = re.compile(r"(?<!\w)(?:search\w*|look(?:ing)? ?up|lookup|busca\w*|pesquisa\w*|consulta\w*|cerca\w*)(?!\w)")
_MAX_WAIT = 180
_MAX_TIMES = 60


def _between_times(minutes: int, supported_minutes: set[int]) -> bool:
    """Whether a wait in minutes is the time between two supported moments ("you can board the 10:50 bus if you wait
    for 5 minutes" after asking for 10:45): the reply's own sum of two facts."""
    if not 0 < minutes <= _MAX_WAIT or len(supported_minutes) > _MAX_TIMES:
        return False
    return any(moment + minutes in supported_minutes for moment in supported_minutes)


# "10 other options" besides the one offered: the result listed one more
_OTHER_AFTER_RE = re.compile(r"\s+(?:other|others|outr[oa]s|otr[oa]s|altres)(?!\w)")
_CHOICES_RE = re.compile(r",|\bor\b")


def _listed_with_a_category(draft: str, fact: Fact, vocabulary: Iterable[str]) -> bool:
    """Whether a capitalised word of the language is one of the choices a question offers beside a category of the
    tools' vocabulary ("Do you like Sports, Dance or Music?", "a General Practitioner, Dermatologist, Psychiatrist,
    or another kind of doctor?"): another category asked about, no name stated. A list in a statement, or beside
    no category, stays read."""
    end = draft.find("?", fact.end)
    if end < 0 or any(mark in draft[fact.end:end] for mark in ".!\n"):
        return False
    start = max(draft.rfind(mark, 0, fact.start) for mark in ".!?\n") + 1
    items = [item.strip() for item in _CHOICES_RE.split(folded(draft[start:end]))]
    word = folded(fact.raw)
    if word not in items:
        return False  # the word alone is a choice
    categories = {folded(value) for value in vocabulary}
    return any(item != word and any(item == c or item.endswith(" " + c) for c in categories) for item in items if item)


@register(NAME)
def unsupported_fact(inp: GuardInput, deadline: float) -> GuardVerdict:
    missing = unsupported_facts(inp, deadline)
    if missing is None:
        return GuardVerdict.budget_exceeded(NAME, inp.lang)
    if not missing:
        return GuardVerdict.ok()
    evidence = list(dict.fromkeys(fact.raw for fact in missing))
    return GuardVerdict.fail(NAME, explain(NAME, inp.lang, evidence), evidence)
