"""Failed webhook signatures, counted per source address in Redis (shared by every web process): an address that
failed `WHATSAPP_SIGNATURE_FAILURES_LIMIT` times within `WHATSAPP_SIGNATURE_FAILURES_WINDOW_SECONDS` is answered 429
(with Retry-After) before its body is read, until the window ends. Meta signs every notification it sends, so only a
stranger — or a channel whose app secret is wrong, which the operator must fix anyway — is ever held back; Meta
retries a 429 later. Redis unreachable: nobody is held back (the signature check still refuses every stranger),
and the webhook's acknowledgement does not wait on it — a short timeout, then no check for
MAGIE_PUBLISH_PAUSE_SECONDS in that process (as publishing does).
"""

from __future__ import annotations

import logging
import time

import redis
from django.conf import settings

from whatsapp import conf

logger = logging.getLogger(__name__)
TIMEOUT_SECONDS = 0.25
_client: redis.Redis | None = None
_paused_until = 0.0


def redis_client() -> redis.Redis:
    """The Redis of the send rate (WHATSAPP_RATE_REDIS_URL, else the broker), with a timeout the webhook can afford."""
    global _client
    if _client is None:
        url = getattr(settings, "WHATSAPP_RATE_REDIS_URL", "") or settings.CELERY_BROKER_URL
        if url.startswith("redis+socket://"):
            url = "unix://" + url.removeprefix("redis+socket://")
        _client = redis.Redis.from_url(url, socket_timeout=TIMEOUT_SECONDS, socket_connect_timeout=TIMEOUT_SECONDS)
    return _client


def _unavailable(error: Exception, what: str) -> None:
    global _paused_until
    _paused_until = time.monotonic() + float(settings.MAGIE_PUBLISH_PAUSE_SECONDS)
    logger.warning("webhook: signature failures not %s (%s)", what, type(error).__name__)

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
    if time.monotonic() < _paused_until:
        return 0
    try:
        client = redis_client()
        count = client.get(_key(address))
        if count is None or int(count) < limit:  # the common case: one round trip
            return 0
        left = client.ttl(_key(address))
    except (redis.RedisError, ValueError, OSError) as error:  # ValueError: a broker URL that is no Redis
        _unavailable(error, "checked")
        return 0
    return max(1, int(left))


def stranger_failed(address: str) -> None:
    """Count one failed signature from `address`."""
    window = int(conf.setting("WHATSAPP_SIGNATURE_FAILURES_WINDOW_SECONDS"))
    if time.monotonic() < _paused_until:
        return
    try:
        count = redis_client().eval(_COUNT_SCRIPT, 1, _key(address), window)
    except (redis.RedisError, ValueError, OSError) as error:
        _unavailable(error, "counted")
        return
    if int(count) == int(conf.setting("WHATSAPP_SIGNATURE_FAILURES_LIMIT")):
        logger.warning("webhook: %s held back after %s failed signatures", address, count)
