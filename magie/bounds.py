"""The limits every edge checks before a value goes on (tool arguments, perceptions, previews, engines, traces).

PostgreSQL refuses what these rule out — an integer past its column (`bigint out of range`), a NUL in text, a lone
UTF-16 surrogate (it cannot be written as UTF-8) — and refuses it by aborting the whole transaction, so a value has
to be checked before it reaches a query, not after. Plain Python, no Django: every app may use it.
"""

from __future__ import annotations

import math
import re
from typing import Any

SMALLINT_MAX = 2**15 - 1
INTEGER_MAX = 2**31 - 1
BIGINT_MAX = 2**63 - 1

# The most any single amount may be anywhere (10 trillion units of a currency, in cents). An organisation's own
# maximum (`OrganisationPolicy.amount_max_cents`) is at most this. It fits a bigint with room for sums, is exact as
# a JSON double, and babel formats it exactly.
AMOUNT_CEILING_CENTS = 10**15

_NOT_STORABLE = re.compile("[\x00\ud800-\udfff]")
REPLACEMENT = "\ufffd"


def text_problem(value: str) -> str | None:
    """Why `value` cannot be stored as text ("nul" or "surrogate"), or None when it can."""
    found = _NOT_STORABLE.search(value)
    if found is None:
        return None
    return "nul" if found.group() == "\x00" else "surrogate"


_replace_not_storable = _NOT_STORABLE.sub


def text_storable(value: str) -> str:
    """`value` with every NUL and lone surrogate replaced by U+FFFD: for what is kept as a record of what arrived
    (a trace), never for a value that is acted on (that one is refused instead)."""
    return _NOT_STORABLE.sub(REPLACEMENT, value)


def json_storable(value: Any) -> Any:
    """A JSON-like value whose every string (keys too) can be stored in a jsonb column."""
    kind = type(value)  # the plain types first, by identity: every tool call's result and arguments pass here
    if kind is str:
        return _replace_not_storable(REPLACEMENT, value)
    if kind is dict:
        return {_replace_not_storable(REPLACEMENT, key) if type(key) is str else text_storable(str(key)):
                json_storable(item) for key, item in value.items()}
    if kind is list:
        return [json_storable(item) for item in value]
    if kind is int or kind is bool or value is None:
        return value
    if isinstance(value, str):
        return text_storable(value)
    if isinstance(value, dict):
        return {text_storable(str(key)): json_storable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_storable(item) for item in value]
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)  # jsonb has no NaN or Infinity
    if isinstance(value, (bool, int)) or value is None:
        return value  # jsonb numbers have no practical size limit
    return text_storable(str(value))


def text_checked(value: object, *, field: str, max_length: int) -> str:
    """`value` when it is text that can be stored in a field of `max_length`; `TextInvalid` (naming the field and
    the problem) otherwise. For engines, which validate their own inputs whoever calls them."""
    from magie.errors import TextInvalid

    if not isinstance(value, str):
        raise TextInvalid(f"{field} must be text", field=field, problem="not_text")
    if len(value) > max_length:
        raise TextInvalid(f"{field} is longer than {max_length} characters", field=field, problem="too_long",
                          max_length=max_length)
    problem = text_problem(value)
    if problem is not None:
        raise TextInvalid(f"{field} contains a character that is not text", field=field, problem=problem)
    return value
