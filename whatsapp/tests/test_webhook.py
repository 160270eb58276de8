"""The webhook through Django's stack: handshake, signatures over the raw bytes, routing, storing, refusals."""

from __future__ import annotations

import json
import logging

import pytest
from django.db import connection
from django_tenants.utils import schema_context

from conversations.models import Message
from tenants.models import Organisation
from tenants.services import whatsapp_channel_save
from whatsapp.models import CustomerRoute
from whatsapp.tests.conftest import (
    BANK_NUMBER,
    STORE_NUMBER,
    change,
    encode,
    envelope,
    inbound,
    post,
    secret_of,
    signed,
    status,
)

pytestmark = pytest.mark.django_db


def inbound_rows(schema: str = "demobank") -> list[Message]:
    with schema_context(schema):
        return list(Message.objects.filter(direction=Message.Direction.INBOUND).order_by("pk"))


def deliver(platform, payload: dict, schema: str = "demobank", capture=None, **kwargs):
    body = encode(payload, **kwargs)
    return post(platform, body, **signed(body, schema))


# ---------------------------------------------------------------------------------------------------- handshake


def test_the_handshake_answers_the_challenge_for_any_channels_verify_token(platform):
    response = platform.get("/webhooks/whatsapp", {"hub.mode": "subscribe", "hub.verify_token": "demo-verify-demostore",
                                                   "hub.challenge": "1158201444"})
    assert response.status_code == 200
    assert response.content == b"1158201444" and response["Content-Type"].startswith("text/plain")


@pytest.mark.parametrize("query", [
    {"hub.mode": "subscribe", "hub.verify_token": "wrong", "hub.challenge": "1"},
    {"hub.mode": "unsubscribe", "hub.verify_token": "demo-verify-demobank", "hub.challenge": "1"},
    {"hub.mode": "subscribe", "hub.verify_token": "demo-verify-demobank"},
    {},
])
def test_the_handshake_refuses_a_wrong_token_or_mode(platform, query):
    response = platform.get("/webhooks/whatsapp", query)
    assert response.status_code == 403
    assert response.json()["code"] == "handshake_refused"


# ---------------------------------------------------------------------------------------------------- storing


def test_a_text_is_stored_in_its_organisation_and_one_turn_is_queued(platform, turns,
                                                                     django_capture_on_commit_callbacks):
    message = inbound("text", {"body": "oi"})
    with django_capture_on_commit_callbacks(execute=True):
        response = deliver(platform, envelope(change(messages=[message])))
    assert response.status_code == 200, response.content
    assert response.json() == {"status": "ok", "accepted": True}
    [row] = inbound_rows()
    assert (row.channel_message_id, row.kind, row.text, row.channel) == (message["id"], "text", "oi", "whatsapp")
    assert turns.calls == [("demobank", row.pk)]
    with schema_context("demobank"):
        assert CustomerRoute.objects.get(customer__channel_user_id="5511999990001").phone_number_id == BANK_NUMBER
        assert row.conversation.customer.name == "Carla"
    assert inbound_rows("demostore") == []


def test_a_store_number_routes_to_the_store_schema(platform, turns, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = deliver(platform, envelope(change(STORE_NUMBER, messages=[inbound("text", {"body": "hola"})])),
                           schema="demostore")
    assert response.status_code == 200
    [row] = inbound_rows("demostore")
    assert row.text == "hola" and inbound_rows("demobank") == []
    assert turns.calls == [("demostore", row.pk)]


@pytest.mark.parametrize(("message", "kind", "payload", "text"), [
    (inbound("interactive", {"type": "button_reply", "button_reply": {"id": "approval:7:approve", "title": "Aprovar"}},
             context="wamid.OUR-BUTTONS"), "button", "approval:7:approve", "Aprovar"),
    (inbound("interactive", {"type": "list_reply", "list_reply": {"id": "slot:3", "title": "Sábado 10h"}}),
     "list", "slot:3", "Sábado 10h"),
    (inbound("image", {"id": "M1", "mime_type": "image/jpeg"}), "media", "image", ""),
    (inbound("audio", {"id": "M2", "mime_type": "audio/ogg; codecs=opus", "voice": True}), "media", "audio", ""),
    (inbound("document", {"id": "M3", "filename": "extrato.pdf"}), "media", "document", "extrato.pdf"),
    (inbound("sticker", {"id": "M4", "animated": False}), "media", "sticker", ""),
    (inbound("location", {"latitude": 1.5, "longitude": 2.5}), "other", "location", "(1.5, 2.5)"),
    (inbound("contacts", [{"name": {"formatted_name": "Pedro"}}]), "text", "contacts", "Pedro"),
    (inbound("unsupported", None) | {"errors": [{"code": 131051, "title": "Message type unknown"}]},
     "other", "unsupported", ""),
])
def test_every_type_is_stored_and_queues_a_turn(platform, turns, django_capture_on_commit_callbacks, message, kind,
                                                payload, text):
    with django_capture_on_commit_callbacks(execute=True):
        assert deliver(platform, envelope(change(messages=[message]))).status_code == 200
    [row] = inbound_rows()
    assert (row.kind, row.payload, row.text, row.handled_at) == (kind, payload, text, None)
    assert row.reply_to == message.get("context", {}).get("id", "")
    assert turns.message_ids() == [row.pk]


def test_a_reaction_is_stored_handled_and_queues_no_turn(platform, turns, django_capture_on_commit_callbacks):
    message = inbound("reaction", {"message_id": "wamid.OUR-REPLY", "emoji": "❤️"})
    with django_capture_on_commit_callbacks(execute=True):
        assert deliver(platform, envelope(change(messages=[message]))).status_code == 200
    [row] = inbound_rows()
    assert (row.kind, row.text, row.reply_to) == ("other", "❤️", "wamid.OUR-REPLY")
    assert row.handled_at is not None and turns.calls == []


def test_a_swipe_reply_keeps_the_quoted_id(platform, turns, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        deliver(platform, envelope(change(messages=[inbound("text", {"body": "esse"}, context="wamid.Q")])))
    assert inbound_rows()[0].reply_to == "wamid.Q"


def test_several_messages_and_statuses_in_one_body_are_all_handled(platform, turns,
                                                                   django_capture_on_commit_callbacks):
    first, second = inbound("text", {"body": "um"}, timestamp=1_700_000_000), inbound("text", {"body": "dois"},
                                                                                       timestamp=1_700_000_001)
    third = inbound("text", {"body": "três"}, timestamp=1_700_000_002, from_="5511999990002")
    payload = envelope(change(messages=[first, second], statuses=[status("wamid.UNKNOWN", "delivered", 1_700_000_000)]))
    payload["entry"].append({"id": "WABA", "changes": [change(messages=[third])]})
    with django_capture_on_commit_callbacks(execute=True):
        response = deliver(platform, payload)
    assert response.json() == {"status": "ok", "accepted": True}
    rows = inbound_rows()
    assert [row.text for row in rows] == ["um", "dois", "três"]
    assert sorted(turns.message_ids()) == sorted(row.pk for row in rows)


def test_a_redelivery_days_later_is_ignored_and_queues_no_second_turn(platform, turns,
                                                                      django_capture_on_commit_callbacks):
    payload = envelope(change(messages=[inbound("text", {"body": "oi"})]))
    with django_capture_on_commit_callbacks(execute=True):
        deliver(platform, payload)
    with schema_context("demobank"):
        Message.objects.update(handled_at="2026-01-01T00:00:00Z")  # its turn ran long ago
    with django_capture_on_commit_callbacks(execute=True):
        again = deliver(platform, payload)
    assert again.status_code == 200 and again.json()["accepted"] is False  # its raw row is there: nothing appended
    assert len(inbound_rows()) == 1 and len(turns.calls) == 1 and len(turns.inbound_ids) == 1
    reshaped = envelope(change(messages=payload["entry"][0]["changes"][0]["value"]["messages"]), change(
        statuses=[status("wamid.OTHER", "read", 1_700_000_000)]))  # the same message batched differently
    with schema_context("demobank"):
        routed = CustomerRoute.objects.get().updated_at
    with django_capture_on_commit_callbacks(execute=True):
        assert deliver(platform, reshaped).json()["accepted"] is True
    assert len(inbound_rows()) == 1 and len(turns.calls) == 1  # stored once: unique by wamid
    with schema_context("demobank"):
        assert CustomerRoute.objects.get().updated_at == routed  # written with a message stored, not a duplicate


# ---------------------------------------------------------------------------------------------------- signatures


@pytest.mark.parametrize("ascii_only", [True, False], ids=["escaped-as-meta", "raw-utf8"])
def test_accents_and_emoji_verify_against_the_exact_bytes(platform, turns, django_capture_on_commit_callbacks,
                                                          ascii_only):
    text = "Olá, São Paulo! Transferência de R$ 50 💸👍🏽"
    body = encode(envelope(change(messages=[inbound("text", {"body": text})])), ascii_only=ascii_only)
    assert (b"\\u00e1" in body) is ascii_only  # Meta's escaping, or UTF-8 as is
    with django_capture_on_commit_callbacks(execute=True):
        response = post(platform, body, **signed(body))
    assert response.status_code == 200, response.content
    assert inbound_rows()[0].text == text
    reserialised = json.dumps(json.loads(body), ensure_ascii=not ascii_only).encode()
    assert post(platform, reserialised, **signed(body)).status_code == 401  # the signature is over the bytes


@pytest.mark.parametrize("header", [
    None, "", "sha256=", "sha256=" + "0" * 64, "sha1=abc", "sha256=" + "a" * 63,
])
def test_a_missing_or_wrong_signature_is_401_and_stores_nothing(platform, turns, django_capture_on_commit_callbacks,
                                                                header):
    body = encode(envelope(change(messages=[inbound("text", {"body": "oi"})], statuses=[
        status("wamid.X", "read", 1_700_000_000)])))
    headers = {} if header is None else {"HTTP_X_HUB_SIGNATURE_256": header}
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = post(platform, body, **headers)
    assert response.status_code == 401 and response.json()["code"] == "signature_invalid"
    assert inbound_rows() == [] and turns.calls == [] and callbacks == []


def test_a_body_signed_with_another_organisations_secret_is_401(platform, turns):
    body = encode(envelope(change(BANK_NUMBER, messages=[inbound("text", {"body": "oi"})])))
    assert post(platform, body, **signed(body, "demostore")).status_code == 401
    assert inbound_rows() == []


def test_only_the_numbers_whose_secret_signed_the_body_are_stored(platform, turns,
                                                                  django_capture_on_commit_callbacks):
    payload = envelope(change(BANK_NUMBER, messages=[inbound("text", {"body": "banco"})]),
                       change(STORE_NUMBER, messages=[inbound("text", {"body": "loja"}, from_="5491155550001")]))
    body = encode(payload)
    with django_capture_on_commit_callbacks(execute=True):
        assert post(platform, body, **signed(body, "demobank")).status_code == 200  # the store's secret differs
    assert [m.text for m in inbound_rows()] == ["banco"] and inbound_rows("demostore") == []
    # One Meta app serving both numbers: one secret, both verify, each message lands in its own schema.
    store = Organisation.objects.get(schema_name="demostore")
    whatsapp_channel_save(organisation=store, phone_number_id=STORE_NUMBER, app_secret=secret_of("demobank"))
    payload["entry"][0]["changes"][0]["value"]["messages"][0]["id"] += "-again"  # a new notification
    payload["entry"][0]["changes"][1]["value"]["messages"][0]["id"] += "-again"
    body = encode(payload)
    with django_capture_on_commit_callbacks(execute=True):
        assert post(platform, body, **signed(body, "demobank")).status_code == 200
    assert [m.text for m in inbound_rows()] == ["banco", "banco"]
    assert [m.text for m in inbound_rows("demostore")] == ["loja"]
    assert sorted(schema for schema, _ in turns.calls) == ["demobank", "demobank", "demostore"]


# ---------------------------------------------------------------------------------------------------- refusals


def test_an_unknown_number_is_refused_and_logged_without_secrets(platform, turns, caplog):
    body = encode(envelope(change("999999999999999", messages=[inbound("text", {"body": "oi"})])))
    with caplog.at_level(logging.WARNING, logger="whatsapp"):
        response = post(platform, body, **signed(body))
    assert response.status_code == 401  # no channel of ours to check its signature with (and no HMAC computed)
    assert "999999999999999" in caplog.text and "demo-app-secret" not in caplog.text
    assert inbound_rows() == [] and turns.inbound_ids == []


def test_an_unsigned_body_is_401_whether_or_not_its_number_exists(platform, turns):
    """No probing: before the signature is checked, nothing tells a known number from an unknown one."""
    for number in (BANK_NUMBER, "999999999999999"):
        body = encode(envelope(change(number, messages=[inbound("text", {"body": "oi"})])))
        response = post(platform, body, HTTP_X_HUB_SIGNATURE_256="sha256=" + "0" * 64)
        assert (response.status_code, response.json()["code"]) == (401, "signature_invalid")


def test_mixed_known_and_unknown_numbers_store_the_known_ones(platform, turns, django_capture_on_commit_callbacks,
                                                              caplog):
    payload = envelope(change("999999999999999", messages=[inbound("text", {"body": "not ours"})]),
                       change(BANK_NUMBER, messages=[inbound("text", {"body": "ours"})]))
    body = encode(payload)
    with caplog.at_level(logging.WARNING, logger="whatsapp"), django_capture_on_commit_callbacks(execute=True):
        assert post(platform, body, **signed(body)).json() == {"status": "ok", "accepted": True}
    assert [m.text for m in inbound_rows()] == ["ours"] and len(turns.calls) == 1
    assert "999999999999999" in caplog.text


@pytest.mark.parametrize("body", [b"{not json", b'["a list"]', "ol\u00e1".encode("latin-1")])
def test_a_malformed_body_is_400(platform, body):
    response = post(platform, body, **signed(body))
    assert response.status_code == 400 and response.json()["code"] == "malformed_payload"


def test_an_item_that_does_not_match_is_skipped_and_its_neighbours_stored(platform, turns,
                                                                         django_capture_on_commit_callbacks):
    bad = {"id": "wamid.X", "type": "text", "timestamp": "1"}  # neither "from" nor "from_user_id"
    payload = envelope(change(messages=[bad, inbound("text", {"body": "fine"})]))
    body = encode(payload)
    with django_capture_on_commit_callbacks(execute=True):
        assert post(platform, body, **signed(body)).status_code == 200  # Meta must not redeliver it for days
    assert [m.text for m in inbound_rows()] == ["fine"]
    from whatsapp.inbound.models import InboundBody

    row = InboundBody.objects.get(pk=turns.inbound_ids[0])
    assert row.processed_at is not None and "wamid.X" in row.error


def test_an_oversized_body_is_413_before_it_is_read(platform, settings):
    settings.WHATSAPP_MAX_BODY_BYTES = 1024
    body = encode(envelope(change(messages=[inbound("text", {"body": "x" * 2000})])))
    response = post(platform, body, **signed(body))
    assert response.status_code == 413 and response.json()["code"] == "body_too_large"
    assert inbound_rows() == []


def test_the_default_limit_is_3_mb(platform, turns, django_capture_on_commit_callbacks):
    message = inbound("text", {"body": "x" * 2_000_000})  # a 2 MB body: accepted and stored
    body = encode(envelope(change(messages=[message])))
    with django_capture_on_commit_callbacks(execute=True):
        assert post(platform, body, **signed(body)).status_code == 200
    assert len(inbound_rows()[0].text) == 2_000_000
    body = encode(envelope(change(messages=[inbound("text", {"body": "x" * 3_200_000})])))
    assert post(platform, body, **signed(body)).status_code == 413


def test_a_body_without_numbers_is_routed_by_its_channel_url(platform):
    from whatsapp.inbound.models import ChannelNotice

    body = encode({"object": "whatsapp_business_account", "entry": [{"id": "WABA", "changes": [
        {"field": "account_update", "value": {"event": "VERIFIED_ACCOUNT"}}]}]})
    channel_url = f"/webhooks/whatsapp/{BANK_NUMBER}"
    assert post(platform, body, path=channel_url, **signed(body)).json() == {"status": "ok", "accepted": True}
    assert list(ChannelNotice.objects.values_list("field", "event")) == [("account_update", "VERIFIED_ACCOUNT")]
    assert post(platform, body, **signed(body)).status_code == 401  # the shared URL: no channel to check it with
    messages_for_nobody = encode(envelope(change(number="999999999999999", messages=[inbound("text", {"body": "x"})])))
    assert post(platform, messages_for_nobody, **signed(messages_for_nobody)).status_code == 401  # nothing of ours
    assert post(platform, body, path=channel_url, HTTP_X_HUB_SIGNATURE_256="sha256=" + "0" * 64).status_code == 401
    assert ChannelNotice.objects.count() == 1


def test_other_methods_are_refused(platform):
    assert platform.put("/webhooks/whatsapp", data=b"{}").status_code == 405
    assert connection.schema_name == "public"


# ---------------------------------------------------------------------------------------------------- the fast path


def test_the_acknowledgement_is_one_insert_after_the_first(platform, turns, django_assert_num_queries):
    deliver(platform, envelope(change(messages=[inbound("text", {"body": "first"})])))  # the app secret is cached
    turns.inbound_ids.clear()
    turns.run_inbound = False  # the worker's statements are not the acknowledgement's
    with django_assert_num_queries(1) as captured:  # nothing else: no domain lookup, no SET search_path
        response = deliver(platform, envelope(change(messages=[inbound("text", {"body": "second"})])))
    assert response.json() == {"status": "ok", "accepted": True}
    assert captured.captured_queries[0]["sql"].startswith('INSERT INTO "public"."whatsapp_inbound_inboundbody"')
    assert len(turns.inbound_ids) == 1  # and one task published


def test_the_task_is_published_when_the_server_closes_the_response_and_only_once(turns):
    """The body is committed before the 200; its task leaves after it, when the server closes the response."""
    from django.core.signals import request_finished
    from django.db import close_old_connections
    from django.test import RequestFactory

    from whatsapp.inbound.models import InboundBody
    from whatsapp.views import webhook_post

    body = encode(envelope(change(messages=[inbound("text", {"body": "oi"})])))
    request = RequestFactory(HTTP_HOST="localhost").post("/webhooks/whatsapp", data=body,
                                                         content_type="application/json", **signed(body))
    response = webhook_post(request)
    assert json.loads(response.content) == {"status": "ok", "accepted": True}
    [row] = InboundBody.objects.all()
    assert turns.inbound_ids == []  # the answer is ready, nothing published yet
    redelivered = webhook_post(RequestFactory(HTTP_HOST="localhost").post(
        "/webhooks/whatsapp", data=body, content_type="application/json", **signed(body)))
    assert json.loads(redelivered.content)["accepted"] is False
    request_finished.disconnect(close_old_connections)  # as the test client does: the test's connection stays
    try:
        response.close()
        response.close()  # a server closing twice publishes nothing more
        redelivered.close()  # nothing to publish for a redelivery
    finally:
        request_finished.connect(close_old_connections)
    assert turns.inbound_ids == [row.pk]


def test_the_webhook_post_skips_the_middleware_stack_but_keeps_the_security_headers(platform, turns):
    response = deliver(platform, envelope(change(messages=[inbound("text", {"body": "oi"})])))
    assert response.status_code == 200
    assert response["X-Content-Type-Options"] == "nosniff" and response["Referrer-Policy"] == "same-origin"
    assert "Content-Security-Policy" not in response and "Set-Cookie" not in response  # CSP, sessions: not run
    assert "Content-Security-Policy" in platform.get("/healthz")  # which every other request goes through


def test_the_fast_path_serves_the_url_the_platform_routes_to_the_webhook():
    from django.urls import reverse

    from whatsapp.views import WEBHOOK_PATH

    assert reverse("whatsapp-webhook", urlconf="magie.urls_public") == WEBHOOK_PATH


def test_a_webhook_post_on_an_organisation_host_goes_down_the_stack_and_is_not_found(turns):
    from django.test import Client

    body = encode(envelope(change(messages=[inbound("text", {"body": "oi"})])))
    response = post(Client(HTTP_HOST="demobank.localhost"), body, **signed(body))
    assert response.status_code == 404 and inbound_rows() == [] and turns.inbound_ids == []


def test_a_webhook_post_over_http_is_redirected_when_https_is_required(settings, turns):
    from django.test import Client

    settings.SECURE_SSL_REDIRECT, settings.SECURE_HSTS_SECONDS = True, 3600
    body = encode(envelope(change(messages=[inbound("text", {"body": "oi"})])))
    plain = post(Client(HTTP_HOST="localhost"), body, **signed(body))
    assert plain.status_code == 301 and plain["Location"] == "https://localhost/webhooks/whatsapp"
    assert inbound_rows() == []
    secure = post(Client(HTTP_HOST="localhost"), body, secure=True, **signed(body))
    assert secure.status_code == 200 and secure["Strict-Transport-Security"] == "max-age=3600"


def test_an_exhausted_pool_answers_503_with_retry_after(platform, monkeypatch):
    from django.db import OperationalError
    from psycopg_pool import PoolTimeout

    def exhausted(**_):
        raise OperationalError("couldn't get a connection") from PoolTimeout("after 10 sec")

    monkeypatch.setattr("whatsapp.services.inbound_append", exhausted)
    body = encode(envelope(change(messages=[inbound("text", {"body": "oi"})])))
    response = post(platform, body, **signed(body))
    assert response.status_code == 503 and response["Retry-After"] == "1" and response.json()["code"] == "busy"


def test_a_body_acknowledged_while_the_broker_is_down_is_kept_and_published_by_the_sweeper(
        platform, turns, monkeypatch, caplog, django_capture_on_commit_callbacks):
    from whatsapp.inbound.models import InboundBody
    from whatsapp.services import raw_inbound_sweep

    def down(*args, **kwargs):
        raise ConnectionRefusedError("the broker is down")

    monkeypatch.setattr("magie.queueing._send", down)
    message = inbound("text", {"body": "oi"})
    with caplog.at_level(logging.ERROR, logger="whatsapp.services"):
        response = deliver(platform, envelope(change(messages=[message])))
    assert response.json() == {"status": "ok", "accepted": True}  # Meta must not wait on our broker
    assert "stored but not published; the sweeper will" in caplog.text
    [row] = InboundBody.objects.filter(processed_at__isnull=True)
    assert turns.inbound_ids == [] and inbound_rows() == []
    monkeypatch.undo()
    from magie.queueing import publish_circuit

    publish_circuit.reset()  # the broker is back and the pause after its failure is over
    with django_capture_on_commit_callbacks(execute=True):
        assert raw_inbound_sweep(older_than_seconds=0) == 1
    assert turns.inbound_ids == [row.pk] and [m.channel_message_id for m in inbound_rows()] == [message["id"]]
    assert len(turns.calls) == 1


def test_a_body_that_fails_to_store_keeps_its_error_and_the_others_of_its_number_are_stored(platform, turns,
                                                                                            monkeypatch):
    """The bodies of a number are stored in one transaction without a savepoint each; when one raises, they are
    stored again each in its own savepoint: the failing body's error is recorded for the sweeper, the others kept."""
    from whatsapp import services
    from whatsapp.inbound.models import InboundBody

    turns.run_inbound = False  # acknowledged only: both bodies wait for the worker
    broken, fine = inbound("text", {"body": "um"}), inbound("text", {"body": "dois"})
    for message in (broken, fine):
        assert deliver(platform, envelope(change(messages=[message]))).status_code == 200
    store = services.message_store_inbound

    def store_or_fail(**kwargs):  # a bug in storing one message, not the outside world
        if kwargs["channel_message_id"] == broken["id"]:
            raise RuntimeError("this message cannot be stored")
        return store(**kwargs)

    monkeypatch.setattr(services, "message_store_inbound", store_or_fail)
    outcome = services.inbound_process(inbound_id=turns.inbound_ids[-1], queue_turns=False)
    rows = list(InboundBody.objects.filter(pk__in=turns.inbound_ids).order_by("pk"))
    assert [(row.attempts, row.processed_at is not None) for row in rows] == [(1, False), (0, True)]
    assert rows[0].error == "RuntimeError: this message cannot be stored"
    assert (outcome.bodies, outcome.stored) == (2, 1)
    assert [m.channel_message_id for m in inbound_rows()] == [fine["id"]]
    assert [due.message_id for due in outcome.due] == [m.pk for m in inbound_rows()]  # the failed one's undone
