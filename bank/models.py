"""Tables of the bank core: holders, accounts (never negative), the Pix key directory, contacts, lookups,
Pix transfers (FSM), the organisation's bank settings and the customer tokens of the app flow.

Money is integer cents (`*_cents`) plus an ISO currency. Documents (CPF/CNPJ) are stored as digits and leave the
engine only through `document_mask`.
"""

from __future__ import annotations

import secrets

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_fsm import FSMField, transition

from bank.keys import document_is_valid, document_mask
from magie.db.fsm import ConcurrentTransitionMixin
from magie.tokens import token_digest_of_new

NIGHT_LIMIT_MAX_CENTS = 100_000  # R$ 1.000,00: the regulatory ceiling for individuals' night-time Pix

customer_ref_validator = RegexValidator(r"^\d{8,20}$", "Digits only, the WhatsApp user id (e.g. 5511999990001).")
e164_validator = RegexValidator(r"^\+[1-9]\d{7,14}$", "E.164, e.g. +5511999990001.")
ispb_validator = RegexValidator(r"^\d{8}$", "The 8-digit ISPB.")


def validate_document(value: str) -> None:
    if not document_is_valid(value):
        raise ValidationError("Not a valid CPF (11 digits) or CNPJ (14 digits).")


def key_display(key_type: str, value: str) -> str:
    return document_mask(value) if key_type in ("cpf", "cnpj") else value


class BankSettings(models.Model):
    """One row per organisation schema (pk is always 1): this bank's identity and its night limit."""

    id = models.PositiveSmallIntegerField(primary_key=True, default=1, editable=False)
    ispb = models.CharField(max_length=8, default="99999999", validators=[ispb_validator], verbose_name=_("ISPB"))
    night_limit_cents = models.BigIntegerField(
        default=NIGHT_LIMIT_MAX_CENTS,
        validators=[MinValueValidator(1), MaxValueValidator(NIGHT_LIMIT_MAX_CENTS)],
        help_text=_("Most an individual may send by Pix between 20:00 and 06:00 (cents, at most 100000)."), verbose_name=_("night limit (cents)"),
    )
    updated_at = models.DateTimeField(auto_now=True, verbose_name=_("updated"))

    class Meta:
        verbose_name = _("bank settings")
        verbose_name_plural = _("bank settings")
        constraints = [
            models.CheckConstraint(condition=Q(id=1), name="bank_settings_singleton"),
            models.CheckConstraint(
                condition=Q(night_limit_cents__gt=0, night_limit_cents__lte=NIGHT_LIMIT_MAX_CENTS),
                name="bank_settings_night_limit_range",
            ),
        ]

    def __str__(self) -> str:
        return gettext("Bank settings")


class Holder(models.Model):
    class Kind(models.TextChoices):
        INDIVIDUAL = "individual", _("Individual")
        BUSINESS = "business", _("Business")

    name = models.CharField(max_length=200, verbose_name=_("name"))
    document = models.CharField(max_length=14, unique=True, validators=[validate_document], verbose_name=_("document"))
    kind = models.CharField(max_length=16, choices=Kind.choices, verbose_name=_("kind"))
    phone = models.CharField(max_length=16, validators=[e164_validator], verbose_name=_("phone"))
    customer_ref = models.CharField(max_length=20, unique=True, validators=[customer_ref_validator],
                                    verbose_name=_("customer reference"))
    # Test money: a holder opened for an organisation's test identities (the demo's, the WhatsApp simulator's
    # sandbox customers). The simulator moves and reads only test holders' money (`SandboxBank(test_money_only)`),
    # so a sandbox identity that shares a real holder's number never reaches that holder's account.
    is_test = models.BooleanField(default=False, verbose_name=_("test money"))
    created_at = models.DateTimeField(default=timezone.now, verbose_name=_("created"))

    class Meta:
        verbose_name = _("account holder")
        verbose_name_plural = _("account holders")
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(kind="individual") & Q(document__regex=r"^\d{11}$"))
                | (Q(kind="business") & Q(document__regex=r"^\d{14}$")),
                name="bank_holder_document_matches_kind",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def masked_document(self) -> str:
        return document_mask(self.document)


class Account(models.Model):
    """A customer's account, or the bank's settlement account that receives Pix leaving for other banks."""

    class Kind(models.TextChoices):
        CUSTOMER = "customer", _("Customer")
        SETTLEMENT = "settlement", _("Settlement (outgoing Pix to other banks)")

    holder = models.ForeignKey(Holder, on_delete=models.PROTECT, related_name="accounts", null=True, blank=True,
                               verbose_name=_("holder"))
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.CUSTOMER, verbose_name=_("kind"))
    number = models.CharField(max_length=20, unique=True, verbose_name=_("number"))
    balance_cents = models.BigIntegerField(default=0, verbose_name=_("balance (cents)"))
    currency = models.CharField(max_length=3, default="BRL", verbose_name=_("currency"))
    created_at = models.DateTimeField(default=timezone.now, verbose_name=_("created"))

    class Meta:
        verbose_name = _("account")
        verbose_name_plural = _("accounts")
        ordering = ["number"]
        constraints = [
            models.CheckConstraint(condition=Q(balance_cents__gte=0), name="bank_account_balance_not_negative"),
            models.CheckConstraint(
                condition=(Q(kind="customer") & Q(holder__isnull=False))
                | (Q(kind="settlement") & Q(holder__isnull=True)),
                name="bank_account_holder_matches_kind",
            ),
            models.UniqueConstraint(fields=["currency"], condition=Q(kind="settlement"),
                                    name="bank_one_settlement_account_per_currency"),
            # what a Pix's payer (its account and its holder together) refers to: bank_pix_payer_account
            models.UniqueConstraint(fields=["id", "holder"], name="bank_account_with_holder"),
        ]

    def __str__(self) -> str:
        # not inside an f-string: makemessages does not find a gettext() there
        owner = str(self.holder) if self.holder else gettext("settlement")
        return f"{self.number} ({owner})"


class PixKey(models.Model):
    """The directory: who a key belongs to. `account` is set when the key is of an account of this bank."""

    class KeyType(models.TextChoices):
        CPF = "cpf", _("CPF")
        CNPJ = "cnpj", _("CNPJ")
        PHONE = "phone", _("Phone")
        EMAIL = "email", _("E-mail")
        RANDOM = "random", _("Random key")

    key_type = models.CharField(max_length=8, choices=KeyType.choices, verbose_name=_("key type"))
    value = models.CharField(max_length=77, unique=True, help_text=_("Normal form (see language.pix_keys)."),
                             verbose_name=_("value"))
    owner_name = models.CharField(max_length=200, verbose_name=_("owner"))
    owner_document = models.CharField(max_length=14, validators=[validate_document], verbose_name=_("owner document"))
    bank_name = models.CharField(max_length=120, verbose_name=_("bank"))
    bank_ispb = models.CharField(max_length=8, validators=[ispb_validator], verbose_name=_("bank ISPB"))
    account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="pix_keys", null=True, blank=True,
                                verbose_name=_("account"))
    created_at = models.DateTimeField(default=timezone.now, verbose_name=_("created"))

    class Meta:
        verbose_name = _("Pix key")
        verbose_name_plural = _("Pix keys")
        ordering = ["owner_name", "value"]

    def __str__(self) -> str:
        # the type's own name may say "key" already ("Random key"), so it goes in brackets after "Pix key"
        return gettext("Pix key of %(owner)s (%(type)s)") % {"type": self.get_key_type_display(),
                                                               "owner": self.owner_name}

    @property
    def masked_document(self) -> str:
        return document_mask(self.owner_document)

    @property
    def display_value(self) -> str:
        """The key as shown to people: a CPF/CNPJ key is a document, so it is masked like one."""
        return key_display(self.key_type, self.value)


class KeyLookup(models.Model):
    """One row per directory lookup a customer made (the budget is summed over these)."""

    holder = models.ForeignKey(Holder, on_delete=models.CASCADE, related_name="key_lookups", verbose_name=_("holder"))
    key_type = models.CharField(max_length=8, choices=PixKey.KeyType.choices, verbose_name=_("key type"))
    found = models.BooleanField()
    cost = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(default=timezone.now, verbose_name=_("created"))

    class Meta:
        verbose_name = _("Pix key lookup")
        verbose_name_plural = _("Pix key lookups")
        indexes = [models.Index(fields=["holder", "created_at"], name="bank_lookup_holder_time")]

    def __str__(self) -> str:
        return (gettext("Pix key lookup (%(type)s, found)") if self.found
                else gettext("Pix key lookup (%(type)s, not found)")) % {"type": self.get_key_type_display()}


class Contact(models.Model):
    """A holder's saved recipient: "Pedro" → Pedro's Pix key."""

    holder = models.ForeignKey(Holder, on_delete=models.CASCADE, related_name="contacts", verbose_name=_("holder"))
    nickname = models.CharField(max_length=80, verbose_name=_("nickname"))
    nickname_folded = models.CharField(max_length=80, editable=False, verbose_name=_("nickname (for search)"))
    pix_key = models.ForeignKey(PixKey, on_delete=models.PROTECT, related_name="contacts", verbose_name=_("Pix key"))
    created_at = models.DateTimeField(default=timezone.now, verbose_name=_("created"))

    class Meta:
        verbose_name = _("saved contact")
        verbose_name_plural = _("saved contacts")
        ordering = ["nickname"]
        constraints = [
            models.UniqueConstraint(fields=["holder", "nickname_folded"], name="bank_contact_nickname_unique"),
        ]

    def __str__(self) -> str:
        return self.nickname

    def save(self, *args, **kwargs):
        from language.text import fold

        self.nickname_folded = fold(self.nickname).strip()
        super().save(*args, **kwargs)


class PixTransfer(ConcurrentTransitionMixin, models.Model):  # (it is an FSMModelMixin)
    """One Pix. Created `settled` (money moved in the same transaction) or `scheduled` (moved when run)."""

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("Scheduled")
        SETTLED = "settled", _("Settled")
        FAILED = "failed", _("Failed")
        CANCELLED = "cancelled", _("Cancelled")

    end_to_end_id = models.CharField(max_length=32,
                                     verbose_name=_("end-to-end id"))  # unique: bank_pix_end_to_end_id_unique
    idempotency_key = models.CharField(max_length=100, verbose_name=_("idempotency key"))
    request_fingerprint = models.CharField(max_length=64, verbose_name=_("request fingerprint"))
    # The payer and the account debited are one reference, (from_account, holder) → the account with its holder
    # (bank_pix_payer_account, migration 0003): the debited account is the payer's own, which two foreign keys
    # would not say, and a Pix pays for one key check at COMMIT instead of two. The holder's own index would
    # repeat the first column of bank_pix_idempotency_unique and bank_pix_holder_settled.
    holder = models.ForeignKey(Holder, on_delete=models.PROTECT, related_name="pix_sent", db_constraint=False,
                               db_index=False, verbose_name=_("holder"))
    from_account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="pix_debits",
                                     db_constraint=False, verbose_name=_("from account"))
    to_account = models.ForeignKey(Account, on_delete=models.PROTECT, related_name="pix_credits",
                                   verbose_name=_("to account"))
    pix_key = models.ForeignKey(PixKey, on_delete=models.PROTECT, related_name="transfers", verbose_name=_("Pix key"))
    # The recipient as the directory said when the Pix was made (the key's owner may change later).
    recipient_name = models.CharField(max_length=200, verbose_name=_("recipient"))
    recipient_document = models.CharField(max_length=14, verbose_name=_("recipient document"))
    recipient_bank_name = models.CharField(max_length=120, verbose_name=_("recipient bank"))
    recipient_ispb = models.CharField(max_length=8, verbose_name=_("recipient ISPB"))
    recipient_key_type = models.CharField(max_length=8, choices=PixKey.KeyType.choices,
                                          verbose_name=_("recipient key type"))
    recipient_key_value = models.CharField(max_length=77, verbose_name=_("recipient key"))
    amount_cents = models.BigIntegerField(verbose_name=_("amount (cents)"))
    currency = models.CharField(max_length=3, verbose_name=_("currency"))
    description = models.CharField(max_length=140, blank=True, verbose_name=_("description"))
    # The receiver's identifier of this charge, from the Pix code it pays (a static code's 62-05, a dynamic code's
    # payload txid): how the receiver reconciles the payment. Empty for a Pix not made from a code.
    txid = models.CharField(max_length=35, blank=True)
    status = FSMField(choices=Status.choices, default=Status.SCHEDULED, protected=True, verbose_name=_("status"))
    scheduled_for = models.DateTimeField(null=True, blank=True, verbose_name=_("scheduled for"))
    settled_at = models.DateTimeField(null=True, blank=True, verbose_name=_("settled"))
    failed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("failed"))
    failure_code = models.CharField(max_length=40, blank=True, verbose_name=_("failure"))
    cancelled_at = models.DateTimeField(null=True, blank=True, verbose_name=_("cancelled"))
    created_at = models.DateTimeField(default=timezone.now, verbose_name=_("created"))

    class Meta:
        verbose_name = _("Pix transfer")
        verbose_name_plural = _("Pix transfers")
        ordering = ["-created_at", "-id"]
        constraints = [
            # a constraint, not unique=True: that would add a second index (varchar_pattern_ops, for LIKE 'E…%')
            # that no query uses and every Pix writes
            models.UniqueConstraint(fields=["end_to_end_id"], name="bank_pix_end_to_end_id_unique"),
            models.UniqueConstraint(fields=["holder", "idempotency_key"], name="bank_pix_idempotency_unique"),
            models.CheckConstraint(condition=Q(amount_cents__gt=0), name="bank_pix_amount_positive"),
            models.CheckConstraint(condition=~Q(from_account=models.F("to_account")), name="bank_pix_not_same_account"),
            models.CheckConstraint(condition=Q(end_to_end_id__regex=r"^E\d{8}\d{12}[A-Za-z0-9]{11}$"),
                                   name="bank_pix_end_to_end_id_format"),
            models.CheckConstraint(condition=~Q(status="settled") | Q(settled_at__isnull=False),
                                   name="bank_pix_settled_has_time"),
            models.CheckConstraint(condition=Q(txid__regex=r"^[A-Za-z0-9]{0,35}$"), name="bank_pix_txid_format"),
        ]
        indexes = [
            models.Index(fields=["holder", "status", "settled_at"], name="bank_pix_holder_settled"),
            # what pix_scheduled_run reads: only scheduled Pix, so a settled one (nearly all) writes nothing here
            models.Index(fields=["scheduled_for", "id"], condition=Q(status="scheduled"), name="bank_pix_due"),
        ]

    def __str__(self) -> str:
        return f"Pix {self.end_to_end_id}"

    @property
    def masked_recipient_document(self) -> str:
        return document_mask(self.recipient_document)

    @property
    def recipient_key_display(self) -> str:
        return key_display(self.recipient_key_type, self.recipient_key_value)

    @property
    def is_external(self) -> bool:
        return self.to_account.kind == Account.Kind.SETTLEMENT

    # Transitions touch only this row's fields; the services move the money.
    @transition(field=status, source=Status.SCHEDULED, target=Status.SETTLED)
    def settle(self, *, at) -> None:
        self.settled_at = at

    @transition(field=status, source=Status.SCHEDULED, target=Status.FAILED)
    def fail(self, *, at, code: str) -> None:
        self.failed_at = at
        self.failure_code = code

    @transition(field=status, source=Status.SCHEDULED, target=Status.CANCELLED)
    def cancel(self, *, at) -> None:
        self.cancelled_at = at


def token_generate() -> str:  # the default of migration 0001 (keys in clear, before 0004 stored their digest)
    return secrets.token_hex(20)


class HolderToken(models.Model):
    """The app flow's credential: `Authorization: Token <key>` acts as `holder` (see bank.apis). Named for the
    holder it stands for (booking.CustomerToken stands for a customer reference); the table keeps its first name."""

    key = models.CharField(max_length=64, unique=True, default=token_digest_of_new)  # SHA-256 of the key (magie.auth)
    holder = models.ForeignKey(Holder, on_delete=models.CASCADE, related_name="tokens", verbose_name=_("holder"))
    created_at = models.DateTimeField(default=timezone.now, verbose_name=_("created"))

    class Meta:
        db_table = "bank_customertoken"
        verbose_name = _("customer sign-in token")
        verbose_name_plural = _("customer sign-in tokens")

    def __str__(self) -> str:
        return gettext("Token of %(holder)s") % {"holder": self.holder}

    def __repr__(self) -> str:  # the key never reaches a log through repr()
        return f"<HolderToken {self.pk} of holder {self.holder_id}>"
