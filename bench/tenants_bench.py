"""Many organisations: 1,000 schemas on one PostgreSQL, what each costs.

Run: `.venv/bin/python bench/tenants_bench.py` (TENANTS_BENCH_COUNT, default 1000). It uses a database of its own
(`magie_tenants_bench`, on the configured or the embedded server), dropped at the end, and reports:
  1. the time to create one organisation the normal way (`organisation_create`: CREATE SCHEMA + every tenant
     migration, domain, policy, roles), and by django-tenants' clone of a migrated template (TENANT_BASE_SCHEMA,
     its plpgsql clone_schema); the other organisations are made by replaying the template's pg_dump under each
     new name (the same tables, indexes, constraints and rows, in a fraction of the time), so the bench runs in
     minutes;
  2. the time to migrate all of them with django-tenants' parallel executor (`migrate_schemas --executor
     multiprocessing`, 2 processes: every schema checked, nothing left to apply);
  3. the per-request tenant cost (domain lookup + search_path switch, through the whole middleware stack) when
     requests hit 1 schema vs. round-robin over all of them;
  4. the memory (RSS) of one process before and after serving every schema.
"""

from __future__ import annotations

import importlib.util
import os
import re
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
BENCH_DB = "magie_tenants_bench"
COUNT = int(os.environ.get("TENANTS_BENCH_COUNT", "1000"))


def server_url() -> str:
    """The configured PostgreSQL (DATABASE_URL) or the embedded one, without starting Django."""
    sys.path.insert(0, str(ROOT))
    if os.environ.get("DATABASE_URL"):
        return os.environ["DATABASE_URL"]
    from magie.embedded import embedded_postgres_uri

    return embedded_postgres_uri(Path(os.environ.get("MAGIE_DATA_DIR", ROOT / ".data")))


def with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def admin(url: str, statement: str) -> None:
    import psycopg

    with psycopg.connect(with_database(url, "postgres").replace("postgresql://", "postgresql://", 1),
                         autocommit=True) as conn:
        conn.execute(statement)


def main() -> None:
    url = server_url()
    admin(url, f'DROP DATABASE IF EXISTS "{BENCH_DB}" WITH (FORCE)')
    admin(url, f'CREATE DATABASE "{BENCH_DB}"')
    try:
        env = os.environ | {"MAGIE_DEPLOYMENT": os.environ.get("MAGIE_DEPLOYMENT", "development"),
                            "DATABASE_URL": with_database(url, BENCH_DB), "DJANGO_SETTINGS_MODULE":
                            "magie.settings.base", "LOG_LEVEL": "WARNING", "DATABASE_POOL": "false"}
        subprocess.run([sys.executable, __file__, "--child"], env=env, cwd=ROOT, check=True)
    finally:
        admin(url, f'DROP DATABASE IF EXISTS "{BENCH_DB}" WITH (FORCE)')
        print(f"database {BENCH_DB} dropped")


def child() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import _setup  # noqa: F401 - django.setup()
    import psutil
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django_tenants.clone import CloneSchema

    from tenants.models import Domain, Organisation, OrganisationPolicy
    from tenants.services import organisation_create, organisation_host, platform_ensure

    process = psutil.Process()
    call_command("migrate_schemas", shared=True, interactive=False, verbosity=0)
    platform_ensure()
    print(f"{COUNT} organisations on one PostgreSQL ({connection.pg_version}), database {BENCH_DB}")  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend

    started = time.perf_counter()
    organisation_create(schema_name="tbtemplate", name="Template", kind="bank", language="pt-BR",
                        time_zone="America/Sao_Paulo", currency="BRL")
    create_one = time.perf_counter() - started
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM pg_tables WHERE schemaname = 'tbtemplate'")
        (tables,) = cursor.fetchone()
    print(f"create one organisation (schema, {tables} tables by migrations, domain, policy, roles): "
          f"{create_one:.2f} s")

    t0 = time.perf_counter()
    CloneSchema().clone_schema("tbtemplate", "tbclone", "DATA", set_connection=False)
    clone_one = time.perf_counter() - t0
    with connection.cursor() as cursor:
        cursor.execute("DROP SCHEMA tbclone CASCADE")
    print(f"create one by django-tenants' clone_schema of the template (TENANT_BASE_SCHEMA): {clone_one:.2f} s")

    spec = importlib.util.find_spec("pgserver")
    assert spec is not None and spec.origin is not None
    pg_dump = Path(spec.origin).parent / "pginstall" / "bin" / "pg_dump"  # pgserver ships it
    dump = subprocess.run([str(pg_dump), "--schema=tbtemplate", "--inserts", "--no-owner", "--no-privileges",
                           "--dbname", os.environ["DATABASE_URL"]], capture_output=True, text=True, check=True).stdout
    dump = "\n".join(line for line in dump.splitlines() if not line.startswith(("\\", "--")))
    pattern = re.compile(r"\btbtemplate\b")
    organisations, domains, policies = [], [], []
    started = time.perf_counter()
    batch = 20  # schemas per transaction (the bench's own; a real creation is one per request)

    def replay(first: int) -> None:  # on this thread's own connection
        with connection.cursor() as cursor:
            cursor.execute("SET synchronous_commit = off")  # bulk loading: no WAL flush per batch
            cursor.execute("".join(pattern.sub(f"tb{index:04d}", dump)
                                   for index in range(first, min(COUNT, first + batch))))
        connection.close()

    with ThreadPoolExecutor(max_workers=2) as pool:  # one per core
        list(pool.map(replay, range(1, COUNT, batch)))
    replay_total = time.perf_counter() - started
    for index in range(1, COUNT):
        schema = f"tb{index:04d}"
        organisations.append(Organisation(schema_name=schema, name=f"Bench {index}", kind="bank",
                                          language="pt-BR", time_zone="America/Sao_Paulo", currency="BRL"))
    Organisation.objects.bulk_create(organisations)  # bulk_create skips save(): the schemas exist already
    for organisation in Organisation.objects.filter(schema_name__startswith="tb").exclude(
            schema_name="tbtemplate"):
        domains.append(Domain(domain=organisation_host(organisation.schema_name), tenant=organisation,
                              is_primary=True))
        policies.append(OrganisationPolicy(organisation=organisation))
    Domain.objects.bulk_create(domains)
    OrganisationPolicy.objects.bulk_create(policies)
    connection.set_schema_to_public()  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
    print(f"the other {COUNT - 1} by replaying the template's dump, {batch} per transaction: "
          f"{replay_total:.0f} s ({replay_total / max(1, COUNT - 1) * 1000:.0f} ms each)")

    started = time.perf_counter()
    call_command("migrate_schemas", tenant=True, executor="multiprocessing", interactive=False, verbosity=0)
    elapsed = time.perf_counter() - started
    print(f"migrate_schemas --tenant --executor multiprocessing (2 processes) over {COUNT} schemas, nothing to "
          f"apply: {elapsed:.0f} s ({elapsed / COUNT * 1000:.0f} ms per schema)")
    connection.set_schema_to_public()  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend

    client = Client()
    hosts = [organisation_host(f"tb{index:04d}") for index in range(1, COUNT)] + [organisation_host("tbtemplate")]

    def cost(targets: list[str], requests: int) -> tuple[float, float]:
        samples = []
        for i in range(requests):
            t0 = time.perf_counter()
            response = client.get("/", HTTP_HOST=targets[i % len(targets)])
            samples.append(time.perf_counter() - t0)
            assert response.status_code == 302, response.status_code
        samples.sort()
        return statistics.median(samples) * 1e6, samples[int(len(samples) * 0.99)] * 1e6

    cost(hosts[:1], 200)  # warm-up
    rss_before = process.memory_info().rss
    one = cost(hosts[:1], 2000)
    many = cost(hosts, max(2000, len(hosts) * 2))
    rss_after = process.memory_info().rss
    print(f"per tenant request (middleware: domain lookup + search_path; a redirect view): 1 schema p50 "
          f"{one[0]:.0f} µs p99 {one[1]:.0f} µs; round-robin over {len(hosts)} schemas p50 {many[0]:.0f} µs "
          f"p99 {many[1]:.0f} µs")
    print(f"memory of this process: {rss_before / 2**20:.0f} MiB before, {rss_after / 2**20:.0f} MiB after serving "
          f"every schema (+{(rss_after - rss_before) / 2**20:.1f} MiB)")
    connection.close()


if __name__ == "__main__":
    if "--child" in sys.argv:
        child()
    else:
        main()
