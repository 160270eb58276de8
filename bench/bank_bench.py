"""Pix transfers per second on the configured PostgreSQL, with 1 and 8 concurrent clients (threads, each its own
connection). Run: `.venv/bin/python bench/bank_bench.py` (DATABASE_URL optional: the embedded PostgreSQL otherwise).

Scenarios (each runs DURATION seconds):
  local, distinct payers   client i pays payee i (both accounts of this bank): no shared rows;
  external, distinct payers client i pays a key of another bank: every Pix credits the one settlement account;
  local, one payer         every client debits the same account: serialised on its row lock.
"""

from __future__ import annotations

import os
import sys
import threading
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "magie.settings.base")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django_tenants.utils import tenant_context  # noqa: E402

SCHEMA = "benchbank"
DURATION = float(os.environ.get("BANK_BENCH_SECONDS", "4"))
CLIENTS = 8


def database_ready() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT to_regclass('public.tenants_organisation')")
        migrated = cursor.fetchone()[0] is not None
    if not migrated:
        call_command("migrate_schemas", shared=True, verbosity=0)


def seed():
    from bank.demo import cnpj_from_base
    from bank.models import Holder
    from bank.services import holder_create, pix_key_register, settlement_account_ensure
    from tenants.services import organisation_create

    organisation = organisation_create(schema_name=SCHEMA, name="Bench Bank", kind="bank", language="pt-BR",
                                       time_zone="America/Sao_Paulo", currency="BRL")
    with tenant_context(organisation):
        settlement_account_ensure(currency="BRL")
        payers, payees = [], []
        for i in range(CLIENTS):
            for role, store in (("payer", payers), ("payee", payees)):
                n = i * 2 + (role == "payee")
                document = cnpj_from_base(f"{77000000 + n:08d}0001")
                holder = Holder.objects.filter(document=document).first() or holder_create(
                    name=f"Bench {role} {i}", document=document, kind="business", phone=f"+55119{70000000 + n}",
                    customer_ref=f"55119{70000000 + n}", balance_cents=10**13 if role == "payer" else 0,
                    account_number=f"B{n:05d}")
                store.append(holder)
            pix_key_register(key=f"bench-payee-{i}@bench.example", owner_name=f"Bench payee {i}",
                             owner_document=payees[i].document, bank_name="Bench Bank", bank_ispb="99999999",
                             account=payees[i].accounts.get())
        pix_key_register(key="fora@outrobanco.example", owner_name="Outro Banco Cliente Ltda.",
                         owner_document=cnpj_from_base("880000000001"), bank_name="Outro Banco",
                         bank_ispb="12345678")
    return organisation, payers


def run(organisation, payers, clients: int, key_of, payer_of) -> tuple[int, float, int]:
    from bank.services import pix_transfer_create

    counts = [0] * clients
    errors = [0] * clients
    barrier = threading.Barrier(clients + 1)
    stop_at = [0.0]

    def client(i: int) -> None:
        connection.set_tenant(organisation)
        payer = payers[payer_of(i)]
        barrier.wait()
        try:
            while time.perf_counter() < stop_at[0]:
                try:
                    pix_transfer_create(holder=payer, key=key_of(i), amount_cents=1,
                                        idempotency_key=uuid.uuid4().hex)
                    counts[i] += 1
                except Exception:  # noqa: BLE001 - counted, the bench goes on
                    errors[i] += 1
        finally:
            connection.close()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for thread in threads:
        thread.start()
    stop_at[0] = time.perf_counter() + DURATION
    started = time.perf_counter()
    barrier.wait()
    for thread in threads:
        thread.join()
    return sum(counts), time.perf_counter() - started, sum(errors)


def main() -> None:
    import logging

    logging.getLogger("bank").setLevel(logging.WARNING)  # one INFO line per Pix would time the terminal
    database_ready()
    organisation, payers = seed()
    connection.set_schema_to_public()
    scenarios = [
        ("local, distinct payers", lambda i: f"bench-payee-{i}@bench.example", lambda i: i),
        ("external, distinct payers", lambda i: "fora@outrobanco.example", lambda i: i),
        ("local, one payer", lambda i: f"bench-payee-{i}@bench.example", lambda i: 0),
    ]
    db = connection.settings_dict
    print(f"bank bench on {db['HOST'] or 'socket'}:{db['PORT'] or ''}/{db['NAME']}, {DURATION:.0f} s per row")
    print(f"{'scenario':<28}{'clients':>8}{'transfers':>11}{'errors':>8}{'per second':>12}")
    for name, key_of, payer_of in scenarios:
        for clients in (1, CLIENTS):
            if name == "local, one payer" and clients == 1:
                continue
            done, elapsed, errors = run(organisation, payers, clients, key_of, payer_of)
            print(f"{name:<28}{clients:>8}{done:>11}{errors:>8}{done / elapsed:>12.1f}")


if __name__ == "__main__":
    main()
