"""Reads of the inbox: is a chat with people, the queue, and who may act on it."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Case, Exists, IntegerField, QuerySet, Value, When

from conversations.models import Message
from inbox.models import Escalation

ACTING_ROLES = ("admin", "agent")  # the names of tenants.roles.Role's groups whose members work the queue


def conversation_is_escalated(*, conversation_id: int) -> bool:
    """True while the conversation has an unresolved escalation: the bot stays silent in it."""
    return (Escalation.objects.filter(conversation_id=conversation_id)
            .exclude(status=Escalation.Status.RESOLVED).exists())


def conversation_escalated(conversation_id: Any) -> Exists:
    """`conversation_is_escalated` as an expression, to annotate a query with (an `OuterRef` as the id)."""
    return Exists(Escalation.objects.filter(conversation_id=conversation_id).exclude(status=Escalation.Status.RESOLVED))


def escalation_queue() -> QuerySet[Escalation]:
    """Unresolved escalations: open ones first, then claimed ones; oldest first within each."""
    return (Escalation.objects.exclude(status=Escalation.Status.RESOLVED)
            .select_related("conversation__customer", "claimed_by", "ask")
            .annotate(open_first=Case(When(status=Escalation.Status.OPEN, then=Value(0)), default=Value(1),
                                      output_field=IntegerField()))
            .order_by("open_first", "created_at", "pk"))


def escalation_recent_messages(*, escalation: Escalation, limit: int = 10) -> list[Message]:
    """The conversation's last `limit` messages, oldest first."""
    recent = Message.objects.filter(conversation_id=escalation.conversation_id).order_by("-sent_at", "-pk")[:limit]
    return list(reversed(recent))


def user_may_view_queue(user: User | AnonymousUser) -> bool:
    return bool(user.is_active and user.is_staff and user.has_perm("inbox.view_escalation"))


def user_may_act(user: User | AnonymousUser) -> bool:
    """Claim, reply and resolve: staff of this organisation in the `agent` or `admin` role (auditors only read)."""
    if not (user.is_active and user.is_staff):
        return False
    return bool(user.is_superuser or user.groups.filter(name__in=ACTING_ROLES).exists())
