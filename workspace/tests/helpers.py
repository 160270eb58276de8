"""Rows the workspace tests build: a real Pix through the turn (preview, tap, transfer)."""

from __future__ import annotations

from dataclasses import dataclass

from agent.models import Turn
from agent.tests.helpers import Conversation
from approvals.models import ApprovalRequest
from bank.models import PixTransfer


@dataclass
class Pix:
    ask_id: int
    conversation_id: int
    approval: ApprovalRequest
    transfer: PixTransfer
    preview: Turn


def pix_sent(text: str = "manda 200 pro Pedro", customer: str = "5511999990001") -> Pix:
    """The demo bank's customer sends a Pix through the built-in provider and taps the approval button."""
    chat = Conversation(customer=customer)
    preview = chat.say(text)
    chat.tap(preview)
    assert preview.ask is not None and preview.ask_id is not None, f"no Ask: {preview.reply}"
    approval = ApprovalRequest.objects.get(ask_id=preview.ask_id)
    transfer = PixTransfer.objects.get(end_to_end_id=approval.result["data"]["end_to_end_id"])
    return Pix(ask_id=preview.ask_id, conversation_id=preview.ask.conversation_id, approval=approval,
               transfer=transfer, preview=preview)
