"""A Pix on its own (no transaction of the caller's open) runs in psycopg's pipeline mode: its lock and its write are
one implicit transaction of PostgreSQL, two round trips, no BEGIN or COMMIT (magie.db.pipeline.pipelined_transaction).
These tests run on committed rows (`committed`), where no test transaction is wrapped around the Pix."""

from __future__ import annotations

import psycopg
import pytest
from django.db import connection, transaction

from bank import services
from bank.demo import DEMO_CUSTOMER_REF
from bank.errors import InsufficientFunds
from bank.models import Account, Holder, PixTransfer
from bank.services import pix_transfer_create
from bank.tests.conftest import ANA_KEY, DAY, NIGHT, PEDRO_KEY, balance_of, idem, settlement_balance
from bank.transfer_sql import TransactionSplit
from tenants.models import Organisation
from testing import platform as testing

CONCRETE_FIELDS = [field.attname for field in PixTransfer._meta.concrete_fields]


@pytest.fixture
def carla(committed) -> Holder:
    connection.set_tenant(Organisation.objects.get(schema_name="demobank"))  # type: ignore[attr-defined]  # django-tenants
    return Holder.objects.get(customer_ref=DEMO_CUSTOMER_REF)


@pytest.fixture
def commands(monkeypatch) -> list[bytes]:
    """What psycopg sends of its own (BEGIN, COMMIT, ROLLBACK, savepoints) while the test runs."""
    sent: list[bytes] = []
    original = psycopg.Connection._exec_command

    def recorded(self, command, *args, **kwargs):
        sent.append(command if isinstance(command, bytes) else str(command).encode())
        return original(self, command, *args, **kwargs)

    monkeypatch.setattr(psycopg.Connection, "_exec_command", recorded)
    return sent


def other_connection() -> psycopg.Connection:
    schema = connection.schema_name  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
    return psycopg.connect(testing.test_database_url(), autocommit=True, options=f"-c search_path={schema}")


@pytest.mark.parametrize("key", [ANA_KEY, PEDRO_KEY])
def test_a_pix_on_its_own_sends_no_begin_or_commit_and_stores_what_it_returns(carla, commands, key):
    before = balance_of(carla)
    assert not connection.in_atomic_block
    transfer = pix_transfer_create(holder=carla, key=key, amount_cents=1_234, idempotency_key=idem(), now=DAY,
                                   description="aluguel")
    assert commands == []
    stored = PixTransfer.objects.get(pk=transfer.pk)
    assert {f: getattr(transfer, f) for f in CONCRETE_FIELDS} == {f: getattr(stored, f) for f in CONCRETE_FIELDS}
    assert stored.status == PixTransfer.Status.SETTLED and balance_of(carla) == before - 1_234


def test_the_payers_rows_stay_locked_between_the_lock_and_the_write(carla, monkeypatch):
    """While Python decides on what the lock read, another connection cannot lock the payer's holder row: the
    implicit transaction is open, though no BEGIN was sent."""
    seen: list[str] = []
    decide = services._transfer_refusal

    def refusal_checked_from_outside(**kwargs):
        with other_connection() as other:
            try:
                other.execute("SELECT id FROM bank_holder WHERE id = %s FOR UPDATE NOWAIT", [carla.pk])
                seen.append("free")
            except psycopg.errors.LockNotAvailable:
                seen.append("locked")
        return decide(**kwargs)

    monkeypatch.setattr(services, "_transfer_refusal", refusal_checked_from_outside)
    pix_transfer_create(holder=carla, key=ANA_KEY, amount_cents=100, idempotency_key=idem(), now=DAY)
    assert seen == ["locked"]
    with other_connection() as other:  # and released with the commit
        assert other.execute("SELECT id FROM bank_holder WHERE id = %s FOR UPDATE NOWAIT", [carla.pk]).fetchall()


def test_a_write_outside_the_locks_transaction_writes_nothing(carla, monkeypatch):
    """Were anything in the block to end the implicit transaction (Django's atomic does: psycopg syncs the pipeline
    to change autocommit), the locks would be gone before the write: the write then refuses to insert."""
    before = (balance_of(carla), PixTransfer.objects.count())
    decide = services._transfer_refusal

    def refusal_after_an_atomic(**kwargs):
        with transaction.atomic():
            pass
        return decide(**kwargs)

    monkeypatch.setattr(services, "_transfer_refusal", refusal_after_an_atomic)
    with pytest.raises(TransactionSplit):
        pix_transfer_create(holder=carla, key=ANA_KEY, amount_cents=100, idempotency_key=idem(), now=DAY)
    assert (balance_of(carla), PixTransfer.objects.count()) == before


def test_an_exception_after_the_write_was_sent_commits_nothing(carla, monkeypatch):
    """The pipeline ends with a Sync, which would commit what was sent: an exception in the block rolls back first."""
    from bank import transfer_sql

    before = (balance_of(carla), PixTransfer.objects.count())
    write = transfer_sql.transfer_write

    def write_then_fail(cursor, **kwargs):
        write(cursor, **kwargs)
        raise ConnectionResetError("the worker died after sending the write")

    monkeypatch.setattr(services, "transfer_write", write_then_fail)
    with pytest.raises(ConnectionResetError):
        pix_transfer_create(holder=carla, key=ANA_KEY, amount_cents=100, idempotency_key=idem(), now=DAY)
    assert (balance_of(carla), PixTransfer.objects.count()) == before
    monkeypatch.undo()
    transfer = pix_transfer_create(holder=carla, key=ANA_KEY, amount_cents=100, idempotency_key=idem(), now=DAY)
    assert transfer.status == PixTransfer.Status.SETTLED  # the connection goes on


def test_refusals_replays_and_the_night_sum_on_their_own(carla, commands):
    whole = balance_of(carla)
    first = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=whole, idempotency_key="own-all", now=DAY)
    again = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=whole, idempotency_key="own-all", now=DAY)
    assert again.pk == first.pk and balance_of(carla) == 0
    with pytest.raises(InsufficientFunds):
        pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=1, idempotency_key=idem(), now=DAY)
    Account.objects.filter(holder=carla).update(balance_cents=500_000)
    night = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100, idempotency_key=idem(), now=NIGHT)
    assert night.status == PixTransfer.Status.SETTLED and commands == []


def test_the_first_pix_to_another_bank_opens_the_settlement_account_then_pays(carla):
    Account.objects.filter(kind=Account.Kind.SETTLEMENT).delete()
    transfer = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=2_500, idempotency_key=idem(), now=DAY)
    assert transfer.to_account.kind == Account.Kind.SETTLEMENT and settlement_balance() == 2_500


def test_inside_a_transaction_of_the_callers_the_pix_is_a_savepoint_of_it(carla, commands):
    before = balance_of(carla)
    with transaction.atomic():
        pix_transfer_create(holder=carla, key=ANA_KEY, amount_cents=100, idempotency_key=idem(), now=DAY)
        transaction.set_rollback(True)
    assert balance_of(carla) == before  # rolled back with the caller's transaction
    assert commands[:2] == [b"BEGIN", b"ROLLBACK"]  # the caller's (the Pix's own is a savepoint of it)
