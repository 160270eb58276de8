"""Reads of the bank core. Whatever is fetched on a customer's behalf checks ownership here, raising the same
error for "missing" and "someone else's"."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta
from typing import TYPE_CHECKING, TypedDict
from zoneinfo import ZoneInfo

from django.db import connection
from django.db.models import Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone

from bank.errors import AccountNotFound, ContactAmbiguous, ContactNotFound, TransferNotFound
from bank.models import NIGHT_LIMIT_MAX_CENTS, Account, BankSettings, Contact, Holder, KeyLookup, PixTransfer
from language.names import TYPO_MIN_LENGTH, is_near, is_typo_of
from language.text import fold
from magie.db.statements import rows_of

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class _At(TypedDict):
    at: datetime

# The lookup budget (per holder, over a rolling window). A miss tells a guesser "this key does not exist", which
# is what a guessing loop is after, so it costs three times a hit. A lookup runs only while the remaining budget
# could still pay for a miss: 30 points allow 10 misses (or 28 hits) per rolling hour.
LOOKUP_COST_HIT = 1
LOOKUP_COST_MISS = 3
LOOKUP_BUDGET_POINTS = 30
LOOKUP_WINDOW = timedelta(hours=1)

# The night window for individuals' Pix, in the organisation's local time: [20:00, 06:00).
NIGHT_STARTS = time(20, 0)
NIGHT_ENDS = time(6, 0)


def now_checked(now: datetime | None) -> datetime:
    """`now` (it must be aware) or the current time: services take `now` so tests need no clock tricks."""
    if now is None:
        return timezone.now()
    if timezone.is_naive(now):
        raise ValueError("now must be an aware datetime")
    return now


def organisation_zone() -> ZoneInfo:
    tenant = getattr(connection, "tenant", None)
    return ZoneInfo(getattr(tenant, "time_zone", None) or "UTC")


def organisation_currency() -> str:
    tenant = getattr(connection, "tenant", None)
    return getattr(tenant, "currency", None) or "BRL"


def bank_settings_get() -> BankSettings:
    """The organisation's settings row (created with defaults on first use)."""
    settings, _ = BankSettings.objects.get_or_create(pk=1)
    return settings


def holder_get_by_customer_ref(*, customer_ref: str) -> Holder:
    # `Holder.objects.filter(customer_ref=…).first()` (unique: one row at most), its text built once rather than
    # compiled on every tool call of a bank turn (`magie.db.statements.rows_of`)
    found = rows_of(Holder, f"{connection.ops.quote_name('customer_ref')} = %s", [str(customer_ref)],
                    tail=f"ORDER BY {connection.ops.quote_name('name')} ASC LIMIT 1")
    holder = found[0] if found else None
    if holder is None:
        raise AccountNotFound("no account for this customer")
    return holder


def account_get_for_holder(*, holder: Holder, with_night_limit: bool = False) -> Account:
    """The holder's (first) customer account; Pix debit it. `with_night_limit`: annotated with the bank's
    `night_limit_cents` in the same statement (None while the settings row does not exist: the default applies)."""
    accounts = Account.objects.filter(holder=holder, kind=Account.Kind.CUSTOMER)
    if with_night_limit:
        accounts = accounts.annotate(night_limit_cents=Subquery(
            BankSettings.objects.filter(pk=1).values("night_limit_cents")[:1]))
    account = accounts.order_by("pk").first()
    if account is None:
        raise AccountNotFound("no account for this customer")
    return account


def transfer_get_for_customer(*, holder: Holder, transfer_id: int) -> PixTransfer:
    """A Pix the holder sent, or received on a local account; TransferNotFound alike for missing and others'."""
    transfer = (
        PixTransfer.objects.select_related("pix_key", "to_account", "from_account")
        .filter(Q(holder=holder) | Q(to_account__holder=holder, status=PixTransfer.Status.SETTLED), pk=transfer_id)
        .first()
    )
    if transfer is None:
        raise TransferNotFound("no such transfer")
    return transfer


def pix_scheduled_list(*, holder: Holder, limit: int = 20) -> list[PixTransfer]:
    """The holder's Pix still scheduled (not yet run, failed or cancelled), the latest made first."""
    return list(PixTransfer.objects.filter(holder=holder, status=PixTransfer.Status.SCHEDULED)
                .order_by("-created_at", "-id")[:limit])


# --- lookup budget -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LookupBudgetState:
    spent: int
    remaining: int
    can_lookup: bool
    retry_after_seconds: int  # 0 when a lookup may run now


def lookup_budget_state(*, holder: Holder, now: datetime) -> LookupBudgetState:
    """Points spent in the window ending at `now`, and when enough of them expire to afford a miss again."""
    window_start = now - LOOKUP_WINDOW
    rows = list(
        KeyLookup.objects.filter(holder=holder, created_at__gt=window_start, created_at__lte=now)
        .order_by("created_at", "pk")
        .values_list("created_at", "cost")
    )
    spent = sum(cost for _, cost in rows)
    remaining = LOOKUP_BUDGET_POINTS - spent
    if remaining >= LOOKUP_COST_MISS:
        return LookupBudgetState(spent, remaining, True, 0)
    retry_after = 1
    freed = 0
    for created_at, cost in rows:  # the oldest expire first
        freed += cost
        if LOOKUP_BUDGET_POINTS - (spent - freed) >= LOOKUP_COST_MISS:
            retry_after = max(1, math.ceil((created_at + LOOKUP_WINDOW - now).total_seconds()))
            break
    return LookupBudgetState(spent, remaining, False, retry_after)


# --- night limit ---------------------------------------------------------------------------------------------


def night_window(*, now: datetime, zone: ZoneInfo) -> tuple[datetime, datetime] | None:
    """The night window containing `now` in `zone` as aware datetimes [start, end), or None during the day."""
    local = now.astimezone(zone)
    if NIGHT_ENDS <= local.time() < NIGHT_STARTS:
        return None
    start_day = local.date() if local.time() >= NIGHT_STARTS else local.date() - timedelta(days=1)
    start = datetime.combine(start_day, NIGHT_STARTS, tzinfo=zone)
    end = datetime.combine(start_day + timedelta(days=1), NIGHT_ENDS, tzinfo=zone)
    return start, end


def night_limit_left(*, holder: Holder, now: datetime | None = None) -> tuple[int, int] | None:
    """(the night-time Pix limit, what is left of it) for an individual: of the night under way at `now`, or of
    the next one during the day (nothing sent in it yet); None for a company, which has no night limit."""
    if holder.kind != Holder.Kind.INDIVIDUAL:
        return None
    account = account_get_for_holder(holder=holder, with_night_limit=True)
    limit = min(getattr(account, "night_limit_cents", None) or NIGHT_LIMIT_MAX_CENTS, NIGHT_LIMIT_MAX_CENTS)
    now = now_checked(now)
    window = night_window(now=now, zone=organisation_zone())
    sent = night_sent_cents(holder=holder, start=window[0], until=now) if window else 0
    return limit, max(0, limit - sent)


def night_sent_cents(*, holder: Holder, start: datetime, until: datetime) -> int:
    """What the holder's settled Pix in [start, until] add up to. One plain statement: it runs inside every
    night-time Pix of an individual, after the holder's row lock (index bank_pix_holder_settled)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT coalesce(sum(amount_cents), 0) FROM bank_pixtransfer"
            " WHERE holder_id = %s AND status = %s AND settled_at >= %s AND settled_at <= %s",
            [holder.pk, PixTransfer.Status.SETTLED.value, start, until],
        )
        return int(cursor.fetchone()[0])


# --- statement -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class StatementLine:
    transfer: PixTransfer
    direction: str  # "in" | "out"
    at: datetime  # settled_at, else scheduled_for, else created_at


@dataclass(frozen=True)
class PixStatement:
    since: datetime
    until: datetime
    lines: tuple[StatementLine, ...]
    counts: dict[str, int] = field(default_factory=dict)
    settled_out_cents: int = 0
    settled_in_cents: int = 0


def _with_at(queryset: QuerySet[PixTransfer]) -> QuerySet[WithAnnotations[PixTransfer, _At]]:
    return queryset.annotate(at=Coalesce("settled_at", "scheduled_for", "created_at"))


def pix_statement(*, holder: Holder, since: datetime, until: datetime, direction: str | None = None) -> PixStatement:
    """The holder's Pix with their time in [since, until): sent ones in any status, received ones once settled.

    counts: total, in, out, each status, and out_<status>/in_settled — "how many Pix this month" is
    counts["out_settled"]; "did it go through" is the line's status.
    """
    if direction not in (None, "in", "out"):
        raise ValueError("direction is 'in', 'out' or None")
    sent = _with_at(PixTransfer.objects.filter(holder=holder)).filter(at__gte=since, at__lt=until)
    received = _with_at(
        PixTransfer.objects.filter(to_account__holder=holder, status=PixTransfer.Status.SETTLED)
    ).filter(at__gte=since, at__lt=until)
    lines: list[StatementLine] = []
    if direction in (None, "out"):
        lines += [StatementLine(t, "out", t.at) for t in sent.select_related("pix_key")]
    if direction in (None, "in"):
        lines += [StatementLine(t, "in", t.at) for t in received.select_related("holder")]
    lines.sort(key=lambda line: (line.at, line.transfer.pk))
    counts = {"total": len(lines), "in": 0, "out": 0}
    counts.update({status: 0 for status in PixTransfer.Status.values})
    counts.update({f"out_{status}": 0 for status in PixTransfer.Status.values})
    counts["in_settled"] = 0
    settled_out = settled_in = 0
    for line in lines:
        status = line.transfer.status
        counts[line.direction] += 1
        counts[status] += 1
        counts[f"{line.direction}_{status}"] = counts.get(f"{line.direction}_{status}", 0) + 1
        if status == PixTransfer.Status.SETTLED:
            if line.direction == "out":
                settled_out += line.transfer.amount_cents
            else:
                settled_in += line.transfer.amount_cents
    return PixStatement(since, until, tuple(lines), counts, settled_out, settled_in)


def pix_transfer_status(
    *, holder: Holder, recipient: str = "", amount_cents: int | None = None, since: datetime | None = None,
    until: datetime | None = None,
) -> list[PixTransfer]:
    """The holder's sent Pix matching a recipient (contact nickname, name or key, accent/case-insensitive), an
    amount and a time range, newest first: "did last week's transfer to Pedro go through?" → their status."""
    queryset = _with_at(PixTransfer.objects.filter(holder=holder)).select_related("pix_key")
    if amount_cents is not None:
        queryset = queryset.filter(amount_cents=amount_cents)
    if since is not None:
        queryset = queryset.filter(at__gte=since)
    if until is not None:
        queryset = queryset.filter(at__lt=until)
    transfers: list[PixTransfer] = list(queryset.order_by("-at", "-pk")[:200])
    wanted = fold(recipient).strip()
    if not wanted:
        return transfers
    key_ids = set(
        Contact.objects.filter(holder=holder, nickname_folded=wanted).values_list("pix_key_id", flat=True)
    )
    return [
        t for t in transfers
        if t.pix_key_id in key_ids or wanted in fold(t.recipient_name) or wanted == fold(t.recipient_key_value)
    ]


# --- contacts ------------------------------------------------------------------------------------------------


def contact_list(*, holder: Holder) -> list[Contact]:
    """The holder's contacts with their keys, each with `paying_account_id` (the account a Pix of this holder
    debits: its first customer account), read in the same statement."""
    paying = Account.objects.filter(holder=holder, kind=Account.Kind.CUSTOMER).order_by("pk").values("pk")[:1]
    return list(Contact.objects.filter(holder=holder).select_related("pix_key")
                .annotate(paying_account_id=Subquery(paying)).order_by("nickname"))


def contact_resolve(*, holder: Holder, name: str) -> Contact:
    """The holder's saved contact called `name` (accents and case ignored): an exact nickname first, else the one
    contact whose nickname or key owner's name has `name` as a word, else the one contact `name` is a typing slip of
    (`_contact_by_typo`). ContactNotFound (extra: contacts, the saved nicknames) or ContactAmbiguous (extra:
    candidates) otherwise."""
    contacts = contact_list(holder=holder)
    wanted = " ".join(fold(name or "").split())
    exact = [c for c in contacts if c.nickname_folded == wanted]
    if wanted and exact:
        return exact[0]
    words = wanted.split()
    partial = [
        c for c in contacts
        if words and all(w in (c.nickname_folded.split() + fold(c.pix_key.owner_name).split()) for w in words)
    ]
    if len(partial) == 1:
        return partial[0]
    if len(partial) > 1:
        raise ContactAmbiguous("several contacts match", candidates=[c.nickname for c in partial])
    if typo := _contact_by_typo(contacts, wanted):
        return typo
    raise ContactNotFound("no saved contact by that name", contacts=[c.nickname for c in contacts])


def _contact_by_typo(contacts: list[Contact], wanted: str) -> Contact | None:
    """The one contact whose nickname or key owner's name has a word that the single word `wanted` is a typing slip
    of ("Pdero" for Pedro, "mraia" for Maria: `language.names.is_typo_of`), when no other contact is near it (a clear
    margin); ContactAmbiguous (extra: candidates) when another is; None when none is. The preview that follows names
    the contact's real key owner, so the customer confirms the real person."""
    if len(wanted.split()) != 1:
        return None

    def words(contact: Contact) -> list[str]:
        return [w for w in contact.nickname_folded.split() + fold(contact.pix_key.owner_name).split()
                if len(w) >= TYPO_MIN_LENGTH]

    slipped = [c for c in contacts if any(is_typo_of(wanted, word) for word in words(c))]
    if not slipped:
        return None
    near = [c for c in contacts if any(is_near(wanted, word) for word in words(c))]
    if len(slipped) == 1 and len(near) == 1:
        return slipped[0]
    raise ContactAmbiguous("several contacts are close to that name", candidates=[c.nickname for c in near])


# --- the back office's view of one customer ------------------------------------------------------------------


@dataclass(frozen=True)
class HolderOverview:
    """What staff may read of a customer of the bank: who (document masked), the balance, the latest Pix sent."""

    name: str
    masked_document: str
    balance_cents: int
    currency: str
    recent_pix: tuple[StatementLine, ...]  # sent ones ("out"), newest first


def holder_overview(*, customer_ref: str, limit: int = 5) -> HolderOverview | None:
    """The holder whose `customer_ref` is the chat's customer, with their last `limit` sent Pix (newest first, by
    when they settled, are due or were made); None when the customer holds no account here. Three queries."""
    holder = Holder.objects.filter(customer_ref=str(customer_ref)).first()
    if holder is None:
        return None
    account = Account.objects.filter(holder=holder, kind=Account.Kind.CUSTOMER).order_by("pk").first()
    recent = _with_at(PixTransfer.objects.filter(holder=holder)).order_by("-at", "-pk")[:limit]
    return HolderOverview(name=holder.name, masked_document=holder.masked_document,
                          balance_cents=account.balance_cents if account else 0,
                          currency=account.currency if account else organisation_currency(),
                          recent_pix=tuple(StatementLine(t, "out", t.at) for t in recent))
