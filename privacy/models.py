"""Data rights of an organisation's customers: the record of every export and erasure, and how long the
organisation keeps message contents and turn traces (`privacy.services`, `privacy.rules` say what happens)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class DataRequest(models.Model):
    """One export or erasure of a customer's data: who asked for it, when, and what it touched (`summary`: rows
    per record kind, exported, erased, deleted or kept with the reason). Written once by `privacy.services`."""

    class Kind(models.TextChoices):
        EXPORT = "export", _("Export")
        ERASURE = "erasure", _("Erasure")

    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    customer = models.ForeignKey("conversations.Customer", on_delete=models.PROTECT, related_name="+",
                                 verbose_name=_("customer"))
    requested_by = models.CharField(_("requested by"), max_length=200)  # "username@schema" or "command:<user>"
    requested_at = models.DateTimeField(_("requested at"))
    # Erasure only: the customer's channel id as it was, kept when kept records (the bank's holder, a paid
    # booking) still carry it, so that an export after the erasure still finds them. Empty otherwise.
    ledger_ref = models.CharField(max_length=256, blank=True)
    summary = models.JSONField(_("summary"), default=dict)

    class Meta:
        verbose_name = _("data request")
        verbose_name_plural = _("data requests")
        ordering = ["-requested_at", "-pk"]
        permissions = [
            ("export_customer_data", _("Can export a customer's data")),
            ("erase_customer_data", _("Can erase a customer's data")),
        ]

    def __str__(self) -> str:
        return gettext("%(kind)s of customer %(customer)s") % {"kind": self.get_kind_display(),
                                                              "customer": self.customer_id}


def days(field_name: StrOrPromise, default: int, help_text: StrOrPromise) -> models.PositiveIntegerField:
    return models.PositiveIntegerField(field_name, default=default, help_text=help_text,
                                       validators=[MinValueValidator(1), MaxValueValidator(36_500)])


class RetentionSettings(models.Model):
    """How long the organisation keeps what its customers wrote and what the agent did with it. Past its window a
    record's contents are erased (`privacy.services.retention_apply`, daily); the ledger is never touched."""

    message_days = days(_("message contents (days)"), 365,
                        _("Texts of messages, Ask values, escalation notes and approval previews that led to no "
                          "payment are erased after this many days."))
    trace_days = days(_("agent traces (days)"), 90,
                      _("What the model perceived, the tool calls, drafts and guard results of each turn, and the "
                        "channel's delivery records, are erased after this many days."))
    singleton = models.BooleanField(default=True, unique=True, editable=False)
    updated_at = models.DateTimeField(auto_now=True, verbose_name=_("updated"))

    class Meta:
        verbose_name = _("data retention")
        verbose_name_plural = _("data retention")
        constraints = [models.CheckConstraint(condition=Q(singleton=True), name="one_retention_settings_row")]

    def __str__(self) -> str:
        return str(self._meta.verbose_name)
