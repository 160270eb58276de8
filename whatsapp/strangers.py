"""Failed webhook signatures, counted per source address in Redis (shared by every web process): an address that
failed `WHATSAPP_SIGNATURE_FAILURES_LIMIT` times within `WHATSAPP_SIGNATURE_FAILURES_WINDOW_SECONDS` is answered 429
(with Retry-After) before its body is read, until the window ends. Meta signs every notification it sends, so only a
stranger — or a channel whose app secret is wrong, which the operator must fix anyway — is ever held back; Meta
retries a 429 later. Redis unreachable: nobody is held back (the signature check still refuses every stranger).
"""

from __future__ import annotations

import logging

import redis

from whatsapp import conf
from whatsapp.sender import redis_client

logger = logging.getLogger(__name__)

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
    try:
        with redis_client().pipeline(transaction=False) as pipe:
            pipe.get(_key(address))
            pipe.ttl(_key(address))
            count, left = pipe.execute()
    except redis.RedisError as error:
        logger.warning("webhook: signature failures not checked (%s)", type(error).__name__)
        return 0
    return max(1, int(left)) if count is not None and int(count) >= limit else 0


def stranger_failed(address: str) -> None:
    """Count one failed signature from `address`."""
    window = int(conf.setting("WHATSAPP_SIGNATURE_FAILURES_WINDOW_SECONDS"))
    try:
        count = redis_client().eval(_COUNT_SCRIPT, 1, _key(address), window)
    except redis.RedisError as error:
        logger.warning("webhook: signature failure not counted (%s)", type(error).__name__)
        return
    if int(count) == int(conf.setting("WHATSAPP_SIGNATURE_FAILURES_LIMIT")):
        logger.warning("webhook: %s held back after %s failed signatures", address, count)
