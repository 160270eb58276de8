"""Typed evidence: what the fields of a tool's result mean, declared once per tool next to its spec.

A tool's result is JSON. Which numbers in it are money, in which currency and unit, which are quantities, dates or
identifiers, is not something a guard should guess from digits: `25000` in `amount_cents` is R$ 250,00, not
R$ 25.000,00; `12345-6` in `account_number` is no amount at all. So each tool declares an `Evidence`:

    Evidence(money=(MoneyEvidence("balance_cents", role="balance"),), identifiers=(Identifier("account_number", "account"),))

Field names are matched by key at any depth of the result (`hits[].price_cents` is declared as `price_cents`).
`MoneyEvidence` says the unit (`cents`: the currency's minor unit, as the engines store it; `units`: major units, as
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

The other facts a draft states are typed the same way: `names` (people, companies, places, activities: a
recipient's `owner_name`), `products` (a catalogue item's name), `statuses` (a field whose values say what became of
an effect, mapped to the words a draft uses: `settled` → `sent`), `warranties` (months of warranty, None = no data),
`places_left` (seats or places still free), `dates` (dates, datetimes and times of day), `quantities` (counts) and
`directions` (a field whose values say whether a listed movement left the customer's account or came into it: a
statement's `direction`, "out" / "in"; "the three Pix you sent" are counted among the ones that left).
`plain` lists the fields that carry none of these (a currency code, a direction), so every field a tool returns is
declared: `undeclared(fields, evidence)` names those of a guarded kind left out, and the agent's registry refuses to
start with one (a tool that forgets its evidence fails at start-up, not in a customer's chat).

A result whose tool declared nothing is read by `inferred(data)`, from key names taken word by word (`kind_of_key`:
"account_balance" is money because its last word is, "account" holds no "count", "price_range" is no price); every
other number supports nothing.
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
# What an effect's status says, in the words of a draft: sent (a Pix settled), scheduled, failed, booked (a place
# held, paid or not), paid, cancelled, pending (waiting for something, e.g. a payment).
StatusWord = Literal["sent", "scheduled", "failed", "booked", "paid", "cancelled", "pending"]
# The guarded kinds of a result's field (`kind_of_key`, `undeclared`).
FieldKind = Literal["money", "quantity", "date", "name", "status", "reference", "warranty", "places", "link"]

MAX_NODES = 20_000  # JSON nodes read per result: a result is data from our own engines, but bounded all the same


@dataclass(frozen=True)
class MoneyEvidence:
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
class StatusEvidence:
    """A field saying what became of an effect, and what each of its values means in a draft's words (a value not
    listed is read as itself when it is a `StatusWord`)."""

    field: str
    values: tuple[tuple[str, StatusWord], ...] = ()

    def word(self, value: str) -> StatusWord | None:
        mapped = dict(self.values).get(value)
        if mapped is not None:
            return mapped
        return value if value in STATUS_WORDS else None  # type: ignore[return-value]


STATUS_WORDS: frozenset[str] = frozenset({"sent", "scheduled", "failed", "booked", "paid", "cancelled", "pending"})
# Which way a listed movement went, from the customer's side: out (sent, paid by them), in (received).
DirectionWord = Literal["out", "in"]


@dataclass(frozen=True)
class DirectionEvidence:
    """A field of a list's items saying which way each went, and what each of its values means."""

    field: str
    values: tuple[tuple[str, DirectionWord], ...] = (("out", "out"), ("in", "in"))

    def word(self, value: object) -> DirectionWord | None:
        return dict(self.values).get(value.lower()) if isinstance(value, str) else None


@dataclass(frozen=True)
class Evidence:
    money: tuple[MoneyEvidence, ...] = ()
    quantities: tuple[str, ...] = ()
    dates: tuple[str, ...] = ()
    identifiers: tuple[Identifier, ...] = ()
    reports: tuple[str, ...] = ()
    links: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    products: tuple[str, ...] = ()
    statuses: tuple[StatusEvidence, ...] = ()
    warranties: tuple[str, ...] = ()
    places_left: tuple[str, ...] = ()
    directions: tuple[DirectionEvidence, ...] = ()
    plain: tuple[str, ...] = ()

    def money_field(self, key: str) -> MoneyEvidence | None:
        return self._money_by_field.get(key)

    @cached_property
    def _money_by_field(self) -> dict[str, MoneyEvidence]:
        return {money.field: money for money in self.money}

    @cached_property
    def status_by_field(self) -> dict[str, StatusEvidence]:
        return {status.field: status for status in self.statuses}

    @cached_property
    def single_kinds(self) -> dict[str, str]:
        """The keys of one kind only, with their kind (`typed` reads such a key's plain value at once). Kept with the
        evidence: a tool's declared evidence is one object for the process, read for every result of the tool."""
        identifier_kinds = {i.field: i.kind for i in self.identifiers}
        kinds = (("name", set(self.names)), ("product", set(self.products)), ("date", set(self.dates)),
                 ("identifier", identifier_kinds), ("quantity", set(self.quantities)), ("status", self.status_by_field),
                 ("money", self._money_by_field), ("link", set(self.links)), ("warranty", set(self.warranties)),
                 ("places", set(self.places_left)))
        return {key: kind for kind, keys in kinds for key in keys if sum(key in others for _, others in kinds) == 1}

    @cached_property
    def status_maps(self) -> dict[str, dict[str, StatusWord]]:
        """{field: {value: word}} of the statuses' declared values."""
        return {key: dict(status.values) for key, status in self.status_by_field.items()}

    @cached_property
    def declared(self) -> frozenset[str]:
        """Every field this evidence says something of."""
        return frozenset({*self._money_by_field, *self.quantities, *self.dates, *(i.field for i in self.identifiers),
                          *self.links, *self.names, *self.products, *self.status_by_field, *self.warranties,
                          *self.places_left, *(d.field for d in self.directions), *self.plain})


class MoneyValue(NamedTuple):
    """One typed amount of a result: `hundredths` of a major unit of `currency` (so cents and units compare)."""

    hundredths: int
    currency: str
    role: MoneyRole
    field: str


@dataclass(frozen=True)
class TypedResult:
    """What a result holds, by type. `totals` are the sums of `listed` fields over each list; `lengths` the number
    of items of each list of objects (what "I found 3 restaurants" counts)."""

    money: tuple[MoneyValue, ...] = ()
    totals: tuple[MoneyValue, ...] = ()
    quantities: tuple[int, ...] = ()
    identifiers: tuple[tuple[IdentifierKind, str], ...] = ()
    links: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    products: tuple[str, ...] = ()
    dates: tuple[str, ...] = ()
    statuses: tuple[StatusWord, ...] = ()
    warranties: tuple[int | None, ...] = ()
    places_left: tuple[int, ...] = ()
    lengths: tuple[int, ...] = ()


# Key names read word by word (`key_tokens`): the last word of an English compound is its head ("account_balance" is
# a balance, "balance_account" an account), so the head decides, with a few phrases read whole first.
_MONEY_WORDS = frozenset({"price", "prices", "amount", "balance", "total", "fare", "cost", "fee", "fees", "rent",
                          "charge", "salary", "valor", "preco", "precio", "importe", "subtotal"})
_ID_WORDS = frozenset({"id", "ref", "reference", "code", "number", "sku", "key", "token", "e2e", "txid", "account",
                       "phone", "telephone", "document", "cpf", "cnpj", "iban", "path", "uuid", "hash"})
_QUANTITY_WORDS = frozenset({"quantity", "qty", "count", "size", "travelers", "travellers", "passengers", "tickets",
                             "seats", "guests", "nights", "rooms", "people", "adults", "children", "riders", "stops",
                             "days", "persons"})
_DATE_WORDS = frozenset({"date", "time", "at", "since", "until", "start", "end", "day", "when", "datetime",
                         "deadline", "expires", "expiry", "valid", "created", "updated", "scheduled", "settled"})
_NAME_WORDS = frozenset({"name", "names", "nickname", "city", "venue", "location", "address", "street", "place",
                         "instructor", "stylist", "doctor", "dentist", "therapist", "recipient", "owner", "counterpart",
                         "merchant", "brand", "model", "title", "activity", "restaurant", "hotel", "airline",
                         "cuisine", "category", "subcategory", "genre", "artist"})
_LINK_WORDS = frozenset({"url", "link", "href", "uri"})
_CATEGORICAL = frozenset({"range", "type", "method", "rating", "percent", "percentage", "flag", "is", "has"})
_TOKEN_RE = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


def key_tokens(key: str) -> tuple[str, ...]:
    """The words of a key, lower case: "accountBalanceCents" and "account_balance_cents" → account, balance, cents."""
    return tuple(token.lower() for token in _TOKEN_RE.findall(key))


def kind_of_key(key: str) -> FieldKind | None:
    """The guarded kind a key's name says, word by word (never a substring: "account" holds no "count"), or None."""
    tokens = key_tokens(key)
    if "per" in tokens[1:]:  # "price_per_night": the head comes before "per"
        tokens = tokens[: tokens.index("per", 1)]
    if len(tokens) > 1 and tokens[-1] in ("for", "of", "in", "on", "by"):  # "scheduled_for"
        tokens = tokens[:-1]
    if not tokens:
        return None
    head = tokens[-1]
    if tokens[0] in ("is", "has") or head in _CATEGORICAL:
        return None
    if "warranty" in tokens or "guarantee" in tokens:
        return "warranty"
    if tokens[-2:] in (("places", "left"), ("seats", "left"), ("spots", "left")) or head in ("left", "remaining", "free"):
        return "places"
    if head == "status" or head == "state":
        return "status"
    if head == "cents" or head in _MONEY_WORDS or (head in ("paid", "due") and len(tokens) > 1):
        return "money"
    if tokens[:2] == ("number", "of") or head in _QUANTITY_WORDS or head == "stock":
        return "quantity"
    if head in _LINK_WORDS:
        return "link"
    if head in _ID_WORDS or (len(tokens) > 1 and tokens[-2:] == ("end", "id")):
        return "reference"
    if head in _DATE_WORDS or head.endswith("date"):
        return "date"
    if head in _NAME_WORDS:
        return "name"
    return None


def undeclared(fields: Iterator[str] | tuple[str, ...] | list[str] | frozenset[str], evidence: Evidence) -> list[str]:
    """The fields of a guarded kind (`kind_of_key`) that `evidence` does not declare, sorted."""
    return sorted({field for field in fields if kind_of_key(field) is not None and field not in evidence.declared})


def inferred(data: Any) -> Evidence:
    """Evidence read from key names, for a result whose tool declared none (see the module doc)."""
    money: list[MoneyEvidence] = []
    fields: dict[FieldKind, list[str]] = {}
    for key in sorted(set(_keys(data))):
        kind = kind_of_key(key)
        if kind == "money":
            unit: Unit = "cents" if key_tokens(key)[-1] == "cents" else "units"
            money.append(MoneyEvidence(key, unit, _role_from_name(key)))
        elif kind is not None:
            fields.setdefault(kind, []).append(key)
    return Evidence(
        money=tuple(money), quantities=tuple(fields.get("quantity", ())), dates=tuple(fields.get("date", ())),
        identifiers=tuple(Identifier(k, "reference") for k in fields.get("reference", ())),
        links=tuple(fields.get("link", ())), names=tuple(fields.get("name", ())),
        statuses=tuple(StatusEvidence(k) for k in fields.get("status", ())), warranties=tuple(fields.get("warranty", ())),
        places_left=tuple(fields.get("places", ())),
    )


_ROLE_FROM_NAME: tuple[tuple[str, MoneyRole], ...] = (
    ("balance", "balance"), ("price", "price"), ("fare", "price"), ("rent", "price"), ("cost", "price"))


def _role_from_name(key: str) -> MoneyRole:
    tokens = key_tokens(key)
    for word, role in _ROLE_FROM_NAME:
        if word in tokens:
            return role
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
    if type(value) is int:  # the commonest number of a result: exact as it is, no text to read
        return Decimal(value)
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
    names: list[str] = []
    products: list[str] = []
    dates: list[str] = []
    statuses: list[StatusWord] = []
    warranties: list[int | None] = []
    places: list[int] = []
    lengths: list[int] = []
    quantity_keys = set(evidence.quantities)
    identifier_kinds = {i.field: i.kind for i in evidence.identifiers}
    link_keys = set(evidence.links)
    name_keys, product_keys, date_keys = set(evidence.names), set(evidence.products), set(evidence.dates)
    warranty_keys, place_keys = set(evidence.warranties), set(evidence.places_left)
    status_of = evidence.status_by_field
    budget = [MAX_NODES]

    def currency_of(spec: MoneyEvidence, holder: dict) -> str:
        if spec.currency_field and isinstance(holder.get(spec.currency_field), str):
            return holder[spec.currency_field].upper()
        return spec.currency or default_currency

    # every key this evidence says something of: any other key's value is only looked into
    watched = {*evidence._money_by_field, *quantity_keys, *identifier_kinds, *link_keys, *name_keys, *product_keys,
               *date_keys, *status_of, *warranty_keys, *place_keys}
    money_field = evidence._money_by_field.get
    # A key of one kind only, read at once when its value is of the plain type that kind takes (a list of a
    # thousand bookings holds five thousand of them); any other value goes through the readings below, in order.
    single, status_maps = evidence.single_kinds, evidence.status_maps
    text_lists = {"name": names, "product": products, "date": dates}  # the kinds whose plain value is kept as it is

    def read(node: Any) -> None:
        budget[0] -= 1
        if budget[0] < 0:
            return
        if isinstance(node, dict):
            for key, value in node.items():
                if type(key) is not str:  # (a result's keys are text: `str` of one is itself)
                    key = str(key)
                if key not in watched:
                    if isinstance(value, (dict, list, tuple)):
                        read(value)
                    continue
                kind = single.get(key)
                if kind is not None:
                    plain = type(value)
                    if plain is str:
                        texts = text_lists.get(kind)
                        if texts is not None:  # a name, a product or a date: the text itself, if any
                            if value:
                                texts.append(value)
                            continue
                        if kind == "identifier":
                            identifiers.append((identifier_kinds[key], value))
                            continue
                        if kind == "status":
                            if value:
                                word = status_maps[key].get(value.lower())
                                if word is None and value.lower() in STATUS_WORDS:
                                    word = value.lower()
                                if word is not None:
                                    statuses.append(word)
                            continue
                    elif plain is int and kind == "quantity":
                        if 0 < value <= 10_000:
                            quantities.append(value)
                        continue
                spec = money_field(key)
                if spec is not None and (number := number_of(value)) is not None:
                    currency = currency_of(spec, node)
                    money.append(MoneyValue(_hundredths(number, spec.unit, factor_of(currency)), currency,
                                            spec.role, key))
                elif key in quantity_keys and isinstance(value, dict):  # counts by what they count
                    quantities.extend(int(n) for v in value.values()
                                      if (n := number_of(v)) is not None and n == int(n) and 0 < n <= 10_000)
                elif key in quantity_keys and (number := number_of(value)) is not None and number == int(number):
                    if 0 < number <= 10_000:
                        quantities.append(int(number))
                elif key in identifier_kinds and isinstance(value, (str, int)) and not isinstance(value, bool):
                    identifiers.append((identifier_kinds[key], str(value)))
                elif key in link_keys and isinstance(value, str):
                    links.append(value)
                elif isinstance(value, str) and value:
                    if key in name_keys:
                        names.append(value)
                    elif key in product_keys:
                        products.append(value)
                    elif key in date_keys:
                        dates.append(value)
                    elif key in status_of and (word := status_of[key].word(value.lower())) is not None:
                        statuses.append(word)
                elif key in warranty_keys and (value is None or number_of(value) is not None):
                    months = number_of(value)
                    warranties.append(None if months is None else int(months))
                elif key in place_keys and (number := number_of(value)) is not None and number == int(number):
                    places.append(int(number))
                if isinstance(value, (dict, list, tuple)):
                    if type(value) is list and value and not isinstance(value[0], (dict, list, tuple)):
                        for item in _plain_items(value):  # a declared key's list of values: each its value
                            read({key: item})
                    else:
                        read(value)
        elif isinstance(node, (list, tuple)):
            for spec in evidence.money:
                if spec.listed:
                    totals.extend(_list_totals(node, spec, currency_of, factor_of))
            if node and isinstance(node[0], dict):
                lengths.append(len(node))
            for child in node:
                read(child)

    read(data)
    return TypedResult(tuple(money), tuple(totals), tuple(quantities), tuple(identifiers), tuple(links), tuple(names),
                       tuple(products), tuple(dates), tuple(statuses), tuple(warranties), tuple(places),
                       tuple(lengths))


def _plain_items(values: list) -> Iterator[Any]:
    """The plain values (text, numbers) of a declared key's list ("show_times": ["16:40", "19:15"]), each read as
    that key's value: the key says what each of them is."""
    return (value for value in values if not isinstance(value, (dict, list, tuple)))


def _list_totals(items: list | tuple, spec: MoneyEvidence, currency_of, factor_of) -> list[MoneyValue]:
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
