"""The lock order of an immediate Pix, watched from other connections while the Pix waits (real threads, committed
rows): holder row → customer accounts in ascending pk → settlement account. And Pix both ways at once, which a
wrong order would deadlock."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import psycopg
import pytest
from django.db import connection

from bank.demo import DEMO_CUSTOMER_REF, DEMO_SECOND_CUSTOMER_REF
from bank.models import Account, Holder, PixTransfer
from bank.services import pix_transfer_create
from bank.tests.conftest import ANA_KEY, DAY, PEDRO_KEY
from tenants.models import Organisation
from testing.platform import run_together

CARLA_KEY = "+5511999990001"  # Carla's own key at this bank


@contextmanager
def other_connection() -> Iterator[psycopg.Connection]:
    """A connection of its own to the test database, in demobank's schema, autocommit (BEGIN by hand)."""
    db = connection.settings_dict
    params = {"dbname": db["NAME"], "user": db["USER"], "password": db["PASSWORD"], "host": db["HOST"],
              "port": db["PORT"]}
    with psycopg.connect(**{k: v for k, v in params.items() if v}, autocommit=True) as conn:
        conn.execute("SET search_path = demobank, public")
        yield conn


def lockable(probe: psycopg.Connection, table: str, row_id: int) -> bool:
    """Whether `probe` could lock the row right now (it takes and releases it at once)."""
    probe.execute("BEGIN")
    try:
        probe.execute(f"SELECT FROM {table} WHERE id = %s FOR UPDATE NOWAIT", [row_id])
        return True
    except psycopg.errors.LockNotAvailable:
        return False
    finally:
        probe.execute("ROLLBACK")


class Background:
    """`work()` in a thread with its own Django connection in demobank; `.pid` is that connection's backend."""

    def __init__(self, work: Callable[[], object]) -> None:
        self.pid: int | None = None
        self.outcome: object = None
        self._ready = threading.Event()
        organisation = Organisation.objects.get(schema_name="demobank")

        def target() -> None:
            connection.set_tenant(organisation)  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
            try:
                with connection.cursor() as cursor:
                    cursor.execute("SELECT pg_backend_pid()")
                    self.pid = cursor.fetchone()[0]
                self._ready.set()
                self.outcome = work()
            except Exception as error:  # noqa: BLE001 — the test inspects it
                self.outcome = error
            finally:
                self._ready.set()
                connection.close()

        self._thread = threading.Thread(target=target)
        self._thread.start()

    def wait_until_blocked(self, probe: psycopg.Connection, timeout: float = 15) -> None:
        """Until the thread's statement waits for a row lock (it has taken every lock it takes before that)."""
        assert self._ready.wait(timeout)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            row = probe.execute("SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s", [self.pid]).fetchone()
            if row and row[0] == "Lock":
                return
            assert self._thread.is_alive(), f"the Pix finished without waiting: {self.outcome!r}"
            time.sleep(0.02)
        raise AssertionError("the Pix never waited for the lock")

    def result(self, timeout: float = 30) -> object:
        self._thread.join(timeout)
        assert not self._thread.is_alive()
        return self.outcome


@pytest.fixture
def bank(committed):
    connection.set_tenant(Organisation.objects.get(schema_name="demobank"))
    carla = Holder.objects.get(customer_ref=DEMO_CUSTOMER_REF)
    ana = Holder.objects.get(customer_ref=DEMO_SECOND_CUSTOMER_REF)
    return {
        "carla": carla, "ana": ana,
        "carla_account": Account.objects.get(holder=carla).pk, "ana_account": Account.objects.get(holder=ana).pk,
        "settlement": Account.objects.get(kind=Account.Kind.SETTLEMENT).pk,
    }


def test_a_pix_locks_the_payers_holder_row_before_any_account(bank):
    with other_connection() as locker, other_connection() as probe:
        locker.execute("BEGIN")
        locker.execute("SELECT FROM bank_holder WHERE id = %s FOR UPDATE", [bank["carla"].pk])
        pix = Background(lambda: pix_transfer_create(holder=bank["carla"], key=ANA_KEY, amount_cents=100,
                                                     idempotency_key="holder-first", now=DAY))
        pix.wait_until_blocked(probe)
        assert lockable(probe, "bank_account", bank["carla_account"])  # nothing taken while waiting for the holder
        assert lockable(probe, "bank_account", bank["ana_account"])
        locker.execute("ROLLBACK")
        assert isinstance(pix.result(), PixTransfer) and pix.outcome.status == PixTransfer.Status.SETTLED


@pytest.mark.parametrize("payer, key", [("carla", ANA_KEY), ("ana", CARLA_KEY)])
def test_a_pix_locks_both_customer_accounts_in_ascending_pk_whichever_way_it_goes(bank, payer, key):
    lower, higher = sorted([bank["carla_account"], bank["ana_account"]])
    with other_connection() as locker, other_connection() as probe:
        locker.execute("BEGIN")
        locker.execute("SELECT FROM bank_account WHERE id = %s FOR UPDATE", [higher])
        pix = Background(lambda: pix_transfer_create(holder=bank[payer], key=key, amount_cents=100,
                                                     idempotency_key=f"order-{payer}", now=DAY))
        pix.wait_until_blocked(probe)
        assert not lockable(probe, "bank_holder", bank[payer].pk)
        assert not lockable(probe, "bank_account", lower)  # taken first, held while waiting for the higher one
        locker.execute("ROLLBACK")
        assert isinstance(pix.result(), PixTransfer)


def test_a_pix_to_another_bank_takes_the_settlement_account_last(bank):
    assert bank["settlement"] < bank["carla_account"]  # so this is not the pk order at work
    with other_connection() as locker, other_connection() as probe:
        locker.execute("BEGIN")
        locker.execute("SELECT FROM bank_account WHERE id = %s FOR UPDATE", [bank["settlement"]])
        pix = Background(lambda: pix_transfer_create(holder=bank["carla"], key=PEDRO_KEY, amount_cents=100,
                                                     idempotency_key="settlement-last", now=DAY))
        pix.wait_until_blocked(probe)
        assert not lockable(probe, "bank_account", bank["carla_account"])
        locker.execute("ROLLBACK")
        assert isinstance(pix.result(), PixTransfer)
    assert Account.objects.get(pk=bank["settlement"]).balance_cents >= 100


def test_pix_both_ways_at_once_never_deadlock_and_conserve_money(bank):
    before = {pk: Account.objects.get(pk=pk).balance_cents for pk in (bank["carla_account"], bank["ana_account"])}

    def send(i: int) -> list[PixTransfer]:
        payer, key = (bank["carla"], ANA_KEY) if i % 2 else (bank["ana"], CARLA_KEY)
        return [pix_transfer_create(holder=payer, key=key, amount_cents=100 + i, idempotency_key=f"both-{i}-{n}",
                                    now=DAY) for n in range(25)]

    results = run_together(8, send, Organisation.objects.get(schema_name="demobank"), timeout=120)
    connection.set_tenant(Organisation.objects.get(schema_name="demobank"))
    assert all(isinstance(r, list) for r in results), [r for r in results if not isinstance(r, list)]
    carla_paid = sum(100 + i for i in range(8) if i % 2) * 25
    ana_paid = sum(100 + i for i in range(8) if not i % 2) * 25
    assert Account.objects.get(pk=bank["carla_account"]).balance_cents == \
        before[bank["carla_account"]] - carla_paid + ana_paid
    assert Account.objects.get(pk=bank["ana_account"]).balance_cents == \
        before[bank["ana_account"]] - ana_paid + carla_paid
    assert PixTransfer.objects.filter(status=PixTransfer.Status.SETTLED).count() == 8 * 25
