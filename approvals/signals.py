"""Approvals follow the Ask they belong to: when an Ask stops awaiting its request (a correction reopens it, it is
parked, cancelled, cooled, superseded or fails), the request it pointed to is voided in the same transaction, so
its buttons and link do nothing from then on. Only confirmation (awaiting → executing) keeps it: the decision on
that very request is what is being recorded. This replaces any per-turn reconciliation: the request's status is
the one record of the approval, and it moves when the Ask moves."""

from __future__ import annotations

from typing import Any

from approvals.models import ApprovalRequest

AWAITING, EXECUTING = "awaiting_confirmation", "executing"


def ask_leaves_confirmation(sender: type, instance: Any, name: str, source: str, target: str,
                            **kwargs: Any) -> None:
    """django-fsm `pre_transition` receiver for `asks.Ask` (the pointer is still set before the move)."""
    if source != AWAITING or target == EXECUTING or instance.pending_approval_id is None:
        return
    for request in ApprovalRequest.objects.select_for_update().filter(
            pk=instance.pending_approval_id, status=ApprovalRequest.Status.PENDING):
        request.void(f"the request moved on ({name})")
        request.save()
