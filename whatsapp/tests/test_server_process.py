"""Through a real server process (not a thread of the test): a signed webhook is stored and answered by the agent,
an unsigned one is refused and stores nothing."""

import urllib.error
import urllib.request

import pytest
from django_tenants.utils import schema_context

from conversations.models import Message
from testing.servers import ServerProcess
from whatsapp.tests.conftest import BANK_NUMBER, change, encode, envelope, inbound, signed


@pytest.fixture
def server(committed):
    process = ServerProcess()
    yield process
    process.stop()


def http_headers(signed_headers: dict[str, str]) -> dict[str, str]:
    """The Django test client's `HTTP_X_HUB_SIGNATURE_256` as the real header a server receives."""
    return {key.removeprefix("HTTP_").replace("_", "-"): value for key, value in signed_headers.items()}


def post(url: str, body: bytes, headers: dict[str, str]) -> int:
    request = urllib.request.Request(f"{url}/webhooks/whatsapp", data=body,
                                     headers={"Content-Type": "application/json", **headers})
    try:
        return urllib.request.urlopen(request, timeout=120).status  # eager turn: the first loads the dictionaries
    except urllib.error.HTTPError as error:
        return error.code


def test_a_signed_message_through_a_server_process_is_stored_and_answered(server):
    message = inbound("text", {"body": "qual meu saldo?"})
    body = encode(envelope(change(BANK_NUMBER, messages=[message])))
    assert post(server.url, body, http_headers(signed(body))) == 200
    assert post(server.url, body, http_headers(signed(body))) == 200  # redelivered: nothing more happens
    with schema_context("demobank"):
        stored = Message.objects.get(channel_message_id=message["id"])
        replies = Message.objects.filter(conversation=stored.conversation, direction="out")
        assert [r.text for r in replies] == ["Seu saldo é R$\xa05.000,00."]  # the turn ran once, in that process


def test_an_unsigned_body_is_refused_by_the_server_process_and_nothing_is_stored(server):
    message = inbound("text", {"body": "oi"})
    body = encode(envelope(change(BANK_NUMBER, messages=[message])))
    assert post(server.url, body, {"X-Hub-Signature-256": "sha256=" + "0" * 64}) == 401
    with schema_context("demobank"):
        assert not Message.objects.filter(channel_message_id=message["id"]).exists()
