"""Attack: make a credential follow a redirect, or hold a worker with a slow peer (issue 27). Against real local
HTTP servers: the model client, the Cloud API's media download and sends, and a dynamic Pix code's payload fetch."""

from __future__ import annotations

import json
import socket
import threading
import time

import pytest

from agent.pixpayload import PayloadRefused, payload_fetch, payload_get, payload_url
from agent.providers.base import ProviderUnavailable
from agent.providers.openai import OpenAIProvider, _client
from testing.platform import FakeHandler, FakeService
from whatsapp.media import MediaUnavailable, media_download
from whatsapp.sender import graph_send

SECRET = "sk-the-organisations-key"
TOKEN = "EAAG-the-channels-access-token"


class Trap(FakeService):
    """Where a redirect points (an internal service): records every request it receives, with its headers."""

    def __init__(self) -> None:
        self.hits: list[dict[str, str]] = []
        trap = self

        class Handler(FakeHandler):
            def do_GET(self) -> None:
                trap.hits.append(dict(self.headers))
                self.answer(200, b'{"id": "stolen"}')

            do_POST = do_GET

        self.serve(Handler)


class Redirector(FakeService):
    """Answers every request with `status` to `target` (after recording it)."""

    def __init__(self, target: str, status: int = 307) -> None:
        self.paths: list[str] = []
        outer = self

        class Handler(FakeHandler):
            def do_GET(self) -> None:
                outer.paths.append(self.path)
                length = int(self.headers.get("Content-Length") or 0)
                self.rfile.read(length)
                self.send_response(status)
                self.send_header("Location", target)
                self.send_header("Content-Length", "0")
                self.end_headers()

            do_POST = do_GET

        self.serve(Handler)


@pytest.fixture
def trap():
    service = Trap()
    yield service
    service.close()


@pytest.fixture
def redirect_to(trap):
    made: list[Redirector] = []

    def make(status: int = 307, path: str = "/") -> Redirector:
        made.append(Redirector(f"http://127.0.0.1:{trap.port}{path}", status))
        return made[-1]

    yield make
    for service in made:
        service.close()


# --------------------------------------------------------------------------------------------------- the model


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_the_model_client_does_not_follow_a_redirect_off_its_allowed_url(redirect_to, trap, settings, status):
    settings.OPENAI_MAX_RETRIES = 0
    _client.cache_clear()
    allowed = redirect_to(status, "/v1/chat/completions")
    provider = OpenAIProvider(api_key=SECRET, base_url=f"http://127.0.0.1:{allowed.port}/v1", model="m")
    assert not provider.refused  # the base URL itself is on the allow-list
    with pytest.raises(ProviderUnavailable):
        provider._complete(messages=[{"role": "user", "content": "oi"}])
    assert allowed.paths and trap.hits == []  # asked once, never followed: the key went nowhere else


# --------------------------------------------------------------------------------------------------- WhatsApp


def test_the_media_lookup_does_not_follow_a_redirect_with_the_token(redirect_to, trap, settings):
    graph = redirect_to(302)
    settings.WHATSAPP_GRAPH_URL = f"http://127.0.0.1:{graph.port}"
    with pytest.raises(MediaUnavailable) as refused:
        media_download(media_id="1234", access_token=TOKEN)
    assert not refused.value.retryable and trap.hits == []


def test_the_media_bytes_do_not_follow_a_redirect_off_metas_hosts(redirect_to, trap, settings):
    redirector = redirect_to(307, "/steal")

    class Graph(FakeHandler):
        def do_GET(self) -> None:
            if self.path == "/1234":  # the media's URL: on the Graph host, which then redirects off it
                self.answer(200, json.dumps({"url": f"http://127.0.0.1:{graph.port}/media/1234",
                                             "mime_type": "image/png"}).encode())
            else:
                self.send_response(307)
                self.send_header("Location", f"http://127.0.0.1:{redirector.port}/x")
                self.send_header("Content-Length", "0")
                self.end_headers()

    graph = FakeService()
    graph.serve(Graph)
    try:
        settings.WHATSAPP_GRAPH_URL = f"http://127.0.0.1:{graph.port}"
        with pytest.raises(MediaUnavailable):
            media_download(media_id="1234", access_token=TOKEN)
    finally:
        graph.close()
    assert redirector.paths == [] and trap.hits == []


def test_a_media_url_off_metas_hosts_is_never_fetched(trap, settings):
    class Graph(FakeHandler):
        def do_GET(self) -> None:
            self.answer(200, json.dumps({"url": f"http://127.0.0.1:{trap.port}/media"}).encode())

    graph = FakeService()
    graph.serve(Graph)
    try:
        settings.WHATSAPP_GRAPH_URL = f"http://localhost:{graph.port}"  # another host name than the media URL's
        with pytest.raises(MediaUnavailable):
            media_download(media_id="1234", access_token=TOKEN)
    finally:
        graph.close()
    assert trap.hits == []


@pytest.mark.parametrize("status", [301, 302, 303, 307])
def test_a_send_does_not_follow_a_redirect_with_the_token(redirect_to, trap, settings, status):
    graph = redirect_to(status)
    settings.WHATSAPP_GRAPH_URL = f"http://127.0.0.1:{graph.port}"
    result = graph_send(phone_number_id="100000000000001", access_token=TOKEN,
                        body={"messaging_product": "whatsapp", "to": "5511999990001", "type": "text",
                              "text": {"body": "oi"}})
    assert result.status_code == status and trap.hits == []


# --------------------------------------------------------------------------------------------------- dynamic codes


class Dripper:
    """A peer that accepts, sends a status line, then one header byte every `pace` seconds, forever."""

    def __init__(self, pace: float = 0.2) -> None:
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(4)
        self.port = self.listener.getsockname()[1]
        self.stop = threading.Event()
        threading.Thread(target=self._serve, args=(pace,), daemon=True).start()

    def _serve(self, pace: float) -> None:
        try:
            peer, _ = self.listener.accept()
        except OSError:
            return
        with peer:
            try:
                peer.recv(4096)
                peer.sendall(b"HTTP/1.1 200 OK\r\n")
                while not self.stop.is_set():
                    peer.sendall(b"X")
                    time.sleep(pace)
            except OSError:
                return

    def close(self) -> None:
        self.stop.set()
        self.listener.close()


def test_a_dynamic_code_fetch_has_a_deadline_over_its_headers(settings):
    dripper = Dripper()
    settings.MAGIE_PIX_PAYLOAD_TIMEOUT_SECONDS = 1.0
    try:
        started = time.monotonic()
        with pytest.raises(PayloadRefused) as refused:
            payload_fetch(f"http://127.0.0.1:{dripper.port}/cobv/1")
        elapsed = time.monotonic() - started
    finally:
        dripper.close()
    assert refused.value.reply == "pix_code_dynamic_unavailable" and "deadline" in refused.value.reason
    assert elapsed < 10  # each byte within the socket timeout used to keep it reading for as long as the peer liked


def test_a_dynamic_code_fetch_does_not_follow_a_redirect(redirect_to, trap, settings):
    psp = redirect_to(302)
    settings.MAGIE_PIX_PAYLOAD_URL_ALLOWLIST = [f"http://127.0.0.1:{psp.port}/cobv/"]
    with pytest.raises(PayloadRefused):
        payload_get(f"127.0.0.1:{psp.port}/cobv/1")
    assert psp.paths == ["/cobv/1"] and trap.hits == []


@pytest.mark.parametrize("path", ["/cobv/../admin", "/cobv/./../admin", "/cobv/%2e%2e/admin", "/cobv/%2E%2E/admin",
                                  "/cobv/..%2fadmin", "/cobv/..\\admin", "/cobv/%5c..%5cadmin", "/cobv/.."])
def test_a_dot_segment_does_not_pass_the_prefix_check(settings, path):
    settings.MAGIE_PIX_PAYLOAD_URL_ALLOWLIST = ["https://pix.psp.example.com/cobv/"]
    assert payload_url("pix.psp.example.com" + path) is None
    assert payload_url("pix.psp.example.com/cobv/9d36b84fc70b4b8a") == "https://pix.psp.example.com/cobv/9d36b84fc70b4b8a"
