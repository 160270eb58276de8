"""Escalations: chats the bot handed to people after its draft failed the guards twice (organisation schema)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django_fsm import FSMField, FSMModelMixin, transition

from magie.fsm import ConcurrentTransitionMixin
from magie.models import AppendOnly


class Escalation(ConcurrentTransitionMixin, FSMModelMixin, models.Model):
    """One chat waiting for (or held by) a human agent, with the note the turn left: the failing guard (or the
    reason's code), its parameters (`evidence`) and both discarded drafts. The explanation staff read is worded from
    those at display, in the reader's language (`staff.trace_words.guard_explanation`); no sentence is stored.

    `open` → `claimed` → `resolved` (an open one may be resolved directly). At most one unresolved escalation per
    conversation — a partial unique index holds that; while it exists the bot stays silent in the chat. Later
    escalations of the same chat, while this one is unresolved, are appended to `notes`. Transitions touch only this
    row; `inbox.services` locks and saves.
    """

    class Status(models.TextChoices):
        OPEN = "open"
        CLAIMED = "claimed"
        RESOLVED = "resolved"

    conversation = models.ForeignKey("conversations.Conversation", on_delete=models.PROTECT,
                                     related_name="escalations")
    ask = models.ForeignKey("asks.Ask", null=True, blank=True, on_delete=models.PROTECT, related_name="escalations")
    guard = models.CharField(max_length=64)  # the failing guard's code, or the reason's ("payment_dispute")
    # Escalations opened before the note was kept as codes: the explanation as text, in the language of its turn.
    # New ones leave it empty; nothing displays it (staff read `guard` and `evidence` worded in their language).
    reason = models.TextField(blank=True)
    # The explanation's parameters: {"evidence": [...], "problem": ...} for a guard, the error of a delivery, ...
    evidence = models.JSONField(default=dict, blank=True)
    first_draft = models.TextField(blank=True)  # the discarded drafts, as the model wrote them
    second_draft = models.TextField(blank=True)
    # Escalations of the same chat that arrived while this one was unresolved: [{"at", "guard", "evidence",
    # "drafts", "ask_id"}] (older ones have a "reason" text too), oldest first.
    notes = models.JSONField(default=list, blank=True)
    status = FSMField(choices=Status.choices, default=Status.OPEN, protected=True)
    created_at = models.DateTimeField(auto_now_add=True)
    claimed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")
    claimed_at = models.DateTimeField(null=True, blank=True)
    resolved_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                    related_name="+")
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolution_note = models.TextField(blank=True)
    # The customer's language when the chat was handed over (the last perception's), for the inbox's filter and the
    # closing message; empty → the organisation's.
    language = models.CharField(max_length=8, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["conversation"], condition=~Q(status="resolved"),
                                    name="one_unresolved_escalation_per_conversation"),
            models.CheckConstraint(
                condition=~Q(status="claimed") | Q(claimed_by__isnull=False, claimed_at__isnull=False),
                name="claimed_escalations_name_who",
            ),
            models.CheckConstraint(
                condition=~Q(status="resolved") | Q(resolved_by__isnull=False, resolved_at__isnull=False),
                name="resolved_escalations_name_who",
            ),
        ]
        indexes = [models.Index(fields=["status", "created_at"]), models.Index(fields=["claimed_by", "status"])]

    def __str__(self) -> str:
        return f"Escalation {self.pk} ({self.status}, {self.guard})"

    @property
    def drafts(self) -> list[str]:
        return [draft for draft in (self.first_draft, self.second_draft) if draft]

    @transition(field=status, source=Status.OPEN, target=Status.CLAIMED)
    def claim(self, user, at) -> None:
        self.claimed_by = user
        self.claimed_at = at

    @transition(field=status, source=[Status.OPEN, Status.CLAIMED], target=Status.CLAIMED)
    def reassign(self, user, at) -> None:
        """Hand the chat to `user` (another agent, or from the queue straight to someone)."""
        self.claimed_by = user
        self.claimed_at = at

    @transition(field=status, source=[Status.OPEN, Status.CLAIMED], target=Status.RESOLVED)
    def resolve(self, user, at, note: str) -> None:
        self.resolved_by = user
        self.resolved_at = at
        self.resolution_note = note


class EscalationEntry(AppendOnly):
    """Abstract: what one human agent added to an escalated chat, and when."""

    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")

    class Meta(AppendOnly.Meta):
        abstract = True


class EscalationReply(EscalationEntry):
    """Who wrote which outbound message of an escalated chat (the message itself lives in the outbox)."""

    escalation = models.ForeignKey(Escalation, on_delete=models.PROTECT, related_name="replies")
    message = models.OneToOneField("conversations.Message", on_delete=models.PROTECT, related_name="escalation_reply")

    def __str__(self) -> str:
        return f"Reply {self.pk} to escalation {self.escalation_id}"


class EscalationNote(EscalationEntry):
    """A private note on an escalated chat: seen by the organisation's staff, never sent to the customer."""

    escalation = models.ForeignKey(Escalation, on_delete=models.PROTECT, related_name="private_notes")
    text = models.TextField()

    def __str__(self) -> str:
        return f"Note {self.pk} on escalation {self.escalation_id}"


class CannedReply(models.Model):
    """A reply the organisation's agents pick instead of typing (admins edit them in the back office)."""

    title = models.CharField(max_length=80)
    text = models.TextField(max_length=4096)
    language = models.CharField(max_length=8, blank=True, help_text=_("pt-BR, es, ca or en; blank for any customer"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["title", "pk"]
        verbose_name_plural = "canned replies"

    def __str__(self) -> str:
        return self.title


class CustomerDataView(models.Model):
    """One showing of a customer's bank data (balance, recent Pix) to a staff member in the inbox's sidebar: who,
    when, which customer, in which escalation, and what was shown. Written by `inbox.services`, never changed;
    auditors read it in the back office."""

    class Shown(models.TextChoices):
        BANK = "balance_and_pix", "Balance and recent Pix"

    viewer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    customer = models.ForeignKey("conversations.Customer", on_delete=models.PROTECT, related_name="+")
    escalation = models.ForeignKey(Escalation, on_delete=models.PROTECT, related_name="customer_data_views")
    shown = models.CharField(max_length=32, choices=Shown.choices, default=Shown.BANK)
    pix_count = models.PositiveSmallIntegerField(default=0)  # how many Pix the page listed
    viewed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-viewed_at", "-pk"]
        indexes = [models.Index(fields=["customer", "viewed_at"]), models.Index(fields=["viewer", "viewed_at"])]

    def __str__(self) -> str:
        return f"Customer data view {self.pk} (escalation {self.escalation_id})"
