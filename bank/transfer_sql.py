"""The two statements of an immediate Pix, written by hand, and the transaction that holds them: the hot path of
`bank.services.pix_transfer_create`.

The ORM would spend a dozen statements and ~6 ms of Python per Pix (re-reading the holder, the account, the key,
the settings, the accounts again to lock them, two UPDATEs, one INSERT). Here a Pix is, in one transaction:

    transfer_lock    one SELECT … FOR UPDATE: locks the payer's holder row, then the customer accounts (payer's,
                     and payee's when local) in ascending pk, and brings along what the checks need (the key's
                     directory row, the receiving account's id, the bank's settings, the transaction's id)
    [bank.selectors.night_sent_cents, for an individual's Pix between 20:00 and 06:00]
    transfer_write   one INSERT … ON CONFLICT DO NOTHING RETURNING id, with the debit and the credit in the same
                     statement (a data-modifying CTE that runs only when the row was inserted)

in two round trips and no BEGIN or COMMIT (`pix_transaction`): the lock's rows come back while its transaction stays
open, and the write goes with the message that commits it. The write inserts only inside the transaction whose id
the lock returned: were anything to end that transaction between the two (the locks released), nothing is written
and the Pix fails (`TransactionSplit`).

Lock order, as everywhere in the bank (see bank.services): holder row → customer accounts in ascending pk →
settlement account. Inside `transfer_lock` the accounts are locked by the LockRows step on top of the plan, which
only ever sees rows that passed the `EXISTS (SELECT FROM payer_holder)` qual, so the holder row is locked before
any account row; `ORDER BY a.id` under FOR UPDATE locks the accounts in that order. The settlement account is
left out of it: `transfer_write`'s UPDATE locks it when crediting it, last. bank/tests/test_transfer_locks.py
shows all three.

Rows locked FOR UPDATE are returned in their newest committed version even when the statement had to wait for
them, so the balance is current. The other rows (key, settings) come from the statement's snapshot: they do not
change within a request. What must see every Pix committed while we waited — the idempotency key and the night
sum — is read by a later statement: the INSERT's ON CONFLICT sees committed rows, and the night sum is its own
statement.

Statements go through Django's cursor (query counting and `execute_wrapper`s still see them), on a server-binding
psycopg cursor that prepares them once per connection: see `hot_cursor`.
"""

from __future__ import annotations

from dataclasses import dataclass

LOCK_SQL = """
WITH payer_holder AS (
    SELECT kind FROM bank_holder WHERE id = %(holder_id)s FOR UPDATE
), paying AS (
    SELECT id, currency FROM bank_account
    WHERE holder_id = %(holder_id)s AND kind = 'customer' ORDER BY id LIMIT 1
), recipient_key AS (
    SELECT id, key_type, value, owner_name, owner_document, bank_name, bank_ispb, account_id
    FROM bank_pixkey WHERE value = %(key_value)s
), receiving AS (
    SELECT coalesce(k.account_id, (SELECT s.id FROM bank_account s
                                   WHERE s.kind = 'settlement' AND s.currency = p.currency)) AS id
    FROM recipient_key k CROSS JOIN paying p
)
SELECT a.id, a.balance_cents, a.currency, a.id = (SELECT id FROM paying) AS is_paying,
       (SELECT kind FROM payer_holder) AS holder_kind,
       k.id, k.key_type, k.value, k.owner_name, k.owner_document, k.bank_name, k.bank_ispb, k.account_id,
       st.ispb, st.night_limit_cents, (SELECT id FROM receiving) AS receiving_id, pg_current_xact_id()::text
FROM bank_account a
LEFT JOIN recipient_key k ON true
LEFT JOIN bank_banksettings st ON st.id = 1
WHERE EXISTS (SELECT FROM payer_holder)
  AND (a.id = (SELECT id FROM paying) OR (a.id = (SELECT id FROM receiving) AND a.kind = 'customer'))
ORDER BY a.id
FOR UPDATE OF a
"""

# INSERT … SELECT rather than VALUES, for the WHERE that keeps the write inside the lock's transaction; every value
# says its type, which VALUES would have taken from the columns.
WRITE_SQL = """
WITH transfer AS (
    INSERT INTO bank_pixtransfer (
        end_to_end_id, idempotency_key, request_fingerprint, holder_id, from_account_id, to_account_id, pix_key_id,
        recipient_name, recipient_document, recipient_bank_name, recipient_ispb, recipient_key_type,
        recipient_key_value, amount_cents, currency, description, txid, status, scheduled_for, settled_at,
        failed_at, failure_code, cancelled_at, created_at)
    SELECT
        %(end_to_end_id)s::text, %(idempotency_key)s::text, %(request_fingerprint)s::text, %(holder_id)s::bigint,
        %(from_account_id)s::bigint, %(to_account_id)s::bigint, %(pix_key_id)s::bigint, %(recipient_name)s::text,
        %(recipient_document)s::text, %(recipient_bank_name)s::text, %(recipient_ispb)s::text,
        %(recipient_key_type)s::text, %(recipient_key_value)s::text, %(amount_cents)s::bigint, %(currency)s::text,
        %(description)s::text, %(txid)s::text, %(status)s::text, %(scheduled_for)s::timestamptz,
        %(settled_at)s::timestamptz, NULL, '', NULL, %(created_at)s::timestamptz
    WHERE pg_current_xact_id()::text = %(lock_transaction)s::text
    ON CONFLICT (holder_id, idempotency_key) DO NOTHING
    RETURNING id
), moved AS (
    UPDATE bank_account
    SET balance_cents = balance_cents
        + CASE WHEN id = %(from_account_id)s THEN -%(amount_cents)s::bigint ELSE %(amount_cents)s::bigint END
    WHERE %(move_money)s AND id IN (%(from_account_id)s, %(to_account_id)s) AND EXISTS (SELECT FROM transfer)
    RETURNING id
)
SELECT (SELECT id FROM transfer), (SELECT count(*) FROM moved), pg_current_xact_id()::text = %(lock_transaction)s
"""


class TransactionSplit(RuntimeError):
    """The write ran in another transaction than the lock: something ended the Pix's transaction between the two
    (its locks released). Nothing was written; the Pix failed. A defect of the code, never of the request."""


@dataclass(frozen=True)
class HeldKey:
    id: int
    key_type: str
    value: str
    owner_name: str
    owner_document: str
    bank_name: str
    bank_ispb: str
    account_id: int | None


@dataclass(frozen=True)
class Held:
    """What `transfer_lock` holds and read. `paying_id` None: the holder has no account (or no longer exists)."""

    holder_kind: str | None
    paying_id: int | None
    paying_balance_cents: int
    currency: str
    receiving_id: int | None  # None: the key is unknown, or no settlement account exists yet (never locked
    # here when it is the settlement account)
    key: HeldKey | None  # None: no such key in the directory
    ispb: str | None  # the bank's settings; None while the settings row was never created
    night_limit_cents: int | None
    transaction: str | None  # the id of the transaction holding the locks (none: nothing was locked)


def transfer_lock(cursor, *, holder_id: int, key_value: str) -> Held:
    """Lock the payer's holder row, then the paying and (when local) the receiving account in pk order."""
    cursor.execute(LOCK_SQL, {"holder_id": holder_id, "key_value": key_value})
    rows = cursor.fetchall()
    paying = next((row for row in rows if row[3]), None)
    first = rows[0] if rows else None
    key = HeldKey(*first[5:13]) if first is not None and first[5] is not None else None
    receiving_id = first[15] if first is not None else None
    return Held(
        holder_kind=first[4] if first is not None else None,
        paying_id=paying[0] if paying is not None else None,
        paying_balance_cents=paying[1] if paying is not None else 0,
        currency=paying[2] if paying is not None else "",
        receiving_id=receiving_id,
        key=key,
        ispb=first[13] if first is not None else None,
        night_limit_cents=first[14] if first is not None else None,
        transaction=first[16] if first is not None else None,
    )


def transfer_write(cursor, *, row: dict[str, object], move_money: bool, held: Held) -> None:
    """Send the insert of the transfer and, when `move_money`, the debit and the credit of its accounts, in the
    transaction that holds `held`'s locks. Its outcome is read by `transfer_written` once the transaction ended."""
    cursor.execute(WRITE_SQL, {**row, "move_money": move_money, "lock_transaction": held.transaction})


def transfer_written(cursor, *, move_money: bool) -> int | None:
    """The id of the row transfer_write inserted, or None when the holder had already used this idempotency key
    (nothing written). TransactionSplit when it ran outside the lock's transaction (nothing written either)."""
    transfer_id, moved, in_lock_transaction = cursor.fetchone()
    if not in_lock_transaction:
        raise TransactionSplit("the Pix's write ran outside the transaction that held its locks; nothing was written")
    if transfer_id is not None and move_money and moved != 2:  # the accounts were locked: this cannot happen
        raise RuntimeError(f"a Pix moved money on {moved} accounts instead of 2")
    return transfer_id


