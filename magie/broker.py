"""The Redis broker transport, with one client object per channel instead of one per command.

kombu's Redis channel builds a new `redis.Redis` for every publish, ack and queue operation
(`Channel.conn_or_acquire`), and building one registers ~170 response callbacks: about a fifth of a webhook
acknowledgement's CPU went there (bench/webhook_bench.py). The client only borrows connections from the channel's
pool, which is what kombu keeps and resets (after a fork, on close), so this channel keeps one client per pool and
makes a new one whenever the pool is replaced. Messages, queues and behaviour are kombu's own.

Used for `redis://` and `rediss://` broker URLs (magie/settings/base.py: CELERY_BROKER_TRANSPORT); `redis+socket://`
(the embedded broker) and RabbitMQ keep kombu's transports.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from kombu.transport import redis


class Channel(redis.Channel):
    _kept_client: Any = None

    @contextmanager
    def conn_or_acquire(self, client: Any = None) -> Iterator[Any]:
        if client:
            yield client
            return
        pool = self.pool
        if self._kept_client is None or self._kept_client.connection_pool is not pool:
            self._kept_client = self._create_client()
        yield self._kept_client


class Transport(redis.Transport):
    Channel = Channel
