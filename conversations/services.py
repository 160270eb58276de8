"""Writes of the conversation store. Inbound messages are stored once per channel id, forever."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any, cast

from django.db import connection, transaction
from django.db.models import F

from conversations.models import Conversation, Customer, Message
from language.invisible import visible_text
from magie.db.compiled_reads import SENTINEL_TEXT, compiled_read
from magie.db.statements import insert_sql, rows_of, saved
from magie.errors import DomainError
from magie.live import (
    live_announce_on_commit,
    live_notify_expression,
    live_notify_of_new_topic_expression,
    live_notify_of_row_expression,
)
from magie.queueing import task_queue_on_commit


class SimulatedForRealCustomer(DomainError):
    code, http_status = "simulated_for_real_customer", 403


class SandboxIdTaken(DomainError):
    code, http_status = "sandbox_id_taken", 409


@dataclass(frozen=True)
class Stored:
    message: Message
    created: bool  # False: the channel redelivered a message we already have; nothing more must happen


# Whether an id belongs to someone real in another room (a bank holder whose money is real): registered by the
# room that knows both (agent.apps), so conversations imports no engine. Each check returns True to refuse.
SandboxIdCheck = Callable[[str], bool]
_sandbox_id_checks: list[SandboxIdCheck] = []


def sandbox_id_check_register(check: SandboxIdCheck) -> None:
    if check not in _sandbox_id_checks:
        _sandbox_id_checks.append(check)


def sandbox_id_is_real(channel_user_id: str) -> bool:
    """True when `channel_user_id` is a real customer's: a customer who is not a sandbox one, or someone a
    registered check knows as real (a bank holder with real money)."""
    if Customer.objects.filter(channel_user_id=channel_user_id, is_sandbox=False).exists():
        return True
    return any(check(channel_user_id) for check in _sandbox_id_checks)


@transaction.atomic
def customer_create_sandbox(*, channel_user_id: str, name: str = "") -> Customer:
    """A new sandbox customer (a test identity the simulator may talk as). An id that is already a customer's, or
    a real bank holder's (`sandbox_id_is_real`), is refused: a real customer never becomes a sandbox one.
    Idempotent for an existing sandbox customer."""
    customer = Customer.objects.filter(channel_user_id=channel_user_id, is_sandbox=True).first()
    if customer is None and sandbox_id_is_real(channel_user_id):
        raise SandboxIdTaken(f"{channel_user_id} is already a real customer: choose another id for a sandbox one.",
                             customer=channel_user_id)
    if customer is None:
        customer = Customer.objects.create(channel_user_id=channel_user_id, name=name, is_sandbox=True)
    Conversation.objects.get_or_create(customer=customer)
    return customer


@transaction.atomic
def customer_get_or_create(*, channel_user_id: str, phone: str = "", name: str = "", user_id: str = "",
                           new_channel_user_id: str = "") -> Customer:
    """The customer known by `user_id` (WhatsApp's business-scoped user id) or else by `channel_user_id`, created
    when neither is known; the name, phone and user id the channel reports now are recorded. A "user changed
    number" notice (`new_channel_user_id`) moves the customer to the new wa_id unless another customer has it.
    Real customers only: a sandbox record is never found nor made here."""
    customer = (Customer.objects.select_for_update().filter(whatsapp_user_id=user_id, is_sandbox=False).first()
                if user_id else None)
    if customer is None:
        customer, _ = Customer.objects.get_or_create(
            channel_user_id=channel_user_id, is_sandbox=False,
            defaults={"phone": phone, "name": name, "whatsapp_user_id": user_id or None},
        )
    changed = []
    if name and customer.name != name:
        customer.name = name
        changed.append("name")
    if phone and customer.phone != phone:
        customer.phone = phone
        changed.append("phone")
    if user_id and customer.whatsapp_user_id != user_id and not Customer.objects.filter(
            whatsapp_user_id=user_id).exists():
        customer.whatsapp_user_id = user_id
        changed.append("whatsapp_user_id")
    if new_channel_user_id and not Customer.objects.filter(channel_user_id=new_channel_user_id,
                                                           is_sandbox=False).exists():
        customer.channel_user_id, customer.phone = new_channel_user_id, f"+{new_channel_user_id}"
        changed += ["channel_user_id", "phone"]
    if changed:
        customer.save(update_fields=sorted(set(changed)))
    Conversation.objects.get_or_create(customer=customer)
    return customer


def message_store_inbound(
    *, channel_user_id: str, channel_message_id: str, sent_at: datetime, text: str = "", kind: str = "text",
    payload: str = "", reply_to: str = "", phone: str = "", name: str = "", channel: str = "whatsapp",
    user_id: str = "", new_channel_user_id: str = "", simulated_by: str = "",
    also: Callable[[str, list[Any]], tuple[str, list[Any]]] | None = None,
) -> Stored:
    """Store one inbound message, once: a second delivery of the same channel id returns the first row with
    `created=False` (also under a race: the unique constraint decides). The customer is found by `user_id` first
    (it survives a missing `from`), else by `channel_user_id`. Sandbox and real records never mix: a real
    channel's message (WhatsApp) lands only on a real customer, made if new, never on a sandbox customer of the
    same number; a simulator message (`simulated_by`, the staff username) only on an existing sandbox customer
    (SimulatedForRealCustomer otherwise); a terminal's (`manage.py chat`, a test tool) on the sandbox customer
    when there is one, else as a real channel's.

    `also`: a write of the caller's in the message's own statement — given the SQL of the customer's id and its
    parameters, its SQL and parameters: a data-modifying statement that writes only if the message is inserted
    (`WHERE EXISTS (SELECT 1 FROM inserted)`: PostgreSQL runs every data-modifying WITH) — a channel's record of
    where the customer wrote, one round trip less per message.

    Someone nobody knows yet (the read by their id found no one) is made with their conversation and first
    message in one statement (`_first_message_insert`), as `_real_customer_insert` and the message's own statement
    would make them one after the other."""
    # A redelivery (the same channel id) is found by the message's INSERT, which inserts nothing: its customer is
    # read (and found) first, as for a new message — one statement less for every message that is not one.
    simulated = channel == Message.Channel.SIMULATOR or bool(simulated_by)
    if simulated or channel == Message.Channel.TERMINAL:
        customer = (Customer.objects.select_related("conversation")
                    .filter(channel_user_id=channel_user_id, is_sandbox=True).first())
        if customer is None and simulated:
            raise SimulatedForRealCustomer("the simulator talks only as sandbox customers", customer=channel_user_id)
        if customer is not None and name and customer.name != name:  # the name the tester typed
            customer.name = name
            customer.save(update_fields=["name"])
    else:
        customer = None
    if customer is None:
        found = _real_customer_read(channel_user_id=channel_user_id, user_id=user_id)
        if found is None and not new_channel_user_id:
            first = _first_message_insert(
                customer=Customer(channel_user_id=channel_user_id, phone=phone, name=name,
                                  whatsapp_user_id=user_id or None, is_sandbox=False),
                message=Message(direction=Message.Direction.INBOUND, channel=channel,
                                channel_message_id=channel_message_id, kind=kind, text=text, payload=payload,
                                reply_to=reply_to, sent_at=sent_at, simulated_by=simulated_by), also=also)
            if first is not None:
                return first
            # one of the customer's ids is taken after all: `customer_get_or_create` decides (see `_real_customer`)
            customer = customer_get_or_create(channel_user_id=channel_user_id, phone=phone, name=name,
                                              user_id=user_id)
        else:
            customer = _real_customer(found=found, channel_user_id=channel_user_id, phone=phone, name=name,
                                      user_id=user_id, new_channel_user_id=new_channel_user_id)
    conversation = customer.conversation
    message = Message(
        conversation=conversation, direction=Message.Direction.INBOUND, channel=channel,
        channel_message_id=channel_message_id, kind=kind, text=text, payload=payload, reply_to=reply_to,
        sent_at=sent_at, simulated_by=simulated_by,
    )
    # Every inbound message makes these two writes, in one statement whose text is built once
    # (`magie.db.statements`), not by the ORM each time: the message, and the conversation's last inbound time if it
    # was inserted. A racing duplicate (the same channel id stored meanwhile by another transaction) inserts nothing
    # and does not abort the caller's transaction: no savepoint needed.
    # The pages showing the conversation are told by the same statement (a `pg_notify` PostgreSQL sends when the
    # transaction commits, none if it rolls back or the message is a duplicate): no statement of its own after it.
    insert, params = insert_sql(Message, [message], returning=False)
    notify, notify_params = live_notify_of_row_expression(topic=conversation_topic(conversation.pk),
                                                          kind=LIVE_MESSAGE, ref_sql=connection.ops.quote_name("id"))
    sql, params = _inbound_insert_sql(insert, notify), [*params, sent_at, conversation.pk, sent_at]
    if also is not None:
        extra, extra_params = also("%s", [customer.pk])
        sql, params = _inbound_insert_also_sql(sql, extra), [*params, *extra_params]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, *notify_params])
        row = cursor.fetchone()
    if row is None:  # stored already (a redelivery, or a racing duplicate's transaction)
        return Stored(rows_of(Message, f"{connection.ops.quote_name('channel_message_id')} = %s",
                              [channel_message_id])[0], created=False)
    saved(message, row[0])
    return Stored(message, created=True)


@cache
def _inbound_insert_sql(insert: str, notify: str) -> str:
    """The message's INSERT (parameters: its values), and the conversation's `last_inbound_at` moved to the
    message's time — never back, when messages arrive out of order — only if the message was inserted (parameters:
    the time, the conversation, the time). Returns the message's id and sends `notify` (its parameters last), no
    row and nothing sent for a duplicate."""
    quote = connection.ops.quote_name
    last = quote("last_inbound_at")
    return (f"WITH inserted AS ({insert} ON CONFLICT ({quote('channel_message_id')}) DO NOTHING "
            f"RETURNING {quote('id')}), "
            f"latest AS (UPDATE {quote(Conversation._meta.db_table)} SET {last} = %s WHERE {quote('id')} = %s "
            f"AND ({last} IS NULL OR {last} < %s) AND EXISTS (SELECT 1 FROM inserted)) "
            f"SELECT {quote('id')}, {notify} FROM inserted")


@cache
def _inbound_insert_also_sql(sql: str, extra: str) -> str:
    head, select = sql.rsplit(") SELECT ", 1)
    return f"{head}), also AS ({extra}) SELECT {select}"


def _first_message_insert(*, customer: Customer, message: Message,
                          also: Callable[[str, list[Any]], tuple[str, list[Any]]] | None) -> Stored | None:
    """A new customer's first message: the customer, their conversation (its `last_inbound_at` the message's time)
    and the message in one statement — `_real_customer_insert`'s two INSERTs, then the message's INSERT and
    `also` for the conversation it returns, the conversation's page told on commit. None, with nothing written,
    when one of the customer's ids is taken after all (as `_real_customer_insert`). A message stored already (its
    channel id: a redelivery that now names someone new) leaves the customer and conversation made, as the two
    statements did, and the conversation's time unset."""
    conversation = Conversation(customer=customer, last_inbound_at=message.sent_at)
    quote = connection.ops.quote_name
    (made, made_params), (opened, opened_params) = _customer_inserts(customer, conversation)
    inserted, inserted_params = insert_sql(Message, [message], returning=False,
                                           expressions={"conversation_id": quote("id")})
    notify, notify_params = live_notify_of_new_topic_expression(
        topic_head=conversation_topic_head(), topic_id_sql=f"opened.{quote('id')}", kind=LIVE_MESSAGE,
        ref_sql=f"inserted.{quote('id')}")
    sql, params = _first_message_sql(made, opened, inserted, notify), [*made_params, *opened_params, *inserted_params]
    if also is not None:
        extra, extra_params = also(f"(SELECT {quote('customer_id')} FROM opened)", [])
        sql, params = _inbound_insert_also_sql(sql, extra), [*params, *extra_params]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, *notify_params])
        row = cursor.fetchone()
    if not _customer_saved(customer, conversation, row):
        return None
    if row[2] is None:  # stored already: the conversation's time as the two statements left it
        conversation.last_inbound_at = None
        Conversation.objects.filter(pk=conversation.pk).update(last_inbound_at=None)
        return Stored(rows_of(Message, f"{quote('channel_message_id')} = %s", [message.channel_message_id])[0],
                      created=False)
    message.conversation = conversation
    saved(message, row[2])
    return Stored(message, created=True)


@cache
def _first_message_sql(made: str, opened: str, inserted: str, notify: str) -> str:
    """`_first_message_insert`'s statement: the customer's INSERT (nothing on a conflict), the conversation's
    selected from the customer made, the message's from the conversation opened (nothing if its channel id is
    stored already); returns (customer id, conversation id, message id or NULL) and sends `notify` (its parameters
    last) only with a message inserted — no row on a conflict of the customer's."""
    quote = connection.ops.quote_name
    id_ = quote("id")
    return (f"WITH made AS ({made} ON CONFLICT DO NOTHING RETURNING {id_}), "
            f"opened AS ({_selected_from(opened, 'made')} RETURNING {quote('customer_id')}, {id_}), "
            f"inserted AS ({_selected_from(inserted, 'opened')} ON CONFLICT ({quote('channel_message_id')}) "
            f"DO NOTHING RETURNING {id_}) "
            f"SELECT opened.{quote('customer_id')}, opened.{id_}, inserted.{id_}, "
            f"CASE WHEN inserted.{id_} IS NOT NULL THEN {notify} END FROM opened LEFT JOIN inserted ON true")


def _real_customer_read(*, channel_user_id: str, user_id: str) -> Customer | None:
    """The real customer by their user id, else by their wa_id, with their conversation: one joined read."""
    by = "whatsapp_user_id" if user_id else "channel_user_id"
    found = compiled_read(f"customer_real_by_{by}", lambda: _real_customer_queryset(by), {"id": user_id or channel_user_id})
    return cast(Customer, found[0]) if found else None  # the queryset's model


def _real_customer(*, found: Customer | None, channel_user_id: str, phone: str, name: str, user_id: str,
                   new_channel_user_id: str) -> Customer:
    # The webhook's hot path: a known customer costs one joined read (`found`); a new one is made with its first
    # message (`message_store_inbound`), or here when that is not the way (a change of number).
    customer = found
    if customer is None and not new_channel_user_id:
        customer = _real_customer_insert(channel_user_id=channel_user_id, phone=phone, name=name, user_id=user_id)
    if (customer is None or (name and customer.name != name) or (phone and customer.phone != phone)
            or (user_id and customer.whatsapp_user_id != user_id) or new_channel_user_id):
        customer = customer_get_or_create(channel_user_id=channel_user_id, phone=phone, name=name, user_id=user_id,
                                          new_channel_user_id=new_channel_user_id)
    return customer


def _real_customer_insert(*, channel_user_id: str, phone: str, name: str, user_id: str) -> Customer | None:
    """Someone nobody knows yet (the read by their id found no one): the real customer and their conversation, as
    `customer_get_or_create` makes them, in one statement whose text is built once — the customer's INSERT `ON
    CONFLICT DO NOTHING` in a WITH, the conversation inserted for the customer it returns, so both or neither and
    no savepoint. None, with nothing written, when one of the ids is taken after all (a customer known by their
    wa_id writing for the first time with a user id, the sandbox's user id, a race): the caller then takes
    `customer_get_or_create`'s way, which decides those."""
    customer = Customer(channel_user_id=channel_user_id, phone=phone, name=name, whatsapp_user_id=user_id or None,
                        is_sandbox=False)
    conversation = Conversation(customer=customer)  # the customer's `conversation` is this one from now on
    (made, made_params), (opened, opened_params) = _customer_inserts(customer, conversation)
    with connection.cursor() as cursor:
        cursor.execute(_customer_insert_sql(made, opened), [*made_params, *opened_params])
        row = cursor.fetchone()
    return customer if _customer_saved(customer, conversation, row) else None


def _customer_inserts(customer: Customer,
                      conversation: Conversation) -> tuple[tuple[str, list[Any]], tuple[str, list[Any]]]:
    """The INSERTs (text, parameters) of a new customer and of their conversation, whose `customer_id` is the SQL
    `"id"` (of the customer's row it is selected from)."""
    return (insert_sql(Customer, [customer], returning=False),
            insert_sql(Conversation, [conversation], returning=False,
                       expressions={"customer_id": connection.ops.quote_name("id")}))


def _customer_saved(customer: Customer, conversation: Conversation, row: Sequence[Any] | None) -> bool:
    """The customer and conversation marked saved with the ids their statement returned first (customer,
    conversation); False for no row (nothing written)."""
    if row is None:
        return False
    saved(customer, row[0])
    conversation.customer_id = customer.pk
    saved(conversation, row[1])
    return True


@cache
def _customer_insert_sql(made: str, opened: str) -> str:
    """The customer's INSERT (nothing on a conflict) and the conversation's, its values selected from the customer
    inserted (its `customer_id` the SQL `"id"`): returns (customer id, conversation id), no row on a conflict."""
    quote = connection.ops.quote_name
    return (f"WITH made AS ({made} ON CONFLICT DO NOTHING RETURNING {quote('id')}) "
            f"{_selected_from(opened, 'made')} RETURNING {quote('customer_id')}, {quote('id')}")


def _selected_from(insert: str, source: str) -> str:
    """`INSERT … VALUES (…)` as `INSERT … SELECT … FROM source`: the values' expressions may name its columns."""
    head, values = insert.split(" VALUES (", 1)
    assert values.endswith(")"), insert
    return f"{head} SELECT {values[:-1]} FROM {source}"


def _real_customer_queryset(by: str):
    """The real customer by one of its ids, with its conversation: compiled once per connection (every inbound
    message reads it)."""
    queryset = Customer.objects.select_related("conversation").filter(**{by: SENTINEL_TEXT}, is_sandbox=False)[:1]
    return queryset, {SENTINEL_TEXT: "id"}


DELIVERY_TASKS: dict[str, str] = {Message.Channel.WHATSAPP: "whatsapp.deliver"}  # channels that deliver from the outbox


def message_store_outbound(
    *, conversation: Conversation, text: str, sent_at: datetime, channel: str = Message.Channel.WHATSAPP,
    buttons: list[dict[str, str]] | None = None,
) -> Message:
    """Put a reply in the outbox: stored first with a local id, then its channel's delivery task is queued (by
    name) after commit. The channel replaces the local id by the one it assigns, so swipe-replies find it."""
    message = message_outbound_unsaved(conversation=conversation, text=text, sent_at=sent_at, channel=channel,
                                       buttons=buttons)
    message.save(force_insert=True)
    message_outbound_stored(message)
    return message


def message_outbound_unsaved(
    *, conversation: Conversation, text: str, sent_at: datetime, channel: str = Message.Channel.WHATSAPP,
    buttons: list[dict[str, str]] | None = None,
) -> Message:
    """The reply `message_store_outbound` stores, not saved yet: for a caller that inserts it in a statement of
    its own (the turn's last one) and then calls `message_outbound_stored`. Every reply passes here: invisible
    format characters (bidi controls a merchant's name may carry) are removed from what the customer will read;
    a button's id (its payload) is kept as it is."""
    shown = [{name: visible_text(value) if name != "id" and isinstance(value, str) else value
              for name, value in button.items()} for button in buttons or []]
    return Message(
        conversation=conversation, direction=Message.Direction.OUTBOUND, channel=channel,
        channel_message_id=f"local-{uuid.uuid4().hex}",
        kind=Message.Kind.BUTTON if buttons else Message.Kind.TEXT, text=visible_text(text), buttons=shown,
        sent_at=sent_at,
    )


def message_outbound_stored(message: Message, *, queue: bool = True, announced: bool = False) -> None:
    """A reply just inserted (in this transaction): its channel's delivery task is queued for after commit —
    unless `queue` is False: the caller hands it to the channel itself (whose outbox sweeper sends a reply it
    never got) — and the pages showing its conversation are told after commit, unless `announced`: the statement
    that inserted it carried the announcement (`message_outbound_notify_expression`)."""
    task_name = DELIVERY_TASKS.get(message.channel)
    if task_name and queue:
        task_queue_on_commit(task_name, args=(message.pk,))
    if not announced:
        conversation_live_announce(conversation_id=message.conversation_id, kind=LIVE_MESSAGE, ref=message.pk)


def message_outbound_notify_expression(*, conversation_id: int, ref_sql: str) -> tuple[str, list[str]]:
    """What `message_outbound_stored` announces for a reply, as an SQL expression (`pg_notify(…)`) and its
    parameters, for the statement that inserts the reply (`ref_sql`: the reply's id in that statement): sent by
    PostgreSQL when the transaction commits, dropped if it rolls back — no statement of its own after the commit
    (pass `announced=True` to `message_outbound_stored`)."""
    return live_notify_of_row_expression(topic=conversation_topic(conversation_id), kind=LIVE_MESSAGE,
                                         ref_sql=ref_sql)


@transaction.atomic
def message_media_text_set(*, message_id: int, text: str) -> bool:
    """Put what the channel read in an inbound media message (the text of a Pix QR code in a photo) in its text,
    after the caption, before its turn runs; False (nothing changed) once its turn has run."""
    message = Message.objects.select_for_update().filter(pk=message_id, direction=Message.Direction.INBOUND,
                                                         handled_at__isnull=True).first()
    if message is None:
        return False
    if text in message.text:  # read already (a redelivered task): the same text is not added twice
        return True
    message.text = f"{message.text}\n{text}" if message.text else text
    message.save(update_fields=["text"])
    return True


def message_media_refused_set(*, message_id: int, reason: str) -> bool:
    """Record why the channel did not read an inbound media message (`Message.media_refused`), before its turn
    runs; False (nothing changed) once its turn has run."""
    return bool(Message.objects.filter(pk=message_id, direction=Message.Direction.INBOUND, handled_at__isnull=True)
                .update(media_refused=reason))


def message_set_channel_id(*, message_id: int, channel_message_id: str) -> None:
    """Record the id the channel assigned to an outbound message (swipe-replies quote that id). One UPDATE, atomic
    by itself: no savepoint around it inside the caller's transaction; its text built once (every send makes it)."""
    with connection.cursor() as cursor:
        cursor.execute(_set_channel_id_sql(), [channel_message_id, message_id])


@cache
def _set_channel_id_sql() -> str:
    quote = connection.ops.quote_name
    return (f"UPDATE {quote(Message._meta.db_table)} SET {quote('channel_message_id')} = %s "
            f"WHERE {quote('id')} = %s")


def message_mark_handled(*, message_id: int, at: datetime) -> None:
    """The inbound message's turn has run: the sweeper leaves it alone."""
    Message.objects.filter(pk=message_id, handled_at__isnull=True).update(handled_at=at)


def conversation_set_language(*, conversation_id: int, language: str) -> None:
    """Keep the language the customer now writes in (detected by the turn among the organisation's languages)."""
    Conversation.objects.filter(pk=conversation_id).update(language=language)


def conversation_touch(*, conversation_id: int) -> None:
    """Say the conversation moved outside its turn (a decision from the approval page, people taking the chat): a
    turn waiting on the model recomputes its reply instead of applying one built on what it read before."""
    Conversation.objects.filter(pk=conversation_id).update(version=F("version") + 1)


# What the pages showing a conversation are told live (magie.live): a message stored in it, a change of a message's
# delivery (ref: the message), a staff note about it (ref: the note).
LIVE_MESSAGE, LIVE_RECEIPT, LIVE_NOTE = "message", "receipt", "note"


def conversation_topic(conversation_id: int) -> str:
    """The live topic of one conversation: the streams of the pages showing it subscribe to it."""
    return f"{conversation_topic_head()}{conversation_id}"


def conversation_topic_head() -> str:
    """What every conversation's topic starts with, before its id."""
    return "conversation:"


def conversation_live_announce(*, conversation_id: int, kind: str, ref: int) -> None:
    """Tell the pages showing the conversation, once the current transaction commits, that `kind` happened."""
    live_announce_on_commit(topic=conversation_topic(conversation_id), kind=kind, ref=ref)


def message_receipt_announce(*, message_id: int, conversation_id: int | None = None) -> None:
    """A message's delivery changed (sent, delivered, read, failed): its conversation's pages are told after commit.
    Without `conversation_id`, one read finds it."""
    if conversation_id is None:
        conversation_id = Message.objects.filter(pk=message_id).values_list("conversation_id", flat=True).first()
        if conversation_id is None:
            return
    conversation_live_announce(conversation_id=conversation_id, kind=LIVE_RECEIPT, ref=message_id)


def message_receipt_notify_expression(*, message_id: int, conversation_id: int) -> tuple[str, list[str]]:
    """`message_receipt_announce` as an expression for a statement of the caller's own (its SQL and parameters,
    `magie.live.live_notify_expression`): the pages are told when that statement's transaction commits."""
    return live_notify_expression(topic=conversation_topic(conversation_id), kind=LIVE_RECEIPT, ref=message_id)
