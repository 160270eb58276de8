"""Failed webhook signatures, counted per source address in Redis (shared by every web process): an address that
failed `WHATSAPP_SIGNATURE_FAILURES_LIMIT` times within `WHATSAPP_SIGNATURE_FAILURES_WINDOW_SECONDS` is answered 429
(with Retry-After) before its body is read, until the window ends. Meta signs every notification it sends, so only a
stranger — or a channel whose app secret is wrong, which the operator must fix anyway — is ever held back; Meta
retries a 429 later.

The check runs before the 200, so it never waits long on Redis: its own client answers within
CHECK_TIMEOUT_SECONDS (a healthy Redis answers in well under a millisecond), and a failure — unreachable, or hung
(a Redis stopped with SIGSTOP accepts connections and never answers) — opens `checks_circuit`: for
MAGIE_PUBLISH_PAUSE_SECONDS that process checks and counts nothing, then exactly one request probes again while the
others skip. A Redis that fails costs one request per process and pause CHECK_TIMEOUT_SECONDS (and the requests that
arrived while the first one waited), never a timeout per request; a healthy Redis checks every request. Meanwhile
nobody is held back: the signature check still refuses every stranger.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

import redis
from django.conf import settings

from magie.circuit import BrokerUnavailable, Circuit
from whatsapp import conf

logger = logging.getLogger(__name__)
TIMEOUT_SECONDS = 0.25  # `redis_client()`: the queued marks, off the request threads (whatsapp.publisher)
CHECK_TIMEOUT_SECONDS = 0.05  # `_check_client()`: the checks before the 200
_client: redis.Redis | None = None
_check: redis.Redis | None = None
checks_circuit = Circuit(pause_seconds=float(settings.MAGIE_PUBLISH_PAUSE_SECONDS))
T = TypeVar("T")


def redis_url() -> str:
    """The Redis of the send rate: WHATSAPP_RATE_REDIS_URL, else the broker's URL."""
    url = getattr(settings, "WHATSAPP_RATE_REDIS_URL", "") or settings.CELERY_BROKER_URL
    if url.startswith("redis+socket://"):
        url = "unix://" + url.removeprefix("redis+socket://")
    return url


def redis_is_broker() -> bool:
    """Whether that Redis is the broker's (no WHATSAPP_RATE_REDIS_URL, a Redis broker): one fails with the other."""
    return not getattr(settings, "WHATSAPP_RATE_REDIS_URL", "") and settings.CELERY_BROKER_URL.startswith(
        ("redis://", "rediss://", "redis+socket://"))


def redis_client() -> redis.Redis:
    """The Redis of the send rate (`redis_url()`), with a timeout the webhook's publish can afford."""
    global _client
    if _client is None:
        _client = _redis_with_timeout(TIMEOUT_SECONDS)
    return _client


def _check_client() -> redis.Redis:
    global _check
    if _check is None:
        _check = _redis_with_timeout(CHECK_TIMEOUT_SECONDS)
    return _check


def _redis_with_timeout(seconds: float) -> redis.Redis:
    return redis.Redis.from_url(redis_url(), socket_timeout=seconds, socket_connect_timeout=seconds)


def _checked(ask: Callable[[redis.Redis], T], *, what: str) -> T | None:
    """`ask`'s answer from the checks' Redis under `checks_circuit`; None without asking while the circuit is open
    (Redis failed lately, or another request is probing it), and None when Redis fails now (the circuit opens)."""
    try:
        checks_circuit.before_call()
    except BrokerUnavailable:
        return None
    try:
        answer = ask(_check_client())
    except (redis.RedisError, ValueError, OSError) as error:  # ValueError: a broker URL that is no Redis
        checks_circuit.failed()
        logger.warning("webhook: signature failures not %s (%s)", what, type(error).__name__)
        return None
    checks_circuit.succeeded()
    return answer


PREFIX = "magie:webhook-signature-failures:"

# One failure more: the count of this window, which starts at the first failure and lasts `window` seconds.
_COUNT_SCRIPT = """
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], tonumber(ARGV[1])) end
return count
"""


def _key(address: str) -> str:
    return PREFIX + (address or "unknown")


def stranger_held_back(address: str) -> int:
    """The seconds `address` is still held back for (0: not held back)."""
    limit = int(conf.setting("WHATSAPP_SIGNATURE_FAILURES_LIMIT"))

    def held_back(client: redis.Redis) -> int:
        count = client.get(_key(address))
        if count is None or int(count) < limit:  # the common case: one round trip
            return 0
        return max(1, int(client.ttl(_key(address))))

    return _checked(held_back, what="checked") or 0


def stranger_failed(address: str) -> None:
    """Count one failed signature from `address`."""
    window = int(conf.setting("WHATSAPP_SIGNATURE_FAILURES_WINDOW_SECONDS"))
    count = _checked(lambda client: client.eval(_COUNT_SCRIPT, 1, _key(address), window), what="counted")
    if count is not None and int(count) == int(conf.setting("WHATSAPP_SIGNATURE_FAILURES_LIMIT")):
        logger.warning("webhook: %s held back after %s failed signatures", address, count)
