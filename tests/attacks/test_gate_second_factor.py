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

from staff_auth.models import StaffTOTPDevice
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


def enrolled(schema: str = "demobank", username: str = "admin") -> tuple[Client, StaffTOTPDevice, list[str]]:
    """`username` sets up an authenticator through the pages: its client (verified), its device, and the recovery
    codes the page showed once."""
    client = password_signed_in(schema, username)
    assert client.get("/admin/second-factor/?next=/admin/").status_code == 200
    with schema_context(schema):
        device = StaffTOTPDevice.objects.get(user__username=username)
    shown = client.post("/admin/second-factor/", {"otp_token": code(device), "next": "/admin/"})
    assert shown.status_code == 200
    codes = RECOVERY_CODE.findall(shown.content.decode())
    with schema_context(schema):
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
