"""Attack: hammer the webhook with badly signed bodies from one address (issue 27). Failed signatures are counted
per source address in Redis (`whatsapp.strangers`, shared by every web process); past the limit the address is
answered 429 with Retry-After before its body is read, other addresses are untouched, and nothing is stored."""

from __future__ import annotations

import uuid

import pytest
import redis
from django.test import Client
from django_tenants.utils import schema_context

from conversations.models import Message
from whatsapp import strangers
from whatsapp.inbound.models import InboundBody
from whatsapp.strangers import PREFIX, redis_client, stranger_held_back
from whatsapp.tests.conftest import change, encode, envelope, inbound, signed, turns  # noqa: F401

pytestmark = pytest.mark.django_db

BAD = "sha256=" + "0" * 64


@pytest.fixture
def addresses(settings):
    settings.WHATSAPP_SIGNATURE_FAILURES_LIMIT = 5
    settings.WHATSAPP_SIGNATURE_FAILURES_WINDOW_SECONDS = 60
    tag = uuid.uuid4().int % 250 + 1
    made = [f"198.51.100.{tag}", f"203.0.113.{tag}", f"2001:db8::{tag:x}"]
    redis_client().delete(*(PREFIX + address for address in made))
    yield made
    redis_client().delete(*(PREFIX + address for address in made))


def post(body: bytes, signature: str, address: str, path: str = "/webhooks/whatsapp", **extra):
    return Client(HTTP_HOST="localhost").post(path, data=body, content_type="application/json",
                                              HTTP_X_HUB_SIGNATURE_256=signature, REMOTE_ADDR=address, **extra)


def body(text: str = "oi") -> bytes:
    return encode(envelope(change(messages=[inbound("text", {"body": text})])))


def nothing_stored() -> bool:
    with schema_context("demobank"):
        messages = Message.objects.filter(direction=Message.Direction.INBOUND).exists()
    return not InboundBody.objects.exists() and not messages


def test_an_address_is_held_back_after_the_limit_and_told_when_to_come_back(addresses):
    stranger = addresses[0]
    answers = [post(body(f"x{i}"), BAD, stranger).status_code for i in range(5)]
    assert answers == [401] * 5 and stranger_held_back(stranger) > 0
    held = post(body("3 MB later"), BAD, stranger)
    assert held.status_code == 429 and held.json()["code"] == "too_many_failures"
    assert 0 < int(held["Retry-After"]) <= 60
    assert nothing_stored()


def test_a_held_back_address_is_refused_before_its_body_is_read(addresses):
    stranger = addresses[0]
    for _ in range(5):
        post(body(), BAD, stranger)
    # a body that would be 400 (no JSON) or 401 if it were read: 429 says it was not
    for data in (b"\xff not json", b"{}" * 1000):
        assert post(data, BAD, stranger).status_code == 429
    assert nothing_stored()


@pytest.mark.parametrize("kind", ["bad_signature", "missing_signature", "unknown_channel_url"])
def test_every_kind_of_failed_signature_counts(addresses, kind):
    stranger = addresses[2]
    for _ in range(5):
        if kind == "unknown_channel_url":
            post(body(), BAD, stranger, path="/webhooks/whatsapp/abc")
        else:
            post(body(), BAD if kind == "bad_signature" else "", stranger)
    assert post(body(), BAD, stranger).status_code == 429


def test_other_addresses_and_meta_are_untouched(addresses, turns, django_capture_on_commit_callbacks):  # noqa: F811
    stranger, meta = addresses[0], addresses[1]
    for _ in range(8):
        post(body(), BAD, stranger)
    good = body("qual meu saldo?")
    with django_capture_on_commit_callbacks(execute=True):
        answer = post(good, signed(good)["HTTP_X_HUB_SIGNATURE_256"], meta)
    assert answer.status_code == 200 and stranger_held_back(meta) == 0
    with schema_context("demobank"):
        assert Message.objects.filter(text="qual meu saldo?").count() == 1


def test_signed_bodies_never_count_as_failures(addresses, turns, django_capture_on_commit_callbacks):  # noqa: F811
    meta = addresses[1]
    for i in range(8):
        good = body(f"mensagem {i}")
        with django_capture_on_commit_callbacks(execute=True):
            assert post(good, signed(good)["HTTP_X_HUB_SIGNATURE_256"], meta).status_code == 200
    assert stranger_held_back(meta) == 0 and redis_client().get(PREFIX + meta) is None


def test_an_unreachable_redis_holds_nobody_back_and_the_ack_does_not_wait(addresses, turns,  # noqa: F811
                                                                          django_capture_on_commit_callbacks):
    nowhere = redis.Redis.from_url("redis://127.0.0.1:1/0", socket_timeout=strangers.CHECK_TIMEOUT_SECONDS,
                                   socket_connect_timeout=strangers.CHECK_TIMEOUT_SECONDS)  # nothing listens there
    kept = strangers._check
    strangers._check = nowhere
    try:
        stranger, meta = addresses[0], addresses[1]
        assert [post(body(), BAD, stranger).status_code for _ in range(8)] == [401] * 8  # counted nowhere
        assert strangers.checks_circuit.is_open  # the first failure paused the checks: no timeout per request after
        good = body("ainda aqui")
        with django_capture_on_commit_callbacks(execute=True):
            assert post(good, signed(good)["HTTP_X_HUB_SIGNATURE_256"], meta).status_code == 200
    finally:
        strangers._check = kept
        strangers.checks_circuit.reset()
