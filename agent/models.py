"""The agent's records: opaque references its tools issued, and one trace per turn."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext

from magie.fields import EncryptedTextField


class Reference(models.Model):
    """Something a tool found (a Pix recipient, a booking slot), named for the model by an unguessable token.

    Bound to one conversation and one Ask and short-lived: an acting tool accepts only a live reference of its own
    conversation and Ask, so the model cannot invent a recipient or a slot.
    """

    token = models.CharField(max_length=48, unique=True)
    kind = models.CharField(max_length=24)  # "recipient" | "slot" | "booking"
    conversation = models.ForeignKey("conversations.Conversation", on_delete=models.CASCADE, related_name="+")
    ask = models.ForeignKey("asks.Ask", on_delete=models.CASCADE, related_name="+")
    payload = models.JSONField()  # what the tool resolved (never shown to the model as such)
    issued_by = models.CharField(max_length=40)
    expires_at = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.kind} {self.token[:8]}…"


class Turn(models.Model):
    """One inbound message's turn, as one trace row: perception, decision and rule, tool calls with arguments,
    results and timings, draft(s), the final reply and the tokens used."""

    class Status(models.TextChoices):
        DONE = "done"
        FAILED = "failed"

    message = models.OneToOneField("conversations.Message", on_delete=models.PROTECT, related_name="turn")
    ask = models.ForeignKey("asks.Ask", null=True, blank=True, on_delete=models.PROTECT, related_name="turns")
    status = models.CharField(max_length=8, choices=Status.choices)
    provider = models.CharField(max_length=40)
    perception = models.JSONField(null=True)
    decision = models.CharField(max_length=16, blank=True)
    rule = models.CharField(max_length=64, blank=True)
    tool_calls = models.JSONField(default=list)  # [{name, arguments, result, ms}]
    drafts = models.JSONField(default=list)
    guards = models.JSONField(default=list)  # per draft: {"passed", "total_ms", "failures": [...]}
    reply = models.TextField(blank=True)
    reply_message = models.ForeignKey("conversations.Message", null=True, blank=True, on_delete=models.PROTECT,
                                      related_name="+")
    tokens = models.JSONField(default=dict)  # {"prompt": n, "completion": n}
    asked_for = models.CharField(max_length=32, blank=True)  # the slot the reply asked for (context for the next)
    error = models.TextField(blank=True)
    # A turn that raised: what it was, to group repeats (the dead-letter list in the back office).
    error_code = models.CharField(max_length=64, blank=True)
    error_class = models.CharField(max_length=200, blank=True)
    traceback_hash = models.CharField(max_length=16, blank=True)  # over the frames (file, function), not the values
    started_at = models.DateTimeField()
    finished_at = models.DateTimeField()
    queries = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["pk"]
        indexes = [
            models.Index(fields=["status"], condition=models.Q(status="failed"), name="turn_failed"),
            # The dashboards: turns, failures and latency over a range read only this index; drafts the guards
            # rejected are a small part of all turns, kept in a partial index of their own.
            models.Index(fields=["started_at"], include=["finished_at", "status"], name="turn_started_covering"),
            models.Index(fields=["started_at"], include=["guards"], name="turn_rejected_drafts",
                         condition=models.Q(guards__contains=[{"passed": False}])),
        ]

    def __str__(self) -> str:
        return gettext("turn %(number)s (%(status)s)") % {"number": self.pk, "status": self.get_status_display()}


class FailedTurn(Turn):
    """The dead-letter list: turns that raised (or whose model stayed unreachable), for staff to look at."""

    class Meta:
        proxy = True
        verbose_name = "failed turn"


class AgentSettings(models.Model):
    """The organisation's model provider, overriding the platform's settings (one row per organisation schema)."""

    class ProviderName(models.TextChoices):
        DEFAULT = "default", "Platform default (OpenAI when OPENAI_API_KEY is set, else built-in)"
        BUILTIN = "builtin", "Built-in, deterministic (no model)"
        OPENAI = "openai", "OpenAI-compatible API"

    provider = models.CharField(max_length=16, choices=ProviderName.choices, default=ProviderName.DEFAULT)
    openai_model = models.CharField(max_length=80, blank=True)
    openai_base_url = models.URLField(blank=True)
    # Encrypted at rest, write-only in the admin, never logged; a magie.crypto.Secret: `.reveal()` to use it.
    openai_api_key = EncryptedTextField(blank=True)

    def __repr__(self) -> str:
        return f"<AgentSettings {self.provider}>"

    def __str__(self) -> str:  # never the key
        return f"{self.get_provider_display()}{f' · {self.openai_model}' if self.openai_model else ''}"


class PixCode(models.Model):
    """A Pix code (BR Code) a customer pasted or photographed, as the parser read it (and, for a dynamic code, as its
    allow-listed payload said), bound to the message that carried it and the Pix Ask it opened.

    Third-party content, kept as data: the key and the amount are the parser's fields (they became the Ask's slots),
    the merchant name is only ever compared with the directory's owner and shown to the customer as what the code
    claims; the txid goes with the transfer. Nothing of it is shown to the model."""

    class Kind(models.TextChoices):
        STATIC = "static"
        DYNAMIC = "dynamic"

    message = models.OneToOneField("conversations.Message", on_delete=models.PROTECT, related_name="pix_code")
    ask = models.ForeignKey("asks.Ask", on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    payload = models.TextField()  # the code as read (the QR's text, or the pasted "copia e cola")
    key_type = models.CharField(max_length=8)
    key_value = models.CharField(max_length=120)  # normal form (language.pix_keys)
    amount_cents = models.BigIntegerField(null=True, blank=True)  # None: the payer chooses
    txid = models.CharField(max_length=35, blank=True)
    merchant_name = models.CharField(max_length=25)
    merchant_city = models.CharField(max_length=15)
    url = models.CharField(max_length=512, blank=True)  # a dynamic code's payload location (as in the code)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return gettext("Pix code (%(kind)s) of message %(message)s") % {"kind": self.kind, "message": self.message_id}
