"""Trace exports: CSV (one row per timeline entry) and JSON (the whole trace), each row naming the organisation, the
customer and the policy version in force, with file names that say what they hold."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime

from django.utils import timezone

from tenants.models import Organisation
from workspace.selectors.trace import Trace
from workspace.wording import entry_summary

CSV_FIELDS = ["organisation", "customer", "conversation_id", "ask_id", "at", "kind", "policy_version", "summary",
              "detail"]


def trace_file_name(*, organisation: Organisation, trace: Trace, extension: str) -> str:
    subject = f"ask-{trace.ask.pk}" if trace.ask else f"conversation-{trace.conversation.pk}"
    return f"trace_{organisation.schema_name}_{subject}_{timezone.now():%Y%m%d-%H%M}.{extension}"


def _iso(value: object) -> object:
    return value.isoformat() if isinstance(value, datetime) else value


def trace_rows(*, organisation: Organisation, trace: Trace) -> list[dict[str, object]]:
    return [{
        "organisation": organisation.schema_name, "customer": trace.customer_label,
        "conversation_id": trace.conversation.pk, "ask_id": entry.ask_id or "", "at": entry.at.isoformat(),
        "kind": entry.kind, "policy_version": entry.policy_version or "",
        "summary": entry_summary(entry, organisation),
        "detail": json.dumps(entry.detail, ensure_ascii=False, default=_iso, sort_keys=True),
    } for entry in trace.entries]


def trace_csv(*, organisation: Organisation, trace: Trace) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS)
    writer.writeheader()
    writer.writerows(trace_rows(organisation=organisation, trace=trace))
    return out.getvalue()


def trace_json(*, organisation: Organisation, trace: Trace) -> str:
    document = {
        "organisation": organisation.schema_name, "customer": trace.customer_label,
        "conversation_id": trace.conversation.pk, "ask_id": trace.ask.pk if trace.ask else None,
        "policy_version": trace.policy_version,
        "asks": [{"id": ask.pk, "kind": ask.kind, "status": ask.status, "abandon_reason": ask.abandon_reason,
                  "failure_code": ask.failure_code, "created_at": ask.created_at, "closed_at": ask.closed_at}
                 for ask in trace.asks],
        "entries": [{"at": entry.at, "kind": entry.kind, "ask_id": entry.ask_id,
                     "policy_version": entry.policy_version, "summary": entry_summary(entry, organisation),
                     "detail": entry.detail} for entry in trace.entries],
    }
    return json.dumps(document, ensure_ascii=False, indent=2, default=_iso)


def table_csv(headers: list[str], rows: list[list[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(headers)
    writer.writerows(rows)
    return out.getvalue()
