"""Shared set-up for benchmarks: Django on the configured (or embedded) PostgreSQL and a bench organisation."""

from __future__ import annotations

import math
import os
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "magie.settings.base")
# A bench runs on a developer's machine: local keys even against a real DATABASE_URL (see "Production settings").
os.environ.setdefault("MAGIE_DEPLOYMENT", "development")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

from tenants.services import organisation_create, platform_ensure  # noqa: E402


def bench_organisation(schema_name: str, kind: str, language: str = "pt-BR", time_zone: str = "America/Sao_Paulo",
                       currency: str = "BRL"):
    """The benchmark's own organisation (created once, migrated, reused), never a demo one."""
    call_command("migrate_schemas", shared=True, interactive=False, verbosity=0)
    platform_ensure()
    return organisation_create(schema_name=schema_name, name=f"Bench {schema_name}", kind=kind, language=language,
                               time_zone=time_zone, currency=currency)


def run_threads(target: Callable[[int], object], count: int, timeout: float = 600) -> float:
    """Run target(0) … target(count - 1) each in its own thread, started together; the seconds until all ended.

    A thread still running `timeout` seconds after the start raises instead of leaving the bench waiting forever
    (the threads are daemons, so the process can exit with the error)."""
    threads = [threading.Thread(target=target, args=(i,), daemon=True) for i in range(count)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(max(0.0, started + timeout - time.perf_counter()))
    stuck = sum(thread.is_alive() for thread in threads)
    if stuck:
        raise RuntimeError(f"{stuck} of {count} bench threads still running after {timeout:.0f} s")
    return time.perf_counter() - started


def percentiles(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "p50": statistics.median(ordered),
        # nearest rank: the smallest sample at or above 99% of them (of 100 samples the 99th, not the max)
        "p99": ordered[max(0, math.ceil(len(ordered) * 0.99) - 1)],
        "max": ordered[-1],
    }
