"""Migrations over many organisations, and a new organisation: today's way beside Magie's, in one run.

Run: `.venv/bin/python bench/schemas_bench.py` (DATABASE_URL optional: the embedded PostgreSQL otherwise).
Options: `--count 1000` organisations; `--today-sample N` times django-tenants' executor on N schemas only and
scales it to the count (the full run of today's way takes about a second per schema); `--rebuild` drops the bench
database first; `--skip-probe` leaves out the one-column migration.

The organisations live in a database of their own, `magie_schemas_bench` on the same server, built once (copies of
the template schema, two at a time: minutes) and reused by every later run; `--rebuild` starts it again. Each run:
  1. brings every schema up to the code's migrations with Magie's executor (reported: what it applied, if the code
     has new migrations since the last run);
  2. times a `manage.py migrate_schemas --noinput` with nothing to apply over all of them — Magie's executor, then
     today's (`--executor multiprocessing`, what the README said to run) — both as an operator runs them, Django's
     start-up included;
  3. times five new organisations (`organisation_create`: schema, domain, policy, roles) by today's way (every
     migration, MAGIE_SCHEMA_TEMPLATE=false) and five by the template, each in a process of its own, and removes
     them;
  4. times a one-column migration over all of them (the probe app of `tests.probe`: expand, then contract) while a
     thread reads the table it alters in one organisation, and reports that thread's slowest statement.
Prints RESULT lines and the load average beside the wall times.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
BENCH_DB = "magie_schemas_bench"
PREFIX = "sb"


def server_url() -> str:
    sys.path.insert(0, str(ROOT))
    if os.environ.get("DATABASE_URL"):
        return os.environ["DATABASE_URL"]
    from magie.embedded import embedded_postgres_uri

    return embedded_postgres_uri(Path(os.environ.get("MAGIE_DATA_DIR", ROOT / ".data")))


def with_database(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


def load() -> str:
    return "load average " + " / ".join(f"{value:.1f}" for value in os.getloadavg())


def bench_env(url: str, **extra: str) -> dict[str, str]:
    return os.environ | {"MAGIE_DEPLOYMENT": "development", "DATABASE_URL": with_database(url, BENCH_DB),
                         "DJANGO_SETTINGS_MODULE": "magie.settings.base", "LOG_LEVEL": "WARNING",
                         "DATABASE_POOL": "false", "PYTHONPATH": str(ROOT), **extra}


def manage(url: str, *args: str, **extra: str) -> float:
    """Run `manage.py <args>` against the bench database as an operator would; its wall seconds."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "manage.py", *args], env=bench_env(url, **extra), cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - started


def child(url: str, step: str, *args: str, **extra: str) -> dict:
    """Run a step of this file in a process of its own on the bench database; its RESULT json."""
    done = subprocess.run([sys.executable, __file__, "--child", step, *args], env=bench_env(url, **extra),
                          cwd=ROOT, check=True, capture_output=True, text=True)
    [line] = [line for line in done.stdout.splitlines() if line.startswith("CHILD ")]
    return json.loads(line.removeprefix("CHILD "))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--today-sample", type=int, default=0)
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--skip-probe", action="store_true")
    options = parser.parse_args()
    url = server_url()
    import psycopg

    with psycopg.connect(with_database(url, "postgres"), autocommit=True) as admin:
        if options.rebuild:
            admin.execute(f'DROP DATABASE IF EXISTS "{BENCH_DB}" WITH (FORCE)')
        if not admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [BENCH_DB]).fetchone():
            admin.execute(f'CREATE DATABASE "{BENCH_DB}"')
    manage(url, "migrate_schemas", "--shared", "--noinput")
    built = child(url, "build", str(options.count))
    print(f"{built['count']} organisations in {BENCH_DB} ({built['made']} made now in {built['seconds']:.0f} s)")

    started = time.perf_counter()
    subprocess.run([sys.executable, "manage.py", "migrate_schemas", "--noinput"], env=bench_env(url), cwd=ROOT,
                   check=True, stdout=subprocess.DEVNULL)
    print(f"brought up to the code's migrations: {time.perf_counter() - started:.1f} s")

    ours = [manage(url, "migrate_schemas", "--noinput") for _ in range(3)]
    print(f"no-op migrate_schemas over {options.count} schemas, Magie's executor: "
          f"{' / '.join(f'{value:.1f}' for value in ours)} s ({load()})")
    if options.today_sample:
        sample = child(url, "today", str(options.today_sample))
        today = sample["seconds"] / sample["schemas"] * options.count
        how = f"{sample['seconds']:.1f} s for {sample['schemas']} schemas, scaled to {options.count}"
    else:
        today = manage(url, "migrate_schemas", "--noinput", "--executor", "multiprocessing")
        how = "the whole run"
    print(f"no-op migrate_schemas over {options.count} schemas, today's (--executor multiprocessing, 2 processes): "
          f"{today:.0f} s ({how}; {load()})")

    today_made = child(url, "create", "today", MAGIE_SCHEMA_TEMPLATE="false")
    template_made = child(url, "create", "template")
    by_migrations, by_template = today_made["seconds"], template_made["seconds"]
    print(f"new organisation (organisation_create), today's by migrations: "
          f"{' / '.join(f'{value:.2f}' for value in by_migrations)} s; by the template: "
          f"{' / '.join(f'{value:.2f}' for value in by_template)} s ({load()})")
    for name, made in (("by migrations", today_made), ("by the template", template_made)):
        print(f"  {name}: this process's CPU {statistics.median(made['cpu']):.2f} s, "
              f"{statistics.median(made['statements']):.0f} statements sent (median of 5)")

    probe = None
    if not options.skip_probe:
        probe = child(url, "probe")
        print(f"one-column migration over {options.count} schemas: expand {probe['expand']:.0f} s, contract "
              f"{probe['contract']:.0f} s; meanwhile a reader of the altered table in one organisation: "
              f"{probe['statements']} statements, slowest {probe['slowest_ms']:.0f} ms ({load()})")
    print(f"RESULT schemas={options.count} noop_ours_s={min(ours):.1f} noop_today_s={today:.0f} "
          f"create_today_s={statistics.median(by_migrations):.2f} "
          f"create_template_s={statistics.median(by_template):.2f}"
          + (f" probe_expand_s={probe['expand']:.0f} probe_contract_s={probe['contract']:.0f}" if probe else ""))


# ------------------------------------------------------------------------------------------------ child steps

def django_up() -> None:
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def step_build(count: str) -> dict:
    """Organisations sb0001… up to `count`: rows in bulk, schemas as copies of the template, two threads."""
    from concurrent.futures import ThreadPoolExecutor

    from django.db import connection

    from magie.schemas.template import schema_create_from_template
    from tenants.models import Domain, Organisation, OrganisationPolicy
    from tenants.services import organisation_host, platform_ensure

    platform_ensure()
    wanted = [f"{PREFIX}{index:04d}" for index in range(1, int(count) + 1)]
    existing = set(Organisation.objects.filter(schema_name__startswith=PREFIX).values_list("schema_name", flat=True))
    with connection.cursor() as cursor:
        cursor.execute("SELECT nspname FROM pg_namespace WHERE nspname LIKE %s", [f"{PREFIX}%"])
        schemas = {name for (name,) in cursor.fetchall()}
    missing = [name for name in wanted if name not in existing or name not in schemas]
    started = time.perf_counter()

    def make(schema: str) -> None:
        if schema not in schemas:
            assert schema_create_from_template(schema), "no pg_dump for this server"
        connection.close()

    if missing:
        with ThreadPoolExecutor(max_workers=2) as pool:
            list(pool.map(make, missing))
        new = [Organisation(schema_name=name, name=f"Bench {name}", kind="bank", language="pt-BR",
                            time_zone="America/Sao_Paulo", currency="BRL") for name in missing if name not in existing]
        Organisation.objects.bulk_create(new)  # bulk_create skips save(): the schemas exist already
        for organisation in Organisation.objects.filter(schema_name__in=[o.schema_name for o in new]):
            Domain.objects.create(domain=organisation_host(organisation.schema_name), tenant=organisation,
                                  is_primary=True)
            OrganisationPolicy.objects.create(organisation=organisation)
    total = Organisation.objects.filter(schema_name__startswith=PREFIX).count()
    return {"count": total, "made": len(missing), "seconds": time.perf_counter() - started}


def step_today(sample: str) -> dict:
    """django-tenants' multiprocessing executor (what `--executor multiprocessing` runs) over `sample` schemas."""
    from django_tenants.migration_executors import MultiprocessingExecutor

    from tenants.models import Organisation

    schemas = list(Organisation.objects.filter(schema_name__startswith=PREFIX).order_by("schema_name")
                   .values_list("schema_name", flat=True)[: int(sample)])
    options = {"interactive": False, "verbosity": 0, "database": "default", "skip_checks": False,
               "force_color": False, "no_color": False, "app_label": None, "migration_name": None, "fake": False,
               "fake_initial": False, "plan": False, "prune": False, "run_syncdb": False, "check_unapplied": False,
               "traceback": False, "load_initial_data": True, "settings": None, "pythonpath": None}
    started = time.perf_counter()
    MultiprocessingExecutor([], options).run_migrations(tenants=schemas)
    return {"schemas": len(schemas), "seconds": time.perf_counter() - started}


def step_create(way: str) -> dict:
    """Five organisations made and timed one by one (`organisation_create`), then removed."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tenants.models import Organisation
    from tenants.services import organisation_create

    seconds: list[float] = []
    cpus: list[float] = []
    counts: list[int] = []
    for index in range(5):
        schema = f"sbnew{way[:3]}{index}"
        Organisation.objects.filter(schema_name=schema).delete()
        with connection.cursor() as cursor:
            cursor.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        started, cpu = time.perf_counter(), time.process_time()
        with CaptureQueriesContext(connection) as statements:
            organisation_create(schema_name=schema, name=f"New {index}", kind="bank", language="pt-BR",
                                time_zone="America/Sao_Paulo", currency="BRL")
        seconds.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu)
        counts.append(len(statements))
        connection.set_schema_to_public()  # type: ignore[attr-defined]
        Organisation.objects.get(schema_name=schema).delete(force_drop=True)
    return {"seconds": seconds, "cpu": cpus, "statements": counts}


def step_probe() -> dict:
    """Expand then contract over every schema, while a thread reads the altered table in one organisation."""
    import psycopg

    url = os.environ["DATABASE_URL"]
    stop = threading.Event()
    durations: list[float] = []

    def traffic() -> None:
        with psycopg.connect(url, autocommit=True) as conn:
            while not stop.is_set():
                started = time.perf_counter()
                conn.execute(f"SELECT count(*) FROM {PREFIX}0001.conversations_message")
                durations.append(time.perf_counter() - started)
                time.sleep(0.01)

    reader = threading.Thread(target=traffic, daemon=True)
    reader.start()
    times = {}
    for phase in ("expand", "contract"):
        started = time.perf_counter()
        subprocess.run([sys.executable, "manage.py", "migrate_schemas", "--noinput"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL, env=os.environ | {"DJANGO_SETTINGS_MODULE": "tests.probe.settings",
                                                                   "PROBE_PHASE": phase})
        times[phase] = time.perf_counter() - started
    stop.set()
    reader.join()
    with psycopg.connect(url, autocommit=True) as conn:  # the next run adds the column again
        schemas = [name for (name,) in conn.execute(
            "SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE c.relname = 'django_migrations'").fetchall()]
        for schema in schemas:
            conn.execute(f"DELETE FROM \"{schema}\".django_migrations WHERE app = 'probe'")
    return {**times, "statements": len(durations), "slowest_ms": max(durations) * 1000}


if __name__ == "__main__":
    if "--child" in sys.argv:
        position = sys.argv.index("--child")
        step, args = sys.argv[position + 1], sys.argv[position + 2:]
        django_up()
        steps: dict[str, Callable[..., dict]] = {"build": step_build, "today": step_today, "create": step_create,
                                                 "probe": step_probe}
        result = steps[step](*args)
        print("CHILD " + json.dumps(result))
    else:
        main()
