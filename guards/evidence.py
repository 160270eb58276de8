"""Typed evidence: what the fields of a tool's result mean, declared once per tool next to its spec.

A tool's result is JSON. Which numbers in it are money, in which currency and unit, which are quantities, dates or
identifiers, is not something a guard should guess from digits: `25000` in `amount_cents` is R$ 250,00, not
R$ 25.000,00; `12345-6` in `account_number` is no amount at all. So each tool declares an `Evidence`:

    Evidence(money=(Money("balance_cents", role="balance"),), identifiers=(Identifier("account_number", "account"),))

Field names are matched by key at any depth of the result (`hits[].price_cents` is declared as `price_cents`).
`Money` says the unit (`cents`: the currency's minor unit, as the engines store it; `units`: major units, as
"5118.77") and where the currency comes from (a sibling key, by default `currency`; else a fixed code; else the
organisation's). Its `role` says which derived values are meaningful (see `guards.checks.amounts`):

* `price` — a unit price: price × a declared quantity (party size, tickets, nights) is supported;
* `balance` — money held: balance − a debit (a transfer's amount, or an amount the customer said) is supported;
* `debit` — money leaving the account (a transfer's amount);
* `amount` — any other amount (a total, a fee, a quote): supported as it is.

`listed=True` marks a line item: the total of that field over the items of one list is supported (a statement's
entries, a cart's lines). Nothing else is derived: no free sums or differences of unrelated numbers.

`reports` names the effect tools whose *past* effects the result lists (`list_pix_history` reports `send_pix`): a
draft may recount them ("você fez 3 Pix enviados") without it being a claim of a new effect. `links` names fields
holding URLs of the organisation's own pages (a payment link): their hosts are allowed in a draft.

A result whose tool declared nothing is read by `inferred(data)`: money only from keys named like money (`*_cents`
in cents, price/amount/balance/total/fare/cost/fee/rent in units); every other number supports nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import cached_property
from typing import Any, Literal, NamedTuple

Unit = Literal["cents", "units"]
MoneyRole = Literal["amount", "price", "balance", "debit"]
IdentifierKind = Literal["account", "phone", "document", "key", "reference", "address"]

MAX_NODES = 20_000  # JSON nodes read per result: a result is data from our own engines, but bounded all the same


@dataclass(frozen=True)
class Money:
    field: str
    unit: Unit = "cents"
    role: MoneyRole = "amount"
    currency_field: str | None = "currency"
    currency: str | None = None  # fixed ISO code when no sibling field names it; None = the organisation's
    listed: bool = False


@dataclass(frozen=True)
class Identifier:
    field: str
    kind: IdentifierKind


@dataclass(frozen=True)
class Evidence:
    money: tuple[Money, ...] = ()
    quantities: tuple[str, ...] = ()
    dates: tuple[str, ...] = ()
    identifiers: tuple[Identifier, ...] = ()
    reports: tuple[str, ...] = ()
    links: tuple[str, ...] = ()

    def money_field(self, key: str) -> Money | None:
        return self._money_by_field.get(key)

    @cached_property
    def _money_by_field(self) -> dict[str, Money]:
        return {money.field: money for money in self.money}


class MoneyValue(NamedTuple):
    """One typed amount of a result: `hundredths` of a major unit of `currency` (so cents and units compare)."""

    hundredths: int
    currency: str
    role: MoneyRole
    field: str


@dataclass(frozen=True)
class TypedResult:
    """What a result holds, by type. `totals` are the sums of `listed` fields over each list."""

    money: tuple[MoneyValue, ...] = ()
    totals: tuple[MoneyValue, ...] = ()
    quantities: tuple[int, ...] = ()
    identifiers: tuple[tuple[IdentifierKind, str], ...] = ()
    links: tuple[str, ...] = ()


_MONEY_NAME_RE = re.compile(r"(price|amount|balance|total|fare|cost|fee|rent|valor|preco|precio|importe)")
_ID_NAME_RE = re.compile(r"(phone|telefone|telefono|account|conta|cuenta|cpf|cnpj|document|key|chave|_id$|^id$|_ref$"
                         r"|number|code|e2e|end_to_end|sku|address|endereco|token)")
_QUANTITY_NAME_RE = re.compile(r"(party_size|quantity|qty|number_of_|_count$|^count$|travelers|passengers|tickets"
                               r"|seats|guests|nights|rooms|people|places)")
_DATE_NAME_RE = re.compile(r"(date|_at$|^at$|since|until|time|start|end|valid)")
_ROLE_FROM_NAME = (("balance", "balance"), ("price", "price"), ("fare", "price"), ("rent", "price"), ("cost", "price"))


def inferred(data: Any) -> Evidence:
    """Evidence read from key names, for a result whose tool declared none (see the module doc)."""
    keys = set(_keys(data))
    money = []
    for key in sorted(keys):
        if key.endswith("_cents"):
            money.append(Money(key, "cents", _role_from_name(key)))
        elif _MONEY_NAME_RE.search(key) and not _ID_NAME_RE.search(key) and "range" not in key:
            money.append(Money(key, "units", _role_from_name(key)))
    money_keys = {m.field for m in money}
    return Evidence(
        money=tuple(money),
        quantities=tuple(sorted(k for k in keys if _QUANTITY_NAME_RE.search(k) and k not in money_keys)),
        dates=tuple(sorted(k for k in keys if _DATE_NAME_RE.search(k) and k not in money_keys)),
        identifiers=tuple(Identifier(k, "reference") for k in sorted(keys) if _ID_NAME_RE.search(k)
                          and k not in money_keys),
        links=tuple(sorted(k for k in keys if k in ("url", "link", "payment_url", "approval_url"))),
    )


def _role_from_name(key: str) -> MoneyRole:
    for word, role in _ROLE_FROM_NAME:
        if word in key:
            return role  # type: ignore[return-value]
    return "amount"


def _keys(data: Any, budget: list[int] | None = None) -> Iterator[str]:
    budget = budget if budget is not None else [MAX_NODES]
    budget[0] -= 1
    if budget[0] < 0:
        return
    if isinstance(data, dict):
        for key, child in data.items():
            yield str(key)
            yield from _keys(child, budget)
    elif isinstance(data, (list, tuple)):
        for child in data:
            yield from _keys(child, budget)


def number_of(value: Any) -> Decimal | None:
    """A JSON number, or a string that is exactly a plain number ("5118.77", "45"); None otherwise."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, (int, float, Decimal)):
        try:
            number = Decimal(str(value))
        except InvalidOperation:
            return None
        return number if number.is_finite() else None
    if isinstance(value, str) and 0 < len(value) <= 24 and _PLAIN_NUMBER_RE.fullmatch(value.strip()):
        return Decimal(value.strip())
    return None


_PLAIN_NUMBER_RE = re.compile(r"-?\d+(?:\.\d+)?")


def _hundredths(value: Decimal, unit: Unit, factor: int) -> int:
    scaled = value * 100 / factor if unit == "cents" else value * 100
    return int(scaled.to_integral_value())


def typed(data: Any, evidence: Evidence, default_currency: str, factor_of) -> TypedResult:
    """Read `data` through `evidence`. `factor_of(currency)` is 10 ** the currency's decimals (100 for BRL)."""
    money: list[MoneyValue] = []
    totals: list[MoneyValue] = []
    quantities: list[int] = []
    identifiers: list[tuple[IdentifierKind, str]] = []
    links: list[str] = []
    quantity_keys = set(evidence.quantities)
    identifier_kinds = {i.field: i.kind for i in evidence.identifiers}
    link_keys = set(evidence.links)
    budget = [MAX_NODES]

    def currency_of(spec: Money, holder: dict) -> str:
        if spec.currency_field and isinstance(holder.get(spec.currency_field), str):
            return holder[spec.currency_field].upper()
        return spec.currency or default_currency

    def read(node: Any) -> None:
        budget[0] -= 1
        if budget[0] < 0:
            return
        if isinstance(node, dict):
            for key, value in node.items():
                key = str(key)
                spec = evidence.money_field(key)
                if spec is not None and (number := number_of(value)) is not None:
                    currency = currency_of(spec, node)
                    money.append(MoneyValue(_hundredths(number, spec.unit, factor_of(currency)), currency,
                                            spec.role, key))
                elif key in quantity_keys and (number := number_of(value)) is not None and number == int(number):
                    if 0 < number <= 10_000:
                        quantities.append(int(number))
                elif key in identifier_kinds and isinstance(value, (str, int)) and not isinstance(value, bool):
                    identifiers.append((identifier_kinds[key], str(value)))
                elif key in link_keys and isinstance(value, str):
                    links.append(value)
                if isinstance(value, (dict, list, tuple)):
                    read(value)
        elif isinstance(node, (list, tuple)):
            for spec in evidence.money:
                if spec.listed:
                    totals.extend(_list_totals(node, spec, currency_of, factor_of))
            for child in node:
                read(child)

    read(data)
    return TypedResult(tuple(money), tuple(totals), tuple(quantities), tuple(identifiers), tuple(links))


def _list_totals(items: list | tuple, spec: Money, currency_of, factor_of) -> list[MoneyValue]:
    """The total of `spec.field` over the dict items of one list, per currency (only with two items or more)."""
    sums: dict[str, int] = {}
    counted = 0
    for item in items:
        if isinstance(item, dict) and (number := number_of(item.get(spec.field))) is not None:
            currency = currency_of(spec, item)
            sums[currency] = sums.get(currency, 0) + _hundredths(number, spec.unit, factor_of(currency))
            counted += 1
    if counted < 2:
        return []
    return [MoneyValue(total, currency, "amount", f"total of {spec.field}") for currency, total in sums.items()]
