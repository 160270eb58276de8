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


def _insert_immediately_checked(**fields):
    """Insert a transfer through the ORM with the payer reference checked now, not at COMMIT (the test's
    transaction is never committed); the error is raised inside a savepoint that is rolled back."""
    from django.db import transaction

    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS bank_pix_payer_account IMMEDIATE")
        return PixTransfer.objects.create(**fields)


def _another_end_to_end_id(end_to_end_id: str, last: str) -> str:
    """The id with its last character replaced by one it does not already end with (a random id may end in it)."""
    return end_to_end_id[:-1] + (last if end_to_end_id[-1] != last else last.lower())


def test_the_debited_account_is_the_payers_own_and_cannot_be_given_to_another_holder(carla, ana):
    """(from_account, holder) is one foreign key to the account with its holder: a transfer whose debited account
    belongs to someone else is refused by the database, and an account with transfers keeps its holder."""
    from django.db import IntegrityError, transaction

    model = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100, idempotency_key=idem(), now=DAY)
    fields = {f.attname: getattr(model, f.attname) for f in PixTransfer._meta.concrete_fields if f.attname != "id"}
    carlas, anas = Account.objects.get(holder=carla), Account.objects.get(holder=ana)
    with pytest.raises(IntegrityError, match="bank_pix_payer_account"):
        _insert_immediately_checked(**{**fields, "end_to_end_id": _another_end_to_end_id(model.end_to_end_id, "Z"),
                                       "idempotency_key": idem(), "from_account_id": anas.pk})
    with pytest.raises(IntegrityError, match="bank_pix_payer_account"), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS bank_pix_payer_account IMMEDIATE")
        Account.objects.filter(pk=carlas.pk).update(holder=ana)
    own = _another_end_to_end_id(model.end_to_end_id, "Y")
    transfer = _insert_immediately_checked(**{**fields, "end_to_end_id": own, "idempotency_key": idem()})
    assert transfer.from_account_id == carlas.pk  # the payer's own account passes


def test_a_pix_writes_only_the_indexes_that_are_read(carla):
    """A settled Pix adds nothing to the scheduler's index, and end_to_end_id has one index (its uniqueness)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE tablename = 'bank_pixtransfer' "
                       "AND schemaname = current_schema()")
        definitions = [row[0] for row in cursor.fetchall()]
    assert [d for d in definitions if "end_to_end_id" in d] == [
        d for d in definitions if "bank_pix_end_to_end_id_unique" in d]
    assert [d for d in definitions if "bank_pix_due" in d][0].endswith("WHERE ((status)::text = 'scheduled'::text)")
    assert not [d for d in definitions if "(holder_id)" in d]  # the idempotency key's index starts with it


def test_an_end_to_end_id_draws_its_eleven_characters_uniformly_from_the_62():
    from collections import Counter
    from datetime import UTC, datetime

    from bank.services import _E2E_DROPPED, _E2E_LETTERS, end_to_end_id_new

    kept = Counter(_E2E_LETTERS[:len(_E2E_LETTERS) - len(_E2E_DROPPED)])
    assert len(kept) == 62 and set(kept.values()) == {4}  # each letter and digit from exactly 4 byte values
    assert bytes(range(256)).translate(_E2E_LETTERS, _E2E_DROPPED) == bytes(
        _E2E_LETTERS[b] for b in range(248))  # 248–255 are dropped, not mapped
    at = datetime(2026, 3, 10, 17, 5, tzinfo=UTC)
    ids = {end_to_end_id_new(ispb="12345678", at=at) for _ in range(2_000)}
    assert len(ids) == 2_000 and all(i.startswith("E12345678202603101705") and len(i) == 32 for i in ids)
    assert len({c for i in ids for c in i[21:]}) == 62


def test_a_fingerprint_is_the_sha256_of_the_request_as_sorted_json():
    """Replays compare with fingerprints stored by earlier versions: the bytes hashed must not change."""
    import hashlib
    import json
    from datetime import UTC, datetime

    from bank.services import _fingerprint

    due = datetime(2026, 3, 11, 9, 0, tzinfo=UTC)
    for scheduled, description, txid in ((None, "aluguel de março — ç", ""), (due, "", "ABC123")):
        payload = {"key": "k@x.com", "amount_cents": 1_234, "description": description,
                   "scheduled_for": scheduled.timestamp() if scheduled else None, **({"txid": txid} if txid else {})}
        assert _fingerprint(key_value="k@x.com", amount_cents=1_234, scheduled_for=scheduled, description=description,
                            txid=txid) == hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
