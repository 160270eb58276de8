"""BR Code ("Pix copia e cola"): read the EMV® QR payload, merchant-presented mode, that a Pix QR code carries.

A payload is a run of TLV fields — two-digit ID, two-digit length (in characters), value — some of which are
templates holding TLV fields of their own:

    00  payload format indicator, "01", first       52  merchant category code, 4 digits ("0000": none)
    01  point of initiation: "11" static, "12"       53  currency, "986" (BRL)
        dynamic (single use); optional               54  amount, e.g. "100.50"; absent: the payer types it
    26–51 merchant account templates; the Pix one    58  country, "BR"
        has 00 = "br.gov.bcb.pix" (any case) and     59  merchant name, 1–25 characters
        01 the key (static) or 25 the URL of the     60  merchant city, 1–15 characters
        payload to fetch (dynamic, no "https://"),   61  postal code, optional
        02 free text for the payer (infoAdicional)   62  additional data: 05 the txid ("***": none)
    80–99 other templates; a Pix one with 25 is a    63  CRC16, last: CCITT-FALSE (poly 0x1021, init
        recurrence (Pix Automático) location             0xFFFF) over the UTF-8 payload up to and
                                                         including "6304", 4 uppercase hex digits

`brcode_parse` verifies the CRC first, then the structure, and returns a `BrCode` or raises `BrCodeError` whose
`code` says what is wrong. A single changed character is always refused when it keeps its UTF-8 width (every
change among ASCII characters, and among accented letters): CRC-16 catches every error burst of up to 16 bits.
A change between a one-byte and a two-byte character shifts the bytes after it; outside the free-text fields the
structure refuses it (those fields are ASCII), inside a name, city or text the CRC catches it with probability
1 − 1/65,536, not always. A CRC is no signature either way: whoever can edit a code can recompute it, so what
a code says is checked where it matters (the key against the directory, the customer's approval). `brcode_find` finds codes pasted
inside a longer message and reports damaged ones too, so the customer can be told.

Choices where the manuals leave room: lengths count characters, not bytes, and the CRC is over UTF-8, as Python,
JavaScript and most PSPs' generators do; accents (which the EMV character set leaves out, but which real codes
carry in names) are accepted in the merchant name, city and text only, every other field is ASCII; a random
key is accepted in any UUID version (the Banco Central's own
examples use a version-1 one), the directory decides whether it exists; an account template with both a key and
a URL, or two Pix account templates, is refused (which one would be paid?); a static txid is 1–25 letters and
digits as the Pix manual says; unknown fields are ignored. Everything in a code is a third party's text: the
merchant name is what the code says, not who owns the key.

Pure Python, no Django.
"""

from __future__ import annotations

import binascii
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from language.pix_keys import ParsedPixKey, classify_pix_key

PIX_GUI = "br.gov.bcb.pix"
CURRENCY_CODES = {"986": "BRL"}  # ISO 4217 numeric → alpha; a Pix code is in reais
AMOUNT_MAX_CHARACTERS = 13
MERCHANT_NAME_MAX = 25
MERCHANT_CITY_MAX = 15
TXID_NONE = "***"

_TXID = re.compile(r"[A-Za-z0-9]{1,25}")
_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]{1,2})?")
_FREE_TEXT = {"59", "60", "64"}  # merchant name, city, the alternate-language template; and 26-02 (see below)
_UUID_ANY_VERSION = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_URL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+"
                  r"(?::[0-9]{1,5})?(?:/[A-Za-z0-9._~%!$&'()*+,;=:@/-]*)?")
_START = re.compile(r"(?<![0-9A-Za-z])000201")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")

ErrorCode = Literal[
    "not_brcode",  # does not begin with the payload format indicator 000201
    "truncated",  # a field's length runs past the end, or the CRC field is missing at the end
    "malformed",  # not TLV (IDs/lengths not digits, empty or repeated fields, CRC not last, control characters)
    "crc_mismatch",  # the CRC does not match the payload: damaged or tampered with
    "not_pix",  # no merchant account template with the Pix GUI (another payment scheme's code)
    "missing_key",  # the Pix template has neither a key nor a URL
    "key_and_url",  # the Pix template has both (which one would be paid?)
    "recurrence_only",  # only a recurrence (Pix Automático) authorisation, no payment
    "bad_key",  # the key is no Pix key
    "bad_url",  # the dynamic code's URL is no host/path (or carries a scheme)
    "bad_amount",  # field 54 is not a positive amount with at most two decimals
    "bad_txid",  # the txid is not 1–25 letters and digits (or ***)
    "missing_field",  # a mandatory field (52, 53, 58, 59, 60) is absent
    "bad_field",  # a field has a value it may not have (currency, country, name or city length, 01, 52)
]


class BrCodeError(ValueError):
    """A payload refused; `code` says why (see ErrorCode) and `field` which field, as "54" or "26-01"."""

    def __init__(self, code: ErrorCode, field: str = "", detail: str = "") -> None:
        super().__init__(f"{code}{f' (field {field})' if field else ''}{f': {detail}' if detail else ''}")
        self.code = code
        self.field = field


@dataclass(frozen=True, slots=True)
class BrCode:
    """A verified Pix BR Code. Every text in it comes from whoever made the code."""

    payload: str
    kind: Literal["static", "dynamic"]  # static: pays `key`; dynamic: the payment is fetched from `url`
    initiation: Literal["static", "dynamic"] | None  # field 01: 11 reusable, 12 single use; None when absent
    key: ParsedPixKey | None
    url: str | None  # host and path, without "https://"
    merchant_name: str
    merchant_city: str
    amount_cents: int | None  # None: the payer chooses the amount
    currency: str
    txid: str | None  # None for "***", no field 62, or a dynamic code (its txid is in the fetched payload)
    info: str | None  # 26-02, the receiver's text for the payer
    merchant_category: str | None  # None for "0000"
    postal_code: str | None
    recurrence_url: str | None  # a Pix Automático location in templates 80–99
    crc: str


@dataclass(frozen=True, slots=True)
class BrCodeMatch:
    """A BR Code found in a message: `code` when valid, else `error`; start/end over the original text."""

    start: int
    end: int
    code: BrCode | None
    error: BrCodeError | None


def _crc_table() -> tuple[int, ...]:
    table = []
    for byte in range(256):
        crc = byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
        table.append(crc)
    return tuple(table)


_CRC_TABLE = _crc_table()


def crc16_ccitt_false(data: bytes) -> int:
    """CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, no final xor ("123456789" → 0x29B1).
    binascii's C implementation (`crc_hqx` is this CRC given 0xFFFF to start); `_crc16_table` is the same in Python,
    kept as the reference the tests compare it with."""
    return binascii.crc_hqx(data, 0xFFFF)


def _crc16_table(data: bytes) -> int:
    crc = 0xFFFF
    for byte in data:
        crc = ((crc << 8) & 0xFFFF) ^ _CRC_TABLE[(crc >> 8) ^ byte]
    return crc


def brcode_crc(payload_without_crc_value: str) -> str:
    """The four uppercase hex digits that end a payload written up to and including "6304"."""
    return f"{crc16_ccitt_false(payload_without_crc_value.encode('utf-8')):04X}"


def _fields(text: str, *, where: str = "") -> dict[str, str]:
    """The TLV fields of `text` in order (IDs unique); BrCodeError truncated/malformed otherwise."""
    fields: dict[str, str] = {}
    position = 0
    while position < len(text):
        head = text[position:position + 4]
        if len(head) < 4:
            raise BrCodeError("truncated", where, "a field header is cut short")
        field_id, length = head[:2], head[2:]
        if not (field_id.isascii() and field_id.isdigit() and length.isascii() and length.isdigit()):
            raise BrCodeError("malformed", where, f"no field at character {position}")
        size = int(length)
        name = f"{where}-{field_id}" if where else field_id
        if size == 0:
            raise BrCodeError("malformed", name, "empty field")
        value = text[position + 4:position + 4 + size]
        if len(value) < size:
            raise BrCodeError("truncated", name, f"{size} characters announced, {len(value)} there")
        if field_id in fields:
            raise BrCodeError("malformed", name, "repeated field")
        fields[field_id] = value
        position += 4 + size
    return fields


def _key(raw: str) -> ParsedPixKey:
    key = classify_pix_key(raw)
    if key is None and _UUID_ANY_VERSION.fullmatch(raw.strip()):
        key = ParsedPixKey("random", raw.strip().lower())  # the directory decides whether it exists
    if key is None:
        raise BrCodeError("bad_key", "26-01")
    return key


def _amount_cents(raw: str) -> int:
    if len(raw) > AMOUNT_MAX_CHARACTERS or not _AMOUNT.fullmatch(raw):
        raise BrCodeError("bad_amount", "54", "digits with '.' and at most two decimals")
    cents = int(Decimal(raw) * 100)
    if cents <= 0:
        raise BrCodeError("bad_amount", "54", "not a positive amount")
    return cents


def _pix_url(raw: str, field: str) -> str:
    if "://" in raw or not _URL.fullmatch(raw):
        raise BrCodeError("bad_url", field, "a host and path without a scheme")
    return raw


def _pix_templates(root: dict[str, str], ids: range) -> list[tuple[str, dict[str, str]]]:
    """The templates among `ids` whose GUI (00) is the Pix one, with their fields."""
    found = []
    for field_id in (f"{n:02d}" for n in ids):
        if field_id in root:
            inner = _fields(root[field_id], where=field_id)
            if inner.get("00", "").lower() == PIX_GUI:
                found.append((field_id, inner))
    return found


def _pix_info_only(field_id: str, value: str) -> bool:
    """Whether the only non-ASCII text of a merchant account template is its 02 (the receiver's text)."""
    if not 26 <= int(field_id) <= 51:
        return False
    try:
        inner = _fields(value, where=field_id)
    except BrCodeError:
        return False
    return all(text.isascii() for sub_id, text in inner.items() if sub_id != "02")


def _text(root: dict[str, str], field_id: str, most: int) -> str:
    value = root.get(field_id)
    if value is None:
        raise BrCodeError("missing_field", field_id)
    if not value.strip() or len(value) > most:
        raise BrCodeError("bad_field", field_id, f"1 to {most} characters")
    return value


def brcode_parse(text: str) -> BrCode:
    """The BR Code `text` is (surrounding whitespace ignored); BrCodeError otherwise. See the module docstring."""
    payload = (text or "").strip()
    if not payload.startswith("000201"):
        raise BrCodeError("not_brcode", "00")
    if _CONTROL.search(payload):
        raise BrCodeError("malformed", "", "control characters inside the code")
    if len(payload) < 8 or payload[-8:-4] != "6304":
        root = _fields(payload)  # a cut-off code shows as truncated, anything else as a missing CRC
        raise BrCodeError("truncated" if "63" not in root else "malformed", "63", "no CRC field at the end")
    expected = brcode_crc(payload[:-4])
    if payload[-4:] != expected:
        raise BrCodeError("crc_mismatch", "63")
    root = _fields(payload)
    if list(root)[-1] != "63":
        raise BrCodeError("malformed", "63", "the CRC is not the last field")

    for field_id, value in root.items():
        if field_id not in _FREE_TEXT and not value.isascii() and not _pix_info_only(field_id, value):
            raise BrCodeError("malformed", field_id, "only the merchant's name, city and text may have accents")
    initiations: dict[str | None, Literal["static", "dynamic"] | None] = {"11": "static", "12": "dynamic", None: None}
    if root.get("01") not in initiations:
        raise BrCodeError("bad_field", "01", "11 (static) or 12 (dynamic)")
    initiation = initiations[root.get("01")]
    accounts = _pix_templates(root, range(26, 52))
    if not accounts:
        raise BrCodeError("not_pix", "26")
    if len(accounts) > 1:
        raise BrCodeError("malformed", accounts[1][0], "two Pix accounts in one code")
    account_id, account = accounts[0]
    recurrences = _pix_templates(root, range(80, 100))
    recurrence_url = None
    if recurrences and "25" in recurrences[0][1]:
        recurrence_url = _pix_url(recurrences[0][1]["25"], f"{recurrences[0][0]}-25")
    raw_key, raw_url = account.get("01"), account.get("25")
    if raw_key is not None and raw_url is not None:
        raise BrCodeError("key_and_url", account_id)
    if raw_key is None and raw_url is None:
        raise BrCodeError("recurrence_only" if recurrence_url else "missing_key", account_id)
    key = _key(raw_key) if raw_key is not None else None
    url = _pix_url(raw_url, f"{account_id}-25") if raw_url is not None else None
    if url is not None and initiation == "static":
        raise BrCodeError("bad_field", "01", "a dynamic code is single use (12)")

    category = root.get("52")
    if category is None:
        raise BrCodeError("missing_field", "52")
    if not (len(category) == 4 and category.isascii() and category.isdigit()):
        raise BrCodeError("bad_field", "52", "4 digits")
    currency_code = root.get("53")
    if currency_code is None:
        raise BrCodeError("missing_field", "53")
    if currency_code not in CURRENCY_CODES:
        raise BrCodeError("bad_field", "53", "a Pix is in reais (986)")
    country = root.get("58")
    if country is None:
        raise BrCodeError("missing_field", "58")
    if country != "BR":
        raise BrCodeError("bad_field", "58", "BR")
    name = _text(root, "59", MERCHANT_NAME_MAX)
    city = _text(root, "60", MERCHANT_CITY_MAX)
    amount_cents = _amount_cents(root["54"]) if "54" in root else None

    txid = None
    if "62" in root and url is None:  # a dynamic code's txid is in its payload; the QR's 62-05 is ignored
        raw_txid = _fields(root["62"], where="62").get("05")
        if raw_txid is not None and raw_txid != TXID_NONE:
            if not _TXID.fullmatch(raw_txid):
                raise BrCodeError("bad_txid", "62-05", "1 to 25 letters and digits, or ***")
            txid = raw_txid
    info = account.get("02")
    return BrCode(
        payload=payload, kind="dynamic" if url else "static", initiation=initiation, key=key, url=url,
        merchant_name=name.strip(), merchant_city=city.strip(), amount_cents=amount_cents,
        currency=CURRENCY_CODES[currency_code], txid=txid, info=info.strip() if info else None,
        merchant_category=None if category == "0000" else category, postal_code=root.get("61"),
        recurrence_url=recurrence_url, crc=payload[-4:],
    )


# Bounds of `brcode_find`, so that a hostile message costs linear time whatever it holds: without them, each of
# the thousands of "000201" starts of a long message would walk and CRC the whole rest of it.
MAX_CODE_CHARS = 512  # EMV QRCPS: a payload is at most 512 characters; a candidate is never read further
MAX_CANDIDATES = 64  # starts examined per text; past them the rest of the text is one damaged "code"


def _extent(text: str, start: int) -> int:
    """Where a payload starting at `start` ends: after its CRC field when the TLV walk reaches one, else at the
    end of the run of non-space characters where the walk stopped; never more than MAX_CODE_CHARS after `start`."""
    limit = min(len(text), start + MAX_CODE_CHARS)
    position = start
    while position + 4 <= limit:
        field_id, length = text[position:position + 2], text[position + 2:position + 4]
        if field_id == "63" and length == "04":
            return min(limit, position + 8)
        if not (length.isascii() and length.isdigit()):
            break
        position += 4 + int(length)
    position = min(position, limit)
    while position < limit and not text[position].isspace():
        position += 1
    return position


def brcode_find(text: str) -> list[BrCodeMatch]:
    """Every BR Code inside `text` (a customer's message with words around a pasted code), in order, valid or
    not: a damaged one comes with its error so the customer can be told. A "000201" that is followed by no Pix
    GUI is ordinary text (an order number), not a damaged code, and is skipped.

    Linear and bounded: each candidate is read at most MAX_CODE_CHARS far, and after MAX_CANDIDATES starts the rest
    of the text (from the next "000201") is reported as one damaged code when it holds the Pix GUI, so nothing in
    it is paid or shown."""
    matches: list[BrCodeMatch] = []
    searched_from = 0
    for examined, start_match in enumerate(_START.finditer(text)):
        start = start_match.start()
        if start < searched_from:
            continue
        if examined >= MAX_CANDIDATES:
            if PIX_GUI in text[start:].lower():  # no Pix code can be in a rest without the Pix GUI
                matches.append(BrCodeMatch(start, len(text), None,
                                           BrCodeError("malformed", "", "too many code-like sequences in one text")))
            break
        end = _extent(text, start)
        candidate = text[start:end]
        try:
            matches.append(BrCodeMatch(start, end, brcode_parse(candidate), None))
        except BrCodeError as error:
            if PIX_GUI not in candidate.lower():
                continue
            matches.append(BrCodeMatch(start, end, None, error))
        searched_from = end
    return matches
