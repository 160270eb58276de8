"""Clients of one process's connection pool, run by tests/test_pool.py with magie.settings.base (the pool on, sized
by DATABASE_POOL_MAX_SIZE and DATABASE_POOL_TIMEOUT from the environment). Prints one JSON line.

`python -m tests.pool_clients beyond`: every connection of the pool lent to a thread, one more checkout — what it
raises, after how long, what the middleware answers, and whether a checkout works again once they are returned.

`python -m tests.pool_clients book SLOT_ID CLIENTS ROUNDS`: CLIENTS threads released together each book the demo
school's slot ROUNDS times, taking a connection per booking and giving it back, as a web process's request threads
do; the outcomes counted by name, and how many threads were still running at the deadline.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from collections import Counter

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "magie.settings.base")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import OperationalError, connection  # noqa: E402

WAIT = 30  # seconds: the longest any thread here waits for another, so the script itself cannot hang


def beyond() -> dict[str, object]:
    connection.close()  # this thread holds nothing yet: the pool is all the holders'
    size = settings.DATABASE_POOL_MAX_SIZE
    all_held = threading.Barrier(size + 1, timeout=WAIT)
    release = threading.Event()

    def hold() -> None:
        try:
            connection.ensure_connection()
            all_held.wait()
            release.wait(WAIT)
        finally:
            connection.close()

    holders = [threading.Thread(target=hold, daemon=True) for _ in range(size)]
    for holder in holders:
        holder.start()
    all_held.wait()
    began = time.monotonic()
    error: BaseException | None = None
    try:
        connection.ensure_connection()
    except OperationalError as raised:
        error = raised
    waited = time.monotonic() - began
    connection.close()
    release.set()
    for holder in holders:
        holder.join(WAIT)
    from magie.middleware import pool_exhausted_response

    response = pool_exhausted_response(error) if error is not None else None
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        again = cursor.fetchone() == (1,)
    return {
        "pool_size": size, "error": type(error).__name__ if error else None,
        "cause": type(error.__cause__).__name__ if error else None, "waited": waited,
        "status": response.status_code if response else None,
        "retry_after": response["Retry-After"] if response else None, "again": again,
    }


def book(slot_id: int, clients: int, rounds: int) -> dict[str, object]:
    from booking.errors import SlotTaken
    from booking.services import booking_create
    from tenants.models import Organisation

    school = Organisation.objects.get(schema_name="demoschool")
    connection.close()
    start = threading.Barrier(clients, timeout=WAIT)
    outcomes: Counter[str] = Counter()
    lock = threading.Lock()

    def count(outcome: str) -> None:
        with lock:
            outcomes[outcome] += 1

    def client(index: int) -> None:
        connection.set_tenant(school)  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
        try:
            start.wait()
            for round_ in range(rounds):
                try:
                    booking_create(slot_id=slot_id, customer_ref=f"pool-{index}-{round_}", customer_name="Pool",
                                   party_size=1)
                    count("booked")
                except SlotTaken:
                    count("slot_taken")
                except Exception as error:  # noqa: BLE001 - counted by name; the test wants none
                    count(type(error).__name__)
                finally:
                    connection.close()  # back to the pool, as at the end of a request
        except BaseException as error:  # noqa: BLE001 - counted by name
            start.abort()
            count(type(error).__name__)

    threads = [threading.Thread(target=client, args=(i,), daemon=True) for i in range(clients)]
    deadline = time.monotonic() + 2 * WAIT
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(max(0.0, deadline - time.monotonic()))
    return {"pool_size": settings.DATABASE_POOL_MAX_SIZE, "stuck": sum(t.is_alive() for t in threads),
            "outcomes": dict(outcomes)}


if __name__ == "__main__":
    mode, *args = sys.argv[1:]
    result = beyond() if mode == "beyond" else book(*(int(arg) for arg in args))
    print(json.dumps(result))
