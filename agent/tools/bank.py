"""Bank tools over the bank engine's interface (`bank.interface.SandboxBank`); nothing else is called."""

from __future__ import annotations

from dataclasses import asdict, replace
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from pydantic import Field

from agent.models import PixCode
from agent.pixcode import names_match, pix_code_for
from agent.references import reference_issue, reference_resolve
from agent.tools.arguments import AmountCents, IsoDay, Name, PixKeyText, Reference
from agent.tools.base import ToolArgs, ToolContext, ToolFailure, ToolSpec, engine_tools, fields_of, ok
from approvals.previews import pix_change_preview, pix_preview
from bank.interface import Balance, KeyOwner, NightLimit, SandboxBank, Statement, TransferReceipt
from bank.keys import key_parse
from guards.evidence import DirectionEvidence, Evidence, Identifier, MoneyEvidence, StatusEvidence


class GetBalanceArgs(ToolArgs):
    pass


class LookupPixKeyArgs(ToolArgs):
    key: PixKeyText | None = Field(description="A Pix key the customer gave (CPF, CNPJ, phone, e-mail or random key)")
    contact_name: Name | None = Field(description="A saved contact's name as the customer said it")


class SendPixArgs(ToolArgs):
    recipient_ref: Reference = Field(description="The recipient_ref lookup_pix_key returned in this conversation")
    amount_cents: AmountCents = Field(description="Amount in cents")
    scheduled_for: IsoDay | None = Field(description="ISO date for a scheduled Pix, or null for now")


class ScheduledPixArgs(ToolArgs):
    pass


class CancelScheduledPixArgs(ToolArgs):
    transfer_ref: Reference = Field(description="A transfer_ref scheduled_pix returned: the scheduled Pix to cancel")


class ChangeScheduledPixArgs(ToolArgs):
    transfer_ref: Reference = Field(description="A transfer_ref scheduled_pix returned: the scheduled Pix to change")
    recipient_ref: Reference = Field(description="The recipient_ref lookup_pix_key returned (the same one or another)")
    amount_cents: AmountCents = Field(description="Amount in cents (the same or another)")
    scheduled_for: IsoDay = Field(description="ISO date it is to be sent on (the same day or another), after today")


class ListPixHistoryArgs(ToolArgs):
    since: IsoDay | None = Field(description="ISO date, first day included; null = first day of this month")
    until: IsoDay | None = Field(description="ISO date, last day included; null = today")


def _day(value: str | None) -> date | None:
    """A date the arguments already checked (an ISO date within the window of `agent.tools.arguments`)."""
    return None if value is None else date.fromisoformat(value)


def get_balance(ctx: ToolContext, args: GetBalanceArgs) -> dict:
    """The balance, and for an individual the night-time Pix limit with what is left of it (asked as "qual o meu
    limite à noite?": the same read, the reply says the part asked)."""
    bank = _bank(ctx)
    night = bank.night_limit(ctx.customer_ref)
    return ok({**asdict(bank.balance(ctx.customer_ref)), **(asdict(night) if night is not None else {})})


def lookup_pix_key(ctx: ToolContext, args: LookupPixKeyArgs) -> dict:
    if (args.key is None) == (args.contact_name is None):
        raise ToolFailure("invalid_argument", "give exactly one of key or contact_name", detail={"field": "key"})
    bank = _bank(ctx)
    contact: dict[str, str] = {}
    if args.contact_name is not None:
        # a Pix to the customer's own account is refused here (SameAccount), before any amount or preview: it
        # closes the Ask; known from the statement that finds the recipient, no read more
        match = bank.recipient_by_contact(ctx.customer_ref, args.contact_name)
        owner, key = match.recipient, match.key
        contact = {"contact": match.nickname}  # the saved name found ("Pedro" for a slip like "Pdero")
    else:
        assert args.key is not None  # exactly one of the two, checked above
        owner = bank.recipient_by_key(ctx.customer_ref, args.key)
        key = args.key
    if ctx.ask_id is None:
        raise ToolFailure("invalid_argument", "no open request to bind the recipient to")
    token = reference_issue(kind="recipient", conversation_id=ctx.conversation_id, ask_id=ctx.ask_id,
                            payload={"key": key, **asdict(owner)}, issued_by="lookup_pix_key", now=ctx.now, writes=ctx.writes)
    return ok({"recipient_ref": token, **asdict(owner), **contact})


def recipient_of(ctx: ToolContext, recipient_ref: str) -> dict:
    return reference_resolve(token=recipient_ref, kind="recipient", conversation_id=ctx.conversation_id,
                             ask_id=ctx.ask_id or 0, now=ctx.now, writes=ctx.writes)


def _scheduled_for(ctx: ToolContext, args: SendPixArgs | ChangeScheduledPixArgs) -> datetime | None:
    """09:00 of the scheduled day in the organisation's zone. The day must come after today there, on the turn's
    clock: a Pix for today is sent now (null), and a day already begun would be a schedule in the past, which the
    preview would show and the bank refuse only after the customer's yes."""
    scheduled = _day(args.scheduled_for)
    if scheduled is None:
        return None
    zone = ZoneInfo(ctx.time_zone)
    today = ctx.now.astimezone(zone).date()
    if scheduled <= today:
        raise ToolFailure("invalid_argument", "a scheduled Pix is for a day after today; null sends it now",
                          detail={"code": "schedule_invalid", "today": today.isoformat()})
    return datetime.combine(scheduled, time(9), zone)


def _pix_code(ctx: ToolContext, args: SendPixArgs, key: str) -> PixCode | None:
    """The Pix code this Pix pays (the one that opened the Ask, for its key), with its amount enforced: a code that
    fixes the amount is paid that amount or not at all."""
    if ctx.ask_without_code:
        return None
    code = pix_code_for(ask_id=ctx.ask_id, key_value=key_parse(key).value)
    if code is not None and code.amount_cents is not None and args.amount_cents != code.amount_cents:
        raise ToolFailure("invalid_argument", "this Pix code fixes the amount; pay it as the code says",
                          detail={"code": "amount_invalid", "amount_cents": code.amount_cents, "fixed_by": "pix_code"})
    return code


def send_pix(ctx: ToolContext, args: SendPixArgs) -> dict:
    recipient = recipient_of(ctx, args.recipient_ref)
    code = _pix_code(ctx, args, recipient["key"])
    # Executing an approved request: its id is the idempotency key, so a repeat (second tap, redelivered task,
    # racing worker) returns the first transfer and moves no money again.
    key = f"approval-{ctx.approval.pk}" if ctx.approval is not None else f"turn-{ctx.message_id}-{ctx.calls}"
    receipt = _bank(ctx).transfer(
        ctx.customer_ref, recipient["key"], args.amount_cents, idempotency_key=key,
        scheduled_for=_scheduled_for(ctx, args), txid=code.txid if code is not None else "",
        description=code.note if code is not None else "",  # what the customer said beside the code
    )
    return ok(asdict(receipt))


def send_pix_preview(ctx: ToolContext, args: SendPixArgs) -> dict:
    """Read the directory again now: the owner's real name and masked document are facts of the preview, and the
    same read at execution must give the same facts (a changed owner voids the approval)."""
    recipient = recipient_of(ctx, args.recipient_ref)
    bank = _bank(ctx)
    owner = bank.recipient_by_key(ctx.customer_ref, recipient["key"])  # never the customer's own account
    scheduled_for = _scheduled_for(ctx, args)
    # Funds and the night limit before the preview is offered: never a preview the engine would refuse after the tap.
    bank.transfer_check(ctx.customer_ref, args.amount_cents, scheduled_for=scheduled_for)
    code = _pix_code(ctx, args, recipient["key"])
    from_code = None if code is None else {
        "merchant_name": code.merchant_name, "txid": code.txid,
        "names_match": names_match(merchant_name=code.merchant_name, owner_name=owner.owner_name)}
    return pix_preview(owner_name=owner.owner_name, masked_document=owner.masked_document, bank_name=owner.bank_name,
                       key=recipient["key"], amount_cents=args.amount_cents, currency=ctx.currency,
                       when=(scheduled_for or ctx.now).astimezone(ZoneInfo(ctx.time_zone)),
                       scheduled=scheduled_for is not None, lang=ctx.language, tz=ctx.time_zone, pix_code=from_code,
                       note=code.note if code is not None else "")


def _transfer_entry(ctx: ToolContext, receipt: TransferReceipt, issued_by: str) -> dict:
    """A scheduled Pix as the customer's tools see it: a reference of this Ask to it, never its id."""
    token = reference_issue(kind="transfer", conversation_id=ctx.conversation_id, ask_id=ctx.ask_id or 0,
                            payload={"transfer_id": receipt.transfer_id}, issued_by=issued_by, now=ctx.now,
                            writes=ctx.writes)
    data = asdict(receipt)
    data.pop("transfer_id")
    return {"transfer_ref": token, **data}


def _transfer_of(ctx: ToolContext, transfer_ref: str) -> int:
    return reference_resolve(token=transfer_ref, kind="transfer", conversation_id=ctx.conversation_id,
                             ask_id=ctx.ask_id or 0, now=ctx.now, writes=ctx.writes)["transfer_id"]


def scheduled_pix(ctx: ToolContext, args: ScheduledPixArgs) -> dict:
    """The customer's Pix still scheduled, the latest made first, each with a transfer_ref."""
    if ctx.ask_id is None:
        raise ToolFailure("invalid_argument", "no open request to bind the scheduled Pix to")
    found = _bank(ctx).scheduled(ctx.customer_ref)
    return ok({"transfers": [_transfer_entry(ctx, receipt, "scheduled_pix") for receipt in found]})


def cancel_scheduled_pix(ctx: ToolContext, args: CancelScheduledPixArgs) -> dict:
    receipt = _bank(ctx).transfer_cancel(ctx.customer_ref, _transfer_of(ctx, args.transfer_ref))
    return ok(_transfer_entry(ctx, receipt, "cancel_scheduled_pix"))


def change_scheduled_pix(ctx: ToolContext, args: ChangeScheduledPixArgs) -> dict:
    recipient = recipient_of(ctx, args.recipient_ref)
    receipt = _bank(ctx).transfer_change(ctx.customer_ref, _transfer_of(ctx, args.transfer_ref), key=recipient["key"],
                                         amount_cents=args.amount_cents, scheduled_for=_scheduled_day(ctx, args))
    return ok(_transfer_entry(ctx, receipt, "change_scheduled_pix"))


def _scheduled_day(ctx: ToolContext, args: ChangeScheduledPixArgs) -> datetime:
    scheduled = _scheduled_for(ctx, args)
    assert scheduled is not None  # a required ISO day
    return scheduled


def _scheduled_held(ctx: ToolContext, transfer_id: int) -> TransferReceipt:
    """The scheduled Pix as the bank has it now (TransferNotFound for one not the customer's)."""
    return _bank(ctx).transfer_status(ctx.customer_ref, transfer_id)


def cancel_scheduled_pix_preview(ctx: ToolContext, args: CancelScheduledPixArgs) -> dict:
    """The scheduled Pix as the bank has it now, for a policy that gates reversible actions."""
    held = _scheduled_held(ctx, _transfer_of(ctx, args.transfer_ref))
    zone = ZoneInfo(ctx.time_zone)
    return pix_change_preview(transfer_id=held.transfer_id, old=_facts_of(held, zone), new=None, lang=ctx.language)


def change_scheduled_pix_preview(ctx: ToolContext, args: ChangeScheduledPixArgs) -> dict:
    """The scheduled Pix as it is and as it would be (the directory's owner of the new key read now), with what
    changes said first: an approval of a change is an approval of exactly these differences."""
    held = _scheduled_held(ctx, _transfer_of(ctx, args.transfer_ref))
    recipient = recipient_of(ctx, args.recipient_ref)
    owner = _bank(ctx).recipient_by_key(ctx.customer_ref, recipient["key"])  # never the customer's own account
    zone = ZoneInfo(ctx.time_zone)
    new = {"owner_name": owner.owner_name, "masked_document": owner.masked_document, "bank_name": owner.bank_name,
           "key": owner.key_value, "amount_cents": args.amount_cents, "currency": ctx.currency,
           "date": _scheduled_day(ctx, args).astimezone(zone).date().isoformat()}
    return pix_change_preview(transfer_id=held.transfer_id, old=_facts_of(held, zone), new=new, lang=ctx.language)


def _facts_of(receipt: TransferReceipt, zone: ZoneInfo) -> dict:
    due = receipt.scheduled_for or receipt.created_at
    return {"owner_name": receipt.recipient.owner_name, "masked_document": receipt.recipient.masked_document,
            "bank_name": receipt.recipient.bank_name, "key": receipt.recipient.key_value,
            "amount_cents": receipt.amount_cents, "currency": receipt.currency,
            "date": due.astimezone(zone).date().isoformat()}


def pix_spent_today(ctx: ToolContext) -> int:
    zone = ZoneInfo(ctx.time_zone)
    today = ctx.now.astimezone(zone).date()
    statement = _bank(ctx).statement(ctx.customer_ref, datetime.combine(today, time.min, zone),
                                                   datetime.combine(today + timedelta(days=1), time.min, zone))
    return statement.settled_out_cents


def list_pix_history(ctx: ToolContext, args: ListPixHistoryArgs) -> dict:
    zone = ZoneInfo(ctx.time_zone)
    today = ctx.now.astimezone(zone).date()
    since = _day(args.since) or today.replace(day=1)
    until = _day(args.until) or today
    statement = _bank(ctx).statement(
        ctx.customer_ref, datetime.combine(since, time.min, zone), datetime.combine(until + timedelta(days=1), time.min, zone)
    )
    data = asdict(statement)
    data["entries"] = data["entries"][-10:]  # the latest ten; counts cover them all
    return ok(data)


# The bank engine's refusals that concern one slot of the Ask (engine code → slot to re-ask). Not the night limit: the
# refusal says what is left of it and the request keeps its amount and recipient, so "então manda 200" or "agenda
# pra amanhã" goes on with it (the reply asks for the amount: another one answers it).
FAILED_SLOTS = {"contact_not_found": "recipient", "key_not_found": "pix_key", "invalid_key": "pix_key",
                "insufficient_funds": "amount", "amount_invalid": "amount"}
# The bank engine's refusals no slot can fix: the customer is no holder of this bank (the engine has no blocked or
# closed account), or the Pix would credit the very account it debits (the customer asked to pay themselves: no
# other amount or date changes that, and a Pix to someone else is another request). Not a lookup budget (it
# passes), nor an idempotency key (the turn's own, not the customer's), nor a txid (a Pix code's is checked when
# the code is read, more strictly than the engine does), nor a schedule date (another date can pass). A scheduled Pix
# that was sent, failed or cancelled meanwhile cannot be changed or cancelled any more, whatever is said.
CLOSES_ASK = frozenset({"account_not_found", "same_account", "transfer_not_cancellable", "transfer_not_changeable"})
# What each result's fields mean, for the guards (amounts in the currency's minor unit, currency in a sibling field
# or, for the statement's totals, the organisation's).
_OWNER_IDS = (Identifier("masked_document", "document"), Identifier("key_value", "key"))
_OWNER_NAMES = ("owner_name", "bank_name")
_OWNER_PLAIN = ("key_type", "recipient")
# A transfer's status in a draft's words: settled is sent, the others are themselves.
_TRANSFER_STATUS = StatusEvidence("status", (("settled", "sent"), ("scheduled", "scheduled"), ("failed", "failed"),
                                     ("cancelled", "cancelled"), ("pending", "pending"), ("sending", "pending")))
BALANCE_EVIDENCE = Evidence(money=(MoneyEvidence("balance_cents", role="balance"), MoneyEvidence("night_limit_cents"),
                                   MoneyEvidence("night_left_cents")),
                            identifiers=(Identifier("account_number", "account"),),
                            dates=("night_starts", "night_ends"), plain=("currency",))
LOOKUP_EVIDENCE = Evidence(identifiers=(Identifier("recipient_ref", "reference"), *_OWNER_IDS), names=_OWNER_NAMES,
                           plain=("key_type",))
RECEIPT_EVIDENCE = Evidence(money=(MoneyEvidence("amount_cents", role="debit"),), dates=("created_at", "scheduled_for", "settled_at"),
                            identifiers=(Identifier("transfer_id", "reference"), Identifier("end_to_end_id", "reference"),
                                         Identifier("txid", "reference"), Identifier("failure_code", "reference"),
                                         *_OWNER_IDS),
                            names=_OWNER_NAMES, statuses=(_TRANSFER_STATUS,),
                            plain=("currency", "description", *_OWNER_PLAIN))
ONE_SCHEDULED_EVIDENCE = Evidence(money=(MoneyEvidence("amount_cents", role="debit"),),
                                  dates=("created_at", "scheduled_for", "settled_at"),
                                  identifiers=(Identifier("transfer_ref", "reference"),
                                               Identifier("transfer_id", "reference"),
                                               Identifier("end_to_end_id", "reference"), Identifier("txid", "reference"),
                                               Identifier("failure_code", "reference"), *_OWNER_IDS),
                                  names=_OWNER_NAMES, statuses=(_TRANSFER_STATUS,),
                                  plain=("currency", "description", *_OWNER_PLAIN))
# the list recounts Pix already scheduled: "R$ 80,00 para Pedro, agendado para sexta" is a report, not a claim
SCHEDULED_EVIDENCE = replace(ONE_SCHEDULED_EVIDENCE, plain=(*ONE_SCHEDULED_EVIDENCE.plain, "transfers"),
                             reports=("send_pix",))
STATEMENT_EVIDENCE = Evidence(
    money=(MoneyEvidence("amount_cents", listed=True), MoneyEvidence("settled_out_cents", role="debit"), MoneyEvidence("settled_in_cents")),
    dates=("since", "until", "at"), quantities=("counts",), names=("counterpart_name",),
    identifiers=(Identifier("transfer_id", "reference"), Identifier("end_to_end_id", "reference")),
    statuses=(_TRANSFER_STATUS,), directions=(DirectionEvidence("direction"),), plain=("currency", "entries"),
    reports=("send_pix",),  # the statement recounts Pix already sent: "você fez 3 Pix enviados" is a report
)

TOOLS = engine_tools(
    ToolSpec("get_balance", "The customer's own account balance, and the night-time Pix limit with what is left "
             "of it, read live.", "own_data", GetBalanceArgs, get_balance,
             completes=("balance",), evidence=BALANCE_EVIDENCE, returns=fields_of(Balance, NightLimit)),
    ToolSpec("lookup_pix_key", "Find a Pix recipient by key or saved contact name; returns recipient_ref and the "
             "owner's real name from the directory.", "third_party_data", LookupPixKeyArgs, lookup_pix_key,
             evidence=LOOKUP_EVIDENCE, returns=fields_of(KeyOwner, extra=("recipient_ref", "contact"))),
    ToolSpec("send_pix", "Send (or schedule) a Pix to a recipient_ref from lookup_pix_key.", "money", SendPixArgs,
             send_pix, amount_of=lambda args: args.amount_cents, effect=True, references=(("recipient_ref", "recipient"),),
             preview=send_pix_preview, spent_today=pix_spent_today, completes=("pix_transfer",),
             evidence=RECEIPT_EVIDENCE, returns=fields_of(TransferReceipt), effect_kind="money"),
    ToolSpec("scheduled_pix", "The customer's Pix still scheduled (not sent yet), latest made first; each with a "
             "transfer_ref.", "own_data", ScheduledPixArgs, scheduled_pix, evidence=SCHEDULED_EVIDENCE,
             returns=fields_of(TransferReceipt, extra=("transfers", "transfer_ref"))),
    ToolSpec("cancel_scheduled_pix", "Cancel a scheduled Pix (a transfer_ref from scheduled_pix) before it is sent.",
             "reversible", CancelScheduledPixArgs, cancel_scheduled_pix, effect=True,
             references=(("transfer_ref", "transfer"),), preview=cancel_scheduled_pix_preview,
             completes=("pix_transfer_cancel",), evidence=ONE_SCHEDULED_EVIDENCE,
             returns=fields_of(TransferReceipt, extra=("transfer_ref",)), effect_kind="money"),
    ToolSpec("change_scheduled_pix", "Change a scheduled Pix (a transfer_ref from scheduled_pix): its recipient_ref, "
             "amount or day; it stays scheduled.", "money", ChangeScheduledPixArgs, change_scheduled_pix,
             amount_of=lambda args: args.amount_cents, effect=True,
             references=(("transfer_ref", "transfer"), ("recipient_ref", "recipient")),
             preview=change_scheduled_pix_preview, spent_today=pix_spent_today, completes=("pix_transfer_change",),
             evidence=ONE_SCHEDULED_EVIDENCE, returns=fields_of(TransferReceipt, extra=("transfer_ref",)),
             effect_kind="money"),
    ToolSpec("list_pix_history", "The customer's Pix between two dates, with counts.", "own_data", ListPixHistoryArgs,
             list_pix_history, completes=("pix_history",), evidence=STATEMENT_EVIDENCE,
             returns=fields_of(Statement)),
    failed_slots=FAILED_SLOTS,
    closes_ask=CLOSES_ASK,
)


def _bank(ctx: ToolContext) -> SandboxBank:
    """The bank for this call; within a turn, the customer's holder row is read once (`TurnWrites.holders`)."""
    return SandboxBank(now=ctx.now, holders=ctx.writes.holders if ctx.writes is not None else None,
                       test_money_only=ctx.test_money_only)
