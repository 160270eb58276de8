"""Asks: one customer request each, its slot history, its transitions and the decision taken on every message."""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_fsm import FSMField, FSMModelMixin, transition

from asks.kinds import SLOTS_BY_KIND
from asks.statuses import AskStatus
from magie.db.fsm import ConcurrentTransitionMixin
from magie.models import AppendOnly
from staff.stored_words import ASK_KINDS, ask_kind_label, slot_label, status_label
from staff.trace_words import decision_label, rule_label

OPEN_STATUSES = ("collecting", "awaiting_confirmation", "executing")


class Ask(ConcurrentTransitionMixin, FSMModelMixin, models.Model):
    """One user request ("manda R$50 pro João"), built from one or several messages.

    At most one Ask per conversation is open (collecting, awaiting confirmation or executing) — a partial unique
    index holds that even against a bug. Transitions touch only this row; `asks.services` locks, records the
    transition and the slot events. A save after a transition fails (`ConcurrentTransition`) if another process
    moved the row meanwhile.

    Approval state has one owner, the `approvals.ApprovalRequest`: while the Ask awaits confirmation,
    `pending_approval_id` points to the request its preview shows (whose buttons and link name that request), and
    nothing here mirrors the request's status or token. A plain id rather than a foreign key: approvals sits above
    asks and points down to it; the pointer must not make the two apps' migrations depend on each other. When the
    Ask stops awaiting (corrected, parked, cancelled, failed), the pointer is cleared and `approvals` voids the
    request in the same transaction (it listens to the Ask's transitions).
    """

    Status = AskStatus

    class AbandonReason(models.TextChoices):
        COOLED = "cooled", _("cooled by the clock")
        SUPERSEDED = "superseded", _("replaced by a new request of the same kind")
        CANCELLED = "cancelled", _("cancelled by the customer")

    conversation = models.ForeignKey("conversations.Conversation", on_delete=models.PROTECT, related_name="asks",
                                     verbose_name=_("conversation"))
    kind = models.CharField(max_length=32, choices=[(kind, ASK_KINDS[kind]) for kind in SLOTS_BY_KIND],
                            verbose_name=_("kind"))
    status = FSMField(choices=Status.choices, default=Status.COLLECTING, protected=True, verbose_name=_("status"))
    abandon_reason = models.CharField(max_length=16, choices=AbandonReason.choices, blank=True,
                                      verbose_name=_("why abandoned"))
    failure_code = models.CharField(max_length=64, blank=True, verbose_name=_("failure"))
    pending_approval_id = models.PositiveBigIntegerField(null=True, blank=True,
                                                         verbose_name=_("pending approval"))  # see the class docstring
    resumed_from = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT, related_name="+",
                                     verbose_name=_("resumed from"))
    last_activity_at = models.DateTimeField(verbose_name=_("last activity"))  # the channel time of the last message attributed to it
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))
    closed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("closed"))

    class Meta:
        verbose_name = _("request")
        verbose_name_plural = _("requests")
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["conversation"], condition=Q(status__in=OPEN_STATUSES), name="one_open_ask_per_conversation"
            ),
            models.CheckConstraint(
                condition=Q(status="abandoned", abandon_reason__in=["cooled", "superseded", "cancelled"])
                | (~Q(status="abandoned") & Q(abandon_reason="")),
                name="abandoned_asks_have_a_reason",
            ),
        ]
        # The dashboards' ranges: the outcome partition reads only this index (an index-only scan).
        indexes = [models.Index(fields=["created_at"], include=["id", "kind", "status", "abandon_reason"],
                                name="asks_ask_created_covering")]

    def __str__(self) -> str:
        return gettext("Request %(number)s: %(kind)s (%(status)s)") % {
            "number": self.pk, "kind": ask_kind_label(self.kind), "status": status_label(self.status)}

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    @transition(field=status, source=Status.COLLECTING, target=Status.AWAITING_CONFIRMATION)
    def await_confirmation(self, approval_id: int) -> None:
        self.pending_approval_id = approval_id

    @transition(field=status, source=Status.AWAITING_CONFIRMATION, target=Status.COLLECTING)
    def reopen(self) -> None:
        """A correction after a preview: the preview is void, its buttons no longer match."""
        self.pending_approval_id = None

    @transition(field=status, source=[Status.COLLECTING, Status.AWAITING_CONFIRMATION], target=Status.EXECUTING)
    def execute(self) -> None:
        self.pending_approval_id = None

    @transition(field=status, source=Status.EXECUTING, target=Status.COMPLETED)
    def complete(self, at) -> None:
        self._close(at)

    @transition(field=status, source=[Status.COLLECTING, Status.AWAITING_CONFIRMATION, Status.EXECUTING],
                target=Status.FAILED)
    def fail(self, code: str, at) -> None:
        self.failure_code = code
        self._close(at)

    @transition(field=status, source=[Status.COLLECTING, Status.AWAITING_CONFIRMATION, Status.SUSPENDED],
                target=Status.ABANDONED)
    def abandon(self, reason: str, at) -> None:
        self.abandon_reason = reason
        self._close(at)

    def _close(self, at) -> None:
        """Every way out (completed, failed, abandoned): the time it closed, and no approval left pending."""
        self.closed_at = at
        self.pending_approval_id = None

    @transition(field=status, source=[Status.COLLECTING, Status.AWAITING_CONFIRMATION], target=Status.SUSPENDED)
    def suspend(self) -> None:
        self.pending_approval_id = None  # a parked preview is void; resuming shows a new one

    @transition(field=status, source=Status.SUSPENDED, target=Status.COLLECTING)
    def resume(self, at) -> None:
        self.last_activity_at = at


class Attribution(models.Model):
    """Which Ask a message belongs to: the request an inbound message spoke to, or an outbound one answered.

    Kept here rather than on the message, so that conversations (the store of messages) knows nothing of asks and
    sits below it. A message has at most one; a clarify question's message gets one only when the customer picks.
    """

    message = models.OneToOneField("conversations.Message", primary_key=True, on_delete=models.CASCADE,
                                   related_name="attribution", verbose_name=_("message"))
    ask = models.ForeignKey(Ask, on_delete=models.PROTECT, related_name="attributions", verbose_name=_("request"))

    class Meta:
        verbose_name = _("message of a request")
        verbose_name_plural = _("messages of requests")
        indexes = [models.Index(fields=["ask", "message"])]

    def __str__(self) -> str:
        return gettext("message %(message)s → request %(ask)s") % {"message": self.message_id, "ask": self.ask_id}


class SlotEvent(AppendOnly):
    """Every change of a slot. Current values derive from these, so the values as of any message can be rebuilt."""

    class Action(models.TextChoices):
        FILL = "fill", _("Fill")
        CORRECT = "correct", _("Correct")
        CLEAR = "clear", _("Clear")
        RESUME = "resume", _("Resume")  # carried over by a swipe-reply from the quoted message of an earlier Ask

    ask = models.ForeignKey(Ask, on_delete=models.PROTECT, related_name="slot_events", verbose_name=_("request"))
    slot = models.CharField(max_length=32, verbose_name=_("value"))
    value = models.JSONField(null=True, verbose_name=_("new value"))
    previous = models.JSONField(null=True, verbose_name=_("previous value"))
    action = models.CharField(max_length=8, choices=Action.choices, verbose_name=_("action"))
    message = models.ForeignKey("conversations.Message", on_delete=models.PROTECT, related_name="slot_events",
                                verbose_name=_("message"))

    class Meta(AppendOnly.Meta):
        verbose_name = _("value change")
        verbose_name_plural = _("value changes")
        indexes = [models.Index(fields=["ask", "id"])]

    def __str__(self) -> str:
        return f"{self.get_action_display()} {slot_label(self.slot)}"


class AskTransition(AppendOnly):
    """A status change of an Ask: from which message, by which rule."""

    ask = models.ForeignKey(Ask, on_delete=models.PROTECT, related_name="transitions", verbose_name=_("request"))
    source = models.CharField(max_length=24, verbose_name=_("from"))
    target = models.CharField(max_length=24, verbose_name=_("to"))
    rule = models.CharField(max_length=64, verbose_name=_("rule"))
    message = models.ForeignKey("conversations.Message", null=True, blank=True, on_delete=models.PROTECT,
                                related_name="+", verbose_name=_("message"))

    class Meta(AppendOnly.Meta):
        verbose_name = _("status change")
        verbose_name_plural = _("status changes")

    def __str__(self) -> str:
        source = status_label(self.source) if self.source else "—"
        return f"{source} → {status_label(self.target)} ({rule_label(self.rule)})"


class Decision(AppendOnly):
    """What the decision engine decided for one inbound message, with the perception it read and the rule."""

    message = models.OneToOneField("conversations.Message", on_delete=models.PROTECT, related_name="decision",
                                   verbose_name=_("message"))
    action = models.CharField(max_length=16, verbose_name=_("action"))
    rule = models.CharField(max_length=64, verbose_name=_("rule"))
    ask = models.ForeignKey(Ask, null=True, blank=True, on_delete=models.PROTECT, related_name="decisions",
                            verbose_name=_("request"))
    perception = models.JSONField(verbose_name=_("perception"))
    detail = models.JSONField(default=dict, verbose_name=_("detail"))

    class Meta(AppendOnly.Meta):
        verbose_name = _("decision")
        verbose_name_plural = _("decisions")

    def __str__(self) -> str:
        return f"{decision_label(self.action)} ({rule_label(self.rule)})"
