"""Drive turns in tests: store a customer message and run its turn, as the task would."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from agent.models import Turn
from agent.turn import turn_handle
from asks.perception.contract import Slots
from conversations.services import message_store_inbound

_ids = itertools.count(1)
# Every slot of the contract, so that a slot added there is one more field a model sends, not a test to update.
EMPTY_SLOTS = {name: None for name in Slots.model_fields}


def perception_args(kind=None, markers=(), lang="pt-BR", **slots) -> dict:
    """What a model answers to record_perception (every field present, as strict mode requires)."""
    return {"version": 1, "perceiver": "model", "lang": lang, "request_kind": kind, "slots": EMPTY_SLOTS | slots,
            "markers": sorted(markers), "asked_for": None, "replies_to": None}


SAO_PAULO = ZoneInfo("America/Sao_Paulo")  # the demo bank's zone


def minutes_until_day(now: datetime) -> int:
    """0 when `now` is day in São Paulo (06:00–20:00); at night there, the minutes until the next 10:00."""
    local = now.astimezone(SAO_PAULO)
    if 6 <= local.hour < 20:
        return 0
    ten = local.replace(hour=10, minute=0, second=0, microsecond=0)
    if ten <= local:
        ten += timedelta(days=1)
    return int((ten - local).total_seconds() // 60) + 1


def by_day(now: datetime | None = None) -> datetime:
    """The wall clock, or by day in São Paulo when it is night there: a conversation whose Pix is above the demo
    bank's night limit, in a test that is not about that limit, starts then."""
    now = now or datetime.now(UTC)
    return now + timedelta(minutes=minutes_until_day(now))


class Conversation:
    def __init__(self, customer: str = "5511999990001", start: datetime | None = None, channel: str = "terminal"):
        self.customer = customer
        self.now = start or datetime.now(UTC)
        self.channel = channel
        self.gap = timedelta(seconds=15)  # between two messages of the customer

    def say(self, text: str, *, kind: str = "text", payload: str = "", reply_to: str = "") -> Turn:
        self.now += self.gap
        stored = message_store_inbound(channel_user_id=self.customer, channel_message_id=f"t-{next(_ids)}-{self.now.timestamp()}",
                                       sent_at=self.now, text=text, kind=kind, payload=payload, reply_to=reply_to,
                                       channel=self.channel)
        turn_handle(message_id=stored.message.pk)
        self.last = stored.message
        return Turn.objects.select_related("reply_message", "ask").get(message=stored.message)

    def tap(self, turn: Turn, index: int = 0) -> Turn:
        assert turn.reply_message is not None, "the turn sent no reply to tap"
        button = turn.reply_message.buttons[index]
        return self.say(button["title"], kind="button", payload=button["id"])
