"""A message Meta delivers very late (after an outage: 25 hours) still gets a preview with its whole time to decide:
the approval request is dated when the turn runs, not at the message's own time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.utils import timezone

from agent.tests.helpers import Conversation
from approvals.models import ApprovalRequest


def test_a_pix_request_delivered_25_hours_late_gets_a_fresh_preview(demobank):
    chat = Conversation(start=datetime.now(UTC) - timedelta(hours=25))
    turn = chat.say("manda 50 reais pro Pedro")
    [request] = ApprovalRequest.objects.filter(conversation_id=turn.message.conversation_id)
    assert request.status == ApprovalRequest.Status.PENDING
    assert request.created_at > timezone.now() - timedelta(minutes=5)  # dated now, not 25 h ago
    assert request.expires_at > timezone.now()  # not born expired
    assert "expir" not in (turn.reply or "").lower()
