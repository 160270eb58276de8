"""Delivery records of outbound messages, their status log, and the number each customer writes to.

Delivery state machine (one row per outbound `conversations.Message`):

    pending ──claim──▶ sending ──accepted (HTTP 200, wamid)──▶ sent ──▶ delivered ──▶ read
       ▲                  │  └──terminal 4xx / invalid / attempts exhausted──▶ failed
       └──release (5xx, 429, network: retried later)──┘

Receipts from Meta (webhook `statuses`) only move forward: sent < delivered < read. `failed` is terminal for the
sender, but a later `delivered` or `read` receipt proves the customer got the message, so it wins over a
`failed` (Meta occasionally reports failures it then recovers from); a `failed` receipt after `delivered` or
`read` is logged and ignored. Every receipt is kept in `DeliveryEvent`, applied or not.
"""

from __future__ import annotations

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django_fsm import FSMField, FSMModelMixin, transition

from magie.db.fsm import ConcurrentTransitionMixin


class Delivery(ConcurrentTransitionMixin, FSMModelMixin, models.Model):
    class Status(models.TextChoices):
        PENDING = "pending"
        SENDING = "sending"
        SENT = "sent"
        DELIVERED = "delivered"
        READ = "read"
        FAILED = "failed"

    message = models.OneToOneField("conversations.Message", on_delete=models.PROTECT, related_name="delivery",
                                   verbose_name=_("message"))
    wamid = models.CharField(max_length=256, unique=True, null=True, blank=True)  # Meta's id once accepted
    phone_number_id = models.CharField(max_length=32, blank=True,
                                       verbose_name=_("WhatsApp phone number id"))  # the number it is sent from
    status = FSMField(max_length=12, choices=Status.choices, default=Status.PENDING, protected=True,
                      verbose_name=_("status"))
    status_at = models.DateTimeField(null=True, blank=True)  # when the current status happened (Meta's clock)
    error_code = models.IntegerField(null=True, blank=True, verbose_name=_("error code"))
    error_title = models.CharField(max_length=300, blank=True)
    # Every HTTP attempt: {"at", "status_code" (null: network error), "error", "wamid"}.
    attempts = models.JSONField(default=list, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True,
                                      verbose_name=_("claimed"))  # when the current `sending` began
    # When a task is expected to run this pending delivery: its retry's countdown, or the lease the outbox sweeper
    # took when it published it. Past it (and a grace) the task is presumed lost with the broker: published again.
    due_at = models.DateTimeField(null=True, blank=True)
    # A send timed out (or its worker died mid-call) and was sent again: Meta may have accepted both, so the
    # customer may have read this reply twice. Sent again at most once (WHATSAPP_UNKNOWN_OUTCOME_RETRIES).
    possibly_duplicated = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))
    updated_at = models.DateTimeField(auto_now=True, verbose_name=_("updated"))

    class Meta:
        verbose_name = _("delivery")
        verbose_name_plural = _("deliveries")
        indexes = [models.Index(fields=["due_at"], condition=models.Q(status="pending"), name="delivery_pending_due")]

    def __str__(self) -> str:
        return f"delivery of message {self.message_id}: {self.status}"

    # Sender side.
    @transition(field=status, source=[Status.PENDING, Status.SENDING], target=Status.SENDING)
    def claim(self) -> None:  # from SENDING only when the service judged it stale (a worker died mid-call)
        self.claimed_at = timezone.now()

    @transition(field=status, source=Status.SENDING, target=Status.PENDING)
    def release(self) -> None:
        self.claimed_at = None

    @transition(field=status, source=[Status.PENDING, Status.SENDING], target=Status.SENT)
    def accept(self, *, wamid: str) -> None:
        self.wamid = wamid
        self.status_at = timezone.now()
        self.claimed_at = None

    @transition(field=status, source=[Status.PENDING, Status.SENDING], target=Status.FAILED)
    def refuse(self, *, code: int | None, title: str) -> None:
        self.error_code, self.error_title = code, title[:300]
        self.status_at = timezone.now()
        self.claimed_at = None

    # Receipt side (Meta's statuses); the service skips a receipt whose transition is not allowed.
    @transition(field=status, source=[Status.SENT, Status.FAILED], target=Status.DELIVERED)
    def receipt_delivered(self, *, at) -> None:
        self.status_at = at

    @transition(field=status, source=[Status.SENT, Status.DELIVERED, Status.FAILED], target=Status.READ)
    def receipt_read(self, *, at) -> None:
        self.status_at = at

    @transition(field=status, source=[Status.SENT], target=Status.FAILED)
    def receipt_failed(self, *, at, code: int | None, title: str) -> None:
        self.status_at = at
        self.error_code, self.error_title = code, title[:300]


class DeliveryEvent(models.Model):
    """One status notification from Meta, as received (audit). `delivery` is null until the wamid is known: a
    receipt may arrive before the send call's answer is committed; it is applied when the wamid is recorded."""

    delivery = models.ForeignKey(Delivery, null=True, blank=True, on_delete=models.PROTECT, related_name="events")
    wamid = models.CharField(max_length=256, db_index=True)
    status = models.CharField(max_length=32,
                              verbose_name=_("status"))  # Meta's word, cut to 32 by the parser (unknown ones are kept, unapplied)
    occurred_at = models.DateTimeField()  # Meta's timestamp
    errors = models.JSONField(default=list, blank=True)
    raw = models.JSONField(default=dict, blank=True)
    applied = models.BooleanField(default=False)  # False: out of order (or not yet matched), kept for the record
    received_at = models.DateTimeField(auto_now_add=True, verbose_name=_("received"))

    class Meta:
        verbose_name = _("delivery status")
        verbose_name_plural = _("delivery statuses")
        ordering = ["occurred_at", "pk"]
        constraints = [
            # Meta redelivers webhooks: the same receipt twice is one event.
            models.UniqueConstraint(fields=["wamid", "status", "occurred_at"], name="delivery_event_once"),
        ]

    def __str__(self) -> str:
        return f"{self.wamid} {self.status}"


class CustomerRoute(models.Model):
    """The organisation's number a customer last wrote to: replies go out from the same number."""

    customer = models.OneToOneField("conversations.Customer", on_delete=models.CASCADE, related_name="whatsapp_route",
                                    verbose_name=_("customer"))
    phone_number_id = models.CharField(max_length=32, verbose_name=_("WhatsApp phone number id"))
    updated_at = models.DateTimeField(auto_now=True, verbose_name=_("updated"))

    class Meta:
        verbose_name = _("customer's WhatsApp number")
        verbose_name_plural = _("customers' WhatsApp numbers")

    def __str__(self) -> str:
        return f"{self.customer_id} via {self.phone_number_id}"
