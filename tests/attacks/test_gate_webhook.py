"""Attack: make the webhook pay for strangers' bodies, or slip one in (issue 27). A body is routed to its channel
(by the numbers it names or the channel's own URL) before a single HMAC; the bench is bench/webhook_gate_bench.py.
Through the real middleware and view on real PostgreSQL; the raw inbound log is checked after every refusal."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django_tenants.utils import schema_context

from conversations.models import Message
from tenants.demo import demo_channel_secrets
from tenants.models import Organisation
from tenants.services import whatsapp_channel_save
from whatsapp.inbound.models import ChannelNotice, InboundBody
from whatsapp.simulator import signature_header
from whatsapp.tests.conftest import BANK_NUMBER, STORE_NUMBER, change, encode, envelope, inbound, turns  # noqa: F401

pytestmark = pytest.mark.django_db

BAD = "sha256=" + "0" * 64
BIG = 3 * 1024 * 1024 - 8192


def post(body: bytes, signature: str, path: str = "/webhooks/whatsapp"):
    return Client(HTTP_HOST="localhost").post(path, data=body, content_type="application/json",
                                              HTTP_X_HUB_SIGNATURE_256=signature)


def sign(body: bytes, schema: str = "demobank") -> str:
    return signature_header(body=body, secret=demo_channel_secrets(schema)["app_secret"])


def big_body(number: str | None) -> bytes:
    value = change(number or BANK_NUMBER, messages=[inbound("text", {"body": "x" * BIG})])
    if number is None:
        value["value"].pop("metadata")
    return encode(envelope(value))


def nothing_stored() -> bool:
    with schema_context("demobank"):
        messages = Message.objects.filter(direction=Message.Direction.INBOUND).exists()
    return not InboundBody.objects.exists() and not ChannelNotice.objects.exists() and not messages


@pytest.mark.parametrize("number", [BANK_NUMBER, "999999999999999", None])
def test_a_3_mb_body_with_a_bad_signature_is_401_and_nothing_is_stored(number):
    response = post(big_body(number), BAD)
    assert (response.status_code, response.json()["code"]) == (401, "signature_invalid")
    assert nothing_stored()


def test_a_body_signed_by_another_organisations_secret_is_refused():
    body = encode(envelope(change(BANK_NUMBER, messages=[inbound("text", {"body": "pague 500"})])))
    assert post(body, sign(body, "demostore")).status_code == 401
    assert nothing_stored()


def test_a_channel_url_checks_that_channel_only():
    body = encode(envelope(change(BANK_NUMBER, messages=[inbound("text", {"body": "oi"})])))
    assert post(body, sign(body, "demobank"), f"/webhooks/whatsapp/{STORE_NUMBER}").status_code == 401
    assert nothing_stored()


@pytest.mark.parametrize("path", ["/webhooks/whatsapp/999999999999999", "/webhooks/whatsapp/abc",
                                  "/webhooks/whatsapp/1", "/webhooks/whatsapp/100000000000001/../x"])
def test_an_unknown_or_malformed_channel_url_is_refused(path):
    body = encode({"object": "whatsapp_business_account", "entry": [{"id": "W", "changes": [
        {"field": "account_update", "value": {"event": "ACCOUNT_RESTRICTION"}}]}]})
    assert post(body, sign(body), path).status_code in (401, 404)
    assert nothing_stored()


def test_a_body_naming_too_many_numbers_is_refused_even_when_one_signature_matches(settings):
    settings.WHATSAPP_MAX_NUMBERS_PER_BODY = 4
    changes = [change(f"55500000000{i:04d}", messages=[inbound("text", {"body": "x"})]) for i in range(4)]
    body = encode(envelope(change(BANK_NUMBER, messages=[inbound("text", {"body": "oi"})]), *changes))
    assert post(body, sign(body)).status_code == 401  # five numbers: refused before any HMAC
    assert nothing_stored()


def test_a_missing_or_malformed_signature_header_is_401():
    body = encode(envelope(change(BANK_NUMBER, messages=[inbound("text", {"body": "oi"})])))
    for header in ("", "sha1=" + "0" * 40, "sha256=zz", sign(body)[:-2]):
        assert post(body, header).status_code == 401
    assert nothing_stored()


def test_a_body_declaring_more_than_3_mb_is_413_before_it_is_read():
    response = Client(HTTP_HOST="localhost").generic("POST", "/webhooks/whatsapp", b"{}",
                                                     content_type="application/json", CONTENT_LENGTH="4000000",
                                                     HTTP_X_HUB_SIGNATURE_256=BAD)
    assert response.status_code == 413 and nothing_stored()


def test_a_signed_body_stores_only_the_entries_of_the_numbers_its_secret_verifies(turns,  # noqa: F811
                                                                                 django_capture_on_commit_callbacks):
    body = encode(envelope(change(BANK_NUMBER, messages=[inbound("text", {"body": "meu"})]),
                           change(STORE_NUMBER, messages=[inbound("text", {"body": "de outro"})])))
    with django_capture_on_commit_callbacks(execute=True):
        assert post(body, sign(body)).json() == {"status": "ok", "accepted": True}
    assert InboundBody.objects.get().phone_number_ids == [BANK_NUMBER]
    with schema_context("demostore"):
        assert not Message.objects.filter(text="de outro").exists()


def test_two_numbers_of_one_app_verify_with_one_secret(turns, django_capture_on_commit_callbacks):  # noqa: F811
    store = Organisation.objects.get(schema_name="demostore")
    whatsapp_channel_save(organisation=store, phone_number_id=STORE_NUMBER,
                          app_secret=demo_channel_secrets("demobank")["app_secret"])
    body = encode(envelope(change(BANK_NUMBER, messages=[inbound("text", {"body": "a"})]),
                           change(STORE_NUMBER, messages=[inbound("text", {"body": "b"})])))
    with django_capture_on_commit_callbacks(execute=True):
        assert post(body, sign(body)).status_code == 200
    assert InboundBody.objects.get().phone_number_ids == sorted([BANK_NUMBER, STORE_NUMBER])


def test_the_answer_does_not_tell_a_known_number_from_an_unknown_one():
    answers = set()
    for number in (BANK_NUMBER, "999999999999999"):
        body = encode(envelope(change(number, messages=[inbound("text", {"body": "oi"})])))
        response = post(body, BAD)
        answers.add((response.status_code, json.dumps(response.json(), sort_keys=True)))
    assert len(answers) == 1
