"""`unsupported_amount`: every money amount in the draft must come from somewhere the customer can check.

An amount of the draft ("R$ 1.890,00", "$5,118.77", "45 €", "novecientos pesos", "enviei 300") is supported when,
in the same currency, it equals

* a money field of this turn's tool results, read through the tool's declared evidence (`guards.evidence`): a
  field in cents is read in cents only, a field in units in units only, so `amount_cents: 25000` supports
  R$ 250,00 and never R$ 25.000,00; identifiers, dates, counts and every undeclared number support nothing;
* an amount the customer said (their messages, read in money context, identifiers masked: the digits of a CPF,
  a phone or an account number are no amount) or that their Ask holds (`amount` slot);
* an amount of an earlier bot message of the Ask's scope (it passed these guards when it was sent);
* or a value derived by a declared relation, in the same currency: a `price` × a declared quantity (party size,
  tickets, nights; from the results, the call's arguments, the Ask's slots or a count the customer said), a
  `balance` − a debit (a transfer's amount, or an amount the customer said), the total of a `listed` field over one
  list. Nothing else: no free sums or differences, so a wrong amount near a real price, or the sum of unrelated
  prices, is not supported by accident.

The support is a few sets built once per draft (linear in the sources; the relations are products of small sets:
at most 400 prices × 50 quantities and 50 balances × 400 debits), and every amount is one set look-up, so a
5,000-number draft stays within milliseconds and no input makes the search grow beyond that bound. A currency marker followed
by digits that read as no number ("$2,443.48.68") is a malformed amount and fails too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from guards.contract import GuardInput, GuardVerdict, ToolOutput, past
from guards.evidence import Evidence, MoneyValue, TypedResult, inferred, number_of, typed
from guards.facts import counts_in
from guards.mentions import Amount, amounts_in, hundredths_of, numbers_in
from guards.messages import explain
from guards.registry import register
from guards.text import folded
from language.locales import Lang
from language.money import minor_unit_factor
from language.pix_keys import pix_key_spans

NAME = "unsupported_amount"
MAX_QUANTITY = 1000
MAX_OPERANDS = 400  # prices and debits kept for the relations (the first read)
MAX_FACTORS = 50  # balances and distinct quantities kept: at most 400 × 50 derived values per relation
_CURRENCY_DIGITS_RE = re.compile(r"(?:R\$|US\$|U\$S|\$|€|£)\s?(\d[\d.,]*\d|\d)")
_COUNT_WORDS_RE = re.compile(
    r"\s*(?:pessoas?|pax|ingressos?|bilhetes?|lugares|vagas?|adultos?|criancas?|noites?|quartos?|personas?"
    r"|entradas?|boletos?|billetes?|plazas?|ninos?|noches?|habitaciones|persones|entrades|places|nens?|adults?"
    r"|nits?|habitacions|people|persons?|tickets?|seats?|kids?|children|guests?|nights?|rooms?|passengers?"
    r"|travell?ers?|riders?|units?|unidades?|unitats?|pieces?)(?!\w)"
)
_COUNT_BEFORE_RE = re.compile(r"(?<!\w)(?:for|para|pra|per a|per|party of|grupo de|group of)\s+$")
_COUNT_WORDS_ANYWHERE_RE = re.compile(r"\d" + _COUNT_WORDS_RE.pattern)
_COUNT_BEFORE_ANYWHERE_RE = re.compile(r"(?<!\w)(?:for|para|pra|per a|per|party of|grupo de|group of)\s+\d")


@dataclass
class AmountSupport:
    """What backs an amount, by currency: hundredths of a major unit → where it comes from."""

    values: dict[str, dict[int, str]] = field(default_factory=dict)
    # the values some source other than a unit price gives, and whether a quantity above one was declared: a unit
    # price is no total of several ("45 € en total per a les dues persones" after 45 € a person)
    not_unit_prices: dict[str, set[int]] = field(default_factory=dict)
    several: bool = False

    def add(self, currency: str, hundredths: int, source: str, unit_price: bool = False) -> None:
        self.values.setdefault(currency, {}).setdefault(hundredths, source)
        if not unit_price:
            self.not_unit_prices.setdefault(currency, set()).add(hundredths)

    def a_total(self, currency: str, hundredths: int) -> bool:
        """Whether the value may be said as a total: some source besides a unit price gives it, or nothing says
        there are several units."""
        return not self.several or hundredths in self.not_unit_prices.get(currency, ())


def evidence_of(output: ToolOutput) -> Evidence:
    """The declared evidence of a successful result; a failure's details (and an undeclared result) by key names."""
    if output.ok and output.evidence is not None:
        return output.evidence
    return inferred(output.data)


def result_read(inp: GuardInput, output: ToolOutput) -> TypedResult:
    """`typed` of one of the turn's results through `evidence_of`, read once per draft: the amounts, the facts and
    the links guards each read every result."""
    key = ("result", id(output))  # the output is held by `inp` as long as the reading is
    found = inp.readings.get(key)
    if found is None:
        found = inp.readings[key] = typed(output.data, evidence_of(output), inp.currency, minor_unit_factor)
    return found


def slots_read(inp: GuardInput) -> TypedResult:
    """`typed` of the Ask's slots (their evidence from key names), read once per draft (the amounts and the facts)."""
    found = inp.readings.get("slots")
    if found is None:
        slots = dict(inp.ask_slots)
        found = inp.readings["slots"] = typed(slots, inferred(slots), inp.currency, minor_unit_factor)
    return found


@lru_cache(maxsize=1024)
def _customer_quantities(text: str, lang: str) -> tuple[int, ...]:
    """Counts the customer said: "2 pessoas", "3 tickets", "mesa para 4", "for 2"."""
    low = folded(text)
    if not (_COUNT_WORDS_ANYWHERE_RE.search(low) or _COUNT_BEFORE_ANYWHERE_RE.search(low)):
        return ()
    found = []
    for number in numbers_in(text, lang):  # type: ignore[arg-type]
        if number.ordinal or number.value != int(number.value) or not 0 < number.value <= MAX_QUANTITY:
            continue
        if _COUNT_WORDS_RE.match(low, number.end) or _COUNT_BEFORE_RE.search(low[max(0, number.start - 12):number.start]):
            found.append(int(number.value))
    return tuple(found)


def _slot_quantities(slots: Any) -> Iterable[int]:
    for key, value in dict(slots).items():
        number = number_of(value) if not isinstance(value, dict) else None
        if number is not None and number == int(number) and 1 < number <= MAX_QUANTITY and key in _QUANTITY_SLOTS:
            yield int(number)


_QUANTITY_SLOTS = frozenset({"party_size", "quantity", "tickets", "number_of_tickets", "number_of_seats", "travelers",
                             "passengers", "guests", "nights", "rooms", "people", "group_size", "number_of_riders"})


def supported_values(inp: GuardInput, deadline: float) -> AmountSupport | None:
    """The support of the turn (see the module doc); None past the deadline."""
    support = AmountSupport()
    prices: list[MoneyValue] = []
    balances: list[MoneyValue] = []
    debits: list[MoneyValue] = []
    quantities: list[int] = []
    for output in inp.tool_outputs:
        evidence = evidence_of(output)
        read = result_read(inp, output)
        for value in read.money:
            support.add(value.currency, value.hundredths, f"{output.tool}.{value.field}", value.role == "price")
            {"price": prices, "balance": balances, "debit": debits}.get(value.role, []).append(value)
        for value in read.totals:
            support.add(value.currency, value.hundredths, f"{output.tool}: {value.field}")
        quantities.extend(read.quantities)
        quantities.extend(typed(dict(output.arguments), evidence, inp.currency, minor_unit_factor).quantities)
        if past(deadline):
            return None
    slots = slots_read(inp)
    for value in slots.money:
        support.add(value.currency, value.hundredths, "the request")
        debits.append(value)
    quantities.extend(_slot_quantities(inp.ask_slots))
    said: list[Amount] = []  # the customer's amounts: supported, and debits for "balance − debit"
    for item in reversed(inp.history):
        if item.role == "customer":
            mentions = amounts_in(item.text, inp.lang, inp.currency, True)
            _add_all(support, mentions, "the customer's words")
            said.extend(mentions[: MAX_OPERANDS - len(said)] if len(said) < MAX_OPERANDS else ())
            quantities.extend(_customer_quantities(item.text, inp.lang))
        else:
            _add_all(support, amounts_in(item.text, inp.lang, inp.currency), "an earlier reply")
        if past(deadline):
            return None
    if balances:
        debits.extend(MoneyValue(hundredths_of(m), m.currency, "debit", "customer") for m in said)
    support.several = any(1 < q <= MAX_QUANTITY for q in quantities)
    _derive(support, prices[:MAX_OPERANDS], balances[:MAX_FACTORS], debits[:MAX_OPERANDS],
            sorted(set(q for q in quantities if 1 < q <= MAX_QUANTITY))[:MAX_FACTORS])
    return None if past(deadline) else support


def _add_all(support: AmountSupport, mentions: Iterable[Amount], source: str) -> None:
    for mention in mentions:
        table = support.values.setdefault(mention.currency, {})
        table.setdefault(hundredths_of(mention), source)


def _derive(support: AmountSupport, prices: list[MoneyValue], balances: list[MoneyValue], debits: list[MoneyValue],
            quantities: list[int]) -> None:
    """The declared relations: price × quantity and balance − debit, in the same currency."""
    for price in prices:
        for quantity in quantities:
            support.add(price.currency, price.hundredths * quantity, f"{price.field} × {quantity}")
    for balance in balances:
        for debit in debits:
            if debit.currency == balance.currency and 0 <= debit.hundredths <= balance.hundredths:
                support.add(balance.currency, balance.hundredths - debit.hundredths, f"{balance.field} − {debit.field}")


def malformed_amounts(draft: str, mentions: Iterable[Amount]) -> list[str]:
    """Currency-marked digit runs that no amount mention covers ("$2,443.48.68"); one pass over both, in order."""
    spans = sorted((m.start, m.end) for m in mentions)
    bad = []
    index, last_end = 0, -1  # the end of the last mention starting at or before the digits
    for match in _CURRENCY_DIGITS_RE.finditer(draft):
        start, end = match.span(1)
        while index < len(spans) and spans[index][0] <= start:
            last_end = spans[index][1]
            index += 1
        if last_end < end:
            bad.append(match.group())
    return bad


def _outside_keys(draft: str, mentions: tuple[Amount, ...]) -> tuple[Amount, ...]:
    """The mentions but the bare numbers inside a run shaped like a Pix key (a phone, a CPF: "confirma a chave Pix 11
    98765-4321?" reads "Pix 11" as no amount), as the customer's words are read: a number with its currency marker
    stays an amount."""
    keys = pix_key_spans(draft)
    if not keys:
        return mentions
    return tuple(m for m in mentions if m.explicit or not any(start <= m.start and m.end <= end for start, end in keys))


def unsupported_mentions(inp: GuardInput, deadline: float) -> tuple[list[Amount], list[str]] | None:
    """(amounts of the draft nothing supports, malformed amounts); None past the deadline."""
    mentions = amounts_in(inp.draft, inp.lang, inp.currency)
    if past(deadline):  # the draft's one pass, then the deadline
        return None
    if any(not mention.explicit for mention in mentions):
        mentions = _outside_keys(inp.draft, mentions)
    malformed = malformed_amounts(inp.draft, mentions) if "$" in inp.draft or "€" in inp.draft or "£" in inp.draft else []
    if not mentions:
        return [], malformed
    support = supported_values(inp, deadline)
    if support is None:
        return None
    missing = []
    low = folded(inp.draft) if support.several else ""
    for mention in mentions:  # one look-up each: thousands per long draft
        table = support.values.get(mention.currency)
        hundredths = mention.amount_cents * 100 // minor_unit_factor(mention.currency)
        if table is None or hundredths not in table:
            missing.append(mention)
        elif support.several and not support.a_total(mention.currency, hundredths) \
                and _said_as_total(low, mention, inp.lang):
            missing.append(mention)  # a unit price said to be the total of several
    return missing, malformed


# An amount said to be a total: "en total", "in total", "no total", "al todo", "en tot" right after it, or "total"
# right before it ("Total: 45 €", "o total é de R$ 90", "the total is $90").
_TOTAL_AFTER_RE = re.compile(r"\s*,?\s*(?:(?:en|in|no|al|ao)\s+(?:total|todo|tot)|in all|all in|total)(?!\w)")
_TOTAL_BEFORE_RE = re.compile(r"(?<!\w)(?:total|totals|totaliza|totalizan|totalitza)(?:\s+(?:e|es|is|son|sao|of|de|do|del"
                              r"|da|:|seria|sera|would be|will be|comes to))*\s*[:=]?\s*$")


# ("Total: 45 € per persona" is the unit price all the same)
_PER_UNIT_AFTER_RE = re.compile(r"\s*(?:/|(?:per|por|a|each|cada|the)\s+(?:persona|pessoa|person|head|cabeza|cabeca|cap"
                                r"|unit|unidad|unidade|unitat|ticket|entrada|ingresso|night|noche|noite|nit)|each|cada)")


def _said_as_total(low: str, mention: Amount, lang: Lang) -> bool:
    """Whether the amount is said to be the total of several units its sentence counts ("45 € en total per a les
    dues persones", "Total: 30 € for 2 people"; not "This ticket would be $314 total": one ticket)."""
    if _PER_UNIT_AFTER_RE.match(low, mention.end):
        return False
    if _TOTAL_AFTER_RE.match(low, mention.end) is None \
            and _TOTAL_BEFORE_RE.search(low, max(0, mention.start - 24), mention.start) is None:
        return False
    start = max((low.rfind(stop, 0, mention.start) for stop in ".!?\n"), default=-1) + 1
    ends = [at for at in (low.find(stop, mention.end) for stop in ".!?\n") if at >= 0]
    sentence = low[start:min(ends) if ends else len(low)]
    return any(fact.kind in ("count", "places") and _several(fact.value) for fact in counts_in(sentence, lang))


def _several(value: object) -> bool:
    number = value[0] if isinstance(value, tuple) else value
    return isinstance(number, int) and number > 1


@register(NAME)
def unsupported_amount(inp: GuardInput, deadline: float) -> GuardVerdict:
    found = unsupported_mentions(inp, deadline)
    if found is None:
        return GuardVerdict.budget_exceeded(NAME, inp.lang)
    missing, malformed = found
    evidence = list(dict.fromkeys([m.raw for m in missing] + malformed))
    if not evidence:
        return GuardVerdict.ok()
    return GuardVerdict.fail(NAME, explain(NAME, inp.lang, evidence), evidence)
