"""Store engine throughput: catalog searches, used-device quotes and reservations per second, 1 and 8 clients.

Run: `.venv/bin/python bench/store_bench.py` (uses DATABASE_URL if set, the embedded PostgreSQL otherwise).
Works in its own organisation `benchstore` (created and migrated if needed, demo catalog plus BENCH_PRODUCTS
generated products); every client is a real thread. With the pool (magie.settings.base: DATABASE_POOL,
DATABASE_POOL_MAX_SIZE) a client takes a connection from it for each operation and gives it back, as a request
thread of a web process does, so 8 clients share a pool of 4; without the pool each client keeps its own
connection. Prints figures only.
"""

from __future__ import annotations

import os
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "magie.settings.base")

import django  # noqa: E402

django.setup()

from django.apps import apps  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django_tenants.utils import tenant_context  # noqa: E402

from store import selectors, services  # noqa: E402
from store.models import Product, UsedDeviceQuote  # noqa: E402
from tenants.services import organisation_create  # noqa: E402

SCHEMA = "benchstore"
BENCH_PRODUCTS = 2_000
SECONDS = 3.0
CLIENTS = (1, 8)
BARRIER_TIMEOUT = 30  # seconds for every client to start
RUN_MARGIN = 60  # seconds past the run for the last operations (each waits at most DATABASE_POOL_TIMEOUT)
QUERIES = (
    {"query": "iphone 13"}, {"query": "galaxy", "include_sold_out": False}, {"query": "cargador rapido"},
    {"query": "motorola edge 40"}, {"query": "xiaomi redmi note", "capacity_gb": 128},
    {"query": "funda iphone", "max_price_cents": 2_000_000}, {"query": "Samsung S23"}, {"query": "pixel"},
)
QUOTES = (("iPhone 13", 128, 95), ("iphone12", 64, 81), ("Galaxy S22", 256, 72), ("Apple iPhone 14", 512, 50),
          ("galaxy s21", 128, 90))


def organisation_ready():
    call_command("migrate_schemas", "--shared", verbosity=0)
    organisation = organisation_create(schema_name=SCHEMA, name="Bench store", kind="store", language="es",
                                       time_zone="America/Argentina/Buenos_Aires", currency="ARS")
    call_command("migrate_schemas", f"--schema={SCHEMA}", verbosity=0)
    with tenant_context(organisation):
        apps.get_app_config("store").seed_demo(organisation)
        have = Product.objects.filter(sku__startswith="BENCH-").count()
        brands = (("Apple", "iPhone"), ("Samsung", "Galaxy A"), ("Motorola", "Moto G"), ("Xiaomi", "Redmi"))
        extra = []
        for n in range(have, BENCH_PRODUCTS):
            brand, line = brands[n % len(brands)]
            product = Product(sku=f"BENCH-{n:05d}", name=f"{line} {n % 97} {64 << (n % 4)} GB color {n}",
                              brand=brand, model=f"{line} {n % 97}", capacity_gb=64 << (n % 4),
                              price_cents=10_000_000 + n * 1_000, currency="ARS", stock=n % 5,
                              warranty_months=(None, 0, 6, 12)[n % 4], sold_out=n % 11 == 0)
            product.refresh_search_text()
            extra.append(product)
        Product.objects.bulk_create(extra, batch_size=500)
        hot = Product.objects.get(sku="IP13-128-N")
        services.product_update(product_id=hot.pk, stock=1_000_000, sold_out=False)
        UsedDeviceQuote.objects.all().delete()
    connection.set_schema_to_public()
    return organisation, hot.pk


def measure(organisation, clients: int, operation) -> tuple[int, float, list[float]]:
    # This thread's connection goes back to the pool: held idle through the run, it would leave the clients one
    # fewer.
    connection.close()
    pooled = connection.pool is not None  # type: ignore[attr-defined]  # django's psycopg 3 backend
    barrier = threading.Barrier(clients + 1, timeout=BARRIER_TIMEOUT)
    latencies: list[list[float]] = [[] for _ in range(clients)]
    errors: list[BaseException] = []
    stop_at = [0.0]

    def client(index: int) -> None:
        connection.set_tenant(organisation)  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
        try:
            # No connection is held while waiting for the others: clients holding one here while the rest waited
            # for the pool (8 clients, pool 4) never saw them arrive, and the bench hung. A client that fails
            # breaks the barrier for all, so the run ends with its error.
            barrier.wait()
            i = index
            while time.perf_counter() < stop_at[0]:
                started = time.perf_counter()
                try:
                    operation(i)
                finally:
                    if pooled:
                        connection.close()  # back to the pool, as at the end of a request
                latencies[index].append(time.perf_counter() - started)
                i += clients
        except BaseException as error:  # noqa: BLE001 - reported below
            barrier.abort()
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=client, args=(n,), daemon=True) for n in range(clients)]
    for thread in threads:
        thread.start()
    stop_at[0] = time.perf_counter() + SECONDS
    barrier.wait()
    started = time.perf_counter()
    for thread in threads:
        thread.join(max(0.0, started + SECONDS + RUN_MARGIN - time.perf_counter()))
    if errors:
        raise errors[0]
    if any(thread.is_alive() for thread in threads):
        raise RuntimeError(f"store bench clients still running {SECONDS + RUN_MARGIN:.0f} s after the start")
    elapsed = time.perf_counter() - started
    flat = [value for per_client in latencies for value in per_client]
    return len(flat), elapsed, flat


def main() -> None:
    began = time.perf_counter()
    organisation, hot_id = organisation_ready()

    def search(i: int) -> None:
        selectors.catalog_search(**QUERIES[i % len(QUERIES)])

    def quote(i: int) -> None:
        model, capacity, battery = QUOTES[i % len(QUOTES)]
        services.used_device_quote(device_model=model, capacity_gb=capacity, battery_health=battery)

    def reserve(i: int) -> None:
        services.product_reserve(product_id=hot_id, quantity=1)
        services.product_release(product_id=hot_id, quantity=1)

    pooled = connection.pool is not None  # type: ignore[attr-defined]  # django's psycopg 3 backend
    pool = f"pool of {settings.DATABASE_POOL_MAX_SIZE} connections" if pooled else "no pool, a connection per client"
    print(f"store bench — {connection.settings_dict['NAME']}, schema {SCHEMA}, "
          f"{BENCH_PRODUCTS + 12} products, {SECONDS:.0f} s per row, {pool}")
    print(f"{'operation':<34}{'clients':>8}{'ops':>8}{'ops/s':>10}{'p50 ms':>9}{'p95 ms':>9}")
    for label, operation in (("catalog_search", search), ("used_device_quote (writes a row)", quote),
                             ("reserve+release, one hot row", reserve)):
        for clients in CLIENTS:
            count, elapsed, flat = measure(organisation, clients, operation)
            flat.sort()
            p50 = statistics.median(flat) * 1000 if flat else float("nan")
            p95 = flat[int(len(flat) * 0.95) - 1] * 1000 if flat else float("nan")
            print(f"{label:<34}{clients:>8}{count:>8}{count / elapsed:>10.0f}{p50:>9.1f}{p95:>9.1f}")
    with tenant_context(organisation):
        UsedDeviceQuote.objects.all().delete()  # keep the bench organisation small between runs
    print(f"total {time.perf_counter() - began:.1f} s")


if __name__ == "__main__":
    main()
