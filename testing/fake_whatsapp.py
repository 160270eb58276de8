"""A local fake of the Cloud API's send-message endpoint, for tests and benches (real HTTP, on 127.0.0.1).

    with FakeGraphServer(script=[500, 500, 200]) as graph:
        settings.WHATSAPP_GRAPH_URL = graph.url
        ...
        graph.requests  # [Recorded(path, headers, json, at)], in arrival order

`script` lists the status of each successive answer; when it runs out, `default` (200) answers. While
`time.monotonic() < graph.storm_until`, every send is answered 429 with Meta's code 130429 (a throttling storm). A 2xx answers
`{"messages": [{"id": "wamid.FAKE-<n>"}]}`, anything else a Graph-style error body. An entry `(status, seconds)`
answers after that delay (a slow Meta: the caller may time out or die first); `sent()` counts only the 2xx
answers, i.e. what Meta would have accepted.

It also serves the media endpoints: `graph.media[media_id] = (bytes, mime type)`; `GET /v21.0/<media id>` answers
`{"url", "mime_type", "file_size", "id"}` with a download URL on this server, `GET /media-download/<media id>` the
bytes — both only with the `Authorization: Bearer <token>` of `graph.access_token` (else 401, as Meta does).
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from typing import Any

from testing.platform import FakeHandler, FakeService


@dataclass(frozen=True)
class Recorded:
    method: str
    path: str
    headers: dict[str, str]
    json: Any
    at: float  # time.monotonic() on arrival
    status: int  # what the fake answered
    peer: tuple[str, int] | None = None  # the client's address and port: one per TCP connection


ERROR_BODIES = {
    429: {"message": "(#130429) Rate limit hit", "type": "OAuthException", "code": 130429},
    400: {"message": "(#100) Invalid parameter", "type": "OAuthException", "code": 100},
    401: {"message": "Invalid OAuth access token", "type": "OAuthException", "code": 190},
}


class FakeGraphServer(FakeService):
    def __init__(self, script: list[int | tuple[int, float]] | None = None, default: int = 200) -> None:
        self.script = list(script or [])
        self.default = default
        self.storm_until = 0.0
        self.requests: list[Recorded] = []
        self.media: dict[str, tuple[bytes, str]] = {}
        self.access_token = ""  # what the media endpoints require ("" : any bearer)
        self.media_script: list[int] = []  # statuses the next media GETs answer instead (a 500 from Meta)
        # True: each connection is closed after its answer without a word (as a server closes an idle keep-alive
        # connection): the client finds it closed when it comes back
        self.drop_connections = False
        self._lock = threading.Lock()
        self._count = 0
        fake = self

        class Handler(FakeHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:  # noqa: N802 - http.server's naming
                status, content_type, payload = fake._media_answer(self.path, dict(self.headers))
                self.answer(status, payload, content_type)

            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length)
                try:
                    data = json.loads(raw or b"null")
                except ValueError:
                    data = None
                status, body, delay = fake._answer(self.command, self.path, dict(self.headers), data,
                                                   peer=self.client_address[:2])
                if delay:
                    time.sleep(delay)
                self.answer(status, json.dumps(body).encode())
                if fake.drop_connections:
                    self.close_connection = True

        self._handler = Handler

    def _answer(self, method: str, path: str, headers: dict[str, str], data: Any,
                peer: tuple[str, int] | None = None) -> tuple[int, dict[str, Any], float]:
        with self._lock:
            entry = 429 if time.monotonic() < self.storm_until else (
                self.script.pop(0) if self.script else self.default)
            status, delay = entry if isinstance(entry, tuple) else (entry, 0.0)
            self._count += 1
            number = self._count
            self.requests.append(Recorded(method, path, headers, data, time.monotonic(), status, peer))
        if 200 <= status < 300:
            return status, {"messaging_product": "whatsapp", "contacts": [{"input": (data or {}).get("to", "")}],
                            "messages": [{"id": f"wamid.FAKE-{number}"}]}, delay
        error = ERROR_BODIES.get(status, {"message": "Service temporarily unavailable", "type": "OAuthException",
                                          "code": 2})
        return status, {"error": {**error, "fbtrace_id": f"fake-{number}"}}, delay

    def _media_answer(self, path: str, headers: dict[str, str]) -> tuple[int, str, bytes]:
        with self._lock:
            self.requests.append(Recorded("GET", path, headers, None, time.monotonic(), 0))
        with self._lock:
            scripted = self.media_script.pop(0) if self.media_script else None
        if scripted is not None:
            return scripted, "application/json", json.dumps({"error": ERROR_BODIES.get(scripted, {})}).encode()
        bearer = headers.get("Authorization", "")
        if not bearer.startswith("Bearer ") or (self.access_token and bearer != f"Bearer {self.access_token}"):
            return 401, "application/json", json.dumps({"error": ERROR_BODIES[401]}).encode()
        if path.startswith("/media-download/"):
            found = self.media.get(path.removeprefix("/media-download/"))
            return (200, found[1], found[0]) if found else (404, "text/plain", b"gone")
        media_id = path.rsplit("/", 1)[-1]
        if media_id not in self.media:
            return 404, "application/json", json.dumps({"error": ERROR_BODIES[400]}).encode()
        content, mime = self.media[media_id]
        return 200, "application/json", json.dumps({
            "messaging_product": "whatsapp", "url": f"http://127.0.0.1:{self.port}/media-download/{media_id}",
            "mime_type": mime, "file_size": len(content), "id": media_id}).encode()

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        assert isinstance(host, str)  # an AF_INET server
        return f"http://{host}:{port}/v21.0"

    def sent(self) -> list[Recorded]:
        """The requests answered with a 2xx (messages Meta would have accepted)."""
        with self._lock:
            return [request for request in self.requests if 200 <= request.status < 300]

    def start(self) -> FakeGraphServer:
        self.serve(self._handler)
        return self

    def stop(self) -> None:
        self.close()

    def __enter__(self) -> FakeGraphServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
