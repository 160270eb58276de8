"""The approval gate in the tool execution path. A call whose risk class the organisation's policy gates does not
run: it creates an `ApprovalRequest` with a preview built by code from system data, and the call returns
`approval_required`. The only way past is the continuation of an approved, unexpired request whose preview hash
equals the preview of exactly this call, rebuilt now (so a changed amount, recipient or key owner stops it).

Tiers: `always`; `above_amount` (at or below the threshold it runs without a preview); `preauthorised_cap` (runs
without a preview while today's total including this one stays within the daily cap, then asks); `none`.
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from agent.references import reference_extend
from agent.tools.base import ToolContext, ToolFailure, ToolSpec
from approvals.previews import facts_hash
from approvals.services import approval_check_usable, approval_request_create, approval_usable_until


def approval_needed(ctx: ToolContext, tool: ToolSpec, args: Any) -> bool:
    if tool.risk == "none":
        return False
    gate = ctx.policy.gates.get(tool.risk)
    if gate is None or gate.mode == "none":
        return False
    amount = tool.amount_of(args)
    if gate.mode == "above_amount":
        return amount is None or amount > (gate.threshold_cents or 0)
    if gate.mode == "preauthorised_cap":
        if amount is None or tool.spent_today is None:
            return True
        return tool.spent_today(ctx) + amount > (gate.daily_cap_cents or 0)
    return True


def approval_gate(ctx: ToolContext, tool: ToolSpec, args: Any) -> ToolFailure | None:
    if not approval_needed(ctx, tool, args):
        return None
    if tool.preview is None:  # a gated tool without a preview can never run
        return ToolFailure("approval_required", f"{tool.name} needs an approval this channel cannot show",
                           detail={"risk": tool.risk})
    preview = tool.preview(ctx, args)
    if ctx.approval is not None:
        approval_check_usable(request=ctx.approval, tool=tool.name, preview_hash=facts_hash(preview["facts"]),
                              now=ctx.now)
        return None
    gate = ctx.policy.gates[tool.risk]
    # The request lives on the server's clock, like its decision and its execution (approvals.services): dated
    # now, whatever time the message claims — a message delivered late (after an outage) still gets a preview with
    # its full time to decide, and one claiming a later time does not lengthen its life.
    now = timezone.now()
    assert ctx.ask_id is not None  # a gated tool acts for an Ask
    request = approval_request_create(
        ask_id=ctx.ask_id, conversation_id=ctx.conversation_id, tool=tool.name, arguments=args.model_dump(),
        preview=preview, risk=tool.risk, channel=gate.channel, amount_cents=tool.amount_of(args), now=now,
        expires_in=ctx.policy.approval_expiry,
        # an Ask started (or reopened) in this turn's transaction has no pending request but those this turn made
        # (none yet: no read)
        none_pending=ctx.no_pending_request and ctx.approval_requested is None,
    )
    for argument, _ in tool.references:  # the references the execution needs live as long as the request
        reference_extend(token=getattr(args, argument), until=approval_usable_until(request), writes=ctx.writes)
    ctx.approval_requested = request
    # The amount the preview shows is system data (a booking's total is price × party): the guards read it here.
    shown = {"amount_cents": preview["facts"]["amount_cents"]} if "amount_cents" in preview["facts"] else {}
    return ToolFailure("approval_required", f"{tool.name} waits for the customer's approval ({tool.risk})",
                       detail={"approval_id": request.pk, "channel": gate.channel, "expires_at": request.expires_at,
                               **shown})
