"""Turns admitted per organisation: at most WHATSAPP_TURNS_IN_FLIGHT of an organisation's turns are in the broker or
running at once; the rest wait as what they are — unhandled messages in the database — and are admitted oldest
first as earlier ones end. One tenant's backlog then holds a bounded share of the queue, and another tenant's
customer waits behind at most that many turns, not behind the backlog.

Each admitted message holds a lease: a Redis sorted set per organisation, message id → the lease's end (Redis'
own clock, so every worker agrees). A lease ends when its turn task ends (`turn_release`, from Celery's
`task_postrun`), or by itself after WHATSAPP_TURN_LEASE_SECONDS if its worker or its task was lost — then the
sweeper admits the message again. A message already leased is not published twice: what is merely queued is not
re-queued.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction

from conversations.models import Message
from whatsapp import conf, sender

logger = logging.getLogger(__name__)

# KEYS: the organisation's leases, its "messages are waiting" mark. ARGV: message id, lease ms, cap.
# 1: admitted (leased now); 2: already leased (its task is queued or running); 0: the organisation is at its cap
# (the mark is set: the next turn to end admits the oldest waiting one).
_ADMIT_SCRIPT = sender.RedisScript("""
local leases, waiting, id = KEYS[1], KEYS[2], ARGV[1]
local lease, cap = tonumber(ARGV[2]), tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', leases, '-inf', now)
if redis.call('ZSCORE', leases, id) then return 2 end
if redis.call('ZCARD', leases) >= cap then
  redis.call('SET', waiting, '1', 'PX', lease)
  return 0
end
redis.call('ZADD', leases, now + lease, id)
redis.call('PEXPIRE', leases, lease * 2)
return 1
""")

# KEYS: leases, waiting mark. ARGV: message id. Returns the free slots if messages wait (and forgets the mark), else 0.
_RELEASE_SCRIPT = sender.RedisScript("""
local leases, waiting = KEYS[1], KEYS[2]
redis.call('ZREM', leases, ARGV[1])
if redis.call('GET', waiting) then
  local t = redis.call('TIME')
  redis.call('ZREMRANGEBYSCORE', leases, '-inf', tonumber(t[1]) * 1000)
  redis.call('DEL', waiting)
  return math.max(1, tonumber(ARGV[2]) - redis.call('ZCARD', leases))
end
return 0
""")

ADMITTED, LEASED, AT_CAP = 1, 2, 0


def _keys(schema_name: str) -> list[str]:
    return [f"whatsapp:turns:{schema_name}", f"whatsapp:turns-waiting:{schema_name}"]


def _cap() -> int:
    return max(1, int(conf.setting("WHATSAPP_TURNS_IN_FLIGHT")))


def turn_admit(*, schema_name: str, message_id: int) -> int:
    """ADMITTED (publish its turn now), LEASED (already queued or running: do not) or AT_CAP (leave it waiting)."""
    lease_ms = int(float(conf.setting("WHATSAPP_TURN_LEASE_SECONDS")) * 1000)
    return int(_ADMIT_SCRIPT(_keys(schema_name), message_id, lease_ms, _cap()))


def turn_release(*, schema_name: str, message_id: int) -> int:
    """The turn task of `message_id` ended: its lease ends. How many waiting messages may be admitted now (0: none
    were waiting)."""
    return int(_RELEASE_SCRIPT(_keys(schema_name), message_id, _cap()))


def turns_in_flight(*, schema_name: str) -> set[int]:
    """The message ids holding a lease (expired ones included until the next admission removes them)."""
    members: list[bytes] = sender._redis().zrange(_keys(schema_name)[0], 0, -1)  # type: ignore[assignment]
    return {int(member) for member in members}


def admission_reset(*, schema_name: str) -> None:
    """Forget the organisation's leases (tests and benches)."""
    sender._redis().delete(*_keys(schema_name))


def turns_waiting(*, limit: int, created_before: Any = None) -> list[int]:
    """The oldest unhandled WhatsApp messages of the current organisation not holding a lease, `limit` at most."""
    schema_name = _schema()
    leased = turns_in_flight(schema_name=schema_name)
    queryset = Message.objects.filter(direction=Message.Direction.INBOUND, channel=Message.Channel.WHATSAPP,
                                      handled_at__isnull=True)
    if created_before is not None:
        queryset = queryset.filter(created_at__lt=created_before)
    ids = queryset.order_by("created_at", "pk").values_list("pk", flat=True)[:limit + len(leased)]
    return [message_id for message_id in ids if message_id not in leased][:limit]


def _schema() -> str:
    from magie.tenancy import schema_name_current

    return schema_name_current()


def turns_admit_waiting(*, schema_name: str, slots: int, created_before: Any = None) -> int:
    """Admit and publish up to `slots` of the organisation's waiting messages, oldest first (the current schema is
    `schema_name`); how many were published. If more wait than it admitted, the organisation stays marked as
    waiting, so the next turn to end admits the next ones."""
    from whatsapp.services import turn_publish

    published = 0
    with transaction.atomic():  # one snapshot for the read
        candidates = turns_waiting(limit=slots + 1, created_before=created_before)
    for message_id in candidates[:slots]:
        verdict = turn_admit(schema_name=schema_name, message_id=message_id)
        if verdict == AT_CAP:  # marked waiting by the admission itself
            return published
        if verdict == ADMITTED:
            if not turn_publish(schema_name=schema_name, message_id=message_id, backlog=True):
                break
            published += 1
    if len(candidates) > slots:
        lease_ms = int(float(conf.setting("WHATSAPP_TURN_LEASE_SECONDS")) * 1000)
        sender._redis().set(_keys(schema_name)[1], "1", px=lease_ms)
    return published
