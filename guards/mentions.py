"""Money amounts in a draft or a message, found fast enough for a 5,000-number draft, for the guards.

`amounts_in(text, lang, currency)` follows the rules of `language.money.find_amounts` (see its module doc: a
currency marker makes an amount; a bare number is one only with a money cue or in money context, and never when it
is a count, a clock time, a date or an article), with three differences the guards need:

* the money cues include past and perfect forms ("enviei 300", "transferí 50", "I sent 40", "he enviat 20"), so a
  claim in the past tense is checked like one in the present;
* a bare number inside an identifier is not an amount: Pix keys (CPF/CNPJ, phones, e-mails, random keys), numbers
  written like accounts or phones ("12345-6", "98765-4321", "408-971-8523"), long digit runs, links, and a bare
  number right after a word that names an identifier ("conta 123456", "código 4471", "order 5521");
* "tickets for 4", "mesa para 4": a bare number after a count noun and "for/para" is a count; "2 Pix", "3
  transferências": a count of payments;
* babel's other ways of writing a currency are markers too: after the number ("1.234,56 US$", "50,00 R$") and an
  ISO code glued to it ("ARS1,234.56").

Speed: numbers written in digits are read by one regular-expression pass with a direct conversion of the common
notations ("1.890,00", "5,118.77", "45"), babel for the rest; only the sentences holding a number *word* ("mil",
"novecientos", "vint-i-cinc") go through `language.numbers.find_numbers`, which reads words with text2num (and its
Catalan table). Sentences are cut at punctuation followed by a space, where no number run can continue, so reading
them one by one gives the same numbers as reading the whole text (a test checks the agreement with `find_amounts` on
the corpus). Results are cached per (text, language, currency, context).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache

from guards.scan import may_match, scan
from guards.text import folded
from language.locales import Lang
from language.money import (
    COUNT_AFTER_WORDS,
    CURRENCY_PREFIX_RE,
    MINOR_UNIT_WORDS,
    AmountMention,
    currency_for,
    merge_minor,
    minor_unit_factor,
)
from language.numbers import MULTIPLIERS, NumberMention, find_numbers, parse_digits
from language.text import whole_words

# The mentions of language, which are tuples already (cheap to build by thousands; `_new` below skips even the
# NamedTuple constructor). Named here as the guards speak of them.
Number = NumberMention
Amount = AmountMention

# --- numbers -------------------------------------------------------------------------------------------------------

# Groups of three digits after spaces ("1 000", "12 500,00"), as language.numbers reads them: one number when that
# is the only likely reading, else each group on its own ("2 100" is 2 and 100).
_SPACED = r"(?<![\w.,])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:,\d{1,2})?(?![\w.,]?\d)"
_SPACE_GROUP_RE = re.compile(r"\d+(?:,\d{1,2})?")


def _spaced_numbers(raw: str, start: int, lang: Lang) -> list[Number]:
    """The numbers of a spaced-digits token at `start` (language.numbers' `_joinable` rule)."""
    groups = re.findall(r"\d+", raw.split(",")[0])
    if groups[0] == "1" or all(group in ("000", "500") for group in groups[1:]):
        value = digits_value(re.sub(r"\s", "", raw), lang)
        return [Number(value, start, start + len(raw), raw)] if value is not None else []
    found = []
    for group in _SPACE_GROUP_RE.finditer(raw):
        if (value := digits_value(group.group(), lang)) is not None:
            found.append(Number(value, start + group.start(), start + group.end(), group.group()))
    return found


# The digit-bearing tokens of language.numbers' tokenizer, with the same boundaries: clock times and numeric dates
# (skipped), ordinals ("5th", "12º") and digit numbers; a digit run glued to letters ("S21", "128GB") is none.
_DIGIT_TOKENS = (
    r"(?P<skip>(?<!\w)(?:\d{1,2}(?::\d{2}(?::\d{2})?|h\d{0,2})|\d{1,4}[/-]\d{1,2}(?:[/-]\d{1,4})?)(?!\w))"
    r"|(?P<ordinal>(?<!\w)\d{1,4}(?:st|nd|rd|th|º|ª|°)(?!\w))"
    rf"|(?P<spaced>{_SPACED})"
    r"|(?P<digits>(?<![\w.,])\d+(?:[.,]\d+)*(?!\w))"
)
# The leading look-ahead skips every non-digit position at once.
_DIGIT_TOKEN_RE = re.compile(rf"(?=\d)(?:{_DIGIT_TOKENS})")
# The same tokens with the usual prefix markers read in the same match ("R$ 1.890,00", "$5.50", "€20"): a draft of
# thousands of amounts needs no separate look-behind for each.
# (a sign ending a line is that line's: "… 30 €\n3️⃣ …" says no € 3)
_AMOUNT_TOKEN_RE = re.compile(rf"(?=[\d$€£ru])(?:(?P<pre>r\$|us\$|u\$s|\$|€|£)[^\S\n]?)?(?:{_DIGIT_TOKENS})")
_WORD_RE = re.compile(r"[^\W\d_]+(?:[-'’·][^\W\d_]+)*(?!\w)")
# Where no number run can continue: punctuation followed by white space (the punctuation is its own token).
_SENTENCE_END_RE = re.compile(r"[.!?;:,\n](?=\s)|\n")

_NOTATION_RE = {  # the common notations, read without babel: plain digits, grouped thousands, a decimal part
    "en": re.compile(r"(?P<int>[1-9]\d{0,2}(?:,\d{3})+|[1-9]\d*|0)(?:\.(?P<frac>\d+))?"),
    "latin": re.compile(r"(?P<int>[1-9]\d{0,2}(?:\.\d{3})+|[1-9]\d*|0)(?:,(?P<frac>\d+))?"),
}


_EN_NOTATION, _LATIN_NOTATION = _NOTATION_RE["en"], _NOTATION_RE["latin"]


def digits_value(raw: str, lang: Lang) -> Decimal | None:
    """`language.numbers.parse_digits`, with the common notations converted directly (same values)."""
    if raw.isdigit() and (raw[0] != "0" or len(raw) == 1):
        return Decimal(raw)
    match = _NOTATION_RE["en" if lang == "en" else "latin"].fullmatch(raw)
    if match is not None:
        whole = match.group("int").replace("," if lang == "en" else ".", "")
        fraction = match.group("frac")
        return Decimal(f"{whole}.{fraction}" if fraction else whole)
    return parse_digits(raw, lang)


@lru_cache(maxsize=8192)
def _word_is_number(word: str, lang: Lang) -> bool:
    return word.lower() in MULTIPLIERS[lang] or bool(find_numbers(word, lang))


def _word_sentences(text: str, lang: Lang) -> list[tuple[int, int]]:
    """(start, end) of the sentences of `text` that hold a number word, in order."""
    number_words = {word for word in set(_WORD_RE.findall(text)) if _word_is_number(word, lang)}
    if not number_words:
        return []
    words = [m.start() for m in _WORD_RE.finditer(text) if m.group() in number_words]
    ends = [m.end() for m in _SENTENCE_END_RE.finditer(text)]
    spans: list[tuple[int, int]] = []
    for position in words:
        index = bisect_right(ends, position)
        start = ends[index - 1] if index else 0
        end = ends[index] if index < len(ends) else len(text)
        if not spans or spans[-1] != (start, end):
            spans.append((start, end))
    return spans


def numbers_in(text: str, lang: Lang) -> list[Number]:
    """`language.numbers.find_numbers(text, lang)`, fast for digits (see the module doc)."""
    slow = _word_sentences(text, lang)
    found: list[Number] = []
    slow_index = 0
    for match in _DIGIT_TOKEN_RE.finditer(text):
        start = match.start()
        while slow_index < len(slow) and slow[slow_index][1] <= start:
            sentence_start, sentence_end = slow[slow_index]
            found.extend(_shifted(find_numbers(text[sentence_start:sentence_end], lang), sentence_start, text))
            slow_index += 1
        if slow_index < len(slow) and slow[slow_index][0] <= start:
            continue  # inside a sentence read the slow way
        kind = match.lastgroup
        if kind == "skip":
            continue
        raw = match.group()
        if kind == "spaced":
            found.extend(_spaced_numbers(raw, start, lang))
        elif kind == "ordinal":
            ordinal = re.match(r"\d+", raw)
            assert ordinal is not None  # the ordinal token starts with its digits
            found.append(Number(Decimal(ordinal.group()), start, match.end(), raw, True))
        elif (value := digits_value(raw, lang)) is not None:
            found.append(Number(value, start, match.end(), raw))
    for sentence_start, sentence_end in slow[slow_index:]:
        found.extend(_shifted(find_numbers(text[sentence_start:sentence_end], lang), sentence_start, text))
    return found


def _shifted(mentions: list[NumberMention], offset: int, text: str) -> list[Number]:
    return [Number(m.value, m.start + offset, m.end + offset, text[m.start + offset : m.end + offset], m.ordinal)
            for m in mentions]


# --- identifiers ---------------------------------------------------------------------------------------------------

# Each kind on its own, with a cheap test of the text first (a dash, an "@", a "+" or a parenthesis must be there),
# so a draft of plain amounts is not scanned nine times; (pattern, must contain, no word/number right before/after).
_IDENTIFIER_PATTERNS = (
    (re.compile(r"(?:https?://|www\.)\S+", re.IGNORECASE), "", False),
    (re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"), "@", False),
    (re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"), "-", False),
    (re.compile(r"\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}"), "-", True),  # CNPJ
    (re.compile(r"\d{3}\.\d{3}\.\d{3}-\d{2}"), "-", True),  # CPF
    (re.compile(r"\+\d{1,3}[\s-]?\(?\d{1,4}\)?(?:[\s-]?\d{2,5}){2,4}"), "+", False),  # international phone
    (re.compile(r"\(\d{2,3}\)\s?\d{3,5}[\s-]?\d{4}"), "(", False),  # (11) 91234-5678
    (re.compile(r"\d{2,6}(?:-\d{1,6})+"), "-", True),  # 12345-6, 98765-4321, 408-971-8523
    (re.compile(r"\d{10,}"), "", True),  # CPF/CNPJ/phone/account digits without separators
)
_BEFORE_ID = re.compile(r"[\w.,$€£]")


def _bounded_span(text: str, start: int, end: int) -> bool:
    """No word character, separator or currency sign right before; no (separated) digit right after."""
    if start and _BEFORE_ID.match(text, start - 1):
        return False
    if end < len(text) and (text[end].isalnum() or (text[end] in ".," and end + 1 < len(text) and text[end + 1].isdigit())):
        return False
    return True


_IDENTIFIER_WORD_RE = re.compile(
    r"(?<!\w)(?:cpf|cnpj|rg|conta|agencia|ag|cc|account|acct|cuenta|compte|telefone|telefono|telefon|phone|tel"
    r"|celular|cel|movil|mobil|whatsapp|chave|clave|clau|key|pedido|order|protocolo|codigo|codi|code|ref"
    r"|referencia|reference|dni|nif|nie|id|n[oº°]|numero|number|#)\s*(?:n[oº°]\.?\s*|[:#]\s*)?$"
)


def identifier_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each identifier-looking run of `text` (see the module doc), in order."""
    spans = []
    for pattern, needs, bounded in _IDENTIFIER_PATTERNS:
        if needs and needs not in text:
            continue
        spans += [m.span() for m in pattern.finditer(text) if not bounded or _bounded_span(text, *m.span())]
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):  # overlapping runs (a number inside a link) become one
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


# --- amounts -------------------------------------------------------------------------------------------------------
# The marker and context rules of language.money: its currency words and minor-unit words are used as they are
# (currency_for, MINOR_UNIT_WORDS, CURRENCY_PREFIX_RE); the suffixes and cues below differ (see the module doc).

_SUFFIX_RE = re.compile(
    r"[^\S\n]?(€|r\$|us\$|\$|£|reais|reales|reals|real|pesos?|euros?|dolares|dolar|dollars?|bucks|brl|usd|eur|ars|mxn"
    r"|centavos?|cents?|centimos?|centims?)(?!\w)"
)
_CUE_WORDS = (
    r"pix|manda|mande|mandar|envia|envie|enviar|envio|transfere|transfira|transferir|transferencia|transfiere"
    r"|transfereix|transfer|send|pay|pagar|paga|pague|valor|amount|import|importe|quantia|monto"
    # past and perfect forms: a claim in the past tense is an amount like one in the present
    r"|enviei|enviou|enviamos|enviaram|mandei|mandou|mandamos|transferi|transferiu|transferimos|paguei|pagou"
    r"|pagamos|envie|envio|enviamos|enviaste|mande|mando|transferi|transfirio|pague|pago|pagaste|enviat|transferit"
    r"|pagat|vaig enviar|vaig transferir|vaig pagar|enviado|transferido|pagado|sent|transferred|paid|sending"
    r"|deposited|deposit|deposito"
)
_CUE_RE = re.compile(rf"(?<!\w)(?:{_CUE_WORDS})(?:\s+[^\s\d]+){{0,3}}\s+$")
_CUE_WORD_RE = re.compile(r"(?=[^\W\d_])" + whole_words(_CUE_WORDS))
_COUNT_AFTER_RE = re.compile(  # "3 business days", "2 working days": a duration, no amount
    rf"\s*(?:(?:business|working|calendar|bank|banking)\s+)?({COUNT_AFTER_WORDS}"
    r"|stars?|estrelas?|estrellas?|estrelles"
    r"|pix|transfers?|transferencias?|transferencies|payments?|pagamentos?|pagos|pagaments?|transactions?"
    r"|transacoes|transacciones|transaccions|operacoes|operaciones|operacions|envios?|enviaments?)(?!\w)"
)
_TIME_OR_DATE_BEFORE_RE = re.compile(
    r"(?<!\w)(as|a las|a la|a les|at|by|around|until|till|hasta|fins a les|dia|day|el dia|on the|the"
    r"|january|february|march|april|may|june|july|august|september|october|november|december)\s*$"
)
_COUNT_BEFORE_RE = re.compile(
    r"(?<!\w)(?:pessoas?|personas?|persones|people|persons?|tickets?|ingressos?|entradas?|entrades|seats?|lugares"
    r"|places|plazas?|mesa|table|quartos?|rooms?|habitaci\w+|party|grupo|group)\s+(?:for|of|para|pra|per a|per|de)\s+$"
)
_ARTICLE_WORDS = frozenset({"um", "uma", "un", "una", "u", "one", "a"})
_SLANG_MONEY_RE = re.compile(r"\s?(?:lucas?|grand|palos?)$")  # a multiplier only money takes: "1,5 lucas", "two grand"
MAX_INTEGER_DIGITS = 24  # a longer run of digits is a code or a key, no amount (as language.money)


@lru_cache(maxsize=256)
def _to_minor(value: Decimal, currency: str) -> int:
    scaled = value * minor_unit_factor(currency)
    whole = int(scaled)
    return whole if whole == scaled else int(scaled.quantize(Decimal(1), rounding=ROUND_HALF_UP))


# An amount with its currency marker right after a bare number (in brackets, after a colon or "de"/"of"): the number
# counts what the amount is of.
_MARKED_AMOUNT_NEXT_RE = re.compile(r"\s*[(:\[]?\s*(?:(?:de|of|do|da|del)\s+)?(?:r\$|us\$|\$|€|£|brl|eur|ars|usd)\s?\d")


# A list's item number: one or two digits opening a line (after spaces or a bullet), then "." or ")" and a space
# ("1. R$ 80,00 pro Pedro", "2) Energia Sul — R$ 230,45"): the item's place in the list, no amount.
_LINE_OPENING_RE = re.compile(r"(?:^|\n)[^\S\n]*(?:[-•*][^\S\n]*)?$")
_ITEM_NUMBER_END_RE = re.compile(r"[.)][^\S\n]+\S")


def _list_item_number(low: str, start: int, end: int) -> bool:
    """Whether the number at start:end numbers a list's item (see `_LINE_OPENING_RE`)."""
    return end - start <= 2 and _ITEM_NUMBER_END_RE.match(low, end) is not None \
        and _LINE_OPENING_RE.search(low, max(0, start - 8), start) is not None


def _is_bare_amount(low: str, start: int, end: int, raw: str, money_context: bool, cues: list[int]) -> bool:
    """Rules 2 and 3 of language.money for a number without a marker; `cues` are the ends of the money cue words
    of the text, so the exact cue rule only runs where a cue is near."""
    if not money_context:
        index = bisect_right(cues, start) - 1
        if index < 0 or cues[index] < start - 60 or not _CUE_RE.search(low, max(0, start - 60), start):
            return False
    if raw.lower() in _ARTICLE_WORDS:
        return False
    if _list_item_number(low, start, end):
        return False
    if _MARKED_AMOUNT_NEXT_RE.match(low, end):
        return False  # how many, then their amount: "n'has rebut 1 (R$ 200,00)", "recebeu 2: R$ 50 e R$ 30"
    following = low[end : end + 2]  # a count or unit word, a time ("pm"), "%": only after a letter or "%"
    if following and (following[-1].isalpha() or "%" in following or following[0].isalpha()) \
            and _COUNT_AFTER_RE.match(low, end):
        return False
    if start > 1 and not low[start - 2].isdigit():  # words right before: "tickets for", "conta", "às", "on the"
        near = max(0, start - 24)
        if _COUNT_BEFORE_RE.search(low, near, start) or _IDENTIFIER_WORD_RE.search(low, near, start) \
                or _TIME_OR_DATE_BEFORE_RE.search(low, near, start):
            return False
    return True


_NAME_WORD_BEFORE_RE = re.compile(r"(?:^|[\s(])([A-ZÀ-ÖØ-Þ][\w'’&.-]*) $")


def _in_a_name(text: str, low: str, start: int, end: int) -> bool:
    """Whether a bare number is part of a name: after a capitalised word that is no money word ("Pier 29",
    "Studio 54"), or a decade ("Gay 90's Pizza Co."). A name's number is no amount even where money is spoken of."""
    if text.startswith(("'s", "’s"), end):
        return True
    before = _NAME_WORD_BEFORE_RE.search(text, max(0, start - 30), start)
    return before is not None and not _CUE_WORD_RE.fullmatch(low, before.start(1), before.end(1))


_MARKER_CHARS = frozenset("$€£lrsdxp")  # the last characters of a prefix marker ("R$", "US$", "€", "brl", "ars")


def _marker(low: str, start: int, end: int) -> tuple[str, int, int] | None:
    at = start - 1
    if at >= 0 and low[at].isspace() and low[at] != "\n":  # a sign ending the line before is that line's
        at -= 1
    before = low[at] if at >= 0 else ""
    if before and before in "$€£":  # the usual case, without a regular expression: "R$ 50", "$5.50", "US$ 5", "€20"
        if before == "$" and at >= 1 and low[at - 1] == "r":
            return "r$", at - 1, end
        if before == "$" and at >= 2 and low[at - 2 : at] == "us":
            return "us$", at - 2, end
        return before, at, end
    if before in _MARKER_CHARS and (prefix := CURRENCY_PREFIX_RE.search(low, max(0, start - 5), start)):
        return prefix.group(1), prefix.start(1), end
    if end < len(low) and (low[end] in "€$£" or (low[end].isspace() and low[end] != "\n" and end + 1 < len(low))
                           or low[end].isalpha()) and (suffix := _SUFFIX_RE.match(low, end)):
        return suffix.group(1), start, suffix.end(1)
    return None


_PLACES: dict[str, tuple[int, int]] = {}


def _factor_and_places(currency: str) -> tuple[int, int]:
    if currency not in _PLACES:
        factor = minor_unit_factor(currency)
        _PLACES[currency] = (factor, len(str(factor)) - 1)
    return _PLACES[currency]


def _minor_of(raw: str, value: Decimal | None, lang: Lang, currency: str) -> int | None:
    """The digits `raw` (or the number `value`) in minor units of `currency`, with integers where they suffice:
    plain digits and the language's own notation ("5,118.77", "1.890,00"); anything else goes through babel."""
    if value is None:
        factor, places = _PLACES.get(currency) or _factor_and_places(currency)
        if raw.isdigit():
            if raw[0] != "0" or len(raw) == 1:
                return int(raw) * factor
        else:
            decimal, group = (".", ",") if lang == "en" else (",", ".")
            cut = len(raw) - places - 1  # "4999.99", "1890,00": exactly the currency's decimals, no grouping
            if places and cut > 0 and raw[cut] == decimal and (raw[0] != "0" or cut == 1):
                digits = raw[:cut] + raw[cut + 1 :]
                if digits.isdigit():
                    return int(digits)
            whole, mark, fraction = raw.partition(decimal)
            if group in whole:
                whole = whole.replace(group, "") if _GROUPED_RE.fullmatch(whole.replace(group, ",")) else ""
            if whole.isdigit() and (whole[0] != "0" or len(whole) == 1) and (fraction.isdigit() or not mark) \
                    and len(fraction) <= places:
                return int(whole) * factor + (int(fraction.ljust(places, "0")) if places else 0)
        value = digits_value(raw, lang)
        if value is None:
            return None
    return _to_minor(value, currency)


_GROUPED_RE = re.compile(r"[1-9]\d{0,2}(?:,\d{3})+")


# An ISO code glued to the digits, as babel writes some currencies in English ("ARS1,234.56", "BRL50"): the digits
# are no number token there (glued to letters), so they are read here.
_GLUED_RE = re.compile(r"(?<![a-z])(brl|usd|eur|ars|mxn|gbp)(\d+(?:[.,]\d+)*)(?![\w.,]?\d)")
_new = tuple.__new__  # builds an Amount without NamedTuple's Python-level constructor (thousands per draft)


def _in_slow(slow: list[tuple[int, int]], position: int) -> bool:
    index = bisect_right([start for start, _ in slow], position) - 1
    return index >= 0 and slow[index][1] > position


def _glued_amounts(text: str, low: str, lang: Lang) -> list[Amount]:
    found = []
    for match in _GLUED_RE.finditer(low):
        currency = currency_for(match.group(1), match.group(1).upper())
        cents = _minor_of(match.group(2), None, lang, currency)
        if cents is not None:
            found.append(_new(Amount, (cents, currency, match.start(), match.end(),
                                       text[match.start() : match.end()], True)))
    return found


def _money_possible(low: str) -> bool:
    """Whether an amount can be in the folded `low`: only a currency marker (before or after the digits, glued to
    them), a money cue word before a bare number or a slang multiplier makes one, and each of their tables requires
    its words (`guards.scan.may_match`: "$", "reais", "usd", "pix", "lucas", …)."""
    return any(may_match(pattern, low) for pattern in (_SUFFIX_RE, CURRENCY_PREFIX_RE, _GLUED_RE, _SLANG_MONEY_RE,
                                                       _CUE_WORD_RE))


@lru_cache(maxsize=1024)
def amounts_in(text: str, lang: Lang, default_currency: str, money_context: bool = False) -> tuple[Amount, ...]:
    """Every money amount of `text`, in order (see the module doc); `raw` is the span of `text`.

    Digit tokens are read in one pass over the folded text, converted to minor units with integer arithmetic and
    classified without building a `Number` for each (the hot path of a draft full of amounts); the sentences holding
    number words are read by `language.numbers`. A text without money context in which no marker, money cue or
    slang word can be (`_money_possible`) holds no amount and is not read further."""
    low = folded(text)
    if not money_context and not _money_possible(low):
        return ()
    masked = identifier_spans(text)
    mask_starts = [start for start, _ in masked]
    slow = _word_sentences(text, lang)
    cues = [] if money_context else [m.end() for m in scan(_CUE_WORD_RE, low)]
    bare_possible = money_context or bool(cues)
    found: list[Amount] = []
    minor: set[int] = set()  # starts of the amounts said in minor units ("20 centavos"), to join

    def classify(start: int, end: int, raw: str, value: Decimal | None) -> None:
        cents: int | None
        if masked:
            index = bisect_right(mask_starts, start) - 1
            if index >= 0 and masked[index][1] >= end:
                return  # inside an identifier
        if value is not None and value.adjusted() >= MAX_INTEGER_DIGITS:
            return
        located = _marker(low, start, end)
        if located is None and value is not None and _SLANG_MONEY_RE.search(low[start:end]):
            found.append(_new(Amount, (_to_minor(value, default_currency), default_currency, start, end, raw, True)))
            return
        if located:
            marker, span_start, span_end = located
            if marker in MINOR_UNIT_WORDS:
                number = value if value is not None else digits_value(raw, lang)
                if number is not None:
                    cents = int(number.quantize(Decimal(1), rounding=ROUND_HALF_UP))
                    found.append(_new(Amount, (cents, default_currency, span_start, span_end,
                                               text[span_start:span_end], True)))
                    minor.add(span_start)
                return
            currency = currency_for(marker, default_currency)
            if (cents := _minor_of(raw, value, lang, currency)) is not None:
                found.append(_new(Amount, (cents, currency, span_start, span_end, text[span_start:span_end], True)))
        elif bare_possible and _is_bare_amount(low, start, end, raw, money_context, cues) \
                and not _in_a_name(text, low, start, end):
            if (cents := _minor_of(raw, value, lang, default_currency)) is not None:
                found.append(_new(Amount, (cents, default_currency, start, end, raw, False)))

    slow_index = 0
    currency_of: dict[str, tuple[str, int, int]] = {}
    decimal = "." if lang == "en" else ","
    default_factor = minor_unit_factor(default_currency)
    cents: int | None
    for match in _AMOUNT_TOKEN_RE.finditer(low):
        prefix, _, _, spaced, digits = match.groups()  # one call: (pre, skip, ordinal, spaced, digits)
        if digits is None:
            if spaced is not None:  # "R$ 1 000,00", "2 100": through the general path
                first = match.end() - len(spaced)
                if not (slow and _in_slow(slow, first)):
                    for number in _spaced_numbers(spaced, first, lang):
                        classify(number.start, number.end, number.raw, number.value)
            continue  # a clock time, a numeric date or an ordinal: no amount
        end = match.end()  # the digits end the match
        start = end - len(digits)
        if len(digits) > MAX_INTEGER_DIGITS and len(digits.replace(".", "").replace(",", "")) > MAX_INTEGER_DIGITS:
            if (value := digits_value(digits, lang)) is None or value.adjusted() >= MAX_INTEGER_DIGITS:
                continue  # a code or a key
        if slow:
            while slow_index < len(slow) and slow[slow_index][1] <= start:
                slow_index += 1
            if slow_index < len(slow) and slow[slow_index][0] <= start:
                continue  # read with its sentence
        if masked:
            classify(start, end, digits, None)
            continue
        if prefix is None:
            if _marker(low, start, end) is not None:
                classify(start, end, digits, None)  # another marker ("50 reais", "brl 5")
            elif bare_possible and _is_bare_amount(low, start, end, digits, money_context, cues) \
                    and not _in_a_name(text, low, start, end):
                if digits.isdigit() and (digits[0] != "0" or len(digits) == 1):  # "manda 250": no call
                    cents = int(digits) * default_factor
                elif (cents := _minor_of(digits, None, lang, default_currency)) is None:
                    continue
                found.append(_new(Amount, (cents, default_currency, start, end, digits, False)))
            continue
        # "R$ 50", "$5.50", "€20": the hot path, the common notations converted here without a call
        if prefix not in currency_of:
            currency_of[prefix] = (currency_for(prefix, default_currency),
                                   *_factor_and_places(currency_for(prefix, default_currency)))
        currency, factor, places = currency_of[prefix]
        cut = len(digits) - places - 1
        if digits.isdigit() and (digits[0] != "0" or len(digits) == 1):
            cents = int(digits) * factor
        elif places and cut > 0 and digits[cut] == decimal and (digits[0] != "0" or cut == 1) \
                and (both := digits[:cut] + digits[cut + 1 :]).isdigit():
            cents = int(both)
        elif (cents := _minor_of(digits, None, lang, currency)) is None:
            continue
        begin = match.start()
        found.append(_new(Amount, (cents, currency, begin, end, text[begin:end], True)))
    for start, end in slow:
        for mention in find_numbers(text[start:end], lang):
            if not mention.ordinal:
                classify(mention.start + start, mention.end + start, mention.raw, mention.value)
    found.sort(key=lambda amount: amount.start)  # spaced and slow-read numbers were added out of order
    if any(code in low for code in ("brl", "usd", "eur", "ars", "mxn", "gbp")):
        if glued := _glued_amounts(text, low, lang):
            found = sorted(found + glued, key=lambda amount: amount.start)
    if not minor:
        return tuple(found)
    return tuple(Amount(a.amount_cents, a.currency, a.start, a.end, text[a.start : a.end], a.explicit)
                 for a in merge_minor([(a, a.start in minor) for a in found], low, Amount))


def hundredths_of(mention: Amount) -> int:
    """A mention in hundredths of its major unit (BRL, USD and JPY compare alike)."""
    return mention.amount_cents * 100 // minor_unit_factor(mention.currency)
