"""Reads of the channel (the organisation's schema)."""

from __future__ import annotations

from typing import Any

from conversations.models import Message
from whatsapp.models import Delivery


def phone_messages(*, wa_id: str, limit: int = 200) -> list[dict[str, Any]]:
    """The sandbox customer's conversation as the simulator's phone shows it (oldest first), with each reply's
    delivery status: only what was said on the simulator channel. A real channel's messages (a real customer who
    wrote from a number that was made a sandbox identity) are never shown there. The simulator shows only its
    sandbox customers' (whatsapp/simulator_views.py checks before calling)."""
    messages = (Message.objects.filter(conversation__customer__channel_user_id=wa_id,
                                       conversation__customer__is_sandbox=True, channel=Message.Channel.SIMULATOR)
                .select_related("delivery").order_by("-pk")[:limit])  # arrival order, as a phone shows it
    rows = []
    for message in reversed(list(messages)):
        try:
            status = message.delivery.status
        except Delivery.DoesNotExist:
            if message.direction != Message.Direction.OUTBOUND:
                status = ""
            else:  # the simulator's replies are never sent to WhatsApp
                status = "simulated" if message.channel == Message.Channel.SIMULATOR else "pending"
        rows.append({
            "id": message.pk, "direction": message.direction, "kind": message.kind, "text": message.text,
            "payload": message.payload, "buttons": message.buttons, "reply_to": message.reply_to,
            "channel_message_id": message.channel_message_id, "sent_at": message.sent_at.isoformat(),
            "status": status,
        })
    return rows
