"""`unsupported_amount`: every money amount in the draft must come from somewhere the customer can check.

Supported values are every number in the turn's tool outputs (JSON walked; a key ending in `_cents` counts both as
cents and as a plain number), in the Ask's slots, in the customer's messages and in earlier bot messages (all
numbers there, not only amounts: "tengo 500 mil" is 500000 even without a currency word). An amount is matched to
the hundredth of its major unit, whatever the notation ("R$ 1.890,00", "$5,118.77", "novecientos", "one thousand
three hundred and twenty bucks"). Amounts are found by `language.money.find_amounts`, so counts, party sizes,
dates, times, ratings and ids are not amounts unless a currency marker or a money cue says so.

Sums and differences: an amount may be the sum or difference of two supported amounts, or the sum of three, taken
among the `COMBINATION_POOL` most relevant *amount-like* values (tool fields named like price/amount/balance/total/
fare/cost/fee/…, then amounts said in the conversation, latest first; never counts, durations or ids, which would
make almost any price a sum). That is at most C(40,2)·2 + C(40,3) = 11,440 candidates,
built once per draft, with the deadline checked while building: never exponential.

A currency marker followed by digits that read as no number ("$2,443.48.68") is a malformed amount and fails too.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from functools import lru_cache
from itertools import combinations
from typing import Any, Iterable, Iterator

from guards.contract import GuardInput, GuardVerdict, past
from guards.messages import explain
from guards.registry import register
from language.locales import Lang
from language.money import AmountMention, find_amounts, minor_unit_factor
from language.numbers import find_numbers

NAME = "unsupported_amount"
COMBINATION_POOL = 40
MAX_JSON_NODES = 20_000
MAX_STRING_SCAN = 200  # characters of a JSON string searched for numbers
_HUNDRED = Decimal(100)
_AMOUNT_KEY_RE = re.compile(r"(price|amount|balance|total|cost|fee|value|valor|preco|precio|import|cents|fare|rent)")
_CURRENCY_DIGITS_RE = re.compile(r"(?:R\$|US\$|U\$S|\$|€|£)\s?(\d[\d.,]*\d|\d)")


def hundredths(value: Decimal) -> int | None:
    """`value` in hundredths, rounded half up (None if not finite)."""
    try:
        return int((value * _HUNDRED).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    except (InvalidOperation, ValueError, OverflowError):
        return None


def mention_hundredths(mention: AmountMention) -> int:
    """An amount mention in hundredths of its major unit (so BRL, USD and JPY compare alike)."""
    return int(Decimal(mention.amount_cents) * _HUNDRED / minor_unit_factor(mention.currency))


@lru_cache(maxsize=16384)
def _string_values(text: str, lang: Lang) -> tuple[Decimal, ...]:
    """Numbers in a JSON string, read in the language's convention and in English (canonical "1630", "5118.77")."""
    text = text[:MAX_STRING_SCAN]
    found = {n.value for n in find_numbers(text, lang)}
    if lang != "en":
        found |= {n.value for n in find_numbers(text, "en")}
    return tuple(found)


def _walk(data: Any, lang: Lang, key: str = "", budget: list[int] | None = None) -> Iterator[tuple[str, Decimal]]:
    """(key, value) of every number in a JSON value; `_cents` keys also yield value/100. Stops after MAX_JSON_NODES."""
    budget = budget if budget is not None else [MAX_JSON_NODES]
    budget[0] -= 1
    if budget[0] < 0:
        return
    if isinstance(data, bool) or data is None:
        return
    if isinstance(data, (int, float, Decimal)):
        try:
            value = Decimal(str(data))
        except InvalidOperation:
            return
        yield key, value
        if key.endswith("_cents"):
            yield key, value / _HUNDRED
    elif isinstance(data, str):
        for value in _string_values(data, lang):
            yield key, value
            if key.endswith("_cents"):
                yield key, value / _HUNDRED
    elif isinstance(data, dict):
        for child_key, child in data.items():
            yield from _walk(child, lang, str(child_key).lower(), budget)
    elif isinstance(data, (list, tuple)):
        for child in data:
            yield from _walk(child, lang, key, budget)


@dataclass(frozen=True)
class Support:
    """What backs an amount, in hundredths: `direct` holds every number of every source; `pool` only the
    amount-like ones (amount fields of tool outputs, amounts said in messages), most relevant first: the operands
    of sums and differences, so a duration or a count never becomes half of a price."""

    direct: frozenset[int]
    pool: tuple[int, ...]


def _ordered(values: Iterable[Decimal]) -> list[int]:
    ordered: dict[int, None] = {}
    for value in values:
        if (key := hundredths(value)) is not None:
            ordered.setdefault(key, None)
    return list(ordered)


def supported_values(inp: GuardInput, deadline: float) -> Support | None:
    """The support of the turn (see the module doc and `Support`); None past the deadline."""
    amount_like: list[Decimal] = []
    other_tool: list[Decimal] = []
    for output in inp.tool_outputs:
        for key, value in _walk(output.data, inp.lang):
            (amount_like if _AMOUNT_KEY_RE.search(key) else other_tool).append(value)
        if past(deadline):
            return None
    slot_values = list(_walk(dict(inp.ask_slots), inp.lang))
    slots_amount_like = [value for key, value in slot_values if _AMOUNT_KEY_RE.search(key)]
    customer: list[Decimal] = []
    bot: list[Decimal] = []
    said: list[Decimal] = []
    for item in reversed(inp.history):
        values = [n.value for n in find_numbers(item.text, inp.lang)]
        (customer if item.role == "customer" else bot).extend(values)
        amounts = find_amounts(item.text, inp.lang, inp.currency, money_context=item.role == "customer")
        said.extend(Decimal(a.amount_cents) / minor_unit_factor(a.currency) for a in amounts)
        if past(deadline):
            return None
    # Amounts said with their unit ("dois centavos" = 0.02) are supported as such, not only their bare numbers.
    direct = _ordered((*amount_like, *other_tool, *customer, *said, *(v for _, v in slot_values), *bot))
    pool = _ordered((*amount_like, *slots_amount_like, *said))
    return Support(frozenset(direct), tuple(pool))


def combinations_of(values: Iterable[int], deadline: float) -> set[int] | None:
    """Sums and differences of pairs and sums of triples of the first COMBINATION_POOL positive `values`; None
    past the deadline."""
    pool = [v for v in values if v > 0][:COMBINATION_POOL]
    found: set[int] = set()
    for a, b in combinations(pool, 2):
        found.update((a + b, abs(a - b)))
    for index, (a, b, c) in enumerate(combinations(pool, 3)):
        if index % 1024 == 0 and past(deadline):
            return None
        found.add(a + b + c)
    return found


def malformed_amounts(draft: str, mentions: Iterable[AmountMention]) -> list[str]:
    """Currency-marked digit runs that no amount mention covers ("$2,443.48.68")."""
    spans = sorted((m.start, m.end) for m in mentions)
    starts = [start for start, _ in spans]
    bad = []
    for match in _CURRENCY_DIGITS_RE.finditer(draft):
        start, end = match.span(1)
        index = bisect_right(starts, start) - 1  # the last mention starting at or before these digits
        if index < 0 or spans[index][1] < end:
            bad.append(match.group())
    return bad


@register(NAME)
def unsupported_amount(inp: GuardInput, deadline: float) -> GuardVerdict:
    mentions = find_amounts(inp.draft, inp.lang, inp.currency)
    malformed = malformed_amounts(inp.draft, mentions)
    if not mentions and not malformed:
        return GuardVerdict.ok()
    support = supported_values(inp, deadline)
    if support is None:
        return GuardVerdict.budget_exceeded(NAME, inp.lang)
    missing = [m for m in mentions if mention_hundredths(m) not in support.direct]
    if missing:
        combined = combinations_of(support.pool, deadline)
        if combined is None:
            return GuardVerdict.budget_exceeded(NAME, inp.lang)
        missing = [m for m in missing if mention_hundredths(m) not in combined]
    evidence = [m.raw for m in missing] + malformed
    if not evidence:
        return GuardVerdict.ok()
    return GuardVerdict.fail(NAME, explain(NAME, inp.lang, evidence), evidence)
