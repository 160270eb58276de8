"""The hand-written hot path of a Pix (bank.transfer_sql): what it returns is what it stored, the statements it
costs, replays that win over every refusal, and settings read fresh on every Pix."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection

from bank.errors import InsufficientFunds, NightLimitExceeded
from bank.models import Account, BankSettings, PixTransfer
from bank.services import pix_transfer_create
from bank.tests.conftest import ANA_KEY, DAY, NIGHT, PEDRO_KEY, balance_of, idem, settlement_balance

CONCRETE_FIELDS = [field.attname for field in PixTransfer._meta.concrete_fields]


class Statements:
    """The statements sent through Django's cursor, savepoints left out (the tests run inside a transaction)."""

    def __init__(self) -> None:
        self.sql: list[str] = []

    def __call__(self, execute, sql, params, many, context):
        if not sql.lstrip().upper().startswith(("SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK TO SAVEPOINT")):
            self.sql.append(sql)
        return execute(sql, params, many, context)


def counted(work) -> tuple[object, list[str]]:
    statements = Statements()
    with connection.execute_wrapper(statements):
        result = work()
    return result, statements.sql


@pytest.mark.parametrize("key, scheduled", [(ANA_KEY, False), (PEDRO_KEY, False), (PEDRO_KEY, True)])
def test_the_returned_transfer_is_the_stored_row(carla, key, scheduled):
    transfer = pix_transfer_create(holder=carla, key=key, amount_cents=4_321, idempotency_key=idem(), now=DAY,
                                   description="aluguel", scheduled_for=DAY + timedelta(days=1) if scheduled else None)
    stored = PixTransfer.objects.get(pk=transfer.pk)
    assert {f: getattr(transfer, f) for f in CONCRETE_FIELDS} == {f: getattr(stored, f) for f in CONCRETE_FIELDS}
    assert transfer._state.adding is False
    transfer.refresh_from_db()  # a saved row as any other: transitions and saves work on it
    assert transfer.holder_id == carla.pk and transfer.from_account_id == Account.objects.get(holder=carla).pk


@pytest.mark.parametrize("key, now, expected", [
    (ANA_KEY, DAY, 2),  # lock and read; write and move the money
    (PEDRO_KEY, DAY, 2),  # the same to another bank: the settlement account is credited in the write
    (PEDRO_KEY, NIGHT, 3),  # an individual at night: the night sum too
])
def test_an_immediate_pix_costs_two_statements_and_the_night_sum(carla, key, now, expected):
    transfer, statements = counted(lambda: pix_transfer_create(holder=carla, key=key, amount_cents=100,
                                                               idempotency_key=idem(), now=now))
    assert transfer.status == PixTransfer.Status.SETTLED
    assert len(statements) == expected, statements
    assert "FOR UPDATE" in statements[0] and "INSERT INTO bank_pixtransfer" in statements[-1]


def test_a_replay_returns_the_first_transfer_even_when_the_money_is_gone(carla):
    whole = balance_of(carla)
    first = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=whole, idempotency_key="all-of-it",
                                now=DAY)
    again = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=whole, idempotency_key="all-of-it",
                                now=DAY + timedelta(minutes=1))
    assert again.pk == first.pk and balance_of(carla) == 0
    with pytest.raises(InsufficientFunds):  # a new request is refused as before
        pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=1, idempotency_key=idem(), now=DAY)


def test_a_replay_returns_the_first_transfer_after_the_night_limit_is_reached(carla):
    first = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100_000, idempotency_key="night-all",
                                now=NIGHT)
    again = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100_000, idempotency_key="night-all",
                                now=NIGHT + timedelta(minutes=5))
    assert again.pk == first.pk
    with pytest.raises(NightLimitExceeded):
        pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=1, idempotency_key=idem(), now=NIGHT)


def test_a_replay_of_a_scheduled_pix_after_its_time_returns_it(carla):
    due = DAY + timedelta(hours=2)
    first = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=500, idempotency_key="later",
                                scheduled_for=due, now=DAY)
    again = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=500, idempotency_key="later",
                                scheduled_for=due, now=due + timedelta(hours=1))  # the schedule is past now
    assert again.pk == first.pk and again.status == PixTransfer.Status.SCHEDULED


def test_the_first_pix_to_another_bank_opens_the_settlement_account(carla):
    Account.objects.filter(kind=Account.Kind.SETTLEMENT).delete()
    transfer = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=2_500, idempotency_key=idem(), now=DAY)
    assert transfer.to_account.kind == Account.Kind.SETTLEMENT and settlement_balance() == 2_500


def test_without_a_settings_row_the_defaults_apply(carla):
    BankSettings.objects.all().delete()
    transfer = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100, idempotency_key=idem(), now=NIGHT)
    assert transfer.end_to_end_id.startswith("E99999999")
    with pytest.raises(NightLimitExceeded) as refused:
        pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100_000, idempotency_key=idem(), now=NIGHT)
    assert refused.value.extra["limit_cents"] == 100_000


def test_settings_saved_as_the_admin_saves_them_apply_to_the_next_pix(carla):
    pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100, idempotency_key=idem(), now=NIGHT)
    settings = BankSettings.objects.get()
    settings.night_limit_cents, settings.ispb = 5_000, "12345678"
    settings.save()  # what the back office's form does: no service, no cache to clear
    with pytest.raises(NightLimitExceeded) as refused:
        pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=4_901, idempotency_key=idem(), now=NIGHT)
    assert refused.value.extra["limit_cents"] == 5_000
    transfer = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100, idempotency_key=idem(), now=DAY)
    assert transfer.end_to_end_id.startswith("E12345678")


def test_the_prepared_statements_follow_the_connection_into_another_organisations_schema(db):
    """The statements are prepared once per connection with unqualified table names: PostgreSQL re-plans them
    when search_path changes, so a Pix after a switch of organisation lands in that organisation's tables."""
    from django_tenants.utils import tenant_context

    from bank.demo import DEMO_CUSTOMER_REF, cpf_from_base
    from bank.models import Holder
    from bank.services import holder_create, pix_key_register, settlement_account_ensure
    from tenants.models import Organisation

    bank, store = (Organisation.objects.get(schema_name=name) for name in ("demobank", "demostore"))
    with tenant_context(bank):
        carla = Holder.objects.get(customer_ref=DEMO_CUSTOMER_REF)
        pix_transfer_create(holder=carla, key=ANA_KEY, amount_cents=100, idempotency_key=idem(), now=DAY)
        bank_state = (PixTransfer.objects.count(), sorted(Account.objects.values_list("balance_cents", flat=True)))
    with tenant_context(store):
        settlement_account_ensure(currency="BRL")
        payer = holder_create(name="Loja Um", document=cpf_from_base("111444777"), kind="individual",
                              phone="+5511988887777", customer_ref="5511988887777", balance_cents=10_000)
        payee = holder_create(name="Loja Dois", document=cpf_from_base("222555888"), kind="individual",
                              phone="+5511977776666", customer_ref="5511977776666")
        pix_key_register(key="dois@loja.example", owner_name=payee.name, owner_document=payee.document,
                         bank_name="Loja", bank_ispb="99999999", account=payee.accounts.get())
        transfer = pix_transfer_create(holder=payer, key="dois@loja.example", amount_cents=2_500,
                                       idempotency_key=idem(), now=DAY)
        assert balance_of(payer) == 7_500 and balance_of(payee) == 2_500
        assert PixTransfer.objects.filter(pk=transfer.pk, holder=payer).exists()
    with tenant_context(bank):
        assert (PixTransfer.objects.count(), sorted(Account.objects.values_list("balance_cents", flat=True))) \
            == bank_state
