"""The raw inbound log: what the webhook acknowledged, exactly as Meta signed it (public schema).

The webhook appends one row per verified body and answers 200; a worker parses, routes and stores it
(`whatsapp.services.inbound_process`) and stamps `processed_at`. A row never processed — its task lost with the
broker, its worker killed — is published again by the sweeper, so nothing acknowledged is lost.
"""

from __future__ import annotations

from django.contrib.postgres.fields import ArrayField
from django.db import models
from django.db.models.functions import Now


class InboundBody(models.Model):
    # sha256 of the Meta ids in the body (message ids; status id+status+time), else of the body: a redelivery of
    # the same notifications is the same key, and its INSERT … ON CONFLICT DO NOTHING appends nothing.
    key = models.CharField(max_length=64, unique=True)
    body = models.BinaryField()  # the bytes the signature covers
    # The numbers (phone_number_id) whose channel's app secret verified the signature: only their entries are
    # stored. Entries for other numbers in the same body are skipped (logged at the webhook).
    phone_number_ids = ArrayField(models.CharField(max_length=32), default=list)
    received_at = models.DateTimeField(db_default=Now())
    processed_at = models.DateTimeField(null=True, blank=True)
    # When the sweeper last published it again (the webhook's publish is at `received_at`): its lease — a body
    # merely waiting in a long queue is not published again while the worker processes the bodies ahead of it
    # (`whatsapp.services.raw_inbound_sweep`).
    republished_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0, db_default=0)  # failed processing attempts
    error = models.TextField(blank=True, db_default="")  # the last processing failure, or what was skipped

    class Meta:
        indexes = [models.Index(fields=["received_at"], condition=models.Q(processed_at__isnull=True),
                                name="inbound_body_unprocessed"),
                   # how far the worker has come (the sweeper's leases) and the retention's delete
                   models.Index(fields=["processed_at"], condition=models.Q(processed_at__isnull=False),
                                name="inbound_body_processed")]

    def __str__(self) -> str:
        return f"inbound body {self.pk} ({'processed' if self.processed_at else 'waiting'})"


class ChannelNotice(models.Model):
    """An operational notification from Meta, kept (public schema): a template's review (the template every reply
    outside the 24-hour window needs), the account's status, a customer's preferences, a message the business sent
    from the WhatsApp Business app, a value-level error. `needs_action`: an operator must act (also logged as an
    error when stored)."""

    received_at = models.DateTimeField(db_default=Now())
    field = models.CharField(max_length=64)  # the change's field, or "messages.errors"
    account_id = models.CharField(max_length=64, blank=True)  # the entry's id (the WhatsApp Business Account)
    phone_number_id = models.CharField(max_length=32, blank=True)
    event = models.CharField(max_length=128, blank=True)  # APPROVED, ACCOUNT_RESTRICTION, marketing_messages:stop…
    subject = models.CharField(max_length=256, blank=True)  # the template's name, the customer's wa_id…
    detail = models.JSONField(default=dict, blank=True)  # the value (or the item) as Meta sent it
    needs_action = models.BooleanField(default=False)
    body = models.ForeignKey(InboundBody, null=True, blank=True, on_delete=models.SET_NULL, related_name="notices")

    class Meta:
        indexes = [models.Index(fields=["received_at"], condition=models.Q(needs_action=True),
                                name="channel_notice_to_act")]

    def __str__(self) -> str:
        return f"{self.field} {self.event} {self.subject}".strip()
