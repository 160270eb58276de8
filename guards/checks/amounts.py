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
  list; and, only for an amount said to be a difference ("you'd save $650,000.00", "sale $ 200 más barato", "una
  diferència de 5 €"; `said_as_difference`), the difference of two prices of the turn. Nothing else: no free sums
  or differences, so a wrong amount near a real price, or the sum of unrelated prices, is not supported by accident.

An amount said to be the total ("En total són 45 €", "$90 in total"; `said_as_total`: not "per persona", "each" or
"the ticket" in its piece of the sentence) that only a unit price gives is held where a quantity of two or more
applies: the total of two at 45 € is 90 €.

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
from guards.mentions import Amount, amounts_in, hundredths_of, numbers_in
from guards.messages import explain
from guards.registry import register
from guards.text import folded
from language.money import minor_unit_factor
from language.pix_keys import pix_key_spans

NAME = "unsupported_amount"
MAX_QUANTITY = 1000
MAX_OPERANDS = 400  # prices and debits kept for the relations (the first read)
MAX_FACTORS = 50  # balances and distinct quantities kept: at most 400 × 50 derived values per relation
_CURRENCY_DIGITS_RE = re.compile(r"(?:R\$|US\$|U\$S|\$|€|£)[^\S\n]?(\d[\d.,]*\d|\d)")  # (not across lines)
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
    unit: set[tuple[str, int]] = field(default_factory=set)  # a unit price's values
    other: set[tuple[str, int]] = field(default_factory=set)  # the values any other source gives
    multiplied: bool = False  # a quantity of two or more applies: a unit price is then no total
    prices: list[MoneyValue] = field(default_factory=list)  # the unit prices, for a difference said as one

    def differences(self, currency: str) -> set[int]:
        """The differences of two of the first `MAX_FACTORS` prices in `currency` (hundredths)."""
        values = sorted({p.hundredths for p in self.prices if p.currency == currency})[:MAX_FACTORS]
        return {b - a for i, a in enumerate(values) for b in values[i + 1:]}

    def add(self, currency: str, hundredths: int, source: str, *, unit: bool = False) -> None:
        self.values.setdefault(currency, {}).setdefault(hundredths, source)
        (self.unit if unit else self.other).add((currency, hundredths))

    def only_a_unit_price(self, currency: str, hundredths: int) -> bool:
        """Whether only a unit price gives this value, where a quantity of two or more applies to it."""
        return self.multiplied and (currency, hundredths) in self.unit and (currency, hundredths) not in self.other


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
            support.add(value.currency, value.hundredths, f"{output.tool}.{value.field}", unit=value.role == "price")
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
    factors = sorted(set(q for q in quantities if 1 < q <= MAX_QUANTITY))[:MAX_FACTORS]
    support.multiplied = bool(factors)
    support.prices = prices[:MAX_OPERANDS]
    _derive(support, prices[:MAX_OPERANDS], balances[:MAX_FACTORS], debits[:MAX_OPERANDS], factors)
    return None if past(deadline) else support


def _add_all(support: AmountSupport, mentions: Iterable[Amount], source: str) -> None:
    for mention in mentions:
        table = support.values.setdefault(mention.currency, {})
        table.setdefault(hundredths_of(mention), source)
        support.other.add((mention.currency, hundredths_of(mention)))


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
    for mention in mentions:  # one look-up each: thousands per long draft
        table = support.values.get(mention.currency)
        hundredths = mention.amount_cents * 100 // minor_unit_factor(mention.currency)
        if table is None or hundredths not in table \
                or (support.only_a_unit_price(mention.currency, hundredths) and said_as_total(inp.draft, mention)):
            if table is None or hundredths in table or not support.prices \
                    or not said_as_difference(inp.draft, mention) \
                    or hundredths not in support.differences(mention.currency):
                missing.append(mention)  # unsupported, or a unit price said to be the total of several
    return missing, malformed


# An amount said to be the total ("En total són 45 €", "90,00 € no total", "$90 in all"), in a sentence that does not
# say it is per unit ("45 € per persona", "each"): a unit price is no total where a quantity of two or more applies.
_TOTAL_RE = re.compile(r"(?<!\w)(?:total|totais|totales|totals|ao todo|in all|altogether|all together|tot plegat"
                       r"|en conjunt|en conjunto|al todo|todo junto)(?!\w)")
_PER_UNIT_RE = re.compile(r"(?<!\w)(?:per persona|por persona|por pessoa|per person|per head|por cabeza|per cap|a head"
                          r"|each|cada|per ticket|por ingresso|por entrada|per entrada|por boleto|per unit|por unidade"
                          r"|por unidad|per unitat|unitari[oa]?|unitaria"
                          # the abbreviations of a price list: "$ 1.299,00 c/u", "45 € p/p", "$5 ea.", "apiece"
                          r"|c/u|c/d|p/p|p/u|ea|apiece|por cabeca"
                          # one thing's total: "the total price of the ticket", "this ticket would be $314 total"
                          r"|(?:the|this|that|a|one|your|o|um|seu|el|la|un|una|tu|su|l'|la teva|el teu)\s+"
                          r"(?:ticket|seat|fare|room|night|unit|item|ingresso|bilhete|passagem|assento|boleto|billete"
                          r"|pasaje|asiento|entrada|bitllet|seient))(?!\w)")
_PIECE_END_RE = re.compile(r"[;!?\n]|\.(?!\d)")


# An amount said to be what one option saves or costs more than another, per language.
_DIFFERENCE_RE = re.compile(r"(?<!\w)(?:sav(?:e|es|ed|ing|ings)|cheaper|less than|more than|difference|economi\w+"
                            r"|mais barat[oa]s?|mais car[oa]s?|a menos|a mais|diferenca|ahorr\w+|mas barat[oa]s?"
                            r"|mas car[oa]s?|de menos|de mas|diferencia|estalvi\w+|mes barat[ae]?s?|mes car[ae]?s?"
                            r"|de menys|de mes"
                            # "less than" as pt-BR, es and ca say it ("$ 160.000 menys que el de 128 GB")
                            r"|menos (?:do )?que|menys que)(?!\w)")


def said_as_difference(draft: str, mention: Amount) -> bool:
    """Whether the piece of its sentence around `mention` says it is a difference between two options."""
    low = folded(draft)
    start = max((m.end() for m in _PIECE_END_RE.finditer(low, max(0, mention.start - 80), mention.start)), default=0)
    after = _PIECE_END_RE.search(low, mention.end)
    piece = low[max(start, mention.start - 80):after.start() if after else min(len(low), mention.end + 80)]
    return bool(_DIFFERENCE_RE.search(piece))


def said_as_total(draft: str, mention: Amount) -> bool:
    """Whether the piece of its sentence around `mention` (up to a full stop, a semicolon, "!" or "?") says it is
    the total and not a price per unit."""
    low = folded(draft)
    start = max((m.end() for m in _PIECE_END_RE.finditer(low, max(0, mention.start - 80), mention.start)), default=0)
    after = _PIECE_END_RE.search(low, mention.end)
    piece = low[max(start, mention.start - 80):after.start() if after else min(len(low), mention.end + 80)]
    return bool(_TOTAL_RE.search(piece)) and not _PER_UNIT_RE.search(piece)


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
