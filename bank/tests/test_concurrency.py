"""Real threads, each with its own PostgreSQL connection, on committed rows."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from django.db import connection

from bank.demo import DEMO_CUSTOMER_REF
from bank.errors import InsufficientFunds, KeyNotFound, LookupBudgetExceeded
from bank.models import Account, Holder, KeyLookup, PixTransfer
from bank.selectors import LOOKUP_BUDGET_POINTS, LOOKUP_COST_MISS
from bank.services import pix_key_lookup, pix_scheduled_run, pix_transfer_create
from bank.tests.conftest import ANA_KEY, DAY, NIGHT, PEDRO_KEY
from magie.errors import IdempotencyKeyReused
from tenants.models import Organisation
from testing.platform import run_together


def run_in_threads(count: int, work: Callable[[int], object]) -> list[object]:
    """Run work(i) in `count` threads started together in demobank; each returns its result or the exception."""
    return run_together(count, work, Organisation.objects.get(schema_name="demobank"), timeout=60)


def balances() -> dict[str, int]:
    return {
        "carla": Account.objects.get(holder__customer_ref=DEMO_CUSTOMER_REF).balance_cents,
        "ana": Account.objects.get(holder__customer_ref="5511999990002").balance_cents,
        "settlement": Account.objects.get(kind=Account.Kind.SETTLEMENT).balance_cents,
    }


def test_twenty_concurrent_transfers_never_overdraw_and_conserve_money(committed):
    organisation = Organisation.objects.get(schema_name="demobank")
    connection.set_tenant(organisation)
    carla = Holder.objects.get(customer_ref=DEMO_CUSTOMER_REF)
    before = balances()
    amounts = [30_000 + 1_000 * i for i in range(20)]  # R$ 300 … R$ 490: R$ 7.900 in all, balance R$ 5.000
    assert sum(amounts) > before["carla"]

    def send(i: int) -> PixTransfer:
        return pix_transfer_create(holder=carla, key=ANA_KEY if i % 2 else PEDRO_KEY, amount_cents=amounts[i],
                                   idempotency_key=f"conc-{i}", now=DAY)

    results = run_in_threads(20, send)
    connection.set_tenant(organisation)
    unexpected = [r for r in results if not isinstance(r, (PixTransfer, InsufficientFunds))]
    assert not unexpected, unexpected
    settled = [r for r in results if isinstance(r, PixTransfer)]
    refused = [r for r in results if isinstance(r, InsufficientFunds)]
    assert settled and refused and len(settled) + len(refused) == 20
    after = balances()
    sent = sum(t.amount_cents for t in settled)
    assert after["carla"] >= 0
    assert after["carla"] == before["carla"] - sent
    assert after["carla"] < min(amounts[i] for i, r in enumerate(results) if isinstance(r, InsufficientFunds))
    to_ana = sum(t.amount_cents for t in settled if t.to_account.holder_id is not None)
    assert after["ana"] == before["ana"] + to_ana
    assert after["settlement"] == before["settlement"] + sent - to_ana
    assert sum(after.values()) == sum(before.values())
    assert PixTransfer.objects.filter(status="settled").count() == len(settled)


def test_one_idempotency_key_replayed_concurrently_makes_one_transfer(committed):
    organisation = Organisation.objects.get(schema_name="demobank")
    connection.set_tenant(organisation)
    carla = Holder.objects.get(customer_ref=DEMO_CUSTOMER_REF)
    before = balances()

    def replay(i: int) -> PixTransfer:
        return pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=10_000, idempotency_key="same-key",
                                   now=DAY + timedelta(seconds=i))

    results = run_in_threads(5, replay)
    connection.set_tenant(organisation)
    assert all(isinstance(r, PixTransfer) for r in results), results
    assert len({r.pk for r in results}) == 1
    assert PixTransfer.objects.count() == 1
    assert balances()["carla"] == before["carla"] - 10_000

    def other_arguments(i: int) -> PixTransfer:
        return pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=10_001 + i, idempotency_key="same-key",
                                   now=DAY)

    refused = run_in_threads(5, other_arguments)
    connection.set_tenant(organisation)
    assert all(isinstance(r, IdempotencyKeyReused) for r in refused), refused
    assert PixTransfer.objects.count() == 1 and balances()["carla"] == before["carla"] - 10_000


def test_concurrent_night_pix_cannot_squeeze_past_the_night_limit_together(committed):
    organisation = Organisation.objects.get(schema_name="demobank")
    connection.set_tenant(organisation)
    carla = Holder.objects.get(customer_ref=DEMO_CUSTOMER_REF)

    def send(i: int) -> PixTransfer:
        return pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=30_000, idempotency_key=f"night-{i}",
                                   now=NIGHT)

    results = run_in_threads(8, send)
    connection.set_tenant(organisation)
    assert sum(isinstance(r, PixTransfer) for r in results) == 3  # 3 × R$ 300 ≤ R$ 1.000 < 4 × R$ 300
    assert {type(r).__name__ for r in results} == {"PixTransfer", "NightLimitExceeded"}


def test_scheduled_pix_run_twice_at_once_execute_once(committed):
    organisation = Organisation.objects.get(schema_name="demobank")
    connection.set_tenant(organisation)
    carla = Holder.objects.get(customer_ref=DEMO_CUSTOMER_REF)
    before = balances()
    due = DAY + timedelta(days=1)
    scheduled = [
        pix_transfer_create(holder=carla, key=PEDRO_KEY if i % 2 else ANA_KEY, amount_cents=1_000 + i,
                            idempotency_key=f"sched-{i}", scheduled_for=due, now=DAY).pk
        for i in range(12)
    ]
    runs = run_in_threads(2, lambda i: pix_scheduled_run(now=due))
    connection.set_tenant(organisation)
    executed = [pk for run in runs for pk in run.settled + run.failed]
    assert sorted(executed) == sorted(scheduled)  # each exactly once across both runs
    assert pix_scheduled_run(now=due).settled == ()  # and a later run finds nothing left
    assert PixTransfer.objects.filter(status="settled").count() == 12
    assert balances()["carla"] == before["carla"] - sum(1_000 + i for i in range(12))


def test_concurrent_misses_cannot_overspend_the_lookup_budget(committed):
    organisation = Organisation.objects.get(schema_name="demobank")
    connection.set_tenant(organisation)
    carla = Holder.objects.get(customer_ref=DEMO_CUSTOMER_REF)

    results = run_in_threads(16, lambda i: pix_key_lookup(holder=carla, key=f"guess{i}@exemplo.com", now=DAY))
    connection.set_tenant(organisation)
    allowed = LOOKUP_BUDGET_POINTS // LOOKUP_COST_MISS
    assert sum(isinstance(r, KeyNotFound) for r in results) == allowed
    assert sum(isinstance(r, LookupBudgetExceeded) for r in results) == 16 - allowed
    assert KeyLookup.objects.filter(holder=carla).count() == allowed
