"""Bookings per second through `booking_create` with 1 and 8 concurrent clients on the configured PostgreSQL.

Run: `.venv/bin/python bench/booking_bench.py` (DATABASE_URL or the embedded PostgreSQL). Uses its own
organisation `benchschool` (created once, idempotent) and removes its bookings before each run. Each client is a
real thread with its own connection. Two shapes:
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
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.utils import timezone  # noqa: E402
from django_tenants.utils import tenant_context  # noqa: E402

from booking.errors import SlotTaken  # noqa: E402
from booking.models import Activity, ActivityEquipment, Booking, EquipmentType, Instructor, PaymentLink, TimeSlot  # noqa: E402
from booking.services import booking_create  # noqa: E402
from tenants.services import organisation_create  # noqa: E402

SECONDS_PER_RUN = float(os.environ.get("BENCH_SECONDS", "4"))
INSTRUCTORS = 8
DAYS = 30


def database_ensure() -> None:
    """The configured database may not exist yet (a fresh DATABASE_URL): create it, as `createdb` would."""
    from django.db.utils import OperationalError

    try:
        connection.ensure_connection()
        return
    except OperationalError as error:
        if "does not exist" not in str(error):
            raise
    import psycopg
    from psycopg import sql

    params = connection.get_connection_params() | {"dbname": "postgres", "autocommit": True}
    params.pop("cursor_factory", None)
    params.pop("context", None)
    with psycopg.connect(**params) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(connection.settings_dict["NAME"])))


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
    barrier = threading.Barrier(clients)
    latencies: list[list[float]] = [[] for _ in range(clients)]
    refused = [0] * clients
    errors: list[BaseException] = []

    def client(index: int) -> None:
        rng = random.Random(index)
        try:
            connection.set_tenant(org)  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
            connection.ensure_connection()
            barrier.wait()
            deadline = time.perf_counter() + SECONDS_PER_RUN
            while time.perf_counter() < deadline:
                slot_id = slot_ids[0] if len(slot_ids) == 1 else rng.choice(slot_ids)
                began = time.perf_counter()
                try:
                    booking_create(slot_id=slot_id, customer_ref=f"bench-{index}", customer_name="Bench",
                                   party_size=1)
                except SlotTaken:
                    refused[index] += 1
                latencies[index].append(time.perf_counter() - began)
        except BaseException as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            connection.close()

    elapsed = run_threads(client, clients)
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
        print(f"booking_create on PostgreSQL {version // 10000}.{version % 10000} "
              f"({db['HOST'] or 'local socket'}:{db['PORT'] or ''}), {SECONDS_PER_RUN:.0f} s per run")
        print(f"{'shape':<10} {'clients':>7} {'booked':>7} {'refused':>7} {'per s':>8} {'p50 ms':>8} {'p95 ms':>8}")
        for shape, ids in (("hot slot", slot_ids[:1]), ("spread", slot_ids)):
            for clients in (1, 8):
                result = run(org, clients, ids)
                print(f"{shape:<10} {clients:>7} {result['booked']:>7} {result['refused']:>7} "
                      f"{result['per_second']:>8.1f} {result['p50_ms']:>8.2f} {result['p95_ms']:>8.2f}")
        Booking.objects.filter(slot_id__in=slot_ids).delete()


if __name__ == "__main__":
    main()
