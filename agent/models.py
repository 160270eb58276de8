"""The agent's records: opaque references its tools issued, and one trace per turn."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from magie.fields import EncryptedTextField


class Reference(models.Model):
    """Something a tool found (a Pix recipient, a booking slot), named for the model by an unguessable token.

    Bound to one conversation and one Ask and short-lived: an acting tool accepts only a live reference of its own
    conversation and Ask, so the model cannot invent a recipient or a slot.
    """

    token = models.CharField(max_length=48, unique=True, verbose_name=_("token"))
    kind = models.CharField(max_length=24, verbose_name=_("kind"))  # "recipient" | "slot" | "booking"
    conversation = models.ForeignKey("conversations.Conversation", on_delete=models.CASCADE, related_name="+",
                                     verbose_name=_("conversation"))
    ask = models.ForeignKey("asks.Ask", on_delete=models.CASCADE, related_name="+", verbose_name=_("request"))
    payload = models.JSONField(verbose_name=_("payload"))  # what the tool resolved (never shown to the model as such)
    issued_by = models.CharField(max_length=40)
    expires_at = models.DateTimeField(verbose_name=_("expires"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))

    class Meta:
        verbose_name = _("reference shown to the model")
        verbose_name_plural = _("references shown to the model")

    def __str__(self) -> str:
        return f"{self.kind} {self.token[:8]}…"


class Turn(models.Model):
    """One inbound message's turn, as one trace row: perception, decision and rule, tool calls with arguments,
    results and timings, draft(s), the final reply and the tokens used."""

    class Status(models.TextChoices):
        DONE = "done", _("Done")
        FAILED = "failed", _("Failed")

    message = models.OneToOneField("conversations.Message", on_delete=models.PROTECT, related_name="turn",
                                   verbose_name=_("message"))
    ask = models.ForeignKey("asks.Ask", null=True, blank=True, on_delete=models.PROTECT, related_name="turns",
                            verbose_name=_("request"))
    status = models.CharField(max_length=8, choices=Status.choices, verbose_name=_("status"))
    provider = models.CharField(max_length=40, verbose_name=_("provider"))
    perception = models.JSONField(null=True, verbose_name=_("perception"))
    decision = models.CharField(max_length=16, blank=True, verbose_name=_("decision"))
    rule = models.CharField(max_length=64, blank=True, verbose_name=_("rule"))
    tool_calls = models.JSONField(default=list, verbose_name=_("tool calls"))  # [{name, arguments, result, ms}]
    drafts = models.JSONField(default=list, verbose_name=_("drafts"))
    guards = models.JSONField(default=list,
                              verbose_name=_("checks"))  # per draft: {"passed", "total_ms", "failures": [...]}
    reply = models.TextField(blank=True, verbose_name=_("reply"))
    reply_message = models.ForeignKey("conversations.Message", null=True, blank=True, on_delete=models.PROTECT,
                                      related_name="+", verbose_name=_("reply message"))
    tokens = models.JSONField(default=dict, verbose_name=_("tokens"))  # {"prompt": n, "completion": n}
    asked_for = models.CharField(max_length=32, blank=True,
                                 verbose_name=_("asked for"))  # the slot the reply asked for (context for the next)
    error = models.TextField(blank=True, verbose_name=_("error"))
    # A turn that raised: what it was, to group repeats (the dead-letter list in the back office).
    error_code = models.CharField(max_length=64, blank=True, verbose_name=_("error code"))
    error_class = models.CharField(max_length=200, blank=True, verbose_name=_("error class"))
    traceback_hash = models.CharField(max_length=16, blank=True,
                                      verbose_name=_("traceback hash"))  # over the frames (file, function), not the values
    started_at = models.DateTimeField(verbose_name=_("started"))
    finished_at = models.DateTimeField(verbose_name=_("finished"))
    queries = models.PositiveIntegerField(default=0, verbose_name=_("database queries"))

    class Meta:
        verbose_name = _("agent turn")
        verbose_name_plural = _("agent turns")
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
        verbose_name = _("failed turn")
        verbose_name_plural = _("failed turns")
        proxy = True


class AgentSettings(models.Model):
    """The organisation's model provider, overriding the platform's settings (one row per organisation schema)."""

    class ProviderName(models.TextChoices):
        DEFAULT = "default", _("Platform default (OpenAI when OPENAI_API_KEY is set, else built-in)")
        BUILTIN = "builtin", _("Built-in, deterministic (no model)")
        OPENAI = "openai", _("OpenAI-compatible API")

    provider = models.CharField(max_length=16, choices=ProviderName.choices, default=ProviderName.DEFAULT,
                                verbose_name=_("provider"))
    openai_model = models.CharField(max_length=80, blank=True, verbose_name=_("model"))
    openai_base_url = models.URLField(blank=True, verbose_name=_("model base URL"))
    # Encrypted at rest, write-only in the admin, never logged; a magie.crypto.Secret: `.reveal()` to use it.
    openai_api_key = EncryptedTextField(blank=True, verbose_name=_("model API key"))

    class Meta:
        verbose_name = _("model provider")
        verbose_name_plural = _("model provider")

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

    message = models.OneToOneField("conversations.Message", on_delete=models.PROTECT, related_name="pix_code",
                                   verbose_name=_("message"))
    ask = models.ForeignKey("asks.Ask", on_delete=models.PROTECT, related_name="+", verbose_name=_("request"))
    kind = models.CharField(max_length=8, choices=Kind.choices, verbose_name=_("kind"))
    payload = models.TextField(verbose_name=_("payload"))  # the code as read (the QR's text, or the pasted "copia e cola")
    key_type = models.CharField(max_length=8, verbose_name=_("key type"))
    key_value = models.CharField(max_length=120)  # normal form (language.pix_keys)
    amount_cents = models.BigIntegerField(null=True, blank=True,
                                          verbose_name=_("amount (cents)"))  # None: the payer chooses
    txid = models.CharField(max_length=35, blank=True)
    merchant_name = models.CharField(max_length=25)
    merchant_city = models.CharField(max_length=15)
    url = models.CharField(max_length=512, blank=True)  # a dynamic code's payload location (as in the code)
    # the customer's own description said beside the code ("descrição: aluguel"): the transfer's description
    note = models.CharField(max_length=140, blank=True, default="", verbose_name=_("description"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))

    class Meta:
        verbose_name = _("Pix code")
        verbose_name_plural = _("Pix codes")

    def __str__(self) -> str:
        return gettext("Pix code (%(kind)s) of message %(message)s") % {"kind": self.kind, "message": self.message_id}
