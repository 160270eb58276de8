"""Mutations of true SGD turns, one family per fact kind: the draft says a wrong fact of that kind.

Every mutation changes one value the turn says (found by SGD's own spans of the slot values in the utterance) to
a value that appears nowhere in the whole dialogue — not in any utterance, service call or result — so no source
can support it (an oracle written apart from the guards, over the whole dialogue where the guards see only what
came before the turn):

* `name` — a name slot's value (restaurant, event, stylist, doctor, recipient, city, street, venue…) replaced by
  the value of the same service's same slot in another dialogue of the split (`NamePool`);
* `name_near` — one word of a name slot's value replaced by a word of another dialogue's name one letter away
  (left out, added, changed or two swapped: "Maria" → "Mara", "Paula" → "Paul", "Valley" → "Alley", "San" →
  "Jan"; not an "s" more or less, a plural or possessive of the same word): a genuinely different name the
  tolerance for typing slips must not let through;
* `date` — a date slot's value ("March 5th", "Tuesday", "tomorrow", "the 5th") shifted by one to six days;
* `time` — a time slot's value ("5:30 pm", "17:30", "6 pm") moved by one to three hours;
* `count` — a count ("for 2 people", "4 tickets", "I found 10 restaurants") one more or one less;
* `status` — a turn announcing a transaction's outcome told the other way: a success said to have failed, a
  failure said to be done;
* `effect_kind` — a turn whose booking (or transfer) succeeded claiming an effect of the other kind;
* `amount` — `guards.calibration.amount_mutations` (far, near, sums, cents read as units, another currency,
  identifier digits).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import date, timedelta
from typing import Any

from guards.calibration import Case, amount_mutations
from guards.checks.facts import NICKNAMED, NICKNAMES
from guards.contract import GuardInput
from guards.facts import NUMBER_WORDS, dates_in, said_days, said_times
from language.names import OPTIONAL
from tools.eval.sgd import TODAY, Turn, spans_of

NAME_SLOT_RE = re.compile(r"(?:^|_)(?:name|city|venue|location|address|stylist|doctor|dentist|therapist|station"
                          r"|airport|origin|destination|attraction|theater|hotel|restaurant|artist|title)(?:_|$)"
                          r"|^(?:city|venue|destination|origin|location)")
DATE_SLOT_RE = re.compile(r"date")
TIME_SLOT_RE = re.compile(r"time")
COUNT_SLOT_RE = re.compile(r"party_size|number_of_(?:tickets|seats|riders|rooms|adults|days)|passengers|travelers"
                           r"|group_size|^count$")
MONTHS = ("January February March April May June July August September October November December").split()
WEEKDAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()
EN_WORDS = {v: k for k, v in NUMBER_WORDS["en"].items() if k != "a couple of"}
_WORD_RE = re.compile(r"[a-z0-9]+")
_ORDINAL = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}


def seed_of(*parts: object) -> int:
    return int(hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:8], 16)


def dialogue_oracle(dialogue: dict) -> dict[str, set[Any]]:
    """Every word, date, minute of the day and small number anywhere in a dialogue: utterances, calls, results."""
    texts = []
    for turn in dialogue["turns"]:
        texts.append(turn["utterance"])
        for frame in turn.get("frames", []):
            call = frame.get("service_call") or {}
            texts.extend(str(v) for v in call.get("parameters", {}).values())
            results = frame.get("service_results", [])
            if results:
                texts.append(str(len(results)))  # what "I found N" may count
            for result in results:
                texts.extend(str(v) for v in result.values())
            for values in frame.get("slot_values", {}).values():
                texts.extend(values)
    words: set[str] = set()
    dates: set[date] = set()
    minutes: set[int] = set()
    numbers: set[int] = set()
    days: set[int] = set()
    today = date.fromisoformat(TODAY)
    dates.add(today)  # the organisation's today is a fact of every turn: no mutation may land on it
    for text in texts:
        low = text.lower()
        words.update(_WORD_RE.findall(low))
        for iso in re.findall(r"\d{4}-\d{2}-\d{2}", text):
            dates.add(date.fromisoformat(iso))
        for clock in re.findall(r"\b(\d{1,2}):(\d{2})\b", text):
            minutes.add(int(clock[0]) * 60 + int(clock[1]))
        minutes.update(said_times(text, "en"))
        for fact in dates_in(text, "en"):
            value: Any = fact.value
            if value[0] == "ymd":
                dates.add(date(value[1] or today.year, value[2], value[3]))
            elif value[0] == "relative":
                dates.add(today + timedelta(days=value[1]))
            elif value[0] == "weekday":
                for weeks in range(3):
                    dates.add(today + timedelta(days=(value[1] - today.weekday()) % 7 + 7 * weeks))
        days.update(said_days(text))
        numbers.update(int(n) for n in re.findall(r"\b\d{1,3}\b", text))
        numbers.update(v for w, v in NUMBER_WORDS["en"].items() if re.search(rf"\b{w}\b", low))
    return {"words": words, "dates": dates, "minutes": minutes, "numbers": numbers, "days": days}


class NamePool:
    """The values of each name slot of each service across the split's dialogues, to draw a wrong name from.

    Keyed by (service, slot), not by slot name alone: services give one slot name to facts of different kinds — a
    Calendar event's `event_name` is what the customer wrote down ("Stylist visit", "Appointment"), an Events
    service's is a concert or a game; a ride's `destination` is a street address, a flight's a city. A value of
    another service's slot is no wrong fact this service's reply could state ("Your tickets for Stylist visit are
    booked"), so it measured what no tool would return; the same service's other value is the wrong fact a model
    could draw from an earlier result. The values are those of the dialogues `add` was given: the caller fills it
    from the split it runs (`tools.eval.guards.name_pool`), so a dev run draws no held-out dialogue's name.
    """

    def __init__(self) -> None:
        self.values: dict[tuple[str, str], list[str]] = {}
        self._words: frozenset[str] | None = None

    def add(self, dialogue: dict) -> None:
        for turn in dialogue["turns"]:
            for frame in turn.get("frames", []):
                service = frame.get("service", "")
                for action in frame.get("actions", []):
                    slot = action.get("slot") or ""
                    if NAME_SLOT_RE.search(slot):
                        for value in action.get("values", []):
                            if any(c.isupper() for c in value) and len(value) > 2:
                                self.values.setdefault((service, slot), []).append(value)

    def words(self) -> frozenset[str]:
        """Every word of three letters or more of the pool's names, folded to lower case, but the articles, particles
        and legal forms a name may hold or not ("the", "and", "inc": `language.names.OPTIONAL`)."""
        if self._words is None:
            self._words = frozenset(word for values in self.values.values() for value in values
                                    for word in _LETTERS_RE.findall(value.lower())
                                    if len(word) >= 3 and word not in OPTIONAL)
        return self._words

    def near(self, word: str, oracle_words: set[str], seed: int) -> str | None:
        """A word of the pool's names one letter from `word` (`_one_edit`) that the dialogue never says. The same word
        with an "s" more or less is no other name here (a plural or a possessive: "Giants", "Restaurants")."""
        low = word.lower()
        found = sorted(candidate for candidate in _one_edit(low) & self.words()
                       if candidate != low and candidate not in oracle_words
                       and candidate != low + "s" and low != candidate + "s")
        return found[seed % len(found)] if found else None

    def other(self, service: str, slot: str, oracle_words: set[str], seed: int) -> str | None:
        pool = self.values.get((service, slot)) or []
        for step in range(min(60, len(pool))):
            candidate = pool[(seed + step * 7919) % len(pool)]
            words = set(_WORD_RE.findall(candidate.lower()))
            if words and not words & oracle_words and not _nicknames(words, oracle_words):
                return candidate
        return None


def _nicknames(words: set[str], oracle_words: set[str]) -> bool:
    """Whether `words` hold a city's nickname of a city the dialogue names, or the other way round ("NYC" where it
    says New York, "Philadelphia" where it says "Philly"): the same city, no wrong name."""
    return any(all(part in oracle_words for part in NICKNAMES.get(word, ("",)))
               or any(nick in oracle_words for nick in NICKNAMED.get(word, ())) for word in words)


_LETTERS_RE = re.compile(r"[a-z]+")
_ALPHABET = "abcdefghijklmnopqrstuvwxyz"


def _one_edit(word: str) -> set[str]:
    """Every string one letter left out, added, changed or two neighbours swapped away from `word`."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    return ({a + b[1:] for a, b in splits if b} | {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
            | {a + c + b[1:] for a, b in splits if b for c in _ALPHABET} | {a + c + b for a, b in splits for c in _ALPHABET})


def _cased_like(word: str, model: str) -> str:
    return word.upper() if model.isupper() else word.capitalize() if model[:1].isupper() else word


def _near_name(text: str, names: NamePool, oracle: dict, vocabulary: tuple[str, ...], seed: int) -> str | None:
    """`text` (a name the draft says) with one of its words replaced by a near other name's word (`NamePool.near`)
    that neither the dialogue nor the services' categorical values say."""
    words = [m for m in re.finditer(r"[A-Za-z]+", text)
             if len(m.group()) >= 3 and m.group()[0].isupper() and m.group().lower() not in OPTIONAL]
    said = oracle["words"] | {word for value in vocabulary for word in _LETTERS_RE.findall(value.lower())}
    for step in range(len(words)):
        match = words[(seed + step) % len(words)]
        new = names.near(match.group(), said, seed)
        if new is not None:
            return text[:match.start()] + _cased_like(new, match.group()) + text[match.end():]
    return None


def _render_date(day: date, style: str) -> str:
    if style == "weekday":
        return WEEKDAYS[day.weekday()]
    if style == "ordinal":
        return f"the {day.day}{_ORDINAL.get(day.day, 'th')}"
    return f"{MONTHS[day.month - 1]} {day.day}{_ORDINAL.get(day.day, 'th')}"


def _date_mutation(text: str, oracle: dict, seed: int) -> str | None:
    facts = dates_in(text, "en")
    if len(facts) != 1 or facts[0].raw.lower() != text.strip().lower():
        return None
    value: Any = facts[0].value
    today = date.fromisoformat(TODAY)
    if value[0] == "ymd":
        base, style = date(value[1] or today.year, value[2], value[3]), "month"
    elif value[0] == "weekday":
        base, style = today + timedelta(days=(value[1] - today.weekday()) % 7), "weekday"
    elif value[0] == "relative":
        base, style = today + timedelta(days=value[1]), "month"
    elif value[0] == "day":
        base, style = date(today.year, today.month, value[1]), "ordinal"
    else:
        return None
    for shift in (1 + seed % 3, 2 + seed % 4, 5, 6, -1, -2):
        candidate = base + timedelta(days=shift)
        if candidate in oracle["dates"] or candidate.day in oracle["days"] or (style == "weekday" and any(
                d.weekday() == candidate.weekday() for d in oracle["dates"])):
            continue
        if style == "ordinal" and any(d.day == candidate.day for d in oracle["dates"]):
            continue
        return _render_date(candidate, style)
    return None


_CLOCK_RE = re.compile(r"^(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$", re.IGNORECASE)


def _time_mutation(text: str, oracle: dict, seed: int) -> str | None:
    match = _CLOCK_RE.match(text.strip())
    if not match:
        return None
    hour, minute, half = int(match.group(1)), int(match.group(2) or 0), (match.group(3) or "").lower()
    if half.startswith("p") and hour < 12:
        hour += 12
    if half.startswith("a") and hour == 12:
        hour = 0
    base = hour * 60 + minute
    for shift in (60 + 30 * (seed % 2), 120, 180, -60, -120):
        candidate = (base + shift) % (24 * 60)
        readings = {candidate, (candidate + 720) % 1440} if not half else {candidate}
        if readings & oracle["minutes"] or not 6 * 60 <= candidate <= 23 * 60:
            continue
        h, m = divmod(candidate, 60)
        if half:
            minutes = f":{m:02d}" if m or match.group(2) else ""
            return f"{h % 12 or 12}{minutes} {'pm' if h >= 12 else 'am'}"
        return f"{h}:{m:02d}" if match.group(2) else str(h)
    return None


def _count_mutation(text: str, oracle: dict, seed: int) -> str | None:
    raw = text.strip().lower()
    value = int(raw) if raw.isdigit() else NUMBER_WORDS["en"].get(raw)
    if value is None or value > 50:
        return None
    for candidate in (value + 1, value - 1, value + 2):
        if candidate < 1 or candidate in oracle["numbers"]:
            continue
        return str(candidate) if raw.isdigit() else EN_WORDS.get(candidate)
    return None


FAILURE_SENTENCES = ("Unfortunately, it failed.", "Sorry, that could not be completed.",
                     "I'm afraid the request was declined.")
SUCCESS_SENTENCES = ("It is all booked and confirmed.", "Your reservation is confirmed.", "The payment went through.")
MONEY_CLAIMS = ("I've also sent the payment for it.", "The transfer has been made as well.")
BOOKING_CLAIMS = ("I've also booked a table for you.", "Your reservation has been confirmed too.")


def _joined(draft: str, sentence: str) -> str:
    draft = draft.rstrip()
    return f"{draft}{' ' if draft.endswith(('.', '!', '?')) else '. '}{sentence}"


def mutations(turn: Turn, oracle: dict, names: NamePool) -> Iterator[tuple[str, GuardInput]]:
    """(kind, mutated input) for a true turn (see the module doc)."""
    inp = turn.inp
    draft = inp.draft
    seed = seed_of(turn.dialogue_id, turn.turn)
    done_kinds: set[str] = set()
    for service, slot, start, end in spans_of(turn):
        text = draft[start:end]
        kind, new = None, None
        if COUNT_SLOT_RE.search(slot):
            kind, new = "count", _count_mutation(text, oracle, seed)
        elif DATE_SLOT_RE.search(slot):
            kind, new = "date", _date_mutation(text, oracle, seed)
        elif TIME_SLOT_RE.search(slot):
            kind, new = "time", _time_mutation(text, oracle, seed)
        elif NAME_SLOT_RE.search(slot) and any(c.isupper() for c in text):
            kind, new = "name", names.other(service, slot, oracle["words"], seed)
            if new is not None and text.isupper():
                new = new.upper()
        if kind == "name" and "name_near" not in done_kinds:
            near = _near_name(text, names, oracle, inp.vocabulary, seed)
            if near is not None:
                done_kinds.add("name_near")
                yield "name_near", replace(inp, draft=draft[:start] + near + draft[end:])
        if kind is None or new is None or kind in done_kinds:
            continue
        done_kinds.add(kind)
        yield kind, replace(inp, draft=draft[:start] + new + draft[end:])
    count = re.search(r"\b(?:found|have|are|see)\s+(\d{1,3})\b", draft, re.IGNORECASE)
    if count and "count" not in done_kinds:
        new = _count_mutation(count.group(1), oracle, seed)
        if new is not None:
            yield "count", replace(inp, draft=draft[:count.start(1)] + new + draft[count.end(1):])
    if turn.succeeded:
        yield "status", replace(inp, draft=_joined(draft, FAILURE_SENTENCES[seed % len(FAILURE_SENTENCES)]))
        kinds = {inp.effect_kinds.get(tool, "") for tool in turn.succeeded}
        claims = BOOKING_CLAIMS if "money" in kinds else MONEY_CLAIMS
        yield "effect_kind", replace(inp, draft=_joined(draft, claims[seed % len(claims)]))
    elif turn.failed:
        yield "status", replace(inp, draft=_joined(draft, SUCCESS_SENTENCES[seed % len(SUCCESS_SENTENCES)]))
    for _family, mutated in amount_mutations(Case(turn.dialogue_id, turn.turn, inp)):
        yield "amount", mutated
