"""Secrets are encrypted at rest (Fernet, MAGIE_FIELD_KEYS), never readable by accident (repr, str, logs, exports),
readable on purpose with `.reveal()`; keys rotate with `manage.py rotate_field_keys`; the migration encrypts the
rows stored in clear before it."""

from __future__ import annotations

import io
import json
import logging

import pytest
from cryptography.fernet import Fernet
from django.core.management import call_command
from django.db import connection
from django_tenants.utils import schema_context

from agent.models import AgentSettings
from magie.crypto import PREFIX, Secret, SecretUnreadable, encrypt_columns
from tenants.demo import demo_channel_secrets
from tenants.models import WhatsAppChannel
from tenants.services import whatsapp_channel_save

SECRETS = demo_channel_secrets("demobank")


def raw(sql: str, params=()) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall() if cursor.description else []


def bank_channel() -> WhatsAppChannel:
    return WhatsAppChannel.objects.get(organisation__schema_name="demobank")


@pytest.mark.django_db
def test_channel_secrets_are_not_plaintext_in_the_database():
    [(app_secret, verify_token, access_token)] = raw(
        "SELECT app_secret, verify_token, access_token FROM tenants_whatsappchannel c "
        "JOIN tenants_organisation o ON o.id = c.organisation_id WHERE o.schema_name = 'demobank'")
    for stored, plain in ((app_secret, SECRETS["app_secret"]), (verify_token, SECRETS["verify_token"]),
                          (access_token, SECRETS["access_token"])):
        assert stored.startswith(PREFIX) and plain not in stored
    assert bank_channel().app_secret.reveal() == SECRETS["app_secret"]


def test_the_model_key_is_not_plaintext_in_the_organisations_schema(demobank):
    AgentSettings.objects.update_or_create(pk=1, defaults={"provider": "builtin", "openai_api_key": "sk-live-42xyz"})
    [(stored,)] = raw("SELECT openai_api_key FROM agent_agentsettings")
    assert stored.startswith(PREFIX) and "sk-live-42xyz" not in stored
    assert raw("SELECT current_schema()") == [("demobank",)]
    assert AgentSettings.objects.get().openai_api_key.reveal() == "sk-live-42xyz"


@pytest.mark.django_db
def test_a_secret_never_prints_itself(caplog):
    channel = bank_channel()
    secret = channel.app_secret
    for shown in (str(secret), repr(secret), f"{secret}", repr(channel), str(channel), str(vars(channel))):
        assert SECRETS["app_secret"] not in shown
    with caplog.at_level(logging.INFO):
        logging.getLogger("magie.test").info("channel %s secret %s %r", channel, secret, secret)
    assert SECRETS["app_secret"] not in caplog.text
    assert secret == SECRETS["app_secret"] and secret != "wrong" and bool(secret)
    assert Secret(plain="") == "" and not Secret(plain="")


@pytest.mark.django_db
def test_dumpdata_exports_ciphertexts_only():
    out = io.StringIO()
    call_command("dumpdata", "tenants.whatsappchannel", stdout=out)
    exported = out.getvalue()
    rows = json.loads(exported)
    assert rows and all(row["fields"]["app_secret"].startswith(PREFIX) for row in rows)
    assert not any(value in exported for value in SECRETS.values())


@pytest.mark.django_db
def test_assigning_a_plaintext_stores_it_encrypted_and_blank_keeps_it():
    whatsapp_channel_save(organisation=bank_channel().organisation, phone_number_id="100000000000001",
                          access_token="brand-new-token-42", app_secret="")
    channel = bank_channel()
    assert channel.access_token.reveal() == "brand-new-token-42" and channel.app_secret == SECRETS["app_secret"]
    [(stored,)] = raw("SELECT access_token FROM tenants_whatsappchannel WHERE id = %s", [channel.pk])
    assert "brand-new-token-42" not in stored


@pytest.mark.django_db
def test_rotation_re_encrypts_everything_with_the_new_key(settings, demobank):
    AgentSettings.objects.update_or_create(pk=1, defaults={"provider": "builtin", "openai_api_key": "sk-rotate-me"})
    connection.set_schema_to_public()
    old = list(settings.MAGIE_FIELD_KEYS)
    new = Fernet.generate_key().decode()
    before = raw("SELECT app_secret FROM tenants_whatsappchannel ORDER BY id")
    settings.MAGIE_FIELD_KEYS = [new, *old]
    out = io.StringIO()
    call_command("rotate_field_keys", stdout=out)
    assert "public: 9 value(s)" in out.getvalue() and "demobank: 1 value(s)" in out.getvalue()
    after = raw("SELECT app_secret FROM tenants_whatsappchannel ORDER BY id")
    assert after != before
    settings.MAGIE_FIELD_KEYS = [new]  # the old key dropped: everything still reads
    assert bank_channel().app_secret.reveal() == SECRETS["app_secret"]
    with schema_context("demobank"):
        assert AgentSettings.objects.get().openai_api_key.reveal() == "sk-rotate-me"
    settings.MAGIE_FIELD_KEYS = old  # a value written with the new key cannot be read without it
    with pytest.raises(SecretUnreadable):
        bank_channel().app_secret.reveal()
    settings.MAGIE_FIELD_KEYS = [new]
    call_command("rotate_field_keys", stdout=io.StringIO())  # twice: the same secrets, still readable
    assert bank_channel().verify_token.reveal() == SECRETS["verify_token"]


@pytest.mark.django_db
def test_a_stored_plaintext_is_refused_and_the_migration_step_encrypts_it():
    channel = bank_channel()
    raw("UPDATE tenants_whatsappchannel SET app_secret = %s WHERE id = %s", ["legacy-clear-secret", channel.pk])
    with pytest.raises(SecretUnreadable, match="not encrypted"):
        bank_channel().app_secret.reveal()
    encrypt_columns(connection.schema_editor(), table="tenants_whatsappchannel", columns=["app_secret"])
    encrypt_columns(connection.schema_editor(), table="tenants_whatsappchannel", columns=["app_secret"])  # idempotent
    [(stored,)] = raw("SELECT app_secret FROM tenants_whatsappchannel WHERE id = %s", [channel.pk])
    assert stored.startswith(PREFIX) and "legacy-clear-secret" not in stored
    assert bank_channel().app_secret.reveal() == "legacy-clear-secret"
