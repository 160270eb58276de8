"""Staff second factors (django-otp devices) whose secrets a copy of the database does not give away.

- `StaffTOTPDevice`: an authenticator app. django-otp's own TOTP device keeps its key in clear; this one keeps it
  encrypted with MAGIE_FIELD_KEYS (magie.crypto) and decrypts it only to check a code or show the QR code once.
- `RecoveryCodeDevice` and its `RecoveryCode`s: codes for the day the phone is lost, each usable once, stored as
  their SHA-256 (80 random bits each, so the digest cannot be searched back).
- `StaffAuthEvent`: one audit row per second-factor or lockout event (enrolled, codes made, a code used, a lockout
  cleared), never edited.
"""

from __future__ import annotations

import time
from base64 import b32encode
from binascii import unhexlify
from urllib.parse import quote, urlencode

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django_otp.models import Device, ThrottlingMixin, TimestampMixin
from django_otp.oath import TOTP
from django_otp.util import random_hex

from magie.fields import EncryptedTextField
from magie.tokens import token_digest


def totp_key_new() -> str:
    return random_hex(20)  # 160 bits, hex, as RFC 4226 recommends


class StaffTOTPDevice(TimestampMixin, ThrottlingMixin, Device):
    """A TOTP authenticator (RFC 6238, SHA-1, 30 s, 6 digits, the apps' defaults). `key` is the hex key, encrypted."""

    key = EncryptedTextField(default=totp_key_new)
    step = models.PositiveSmallIntegerField(default=30)
    t0 = models.BigIntegerField(default=0)
    digits = models.PositiveSmallIntegerField(default=6)
    tolerance = models.PositiveSmallIntegerField(default=1)  # one step either side: clocks a little off still work
    drift = models.SmallIntegerField(default=0)
    last_t = models.BigIntegerField(default=-1)  # the step of the last accepted code: a code is accepted once

    class Meta(Device.Meta):
        verbose_name = _("authenticator app")
        verbose_name_plural = _("authenticator apps")

    @property
    def bin_key(self) -> bytes:
        return unhexlify(self.key.reveal().encode())

    def totp(self) -> TOTP:
        totp = TOTP(self.bin_key, self.step, self.t0, self.digits, self.drift)
        totp.time = time.time()
        return totp

    def verify_token(self, token) -> bool:
        allowed, _data = self.verify_is_allowed()
        if not allowed:
            return False
        try:
            number = int(token)
        except (TypeError, ValueError):
            number = None
        totp = self.totp()
        if number is not None and totp.verify(number, self.tolerance, self.last_t + 1):
            self.last_t = totp.t()
            self.drift = totp.drift
            self.throttle_reset(commit=False)
            self.set_last_used_timestamp(commit=False)
            self.save()
            return True
        self.throttle_increment(commit=True)
        return False

    def get_throttle_factor(self) -> int:
        return int(getattr(settings, "OTP_TOTP_THROTTLE_FACTOR", 1))

    @property
    def config_url(self) -> str:
        """The otpauth:// URL an authenticator app reads from the QR code."""
        issuer = str(getattr(settings, "OTP_TOTP_ISSUER", "") or "").replace(":", "")
        label = f"{issuer}:{self.user.get_username()}" if issuer else self.user.get_username()
        params = urlencode({"secret": b32encode(self.bin_key).decode(), "algorithm": "SHA1", "digits": self.digits,
                            "period": self.step})
        if issuer:
            params += f"&issuer={quote(issuer)}"
        return f"otpauth://totp/{quote(label)}?{params}"


class RecoveryCodeDevice(ThrottlingMixin, Device):
    """A user's set of recovery codes, as one django-otp device (so a used code verifies the session)."""

    class Meta(Device.Meta):
        verbose_name = verbose_name_plural = _("recovery codes")

    def verify_token(self, token) -> bool:
        allowed, _data = self.verify_is_allowed()
        if not allowed:
            return False
        # Select for update: two requests racing with the same code cannot both use it.
        code = self.codes.select_for_update().filter(digest=token_digest(recovery_code_normal(str(token))),
                                                     used_at__isnull=True).first()
        if code is None:
            self.throttle_increment(commit=True)
            return False
        code.used_at = timezone.now()
        code.save(update_fields=["used_at"])
        self.throttle_reset(commit=True)
        return True

    def get_throttle_factor(self) -> int:
        return 1


def recovery_code_normal(text: str) -> str:
    """A code as typed (any case, spaces or dashes) in the form it was hashed in."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


class RecoveryCode(models.Model):
    device = models.ForeignKey(RecoveryCodeDevice, on_delete=models.CASCADE, related_name="codes")
    digest = models.CharField(max_length=64)  # SHA-256 of the code's normal form; the code itself is never stored
    created_at = models.DateTimeField(default=timezone.now)
    used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["device", "digest"], name="recovery_code_unique")]
        verbose_name = _("recovery code")
        verbose_name_plural = _("recovery codes")

    def __str__(self) -> str:  # never the code: it is not stored
        return f"recovery code {self.pk} ({'used' if self.used_at else 'unused'})"


class StaffAuthEvent(models.Model):
    """What happened to a staff member's sign-in, by whom: the audit trail of second factors and lockouts."""

    class Kind(models.TextChoices):
        TOTP_ENROLLED = "totp_enrolled", _("authenticator app set up")
        RECOVERY_CODES_MADE = "recovery_codes_made", _("recovery codes made")
        RECOVERY_CODE_USED = "recovery_code_used", _("recovery code used")
        LOCKOUT_CLEARED = "lockout_cleared", _("sign-in lockout cleared")

    at = models.DateTimeField(_("when"), default=timezone.now, db_index=True)
    kind = models.CharField(_("what"), max_length=32, choices=Kind.choices)
    username = models.CharField(_("username"), max_length=150)  # whose sign-in (users live in this schema)
    actor = models.CharField(_("by"), max_length=200)  # who did it: "username@schema" (the platform's operator: "@public")
    address = models.CharField(_("address"), max_length=64, blank=True)  # the request's address, or the address a lockout held
    detail = models.JSONField(_("details"), default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name = _("sign-in event")
        verbose_name_plural = _("sign-in events")

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.username}"
