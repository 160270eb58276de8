"""Server push to staff pages: what happened in an organisation, announced through PostgreSQL's LISTEN/NOTIFY and
streamed to browsers as server-sent events by the WSGI server itself (no ASGI: Django's sync views would run on one
thread per process there, behind the webhook's acknowledgement).

- A write that others should see live (a message stored, a receipt applied, a note added) calls
  `live_announce_on_commit(topic=..., kind=..., ref=...)` inside its transaction: after commit, one
  `pg_notify('magie_live', '{"s": schema, "t": topic, "k": kind, "r": id}')` (nothing if it rolls back). Only
  ids travel: the page fetches what changed through its ordinary, access-checked views.
- Each web process holds ONE listener thread (`LiveHub`, started by the first stream) on a connection of its own,
  which fans each notification out to the queues of the streams subscribed to that (schema, topic): a stream
  never sees another organisation's events, and `LiveStream` checks schema and topic again on every event.
- A stream (`LiveStream`, the body of a StreamingHttpResponse) holds no database connection: it sends a heartbeat
  comment every MAGIE_LIVE_HEARTBEAT_SECONDS (a closed browser is noticed at the next write) and ends after
  MAGIE_LIVE_STREAM_SECONDS; EventSource reconnects by itself, through authentication again. At most
  MAGIE_LIVE_STREAMS per process (`subscribe` answers None beyond: the page polls instead); each holds one of the
  server's threads, so `magie.serving` gives the server that many threads more than the request threads.
- A notification lost while the listener reconnects is covered: every stream is told `resync` (the page fetches
  everything after what it shows), as it does itself on each (re)connection.
"""

from __future__ import annotations

import json
import logging
import os
import queue
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections, transaction

from magie.db.cursors import unrouted_cursor
from magie.db.own_connections import autocommit_session
from magie.tenancy import schema_name_current

logger = logging.getLogger(__name__)

CHANNEL = "magie_live"
QUEUE_SIZE = 64  # events a slow stream may have waiting; beyond, it is told to resync instead


@dataclass(frozen=True)
class LiveEvent:
    schema: str  # the organisation's schema it happened in
    topic: str  # what it is about, e.g. "conversation:12"
    kind: str  # "message" | "receipt" | "note" | "resync"
    ref: int = 0  # the row's id (a message's for a message and its receipt, a note's)

    def payload(self) -> str:
        return json.dumps({"s": self.schema, "t": self.topic, "k": self.kind, "r": self.ref}, separators=(",", ":"))

    @classmethod
    def parse(cls, payload: str) -> LiveEvent | None:
        try:
            data = json.loads(payload)
            return cls(schema=str(data["s"]), topic=str(data["t"]), kind=str(data["k"]), ref=int(data["r"]))
        except (ValueError, KeyError, TypeError):
            return None


RESYNC = "resync"


def live_notify(event: LiveEvent) -> None:
    """Send `event` now, on Django's connection (in autocommit: after the caller's transaction committed). A
    function of PostgreSQL's catalogue, on any search path: the cursor skips django-tenants' `SET search_path`
    (the worker announces a stored message just after leaving its organisation's schema)."""
    with unrouted_cursor() as cursor:
        cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, event.payload()])


def live_notify_expression(*, topic: str, kind: str, ref: int) -> tuple[str, list[str]]:
    """What `live_announce_on_commit` announces, as an SQL expression (`pg_notify(…)`) and its parameters, for a
    statement the caller sends anyway: PostgreSQL sends the notification when that statement's transaction commits
    and drops it if it rolls back — the same promise, without a statement of its own after the commit. The schema
    is the current one."""
    event = LiveEvent(schema=schema_name_current(), topic=topic, kind=kind, ref=ref)
    return "pg_notify(%s, %s)", [CHANNEL, event.payload()]


def live_notify_of_row_expression(*, topic: str, kind: str, ref_sql: str) -> tuple[str, list[str]]:
    """`live_notify_expression` for a row the statement itself writes: its id is the SQL `ref_sql` (a column of
    the rows the statement returns), put in the payload by PostgreSQL — the same JSON `LiveEvent.payload` makes."""
    head = LiveEvent(schema=schema_name_current(), topic=topic, kind=kind, ref=0).payload()
    assert head.endswith('"r":0}')
    return f"pg_notify(%s, %s || {ref_sql} || '}}')", [CHANNEL, head.removesuffix("0}")]


def live_notify_of_new_topic_expression(*, topic_head: str, topic_id_sql: str, kind: str,
                                        ref_sql: str) -> tuple[str, list[str]]:
    """`live_notify_of_row_expression` for a topic whose id is a row the statement writes too (a conversation
    opened with its first message): the topic is `topic_head` followed by the id the SQL `topic_id_sql` gives."""
    head = LiveEvent(schema=schema_name_current(), topic=f"{topic_head}0", kind=kind, ref=0).payload()
    before, after = head.split(f'"t":"{topic_head}0"', 1)  # (a head JSON writes as it is: "conversation:")
    assert after.endswith('"r":0}')
    return (f"pg_notify(%s, %s || {topic_id_sql} || %s || {ref_sql} || '}}')",
            [CHANNEL, f'{before}"t":"{topic_head}', '"' + after.removesuffix("0}")])


def live_announce_on_commit(*, topic: str, kind: str, ref: int) -> None:
    """Announce `kind` about `topic` in the current organisation once the current transaction commits (nothing if
    it rolls back). The schema is read now (a commit may fire after the caller left the tenant's context). A
    failure to announce is logged, never raised: the pages' safety poll shows the change anyway."""
    event = LiveEvent(schema=schema_name_current(), topic=topic, kind=kind, ref=ref)

    def live_notify_after_commit() -> None:  # named: tests and Django's robust path see it by its __qualname__
        live_notify(event)

    live_notify_after_commit.event = event  # type: ignore[attr-defined]  # what tests read
    transaction.on_commit(live_notify_after_commit, robust=True)


class LiveStream:
    """One browser's subscription to (schema, topic), as the body of a StreamingHttpResponse: server-sent events
    (`event: <kind>` / `data: {"ref": id}`), a heartbeat comment while nothing happens, and an end after
    `lifetime` seconds. `close()` (the WSGI server calls it when the response ends or the browser went away)
    unsubscribes."""

    def __init__(self, hub: LiveHub, *, schema: str, topic: str, lifetime: float, heartbeat: float) -> None:
        self.hub, self.schema, self.topic = hub, schema, topic
        self.lifetime, self.heartbeat = lifetime, heartbeat
        self.events: queue.Queue[LiveEvent] = queue.Queue(maxsize=QUEUE_SIZE)
        self.closed = False

    def offer(self, event: LiveEvent) -> None:
        """From the listener thread: queue `event`; a full queue is emptied and told to resync (never blocks)."""
        try:
            self.events.put_nowait(event)
        except queue.Full:
            while True:
                try:
                    self.events.get_nowait()
                except queue.Empty:
                    break
            self.events.put_nowait(LiveEvent(self.schema, self.topic, RESYNC))

    def __iter__(self) -> Iterator[bytes]:
        # The request's connection goes back (to the pool) before the stream waits: a stream holds none. (Not
        # inside a transaction: a test's, which the test client runs the view in.)
        if not connections[DEFAULT_DB_ALIAS].in_atomic_block:
            connections[DEFAULT_DB_ALIAS].close()
        yield b"retry: 1000\n: live\n\n"
        deadline = time.monotonic() + self.lifetime
        while not self.closed:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            try:
                event = self.events.get(timeout=min(self.heartbeat, left))
            except queue.Empty:
                yield b": heartbeat\n\n"
                continue
            if event.schema != self.schema or event.topic != self.topic:  # never another organisation's or chat's
                continue
            yield f"event: {event.kind}\ndata: {json.dumps({'ref': event.ref})}\n\n".encode()
        yield b"event: bye\ndata: {}\n\n"  # the browser reconnects (after `retry`), authenticated again

    def close(self) -> None:
        self.closed = True
        self.hub.unsubscribe(self)


class LiveHub:
    """This process's listener and its subscribers. Thread-safe; the listener thread starts with the first
    subscription and runs while the process lives (one PostgreSQL connection, counted by `connection_budget`), or
    until `stop()`."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.streams: dict[tuple[str, str], set[LiveStream]] = {}
        self.count = 0
        self.thread: threading.Thread | None = None
        self.pid = os.getpid()
        self.listening = threading.Event()  # set while LISTEN is in force (tests and the bench wait for it)
        self.stopping = threading.Event()

    def subscribe(self, *, schema: str, topic: str, limit: int | None = None, lifetime: float | None = None,
                  heartbeat: float | None = None) -> LiveStream | None:
        """A stream of (schema, topic)'s events, or None when this process already serves `limit` streams."""
        limit = settings.MAGIE_LIVE_STREAMS if limit is None else limit
        stream = LiveStream(self, schema=schema, topic=topic,
                            lifetime=settings.MAGIE_LIVE_STREAM_SECONDS if lifetime is None else lifetime,
                            heartbeat=settings.MAGIE_LIVE_HEARTBEAT_SECONDS if heartbeat is None else heartbeat)
        with self.lock:
            if self.count >= limit:
                return None
            self.streams.setdefault((schema, topic), set()).add(stream)
            self.count += 1
            self._start()
        return stream

    def unsubscribe(self, stream: LiveStream) -> None:
        with self.lock:
            subscribed = self.streams.get((stream.schema, stream.topic), set())
            if stream in subscribed:
                subscribed.discard(stream)
                self.count -= 1
                if not subscribed:
                    del self.streams[(stream.schema, stream.topic)]

    def dispatch(self, payload: str) -> int:
        """Hand one notification to the streams of its (schema, topic); how many got it."""
        event = LiveEvent.parse(payload)
        if event is None:
            logger.warning("live: unreadable notification %r", payload[:200])
            return 0
        with self.lock:
            targets = list(self.streams.get((event.schema, event.topic), ()))
        for stream in targets:
            stream.offer(event)
        return len(targets)

    def resync_all(self) -> None:
        with self.lock:
            targets = [stream for streams in self.streams.values() for stream in streams]
        for stream in targets:
            stream.offer(LiveEvent(stream.schema, stream.topic, RESYNC))

    def stop(self) -> None:
        """End the listener (within a second) and close its connection: tests and benches that made this hub."""
        self.stopping.set()
        if self.thread is not None:
            self.thread.join(5)

    def _start(self) -> None:  # under self.lock
        if self.thread is not None and self.thread.is_alive():
            return
        self.thread = threading.Thread(target=self._listen_forever, name="magie-live-listener", daemon=True)
        self.thread.start()

    def _listen_forever(self) -> None:
        pause, connected_before = 0.5, False
        while not self.stopping.is_set():
            try:
                with autocommit_session() as listener:
                    listener.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    pause = 0.5
                    if connected_before:  # what was announced while not listening is fetched by every page
                        self.resync_all()
                    connected_before = True
                    while not self.stopping.is_set():
                        for notify in listener.notifies(timeout=1.0):  # returns each second to look at `stopping`
                            self.dispatch(notify.payload)
                    return
            except Exception as error:  # noqa: BLE001 — the database went away: reconnect, streams keep waiting
                self.listening.clear()
                logger.warning("live: listener lost its connection (%s); again in %.1f s", error, pause)
                self.stopping.wait(pause)
                pause = min(pause * 2, 10.0)


_hub: LiveHub | None = None
_hub_lock = threading.Lock()


def live_hub() -> LiveHub:
    """This process's hub (a forked child makes its own: threads do not survive a fork)."""
    global _hub
    with _hub_lock:
        if _hub is None or _hub.pid != os.getpid():
            _hub = LiveHub()
        return _hub
