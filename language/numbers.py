"""Numbers said or typed in pt-BR, es, ca and en, with their spans in the original text.

Digits ("1.890,00", "1,890.00", "500") are read with babel's locale-aware `parse_decimal`; number words
are read with text2num's `find_numbers` for pt/es/en. text2num has no Catalan, so Catalan words are read
with the small table and accumulator in this module (the only hand-written number parser here). A digit
number followed by a multiplier word ("500 mil", "1,5 milhão", "3 million") is one number; text2num
reads only pure-word forms.

Informal amounts (see `SLANG_MULTIPLIERS`): "1.5k", "2k", "1k" (a "k" glued or after a space, any language),
"1,5 lucas"/"2 luca" (a thousand, Brazilian and Argentine), "two grand", "un palo" (a million, Argentine) are one
number, with the word in the span. Groups of three digits separated by spaces are one number when that reading is
the only likely one (`_joinable`: "1 000", "12 500,00", "1 234"); "2 100" stays 2 and 100.

Not numbers here: clock times ("15:00", "15h", "9h30"), numeric dates ("5/12", "2019-03-01") and digits
glued to letters ("S21", "128GB"). "5th", "12º", "twelfth", "primeira" are numbers with `ordinal=True`.
"""

import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from typing import NamedTuple

from babel.numbers import NumberFormatError, parse_decimal
from text_to_num import find_numbers as _t2n_find_numbers

from language.locales import Lang, babel_locale, text2num_lang
from language.text import fold


class NumberMention(NamedTuple):
    """A number found in a text: `text[start:end] == raw`. A tuple, cheap to build by thousands: guards.mentions
    reads every draft with it (as `Number`)."""

    value: Decimal
    start: int
    end: int
    raw: str
    ordinal: bool = False


_TOKEN_RE = re.compile(
    r"""(?P<skip>(?<!\w)(?:\d{1,2}(?::\d{2}(?::\d{2})?|h\d{0,2})|\d{1,4}[/-]\d{1,2}(?:[/-]\d{1,4})?)(?!\w))
      |(?P<ordinal>(?<!\w)\d{1,4}(?:st|nd|rd|th|º|ª|°)(?!\w))
      |(?P<kilo>(?<![\w.,])\d+(?:[.,]\d+)?\s?[kK](?!\w))
      |(?P<spaced>(?<![\w.,])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:,\d{1,2})?(?![\w.,]?\d))
      |(?P<digits>(?<![\w.,])\d+(?:[.,]\d+)*(?!\w))
      |(?P<word>[^\W\d_]+(?:[-'’·][^\W\d_]+)*(?!\w))
      |(?P<mixed>\w+)
      |(?P<punct>[^\w\s])""",
    re.VERBOSE,
)

# Money slang that multiplies the number before it; text2num knows none of them, so they also follow number words.
SLANG_MULTIPLIERS: dict[Lang, dict[str, int]] = {
    "pt-BR": {"k": 10**3, "luca": 10**3, "lucas": 10**3},
    "es": {"k": 10**3, "luca": 10**3, "lucas": 10**3, "palo": 10**6, "palos": 10**6},
    "ca": {"k": 10**3},
    "en": {"k": 10**3, "grand": 10**3},
}
MULTIPLIERS: dict[Lang, dict[str, int]] = {
    "pt-BR": {"mil": 10**3, "milhao": 10**6, "milhoes": 10**6, "bilhao": 10**9, "bilhoes": 10**9} | SLANG_MULTIPLIERS["pt-BR"],
    "es": {"mil": 10**3, "millon": 10**6, "millones": 10**6} | SLANG_MULTIPLIERS["es"],
    "ca": {"mil": 10**3, "milio": 10**6, "milions": 10**6} | SLANG_MULTIPLIERS["ca"],
    "en": {"thousand": 10**3, "million": 10**6, "millions": 10**6, "billion": 10**9} | SLANG_MULTIPLIERS["en"],
}

_CA_UNITS: dict[str, int] = {
    "zero": 0, "u": 1, "un": 1, "una": 1, "dos": 2, "dues": 2, "tres": 3, "quatre": 4, "cinc": 5, "sis": 6,
    "set": 7, "vuit": 8, "nou": 9, "deu": 10, "onze": 11, "dotze": 12, "tretze": 13, "catorze": 14,
    "quinze": 15, "setze": 16, "disset": 17, "divuit": 18, "dinou": 19, "vint": 20, "trenta": 30,
    "quaranta": 40, "cinquanta": 50, "seixanta": 60, "setanta": 70, "vuitanta": 80, "noranta": 90,
}
_CA_HUNDREDS_SUFFIX = ("cents", "centes")
_SOME_WORDS = frozenset({"uns", "umas", "unos", "unas", "unes"})


@dataclass(frozen=True, slots=True)
class _Token:
    """A token of the input; `text()` and friends make it a text2num Token."""

    kind: str
    raw: str
    start: int
    end: int
    t2n_text: str

    def text(self) -> str:
        return self.t2n_text

    def nt_separated(self, previous: "_Token") -> bool:
        return False

    def not_a_number_part(self) -> bool:
        return False


def _tokens(text: str) -> list[_Token]:
    """Split `text` into typed tokens; only word tokens are shown to text2num, the others read as ","."""
    out: list[_Token] = []
    for match in _TOKEN_RE.finditer(text):
        kind = match.lastgroup or "punct"
        raw = match.group()
        out.append(_Token(kind, raw, match.start(), match.end(), raw if kind == "word" else ","))
    return out


@lru_cache(maxsize=8192)
def parse_digits(raw: str, lang: Lang) -> Decimal | None:
    """Value of a digit number typed in `lang`'s convention ("1.890,00" pt -> 1890.00, "1,890.00" en).

    Strict babel parse in the language's locale first, then in the other convention ("12.50" typed in
    Portuguese is 12.50), then babel's lenient parse. None if nothing reads it.
    """
    other = "pt_BR" if lang == "en" else "en"
    for locale, strict in ((babel_locale(lang), True), (other, True), (babel_locale(lang), False)):
        try:
            return parse_decimal(raw, locale=locale, strict=strict)
        except NumberFormatError:
            continue
    return None


def _ca_word(word: str) -> tuple[int, str] | None:
    """(value, kind) of one folded Catalan number word; kind is unit, hundred, thousand or million."""
    if word in _CA_UNITS:
        return _CA_UNITS[word], "unit"
    if word == "cent":
        return 100, "hundred"
    if word == "mil":
        return 1000, "thousand"
    if word in ("milio", "milions"):
        return 10**6, "million"
    parts = re.split(r"-i-|-", word)
    if len(parts) != 2 or parts[0] not in _CA_UNITS:
        return None
    head, tail = _CA_UNITS[parts[0]], parts[1]
    if tail in _CA_HUNDREDS_SUFFIX and 2 <= head <= 9:
        return head * 100, "hundred"
    if head >= 20 and head % 10 == 0 and tail in _CA_UNITS and 1 <= _CA_UNITS[tail] <= 9:
        return head + _CA_UNITS[tail], "unit"
    return None


_CA_BREAKS = {"unit": {"unit"}, "hundred": {"unit", "hundred"}, "thousand": {"thousand"}, "million": {"million"}}


def _catalan_runs(tokens: list[_Token]) -> Iterator[tuple[int, int, int]]:
    """(first token index, end token index, value) of each Catalan number-word run.

    Hand-written because text2num has no Catalan: an accumulator over units, hundreds, "mil" and
    "milió/milions". Two units or a hundred after a unit in a row start a new number ("dos tres").
    """
    index = 0
    while index < len(tokens):
        start, total, segment, last = index, 0, 0, ""
        while index < len(tokens) and tokens[index].kind == "word":
            read = _ca_word(fold(tokens[index].raw))
            if read is None or last in _CA_BREAKS[read[1]]:
                break
            value, kind = read
            if kind in ("unit", "hundred"):
                segment += value
            elif kind == "thousand":
                total, segment = total + (segment or 1) * 1000, 0
            else:
                total, segment = (total + (segment or 1)) * value, 0
            last, index = kind, index + 1
        if index > start:
            yield start, index, total + segment
        else:
            index += 1


def _word_runs(tokens: list[_Token], lang: Lang) -> Iterator[tuple[int, int, Decimal, bool]]:
    """(first token, end token, value, ordinal) of each number-word run, by text2num or the Catalan table."""
    code = text2num_lang(lang)
    if code is None:
        for first, end, value in _catalan_runs(tokens):
            yield first, end, Decimal(value), False
        return
    for occurrence in _t2n_find_numbers(tokens, code, 0):
        if occurrence.end - occurrence.start == 1 and len(tokens[occurrence.start].raw) == 1:
            continue  # a lone letter ("o" as in o'clock) is no number word
        if occurrence.end - occurrence.start == 1 and fold(tokens[occurrence.start].raw) in _SOME_WORDS:
            continue  # "umas 3 horas", "unos 50": "some", not one
        value = occurrence.value
        number = Decimal(int(value)) if float(value).is_integer() else Decimal(str(value))
        yield occurrence.start, occurrence.end, number, bool(occurrence.is_ordinal)


def _joinable(raw: str) -> bool:
    """Whether space-separated digit groups are one number: round thousands ("1 000", "25 000", "12 500") or a
    first group of 1 ("1 234"); "2 100" could be two transfers of 100 and stays two numbers."""
    groups = re.findall(r"\d+", raw.split(",")[0])
    return groups[0] == "1" or all(group in ("000", "500") for group in groups[1:])


def _mention(text: str, value: Decimal, start: int, end: int, ordinal: bool = False) -> NumberMention:
    """A NumberMention over `text[start:end]`."""
    return NumberMention(value=value, start=start, end=end, raw=text[start:end], ordinal=ordinal)


def find_numbers(text: str, lang: Lang) -> list[NumberMention]:
    """Every number in `text`, in order, as spans of the original text.

    Linear in the text: one tokenising regex pass, one text2num pass (or the Catalan table) and one
    merge pass for "digits + multiplier word" ("500 mil" = 500000, "1,5 milhão" = 1500000). The dates, money
    and perceiver rules read the same message several times, so recent answers are kept (mentions are frozen).
    """
    return list(_find_numbers(text, lang))


@lru_cache(maxsize=2048)
def _find_numbers(text: str, lang: Lang) -> tuple[NumberMention, ...]:
    """`find_numbers`, cached."""
    tokens = _tokens(text)
    multipliers = MULTIPLIERS[lang]
    words = {first: (end, value, ordinal) for first, end, value, ordinal in _word_runs(tokens, lang)}
    found: list[NumberMention] = []
    index = 0
    slang = SLANG_MULTIPLIERS[lang]
    value: Decimal | None
    while index < len(tokens):
        token = tokens[index]
        if index in words:
            end, value, ordinal = words[index]
            following = tokens[end] if end < len(tokens) else None
            factor = slang.get(fold(following.raw)) if following and following.kind == "word" and not ordinal else None
            factor = factor if following and following.raw.islower() else None  # "3268 Grand Avenue" is an address
            if factor and following is not None and end not in words:  # "two grand", "dos lucas"
                found.append(_mention(text, value * factor, token.start, following.end))
                index = end + 1
                continue
            found.append(_mention(text, value, token.start, tokens[end - 1].end, ordinal))
            index = end
            continue
        if token.kind == "ordinal":
            ordinal_digits = re.match(r"\d+", token.raw)
            assert ordinal_digits is not None  # an ordinal token starts with its digits
            found.append(_mention(text, Decimal(ordinal_digits.group()), token.start, token.end, True))
        elif token.kind == "kilo" and (value := parse_digits(token.raw.rstrip("kK").strip(), lang)) is not None:
            found.append(_mention(text, value * 1000, token.start, token.end))
        elif token.kind == "spaced":
            if _joinable(token.raw) and (value := parse_digits(re.sub(r"\s", "", token.raw), lang)) is not None:
                found.append(_mention(text, value, token.start, token.end))
            else:  # "2 100": two numbers, as said
                for group in re.finditer(r"\d+(?:,\d{1,2})?", token.raw):
                    if (value := parse_digits(group.group(), lang)) is not None:
                        found.append(_mention(text, value, token.start + group.start(), token.start + group.end()))
        elif token.kind == "digits" and (value := parse_digits(token.raw, lang)) is not None:
            following = tokens[index + 1] if index + 1 < len(tokens) else None
            factor = multipliers.get(fold(following.raw)) if following and following.kind == "word" else None
            if factor and following is not None and fold(following.raw) in slang and not following.raw.islower() and following.raw != "K":
                factor = None  # a capitalised "Grand" is a name ("3268 Grand Avenue"), not a thousand
            if factor and following is not None and words.get(index + 1, (index + 2,))[0] == index + 2:
                found.append(_mention(text, value * factor, token.start, following.end))
                index += 2
                continue
            found.append(_mention(text, value, token.start, token.end))
        index += 1
    return tuple(found)
