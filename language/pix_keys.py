"""Pix keys: classify and normalise a key, find keys in a message, mask CPF/CNPJ numbers.

Key types and normal forms:

* `cpf`: 11 digits with valid check digits (validate-docbr; all-same-digit numbers are rejected);
* `cnpj`: 14 digits with valid check digits (validate-docbr);
* `phone`: a valid Brazilian *mobile* number (phonenumbers, region BR), as E.164 "+55DDD9XXXXXXXX";
* `email`: a sane address of at most 77 characters (the Pix limit), lower-cased;
* `random` (EVP): a UUID version 4 in its 36-character textual form, lower-cased.

Ambiguity: formatting decides first ("529.982.247-25" can only be a CPF, "(11) 91234-5678" or
"+55 …" only a phone). 11 bare digits are a CPF when the check digits are valid, otherwise a phone
when they form a valid BR mobile number, otherwise nothing. A run of one repeated digit is no key.
"""

import re
import uuid
from dataclasses import dataclass
from typing import Literal

import phonenumbers
from validate_docbr import CNPJ, CPF

PixKeyType = Literal["cpf", "cnpj", "phone", "email", "random"]
EMAIL_MAX_LENGTH = 77

_CPF = CPF()
_CNPJ = CNPJ()
_CPF_FORMATTED = re.compile(r"\d{3}\.\d{3}\.\d{3}-\d{2}")
_CNPJ_FORMATTED = re.compile(r"\d{2}\.\d{3}\.\d{3}/\d{4}-\d{2}")
_PHONE_FORMATTED = re.compile(r"\+?[\d\s().-]{10,20}")
_UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
_EMAIL = re.compile(
    r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
    r"@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}"
)
_CANDIDATES = re.compile(
    r"(?<![\w.@-])(?:" + _UUID.pattern + "|" + _EMAIL.pattern
    + r"|\+55[\s-]?\(?\d{2}\)?[\s-]?9?\d{4}[\s-]?\d{4}|\(\d{2}\)\s?9?\d{4}[\s-]?\d{4}|\d{2}\s9\d{4}[\s-]?\d{4}"
    + "|" + _CNPJ_FORMATTED.pattern + "|" + _CPF_FORMATTED.pattern + r"|\d{11,14})(?![\w@-]|\.\w)"
)


@dataclass(frozen=True, slots=True)
class ParsedPixKey:
    """A Pix key in its normal form (see the module docstring)."""

    type: PixKeyType
    value: str


def _digits(raw: str) -> str:
    """Only the digits of `raw`."""
    return "".join(c for c in raw if c.isdigit())


def _brazilian_mobile(raw: str) -> str | None:
    """E.164 form of `raw` if it is a valid Brazilian mobile number, else None."""
    try:
        number = phonenumbers.parse(raw, "BR")
    except phonenumbers.NumberParseException:
        return None
    mobile_types = (phonenumbers.PhoneNumberType.MOBILE, phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE)
    if number.country_code != 55 or not phonenumbers.is_valid_number(number):
        return None
    if phonenumbers.number_type(number) not in mobile_types:
        return None
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def _email(raw: str) -> ParsedPixKey | None:
    """An e-mail key if `raw` is a sane address of at most 77 characters."""
    if len(raw) > EMAIL_MAX_LENGTH or not _EMAIL.fullmatch(raw):
        return None
    return ParsedPixKey("email", raw.lower())


def _random(raw: str) -> ParsedPixKey | None:
    """A random (EVP) key if `raw` is a textual UUID version 4."""
    if not _UUID.fullmatch(raw) or uuid.UUID(raw).version != 4:
        return None
    return ParsedPixKey("random", raw.lower())


def _numeric(raw: str) -> ParsedPixKey | None:
    """A CPF, CNPJ or phone key written with digits, by the ambiguity rules of the module docstring."""
    digits = _digits(raw)
    if len(set(digits)) <= 1:
        return None  # "99999999999" is a placeholder, not a CPF nor a phone
    if _CPF_FORMATTED.fullmatch(raw) or (raw.isdigit() and len(raw) == 11 and _CPF.validate(raw)):
        return ParsedPixKey("cpf", digits) if _CPF.validate(digits) else None
    if _CNPJ_FORMATTED.fullmatch(raw) or (raw.isdigit() and len(raw) == 14):
        return ParsedPixKey("cnpj", digits) if _CNPJ.validate(digits) else None
    if raw.isdigit() and len(raw) not in (11, 13):
        return None
    if not _PHONE_FORMATTED.fullmatch(raw):
        return None
    phone = _brazilian_mobile(raw)
    return ParsedPixKey("phone", phone) if phone else None


def classify_pix_key(raw: str) -> ParsedPixKey | None:
    """The Pix key `raw` is, normalised, or None when it is no valid key of any type."""
    key = raw.strip()
    if not key:
        return None
    if "@" in key:
        return _email(key)
    if _UUID.fullmatch(key):
        return _random(key)
    return _numeric(key)


def find_pix_keys(text: str) -> list[tuple[ParsedPixKey, int, int]]:
    """Every valid Pix key in `text` as (key, start, end) over the original text, in order."""
    found: list[tuple[ParsedPixKey, int, int]] = []
    for match in _CANDIDATES.finditer(text):
        if key := classify_pix_key(match.group()):
            found.append((key, match.start(), match.end()))
    return found


def mask_document(digits: str) -> str:
    """Mask a CPF as `***.ddd.ddd-**` (digits 4-9 shown, as the central bank does) or a CNPJ as
    `**.ddd.ddd/dddd-**` (digits 3-12 shown). Formatting characters in the input are ignored.

    ValueError when the input has neither 11 nor 14 digits.
    """
    only = _digits(digits)
    if len(only) == 11:
        return f"***.{only[3:6]}.{only[6:9]}-**"
    if len(only) == 14:
        return f"**.{only[2:5]}.{only[5:8]}/{only[8:12]}-**"
    raise ValueError(f"a CPF has 11 digits and a CNPJ 14, got {len(only)}")


# Anything shaped like a key, valid or not: a mistyped CPF is still no amount (see `pix_key_spans`).
_KEY_SHAPED = re.compile(
    r"(?<![\w.@-])(?:"
    + _UUID.pattern
    + r"|[^\s@,;:()<>]+@[^\s@,;:()<>]+\.[A-Za-z]{2,}"  # e-mail
    r"|\d{2}\.?\d{3}\.?\d{3}/\d{4}-?\d{2}"  # CNPJ
    r"|\d{3}\.\d{3}\.\d{3}-?\d{2}|\d{9}-\d{2}"  # CPF
    r"|\+\d{1,3}[\s-]?\(?\d{2,3}\)?[\s-]?\d{4,5}[\s-]?\d{4}"  # international phone
    r"|\(\d{2}\)\s?\d{4,5}[\s-]?\d{4}|\d{2}\s9\d{4}[\s-]?\d{4}|9\d{4}-\d{4}"  # Brazilian phone
    r"|\d{10,14}"  # bare CPF, CNPJ or phone digits
    r")(?![\w@-]|\.\w)"
)


def pix_key_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of every run of `text` shaped like a Pix key -- a CPF, CNPJ, phone number, UUID or e-mail --
    whether or not it is a valid key, in order. Numbers inside these spans are never amounts or counts."""
    return [(match.start(), match.end()) for match in _KEY_SHAPED.finditer(text)]


def mask_pix_key(key_type: str, value: str) -> str:
    """A Pix key as a customer or staff member may read it back: a CPF/CNPJ masked like a document, a phone with
    only its area code and last four digits, an e-mail with only its first letter and domain, a random key with
    only its first and last four characters. Anything unrecognised is masked whole but its last four."""
    digits = _digits(value)
    if key_type in ("cpf", "cnpj") and len(digits) in (11, 14):
        return mask_document(digits)
    if key_type == "phone" and len(digits) >= 10:
        national = digits[2:] if digits.startswith("55") and len(digits) >= 12 else digits
        return f"+55 {national[:2]} {'*' * (len(national) - 6)}-{national[-4:]}"
    if key_type == "email" and "@" in value:
        local, _, domain = value.partition("@")
        return f"{local[:1]}***@{domain}"
    if key_type == "random" and len(value) >= 12:
        return f"{value[:4]}…{value[-4:]}"
    return "•" * max(len(value) - 4, 4) + value[-4:]
