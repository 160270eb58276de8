"""Server push latency (magie/live.py): from a committed `pg_notify` on another connection (what a worker's
on_commit callback sends) to the event's bytes leaving a stream, through this process's one listener thread and
its fan-out, with 1 and with MAGIE_LIVE_STREAMS streams open (all on the same chat: the worst fan-out).

The browser's side (webhook → customer message in the open chat's DOM, through the worker, the stream and one
fetch) is measured by inbox/tests/test_browser.py::test_a_customer_message_arrives_in_the_open_chat_while_the_agent_types,
which prints it.

    .venv/bin/python bench/live_bench.py          (DATABASE_URL, or the embedded PostgreSQL)
"""

from __future__ import annotations

import statistics
import threading
import time

import _setup  # noqa: F401  (Django on the configured database)
import psycopg
from django.conf import settings
from django.db import connection

from magie.live import CHANNEL, LiveEvent, LiveHub

ROUNDS = 300


def measure(streams: int) -> list[float]:
    hub = LiveHub()
    subscribed = [stream for _ in range(streams)
                  if (stream := hub.subscribe(schema="bench", topic="conversation:1", limit=streams, lifetime=3600,
                                              heartbeat=60)) is not None]
    assert len(subscribed) == streams
    assert hub.listening.wait(10)
    arrived: dict[int, list[float]] = {}
    lock = threading.Lock()

    def read(stream) -> None:
        for chunk in stream:
            if chunk.startswith(b"event: message"):
                ref = int(chunk.split(b'"ref": ')[1].split(b"}")[0])
                with lock:
                    arrived.setdefault(ref, []).append(time.perf_counter())

    readers = [threading.Thread(target=read, args=(stream,), daemon=True) for stream in subscribed]
    for reader in readers:
        reader.start()
    latencies = []
    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as other:
        for ref in range(ROUNDS):
            sent = time.perf_counter()
            other.execute("SELECT pg_notify(%s, %s)", [CHANNEL, LiveEvent("bench", "conversation:1", "message",
                                                                           ref).payload()])
            while True:
                with lock:
                    times = arrived.get(ref, [])
                    if len(times) == streams:
                        break
                time.sleep(0.0002)
            latencies.append(max(times) - sent)  # the last stream to get it
    for stream in subscribed:
        stream.close()
    hub.stop()
    return latencies


def main() -> None:
    for streams in (1, settings.MAGIE_LIVE_STREAMS):
        latencies = sorted(measure(streams))
        p50 = statistics.median(latencies) * 1000
        p99 = latencies[int(len(latencies) * 0.99) - 1] * 1000
        print(f"notify → stream, {streams:>2} stream(s), {ROUNDS} events: p50 {p50:.2f} ms, p99 {p99:.2f} ms, "
              f"max {latencies[-1] * 1000:.2f} ms")


if __name__ == "__main__":
    main()
