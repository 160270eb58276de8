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
    attempts = models.PositiveSmallIntegerField(default=0, db_default=0)  # failed processing attempts
    error = models.TextField(blank=True, db_default="")  # the last processing failure, or what was skipped

    class Meta:
        indexes = [models.Index(fields=["received_at"], condition=models.Q(processed_at__isnull=True),
                                name="inbound_body_unprocessed")]

    def __str__(self) -> str:
        return f"inbound body {self.pk} ({'processed' if self.processed_at else 'waiting'})"
