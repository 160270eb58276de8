"""A turn's trace as an auditor reads it on its admin page: the perception, the tool calls, the drafts with their
checks and the tokens as labelled rows in the reader's language (staff.trace_words: amounts and times by code for
the reader's locale, codes in words), and the stored JSON itself, collapsed, for engineers.

The JSON is the model's and the customers' words as much as the system's: nothing of it is trusted. Every value is
escaped (`kv_table`, `format_html`), any shape gives rows (a list where a dict was expected, a string for a call's
arguments), and an unknown key reads as words (`trace_words.key_label`), never as a crash.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from agent.models import Turn
from magie.tenancy import tenancy_current
from staff.selectors import active_lang
from staff.templatetags.staff_tags import kv_table
from staff.trace_words import AmountWriter, guard_explanation, record_table

RAW_FIELDS = ("perception", "tool_calls", "drafts", "guards", "tokens")
# What a call's row shows, in this order (the stored call names its tool `name`; the row's `tool` is worded).
CALL_FIELDS = ("tool", "arguments", "result", "effect", "risk", "approval", "ms")


def reader_money() -> AmountWriter:
    """Amounts in the organisation's currency, written as the reader's language writes them."""
    return AmountWriter(currency=tenancy_current().currency, language=active_lang())


def perception_rows(turn: Turn, money: AmountWriter) -> SafeString:
    return kv_table(record_table(turn.perception, money)) if turn.perception else kv_table(None)


def tool_call_rows(turn: Turn, money: AmountWriter) -> SafeString:
    """One table per call: the tool in words, its arguments and result as tables, whether it carried out an
    effect, under which approval, how long it took."""
    calls = turn.tool_calls if isinstance(turn.tool_calls, list) else [turn.tool_calls]
    rows = []
    for call in calls:
        if not isinstance(call, Mapping):
            rows.append(record_table(call, money))
            continue
        shown = {field: call.get(field) for field in CALL_FIELDS} | {"tool": str(call.get("name", ""))}
        rows.append(record_table(shown, money))
    return kv_table(rows)


def draft_rows(turn: Turn) -> SafeString:
    """Each draft beside its checks' verdict: passed, or each failing check's explanation in the reader's words."""
    drafts = turn.drafts if isinstance(turn.drafts, list) else [turn.drafts]
    verdicts = turn.guards if isinstance(turn.guards, list) else []
    table: dict[str, Any] = {}
    for index, draft in enumerate(drafts):
        verdict = verdicts[index] if index < len(verdicts) and isinstance(verdicts[index], Mapping) else None
        table[gettext("draft %(number)s") % {"number": index + 1}] = draft
        table[gettext("checks of draft %(number)s") % {"number": index + 1}] = _verdict(verdict)
    return kv_table(table)


def _verdict(verdict: Mapping[str, Any] | None) -> Any:
    if verdict is None:
        return None
    if verdict.get("passed"):
        return gettext("passed")
    found = verdict.get("failures")
    failures = found if isinstance(found, list) else []
    return [guard_explanation(failure.get("code", ""), failure) if isinstance(failure, Mapping)
            else guard_explanation("", failure) for failure in failures] or gettext("held back")


def token_rows(turn: Turn, money: AmountWriter) -> SafeString:
    return kv_table(record_table(turn.tokens, money)) if turn.tokens else kv_table(None)


def raw_json(turn: Turn) -> SafeString:
    """The stored JSON, escaped and collapsed: what an engineer compares with the code."""
    data = {name: getattr(turn, name) for name in RAW_FIELDS}
    return format_html('<details class="raw-json"><summary>{}</summary><pre>{}</pre></details>',
                       gettext("The stored JSON (for engineers)"),
                       json.dumps(data, indent=2, ensure_ascii=False, default=str))

