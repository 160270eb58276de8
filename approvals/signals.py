"""Approvals follow the Ask they belong to: when an Ask stops awaiting its request (a correction reopens it, it is
parked, cancelled, cooled, superseded or fails), the request it pointed to is voided in the same transaction, so
its buttons and link do nothing from then on. Only confirmation (awaiting → executing) keeps it: the decision on
that very request is what is being recorded. This replaces any per-turn reconciliation: the request's status is
the one record of the approval, and it moves when the Ask moves.

The void is one UPDATE of whatever request of the Ask is pending (at most one: `one_pending_approval_per_ask`),
guarded by that status, with the fields `ApprovalRequest.void` sets — not a locked read and a save per row. After
it the Ask has no pending request, which the turn relies on (`agent.gate`: no request is looked for before the
new preview's)."""

from __future__ import annotations

from typing import Any

from approvals.models import ApprovalRequest

AWAITING, EXECUTING = "awaiting_confirmation", "executing"


def ask_leaves_confirmation(sender: type, instance: Any, name: str, source: str, target: str,
                            **kwargs: Any) -> None:
    """django-fsm `pre_transition` receiver for `asks.Ask` (the pointer is still set before the move)."""
    if source != AWAITING or target == EXECUTING or instance.pending_approval_id is None:
        return
    # the Ask's pending request — the one it points to, or one it never came to point to (a remote model's turn
    # that stopped between the request's transaction and the Ask's move): either is stale once the Ask moved on
    ApprovalRequest.objects.filter(ask_id=instance.pk, status=ApprovalRequest.Status.PENDING).update(
        status=ApprovalRequest.Status.VOIDED, reason=f"the request moved on ({name})", link_token="")
