"""Services on real PostgreSQL: transfers, refusals (nothing changes), idempotency, night limit, lookup budget,
contacts, scheduled Pix, statements."""

from __future__ import annotations

import re
from datetime import UTC, timedelta

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from bank import errors
from bank.demo import CARLA_CPF, ENERGIA_CNPJ, JOAO_CPF, MARIA_RANDOM_KEY, seed_bank_demo
from bank.interface import SandboxBank
from bank.models import Account, BankSettings, Contact, Holder, KeyLookup, PixKey, PixTransfer
from bank.selectors import (
    LOOKUP_BUDGET_POINTS,
    LOOKUP_COST_HIT,
    LOOKUP_COST_MISS,
    contact_resolve,
    pix_statement,
    pix_transfer_status,
)
from bank.services import (
    account_open,
    bank_settings_update,
    contact_save,
    holder_create,
    pix_key_lookup,
    pix_key_register,
    pix_recipient_lookup,
    pix_scheduled_run,
    pix_transfer_cancel,
    pix_transfer_change,
    pix_transfer_create,
)
from bank.tests.conftest import ANA_KEY, DAY, ENERGIA_KEY, NIGHT, PEDRO_KEY, balance_of, idem, settlement_balance
from magie.errors import IdempotencyKeyReused, TextInvalid

UNKNOWN_CPF = "52998224725"


def total_money() -> int:
    return sum(Account.objects.values_list("balance_cents", flat=True))


# --- transfers -----------------------------------------------------------------------------------------------


def test_a_pix_to_a_local_key_moves_money_between_the_two_accounts(carla, ana):
    before_carla, before_ana, total = balance_of(carla), balance_of(ana), total_money()
    transfer = pix_transfer_create(holder=carla, key=ANA_KEY, amount_cents=12_345, idempotency_key=idem(), now=DAY)
    assert transfer.status == PixTransfer.Status.SETTLED and transfer.settled_at == DAY
    assert balance_of(carla) == before_carla - 12_345
    assert balance_of(ana) == before_ana + 12_345
    assert total_money() == total
    assert transfer.recipient_name == "Ana Beatriz Costa" and not transfer.is_external


def test_a_pix_to_another_bank_credits_the_settlement_account(carla):
    before, settled_before, total = balance_of(carla), settlement_balance(), total_money()
    transfer = pix_transfer_create(holder=carla, key="+55 21 98765-4321", amount_cents=5_000,
                                   idempotency_key=idem(), now=DAY)
    assert transfer.is_external and transfer.recipient_bank_name == "Nu Pagamentos S.A."
    assert balance_of(carla) == before - 5_000
    assert settlement_balance() == settled_before + 5_000
    assert total_money() == total


def test_the_end_to_end_id_has_the_pix_format(carla):
    transfer = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100, idempotency_key=idem(), now=DAY)
    e2e = transfer.end_to_end_id
    assert len(e2e) == 32
    assert re.fullmatch(r"E99999999202603101700[A-Za-z0-9]{11}", e2e)  # ISPB, then 14:00 in São Paulo as UTC


@pytest.mark.parametrize("amount", [0, -1, 10.5, "100", True, None, 100_000_000_01])
def test_an_invalid_amount_is_refused_and_nothing_changes(carla, amount):
    before = balance_of(carla)
    with pytest.raises(errors.AmountInvalid):
        pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=amount, idempotency_key=idem(), now=DAY)
    assert balance_of(carla) == before and not PixTransfer.objects.exists()


def test_insufficient_funds_refuse_and_nothing_changes(carla):
    before = balance_of(carla)
    with pytest.raises(errors.InsufficientFunds) as refused:
        pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=before + 1, idempotency_key=idem(), now=DAY)
    assert refused.value.extra["balance_cents"] == before
    assert balance_of(carla) == before and not PixTransfer.objects.exists()


def test_the_whole_balance_can_be_sent(carla):
    before = balance_of(carla)
    pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=before, idempotency_key=idem(), now=DAY)
    assert balance_of(carla) == 0


def test_a_pix_to_ones_own_key_is_same_account(carla):
    with pytest.raises(errors.SameAccount):
        pix_transfer_create(holder=carla, key="+5511999990001", amount_cents=100, idempotency_key=idem(), now=DAY)
    assert not PixTransfer.objects.exists()


@pytest.mark.parametrize("key", ["+55 11 99999-0001", CARLA_CPF])  # her phone and CPF keys, as people write them
def test_a_recipient_key_of_the_paying_account_is_refused_before_any_amount(carla, key):
    with CaptureQueriesContext(connection) as statements, pytest.raises(errors.SameAccount):
        pix_recipient_lookup(holder=carla, key=key, now=DAY)
    assert len(statements) == 2  # the holder's lock and the lookup, which reads the paying account too
    assert not PixTransfer.objects.exists()


def test_a_recipient_of_another_bank_another_holder_or_another_own_account_passes(carla, ana):
    second = account_open(holder=carla, number="0001-9")
    pix_key_register(key="carla.poupanca@exemplo.com.br", owner_name=carla.name, owner_document=carla.document,
                     bank_name="Banco Demo", bank_ispb="99999999", account=second)
    for key in (PEDRO_KEY, ANA_KEY, "carla.poupanca@exemplo.com.br"):
        pix_recipient_lookup(holder=carla, key=key, now=DAY)  # the transfer would not refuse these as its own account
    with pytest.raises(errors.KeyNotFound):  # a key nobody has is told as such, not as the customer's own
        pix_recipient_lookup(holder=carla, key=UNKNOWN_CPF, now=DAY)
    with pytest.raises(errors.SameAccount):
        pix_recipient_lookup(holder=ana, key=ANA_KEY, now=DAY)


def test_a_saved_contact_on_the_customers_own_key_is_refused_as_her_own_account(carla):
    contact_save(holder=carla, nickname="Eu mesma", key=CARLA_CPF)
    bank = SandboxBank(now=DAY)
    with pytest.raises(errors.SameAccount):
        bank.recipient_by_contact(carla.customer_ref, "Eu mesma")
    assert bank.recipient_by_contact(carla.customer_ref, "Pedro").recipient.owner_name == "Pedro Henrique Almeida"


def test_an_invalid_key_and_an_unknown_key_are_told_apart(carla):
    with pytest.raises(errors.InvalidKey):
        pix_transfer_create(holder=carla, key="529.982.247-24", amount_cents=100, idempotency_key=idem(), now=DAY)
    with pytest.raises(errors.KeyNotFound) as missing:
        pix_transfer_create(holder=carla, key=UNKNOWN_CPF, amount_cents=100, idempotency_key=idem(), now=DAY)
    assert missing.value.code == "key_not_found" and missing.value.extra == {"key_type": "cpf"}
    assert not PixTransfer.objects.exists()
    assert list(KeyLookup.objects.filter(holder=carla).values_list("found", "cost")) == [(False, LOOKUP_COST_MISS)]


def test_the_database_refuses_a_negative_balance(carla):
    account = Account.objects.get(holder=carla)
    with pytest.raises(IntegrityError), transaction.atomic():
        Account.objects.filter(pk=account.pk).update(balance_cents=-1)


# --- idempotency ---------------------------------------------------------------------------------------------


def test_the_same_idempotency_key_and_arguments_return_the_first_transfer(carla):
    before = balance_of(carla)
    first = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=1_000, idempotency_key="k-1", now=DAY)
    again = pix_transfer_create(holder=carla, key="+55 (21) 98765-4321", amount_cents=1_000, idempotency_key="k-1",
                                now=DAY + timedelta(minutes=5))
    assert again.pk == first.pk and again.end_to_end_id == first.end_to_end_id
    assert balance_of(carla) == before - 1_000
    assert PixTransfer.objects.count() == 1


@pytest.mark.parametrize("changed", [
    {"amount_cents": 1_001},
    {"key": ANA_KEY},
    {"description": "aluguel"},
    {"scheduled_for": DAY + timedelta(days=1)},
])
def test_the_same_idempotency_key_with_other_arguments_is_refused(carla, changed):
    pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=1_000, idempotency_key="k-2", now=DAY)
    before, count = balance_of(carla), PixTransfer.objects.count()
    arguments = {"key": PEDRO_KEY, "amount_cents": 1_000} | changed
    with pytest.raises(IdempotencyKeyReused) as refused:
        pix_transfer_create(holder=carla, idempotency_key="k-2", now=DAY, **arguments)
    assert refused.value.code == "idempotency_key_reused"
    assert balance_of(carla) == before and PixTransfer.objects.count() == count


def test_idempotency_keys_belong_to_their_holder(carla, ana):
    mine = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100, idempotency_key="shared", now=DAY)
    theirs = pix_transfer_create(holder=ana, key=PEDRO_KEY, amount_cents=200, idempotency_key="shared", now=DAY)
    assert mine.pk != theirs.pk and theirs.amount_cents == 200


# --- night limit ---------------------------------------------------------------------------------------------


def test_an_individual_may_send_up_to_the_night_limit_and_not_a_cent_more(carla):
    pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=60_000, idempotency_key=idem(), now=NIGHT)
    pix_transfer_create(holder=carla, key=ANA_KEY, amount_cents=40_000, idempotency_key=idem(),
                        now=NIGHT + timedelta(hours=1))
    before = balance_of(carla)
    with pytest.raises(errors.NightLimitExceeded) as refused:
        pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=1, idempotency_key=idem(),
                            now=NIGHT + timedelta(hours=7))  # 05:00 next morning: the same night
    assert refused.value.extra["limit_cents"] == 100_000 and refused.value.extra["sent_tonight_cents"] == 100_000
    assert balance_of(carla) == before


def test_a_single_night_pix_above_the_limit_is_refused(carla):
    with pytest.raises(errors.NightLimitExceeded):
        pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100_001, idempotency_key=idem(), now=NIGHT)
    assert not PixTransfer.objects.exists()


def test_the_same_amount_by_day_is_fine_and_day_pix_do_not_count_at_night(carla):
    pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=300_000, idempotency_key=idem(), now=DAY)
    pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100_000, idempotency_key=idem(), now=NIGHT)
    assert balance_of(carla) == 100_000


@pytest.mark.parametrize("hour,minute,inside", [(19, 59, False), (20, 0, True), (23, 59, True), (0, 0, True),
                                                (5, 59, True), (6, 0, False), (12, 0, False)])
def test_the_window_is_from_20_to_6_in_the_organisations_time(carla, hour, minute, inside):
    at = DAY.replace(hour=hour, minute=minute)
    if inside:
        with pytest.raises(errors.NightLimitExceeded):
            pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100_001, idempotency_key=idem(), now=at)
    else:
        pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100_001, idempotency_key=idem(), now=at)


def test_the_window_follows_the_organisations_time_zone_not_utc(carla):
    # 22:00 UTC is 19:00 in São Paulo: day, no limit; 01:00 UTC is 22:00 in São Paulo: night.
    from datetime import datetime

    pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=150_000, idempotency_key=idem(),
                        now=datetime(2026, 3, 10, 22, 0, tzinfo=UTC))
    with pytest.raises(errors.NightLimitExceeded):
        pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=150_000, idempotency_key=idem(),
                            now=datetime(2026, 3, 11, 1, 0, tzinfo=UTC))


def test_a_new_night_starts_a_new_sum(carla):
    first = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100_000, idempotency_key=idem(), now=NIGHT)
    second = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100_000, idempotency_key=idem(),
                                 now=NIGHT + timedelta(days=1))
    assert (first.status, second.status) == (PixTransfer.Status.SETTLED, PixTransfer.Status.SETTLED)


def test_businesses_have_no_night_limit(demobank):
    shop = holder_create(name="Loja Exemplo Ltda.", document=ENERGIA_CNPJ, kind="business", phone="+5511988887777",
                         customer_ref="5511988887777", balance_cents=1_000_000)
    pix_transfer_create(holder=shop, key=PEDRO_KEY, amount_cents=500_000, idempotency_key=idem(), now=NIGHT)
    assert Account.objects.get(holder=shop).balance_cents == 500_000


def test_the_organisation_may_set_a_lower_night_limit(carla):
    bank_settings_update(night_limit_cents=20_000)
    pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=20_000, idempotency_key=idem(), now=NIGHT)
    with pytest.raises(errors.NightLimitExceeded) as refused:
        pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=1, idempotency_key=idem(), now=NIGHT)
    assert refused.value.extra["limit_cents"] == 20_000
    pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=90_000, idempotency_key=idem(), now=DAY)


@pytest.mark.parametrize("value", [0, -5, 100_001])
def test_the_night_limit_setting_is_validated(demobank, value):
    with pytest.raises(ValidationError) as refused:
        bank_settings_update(night_limit_cents=value)
    assert "night_limit_cents" in refused.value.message_dict
    assert BankSettings.objects.get().night_limit_cents == 100_000
    with pytest.raises(IntegrityError), transaction.atomic():
        BankSettings.objects.filter(pk=1).update(night_limit_cents=value)


# --- lookup budget -------------------------------------------------------------------------------------------


def test_a_lookup_tells_the_owner_with_the_document_masked(carla):
    owner = pix_key_lookup(holder=carla, key="contas@EnergiaSul.com.br", now=DAY)
    assert owner.owner_name == "Energia Sul Distribuidora S.A."
    assert owner.masked_document == "**.445.566/0001-**"
    assert list(KeyLookup.objects.filter(holder=carla).values_list("found", "cost")) == [(True, LOOKUP_COST_HIT)]


def test_a_guessing_loop_is_stopped_after_ten_misses(carla):
    allowed = LOOKUP_BUDGET_POINTS // LOOKUP_COST_MISS
    for i in range(allowed):
        with pytest.raises(errors.KeyNotFound):
            pix_key_lookup(holder=carla, key=f"nobody{i}@exemplo.com", now=DAY + timedelta(seconds=i))
    with pytest.raises(errors.LookupBudgetExceeded) as refused:
        pix_key_lookup(holder=carla, key=ENERGIA_KEY, now=DAY + timedelta(minutes=5))  # even a hit waits now
    assert refused.value.code == "lookup_budget_exceeded" and refused.value.http_status == 429
    assert 0 < refused.value.extra["retry_after_seconds"] <= 3600
    # the oldest miss leaves the window after an hour: then one more lookup fits
    assert refused.value.extra["retry_after_seconds"] == 3600 - 5 * 60
    assert KeyLookup.objects.filter(holder=carla).count() == allowed  # the refusal recorded nothing
    assert pix_key_lookup(holder=carla, key=ENERGIA_KEY, now=DAY + timedelta(hours=1, seconds=1)).owner_name


def test_hits_cost_less_than_misses(carla):
    for i in range(LOOKUP_BUDGET_POINTS - LOOKUP_COST_MISS + 1):  # 28 hits fit
        pix_key_lookup(holder=carla, key=ENERGIA_KEY, now=DAY + timedelta(seconds=i))
    with pytest.raises(errors.LookupBudgetExceeded):
        pix_key_lookup(holder=carla, key=ENERGIA_KEY, now=DAY + timedelta(minutes=1))


def test_transfers_to_unknown_keys_spend_the_budget_too(carla):
    for i in range(LOOKUP_BUDGET_POINTS // LOOKUP_COST_MISS):
        with pytest.raises(errors.KeyNotFound):
            pix_transfer_create(holder=carla, key=f"guess{i}@exemplo.com", amount_cents=100, idempotency_key=idem(),
                                now=DAY)
    with pytest.raises(errors.LookupBudgetExceeded):
        pix_transfer_create(holder=carla, key="guess99@exemplo.com", amount_cents=100, idempotency_key=idem(),
                            now=DAY)


def test_budgets_are_per_holder(carla, ana):
    for i in range(LOOKUP_BUDGET_POINTS // LOOKUP_COST_MISS):
        with pytest.raises(errors.KeyNotFound):
            pix_key_lookup(holder=carla, key=f"nobody{i}@exemplo.com", now=DAY)
    assert pix_key_lookup(holder=ana, key=ENERGIA_KEY, now=DAY).owner_name


def test_an_invalid_key_costs_nothing(carla):
    with pytest.raises(errors.InvalidKey):
        pix_key_lookup(holder=carla, key="111.111.111-11", now=DAY)
    assert not KeyLookup.objects.exists()


# --- contacts ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name,owner", [
    ("Pedro", "Pedro Henrique Almeida"),
    ("pedro", "Pedro Henrique Almeida"),
    ("  PEDRO ", "Pedro Henrique Almeida"),
    ("João", "João Pereira Lima"),
    ("joao", "João Pereira Lima"),
    ("JOÃO", "João Pereira Lima"),
    ("Maria", "Maria Oliveira Santos"),
    ("ana", "Ana Beatriz Costa"),
    ("Almeida", "Pedro Henrique Almeida"),  # a word of the key owner's name, when only one contact has it
])
def test_contacts_resolve_by_name_ignoring_case_and_accents(carla, name, owner):
    assert contact_resolve(holder=carla, name=name).pix_key.owner_name == owner


def test_an_unknown_contact_names_the_saved_ones(carla):
    with pytest.raises(errors.ContactNotFound) as missing:
        contact_resolve(holder=carla, name="Roberto")
    assert missing.value.code == "contact_not_found"
    assert missing.value.extra["contacts"] == ["Ana", "João", "Maria", "Pedro"]


def test_another_holders_contacts_are_not_found(ana):
    with pytest.raises(errors.ContactNotFound) as missing:
        contact_resolve(holder=ana, name="Pedro")
    assert missing.value.extra["contacts"] == []


def test_two_matching_contacts_are_ambiguous_and_an_exact_nickname_wins(carla):
    pix_key_register(key="+5511912340000", owner_name="Carlos Almeida Rocha", owner_document=JOAO_CPF,
                     bank_name="Banco Exemplo", bank_ispb="00000000")
    contact_save(holder=carla, nickname="Pedro Trabalho", key="+5511912340000")
    assert contact_resolve(holder=carla, name="pedro").nickname == "Pedro"  # the exact nickname wins
    assert contact_resolve(holder=carla, name="Pedro Trabalho").nickname == "Pedro Trabalho"
    with pytest.raises(errors.ContactAmbiguous) as ambiguous:
        contact_resolve(holder=carla, name="almeida")  # both key owners are called Almeida
    assert ambiguous.value.code == "contact_ambiguous"
    assert sorted(ambiguous.value.extra["candidates"]) == ["Pedro", "Pedro Trabalho"]


@pytest.mark.parametrize("typed,nickname", [
    ("Pdero", "Pedro"),  # two letters swapped
    ("mraia", "Maria"),
    ("Pedo", "Pedro"),  # a letter left out
    ("Mariaa", "Maria"),  # a letter doubled
    ("Almieda", "Pedro"),  # a word of the key owner's name
])
def test_a_typing_slip_in_a_contacts_name_finds_that_contact(carla, typed, nickname):
    assert contact_resolve(holder=carla, name=typed).nickname == nickname


@pytest.mark.parametrize("typed", [
    "Mario",  # one letter replaced is another name, not a slip
    "Marta",
    "Paulo",  # far from every contact
    "Pdero Silva",  # only a single word is read as a slip
    "Aan",  # too short to tell
])
def test_another_name_is_not_read_as_a_slip(carla, typed):
    with pytest.raises(errors.ContactNotFound):
        contact_resolve(holder=carla, name=typed)


def test_a_slip_close_to_two_contacts_asks_which(carla):
    pix_key_register(key="+5511912340000", owner_name="Mario Souza Lima", owner_document=JOAO_CPF,
                     bank_name="Banco Exemplo", bank_ispb="00000000")
    contact_save(holder=carla, nickname="Mario", key="+5511912340000")
    with pytest.raises(errors.ContactAmbiguous) as ambiguous:
        contact_resolve(holder=carla, name="mraia")  # a slip of Maria, two edits from Mario
    assert sorted(ambiguous.value.extra["candidates"]) == ["Maria", "Mario"]


# --- scheduled Pix -------------------------------------------------------------------------------------------


def test_a_scheduled_pix_moves_money_only_when_run_and_only_once(carla):
    before, total = balance_of(carla), total_money()
    due = DAY + timedelta(days=2)
    transfer = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=7_000, idempotency_key=idem(),
                                   scheduled_for=due, now=DAY)
    assert transfer.status == PixTransfer.Status.SCHEDULED and balance_of(carla) == before
    assert pix_scheduled_run(now=due - timedelta(minutes=1)).settled == ()
    first = pix_scheduled_run(now=due)
    second = pix_scheduled_run(now=due + timedelta(minutes=1))
    assert first.settled == (transfer.pk,) and second.settled == () and second.failed == ()
    transfer.refresh_from_db()
    assert transfer.status == PixTransfer.Status.SETTLED and transfer.settled_at == due
    assert balance_of(carla) == before - 7_000 and total_money() == total


def test_a_scheduled_pix_without_funds_at_run_time_fails(carla):
    due = DAY + timedelta(days=1)
    transfer = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=400_000, idempotency_key=idem(),
                                   scheduled_for=due, now=DAY)
    pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=200_000, idempotency_key=idem(), now=DAY)
    before = balance_of(carla)
    assert pix_scheduled_run(now=due).failed == (transfer.pk,)
    transfer.refresh_from_db()
    assert transfer.status == PixTransfer.Status.FAILED and transfer.failure_code == "insufficient_funds"
    assert balance_of(carla) == before


def test_a_scheduled_pix_due_at_night_obeys_the_night_limit(carla):
    due = NIGHT + timedelta(days=1)
    transfer = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=150_000, idempotency_key=idem(),
                                   scheduled_for=due, now=DAY)
    pix_scheduled_run(now=due)
    transfer.refresh_from_db()
    assert transfer.failure_code == "night_limit_exceeded"


@pytest.mark.parametrize("offset", [timedelta(0), timedelta(minutes=-1), timedelta(days=366)])
def test_a_schedule_must_be_in_the_future_within_a_year(carla, offset):
    with pytest.raises(errors.ScheduleInvalid):
        pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100, idempotency_key=idem(),
                            scheduled_for=DAY + offset, now=DAY)


def test_a_scheduled_pix_can_be_cancelled_before_it_runs_only(carla):
    due = DAY + timedelta(days=1)
    transfer = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100, idempotency_key=idem(),
                                   scheduled_for=due, now=DAY)
    pix_transfer_cancel(holder=carla, transfer_id=transfer.pk, now=DAY)
    assert pix_scheduled_run(now=due).settled == ()
    with pytest.raises(errors.TransferNotCancellable):
        pix_transfer_cancel(holder=carla, transfer_id=transfer.pk, now=DAY)


def test_a_scheduled_pix_changes_amount_day_and_recipient_before_it_runs(carla):
    due, later = DAY + timedelta(days=1), DAY + timedelta(days=4)
    transfer = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=8_000, idempotency_key=idem(),
                                   scheduled_for=due, now=DAY)
    before, total = balance_of(carla), total_money()
    changed = pix_transfer_change(holder=carla, transfer_id=transfer.pk, key=ANA_KEY, amount_cents=10_000,
                                  scheduled_for=later, now=DAY)
    assert (changed.pk, changed.status, changed.amount_cents, changed.scheduled_for) == (transfer.pk, "scheduled",
                                                                                         10_000, later)
    assert (changed.recipient_name, changed.to_account.holder.name) == ("Ana Beatriz Costa", "Ana Beatriz Costa")
    assert (balance_of(carla), total_money()) == (before, total)  # a scheduled Pix moves nothing
    assert pix_scheduled_run(now=due).settled == ()  # no longer due on the first day
    assert pix_scheduled_run(now=later).settled == (transfer.pk,)
    assert balance_of(carla) == before - 10_000


def test_a_scheduled_pix_changed_to_the_same_values_stays_as_it_was(carla):
    due = DAY + timedelta(days=1)
    transfer = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=8_000, idempotency_key=idem(),
                                   scheduled_for=due, now=DAY)
    for _ in range(2):  # a repeated approval
        changed = pix_transfer_change(holder=carla, transfer_id=transfer.pk, amount_cents=9_000, now=DAY)
    assert (changed.amount_cents, changed.scheduled_for, changed.recipient_name) == (9_000, due,
                                                                                     transfer.recipient_name)


@pytest.mark.parametrize("change,error", [
    ({"amount_cents": 0}, errors.AmountInvalid),
    ({"scheduled_for": DAY - timedelta(minutes=1)}, errors.ScheduleInvalid),
    ({"scheduled_for": DAY + timedelta(days=366)}, errors.ScheduleInvalid),
    ({"key": "+5511999990001"}, errors.SameAccount),  # Carla's own phone key
    ({"key": UNKNOWN_CPF}, errors.KeyNotFound),
])
def test_a_refused_change_leaves_the_scheduled_pix_as_it_was(carla, change, error):
    due = DAY + timedelta(days=1)
    transfer = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=8_000, idempotency_key=idem(),
                                   scheduled_for=due, now=DAY)
    with pytest.raises(error):
        pix_transfer_change(holder=carla, transfer_id=transfer.pk, now=DAY, **change)
    transfer.refresh_from_db()
    assert (transfer.amount_cents, transfer.scheduled_for, transfer.recipient_key_value) == (8_000, due, PEDRO_KEY)


def test_only_a_scheduled_pix_of_ones_own_can_be_changed(carla, ana):
    settled = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100, idempotency_key=idem(), now=DAY)
    with pytest.raises(errors.TransferNotChangeable):
        pix_transfer_change(holder=carla, transfer_id=settled.pk, amount_cents=200, now=DAY)
    scheduled = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100, idempotency_key=idem(),
                                    scheduled_for=DAY + timedelta(days=1), now=DAY)
    with pytest.raises(errors.TransferNotFound):  # someone else's is not found, like a missing one
        pix_transfer_change(holder=ana, transfer_id=scheduled.pk, amount_cents=200, now=DAY)
    pix_transfer_cancel(holder=carla, transfer_id=scheduled.pk, now=DAY)
    with pytest.raises(errors.TransferNotChangeable):
        pix_transfer_change(holder=carla, transfer_id=scheduled.pk, amount_cents=200, now=DAY)
    assert PixTransfer.objects.get(pk=scheduled.pk).amount_cents == 100


def test_the_scheduled_run_task_takes_the_schema_name(carla):
    from bank.tasks import pix_scheduled_run_task

    transfer = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100, idempotency_key=idem(),
                                   scheduled_for=DAY + timedelta(minutes=1), now=DAY)
    assert pix_scheduled_run_task("demobank") == {"settled": [transfer.pk], "failed": []}  # due long ago


# --- statement -----------------------------------------------------------------------------------------------


def test_the_statement_counts_this_months_pix(carla, ana):
    march, april = DAY.replace(day=1, hour=0), DAY.replace(month=4, day=1, hour=0)
    pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=1_000, idempotency_key=idem(), now=DAY)
    pix_transfer_create(holder=carla, key=ANA_KEY, amount_cents=2_000, idempotency_key=idem(), now=DAY)
    pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=3_000, idempotency_key=idem(),
                        now=DAY - timedelta(days=20))  # February
    pix_transfer_create(holder=carla, key=MARIA_RANDOM_KEY, amount_cents=4_000, idempotency_key=idem(), now=DAY,
                        scheduled_for=DAY + timedelta(days=3))
    pix_transfer_create(holder=ana, key="+5511999990001", amount_cents=500, idempotency_key=idem(), now=DAY)
    statement = pix_statement(holder=carla, since=march, until=april)
    assert statement.counts["out_settled"] == 2 and statement.counts["out_scheduled"] == 1
    assert statement.counts["in_settled"] == 1 and statement.counts["total"] == 4
    assert statement.settled_out_cents == 3_000 and statement.settled_in_cents == 500
    assert [line.direction for line in pix_statement(holder=carla, since=march, until=april, direction="in").lines] \
        == ["in"]
    assert pix_statement(holder=ana, since=march, until=april).counts["in_settled"] == 1  # from Carla


def test_did_last_weeks_transfer_go_through(carla):
    last_week = DAY - timedelta(days=7)
    pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=25_000, idempotency_key=idem(), now=last_week)
    failed = pix_transfer_create(holder=carla, key=JOAO_CPF, amount_cents=900_000, idempotency_key=idem(),
                                 now=last_week - timedelta(days=1), scheduled_for=last_week)
    pix_scheduled_run(now=last_week)
    found = pix_transfer_status(holder=carla, recipient="pedro", since=DAY - timedelta(days=10), until=DAY)
    assert [(t.amount_cents, t.status) for t in found] == [(25_000, "settled")]
    found = pix_transfer_status(holder=carla, recipient="João", since=DAY - timedelta(days=10), until=DAY)
    assert [(t.pk, t.status, t.failure_code) for t in found] == [(failed.pk, "failed", "insufficient_funds")]
    assert pix_transfer_status(holder=carla, amount_cents=25_000) and not pix_transfer_status(holder=carla,
                                                                                               amount_cents=1)


# --- demo data -----------------------------------------------------------------------------------------------


def test_the_demo_data_is_there_and_seeding_again_changes_nothing(demobank, carla):
    counts = [m.objects.count() for m in (Holder, Account, PixKey, Contact)]
    seed_bank_demo(demobank)
    assert [m.objects.count() for m in (Holder, Account, PixKey, Contact)] == counts
    assert carla.name == "Carla Souza" and carla.phone == "+5511999990001" and balance_of(carla) == 500_000
    assert sorted(Contact.objects.filter(holder=carla).values_list("pix_key__key_type", flat=True)) == [
        "cpf", "email", "phone", "random"]
    assert PixKey.objects.get(value=ENERGIA_KEY).owner_name == "Energia Sul Distribuidora S.A."
    assert Account.objects.filter(kind=Account.Kind.SETTLEMENT).count() == 1


def test_other_kinds_get_no_bank_data(demostore):
    assert not Holder.objects.exists() and not PixKey.objects.exists()


def test_the_fan_out_task_reaches_every_bank(demobank, carla):
    from django.db import connection

    from bank.tasks import pix_scheduled_run_all_task

    transfer = pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100, idempotency_key=idem(),
                                   scheduled_for=DAY + timedelta(minutes=1), now=DAY)
    connection.set_schema_to_public()
    assert "demobank" in pix_scheduled_run_all_task()  # eager in tests: each bank's run happened inline
    connection.set_tenant(demobank)
    transfer.refresh_from_db()
    assert transfer.status == PixTransfer.Status.SETTLED


@pytest.mark.parametrize("field, value", [("description", "aluguel\x00"), ("description", "\udc00"),
                                          ("idempotency_key", "idem-\x00")])
def test_text_that_cannot_be_stored_is_refused_and_nothing_changes(carla, field, value):
    before = balance_of(carla)
    arguments = {"description": "", "idempotency_key": idem()} | {field: value}
    with pytest.raises(TextInvalid) as refused:
        pix_transfer_create(holder=carla, key=PEDRO_KEY, amount_cents=100, now=DAY, **arguments)
    assert refused.value.extra["field"] == field
    assert balance_of(carla) == before and not PixTransfer.objects.exists()
