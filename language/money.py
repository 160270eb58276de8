"""Money amounts: formatting through babel and finding amounts said or typed in a message.

Amounts are integers in the currency's minor unit (`amount_cents`; babel's currency precision, so a
JPY amount has no cents). Finding builds on `language.numbers.find_numbers`.

The rule for a number with no currency marker (a *bare* number), which guards rely on:

1. A number with a currency marker right before it ("R$ 50", "$1,630", "US$ 5", "€20") or right after
   it ("50 reais", "100 pesos", "20 euros", "20€", "310 bucks", "dois centavos") is an amount,
   `explicit=True`, whatever the context.
2. A bare number is an amount (`explicit=False`) only when `money_context=True` is passed, or when a
   money cue word occurs at most three words before it ("manda 100", "pix de 100", "send 50",
   "transferir 200", "pay 30", "valor de 80").
3. Even then a bare number is *not* an amount when it is an ordinal ("5th"), is followed by a count or
   unit word ("2 people", "para 4 personas", "3 tickets", "5 dias", "128 GB", "85%"), is a clock time
   ("às 15", "at 5 pm", "3 de la tarde", "15h" and "15:00" are not numbers at all), is part of a date
   ("5 de março", "March 5", "dia 5"), or is a lone article-like word ("um", "uma", "un", "una",
   "one", "a").
4. A number said with a money slang multiplier ("1,5 lucas", "two grand", "2k") is an amount as if it had a
   currency marker (`explicit=True`, in the default currency); "k" alone only with a money context or cue.
5. No amount is ever read from inside something shaped like a Pix key (`language.pix_keys.pix_key_spans`: a CPF,
   CNPJ, phone number, UUID or e-mail, valid or not): "manda 10 para 486.205.731-44" is 10, not 44.
"""

import re
from collections.abc import Callable
from decimal import ROUND_HALF_UP, Decimal, localcontext
from functools import lru_cache
from typing import NamedTuple

from babel import Locale, UnknownLocaleError
from babel.core import get_global
from babel.numbers import format_currency, get_currency_precision

from language.locales import Lang, babel_locale
from language.numbers import NumberMention, find_numbers
from language.pix_keys import pix_key_spans
from language.text import fold

DOLLAR_SIGN_CURRENCIES = frozenset({"USD", "ARS", "MXN", "CLP", "COP", "UYU", "CAD", "AUD", "NZD", "SGD", "HKD"})
PESO_CURRENCIES = frozenset({"ARS", "MXN", "CLP", "COP", "UYU", "DOP", "PHP", "CUP"})

# A currency marker right before an amount, and the words of minor units: guards.mentions reads drafts with them too.
CURRENCY_PREFIX_RE = re.compile(r"(r\$|us\$|u\$s|\$|€|£|brl|usd|eur|ars|mxn)\s?$")
_SUFFIX_RE = re.compile(
    r"\s?(€|\$|£|reais|reales|reals|real|pesos?|euros?|dolares|dolar|dollars?|bucks|brl|usd|eur|ars|mxn"
    r"|centavos?|cents?|centimos?|centims?)(?!\w)"
)
MINOR_UNIT_WORDS = frozenset({"centavo", "centavos", "cent", "cents", "centimo", "centimos", "centim", "centims"})
_CURRENCY_WORDS: dict[str, str] = {
    "r$": "BRL", "reais": "BRL", "reales": "BRL", "reals": "BRL", "real": "BRL", "brl": "BRL", "€": "EUR", "euro": "EUR", "euros": "EUR",
    "eur": "EUR", "£": "GBP", "us$": "USD", "u$s": "USD", "usd": "USD", "ars": "ARS", "mxn": "MXN",
}
_JOIN_MINOR_RE = re.compile(r"^\s*(?:e|y|i|and|com|con|amb)\s+$")

_CUE_RE = re.compile(
    r"(?<!\w)(pix|manda|mande|mandar|envia|envie|enviar|envio|transfere|transfira|transferir|transferencia"
    r"|transfiere|transfereix|transferencia|transfer|send|pay|pagar|paga|pague|valor|amount|import|importe"
    r"|quantia|monto)(?:\s+[^\s\d]+){0,3}\s+$"
)
# Words that make a number a count, not money ("2 pessoas", "3 noites", "10 GB"); guards.mentions adds its own.
COUNT_AFTER_WORDS = (
    r"pessoas?|pax|ingressos?|bilhetes?|lugares|lugar|vagas?|adultos?|criancas?|dias?|noites?|horas?"
    r"|minutos?|vezes|anos?|meses|semanas?|personas?|entradas?|boletos?|billetes?|plazas?|ninos?|noches?"
    r"|veces|anos|persones|entrades|places|llocs?|nens?|adults?|dies|nits?|hores?|minuts?|vegades|anys?"
    r"|mesos|setmanes|people|persons?|tickets?|seats?|kids?|children|guests?|days?|nights?|hours?"
    r"|minutes?|times|years?|months?|weeks?|gb|gigas?|tb|mb|%|por cento|por ciento|per cent|percent"
    r"|h|hs|hrs?|pm|am|a\.m|p\.m|o[\"'’]?clock|da (?:manha|tarde|noite)|de la (?:manana|tarde|noche|tarda|nit)"
    r"|in the (?:morning|afternoon|evening)|de (?:janeiro|fevereiro|marco|abril|maio|junho|julho|agosto"
    r"|setembro|outubro|novembro|dezembro|enero|febrero|marzo|mayo|junio|julio|septiembre|octubre"
    r"|noviembre|diciembre|gener|febrer|marc|maig|juny|juliol|setembre|octubre|novembre|desembre)"
    r"|d'(?:abril|agost|octubre)|of (?:january|february|march|april|may|june|july|august|september"
    r"|october|november|december)|january|february|march|april|june|july|august|september|october"
    r"|november|december|st|nd|rd|th"
)
_COUNT_AFTER_RE = re.compile(rf"\s*({COUNT_AFTER_WORDS})(?!\w)")
_TIME_OR_DATE_BEFORE_RE = re.compile(
    r"(?<!\w)(as|a las|a la|a les|at|by|around|until|till|hasta|fins a les|dia|day|el dia|on the|the"
    r"|january|february|march|april|may|june|july|august|september|october|november|december)\s*$"
)
_ARTICLE_WORDS = frozenset({"um", "uma", "un", "una", "u", "one", "a"})
# The largest amount `find_amounts` reports, in minor units (24 digits). A longer run of digits is a code or a key,
# not an amount, and beyond it decimal arithmetic at babel's precision (28 digits) would no longer be exact.
AMOUNT_READ_MAX_CENTS = 10**24
_SLANG_MONEY_RE = re.compile(r"\s?(?:lucas?|grand|palos?)$")  # a multiplier that only money takes (rule 4)


class AmountMention(NamedTuple):
    """A money amount found in a text: `text[start:end] == raw`; `explicit` if a currency marker was there.

    A tuple, cheap to build by thousands: guards.mentions reads every draft with it (as `Amount`)."""

    amount_cents: int
    currency: str
    start: int
    end: int
    raw: str
    explicit: bool


@lru_cache(maxsize=64)
def minor_unit_factor(currency: str) -> int:
    """10 ** (number of decimals of `currency`): 100 for BRL/EUR/USD, 1 for JPY."""
    return 10 ** get_currency_precision(currency)


def to_minor_units(value: Decimal, currency: str) -> int:
    """`value` major units of `currency` as an integer count of minor units, rounded half up."""
    return int((value * minor_unit_factor(currency)).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def format_money(cents: int, currency: str, lang: Lang) -> str:
    """`cents` minor units of `currency` as written in `lang` by babel (keeps babel's U+00A0 spaces).

    format_money(189000, "BRL", "pt-BR") == "R$\\xa01.890,00".

    A function of its arguments and babel's locale data alone, so its answers are kept (the same prices and
    balances are written in reply after reply: babel's formatting was ~3% of the worker's CPU per message).
    """
    return _money_written(cents, currency, lang)


@lru_cache(maxsize=4096)
def _money_written(cents: int, currency: str, lang: Lang) -> str:
    with localcontext() as exact:  # the default 28 digits would make babel's rounding raise for long amounts
        exact.prec = max(28, len(str(abs(int(cents)))) + 4)
        major = Decimal(cents) / minor_unit_factor(currency)
        return format_currency(major, currency, locale=money_locale(lang, currency))


@lru_cache(maxsize=64)
def money_locale(lang: Lang, currency: str) -> str:
    """The babel locale to write `currency` in `lang`: the language's own locale (pt-BR → pt_BR), except that a
    language official in the one region paying in `currency` takes that region (es+ARS → es_AR, so "$500.000,00"
    and not "500.000,00 ARS"). A language merely spoken there keeps its own locale: CLDR's es_BR writes BRL the
    Latin American way ("R$200.00"), which a Spanish customer of a Brazilian bank misreads; babel's es writes
    "200,00 BRL"."""
    base = babel_locale(lang)
    language_only = base.split("_")[0]
    if "_" in base:
        return base
    territory_languages = get_global("territory_languages")
    regions = sorted(
        territory for territory, tenders in get_global("territory_currencies").items()
        if any(tender[0] == currency and tender[2] is None for tender in tenders)
        and (territory_languages.get(territory, {}).get(language_only) or {}).get("official_status") == "official"
    )
    candidates = []
    for territory in regions:
        try:
            Locale.parse(f"{language_only}_{territory}")
        except (ValueError, UnknownLocaleError):
            continue
        candidates.append(f"{language_only}_{territory}")
    return candidates[0] if len(candidates) == 1 else base


def currency_for(marker: str, default_currency: str) -> str:
    """ISO code meant by a folded currency marker; "$" and "dollars" follow a dollar-sign default currency; "bucks"
    is slang for money in whatever currency the customer pays in ("send pedro 20 bucks" at a Brazilian bank)."""
    if marker == "bucks":
        return default_currency
    if marker in ("$", "dollar", "dollars", "dolar", "dolares"):
        return default_currency if default_currency in DOLLAR_SIGN_CURRENCIES else "USD"
    if marker in ("peso", "pesos"):
        return default_currency if default_currency in PESO_CURRENCIES else "MXN"
    return _CURRENCY_WORDS.get(marker, default_currency)


def _is_bare_amount(number: NumberMention, folded: str, money_context: bool) -> bool:
    """Whether a number without a currency marker reads as an amount (rules 2 and 3 of the module doc)."""
    before = folded[max(0, number.start - 60) : number.start]
    if not (money_context or _CUE_RE.search(before)):
        return False
    if fold(number.raw) in _ARTICLE_WORDS or _COUNT_AFTER_RE.match(folded, number.end):
        return False
    return not _TIME_OR_DATE_BEFORE_RE.search(before)


def _marker(folded: str, number: NumberMention) -> tuple[str, int, int] | None:
    """(marker, span start, span end) of the currency marker around `number`, if any."""
    head = folded[max(0, number.start - 5) : number.start]
    if prefix := CURRENCY_PREFIX_RE.search(head):
        return prefix.group(1), number.start - len(head) + prefix.start(1), number.end
    if suffix := _SUFFIX_RE.match(folded, number.end):
        return suffix.group(1), number.start, suffix.end(1)
    return None


def _explicit(number: NumberMention, marker: str, span: tuple[int, int], default_currency: str) -> AmountMention:
    """An explicit AmountMention (raw is filled by the caller); minor-unit words count minor units."""
    if marker in MINOR_UNIT_WORDS:
        cents = int(number.value.quantize(Decimal(1), rounding=ROUND_HALF_UP))
        return AmountMention(cents, default_currency, span[0], span[1], "", True)
    currency = currency_for(marker, default_currency)
    return AmountMention(to_minor_units(number.value, currency), currency, span[0], span[1], "", True)


def merge_minor(found: list[tuple[AmountMention, bool]], folded: str,
                make: Callable[[int, str, int, int, str, bool], AmountMention]) -> list[AmountMention]:
    """Join "50 reais e 20 centavos" (major amount, joiner, minor-unit amount) into one mention, built by `make`
    from (amount_cents, currency, start, end, raw, explicit) with an empty raw for the caller to fill.

    `found` pairs each mention with whether it was said in minor units.
    """
    merged: list[tuple[AmountMention, bool]] = []
    for amount, is_minor in found:
        if merged and is_minor and amount.amount_cents < minor_unit_factor(merged[-1][0].currency):
            previous, previous_minor = merged[-1]
            if previous.explicit and not previous_minor and _JOIN_MINOR_RE.match(folded[previous.end : amount.start]):
                total = previous.amount_cents + amount.amount_cents
                merged[-1] = (make(total, previous.currency, previous.start, amount.end, "", True), False)
                continue
        merged.append((amount, is_minor))
    return [amount for amount, _ in merged]


def find_amounts(text: str, lang: Lang, default_currency: str, *, money_context: bool = False) -> list[AmountMention]:
    """Every money amount in `text`, in order, following the rules in the module docstring.

    `default_currency` is used for bare amounts, minor-unit words ("dois centavos" = 2) and "$"/"pesos"
    when that currency writes them so.
    """
    folded = fold(text)
    keys = pix_key_spans(text)
    found: list[tuple[AmountMention, bool]] = []
    for number in find_numbers(text, lang):
        if number.ordinal or number.value.adjusted() >= 24:  # ≥ 10^24 units: no amount (see AMOUNT_READ_MAX_CENTS)
            continue
        if any(start < number.end and number.start < end for start, end in keys):  # inside a Pix key (rule 5)
            continue
        if _SLANG_MONEY_RE.search(fold(number.raw)) and not _marker(folded, number):
            cents = to_minor_units(number.value, default_currency)
            found.append((AmountMention(cents, default_currency, number.start, number.end, "", True), False))
        elif located := _marker(folded, number):
            marker, start, end = located
            found.append((_explicit(number, marker, (start, end), default_currency), marker in MINOR_UNIT_WORDS))
        elif _is_bare_amount(number, folded, money_context):
            cents = to_minor_units(number.value, default_currency)
            found.append((AmountMention(cents, default_currency, number.start, number.end, "", False), False))
    return [
        AmountMention(a.amount_cents, a.currency, a.start, a.end, text[a.start : a.end], a.explicit)
        for a in _spoken_cents(merge_minor(found, folded, AmountMention), folded)
        if a.amount_cents <= AMOUNT_READ_MAX_CENTS
    ]


def _spoken_cents(amounts: list[AmountMention], folded: str) -> list[AmountMention]:
    """Join a whole amount and a bare number from 10 to 99 said right after it with "e/y/con/com/amb/and" into
    one amount with cents, as prices are said aloud: "vinte e dois e cinquenta" is 22,50, "veintidós con
    cincuenta" 22,50. Nothing but the joiner may stand between them; the second must be said without a currency."""
    joined: list[AmountMention] = []
    for amount in amounts:
        if joined and not amount.explicit and minor_unit_factor(amount.currency) == 100:
            previous = joined[-1]
            units, rest = divmod(amount.amount_cents, 100)
            if (not rest and 10 <= units <= 99 and previous.currency == amount.currency
                    and previous.amount_cents % 100 == 0 and _JOIN_MINOR_RE.match(folded[previous.end : amount.start])):
                joined[-1] = AmountMention(previous.amount_cents + units, previous.currency, previous.start, amount.end,
                                           "", previous.explicit)
                continue
        joined.append(amount)
    return joined
