"""Queue a task by its registered name, in an organisation's schema: the one way apps announce work to apps they
must not import (approvals → agent, conversations → whatsapp, whatsapp → agent).

Publishing is on hot paths (the webhook's acknowledgement, every turn queued by the worker), so it skips what
`apply_async` does per call and these tasks do not need: it builds the same Celery message (protocol 2, through
`app.amqp.create_task_message`, with the schema header tenant-schemas-celery switches to) and sends it with a
producer this thread keeps (`app.amqp.send_task_message`, so `before/after_task_publish` fire as usual), declaring
its queue once per connection instead of on every message, and never subscribing to a result nobody here waits
for. A worker consumes it like any other task. Measured by bench/webhook_bench.py: about a third of the CPU of
`signature(...).apply_async()`.
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from celery.utils import uuid
from django.conf import settings
from django.db import transaction
from kombu.transport import redis, virtual
from kombu.utils.json import dumps
from redis import exceptions as redis_errors

from magie.celery import app as celery_app
from magie.circuit import BrokerUnavailable, Circuit
from magie.tenancy import schema_name_current

logger = logging.getLogger(__name__)


def task_queue(name: str, *, schema_name: str, args: tuple[object, ...] = (), priority: int | None = None) -> str:
    """Publish `name(schema_name, *args)` now, with the schema header tenant-schemas-celery switches to; its id.
    `priority` overrides the one task_routes gives the task (the broker serves lower numbers first)."""
    return task_publish(name, args=(schema_name, *args), schema_name=schema_name, priority=priority)


def task_queue_on_commit(name: str, *, args: tuple[object, ...] = (), robust: bool = False) -> None:
    """Publish `name(<current schema>, *args)` once the current transaction commits (nothing if it rolls back).

    The schema is read now, not at commit time (a commit may fire after the caller left the tenant's context)."""
    schema_name = schema_name_current()

    def task_queue_after_commit() -> None:  # named: Django's robust path logs a callback by its __qualname__
        task_queue(name, schema_name=schema_name, args=args)

    transaction.on_commit(task_queue_after_commit, robust=robust)


# A connection idle longer than this is replaced before it is written to: a broker (RabbitMQ's heartbeat) or a
# middlebox may have dropped it without a word, and the first write to such a socket can vanish without an error.
IDLE_SECONDS = 60.0


class _Held(threading.local):
    """This thread's producer (one broker connection per request thread or worker process), the pid it was made
    in (a forked child never writes to its parent's socket), when it last published and the queues it declared."""

    pid: int = 0
    producer: Any = None
    used_at: float = 0.0
    declared: set[str]


_held = _Held()


def _producer(*, fresh: bool = False) -> tuple[Any, set[str]]:
    now = time.monotonic()
    if _held.producer is not None and (fresh or _held.pid != os.getpid() or now - _held.used_at > IDLE_SECONDS):
        if _held.pid == os.getpid():
            try:
                _held.producer.connection.release()
            except Exception:  # noqa: BLE001 — a broken connection is being replaced anyway
                logger.debug("closing a broken broker connection failed", exc_info=True)
        _held.producer = None
    if _held.producer is None:
        connection = celery_app.connection_for_write(**_short_timeouts())
        _held.producer = celery_app.amqp.Producer(connection, auto_declare=False)
        _held.pid, _held.declared = os.getpid(), set()
    _held.used_at = now
    return _held.producer, _held.declared


# Publishing never waits long for the broker: a connection is given MAGIE_PUBLISH_TIMEOUT_SECONDS to open and each
# socket operation as long (kombu's default retries a refused connection for ~12 s), and after a failure the
# circuit stays open MAGIE_PUBLISH_PAUSE_SECONDS: publishes fail at once with BrokerUnavailable meanwhile.
publish_circuit = Circuit(pause_seconds=float(settings.MAGIE_PUBLISH_PAUSE_SECONDS))


def _short_timeouts() -> dict[str, Any]:
    timeout = float(settings.MAGIE_PUBLISH_TIMEOUT_SECONDS)
    options: dict[str, Any] = {"max_retries": 0}
    if celery_app.conf.broker_url.startswith(("redis", "rediss")):
        options |= {"socket_timeout": timeout, "socket_connect_timeout": timeout}
    return {"connect_timeout": timeout,
            "transport_options": {**celery_app.conf.broker_transport_options, **options}}


def task_publish(name: str, *, args: tuple[object, ...], schema_name: str, priority: int | None = None) -> str:
    """Publish the task `name(*args)` to run in `schema_name` (its header), on the queue Celery's router picks;
    its id. Eager (tests): run it now through `apply_async`. A broker error is retried once on a new connection,
    then raised and opens the circuit (`publish_circuit`): until it closes, publishing raises BrokerUnavailable at
    once. Callers that must not fail log it; their sweeper publishes again."""
    headers = {"_schema_name": schema_name}
    if celery_app.conf.task_always_eager:
        return str(celery_app.signature(name, args=args, headers=headers).apply_async().id)
    publish_circuit.before_call()
    options = {"priority": priority} if priority is not None else {}
    task_id = uuid()
    try:
        try:
            _send(name, args, headers, task_id, fresh=False, options=options)
        except Exception:  # noqa: BLE001 — a connection the broker dropped (idle, restarted): once more on a new one
            logger.warning("publishing %s failed; once more on a new broker connection", name, exc_info=True)
            _send(name, args, headers, task_id, fresh=True, options=options)
    except Exception:
        publish_circuit.failed()
        raise
    publish_circuit.succeeded()
    return task_id


__all__ = ["BrokerUnavailable", "publish_circuit", "task_publish", "task_queue", "task_queue_on_commit"]


def _send(name: str, args: tuple[object, ...], headers: dict[str, str], task_id: str, *, fresh: bool,
          options: dict[str, Any] | None = None) -> None:
    task = celery_app.tasks.get(name)
    route = celery_app.amqp.router.route(dict(options or {}), name, args, {}, task)
    if route.get("queue") is None:  # a route that only sets a priority (task_routes) leaves the queue to the default
        route["queue"] = celery_app.amqp.queues[celery_app.conf.task_default_queue]
    queue = route.get("queue")
    root_id = parent_id = None
    parent = celery_app.current_worker_task  # a task queued by a task: keep the chain's ids, as apply_async does
    if parent is not None:
        root_id, parent_id = parent.request.root_id or parent.request.id, parent.request.id
    message = celery_app.amqp.create_task_message(
        task_id, name, args, {}, root_id=root_id, parent_id=parent_id, argsrepr=repr(args)[:1024], kwargsrepr="{}",
        ignore_result=bool(getattr(task, "ignore_result", False)))
    producer, declared = _producer(fresh=fresh)
    queue_name = getattr(queue, "name", None)
    declare = [queue] if queue is not None and queue_name not in declared else []
    celery_app.amqp.send_task_message(producer, name, message, headers=headers, retry=False, declare=declare,
                                      **route)
    if queue_name:
        declared.add(queue_name)


# The Redis broker transport, with one client object per channel instead of one per command.
#
# kombu's Redis channel builds a new `redis.Redis` for every publish, ack and queue operation
# (`Channel.conn_or_acquire`), and building one registers ~170 response callbacks: The client only borrows connections from the channel's
# pool, which is what kombu keeps and resets (after a fork, on close), so this channel keeps one client per pool and
# makes a new one whenever the pool is replaced. Messages, queues and behaviour are kombu's own.
#
# Used for `redis://` and `rediss://` broker URLs (magie/settings/base.py: CELERY_BROKER_TRANSPORT), and through
# `SocketTransport` for the embedded broker's `redis+socket://`; RabbitMQ keeps kombu's transport.

# kombu's late acknowledgement on Redis keeps each message a worker took in a hash (tag → the message) and an index
# (tag → when), until it is acknowledged; a worker lost with messages unacknowledged has them restored from there.
# kombu writes and removes the pair with a MULTI/EXEC pipeline (four commands, and the client's pipeline machinery,
# per message each way); these scripts do the same on the same keys, atomically, one EVALSHA each.
_UNACKED_ADD = """
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
"""
_UNACKED_REMOVE = """
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
"""
_SHA = {script: hashlib.sha1(script.encode()).hexdigest() for script in (_UNACKED_ADD, _UNACKED_REMOVE)}  # noqa: S324


def _script(client: Any, script: str, keys: list[str], *args: Any) -> Any:
    try:
        return client.evalsha(_SHA[script], len(keys), *keys, *args)
    except redis_errors.NoScriptError:  # the first time, or after the broker emptied its script cache
        return client.eval(script, len(keys), *keys, *args)


class QoS(redis.QoS):
    """kombu's Redis QoS, its unacknowledged messages written and removed by one script each (`_UNACKED_ADD`): the
    same keys and values, so kombu's restoring of a lost worker's messages reads them as its own. With a global key
    prefix (not used here: kombu prefixes each command's keys itself), kombu's own way."""

    def append(self, message: Any, delivery_tag: str) -> None:
        if self.channel.global_keyprefix:
            return super().append(message, delivery_tag)
        delivery = message.delivery_info
        with self.channel.conn_or_acquire() as client:
            _script(client, _UNACKED_ADD, [self.unacked_index_key, self.unacked_key], delivery_tag, time.time(),
                    dumps([message._raw, delivery["exchange"], delivery["routing_key"]]))
        virtual.QoS.append(self, message, delivery_tag)

    def ack(self, delivery_tag: str) -> None:
        if self.channel.global_keyprefix:
            return super().ack(delivery_tag)
        self._unacked_remove(delivery_tag)
        virtual.QoS.ack(self, delivery_tag)

    def reject(self, delivery_tag: str, requeue: bool = False) -> None:
        if requeue or self.channel.global_keyprefix:
            return super().reject(delivery_tag, requeue=requeue)
        self._unacked_remove(delivery_tag)
        virtual.QoS.ack(self, delivery_tag)

    def _unacked_remove(self, delivery_tag: str) -> None:
        with self.channel.conn_or_acquire() as client:
            _script(client, _UNACKED_REMOVE, [self.unacked_index_key, self.unacked_key], delivery_tag)


class Channel(redis.Channel):
    QoS = QoS
    _kept_client: Any = None

    def _connparams(self, asynchronous: bool = False) -> dict[str, Any]:
        """kombu's connection details, or a connection error when this channel's connection is already closed.

        After a broker loss Celery's consumer closes the connection (the transport forgets its client) and then stops
        its steps, which close or cancel on their channels; one that needs a new pool then reads the closed
        connection's host and kombu raises AttributeError. That is not among the errors the consumer recovers from,
        so the worker stopped for good (its tasks waited for a restart by hand). It is a connection error: the
        consumer reconnects, as after any broker loss."""
        transport = self.connection
        if transport is None or transport.client is None:
            raise redis_errors.ConnectionError("the broker connection this channel belonged to is closed")
        return super()._connparams(asynchronous=asynchronous)

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


class SocketTransport(Transport):
    """The same transport for a Redis on a unix socket (the embedded broker). kombu picks its own Redis transport for a
    `redis+socket://<path>` URL whatever the `transport` setting says (the part before `+` names it), so the settings
    hand Celery the URL without that prefix, `socket://<path>`, with this transport: it takes the URL whole (kombu
    does not parse it) and kombu's Redis channel reads the `socket://` scheme as a unix socket, as before."""

    can_parse_url = True

    def as_uri(self, uri: str, include_password: bool = False, mask: str = "**") -> str:
        return f"redis+{uri}"  # as the broker was configured (a socket's path holds no password)
