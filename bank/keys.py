"""Pix keys for the bank engine, on the shared pure library `language.pix_keys` (validate-docbr + phonenumbers).

`key_parse` turns what a customer typed into (type, normal value) or raises `InvalidKey`;
`document_mask` is the only way a CPF/CNPJ leaves the engine: `***.ddd.ddd-**` or `**.ddd.ddd/dddd-**`.
"""

from __future__ import annotations

from validate_docbr import CNPJ, CPF

from bank.errors import InvalidKey
from language.pix_keys import ParsedPixKey as ParsedKey
from language.pix_keys import classify_pix_key, mask_document
from magie.bounds import text_problem

_CPF = CPF()
_CNPJ = CNPJ()

__all__ = ["ParsedKey", "key_parse", "document_mask", "document_is_valid"]


def key_parse(raw: str) -> ParsedKey:
    """The normalised key of `raw`; InvalidKey (nothing echoed back but its type guess) when it is none."""
    if not isinstance(raw, str) or len(raw) > 120 or text_problem(raw) is not None:
        raise InvalidKey("not a Pix key")
    parsed = classify_pix_key(raw)
    if parsed is None:
        raise InvalidKey("not a valid Pix key (CPF, CNPJ, +55 mobile, e-mail or random key)")
    return parsed


def document_mask(digits: str) -> str:
    """`***.ddd.ddd-**` for a CPF, `**.ddd.ddd/dddd-**` for a CNPJ, `***` for anything else (never the digits)."""
    try:
        return mask_document(digits or "")
    except ValueError:
        return "***"


def document_is_valid(digits: str) -> bool:
    """An 11-digit CPF or 14-digit CNPJ with valid check digits."""
    if not digits.isdigit():
        return False
    if len(digits) == 11:
        return _CPF.validate(digits)
    if len(digits) == 14:
        return _CNPJ.validate(digits)
    return False
