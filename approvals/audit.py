"""Audit exports of approval requests, JSON (the whole chain) and CSV (one row per request)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable

from approvals.models import ApprovalRequest
from approvals.selectors import approval_chains

CSV_FIELDS = ["id", "tool", "risk", "channel", "status", "amount_cents", "preview", "shown_in_message", "created_at",
              "expires_at", "decided_by", "decision_channel", "decided_at", "executed_at", "result", "reference"]


def export_json(requests: Iterable[ApprovalRequest]) -> str:
    return json.dumps(approval_chains(requests), ensure_ascii=False, indent=2, default=str)


def export_csv(requests: Iterable[ApprovalRequest]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_FIELDS)
    writer.writeheader()
    for r in requests:
        result = r.result or {}
        data = result.get("data") or {}
        writer.writerow({
            "id": r.pk, "tool": r.tool, "risk": r.risk, "channel": r.channel, "status": r.status,
            "amount_cents": r.amount_cents, "preview": r.preview["text"], "shown_in_message": r.shown_in_id,
            "created_at": r.created_at.isoformat(), "expires_at": r.expires_at.isoformat(),
            "decided_by": r.decided_by, "decision_channel": r.decision_channel,
            "decided_at": r.decided_at.isoformat() if r.decided_at else "",
            "executed_at": r.executed_at.isoformat() if r.executed_at else "",
            "result": "ok" if result.get("ok") else (result.get("error", {}).get("code", "") if result else ""),
            "reference": data.get("end_to_end_id") or data.get("booking_ref") or "",
        })
    return out.getvalue()
