"""Public schema: organisations, their domains, policies (with versions) and WhatsApp channel credentials."""

from __future__ import annotations

import zoneinfo
from datetime import timedelta

from babel.numbers import list_currencies
from django.conf import settings
from django.contrib.postgres.fields import ArrayField
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import connection, models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_tenants.models import DomainMixin, TenantMixin
from django_tenants.utils import schema_exists

from magie.bounds import AMOUNT_CEILING_CENTS
from magie.choices import (
    GUARD_NAMES,
    ApprovalChannel,
    GateMode,
    Language,
    OnToolFailure,
    OrganisationKind,
    RiskClass,
    SideRequest,
)
from magie.fields import EncryptedTextField
from magie.schemas.template import schema_create_by_migrations, schema_create_from_template
from tenants.policy import AMOUNT_MAX_DEFAULT_CENTS

schema_name_validator = RegexValidator(
    r"^[a-z][a-z0-9]{2,29}$",
    "Lower-case letters and digits only, 3 to 30, starting with a letter (it is also the host name).",
)


def validate_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise ValidationError(f"{value!r} is not an IANA time zone (e.g. America/Sao_Paulo).")


def validate_currency(value: str) -> None:
    if value not in list_currencies():
        raise ValidationError(f"{value!r} is not an ISO 4217 currency code (e.g. BRL).")


class Organisation(TenantMixin):
    """A bank, school or store; its data lives in the PostgreSQL schema named `schema_name`."""

    # TenantMixin's column, named for staff (its validators kept: they are what makes a name a safe schema name).
    schema_name = models.CharField(max_length=63, unique=True, db_index=True,
                                   validators=list(TenantMixin._meta.get_field("schema_name").validators),
                                   verbose_name=_("schema (host name)"))
    name = models.CharField(max_length=120, verbose_name=_("name"))
    kind = models.CharField(max_length=16, choices=OrganisationKind.choices, verbose_name=_("kind"))
    language = models.CharField(max_length=8, choices=Language.choices, default=Language.EN, verbose_name=_("language"))
    # The languages its customers are answered in (its own language always among them): each customer message's
    # language is detected among these (`language.detect`), kept on the conversation, and read and answered in.
    languages = ArrayField(models.CharField(max_length=8, choices=Language.choices), default=list, blank=True,
                           help_text=_("Languages customers are answered in, besides the organisation's own."))
    time_zone = models.CharField(max_length=64, default="UTC", validators=[validate_time_zone],
                                 verbose_name=_("time zone"))
    currency = models.CharField(max_length=3, default="USD", validators=[validate_currency], verbose_name=_("currency"))
    brand_colour = models.CharField(
        _("brand colour"), max_length=7, default="#4f46e5",
        validators=[RegexValidator(r"^#[0-9a-fA-F]{6}$", _("A colour as #rrggbb, e.g. #0f766e."))],
        help_text=_("The back office's main colour (buttons, links, the active page)."))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))
    # Staff login: every admin of this organisation must pass a TOTP second factor (set up at first sign-in).
    admin_totp_required = models.BooleanField(
        default=False, help_text=_("Admins must enter a code of an authenticator app after their password."), verbose_name=_("admins must use a second factor"))
    # The same for the staff who read chats and balances: human agents, auditors.
    agent_totp_required = models.BooleanField(
        default=False, help_text=_("Human agents must enter a code of an authenticator app after their password."), verbose_name=_("human agents must use a second factor"))
    auditor_totp_required = models.BooleanField(
        default=False, help_text=_("Auditors must enter a code of an authenticator app after their password."), verbose_name=_("auditors must use a second factor"))

    auto_create_schema = True
    auto_drop_schema = False

    class Meta:
        verbose_name = _("organisation")
        verbose_name_plural = _("organisations")
        ordering = ["schema_name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.schema_name})"

    def create_schema(self, check_if_exists: bool = False, sync_schema: bool = True, verbosity: int = 1) -> bool:
        """The new schema is a copy of the migrated template (`magie.schemas.template`: the same catalog and
        migration records as migrations make, in a fraction of the time); by migrations when that is not possible."""
        if sync_schema and not (check_if_exists and schema_exists(self.schema_name)):
            if settings.MAGIE_SCHEMA_TEMPLATE and schema_create_from_template(self.schema_name):
                return True
            if connection.in_atomic_block:  # Magie's executor would end the caller's transaction
                schema_create_by_migrations(self.schema_name)
                return True
        return bool(super().create_schema(check_if_exists=check_if_exists, sync_schema=sync_schema,
                                          verbosity=verbosity))

    def clean(self) -> None:
        if not self.is_platform:
            try:
                schema_name_validator(self.schema_name)
            except ValidationError as error:
                raise ValidationError({"schema_name": error.messages}) from error
        if (self.kind == OrganisationKind.PLATFORM) != self.is_platform:
            raise ValidationError({"kind": "Only the public schema is the platform."})
        unknown = [lang for lang in self.languages if lang not in Language.values]
        if unknown:
            raise ValidationError({"languages": f"Not a language Magie speaks: {', '.join(unknown)}."})

    @property
    def served_languages(self) -> tuple[str, ...]:
        """Its own language first, then the others it serves, each once."""
        return tuple(dict.fromkeys([self.language, *self.languages]))

    @property
    def is_platform(self) -> bool:
        return self.schema_name == "public"


class Domain(DomainMixin):
    class Meta:
        verbose_name = _("domain")
        verbose_name_plural = _("domains")


class StaffSecurity(Organisation):
    """The back office's page for an organisation's staff-login rules (a TOTP second factor, per role)."""

    class Meta:
        verbose_name = _("staff security")
        verbose_name_plural = _("staff security")
        proxy = True


def default_gates() -> dict[str, dict[str, object]]:
    """Money and messages to third parties always ask in the chat; reads and reversible effects do not."""
    asks = {RiskClass.MONEY, RiskClass.EXTERNAL_MESSAGE}
    return {
        risk: {
            "mode": GateMode.ALWAYS if risk in asks else GateMode.NONE,
            "threshold_cents": None,
            "daily_cap_cents": None,
            "channel": ApprovalChannel.IN_CHAT_BUTTON,
        }
        for risk in RiskClass.values
    }


def default_guards() -> list[str]:
    return list(GUARD_NAMES)


class OrganisationPolicy(models.Model):
    """How the agent behaves for one organisation. Written only through `tenants.services.policy_update`."""

    organisation = models.OneToOneField(Organisation, on_delete=models.CASCADE, related_name="policy",
                                        verbose_name=_("organisation"))
    ask_stale_after = models.DurationField(default=timedelta(minutes=10), verbose_name=_("request goes stale after"))
    on_tool_failure = models.CharField(max_length=24, choices=OnToolFailure.choices, default=OnToolFailure.HOLD_AND_REASK,
                                       verbose_name=_("when a system call fails"))
    side_request = models.CharField(max_length=16, choices=SideRequest.choices, default=SideRequest.SUSPEND,
                                    verbose_name=_("when the customer asks something else"))
    # {risk_class: {"mode", "threshold_cents", "daily_cap_cents", "channel"}}, validated by tenants.policy_rules.
    gates = models.JSONField(default=default_gates, verbose_name=_("approval rules"))
    approval_expiry = models.DurationField(default=timedelta(minutes=15), verbose_name=_("approval expiry"))
    amount_max_cents = models.BigIntegerField(
        default=AMOUNT_MAX_DEFAULT_CENTS,
        validators=[MinValueValidator(1), MaxValueValidator(AMOUNT_CEILING_CENTS)],
        help_text=_("The largest amount one request may carry (a Pix, a price ceiling), in cents; anything above is "
                  "refused before it reaches an approval or an engine."), verbose_name=_("largest amount per request (cents)"),
    )
    enabled_guards = ArrayField(models.CharField(max_length=40), default=default_guards, blank=True,
                                verbose_name=_("checks on every reply"))
    internal_vocabulary = ArrayField(models.CharField(max_length=80), default=list, blank=True,
                                     verbose_name=_("words never said to customers"))
    guard_retries = models.PositiveSmallIntegerField(default=1, validators=[MaxValueValidator(3)],
                                                     verbose_name=_("redrafts after a failed check"))
    guard_time_budget_ms = models.PositiveIntegerField(
        default=1000, validators=[MinValueValidator(10), MaxValueValidator(10_000)], verbose_name=_("time for the checks (ms)")
    )
    version = models.PositiveIntegerField(default=1, verbose_name=_("version"))
    updated_at = models.DateTimeField(auto_now=True, verbose_name=_("updated"))

    class Meta:
        verbose_name = _("agent policy")
        verbose_name_plural = _("agent policies")

    def __str__(self) -> str:
        return gettext("Policy of %(organisation)s (v%(version)s)") % {"organisation": self.organisation.name,
                                                                    "version": self.version}


class PolicyVersion(models.Model):
    """One row per policy change: who, when, old → new, and the whole policy as it then stood."""

    organisation = models.ForeignKey(Organisation, on_delete=models.CASCADE, related_name="policy_versions",
                                     verbose_name=_("organisation"))
    number = models.PositiveIntegerField(verbose_name=_("number"))
    changed_at = models.DateTimeField(verbose_name=_("changed"))
    changed_by = models.CharField(max_length=200,
                                  verbose_name=_("changed by"))  # "username@schema": users live in each organisation's schema
    changes = models.JSONField(default=dict, verbose_name=_("changes"))  # {field: {"old": ..., "new": ...}}
    snapshot = models.JSONField(verbose_name=_("the whole policy"))

    class Meta:
        verbose_name = _("policy version")
        verbose_name_plural = _("policy versions")
        ordering = ["organisation", "number"]
        constraints = [models.UniqueConstraint(fields=["organisation", "number"], name="policy_version_unique")]

    def __str__(self) -> str:
        return gettext("Policy of %(organisation)s, version %(number)s") % {"organisation": self.organisation.name,
                                                                          "number": self.number}


class WhatsAppChannel(models.Model):
    """Cloud API credentials of one organisation's number. Secrets are encrypted at rest, write-only in the admin
    (never rendered, view-only pages included), never logged: read one with `channel.app_secret.reveal()`."""

    organisation = models.ForeignKey(Organisation, on_delete=models.CASCADE, related_name="whatsapp_channels",
                                     verbose_name=_("organisation"))
    phone_number_id = models.CharField(
        max_length=32, unique=True, validators=[RegexValidator(r"^\d{5,32}$", "Digits only, as Meta shows it.")], verbose_name=_("WhatsApp phone number id")
    )
    display_phone_number = models.CharField(max_length=32, blank=True, verbose_name=_("phone number"))
    # Encrypted at rest (MAGIE_FIELD_KEYS); on an instance each is a magie.crypto.Secret: `.reveal()` to use it.
    app_secret = EncryptedTextField(verbose_name=_("app secret"))
    verify_token = EncryptedTextField(verbose_name=_("webhook verify token"))
    access_token = EncryptedTextField(verbose_name=_("access token"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created"))
    updated_at = models.DateTimeField(auto_now=True, verbose_name=_("updated"))

    SECRET_FIELDS = ("app_secret", "verify_token", "access_token")

    class Meta:
        verbose_name = _("WhatsApp number")
        verbose_name_plural = _("WhatsApp numbers")

    def __str__(self) -> str:
        return f"WhatsApp {self.display_phone_number or self.phone_number_id}"

    def __repr__(self) -> str:  # never let a secret reach a log line through repr()
        return f"<WhatsAppChannel {self.phone_number_id} of {self.organisation_id}>"


class ChannelRekey(models.Model):
    """A request to change a channel's secrets, in force only once a second staff person approves it.

    Whoever may re-key a channel (the platform operator, the organisation's admins) could otherwise sign webhooks as
    any customer of it on their own say. The new values wait here, encrypted like the channel's own; the webhook
    keeps verifying with the channel's current secrets until `channel_rekey_decide` approves, by someone other
    than the requester. The new values are emptied once the request is decided (applied to the channel, or not)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("awaiting a second person")
        APPLIED = "applied", _("approved and applied")
        REFUSED = "refused", _("refused")
        SUPERSEDED = "superseded", _("replaced by a newer request")

    channel = models.ForeignKey(WhatsAppChannel, on_delete=models.CASCADE, related_name="rekeys",
                                verbose_name=_("WhatsApp number"))
    organisation = models.ForeignKey(Organisation, on_delete=models.CASCADE, related_name="channel_rekeys",
                                     verbose_name=_("organisation"))
    app_secret = EncryptedTextField(_("app secret"), blank=True, default="")
    verify_token = EncryptedTextField(_("webhook verify token"), blank=True, default="")
    access_token = EncryptedTextField(_("access token"), blank=True, default="")
    changes = ArrayField(models.CharField(max_length=16), default=list, verbose_name=_("secrets changed"))  # the names of the secrets it changes
    status = models.CharField(_("status"), max_length=12, choices=Status.choices, default=Status.PENDING)
    requested_by = models.CharField(_("asked by"), max_length=200)  # "username@schema", as policy versions name staff
    requested_at = models.DateTimeField(_("asked at"), auto_now_add=True)
    decided_by = models.CharField(_("decided by"), max_length=200, blank=True)
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)

    class Meta:
        ordering = ["-requested_at", "-pk"]
        verbose_name = _("channel key change")
        verbose_name_plural = _("channel key changes")

    def __str__(self) -> str:
        return gettext("Key change %(id)s of %(channel)s") % {"id": self.pk, "channel": self.channel}

    def __repr__(self) -> str:  # no secret through repr()
        return f"<ChannelRekey {self.pk} of channel {self.channel_id}: {self.status}>"
