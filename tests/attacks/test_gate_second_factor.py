"""Attack: read the staff's second factors from a copy of the database, or get past the second factor with a lost
phone's recovery codes. Through the real login and second-factor pages on real PostgreSQL; the devices are
staff_auth's (the authenticator's key encrypted with MAGIE_FIELD_KEYS, recovery codes as their SHA-256)."""

from __future__ import annotations

import importlib
import re
import time

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django_otp.oath import TOTP
from django_otp.plugins.otp_totp.models import TOTPDevice as ClearTOTPDevice
from django_tenants.utils import schema_context

from magie.tokens import token_digest
from staff_auth.models import RecoveryCode, StaffAuthEvent, StaffTOTPDevice
from tenants.demo import DEMO_PASSWORD

pytestmark = pytest.mark.django_db

ADDRESS = "192.0.2.44"
RECOVERY_CODE = re.compile(r"<code>([a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4})</code>")


def code(device: StaffTOTPDevice, steps_ahead: int = 0) -> str:
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
    totp.time = time.time() + steps_ahead * device.step
    return f"{totp.token():0{device.digits}d}"


def password_signed_in(schema: str | None = "demobank", username: str = "admin") -> Client:
    client = Client(HTTP_HOST=f"{schema}.localhost" if schema else "localhost", REMOTE_ADDR=ADDRESS)
    assert client.post("/admin/login/", {"username": username, "password": DEMO_PASSWORD}).status_code == 302
    return client


def enrolled(schema: str | None = "demobank", username: str = "admin") -> tuple[Client, StaffTOTPDevice, list[str]]:
    """`username` sets up an authenticator through the pages: its client (verified), its device, and the recovery
    codes the page showed once."""
    client = password_signed_in(schema, username)
    assert client.get("/admin/second-factor/?next=/admin/").status_code == 200
    with schema_context(schema or "public"):
        device = StaffTOTPDevice.objects.get(user__username=username)
    shown = client.post("/admin/second-factor/", {"otp_token": code(device), "next": "/admin/"})
    assert shown.status_code == 200
    codes = RECOVERY_CODE.findall(shown.content.decode())
    with schema_context(schema or "public"):
        device.refresh_from_db()
    return client, device, codes


def raw_rows(schema: str, sql: str) -> list[tuple]:
    with schema_context(schema), connection.cursor() as cursor:
        cursor.execute(sql)
        return cursor.fetchall()


# --- the authenticator's key at rest

def test_a_dump_of_the_device_table_holds_no_authenticator_key(demobank):
    connection.set_schema_to_public()
    enrol = password_signed_in().get("/admin/second-factor/?next=/admin/").content.decode()
    shown_key = re.search(r'<code id="totp-key">([A-Z2-7]+)</code>', enrol)[1]
    with schema_context("demobank"):
        device = StaffTOTPDevice.objects.get(user__username="admin")
        hex_key = device.key.reveal()
    [(stored,)] = raw_rows("demobank", "SELECT key FROM staff_auth_stafftotpdevice")
    assert stored.startswith("fernet:")
    assert hex_key not in stored and hex_key.upper() not in stored and shown_key not in stored
    assert raw_rows("demobank", "SELECT count(*) FROM otp_totp_totpdevice") == [(0,)]  # nothing in clear beside it


def test_the_encrypted_key_still_signs_the_staff_in(demobank):
    connection.set_schema_to_public()
    _client, device, _codes = enrolled()
    again = password_signed_in()
    assert again.post("/admin/second-factor/", {"otp_token": code(device, 1), "next": "/admin/"}).status_code == 302
    assert again.get("/admin/").status_code == 200


def test_a_key_decrypted_with_another_deployments_keys_is_refused(demobank, settings):
    from cryptography.fernet import Fernet

    from magie.crypto import SecretUnreadable

    connection.set_schema_to_public()
    password_signed_in().get("/admin/second-factor/?next=/admin/")
    settings.MAGIE_FIELD_KEYS = [Fernet.generate_key().decode()]  # a stolen dump, read with the wrong keys
    with schema_context("demobank"), pytest.raises(SecretUnreadable):
        StaffTOTPDevice.objects.get(user__username="admin").bin_key  # noqa: B018


def test_the_migration_moves_clear_keys_into_encrypted_devices(demobank):
    migration = importlib.import_module("staff_auth.migrations.0002_totp_devices_moved_with_keys_encrypted")
    admin = get_user_model().objects.get(username="admin")
    clear = ClearTOTPDevice.objects.create(user=admin, name="phone", confirmed=True, last_t=7)
    with connection.schema_editor() as editor:
        migration.moved_encrypted(apps, editor)
    assert not ClearTOTPDevice.objects.exists()
    moved = StaffTOTPDevice.objects.get(user=admin)
    assert moved.key.reveal() == clear.key and moved.confirmed and moved.last_t == 7 and moved.name == "phone"
    [(stored,)] = raw_rows("demobank", "SELECT key FROM staff_auth_stafftotpdevice")
    assert stored.startswith("fernet:") and clear.key not in stored
    connection.set_schema_to_public()  # the admin signs in with the app set up before the move
    client = password_signed_in()
    assert client.post("/admin/second-factor/", {"otp_token": code(moved, 1), "next": "/admin/"}).status_code == 302


# --- recovery codes: shown once, stored hashed, single use, audited, regenerable

def test_enrolment_shows_ten_recovery_codes_once_and_stores_only_their_digests(demobank):
    connection.set_schema_to_public()
    client, _device, codes = enrolled()
    assert len(codes) == len(set(codes)) == 10
    stored = raw_rows("demobank", "SELECT digest FROM staff_auth_recoverycode")
    assert sorted(digest for (digest,) in stored) == sorted(token_digest(c.replace("-", "")) for c in codes)
    dump = " ".join(digest for (digest,) in stored)
    assert not any(c in dump or c.replace("-", "") in dump for c in codes)
    page = client.get("/admin/second-factor/recovery-codes/").content.decode()
    assert not RECOVERY_CODE.findall(page) and 'id="recovery-codes-left"' in page  # never shown again
    with schema_context("demobank"):
        made = StaffAuthEvent.objects.get(kind=StaffAuthEvent.Kind.RECOVERY_CODES_MADE)
        assert (made.username, made.actor, made.address) == ("admin", "admin@demobank", ADDRESS)
        assert StaffAuthEvent.objects.filter(kind=StaffAuthEvent.Kind.TOTP_ENROLLED, username="admin").exists()


def test_a_recovery_code_replaces_the_lost_phone_once_and_its_use_is_recorded(demobank):
    connection.set_schema_to_public()
    _client, _device, codes = enrolled()
    lost_phone = password_signed_in()
    used = lost_phone.post("/admin/second-factor/", {"otp_token": codes[3].upper().replace("-", " "), "next": "/admin/"})
    assert used.status_code == 302 and used["Location"] == "/admin/"
    assert lost_phone.get("/admin/conversations/customer/").status_code == 200
    with schema_context("demobank"):
        event = StaffAuthEvent.objects.get(kind=StaffAuthEvent.Kind.RECOVERY_CODE_USED)
        assert (event.username, event.address, event.detail) == ("admin", ADDRESS, {"left": 9})
        assert RecoveryCode.objects.filter(used_at__isnull=False).count() == 1

    replay = password_signed_in()  # the same code again, e.g. read over the shoulder
    refused = replay.post("/admin/second-factor/", {"otp_token": codes[3], "next": "/admin/"})
    assert refused.status_code == 400
    gate = replay.get("/admin/conversations/customer/")
    assert gate.status_code == 302 and gate["Location"].startswith("/admin/second-factor/")
    with schema_context("demobank"):
        assert StaffAuthEvent.objects.filter(kind=StaffAuthEvent.Kind.RECOVERY_CODE_USED).count() == 1


def test_a_guessed_recovery_code_is_refused_and_slows_the_next_guess(demobank):
    connection.set_schema_to_public()
    _client, _device, codes = enrolled()
    guesser = password_signed_in()
    wrong = guesser.post("/admin/second-factor/", {"otp_token": "aaaa-bbbb-cccc-dddd", "next": "/admin/"})
    assert wrong.status_code == 400
    right_too_soon = guesser.post("/admin/second-factor/", {"otp_token": codes[0], "next": "/admin/"})
    assert right_too_soon.status_code == 400  # throttled: wait, whatever the code
    time.sleep(1.1)
    assert guesser.post("/admin/second-factor/", {"otp_token": codes[0], "next": "/admin/"}).status_code == 302


def test_one_staff_members_recovery_code_does_not_open_another_account(demobank):
    connection.set_schema_to_public()
    _admin, _device, admin_codes = enrolled("demobank", "admin")
    enrolled("demobank", "auditor")
    auditor = password_signed_in("demobank", "auditor")
    refused = auditor.post("/admin/second-factor/", {"otp_token": admin_codes[0], "next": "/admin/"})
    assert refused.status_code == 400
    other_bank = Client(HTTP_HOST="demostore.localhost", REMOTE_ADDR=ADDRESS)  # the same username elsewhere
    other_bank.post("/admin/login/", {"username": "admin", "password": DEMO_PASSWORD})
    with schema_context("demostore"):
        admin = get_user_model().objects.get(username="admin")
        StaffTOTPDevice.objects.create(user=admin, name="phone", confirmed=True)
    assert other_bank.post("/admin/second-factor/", {"otp_token": admin_codes[1], "next": "/admin/"}).status_code == 400


def test_a_password_alone_cannot_make_new_recovery_codes(demobank):
    connection.set_schema_to_public()
    _client, _device, codes = enrolled()
    thief = password_signed_in()  # the password, not the phone
    page = thief.get("/admin/second-factor/recovery-codes/")
    assert page.status_code == 302 and page["Location"].startswith("/admin/second-factor/?next=")
    made = thief.post("/admin/second-factor/recovery-codes/")
    assert made.status_code == 302 and not RECOVERY_CODE.findall(made.content.decode())
    with schema_context("demobank"):
        assert StaffAuthEvent.objects.filter(kind=StaffAuthEvent.Kind.RECOVERY_CODES_MADE).count() == 1
        assert RecoveryCode.objects.filter(used_at__isnull=True).count() == 10


def test_new_recovery_codes_replace_the_old_ones(demobank):
    connection.set_schema_to_public()
    client, device, old_codes = enrolled()
    assert "10" in client.get("/admin/second-factor/recovery-codes/").content.decode()
    new_page = client.post("/admin/second-factor/recovery-codes/", {"next": "/admin/"})
    new_codes = RECOVERY_CODE.findall(new_page.content.decode())
    assert new_page.status_code == 200 and len(new_codes) == 10 and not set(new_codes) & set(old_codes)
    old = password_signed_in()
    assert old.post("/admin/second-factor/", {"otp_token": old_codes[0], "next": "/admin/"}).status_code == 400
    time.sleep(1.1)
    assert old.post("/admin/second-factor/", {"otp_token": new_codes[0], "next": "/admin/"}).status_code == 302
    with schema_context("demobank"):
        assert StaffAuthEvent.objects.filter(kind=StaffAuthEvent.Kind.RECOVERY_CODES_MADE).count() == 2


def test_the_platform_operator_gets_past_a_lost_phone_with_a_recovery_code(settings):
    settings.MAGIE_OPERATOR_TOTP_REQUIRED = True
    _client, _device, codes = enrolled(None, "platform")
    operator = password_signed_in(None, "platform")
    assert operator.get("/admin/")["Location"].startswith("/admin/second-factor/")
    assert operator.post("/admin/second-factor/", {"otp_token": codes[0], "next": "/admin/"}).status_code == 302
    assert operator.get("/admin/").status_code == 200
    event = StaffAuthEvent.objects.get(kind=StaffAuthEvent.Kind.RECOVERY_CODE_USED)  # in the platform's schema
    assert (event.username, event.actor) == ("platform", "platform")
