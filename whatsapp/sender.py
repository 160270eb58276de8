"""The Cloud API send-message call: payload building (with the API's limits checked first), the HTTP call over the
standard library, and the per-number rate shared by every worker through Redis.

Decisions:
- Text longer than 4,096 characters, more than 10 options, a button title over 20 characters (list rows: 24), an
  empty or duplicate option id: REFUSED with `OutboundInvalid` before any call, never trimmed or split. Trimming
  could change what a button seems to approve, and splitting breaks "one message, one wamid" (swipe-replies and
  receipts). The delivery is failed with the error's code; `outbound_check` lets a producer check first.
- 1–3 options → reply buttons; 4–10 options (or kind "list") → a list message.
- Outside the 24-hour window (the customer's last inbound message is older than 24 h, or there is none) the text
  goes as the approved template WHATSAPP_TEMPLATE_NAME with the text as body parameter {{1}}; options cannot ride
  on a free-form template, so they are dropped (the text still says what to answer).
"""

from __future__ import annotations

import hashlib
import http.client
import json
import logging
import os
import re
import select
import socket
import ssl
import threading
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass
from functools import cache
from typing import Any
from urllib.parse import urlsplit

import redis
from django.conf import settings
from django.utils.translation import pgettext_lazy

from conversations import wording
from whatsapp import conf
from whatsapp.errors import OutboundInvalid

logger = logging.getLogger(__name__)

LIST_BUTTON_LABEL = pgettext_lazy("customer", "Options")  # the button that opens a list of choices


# ---------------------------------------------------------------------------------------------------- payloads


def outbound_check(*, text: str, buttons: list[dict[str, str]], as_list: bool = False) -> str:
    """'text', 'button' or 'list' — the interactive type this message will use — or OutboundInvalid."""
    options = buttons or []
    if not text.strip():
        raise OutboundInvalid("the text is empty", field="text")
    if not options:
        if len(text) > conf.TEXT_MAX:
            raise OutboundInvalid(f"text longer than {conf.TEXT_MAX} characters", field="text", length=len(text))
        return "text"
    if len(text) > conf.INTERACTIVE_BODY_MAX:
        raise OutboundInvalid(f"a message with options has at most {conf.INTERACTIVE_BODY_MAX} characters",
                              field="text", length=len(text))
    kind = "list" if as_list or len(options) > conf.REPLY_BUTTONS_MAX else "button"
    if len(options) > conf.LIST_ROWS_MAX:
        raise OutboundInvalid(f"at most {conf.LIST_ROWS_MAX} options", field="buttons", count=len(options))
    title_max = conf.REPLY_BUTTON_TITLE_MAX if kind == "button" else conf.LIST_ROW_TITLE_MAX
    ids = set()
    for index, option in enumerate(options):
        option_id, title = str(option.get("id", "")), str(option.get("title", ""))
        if not option_id or len(option_id) > conf.BUTTON_ID_MAX:
            raise OutboundInvalid("an option id is empty or too long", field="buttons", index=index)
        if option_id in ids:
            raise OutboundInvalid("two options share an id", field="buttons", index=index)
        ids.add(option_id)
        if not title.strip() or len(title) > title_max:
            raise OutboundInvalid(f"an option title must have 1 to {title_max} characters", field="buttons",
                                  index=index, title=title)
    return kind


def _template_text(text: str) -> str:
    # Template parameters may not hold new lines, tabs or more than four spaces in a row.
    return re.sub(r"\s+", " ", text).strip()


def outbound_payload(*, to: str, text: str, buttons: list[dict[str, str]], as_list: bool = False,
                     template: bool = False, language: str = "en", reply_to: str = "",
                     user_id: str = "", callback_data: str = "") -> dict[str, Any]:
    """The JSON body of `POST /{phone_number_id}/messages` (OutboundInvalid when a limit is broken). Addressed to
    the wa_id `to`, or — for a customer known only by a username — to their business-scoped `user_id` as
    `recipient`. `callback_data` rides as `biz_opaque_callback_data`, which Meta echoes in the status webhooks."""
    body: dict[str, Any] = {"messaging_product": "whatsapp", "recipient_type": "individual"}
    if callback_data:
        body["biz_opaque_callback_data"] = callback_data[:512]
    if to:
        body["to"] = to
    else:
        body["recipient"] = user_id
    if reply_to and not reply_to.startswith("local-"):
        body["context"] = {"message_id": reply_to}
    if template:
        outbound_check(text=text, buttons=[])
        body["type"] = "template"
        body["template"] = {
            "name": conf.setting("WHATSAPP_TEMPLATE_NAME"),
            "language": {"code": conf.TEMPLATE_LANGUAGES.get(language, "en_US")},
            "components": [{"type": "body", "parameters": [{"type": "text", "text": _template_text(text)}]}],
        }
        return body
    kind = outbound_check(text=text, buttons=buttons, as_list=as_list)
    if kind == "text":
        body["type"] = "text"
        body["text"] = {"body": text, "preview_url": False}
    elif kind == "button":
        body["type"] = "interactive"
        body["interactive"] = {"type": "button", "body": {"text": text}, "action": {"buttons": [
            {"type": "reply", "reply": {"id": option["id"], "title": option["title"]}} for option in buttons]}}
    else:
        rows = [{"id": option["id"], "title": option["title"],
                 **({"description": option["description"][:conf.LIST_ROW_DESCRIPTION_MAX]}
                    if option.get("description") else {})} for option in buttons]
        body["type"] = "interactive"
        body["interactive"] = {"type": "list", "body": {"text": text}, "action": {
            "button": wording.render(language, LIST_BUTTON_LABEL), "sections": [{"title": "", "rows": rows}]}}
        del body["interactive"]["action"]["sections"][0]["title"]  # optional with a single section
    return body


# ---------------------------------------------------------------------------------------------------- HTTP

# Meta's throughput / rate errors (some come as HTTP 400): the number must slow down (`rate_throttled`), and the
# message is sent later — they never count against the attempts of a delivery.
THROTTLE_GRAPH_CODES = {4, 80007, 130429, 131056}
RETRYABLE_GRAPH_CODES = THROTTLE_GRAPH_CODES


@dataclass(frozen=True)
class GraphResult:
    status_code: int | None  # None: no HTTP answer (network error, timeout)
    wamid: str = ""
    error: str = ""
    error_code: int | None = None
    retryable: bool = False
    unknown: bool = False  # the request may have reached Meta (timeout or reset after sending): maybe accepted
    to: str = "phone"  # whom it addressed: "phone" (to) or "user_id" (recipient)

    @property
    def ok(self) -> bool:
        return bool(self.wamid)

    @property
    def throttled(self) -> bool:
        """Meta asks this number to slow down (HTTP 429, or a throughput code such as 130429)."""
        return self.status_code == 429 or self.error_code in THROTTLE_GRAPH_CODES


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Every call to Meta carries the channel's access token: a 3xx is answered as the error it is (HTTPError),
    never followed (urllib would send the Authorization header along to wherever it points)."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # noqa: ANN001, ANN201 — urllib's signature
        return None


def _local(host: str) -> bool:
    return host in ("127.0.0.1", "localhost", "::1")


def _opener(url: str) -> urllib.request.OpenerDirector:
    if _local(urlsplit(url).hostname or ""):  # a local fake server: never through a proxy
        return urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirect())
    return urllib.request.build_opener(_NoRedirect())


# Connections to the Cloud API are kept, one per host per thread (a worker process sends from one thread): a send
# then costs no TCP and TLS handshake. A kept connection is used again only if it is fresh — idle less than
# KEEP_IDLE_SECONDS (well under the idle timeouts of servers and middleboxes) and not closed by the server meanwhile
# (its socket has nothing to read: a closed one reads as end of file) — else it is replaced before the request is
# written, so a send is never lost to a connection that was already dead. A failure once the request is written is
# what it is on a new connection: an unknown outcome (the delivery's receipts decide). Through a proxy (the
# environment's HTTPS_PROXY), each send goes through urllib on a connection of its own, as before.
KEEP_IDLE_SECONDS = 15.0


class _Kept(threading.local):
    pid: int = 0
    connections: dict[tuple[str, str, int], tuple[http.client.HTTPConnection, float]]


_kept = _Kept()


def _connection(scheme: str, host: str, port: int, timeout: float) -> http.client.HTTPConnection:
    if _kept.pid != os.getpid():  # a forked child never writes to its parent's sockets
        _kept.pid, _kept.connections = os.getpid(), {}
    key = (scheme, host, port)
    kept = _kept.connections.pop(key, None)
    if kept is not None:
        connection, used_at = kept
        if time.monotonic() - used_at < KEEP_IDLE_SECONDS and _fresh(connection):
            connection.timeout = timeout
            if connection.sock is not None:
                connection.sock.settimeout(timeout)
            return connection
        connection.close()
    if scheme == "https":
        return http.client.HTTPSConnection(host, port, timeout=timeout, context=ssl.create_default_context())
    return http.client.HTTPConnection(host, port, timeout=timeout)


def _fresh(connection: http.client.HTTPConnection) -> bool:
    """Open, and nothing to read: the server has not closed it (nor sent what nobody asked for)."""
    sock = connection.sock
    if sock is None:
        return False
    try:
        readable, _, _ = select.select([sock], [], [], 0)
    except (OSError, ValueError):
        return False
    return not readable


def _keep(scheme: str, host: str, port: int, connection: http.client.HTTPConnection) -> None:
    _kept.connections[(scheme, host, port)] = (connection, time.monotonic())


def connections_forget() -> None:
    """Close this thread's kept connections (tests; a process about to exit)."""
    for connection, _ in getattr(_kept, "connections", {}).values():
        connection.close()
    _kept.connections = {}


def _post(url: str, payload: bytes, headers: dict[str, str], timeout: float) -> tuple[int, bytes]:
    """POST over a kept connection (see KEEP_IDLE_SECONDS), or through urllib when a proxy is configured; (status,
    body). Network errors are raised (the connection is then dropped)."""
    parts = urlsplit(url)
    scheme, host = parts.scheme or "https", parts.hostname or ""
    if not _local(host) and urllib.request.getproxies().get(scheme) and not urllib.request.proxy_bypass(host):
        request = urllib.request.Request(url, data=payload, method="POST", headers=headers)
        try:
            with _opener(url).open(request, timeout=timeout) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()
        except urllib.error.URLError as error:
            raise (error.reason if isinstance(error.reason, OSError) else OSError(str(error.reason))) from error
    port = parts.port or (443 if scheme == "https" else 80)
    connection = _connection(scheme, host, port, timeout)
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    try:
        connection.request("POST", path, body=payload, headers=headers)  # headers and body in one write
        response = connection.getresponse()
        status, raw = response.status, response.read()
    except BaseException:
        connection.close()
        raise
    if response.will_close:
        connection.close()
    else:
        _keep(scheme, host, port, connection)
    return status, raw


def graph_send(*, phone_number_id: str, access_token: str, body: dict[str, Any]) -> GraphResult:
    """One send-message call, over a connection kept for the next (`_post`). Never raises for HTTP or network
    trouble: the result says what happened and whether trying again may help (5xx, 429, network errors and Meta's
    throughput codes). A 3xx is an error, never followed (the call carries the channel's access token)."""
    url = f"{conf.setting('WHATSAPP_GRAPH_URL').rstrip('/')}/{phone_number_id}/messages"
    headers = {"Authorization": f"Bearer {access_token}", "Content-Type": "application/json"}
    timeout = float(conf.setting("WHATSAPP_HTTP_TIMEOUT_SECONDS"))
    to = "phone" if "to" in body else "user_id"
    try:
        status, raw = _post(url, json.dumps(body).encode(), headers, timeout)
    except (TimeoutError, ConnectionError, OSError, http.client.HTTPException) as error:
        # Refused or unresolvable: nothing left this machine. Anything else (a timeout, a reset, a closed
        # connection) may have happened after Meta read the request.
        unknown = not isinstance(error, (ConnectionRefusedError, socket.gaierror))
        return GraphResult(status_code=None, error=f"network: {type(error).__name__}: {error}"[:300],
                           retryable=True, unknown=unknown, to=to)
    try:
        data = json.loads(raw or b"{}")
    except ValueError:
        data = {}
    if 200 <= status < 300:
        messages = data.get("messages") if isinstance(data, dict) else None
        wamid = messages[0].get("id", "") if isinstance(messages, list) and messages else ""
        if wamid:
            return GraphResult(status_code=status, wamid=wamid, to=to)
        return GraphResult(status_code=status, error="no message id in the answer", retryable=True, to=to)
    detail = data.get("error", {}) if isinstance(data, dict) else {}
    code = detail.get("code") if isinstance(detail, dict) else None
    message = detail.get("message", "") if isinstance(detail, dict) else ""
    retryable = status >= 500 or status == 429 or code in RETRYABLE_GRAPH_CODES
    return GraphResult(status_code=status, error=f"HTTP {status}: {message}"[:300],
                       error_code=code if isinstance(code, int) else None, retryable=retryable, to=to)


# ---------------------------------------------------------------------------------------------------- rate

# A sliding-window log per number, on Redis' own clock (so workers on several machines agree): at most `limit`
# sends in any `window` microseconds. While the number is paused after a 429 (KEYS[2] lives), nothing is sent: the
# pause's remaining microseconds are returned. For a while after one (KEYS[3] lives) the number sends at the probe
# rate `ARGV[4]` instead, so the end of a pause is tested by a few sends, not by the whole backlog at once.
# Returns 0 when this send may go, else the microseconds to wait.
_RATE_SCRIPT_TEXT = """
local key, paused, after, member = KEYS[1], KEYS[2], KEYS[3], ARGV[3]
local limit, window = tonumber(ARGV[1]), tonumber(ARGV[2])
local pause = redis.call('PTTL', paused)
if pause > 0 then return pause * 1000 end
if redis.call('EXISTS', after) == 1 then limit = math.min(limit, tonumber(ARGV[4])) end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) < limit then
  redis.call('ZADD', key, now, member)
  redis.call('PEXPIRE', key, math.floor(window / 1000) + 1000)
  return 0
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)
"""

# A 429 pauses the number: the first for `base` ms, each further one (answered after the pause ended) twice as long
# up to `max` ms. Answers to sends that left before the pause began find it set and change nothing, so one wave of
# 429s is one pause. The step (and the probe rate) is forgotten once the number has been quiet for as long again.
# Returns the milliseconds the number is paused.
_THROTTLE_SCRIPT_TEXT = """
local paused, after = KEYS[1], KEYS[2]
local base, max = tonumber(ARGV[1]), tonumber(ARGV[2])
local left = redis.call('PTTL', paused)
if left > 0 then return left end
local step = tonumber(redis.call('GET', after) or '0')
local pause = math.min(max, base * 2 ^ step)
redis.call('SET', paused, '1', 'PX', math.floor(pause))
redis.call('SET', after, step + 1, 'PX', math.floor(pause) * 2 + 1000)
return math.floor(pause)
"""

_redis_client: redis.Redis | None = None
_redis_pid = 0


def _redis() -> redis.Redis:
    """This process's client of the Redis holding the numbers' pace and the turns' admission: one connection of its
    own (a lock serialises the threads of a web process), made again in a forked child — not a pool's connection
    borrowed and given back around every command, which was most of a script's CPU in the client."""
    global _redis_client, _redis_pid
    if _redis_client is None or _redis_pid != os.getpid():
        url = getattr(settings, "WHATSAPP_RATE_REDIS_URL", "") or settings.CELERY_BROKER_URL
        if url.startswith("redis+socket://"):
            url = "unix://" + url.removeprefix("redis+socket://")
        _redis_client = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5,
                                             single_connection_client=True)
        _redis_pid = os.getpid()
    return _redis_client


@dataclass(frozen=True)
class RedisScript:
    """A Lua script run by its SHA1 (EVALSHA): its text crosses the wire only when Redis does not know it yet (the
    first run, or after a restart emptied the script cache: NOSCRIPT, then EVAL, which loads it)."""

    text: str

    @property
    def sha(self) -> str:
        return _script_sha(self.text)

    def __call__(self, keys: list[str], *args: Any) -> Any:
        client = _redis()
        try:
            return client.evalsha(self.sha, len(keys), *keys, *args)
        except redis.exceptions.NoScriptError:
            return client.eval(self.text, len(keys), *keys, *args)


@cache
def _script_sha(text: str) -> str:
    return hashlib.sha1(text.encode()).hexdigest()  # noqa: S324 — Redis names scripts by their SHA1


_RATE_SCRIPT = RedisScript(_RATE_SCRIPT_TEXT)
_THROTTLE_SCRIPT = RedisScript(_THROTTLE_SCRIPT_TEXT)


def _keys(phone_number_id: str) -> list[str]:
    return [f"whatsapp:rate:{phone_number_id}", f"whatsapp:paused:{phone_number_id}",
            f"whatsapp:throttled:{phone_number_id}"]


def rate_acquire(*, phone_number_id: str, per_second: int | None = None) -> float:
    """Take one send slot of this number: 0.0 when granted, else the seconds until one frees (do not send) — the
    rest of a pause after a 429, or of the rate's window."""
    limit = int(per_second or conf.setting("WHATSAPP_RATE_PER_SECOND"))
    probe = int(conf.setting("WHATSAPP_THROTTLE_PROBE_PER_SECOND"))
    wait_us = _RATE_SCRIPT(_keys(phone_number_id), limit, 1_000_000, uuid.uuid4().hex, probe)
    return int(wait_us) / 1_000_000


def rate_throttled(*, phone_number_id: str) -> float:
    """Meta answered this number with a 429: pause it (every worker's sends from it wait); the seconds it is paused."""
    base = float(conf.setting("WHATSAPP_THROTTLE_PAUSE_SECONDS")) * 1000
    most = float(conf.setting("WHATSAPP_THROTTLE_PAUSE_MAX_SECONDS")) * 1000
    _rate, paused, after = _keys(phone_number_id)
    return int(_THROTTLE_SCRIPT([paused, after], base, most)) / 1000


def rate_reset(*, phone_number_id: str) -> None:
    """Forget the number's window and pause (tests and benches)."""
    _redis().delete(*_keys(phone_number_id))


def simulated_wamid() -> str:
    return f"wamid.local-{uuid.uuid4().hex}"


