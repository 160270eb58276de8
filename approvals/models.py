"""Approval before effect: what was shown, to whom, on which channel, the decision, and the one execution."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django_fsm import FSMField, FSMModelMixin, transition

from magie.fields import EncryptedTextField
from magie.fsm import ConcurrentTransitionMixin
from staff.trace_words import TOOLS, tool_label


class ApprovalRequest(ConcurrentTransitionMixin, FSMModelMixin, models.Model):
    """A gated tool call paused for the customer's decision. Its id is the idempotency key of the execution.

    The preview is stored exactly as shown (facts from system data and the text) with a hash over the facts the
    execution depends on; it never changes. `decided_by` comes from the verified channel (the signed webhook's
    sender, the signed link, the authenticated app), never from anything the client supplies.
    """

    class Status(models.TextChoices):
        PENDING = "pending"
        APPROVED = "approved"
        DECLINED = "declined"
        EXPIRED = "expired"  # its own state: nobody declined
        VOIDED = "voided"  # a correction (or a newer preview) replaced it before any decision
        EXECUTED = "executed"
        EXECUTION_FAILED = "execution_failed"

    class Channel(models.TextChoices):
        IN_CHAT_BUTTON = "in_chat_button"
        APP = "app"

    ask = models.ForeignKey("asks.Ask", on_delete=models.PROTECT, related_name="approvals")
    conversation = models.ForeignKey("conversations.Conversation", on_delete=models.PROTECT, related_name="+")
    tool = models.CharField(max_length=40, choices=list(TOOLS.items()))
    arguments = models.JSONField()  # what will be executed (the resolved recipient key, the amount …)
    preview = models.JSONField()  # {"facts": {...}, "text": "..."} exactly as shown
    preview_hash = models.CharField(max_length=64)
    risk = models.CharField(max_length=24)
    amount_cents = models.BigIntegerField(null=True, blank=True)
    channel = models.CharField(max_length=16, choices=Channel.choices)
    nonce = models.CharField(max_length=32, unique=True)  # the single-use token its buttons carry
    # Channel `app`: the link's bearer token is stored only as a keyed hash (to find the request) and, until the
    # request is decided, encrypted for the outbox to render the link at send time (approvals/links.py).
    link_hash = models.CharField(max_length=64, blank=True)
    link_token = EncryptedTextField(blank=True)
    status = FSMField(choices=Status.choices, default=Status.PENDING, protected=True)
    created_at = models.DateTimeField()
    expires_at = models.DateTimeField()
    decided_at = models.DateTimeField(null=True, blank=True)  # the server's clock (a tap: when it arrived)
    # The time the deciding message claimed (the channel's timestamp), kept beside `decided_at`, never instead of it.
    decision_claimed_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.CharField(max_length=120, blank=True)
    decision_channel = models.CharField(max_length=24, blank=True)
    reason = models.CharField(max_length=200, blank=True)
    shown_in = models.ForeignKey("conversations.Message", null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="+")
    executed_at = models.DateTimeField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-pk"]
        constraints = [
            models.UniqueConstraint(fields=["ask"], condition=Q(status="pending"), name="one_pending_approval_per_ask"),
            models.CheckConstraint(condition=Q(expires_at__gt=models.F("created_at")), name="approval_expires_later"),
            models.UniqueConstraint(fields=["link_hash"], condition=~Q(link_hash=""), name="approval_link_unique"),
        ]

    def __str__(self) -> str:
        return gettext("Approval %(number)s: %(tool)s (%(status)s)") % {
            "number": self.pk, "tool": tool_label(self.tool), "status": self.get_status_display()}

    @transition(field=status, source=Status.PENDING, target=Status.APPROVED)
    def approve(self, by: str, channel: str, at) -> None:
        self.decided_by, self.decision_channel, self.decided_at = by, channel, at
        self.link_token = ""  # a decided request's link is never rendered again

    @transition(field=status, source=Status.PENDING, target=Status.DECLINED)
    def decline(self, by: str, channel: str, at, reason: str = "") -> None:
        self.decided_by, self.decision_channel, self.decided_at, self.reason = by, channel, at, reason
        self.link_token = ""

    @transition(field=status, source=[Status.PENDING, Status.APPROVED], target=Status.EXPIRED)
    def expire(self, at) -> None:
        self.reason = f"expired (checked at {at.isoformat()})"
        self.link_token = ""

    @transition(field=status, source=Status.PENDING, target=Status.VOIDED)
    def void(self, reason: str) -> None:
        self.reason = reason
        self.link_token = ""

    @transition(field=status, source=Status.APPROVED, target=Status.EXECUTED)
    def mark_executed(self, result: dict, at) -> None:
        self.result, self.executed_at = result, at

    @transition(field=status, source=Status.APPROVED, target=Status.EXECUTION_FAILED)
    def mark_failed(self, result: dict, at, reason: str) -> None:
        self.result, self.executed_at, self.reason = result, at, reason


class ApprovalRefusal(models.Model):
    """A tap that tried to decide a request and was refused: from another customer's conversation, on another
    channel than the preview's (the simulator for a real chat, or a real channel for a simulated one), or arriving
    after the request expired. Nothing was decided; this row is the trace of the attempt."""

    class Reason(models.TextChoices):
        STRANGER = "stranger", "tapped from another customer's conversation"
        OTHER_CHANNEL = "other_channel", "tapped on another channel than the preview's"
        NOT_SHOWN = "not_shown", "the request was never shown"
        LATE = "late", "arrived after the request expired"

    request = models.ForeignKey(ApprovalRequest, on_delete=models.PROTECT, related_name="refusals")
    message = models.ForeignKey("conversations.Message", on_delete=models.PROTECT, related_name="+")
    reason = models.CharField(max_length=16, choices=Reason.choices)
    by = models.CharField(max_length=120)  # who tapped, as the verified channel names them
    claimed_at = models.DateTimeField()  # the time the tap claimed (the channel's timestamp)
    received_at = models.DateTimeField()  # the server's: when the tap arrived

    class Meta:
        ordering = ["-pk"]
        constraints = [models.UniqueConstraint(fields=["request", "message"], name="approval_refusal_once_per_tap")]

    def __str__(self) -> str:
        return f"refused tap {self.message_id} on approval {self.request_id}: {self.reason}"
