"""Writes of staff sign-in: enrolling an authenticator, making and using recovery codes, each with its audit row."""

from __future__ import annotations

import secrets
from base64 import b32encode

from django.db import transaction

from magie.tokens import token_digest
from staff_auth.models import RecoveryCode, RecoveryCodeDevice, StaffAuthEvent, StaffTOTPDevice, recovery_code_normal

RECOVERY_CODE_COUNT = 10


def staff_auth_event_record(*, kind: str, username: str, actor: str, address: str = "",
                            detail: dict | None = None) -> StaffAuthEvent:
    return StaffAuthEvent.objects.create(kind=kind, username=username, actor=actor, address=address,
                                         detail=detail or {})


def totp_device_for_enrolment(*, user) -> StaffTOTPDevice:
    """The user's unconfirmed authenticator (a new key the first time), shown as a QR code until a code confirms it."""
    device = StaffTOTPDevice.objects.filter(user=user, confirmed=False).order_by("pk").first()
    return device or StaffTOTPDevice.objects.create(user=user, name="authenticator app", confirmed=False)


@transaction.atomic
def totp_enrolment_confirm(*, device: StaffTOTPDevice, actor: str, address: str) -> None:
    device.confirmed = True
    device.save(update_fields=["confirmed"])
    staff_auth_event_record(kind=StaffAuthEvent.Kind.TOTP_ENROLLED, username=device.user.get_username(),
                            actor=actor, address=address)


def _recovery_code_new() -> str:
    """80 random bits as 16 base32 letters and digits, in four groups: "k3ta-9xqz-…"."""
    text = b32encode(secrets.token_bytes(10)).decode().lower()
    return "-".join(text[i:i + 4] for i in range(0, 16, 4))


@transaction.atomic
def recovery_codes_make(*, user, actor: str, address: str) -> list[str]:
    """A fresh set of recovery codes for `user`, replacing any earlier set (its unused codes stop working). The
    codes are returned once, to be shown once; only their digests are stored."""
    device, _created = RecoveryCodeDevice.objects.select_for_update().get_or_create(
        user=user, defaults={"name": "recovery codes", "confirmed": True})
    device.codes.all().delete()
    codes = [_recovery_code_new() for _ in range(RECOVERY_CODE_COUNT)]
    RecoveryCode.objects.bulk_create(
        RecoveryCode(device=device, digest=token_digest(recovery_code_normal(code))) for code in codes)
    device.throttle_reset(commit=True)
    staff_auth_event_record(kind=StaffAuthEvent.Kind.RECOVERY_CODES_MADE, username=user.get_username(),
                            actor=actor, address=address, detail={"count": len(codes)})
    return codes


def recovery_codes_left(*, user) -> int | None:
    """Unused recovery codes of `user`, None when none were ever made."""
    device = RecoveryCodeDevice.objects.filter(user=user).first()
    return None if device is None else device.codes.filter(used_at__isnull=True).count()


@transaction.atomic
def recovery_code_use(*, user, code: str, address: str) -> RecoveryCodeDevice | None:
    """The user's recovery-code device when `code` is one of its unused codes (the code is then spent and the use
    recorded), else None (a wrong code counts towards the device's throttle)."""
    device = RecoveryCodeDevice.objects.select_for_update().filter(user=user).first()
    if device is None or not device.verify_token(code):
        return None
    username = user.get_username()
    staff_auth_event_record(kind=StaffAuthEvent.Kind.RECOVERY_CODE_USED, username=username, actor=username,
                            address=address, detail={"left": device.codes.filter(used_at__isnull=True).count()})
    return device


@transaction.atomic
def login_lockouts_clear(*, attempts, actor: str) -> int:
    """Unlock: delete the django-axes rows in `attempts` (a queryset of the current schema) and record, per row,
    whose sign-in was unlocked at which address, after how many failures, and by whom. Returns how many."""
    cleared = list(attempts.select_for_update())
    for attempt in cleared:
        staff_auth_event_record(kind=StaffAuthEvent.Kind.LOCKOUT_CLEARED, username=attempt.username or "",
                                actor=actor, address=attempt.ip_address or "",
                                detail={"failures": attempt.failures_since_start})
    attempts.model.objects.filter(pk__in=[attempt.pk for attempt in cleared]).delete()
    return len(cleared)
