"""Bookings per second through `booking_create` with 1 and 8 concurrent clients on the configured PostgreSQL.

Run: `.venv/bin/python bench/booking_bench.py` (DATABASE_URL or the embedded PostgreSQL). Uses its own
organisation `benchschool` (created once, idempotent) and removes its bookings before each run. Each client is a
real thread. With the pool (magie.settings.base: DATABASE_POOL, DATABASE_POOL_MAX_SIZE) a client takes a connection
from it for each booking and gives it back, as a request thread of a web process does, so 8 clients share a pool of
4 as 8 request threads would; without the pool each client keeps its own connection. Two shapes:
* hot slot: every client books the same slot (all wait on its instructor's and slot's row locks);
* spread: clients book random slots of 8 instructors over 30 days, all needing the same equipment type, so the
  equipment row lock is what they share (as skis are at a real school).
"""

from __future__ import annotations

import logging
import os
import random
import statistics
import threading
import time
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from _setup import run_threads  # Django set up as every bench has it
from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.utils import timezone  # noqa: E402
from django_tenants.utils import tenant_context  # noqa: E402

from booking.errors import SlotTaken  # noqa: E402
from booking.models import Activity, ActivityEquipment, Booking, EquipmentType, Instructor, PaymentLink, TimeSlot  # noqa: E402
from booking.services import booking_create  # noqa: E402
from tenants.services import organisation_create  # noqa: E402

SECONDS_PER_RUN = float(os.environ.get("BENCH_SECONDS", "4"))
BARRIER_TIMEOUT = 30  # seconds for every client to start
RUN_MARGIN = 60  # seconds past the run for the last bookings (each waits at most DATABASE_POOL_TIMEOUT for the pool)
INSTRUCTORS = 8
DAYS = 30


def database_ensure() -> None:
    """The configured database may not exist yet (a fresh DATABASE_URL): create it, as `createdb` would.

    Asked of the server's `postgres` database on a connection of its own: through the pool a missing database is
    no "does not exist" error but a PoolTimeout after DATABASE_POOL_TIMEOUT seconds of retries."""
    import psycopg
    from psycopg import sql

    name = connection.settings_dict["NAME"]
    params = connection.get_connection_params() | {"dbname": "postgres", "autocommit": True}
    params.pop("cursor_factory", None)
    params.pop("context", None)
    with psycopg.connect(**params) as admin:
        if admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is None:
            admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def organisation():
    database_ensure()
    call_command("migrate_schemas", shared=True, verbosity=0)
    return organisation_create(schema_name="benchschool", name="Bench school", kind="school", language="ca",
                               time_zone="Europe/Andorra", currency="EUR")


def seed() -> list[int]:
    """The bench catalogue (idempotent); returns the slot ids, the first one being the hot slot."""
    gear, _ = EquipmentType.objects.get_or_create(slug="bench-gear", defaults={"name": "Bench gear", "stock": 10**9})
    activity, _ = Activity.objects.get_or_create(
        slug="bench", defaults={"name": "Bench", "price_cents": 1000, "currency": "EUR", "duration": timedelta(hours=2)}
    )
    ActivityEquipment.objects.get_or_create(activity=activity, equipment_type=gear, defaults={"quantity": 1})
    instructors = [Instructor.objects.get_or_create(name=f"Bench instructor {i}")[0] for i in range(INSTRUCTORS)]
    tz = ZoneInfo("Europe/Andorra")
    first_day = timezone.now().astimezone(tz).date() + timedelta(days=1)
    TimeSlot.objects.bulk_create(
        [TimeSlot(activity=activity, instructor=teacher, start=start, end=start + timedelta(hours=2), capacity=30000)
         for day in range(DAYS) for teacher in instructors
         for start in [datetime.combine(first_day + timedelta(days=day), datetime.min.time(), tzinfo=tz)
                       + timedelta(hours=9)]],
        ignore_conflicts=True,
    )
    return list(TimeSlot.objects.filter(activity=activity, start__gte=timezone.now()).order_by("start", "pk")
                .values_list("pk", flat=True))


def run(org, clients: int, slot_ids: list[int]) -> dict[str, float]:
    PaymentLink.objects.filter(booking__slot_id__in=slot_ids).delete()
    Booking.objects.filter(slot_id__in=slot_ids).delete()
    # This thread's connection goes back to the pool: held idle through the run, it would leave the clients one
    # fewer (with a pool of 4 and 8 clients, 3).
    connection.close()
    pooled = connection.pool is not None  # type: ignore[attr-defined]  # django's psycopg 3 backend
    barrier = threading.Barrier(clients)
    latencies: list[list[float]] = [[] for _ in range(clients)]
    refused = [0] * clients
    errors: list[BaseException] = []

    def client(index: int) -> None:
        rng = random.Random(index)
        try:
            connection.set_tenant(org)  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
            # No connection is held while waiting for the others: a client holding one here while the rest wait
            # for the pool (8 clients, pool 4) never saw them arrive — the bench hung, the database idle. A client
            # that fails breaks the barrier for all, so the run ends with its error.
            barrier.wait(timeout=BARRIER_TIMEOUT)
            deadline = time.perf_counter() + SECONDS_PER_RUN
            while time.perf_counter() < deadline:
                slot_id = slot_ids[0] if len(slot_ids) == 1 else rng.choice(slot_ids)
                began = time.perf_counter()
                try:
                    booking_create(slot_id=slot_id, customer_ref=f"bench-{index}", customer_name="Bench",
                                   party_size=1)
                except SlotTaken:
                    refused[index] += 1
                finally:
                    if pooled:
                        connection.close()  # back to the pool, as at the end of a request
                latencies[index].append(time.perf_counter() - began)
        except BaseException as error:  # noqa: BLE001 - reported below
            barrier.abort()
            errors.append(error)
        finally:
            connection.close()

    elapsed = run_threads(client, clients, timeout=BARRIER_TIMEOUT + SECONDS_PER_RUN + RUN_MARGIN)
    if errors:
        raise errors[0]
    every = sorted(value for client_latencies in latencies for value in client_latencies)
    booked = Booking.objects.filter(slot_id__in=slot_ids).count()
    return {
        "booked": booked, "refused": sum(refused), "per_second": booked / elapsed,
        "p50_ms": statistics.median(every) * 1000, "p95_ms": every[int(len(every) * 0.95) - 1] * 1000,
    }


def main() -> None:
    logging.getLogger("booking").setLevel(logging.WARNING)  # one INFO line per booking would time the terminal
    logging.getLogger("tenants").setLevel(logging.WARNING)
    org = organisation()
    with tenant_context(org):
        slot_ids = seed()
        db = connection.settings_dict
        version = connection.cursor().connection.info.server_version
        pooled = connection.pool is not None  # type: ignore[attr-defined]  # django's psycopg 3 backend
        pool = f"pool of {settings.DATABASE_POOL_MAX_SIZE} connections" if pooled else "no pool, a connection per client"
        print(f"booking_create on PostgreSQL {version // 10000}.{version % 10000} "
              f"({db['HOST'] or 'local socket'}:{db['PORT'] or ''}), {pool}, {SECONDS_PER_RUN:.0f} s per run")
        print(f"{'shape':<10} {'clients':>7} {'booked':>7} {'refused':>7} {'per s':>8} {'p50 ms':>8} {'p95 ms':>8}")
        for shape, ids in (("hot slot", slot_ids[:1]), ("spread", slot_ids)):
            for clients in (1, 8):
                result = run(org, clients, ids)
                print(f"{shape:<10} {clients:>7} {result['booked']:>7} {result['refused']:>7} "
                      f"{result['per_second']:>8.1f} {result['p50_ms']:>8.2f} {result['p95_ms']:>8.2f}")
        Booking.objects.filter(slot_id__in=slot_ids).delete()


if __name__ == "__main__":
    main()
