"""Writes of the bank core: key lookups (budgeted), Pix transfers (immediate and scheduled), settings, and the
set-up operations (holders, accounts, keys, contacts, tokens) used by the demo data, the admin and tests.

Lock order, everywhere, so no two operations wait on each other in a cycle:
    [scheduled transfer row →] holder row → customer account rows in ascending pk → settlement account.
Creating a Pix locks the payer's holder row first: that serialises the idempotency check, the night-limit sum and
the lookup budget per payer; the customer accounts (the payer's, and the payee's when the key is of this bank) are
then locked in pk order before the balance check, and debit and credit happen in that one transaction. The
settlement account, credited by every Pix leaving for another bank, is never locked ahead: the UPDATE that credits
it takes its lock last, just before COMMIT, so every outgoing Pix holds that one shared row for the shortest time,
and an operation holding it waits for nothing else. An immediate Pix does all that in two statements written by
hand (`bank.transfer_sql`: one SELECT … FOR UPDATE, one INSERT … RETURNING that also moves the money), in two round
trips when it runs on its own (`pix_transaction`); the rest of this module is ORM.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import secrets
import string
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial

from django.db import DEFAULT_DB_ALIAS, connection, transaction
from django.db.models import F

from bank.errors import (
    AccountNotFound,
    AmountInvalid,
    IdempotencyKeyMissing,
    InsufficientFunds,
    KeyNotFound,
    LookupBudgetExceeded,
    NightLimitExceeded,
    SameAccount,
    ScheduleInvalid,
    TransferNotCancellable,
    TransferNotChangeable,
    TxidInvalid,
)
from bank.keys import key_parse
from bank.models import (
    NIGHT_LIMIT_MAX_CENTS,
    Account,
    BankSettings,
    Contact,
    Holder,
    HolderToken,
    PixKey,
    PixTransfer,
)
from bank.selectors import (
    LOOKUP_BUDGET_POINTS,
    LOOKUP_COST_HIT,
    LOOKUP_COST_MISS,
    LOOKUP_WINDOW,
    account_get_for_holder,
    bank_settings_get,
    lookup_budget_state,
    night_sent_cents,
    night_window,
    now_checked,
    organisation_currency,
    organisation_zone,
)
from bank.transfer_sql import Held, transfer_lock, transfer_write, transfer_written
from magie.bounds import text_checked
from magie.db.pipeline import hot_cursor
from magie.db.pipeline import pipelined_transaction as pix_transaction
from magie.errors import DomainError, IdempotencyKeyReused
from magie.tokens import token_new

logger = logging.getLogger(__name__)

AMOUNT_MAX_CENTS = 100_000_000_00  # R$ 100 milhões: anything above is a typo, not a Pix
SCHEDULE_MAX_DAYS = 365
IDEMPOTENCY_KEY_MAX = 100
TXID_RE = re.compile(r"[A-Za-z0-9]{0,35}")  # the Pix rules: a static code's txid has up to 25, a dynamic one's 26–35
_ALPHANUMERIC = string.ascii_letters + string.digits
_E2E_SUFFIX_LENGTH = 11
_E2E_USABLE = 4 * len(_ALPHANUMERIC)  # 248: the random bytes that map onto the alphabet uniformly
_E2E_LETTERS = bytes(ord(_ALPHANUMERIC[b % len(_ALPHANUMERIC)]) if b < _E2E_USABLE else b for b in range(256))
_E2E_DROPPED = bytes(range(_E2E_USABLE, 256))
# json.dumps(…, sort_keys=True) builds an encoder per call; this one writes the same bytes
_FINGERPRINT_JSON = json.JSONEncoder(sort_keys=True)


# --- set-up --------------------------------------------------------------------------------------------------


@transaction.atomic
def bank_settings_update(*, night_limit_cents: int | None = None, ispb: str | None = None) -> BankSettings:
    """Change the organisation's settings; ValidationError (naming the field) above R$ 1.000,00 or at ≤ 0."""
    bank_settings_get()
    settings = BankSettings.objects.select_for_update().get(pk=1)
    if night_limit_cents is not None:
        settings.night_limit_cents = night_limit_cents
    if ispb is not None:
        settings.ispb = ispb
    settings.full_clean()
    settings.save()
    return settings


@transaction.atomic
def holder_create(
    *, name: str, document: str, kind: str, phone: str, customer_ref: str, balance_cents: int = 0,
    account_number: str | None = None, is_test: bool = False,
) -> Holder:
    """A holder and their account (opened with `balance_cents`). ValidationError on invalid fields. `is_test`: test
    money, the only money the WhatsApp simulator may move or read (`Holder.is_test`)."""
    holder = Holder(name=name, document=document, kind=kind, phone=phone, customer_ref=customer_ref, is_test=is_test)
    holder.full_clean()
    holder.save()
    account_open(holder=holder, number=account_number or f"{holder.pk:06d}-{customer_ref[-1]}",
                 balance_cents=balance_cents)
    return holder


def account_open(*, holder: Holder, number: str, balance_cents: int = 0) -> Account:
    if balance_cents < 0:
        raise AmountInvalid("an opening balance is never negative")
    return Account.objects.create(holder=holder, number=number, balance_cents=balance_cents,
                                  currency=organisation_currency())


def settlement_account_ensure(*, currency: str | None = None) -> Account:
    """The bank's settlement account for `currency`: it is credited with every Pix leaving for another bank."""
    currency = currency or organisation_currency()
    account, _ = Account.objects.get_or_create(
        kind=Account.Kind.SETTLEMENT, currency=currency, defaults={"number": f"SETTLEMENT-{currency}"}
    )
    return account


def pix_key_register(
    *, key: str, owner_name: str, owner_document: str, bank_name: str, bank_ispb: str,
    account: Account | None = None,
) -> PixKey:
    """Add a key to the directory (normalised; InvalidKey if it is none). Idempotent on the key's value."""
    parsed = key_parse(key)
    existing = PixKey.objects.filter(value=parsed.value).first()
    if existing is not None:
        return existing
    pix_key = PixKey(key_type=parsed.type, value=parsed.value, owner_name=owner_name, owner_document=owner_document,
                     bank_name=bank_name, bank_ispb=bank_ispb, account=account)
    pix_key.full_clean()
    pix_key.save()
    return pix_key


def contact_save(*, holder: Holder, nickname: str, key: str) -> Contact:
    """Save (or repoint) the holder's contact `nickname` to a key already in the directory."""
    parsed = key_parse(key)
    pix_key = PixKey.objects.filter(value=parsed.value).first()
    if pix_key is None:
        raise KeyNotFound("the key is not in the directory")
    from language.text import fold

    contact = Contact.objects.filter(holder=holder, nickname_folded=fold(nickname).strip()).first()
    contact = contact or Contact(holder=holder, nickname=nickname.strip())
    contact.pix_key = pix_key
    contact.save()
    return contact


def customer_token_issue(*, holder: Holder) -> HolderToken:
    """A new API token for the holder; its key is `token.secret` on the returned row, only now (the table keeps
    its SHA-256)."""
    key, digest = token_new()
    token = HolderToken.objects.create(holder=holder, key=digest)
    token.secret = key  # type: ignore[attr-defined]  # shown once, never stored
    return token


# --- key lookup ----------------------------------------------------------------------------------------------


# One statement after the holder's lock (so it reads every lookup committed before the lock was granted): the points
# spent in the window, the key when the budget can pay for a miss, and the lookup's row written when it can.
_LOOKUP_SQL = """
WITH spent AS (
    SELECT coalesce(sum(cost), 0) AS points FROM bank_keylookup
    WHERE holder_id = %(holder)s AND created_at > %(window_start)s AND created_at <= %(now)s
), found AS (
    SELECT {columns} FROM bank_pixkey
    WHERE value = %(value)s AND (SELECT points FROM spent) <= %(max_spent)s
), logged AS (
    INSERT INTO bank_keylookup (holder_id, key_type, found, cost, created_at)
    SELECT %(holder)s, %(key_type)s, EXISTS (SELECT 1 FROM found),
           CASE WHEN EXISTS (SELECT 1 FROM found) THEN %(hit)s ELSE %(miss)s END, %(now)s
    FROM spent WHERE points <= %(max_spent)s
    RETURNING id
)
SELECT (SELECT points FROM spent), (SELECT count(*) FROM logged),
       (SELECT id FROM bank_account WHERE holder_id = %(holder)s AND kind = 'customer' ORDER BY id LIMIT 1),
       found.* FROM (SELECT 1) AS one
LEFT JOIN found ON true
"""
_PIXKEY_FIELDS = [field for field in PixKey._meta.concrete_fields]
_LOOKUP_STATEMENT = _LOOKUP_SQL.format(columns=", ".join(f'"{field.column}"' for field in _PIXKEY_FIELDS))


def _lookup_record(*, holder: Holder, key_type: str, value: str | None,
                   now: datetime) -> tuple[PixKey | None, int | None]:
    """Lock the holder, check the budget, look `value` up (None: a known miss) and record the lookup: two
    statements (the lock, then `_LOOKUP_SQL`). With the key found (or None), the id of the account a Pix of this
    holder debits (its first customer account), read by the same statement."""
    # No savepoint inside a caller's transaction (the agent's turn): the refusal is raised after the block, so
    # nothing raises inside it but the database itself, which fails the caller's transaction anyway.
    with transaction.atomic(savepoint=False), connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM bank_holder WHERE id = %s FOR UPDATE", [holder.pk])
        cursor.execute(_LOOKUP_STATEMENT, {
            "holder": holder.pk, "window_start": now - LOOKUP_WINDOW, "now": now, "value": value or "",
            "max_spent": LOOKUP_BUDGET_POINTS - LOOKUP_COST_MISS, "key_type": key_type, "hit": LOOKUP_COST_HIT,
            "miss": LOOKUP_COST_MISS})
        row = cursor.fetchone()
    if not row[1]:  # nothing logged: the budget could not pay for a miss (read its rows for the retry time)
        state = lookup_budget_state(holder=holder, now=now)
        raise LookupBudgetExceeded(
            "too many key lookups; try again later", retry_after_seconds=max(1, state.retry_after_seconds)
        )
    if not value or row[3] is None:
        return None, row[2]
    return PixKey.from_db(connection.alias, [field.attname for field in _PIXKEY_FIELDS], row[3:]), row[2]


def pix_key_lookup(*, holder: Holder, key: str, now: datetime | None = None) -> PixKey:
    """Who `key` belongs to. Costs the holder LOOKUP_COST_HIT or LOOKUP_COST_MISS budget points; refused with
    LookupBudgetExceeded (nothing recorded) when the budget could not pay for a miss. The lookup row is committed
    before KeyNotFound is raised, so a miss is paid for even though the call fails. InvalidKey costs nothing."""
    return _key_found(holder=holder, key=key, now=now)[0]


def pix_recipient_lookup(*, holder: Holder, key: str, now: datetime | None = None) -> PixKey:
    """`pix_key_lookup` for a Pix this holder is about to make: SameAccount when the key credits the very account
    the Pix would debit, known from the lookup's own statement (no read more)."""
    found, paying_id = _key_found(holder=holder, key=key, now=now)
    recipient_refuse_own(account_id=found.account_id, paying_id=paying_id)
    return found


def recipient_refuse_own(*, account_id: int | None, paying_id: int | None) -> None:
    """SameAccount when a recipient key's account is the one a Pix of this holder debits (`paying_id`), as
    `pix_transfer_create` would refuse it. A key of another bank (no account here), or of another account of the
    same holder, passes."""
    if account_id is not None and account_id == paying_id:
        raise SameAccount("the key belongs to the paying account")


def _key_found(*, holder: Holder, key: str, now: datetime | None) -> tuple[PixKey, int | None]:
    now = now_checked(now)
    parsed = key_parse(key)
    found, paying_id = _lookup_record(holder=holder, key_type=parsed.type, value=parsed.value, now=now)
    if found is None:
        raise KeyNotFound("no Pix key like that in the directory", key_type=parsed.type)
    return found, paying_id


# --- transfers -----------------------------------------------------------------------------------------------


def _amount_check(amount_cents: object) -> int:
    if isinstance(amount_cents, bool) or not isinstance(amount_cents, int):
        raise AmountInvalid("the amount is a whole number of cents")
    if amount_cents <= 0 or amount_cents > AMOUNT_MAX_CENTS:
        raise AmountInvalid("the amount must be positive and at most R$ 100.000.000,00",
                            max_cents=AMOUNT_MAX_CENTS)
    return amount_cents


def end_to_end_id_new(*, ispb: str, at: datetime) -> str:
    """E + ISPB (8) + yyyyMMddHHmm (UTC) + 11 random alphanumerics = 32 characters, as the Pix rules say.

    The 11 characters come from one read of the system's randomness (eleven `secrets.choice` read it eleven times,
    a tenth of a Pix's Python): random bytes below 248 = 4 × 62 map uniformly onto the 62 letters and digits, the
    others are dropped; 16 bytes keep at least 11 all but once in about 100,000 draws, which then draw again."""
    suffix = b""
    while len(suffix) < _E2E_SUFFIX_LENGTH:
        suffix = secrets.token_bytes(16).translate(_E2E_LETTERS, _E2E_DROPPED)
    return f"E{ispb}{at.astimezone(UTC):%Y%m%d%H%M}{suffix[:_E2E_SUFFIX_LENGTH].decode()}"


def _fingerprint(*, key_value: str, amount_cents: int, scheduled_for: datetime | None, description: str,
                 txid: str = "") -> str:
    payload = {"key": key_value, "amount_cents": amount_cents, "description": description,
               "scheduled_for": scheduled_for.isoformat() if scheduled_for else None}
    if txid:  # only when present, so the fingerprints of Pix made before the field existed stay what they were
        payload["txid"] = txid
    if scheduled_for is not None:  # the same instant written in another zone is the same request
        payload["scheduled_for"] = scheduled_for.timestamp()
    return hashlib.sha256(_FINGERPRINT_JSON.encode(payload).encode()).hexdigest()


def _night_limit_refusal(*, holder_kind: str | None, holder_id: int, amount_cents: int, now: datetime,
                         limit_cents: int | None) -> NightLimitExceeded | None:
    """Individuals only: within [20:00, 06:00) local time, sent-in-this-night + amount ≤ the night limit
    (`limit_cents`: the bank's setting, None for the default). The caller holds the holder's row lock, so
    concurrent Pix of one holder cannot both squeeze under it."""
    if holder_kind != Holder.Kind.INDIVIDUAL:
        return None
    zone = organisation_zone()
    window = night_window(now=now, zone=zone)
    if window is None:
        return None
    limit = min(limit_cents or NIGHT_LIMIT_MAX_CENTS, NIGHT_LIMIT_MAX_CENTS)
    sent = night_sent_cents(holder=Holder(pk=holder_id), start=window[0], until=now)
    if sent + amount_cents <= limit:
        return None
    return NightLimitExceeded(
        "the night-time Pix limit would be exceeded",
        limit_cents=limit, sent_tonight_cents=sent, available_cents=max(0, limit - sent),
        window_ends_at=window[1].isoformat(),
        # the day the refusal offers to schedule it for: tomorrow, also after midnight, when the window ends today
        schedule_date=(now.astimezone(zone).date() + timedelta(days=1)).isoformat(),
    )


def _move_money(*, payer: Holder, transfer_from: int, transfer_to: int, amount_cents: int, now: datetime,
                night_limit_cents: int) -> None:
    """A scheduled Pix's money: lock the customer accounts in pk order, check funds, then the night limit, debit
    and credit (in the caller's transaction, which holds the payer's holder lock). A settlement account is not
    locked ahead: the UPDATE that credits it takes its lock, last (see the lock order above)."""
    accounts = {a.pk: a for a in Account.objects.select_for_update()
                .filter(pk__in=[transfer_from, transfer_to], kind=Account.Kind.CUSTOMER).order_by("pk")}
    paying = accounts[transfer_from]
    if paying.balance_cents < amount_cents:
        raise InsufficientFunds("not enough balance for this Pix", balance_cents=paying.balance_cents,
                                amount_cents=amount_cents, currency=paying.currency)
    refusal = _night_limit_refusal(holder_kind=payer.kind, holder_id=payer.pk, amount_cents=amount_cents, now=now,
                                   limit_cents=night_limit_cents)
    if refusal is not None:
        raise refusal
    Account.objects.filter(pk=transfer_from).update(balance_cents=F("balance_cents") - amount_cents)
    Account.objects.filter(pk=transfer_to).update(balance_cents=F("balance_cents") + amount_cents)


def pix_transfer_precheck(*, holder: Holder, amount_cents: int, scheduled_for: datetime | None = None,
                          now: datetime | None = None) -> None:
    """Raise what `pix_transfer_create` would refuse now for funds (InsufficientFunds) or the night limit
    (NightLimitExceeded), reading without locks and writing nothing: a preview is offered only for a Pix that could
    go now (its execution checks again under its locks). A scheduled Pix is checked when it runs. The recipient
    (never the payer's own account) is checked where it is read: `pix_recipient_lookup`."""
    if scheduled_for is not None:
        return
    now = now_checked(now)
    amount_cents = _amount_check(amount_cents)
    account = account_get_for_holder(holder=holder, with_night_limit=True)  # the settings in the same read
    if account.balance_cents < amount_cents:
        raise InsufficientFunds("not enough balance for this Pix", balance_cents=account.balance_cents,
                                amount_cents=amount_cents, currency=account.currency)
    refusal = _night_limit_refusal(holder_kind=holder.kind, holder_id=holder.pk, amount_cents=amount_cents, now=now,
                                   limit_cents=getattr(account, "night_limit_cents", None))
    if refusal is not None:
        raise refusal


@dataclass(frozen=True)
class _Missing:
    key_type: str


def pix_transfer_create(
    *, holder: Holder, key: str, amount_cents: int, idempotency_key: str, scheduled_for: datetime | None = None,
    description: str = "", txid: str = "", now: datetime | None = None,
) -> PixTransfer:
    """Send `amount_cents` by Pix from the holder's account to the owner of `key`.

    Immediate (scheduled_for None): one transaction locks the holder, then the customer accounts in pk order,
    checks funds and the night limit, debits, credits (the recipient's account when the key is of this bank, else
    the settlement account, whose lock the credit takes last) and stores the transfer `settled`. Scheduled: stores it `scheduled`, no money moves
    until `pix_scheduled_run`.
    Idempotent per holder on `idempotency_key`: the same key with the same arguments returns the first transfer
    (no second effect); with other arguments IdempotencyKeyReused and nothing runs.
    A valid key unknown to the directory costs a lookup miss (see pix_key_lookup) and raises KeyNotFound.
    `txid` (1–35 letters and digits, or empty) is the receiver's id of the charge a Pix code carried; it is stored
    on the transfer and is part of the request (the same idempotency key with another txid is IdempotencyKeyReused).
    """
    now = now_checked(now)
    amount_cents = _amount_check(amount_cents)
    parsed = key_parse(key)
    idempotency_key = (idempotency_key or "").strip()
    if not idempotency_key or len(idempotency_key) > IDEMPOTENCY_KEY_MAX:
        raise IdempotencyKeyMissing("an idempotency key (1 to 100 characters) is required")
    text_checked(idempotency_key, field="idempotency_key", max_length=IDEMPOTENCY_KEY_MAX)
    description = text_checked((description or "").strip()[:140], field="description", max_length=140)
    txid = (txid or "").strip()
    if not TXID_RE.fullmatch(txid):
        raise TxidInvalid("a txid is 1 to 35 letters and digits", field="txid")
    if scheduled_for is not None and timezone_is_naive(scheduled_for):
        raise ScheduleInvalid("the scheduled time needs a time zone")
    fingerprint = _fingerprint(key_value=parsed.value, amount_cents=amount_cents, scheduled_for=scheduled_for,
                               description=description, txid=txid)
    result = _transfer_create_locked(holder=holder, parsed_value=parsed.value, parsed_type=parsed.type,
                                     amount_cents=amount_cents, idempotency_key=idempotency_key,
                                     fingerprint=fingerprint, scheduled_for=scheduled_for,
                                     description=description, txid=txid, now=now)
    if isinstance(result, _Missing):
        _lookup_record(holder=holder, key_type=result.key_type, value=None, now=now)  # may raise the budget
        raise KeyNotFound("no Pix key like that in the directory", key_type=result.key_type)
    return result


def timezone_is_naive(value: datetime) -> bool:
    return value.tzinfo is None or value.tzinfo.utcoffset(value) is None


_ISPB_DEFAULT = BankSettings._meta.get_field("ispb").default


def _transfer_create_locked(
    *, holder: Holder, parsed_value: str, parsed_type: str, amount_cents: int, idempotency_key: str,
    fingerprint: str, scheduled_for: datetime | None, description: str, now: datetime, txid: str = "",
) -> PixTransfer | _Missing:
    """The transaction of `pix_transfer_create` (magie.db.pipeline.pipelined_transaction): on the way to a settled Pix,
    one locking read and one write, plus the night sum for an individual at night. Every refusal, and a write that
    found the idempotency key taken, then looks for the earlier transfer with this key: a replay returns it (or is
    refused as reused) whatever else changed. It is read after the transaction ended: the locks it waited for were
    released by that transfer's own commit, which it therefore sees."""
    attempt = partial(_transfer_attempt, holder=holder, parsed_value=parsed_value, parsed_type=parsed_type,
                      amount_cents=amount_cents, idempotency_key=idempotency_key, fingerprint=fingerprint,
                      scheduled_for=scheduled_for, description=description, now=now, txid=txid)
    outcome = attempt()
    if isinstance(outcome, _NoSettlementAccount):  # the bank's first Pix to another bank: once, ever
        settlement_account_ensure(currency=outcome.currency)
        outcome = attempt()
    if isinstance(outcome, PixTransfer):
        logger.info("pix %s %s of holder %s: %s cents", outcome.pk, outcome.status, holder.pk, amount_cents)
        return outcome
    replayed = _transfer_replay(holder=holder, idempotency_key=idempotency_key, fingerprint=fingerprint)
    if replayed is not None:
        return replayed
    if isinstance(outcome, DomainError):
        raise outcome
    if isinstance(outcome, _Missing):
        return outcome
    if isinstance(outcome, _NoSettlementAccount):
        raise RuntimeError("no settlement account after opening one")
    raise RuntimeError("the idempotency key conflicted with a transfer that cannot be found")


@dataclass(frozen=True)
class _NoSettlementAccount:
    currency: str


def _transfer_attempt(
    *, holder: Holder, parsed_value: str, parsed_type: str, amount_cents: int, idempotency_key: str,
    fingerprint: str, scheduled_for: datetime | None, description: str, now: datetime, txid: str,
) -> PixTransfer | DomainError | _Missing | _NoSettlementAccount | None:
    """One pass of the Pix's transaction: the transfer written, or why not — a refusal, no settlement account yet
    for a Pix to another bank, or None: a transfer with this idempotency key was committed first."""
    move_money = scheduled_for is None
    with hot_cursor() as cursor:
        with pix_transaction():
            held = transfer_lock(cursor, holder_id=holder.pk, key_value=parsed_value)
            if held.key is not None and held.paying_id is not None and held.receiving_id is None:
                return _NoSettlementAccount(held.currency)
            refusal = _transfer_refusal(held=held, parsed_type=parsed_type, amount_cents=amount_cents,
                                        scheduled_for=scheduled_for, now=now)
            if refusal is None and move_money:
                refusal = _night_limit_refusal(holder_kind=held.holder_kind, holder_id=holder.pk,
                                               amount_cents=amount_cents, now=now, limit_cents=held.night_limit_cents)
            if refusal is not None:
                return refusal
            key = held.key
            assert key is not None  # no refusal: the key was found
            row = {
                "end_to_end_id": end_to_end_id_new(ispb=held.ispb or _ISPB_DEFAULT, at=now),
                "idempotency_key": idempotency_key, "request_fingerprint": fingerprint, "holder_id": holder.pk,
                "from_account_id": held.paying_id, "to_account_id": held.receiving_id, "pix_key_id": key.id,
                "recipient_name": key.owner_name, "recipient_document": key.owner_document,
                "recipient_bank_name": key.bank_name, "recipient_ispb": key.bank_ispb,
                "recipient_key_type": key.key_type, "recipient_key_value": key.value,
                "amount_cents": amount_cents, "currency": held.currency, "description": description, "txid": txid,
                "status": PixTransfer.Status.SETTLED if move_money else PixTransfer.Status.SCHEDULED,
                "scheduled_for": scheduled_for, "settled_at": now if move_money else None, "created_at": now,
            }
            transfer_write(cursor, row=row, move_money=move_money, held=held)
        transfer_id = transfer_written(cursor, move_money=move_money)
    return None if transfer_id is None else _transfer_loaded(row, transfer_id=transfer_id, holder=holder)


# What transfer_write stores besides its row: a new transfer has not failed and was not cancelled.
_TRANSFER_NEW = {"failed_at": None, "failure_code": "", "cancelled_at": None}
_TRANSFER_ATTNAMES = tuple(field.attname for field in PixTransfer._meta.concrete_fields)


def _transfer_loaded(row: dict[str, object], *, transfer_id: int, holder: Holder) -> PixTransfer:
    """The stored transfer as a model instance, built as a query result is (`from_db`: every field positional,
    saved state): the row transfer_write wrote, its id, and the payer's Holder already at hand."""
    values = {**row, **_TRANSFER_NEW, "id": transfer_id}
    transfer = PixTransfer.from_db(DEFAULT_DB_ALIAS, None, [values[name] for name in _TRANSFER_ATTNAMES])
    PixTransfer.holder.field.set_cached_value(transfer, holder)
    return transfer


def _schedule_window_refusal(scheduled_for: datetime, now: datetime) -> ScheduleInvalid | None:
    """A scheduled Pix is due in the future, within SCHEDULE_MAX_DAYS (None: this time is)."""
    if now < scheduled_for <= now + timedelta(days=SCHEDULE_MAX_DAYS):
        return None
    return ScheduleInvalid("a scheduled Pix is due in the future, within a year", max_days=SCHEDULE_MAX_DAYS)


def _transfer_refusal(*, held: Held, parsed_type: str, amount_cents: int, scheduled_for: datetime | None,
                      now: datetime) -> DomainError | _Missing | None:
    """Why this Pix cannot be made, in the order a customer is told (None: it can)."""
    if scheduled_for is not None and (invalid := _schedule_window_refusal(scheduled_for, now)):
        return invalid
    if held.paying_id is None:
        return AccountNotFound("no account for this customer")
    if held.key is None:
        return _Missing(parsed_type)
    if held.receiving_id == held.paying_id:
        return SameAccount("the key belongs to the paying account")
    if scheduled_for is None and held.paying_balance_cents < amount_cents:
        return InsufficientFunds("not enough balance for this Pix", balance_cents=held.paying_balance_cents,
                                 amount_cents=amount_cents, currency=held.currency)
    return None


def _transfer_replay(*, holder: Holder, idempotency_key: str, fingerprint: str) -> PixTransfer | None:
    """The holder's transfer made with `idempotency_key` (IdempotencyKeyReused if it was another request)."""
    existing = PixTransfer.objects.filter(holder_id=holder.pk, idempotency_key=idempotency_key).first()
    if existing is not None and existing.request_fingerprint != fingerprint:
        raise IdempotencyKeyReused("this idempotency key was used for another transfer", transfer_id=existing.pk)
    return existing


def _holders_transfer_locked(*, holder: Holder, transfer_id: int) -> PixTransfer:
    """The holder's transfer, its row locked; TransferNotFound alike for a missing one and another holder's."""
    from bank.errors import TransferNotFound

    transfer = PixTransfer.objects.select_for_update().filter(pk=transfer_id, holder=holder).first()
    if transfer is None:
        raise TransferNotFound("no such transfer")
    return transfer


@transaction.atomic
def pix_transfer_cancel(*, holder: Holder, transfer_id: int, now: datetime | None = None) -> PixTransfer:
    """Cancel one of the holder's scheduled Pix (TransferNotCancellable once it settled, failed or was
    cancelled). Locks the transfer row only."""
    now = now_checked(now)
    transfer = _holders_transfer_locked(holder=holder, transfer_id=transfer_id)
    if transfer.status != PixTransfer.Status.SCHEDULED:
        raise TransferNotCancellable("only a scheduled Pix can be cancelled", status=transfer.status)
    transfer.cancel(at=now)
    transfer.save()
    return transfer


@transaction.atomic
def pix_transfer_change(
    *, holder: Holder, transfer_id: int, key: str | None = None, amount_cents: int | None = None,
    scheduled_for: datetime | None = None, now: datetime | None = None,
) -> PixTransfer:
    """Change one of the holder's scheduled Pix before it runs: its recipient (`key`), amount or due time (None
    keeps each). Locks the transfer row first (`pix_scheduled_run` claims the same row, so a Pix being run is either
    changed before or refused after); no money moves, as for any scheduled Pix. The recipient is read from the
    directory (KeyNotFound, SameAccount for a key of the paying account). TransferNotFound for a Pix not the
    holder's, TransferNotChangeable once it ran, failed or was cancelled; AmountInvalid, ScheduleInvalid as for a
    new Pix. Changing it to what it already is changes nothing (a repeated approval is harmless)."""
    now = now_checked(now)
    transfer = _holders_transfer_locked(holder=holder, transfer_id=transfer_id)
    if transfer.status != PixTransfer.Status.SCHEDULED:
        raise TransferNotChangeable("only a scheduled Pix can be changed", status=transfer.status)
    if amount_cents is not None:
        transfer.amount_cents = _amount_check(amount_cents)
    if scheduled_for is not None:
        if timezone_is_naive(scheduled_for):
            raise ScheduleInvalid("the scheduled time needs a time zone")
        if invalid := _schedule_window_refusal(scheduled_for, now):
            raise invalid
        transfer.scheduled_for = scheduled_for
    if key is not None:
        parsed = key_parse(key)
        pix_key = PixKey.objects.filter(value=parsed.value).first()
        if pix_key is None:
            raise KeyNotFound("no Pix key like that in the directory", key_type=parsed.type)
        recipient_refuse_own(account_id=pix_key.account_id, paying_id=transfer.from_account_id)
        transfer.pix_key = pix_key
        transfer.to_account_id = (pix_key.account_id if pix_key.account_id is not None
                                  else settlement_account_ensure(currency=transfer.currency).pk)
        transfer.recipient_name, transfer.recipient_document = pix_key.owner_name, pix_key.owner_document
        transfer.recipient_bank_name, transfer.recipient_ispb = pix_key.bank_name, pix_key.bank_ispb
        transfer.recipient_key_type, transfer.recipient_key_value = pix_key.key_type, pix_key.value
    transfer.save()
    logger.info("pix %s of holder %s changed: %s cents for %s", transfer.pk, holder.pk, transfer.amount_cents,
                transfer.scheduled_for)
    return transfer


@dataclass(frozen=True)
class ScheduledRun:
    settled: tuple[int, ...]
    failed: tuple[int, ...]


def _scheduled_execute(*, transfer: PixTransfer, now: datetime, night_limit_cents: int) -> None:
    """Settle a locked, due, scheduled transfer now, or fail it with the refusal's code."""
    payer = Holder.objects.select_for_update().get(pk=transfer.holder_id)
    try:
        with transaction.atomic():  # a refusal rolls back the money part only
            _move_money(payer=payer, transfer_from=transfer.from_account_id, transfer_to=transfer.to_account_id,
                        amount_cents=transfer.amount_cents, now=now, night_limit_cents=night_limit_cents)
    except (InsufficientFunds, NightLimitExceeded) as refusal:
        transfer.fail(at=now, code=refusal.code)
    else:
        transfer.settle(at=now)
    transfer.save()


def pix_scheduled_run(*, now: datetime | None = None, limit: int = 1000) -> ScheduledRun:
    """Execute every scheduled Pix due at `now`, each exactly once, each in its own transaction.

    A due row is claimed with select_for_update(skip_locked=True), so two runs at once (two workers, a beat and a
    manual run) never take the same transfer; a claimed one leaves `scheduled` in the same transaction, so a
    later run does not see it again. Insufficient funds or the night limit at run time fail it (failure_code).
    """
    now = now_checked(now)
    night_limit_cents = bank_settings_get().night_limit_cents  # read once per run, not once per transfer
    settled: list[int] = []
    failed: list[int] = []
    for _ in range(limit):
        with transaction.atomic():
            transfer = (
                PixTransfer.objects.select_for_update(skip_locked=True)
                .filter(status=PixTransfer.Status.SCHEDULED, scheduled_for__lte=now)
                .order_by("scheduled_for", "pk")
                .first()
            )
            if transfer is None:
                break
            _scheduled_execute(transfer=transfer, now=now, night_limit_cents=night_limit_cents)
        (settled if transfer.status == PixTransfer.Status.SETTLED else failed).append(transfer.pk)
    return ScheduledRun(tuple(settled), tuple(failed))
