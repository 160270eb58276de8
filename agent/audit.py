"""What ran without an approval: read from the turn traces (approvals itself never imports the agent)."""

from __future__ import annotations

from datetime import datetime

from agent.models import Turn


def effects_without_approval(*, since: datetime, until: datetime, policy_at) -> list[dict]:
    """Effects that executed in a turn without an approval while the policy in force required one (`always`).
    `policy_at(when)` gives the policy in force at a time. This list must stay empty."""
    found = []
    for turn in Turn.objects.filter(started_at__gte=since, started_at__lt=until).exclude(tool_calls=[]):
        for call in turn.tool_calls:
            if not call.get("effect") or call.get("approval"):
                continue
            gate = policy_at(turn.started_at).gates.get(call.get("risk"))
            if gate is not None and gate.mode == "always":
                found.append({"turn": turn.pk, "tool": call["name"], "at": turn.started_at.isoformat()})
    return found
