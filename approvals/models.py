"""Approval before effect: what was shown, to whom, on which channel, the decision, and the one execution."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_fsm import FSMField, FSMModelMixin, transition

from magie.db.fsm import ConcurrentTransitionMixin
from magie.fields import EncryptedTextField
from staff.trace_words import TOOLS, tool_label


class ApprovalRequest(ConcurrentTransitionMixin, FSMModelMixin, models.Model):
    """A gated tool call paused for the customer's decision. Its id is the idempotency key of the execution.

    The preview is stored exactly as shown (facts from system data and the text) with a hash over the facts the
    execution depends on; it never changes. `decided_by` comes from the verified channel (the signed webhook's
    sender, the signed link, the authenticated app), never from anything the client supplies.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        APPROVED = "approved", _("Approved")
        DECLINED = "declined", _("Declined")
        EXPIRED = "expired", _("Expired")  # its own state: nobody declined
        VOIDED = "voided", _("Voided")  # a correction (or a newer preview) replaced it before any decision
        EXECUTED = "executed", _("Executed")
        EXECUTION_FAILED = "execution_failed", _("Execution Failed")

    class Channel(models.TextChoices):
        IN_CHAT_BUTTON = "in_chat_button", _("In Chat Button")
        APP = "app", _("App")

    ask = models.ForeignKey("asks.Ask", on_delete=models.PROTECT, related_name="approvals", verbose_name=_("request"))
    conversation = models.ForeignKey("conversations.Conversation", on_delete=models.PROTECT, related_name="+",
                                     verbose_name=_("conversation"))
    tool = models.CharField(max_length=40, choices=list(TOOLS.items()), verbose_name=_("tool"))
    arguments = models.JSONField(verbose_name=_("arguments"))  # what will be executed (the resolved recipient key, the amount …)
    preview = models.JSONField(verbose_name=_("preview"))  # {"facts": {...}, "text": "..."} exactly as shown
    preview_hash = models.CharField(max_length=64, verbose_name=_("preview hash"))
    risk = models.CharField(max_length=24, verbose_name=_("risk"))
    amount_cents = models.BigIntegerField(null=True, blank=True, verbose_name=_("amount (cents)"))
    channel = models.CharField(max_length=16, choices=Channel.choices, verbose_name=_("channel"))
    nonce = models.CharField(max_length=32, unique=True)  # the single-use token its buttons carry
    # Channel `app`: the link's bearer token is stored only as a keyed hash (to find the request) and, until the
    # request is decided, encrypted for the outbox to render the link at send time (approvals/links.py).
    link_hash = models.CharField(max_length=64, blank=True)
    link_token = EncryptedTextField(blank=True)
    status = FSMField(choices=Status.choices, default=Status.PENDING, protected=True, verbose_name=_("status"))
    created_at = models.DateTimeField(verbose_name=_("created"))
    expires_at = models.DateTimeField(verbose_name=_("expires"))
    decided_at = models.DateTimeField(null=True, blank=True,
                                      verbose_name=_("decided"))  # the server's clock (a tap: when it arrived)
    # The time the deciding message claimed (the channel's timestamp), kept beside `decided_at`, never instead of it.
    decision_claimed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("time the decision claimed"))
    decided_by = models.CharField(max_length=120, blank=True, verbose_name=_("decided by"))
    decision_channel = models.CharField(max_length=24, blank=True, verbose_name=_("decided on"))
    reason = models.CharField(max_length=200, blank=True, verbose_name=_("reason"))
    shown_in = models.ForeignKey("conversations.Message", null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="+", verbose_name=_("shown in"))
    executed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("executed"))
    result = models.JSONField(null=True, blank=True, verbose_name=_("result"))

    class Meta:
        verbose_name = _("approval")
        verbose_name_plural = _("approvals")
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
        STRANGER = "stranger", _("tapped from another customer's conversation")
        OTHER_CHANNEL = "other_channel", _("tapped on another channel than the preview's")
        NOT_SHOWN = "not_shown", _("the request was never shown")
        LATE = "late", _("arrived after the request expired")

    request = models.ForeignKey(ApprovalRequest, on_delete=models.PROTECT, related_name="refusals")
    message = models.ForeignKey("conversations.Message", on_delete=models.PROTECT, related_name="+",
                                verbose_name=_("message"))
    reason = models.CharField(max_length=16, choices=Reason.choices, verbose_name=_("reason"))
    by = models.CharField(max_length=120, verbose_name=_("by"))  # who tapped, as the verified channel names them
    claimed_at = models.DateTimeField(verbose_name=_("claimed"))  # the time the tap claimed (the channel's timestamp)
    received_at = models.DateTimeField(verbose_name=_("received"))  # the server's: when the tap arrived

    class Meta:
        verbose_name = _("refused tap")
        verbose_name_plural = _("refused taps")
        ordering = ["-pk"]
        constraints = [models.UniqueConstraint(fields=["request", "message"], name="approval_refusal_once_per_tap")]

    def __str__(self) -> str:
        return f"refused tap {self.message_id} on approval {self.request_id}: {self.reason}"
