"""What each kind of record holds about a customer, and what an export, an erasure and the retention windows do to
it: one rule per model of an organisation's schema (`tests/test_rules.py` fails when a model has none), so a new
table is decided on, not forgotten. docs/data-rights.md says the same in sentences, with the law behind what stays.

- `of_customer`: how to find one customer's rows from `Reach` (the customer, and the channel ids the engines
  file it under); None: no row of it belongs to a customer (catalogue, settings, staff).
- `erase`: KEEP (the row stays whole: the ledger and the proof of it, or it holds nothing personal), BLANK (the
  row stays so counts, times, statuses and the ledger's references hold, its `fields` are emptied), DELETE.
- `kept`: rows of a BLANK model the erasure keeps whole (the approvals a payment was executed under, paid bookings).
- `retention`: MESSAGES or TRACES — whose window (`RetentionSettings`) empties `fields` (or deletes, for DELETE)
  of rows older than it, counted from `aged_by`; `still_used`: rows retention leaves alone (open Asks, open chats).
- `pseudonyms`: fields that must stay unique: they become "erased-<id>" instead of empty.
- `secrets`: fields never written into an export (bearer tokens, their hashes, lease tokens).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum

from django.db.models import Q

from approvals.models import ApprovalRequest
from booking.models import Booking
from inbox.models import Escalation
from whatsapp.models import Delivery


class Erase(Enum):
    KEEP = "keep"
    BLANK = "blank"
    DELETE = "delete"


class Window(Enum):
    MESSAGES = "messages"
    TRACES = "traces"


@dataclass(frozen=True)
class Reach:
    """One customer, and the channel ids (their WhatsApp id, before an erasure and after it) under which the
    engines (bank holders, bookings) file them: they know no `Customer` row."""

    customer_id: int
    refs: tuple[str, ...]


Finder = Callable[[Reach], Q]


def via(path: str) -> Finder:
    """Rows whose `path` leads to the customer's row."""
    return lambda reach: Q(**{path: reach.customer_id})


def by_ref(path: str) -> Finder:
    """Rows filed under one of the customer's channel ids (`path` ends at a `customer_ref`)."""
    return lambda reach: Q(**{f"{path}__in": reach.refs})


@dataclass(frozen=True)
class Rule:
    of_customer: Finder | None
    erase: Erase = Erase.KEEP
    fields: tuple[str, ...] = ()
    kept: Q | None = None
    retention: Window | None = None
    aged_by: str = "created_at"
    still_used: Q | None = None
    pseudonyms: tuple[str, ...] = ()
    secrets: tuple[str, ...] = ()
    why: str = ""
    ledger: bool = False  # kept whole because the law requires the bank to keep it (the export marks it)
    notes: tuple[str, ...] = field(default=())


CONVERSATION = "conversation__customer"
MONEY_EXECUTED = Q(status=ApprovalRequest.Status.EXECUTED) | Q(executed_at__isnull=False)

RULES: dict[str, Rule] = {
    # --- the conversation
    "conversations.Customer": Rule(
        via("pk"), Erase.BLANK, ("name", "phone", "channel_user_id", "whatsapp_user_id"),
        pseudonyms=("channel_user_id",), why="who the customer is on the channel"),
    "conversations.Conversation": Rule(
        via("customer"), secrets=("turn_lease_token", "turn_lease_holder"),
        why="no content: times, version, the language it is held in"),
    "conversations.Message": Rule(
        via(CONVERSATION), Erase.BLANK, ("text", "payload", "buttons", "reply_to", "channel_message_id"),
        retention=Window.MESSAGES, aged_by="sent_at", pseudonyms=("channel_message_id",),
        still_used=Q(direction="in", handled_at__isnull=True), why="what was written, both ways"),
    # --- Asks and the decisions on them
    "asks.Ask": Rule(via(CONVERSATION), why="no content: kind, status, reason codes, times"),
    "asks.Attribution": Rule(via("message__" + CONVERSATION), why="no content: which Ask a message belongs to"),
    "asks.AskTransition": Rule(via("ask__" + CONVERSATION), why="no content: status changes and their rule"),
    "asks.SlotEvent": Rule(
        via("ask__" + CONVERSATION), Erase.BLANK, ("value", "previous"), retention=Window.MESSAGES,
        still_used=Q(ask__closed_at__isnull=True), why="the values the customer gave (amounts, names, dates)"),
    "asks.Decision": Rule(
        via("message__" + CONVERSATION), Erase.BLANK, ("perception", "detail"), retention=Window.TRACES,
        why="what the model perceived in a message"),
    # --- the agent's work
    "agent.Turn": Rule(
        via("message__" + CONVERSATION), Erase.BLANK,
        ("perception", "tool_calls", "drafts", "guards", "reply", "asked_for", "error"),
        retention=Window.TRACES, aged_by="started_at", why="the turn's trace: model input and output, tool results"),
    "agent.Reference": Rule(via(CONVERSATION), Erase.DELETE, retention=Window.TRACES, secrets=("token",),
                            why="opaque references a tool issued (what they resolve to)"),
    "agent.PixCode": Rule(via("message__" + CONVERSATION), Erase.DELETE, retention=Window.MESSAGES,
                          why="a Pix code the customer pasted or photographed"),
    "agent.AgentSettings": Rule(None, why="the organisation's model provider"),
    # --- approvals: the ones a payment was executed under prove it and stay whole
    "approvals.ApprovalRequest": Rule(
        via(CONVERSATION), Erase.BLANK, ("arguments", "preview", "result", "link_token", "link_hash", "decided_by",
                                         "reason"),
        kept=MONEY_EXECUTED, retention=Window.MESSAGES, still_used=Q(status=ApprovalRequest.Status.PENDING),
        secrets=("nonce", "link_hash", "link_token"), ledger=True,
        why="the customer's recorded yes on a trusted channel and the preview it was given to: the proof of an "
            "executed payment (kept); requests that moved no money are emptied"),
    "approvals.ApprovalRefusal": Rule(
        via("request__" + CONVERSATION), aged_by="received_at",
        why="no content: a tap refused on the customer's request (who tapped, the claimed and the server's times), "
            "kept as the record of an attempt on their money"),
    # --- the bank: the ledger and the identification it is kept under
    "bank.Holder": Rule(by_ref("customer_ref"), ledger=True,
                        why="the account holder's identification (name, CPF/CNPJ, phone)"),
    "bank.Account": Rule(by_ref("holder__customer_ref"), ledger=True, why="accounts and their balances"),
    "bank.PixKey": Rule(by_ref("account__holder__customer_ref"), ledger=True,
                        why="the holder's own Pix keys, as registered"),
    "bank.PixTransfer": Rule(by_ref("holder__customer_ref"), ledger=True,
                             why="every Pix: amount, recipient as the directory said, times, end-to-end id"),
    "bank.KeyLookup": Rule(by_ref("holder__customer_ref"),
                           why="no content: the count of Pix key lookups the anti-enumeration budget sums"),
    "bank.Contact": Rule(by_ref("holder__customer_ref"), Erase.DELETE, why="the holder's saved recipients"),
    "bank.HolderToken": Rule(by_ref("holder__customer_ref"), Erase.DELETE, secrets=("key",),
                               why="the app's sign-in tokens"),
    "bank.BankSettings": Rule(None, why="the bank's own settings"),
    # --- the school: paid bookings are sales records
    "booking.Booking": Rule(
        by_ref("customer_ref"), Erase.BLANK, ("customer_name", "customer_ref"), kept=Q(status=Booking.Status.PAID),
        pseudonyms=("customer_ref",), ledger=True,
        why="a paid booking is a sale the school's accounts must show (kept); the others are emptied"),
    "booking.PaymentLink": Rule(by_ref("booking__customer_ref"), Erase.BLANK, ("token",), pseudonyms=("token",),
                                secrets=("token",), why="payment links (amounts and times stay, the link dies)"),
    "booking.CustomerToken": Rule(by_ref("customer_ref"), Erase.DELETE, secrets=("key",),
                                  why="the app's sign-in tokens"),
    "booking.EquipmentType": Rule(None, why="the school's catalogue"),
    "booking.Activity": Rule(None, why="the school's catalogue"),
    "booking.ActivityEquipment": Rule(None, why="the school's catalogue"),
    "booking.Instructor": Rule(None, why="the school's staff"),
    "booking.TimeSlot": Rule(None, why="the school's timetable"),
    # --- the store: quotes name a device, never a customer
    "store.Product": Rule(None, why="the store's catalogue"),
    "store.UsedDevicePrice": Rule(None, why="the store's buying prices"),
    "store.UsedDeviceQuote": Rule(None, why="a quote names a device and a price, no customer"),
    # --- people taking over
    "inbox.Escalation": Rule(
        via(CONVERSATION), Erase.BLANK, ("reason", "evidence", "first_draft", "second_draft", "notes",
                                         "resolution_note"),
        retention=Window.MESSAGES, still_used=~Q(status=Escalation.Status.RESOLVED),
        why="why a chat went to people: the drafts, the guard's evidence, notes"),
    "inbox.EscalationReply": Rule(via("escalation__" + CONVERSATION), why="no content: which message a person sent"),
    "inbox.EscalationNote": Rule(via("escalation__" + CONVERSATION), Erase.BLANK, ("text",),
                                 retention=Window.MESSAGES, still_used=~Q(escalation__status=Escalation.Status.RESOLVED),
                                 why="staff's private notes on the chat"),
    "inbox.CustomerDataView": Rule(via("customer"),
                                   why="no content: which staff member was shown the customer's bank data, when"),
    "inbox.CannedReply": Rule(None, why="the organisation's canned replies"),
    "inbox.InboxSettings": Rule(None, why="the organisation's staffed hours and service level"),
    "inbox.SatisfactionRating": Rule(via("escalation__" + CONVERSATION),
                                     why="no content: a score from 1 to 5 for a resolved chat, and who resolved it"),
    "inbox.Team": Rule(None, why="the organisation's teams of agents"),
    "inbox.AgentAvailability": Rule(None, why="staff: an agent's team, capacity and availability"),
    "inbox.ConversationRead": Rule(via(CONVERSATION), aged_by="read_at",
                                   why="no content: how far a staff member has read the customer's chat"),
    # --- the channel
    "whatsapp.Delivery": Rule(
        via("message__" + CONVERSATION), Erase.BLANK, ("wamid", "attempts", "error_title"), retention=Window.TRACES,
        still_used=Q(status__in=(Delivery.Status.PENDING, Delivery.Status.SENDING)), why="how each reply was sent (Meta's ids and answers)"),
    "whatsapp.DeliveryEvent": Rule(
        via("delivery__message__" + CONVERSATION), Erase.BLANK, ("wamid", "errors", "raw"),
        retention=Window.TRACES, aged_by="received_at", why="Meta's status notifications, as received"),
    "whatsapp.CustomerRoute": Rule(via("customer"), Erase.DELETE, why="the number the customer last wrote to"),
    # --- this app
    "privacy.DataRequest": Rule(via("customer"), ledger=True,
                                why="the record of each export and erasure, who asked, and (after an erasure) the "
                                    "channel id the kept ledger is filed under"),
    "privacy.RetentionSettings": Rule(None, why="the organisation's retention windows"),
    # --- staff (their own data, not customers')
    "auth.Permission": Rule(None), "auth.Group": Rule(None), "auth.User": Rule(None),
    "contenttypes.ContentType": Rule(None), "sessions.Session": Rule(None), "admin.LogEntry": Rule(None),
    "staff.StaffProfile": Rule(None), "axes.AccessAttempt": Rule(None), "axes.AccessLog": Rule(None),
    "axes.AccessFailureLog": Rule(None), "axes.AccessAttemptExpiration": Rule(None),
    "otp_totp.TOTPDevice": Rule(None), "staff_auth.StaffTOTPDevice": Rule(None),
    "staff_auth.RecoveryCodeDevice": Rule(None), "staff_auth.RecoveryCode": Rule(None),
    "staff_auth.StaffAuthEvent": Rule(None),
}
