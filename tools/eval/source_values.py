"""The numbers and clock times a dialogue's sources hold so far, read apart from the guards, for the harness's
oracle of values stated from no source (`tools.eval.guards.states_unsourced`).

A source is what a production turn could support a value with: a customer message, an earlier reply, a service
call's arguments or results, a confirmed slot, a schema default. Every reading is generous, so that a value some
source gives in another form is never counted as unsourced: every digit group is a number (its thousands
separators dropped, its trailing decimal zeros too: "4.30" is 4.3), a number of a result or a message is also
any sum of two of them ("$252 in total" of $120 and $132), and every hour a source writes ("7", "7:45", "19:00",
"seven", "quarter past 7") is a clock time in either half of the day. A held number of the draft is unsourced when
none of its readings is one of these: "gates opening at 3 pm" when no source writes a 3 or a 15:00, "4.2 stars" when
no source writes 4.2, "$2,443.48.68" (a balance of 2443.48 mistyped) when no source writes that number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_NUMBER_RE = re.compile(r"\d+(?:[.,]\d+)*")
_CLOCK_RE = re.compile(r"(?<![\d.,/-])(\d{1,2})(?:[:.h](\d{2}))?(?![\d,/-]|\.\d)")
_HOUR_WORDS = {word: hour for hour, word in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}
_HOUR_WORD_RE = re.compile(r"\b(" + "|".join(_HOUR_WORDS) + r")\b")
_PAST_RE = re.compile(r"\b(quarter|half)\s+(past|to)\s+(\d{1,2}|" + "|".join(_HOUR_WORDS) + r")\b")
_HELD_CLOCK_RE = re.compile(r"(\d{1,2})(?:[:.h](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?", re.IGNORECASE)
_MAX_SUMMED = 400  # numbers of a turn's sources summed in pairs (a result of many rows is read for its values only)


def number_key(raw: str) -> str:
    """A number as its digits: thousands separators dropped, trailing decimal zeros too ("2,443.48" → "2443.48",
    "4.30" → "4.3", "17.00" → "17"); a malformed number ("2,443.48.68") keeps its dots."""
    text = raw.replace(",", "") if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", raw) else raw.replace(",", ".")
    if text.count(".") == 1:
        whole, decimals = text.split(".")
        decimals = decimals.rstrip("0")
        text = f"{whole}.{decimals}" if decimals else whole
    return text.lstrip("0") or "0"


def _both_halves(hour: int, minute: int) -> set[int]:
    if hour > 24 or minute > 59:
        return set()
    return {(hour % 24) * 60 + minute, ((hour % 12) + 12) * 60 + minute, (hour % 12) * 60 + minute}


@dataclass
class SourceValues:
    """The numbers and clock times (minutes of the day) of a dialogue's sources so far."""

    numbers: set[str] = field(default_factory=set)
    minutes: set[int] = field(default_factory=set)
    summable: list[float] = field(default_factory=list)

    def add(self, value: object) -> None:
        text = str(value).lower()
        for match in _NUMBER_RE.finditer(text):
            key = number_key(match.group())
            if key not in self.numbers:
                self.numbers.add(key)
                try:
                    self.summable.append(float(key))
                except ValueError:
                    pass
            for part in re.split(r"[.,]", match.group()):  # each digit group too: "17:00", "2019-03-05"
                self.numbers.add(number_key(part))
        for match in _CLOCK_RE.finditer(text):
            self.minutes |= _both_halves(int(match.group(1)), int(match.group(2) or 0))
        for match in _HOUR_WORD_RE.finditer(text):
            self.minutes |= _both_halves(_HOUR_WORDS[match.group(1)], 0)
        for match in _PAST_RE.finditer(text):
            raw = match.group(3)
            hour = int(raw) if raw.isdigit() else _HOUR_WORDS[raw]
            minute = 30 if match.group(1) == "half" else 15 if match.group(2) == "past" else 45
            self.minutes |= _both_halves(hour if match.group(2) == "past" else hour - 1, minute)

    def copy(self) -> SourceValues:
        return SourceValues(set(self.numbers), set(self.minutes), list(self.summable))

    def has_number(self, key: str) -> bool:
        if key in self.numbers:
            return True
        try:
            value = float(key)
        except ValueError:
            return False
        values = self.summable[-_MAX_SUMMED:]
        seen = {round(v, 2) for v in values}
        return any(round(value - v, 2) in seen for v in values)

    def has_clock(self, text: str) -> bool | None:
        """Whether a time said in `text` ("3 pm", "7:30pm", "19:00") is one a source writes; None if it says none."""
        match = _HELD_CLOCK_RE.search(text)
        if match is None:
            return None
        hour, minute, half = int(match.group(1)), int(match.group(2) or 0), (match.group(3) or "").lower()
        if half.startswith("p") and hour < 12:
            readings = {(hour + 12) * 60 + minute}
        elif half.startswith("a"):
            readings = {(hour % 12) * 60 + minute}
        else:
            readings = _both_halves(hour, minute)
        return bool(readings & self.minutes)

    def states_unsourced_number(self, fact: str) -> bool:
        """Whether a held fact says a number or a time that no source writes in any form (see the module doc); False
        for a fact with no digit (a name, a status: other oracles')."""
        if not any(c.isdigit() for c in fact):
            return False
        if re.search(r"\d\s*(?:a\.?m\b|p\.?m\b)|\d:\d\d", fact, re.IGNORECASE):
            return self.has_clock(fact) is False
        return all(not self.has_number(number_key(match.group())) for match in _NUMBER_RE.finditer(fact))
