"""The approval gate in the tool execution path: a tool whose risk class the organisation's policy gates does not
run; the call returns `approval_required`. Until approvals are built this fails closed — nothing gated executes."""

from __future__ import annotations

from typing import Any

from agent.tools.base import ToolContext, ToolFailure, ToolSpec


def approval_needed(ctx: ToolContext, tool: ToolSpec, args: Any) -> bool:
    if tool.risk == "none":
        return False
    gate = ctx.policy.gates.get(tool.risk)
    if gate is None or gate.mode == "none":
        return False
    if gate.mode == "above_amount":
        amount = tool.amount_of(args)
        return amount is None or amount > (gate.threshold_cents or 0)
    return True  # always; preauthorised_cap fails closed until the approvals issue counts the daily cap


def approval_gate(ctx: ToolContext, tool: ToolSpec, args: Any) -> ToolFailure | None:
    if not approval_needed(ctx, tool, args):
        return None
    gate = ctx.policy.gates[tool.risk]
    return ToolFailure("approval_required", f"{tool.name} needs the customer's approval ({tool.risk})",
                       detail={"risk": tool.risk, "channel": gate.channel})
