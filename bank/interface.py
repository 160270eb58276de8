"""What the agent (and any other client) needs from a bank core, as a Protocol a real bank's API adapter would
implement, plus `SandboxBank`, the implementation on this engine's own services.

Customers are named by `customer_ref` (their WhatsApp user id, digits only). Results are small frozen
dataclasses; documents in them are always masked. Errors are the typed `bank.errors` (stable `code`s).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from django.db import connection

from bank import selectors, services
from bank.errors import RealMoneyRefused
from bank.models import Account, Holder, PixKey, PixTransfer


@dataclass(frozen=True)
class KeyOwner:
    owner_name: str
    masked_document: str
    bank_name: str
    key_type: str
    key_value: str  # as shown to people: a CPF/CNPJ key is masked like the document it is


@dataclass(frozen=True)
class TransferReceipt:
    transfer_id: int
    end_to_end_id: str
    status: str  # scheduled | settled | failed | cancelled
    amount_cents: int
    currency: str
    recipient: KeyOwner
    description: str
    txid: str  # the receiver's id of the charge, when the Pix paid a Pix code; else ""
    created_at: datetime
    scheduled_for: datetime | None
    settled_at: datetime | None
    failure_code: str


@dataclass(frozen=True)
class Balance:
    account_number: str
    balance_cents: int
    currency: str


@dataclass(frozen=True)
class NightLimit:
    """An individual's night-time Pix limit (20:00 to 06:00, the organisation's time) and what is left of it: of
    the night under way, or of the next one during the day."""

    night_limit_cents: int
    night_left_cents: int
    night_starts: str  # "20:00"
    night_ends: str  # "06:00"


@dataclass(frozen=True)
class StatementEntry:
    transfer_id: int
    direction: str  # in | out
    status: str
    amount_cents: int
    currency: str
    counterpart_name: str
    at: datetime
    end_to_end_id: str


@dataclass(frozen=True)
class Statement:
    since: datetime
    until: datetime
    entries: tuple[StatementEntry, ...]
    counts: dict[str, int]
    settled_out_cents: int
    settled_in_cents: int


@dataclass(frozen=True)
class ContactMatch:
    nickname: str
    recipient: KeyOwner
    key: str  # the full normal key, to pass back to transfer(); never shown to people (it may be a CPF)


@runtime_checkable
class BankCore(Protocol):
    def lookup_key(self, customer_ref: str, key: str) -> KeyOwner: ...

    def transfer(self, customer_ref: str, key: str, amount_cents: int, idempotency_key: str,
                 scheduled_for: datetime | None = None, description: str = "", txid: str = "") -> TransferReceipt: ...

    def balance(self, customer_ref: str) -> Balance: ...

    def night_limit(self, customer_ref: str) -> NightLimit | None: ...

    def statement(self, customer_ref: str, since: datetime, until: datetime) -> Statement: ...

    def resolve_contact(self, customer_ref: str, name: str) -> ContactMatch: ...

    def transfer_status(self, customer_ref: str, transfer_id: int) -> TransferReceipt: ...

    def scheduled(self, customer_ref: str) -> list[TransferReceipt]: ...

    def transfer_cancel(self, customer_ref: str, transfer_id: int) -> TransferReceipt: ...

    def transfer_change(self, customer_ref: str, transfer_id: int, key: str | None = None,
                        amount_cents: int | None = None, scheduled_for: datetime | None = None) -> TransferReceipt: ...


def key_owner_of(pix_key: PixKey) -> KeyOwner:
    return KeyOwner(owner_name=pix_key.owner_name, masked_document=pix_key.masked_document,
                    bank_name=pix_key.bank_name, key_type=pix_key.key_type, key_value=pix_key.display_value)


def balance_of(account: Account) -> Balance:
    return Balance(account_number=account.number, balance_cents=account.balance_cents, currency=account.currency)


def receipt_of(transfer: PixTransfer) -> TransferReceipt:
    recipient = KeyOwner(owner_name=transfer.recipient_name, masked_document=transfer.masked_recipient_document,
                         bank_name=transfer.recipient_bank_name, key_type=transfer.recipient_key_type,
                         key_value=transfer.recipient_key_display)
    return TransferReceipt(
        transfer_id=transfer.pk, end_to_end_id=transfer.end_to_end_id, status=transfer.status,
        amount_cents=transfer.amount_cents, currency=transfer.currency, recipient=recipient,
        description=transfer.description, txid=transfer.txid, created_at=transfer.created_at, scheduled_for=transfer.scheduled_for,
        settled_at=transfer.settled_at, failure_code=transfer.failure_code,
    )


def statement_of(statement: selectors.PixStatement) -> Statement:
    entries = tuple(
        StatementEntry(
            transfer_id=line.transfer.pk, direction=line.direction, status=line.transfer.status,
            amount_cents=line.transfer.amount_cents, currency=line.transfer.currency,
            counterpart_name=line.transfer.recipient_name if line.direction == "out" else line.transfer.holder.name,
            at=line.at, end_to_end_id=line.transfer.end_to_end_id,
        )
        for line in statement.lines
    )
    return Statement(since=statement.since, until=statement.until, entries=entries, counts=dict(statement.counts),
                     settled_out_cents=statement.settled_out_cents, settled_in_cents=statement.settled_in_cents)


class SandboxBank:
    """BankCore on this engine's services, in the current organisation's schema. `now` fixes the clock (tests).
    `holders`: where a caller making several calls for one customer (an agent turn) keeps the holder rows read —
    who the customer is, which nothing in a turn changes; balances live on accounts and are always read afresh.
    `test_money_only` (the WhatsApp simulator's turns): every call names a test holder (`Holder.is_test`) or is
    refused with RealMoneyRefused before anything is read or written."""

    def __init__(self, now: datetime | None = None, holders: dict[Any, Holder] | None = None,
                 test_money_only: bool = False) -> None:
        self.now = now
        self.holders = holders
        self.test_money_only = test_money_only

    def _holder(self, customer_ref: str) -> Holder:
        remembered = self.holders
        if remembered is None:
            return self._allowed(selectors.holder_get_by_customer_ref(customer_ref=customer_ref))
        key = (str(getattr(connection, "schema_name", "")), str(customer_ref))
        holder = remembered.get(key)
        if holder is None:
            holder = remembered[key] = selectors.holder_get_by_customer_ref(customer_ref=customer_ref)
        return self._allowed(holder)

    def _allowed(self, holder: Holder) -> Holder:
        if self.test_money_only and not holder.is_test:
            raise RealMoneyRefused("the simulator moves and reads only test money")
        return holder

    def lookup_key(self, customer_ref: str, key: str) -> KeyOwner:
        return key_owner_of(services.pix_key_lookup(holder=self._holder(customer_ref), key=key, now=self.now))

    def transfer(self, customer_ref: str, key: str, amount_cents: int, idempotency_key: str,
                 scheduled_for: datetime | None = None, description: str = "", txid: str = "") -> TransferReceipt:
        transfer = services.pix_transfer_create(
            holder=self._holder(customer_ref), key=key, amount_cents=amount_cents, idempotency_key=idempotency_key,
            scheduled_for=scheduled_for, description=description, txid=txid, now=self.now,
        )
        return receipt_of(transfer)

    def transfer_check(self, customer_ref: str, amount_cents: int, scheduled_for: datetime | None = None) -> None:
        """Refuse now what `transfer` would refuse for funds or the night limit (nothing is written)."""
        services.pix_transfer_precheck(holder=self._holder(customer_ref), amount_cents=amount_cents,
                                       scheduled_for=scheduled_for, now=self.now)

    def recipient_by_key(self, customer_ref: str, key: str) -> KeyOwner:
        """`lookup_key` for a Pix the customer is about to make: SameAccount when the key credits the account the
        Pix would debit, known from the lookup's own statement."""
        return key_owner_of(services.pix_recipient_lookup(holder=self._holder(customer_ref), key=key, now=self.now))

    def recipient_by_contact(self, customer_ref: str, name: str) -> ContactMatch:
        """`resolve_contact` for a Pix the customer is about to make: SameAccount for a contact whose key credits
        the account the Pix would debit (read with the contacts)."""
        contact = selectors.contact_resolve(holder=self._holder(customer_ref), name=name)
        paying_id = contact.paying_account_id  # type: ignore[attr-defined]  # annotated by selectors.contact_list
        services.recipient_refuse_own(account_id=contact.pix_key.account_id, paying_id=paying_id)
        return ContactMatch(nickname=contact.nickname, recipient=key_owner_of(contact.pix_key),
                            key=contact.pix_key.value)

    def balance(self, customer_ref: str) -> Balance:
        return balance_of(selectors.account_get_for_holder(holder=self._holder(customer_ref)))

    def night_limit(self, customer_ref: str) -> NightLimit | None:
        """The customer's night-time Pix limit and what is left of it; None for a company (no night limit)."""
        read = selectors.night_limit_left(holder=self._holder(customer_ref), now=self.now)
        if read is None:
            return None
        return NightLimit(night_limit_cents=read[0], night_left_cents=read[1],
                          night_starts=selectors.NIGHT_STARTS.strftime("%H:%M"),
                          night_ends=selectors.NIGHT_ENDS.strftime("%H:%M"))

    def statement(self, customer_ref: str, since: datetime, until: datetime) -> Statement:
        return statement_of(selectors.pix_statement(holder=self._holder(customer_ref), since=since, until=until))

    def resolve_contact(self, customer_ref: str, name: str) -> ContactMatch:
        contact = selectors.contact_resolve(holder=self._holder(customer_ref), name=name)
        return ContactMatch(nickname=contact.nickname, recipient=key_owner_of(contact.pix_key),
                            key=contact.pix_key.value)

    def transfer_status(self, customer_ref: str, transfer_id: int) -> TransferReceipt:
        return receipt_of(selectors.transfer_get_for_customer(holder=self._holder(customer_ref),
                                                              transfer_id=transfer_id))

    def scheduled(self, customer_ref: str) -> list[TransferReceipt]:
        """The customer's Pix still scheduled, the latest made first."""
        return [receipt_of(transfer) for transfer in selectors.pix_scheduled_list(holder=self._holder(customer_ref))]

    def transfer_cancel(self, customer_ref: str, transfer_id: int) -> TransferReceipt:
        """Cancel a scheduled Pix of the customer's (TransferNotCancellable once it ran, failed or was cancelled)."""
        return receipt_of(services.pix_transfer_cancel(holder=self._holder(customer_ref), transfer_id=transfer_id,
                                                       now=self.now))

    def transfer_change(self, customer_ref: str, transfer_id: int, key: str | None = None,
                        amount_cents: int | None = None, scheduled_for: datetime | None = None) -> TransferReceipt:
        """Change a scheduled Pix of the customer's: recipient key, amount, due time (None keeps each)."""
        return receipt_of(services.pix_transfer_change(holder=self._holder(customer_ref), transfer_id=transfer_id,
                                                       key=key, amount_cents=amount_cents,
                                                       scheduled_for=scheduled_for, now=self.now))
