"""factory_boy builders for the conversation store, in the current organisation's schema.

`MessageFactory()` makes an inbound WhatsApp text of a new customer; pass `conversation=` to add to a thread, and
`MessageFactory.outbound(...)` for a reply. Channel ids are unique like the channel's, so rows never collide.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import factory
from factory.django import DjangoModelFactory

from conversations.models import Conversation, Customer, Message

T0 = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


class CustomerFactory(DjangoModelFactory[Customer]):
    class Meta:
        model = Customer
        django_get_or_create = ("channel_user_id",)

    channel_user_id = factory.Sequence(lambda n: f"55119{n:08d}")
    phone = factory.LazyAttribute(lambda customer: f"+{customer.channel_user_id}")
    name = factory.Sequence(lambda n: f"Cliente {n}")


class ConversationFactory(DjangoModelFactory[Conversation]):
    class Meta:
        model = Conversation
        django_get_or_create = ("customer",)

    customer = factory.SubFactory(CustomerFactory)


class MessageFactory(DjangoModelFactory[Message]):
    class Meta:
        model = Message

    conversation = factory.SubFactory(ConversationFactory)
    direction = Message.Direction.INBOUND
    channel = Message.Channel.WHATSAPP
    channel_message_id = factory.Sequence(lambda n: f"wamid.factory-{n}")
    kind = Message.Kind.TEXT
    text = "oi"
    sent_at = factory.Sequence(lambda n: T0 + timedelta(seconds=n))

    @classmethod
    def outbound(cls, **fields: object) -> Message:
        """A reply in the outbox, as `message_store_outbound` stores one (a local id until the channel's)."""
        fields.setdefault("channel_message_id", f"local-{uuid.uuid4().hex}")
        return cls.create(direction=Message.Direction.OUTBOUND, **fields)
