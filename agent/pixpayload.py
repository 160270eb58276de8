"""The payload of a dynamic Pix code: the code names a location (host and path, no scheme) where the receiver's PSP
serves the charge (key, amount, txid) as a JWS. It is fetched only when the location lies under a prefix of the
platform's `MAGIE_PIX_PAYLOAD_URL_ALLOWLIST` (empty by default: every dynamic code is refused), so a code cannot
make the workers call an address of the platform's own network or any host an attacker chooses.

The fetch: GET with a connect+read timeout (`MAGIE_PIX_PAYLOAD_TIMEOUT_SECONDS`) and a deadline of the same length
over the whole exchange (headers included), at most `MAGIE_PIX_PAYLOAD_MAX_BYTES` read (a longer answer is refused),
no redirect followed (a 3xx is refused: it could lead off the list), the scheme the matching entry names (https in
production). A location's path may hold no `.`/`..` segment nor an encoded dot, slash or backslash.

What is read from the answer: a JWS compact serialisation (`header.payload.signature`) or plain JSON, with the
fields of the Banco Central's API Pix (`chave`, `valor.original`, `txid`, `status`, `calendario.criacao` +
`calendario.expiracao`). A charge that is not ATIVA, has expired, or lacks a key, an amount or a 26–35 character
txid is refused. Left out: the JWS signature is not verified against the PSP's published keys (`jku`/`x5c`); the
allow-list and TLS stand in for it, and the key is checked against the directory and approved by the customer like
any other Pix.
"""

from __future__ import annotations

import base64
import http.client
import json
import logging
import re
import socket
import threading
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import SplitResult, urlsplit

from django.conf import settings
from django.utils import timezone

logger = logging.getLogger(__name__)

CHARGE_PAYABLE = "ATIVA"  # the Pix API's status of a charge that can still be paid (BCB API Pix, `cob`/`cobv`)
_TXID = re.compile(r"[A-Za-z0-9]{26,35}")
_AMOUNT = re.compile(r"[0-9]{1,10}\.[0-9]{2}")


class PayloadRefused(Exception):
    """Why a dynamic code cannot be paid, as the reply key the customer reads."""

    def __init__(self, reply: str, reason: str) -> None:
        super().__init__(reason)
        self.reply, self.reason = reply, reason


@dataclass(frozen=True)
class Payload:
    key: str
    amount_cents: int
    txid: str


def payload_url(location: str) -> str | None:
    """The URL to fetch for a code's location, or None when no allow-list entry covers it. An entry is a URL prefix
    (`https://pix.psp.example.com/qr/`): the location's host and port must be the entry's exactly and its path must
    lie under the entry's path."""
    where = urlsplit("//" + location)
    if not where.hostname or where.username or where.password or not _path_normal(where.path):
        return None
    for entry in settings.MAGIE_PIX_PAYLOAD_URL_ALLOWLIST:
        allowed = urlsplit(entry.strip())
        if allowed.scheme not in ("https", "http") or not allowed.netloc:
            continue
        prefix = allowed.path if allowed.path.endswith("/") else allowed.path + "/"
        path = where.path or "/"
        if where.netloc.lower() == allowed.netloc.lower() and (path == allowed.path or path.startswith(prefix)):
            return f"{allowed.scheme}://{location}"
    return None


def _path_normal(path: str) -> bool:
    """Whether `path` means what it says to the prefix check: no `.`/`..` segment (`/qr/../admin` is not under
    `/qr/`), no encoded dot, slash or backslash that a server would decode into one, no backslash."""
    lowered = path.lower()
    if "\\" in path or "%2e" in lowered or "%2f" in lowered or "%5c" in lowered:
        return False
    return not any(segment in (".", "..") for segment in path.split("/"))


def payload_get(location: str) -> Payload:
    """The charge a dynamic code's location serves; PayloadRefused (with the reply to say) otherwise."""
    url = payload_url(location)
    if url is None:
        raise PayloadRefused("pix_code_dynamic_refused", "the location is not on the allow-list")
    return payload_parse(payload_fetch(url), now=timezone.now())


def payload_fetch(url: str) -> bytes:
    """GET `url` within the timeout, the deadline and the size bound; PayloadRefused otherwise. The deadline covers
    the whole exchange — connecting, sending, the status line and headers, the body —: a watchdog shuts the socket
    when it passes, so a peer dripping one header byte at a time cannot hold the worker past it."""
    timeout = float(settings.MAGIE_PIX_PAYLOAD_TIMEOUT_SECONDS)
    most = int(settings.MAGIE_PIX_PAYLOAD_MAX_BYTES)
    split = urlsplit(url)
    connection_class = http.client.HTTPSConnection if split.scheme == "https" else http.client.HTTPConnection
    connection = connection_class(split.hostname or "", split.port, timeout=timeout)
    deadline = time.monotonic() + timeout
    watchdog = threading.Timer(timeout, _shut, args=(connection,))
    watchdog.daemon = True
    watchdog.start()
    try:
        return _exchange(connection, split, most=most, deadline=deadline)
    except (OSError, http.client.HTTPException) as error:  # refused, reset, timed out, malformed HTTP, shut
        if time.monotonic() >= deadline:
            raise PayloadRefused("pix_code_dynamic_unavailable", "the payload took longer than the deadline") from None
        raise PayloadRefused("pix_code_dynamic_unavailable", f"{type(error).__name__}: {error}") from None
    finally:
        watchdog.cancel()
        connection.close()


def _shut(connection: http.client.HTTPConnection) -> None:
    """The watchdog: wake whatever read or write the exchange is blocked in (it then fails)."""
    sock = connection.sock
    if sock is not None:
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def _exchange(connection: http.client.HTTPConnection, split: SplitResult, *, most: int, deadline: float) -> bytes:
    """One GET: the status must be 200 (a 3xx is refused, never followed), the body at most `most` bytes."""
    connection.request("GET", split.path + (f"?{split.query}" if split.query else ""),
                       headers={"Accept": "application/jose, application/json"})
    response = connection.getresponse()
    if response.status != 200:
        raise PayloadRefused("pix_code_dynamic_unavailable", f"the PSP answered {response.status}")
    declared = response.getheader("Content-Length")
    if declared is not None and declared.isdigit() and int(declared) > most:
        raise PayloadRefused("pix_code_dynamic_unavailable", f"the payload announces {declared} bytes")
    body = b""
    while len(body) <= most:
        if time.monotonic() > deadline:
            raise PayloadRefused("pix_code_dynamic_unavailable", "the payload took longer than the deadline")
        chunk = response.read1(8192)
        if not chunk:
            break
        body += chunk
    if time.monotonic() > deadline:  # the watchdog shut the socket: what was read may be cut short
        raise PayloadRefused("pix_code_dynamic_unavailable", "the payload took longer than the deadline")
    if len(body) > most:
        raise PayloadRefused("pix_code_dynamic_unavailable", f"the payload is longer than {most} bytes")
    return body


def _jws_payload(text: str) -> Any:
    parts = text.split(".")
    if len(parts) == 3:
        padded = parts[1] + "=" * (-len(parts[1]) % 4)
        return json.loads(base64.urlsafe_b64decode(padded.encode("ascii")))
    return json.loads(text)


def payload_parse(body: bytes, *, now: datetime) -> Payload:
    """The charge in a PSP's answer (JWS or JSON), or PayloadRefused("pix_code_invalid") with the reason."""
    try:
        data = _jws_payload(body.decode("utf-8").strip())
    except (UnicodeDecodeError, ValueError) as error:
        raise PayloadRefused("pix_code_invalid", f"the payload is no JWS or JSON: {error}") from None
    if not isinstance(data, dict):
        raise PayloadRefused("pix_code_invalid", "the payload is no JSON object")
    status = data.get("status", CHARGE_PAYABLE)
    if status != CHARGE_PAYABLE:
        raise PayloadRefused("pix_code_expired", f"the charge is {str(status)[:20]}")
    calendar = data.get("calendario")
    if not isinstance(calendar, dict):
        calendar = {}
    created, expires = calendar.get("criacao"), calendar.get("expiracao")
    if isinstance(created, str) and isinstance(expires, int) and not isinstance(expires, bool):
        try:
            if datetime.fromisoformat(created) + timedelta(seconds=expires) <= now:
                raise PayloadRefused("pix_code_expired", "the charge has expired")
        except (ValueError, OverflowError, TypeError):
            raise PayloadRefused("pix_code_invalid", "the charge's dates are unreadable") from None
    key, txid = data.get("chave"), data.get("txid")
    value = data.get("valor")
    if not isinstance(value, dict):
        value = {}
    original = value.get("original")
    if not isinstance(key, str) or not key.strip() or len(key) > 120:
        raise PayloadRefused("pix_code_invalid", "no key")
    if not isinstance(original, str) or not _AMOUNT.fullmatch(original) or original.replace(".", "").strip("0") == "":
        raise PayloadRefused("pix_code_invalid", "no positive amount")
    if not isinstance(txid, str) or not _TXID.fullmatch(txid):
        raise PayloadRefused("pix_code_invalid", "no txid of 26 to 35 letters and digits")
    return Payload(key=key.strip(), amount_cents=int(original.replace(".", "")), txid=txid)
