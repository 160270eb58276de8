"""Writes of the WhatsApp channel: the webhook (verify, append, publish), the inbound processing in the worker
(parse, route, store, queue turns), receipts, outbound delivery and its recovery, the sweepers.

The webhook's acknowledgement is kept at its floor: verify the signature over the raw body, append the body to the
raw inbound log in one INSERT (a redelivery is a no-op), answer 200, then publish one task. The worker's
`inbound_process` then enters each organisation named in the body with `tenant_context` (its messages and receipts
stored in one transaction, in arrival order per number), and the agent's turns are queued by name after commit.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import random
import time
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import timedelta
from functools import cache, partial
from typing import Any

from django.db import connection, transaction
from django.db.models import DurationField, Exists, ExpressionWrapper, F, Max, OuterRef, Q, QuerySet, Value
from django.db.models.functions import Coalesce
from django.utils import timezone
from django_fsm import ConcurrentTransition, can_proceed
from django_tenants.utils import get_public_schema_name, schema_context, tenant_context
from redis.exceptions import RedisError

from conversations.models import Message
from conversations.rendering import message_text_for_customer
from conversations.services import (
    message_mark_handled,
    message_media_refused_set,
    message_media_text_set,
    message_receipt_announce,
    message_receipt_notify_expression,
    message_set_channel_id,
    message_store_inbound,
)
from magie.db.compiled_reads import SENTINEL_ID, SENTINEL_TEXT, compiled_read
from magie.db.cursors import unrouted_cursor
from magie.db.statements import insert_returning, insert_sql, rows_of, rows_updated, saved, update_sql
from magie.queueing import BrokerUnavailable, publish_circuit, task_publish, task_queue
from magie.tenancy import schema_name_current, tenancy_current
from magie.tracing import traced
from tenants.models import Organisation, WhatsAppChannel
from whatsapp import conf, sender, strangers
from whatsapp.errors import BodyTooLarge, HandshakeRefused, OutboundInvalid, SignatureInvalid
from whatsapp.inbound.models import ChannelNotice, InboundBody
from whatsapp.models import CustomerRoute, Delivery, DeliveryEvent
from whatsapp.payloads import (
    InboundItem,
    NoticeItem,
    StatusItem,
    body_json,
    notification_key,
    parse,
    phone_number_ids,
)

logger = logging.getLogger(__name__)

TURN_TASK = "agent.turn"
INBOUND_TASK = "whatsapp.inbound_process"


# ---------------------------------------------------------------------------------------------------- webhook


def channel_app_secret(channel: WhatsAppChannel) -> str:
    """The app secret a channel's webhooks are signed with (the one place that reads it)."""
    return channel.app_secret.reveal()


def webhook_handshake(*, mode: str, token: str, challenge: str) -> str:
    """Meta's subscription check: the challenge when `token` is the verify token of any channel (the GET carries
    no phone_number_id), else HandshakeRefused. Every token is compared, in constant time."""
    if mode != "subscribe" or not token or not challenge:
        raise HandshakeRefused("not a subscription request")
    matched = False
    for candidate in WhatsAppChannel.objects.values_list("verify_token", flat=True):
        matched |= hmac.compare_digest(candidate.reveal().encode(), token.encode())
    if not matched:
        logger.warning("whatsapp handshake refused: no channel has this verify token")
        raise HandshakeRefused("verify token mismatch")
    return challenge


def signature_valid(*, body: bytes, header: str, secret: str) -> bool:
    """`X-Hub-Signature-256: sha256=<hex>` is HMAC-SHA256(app secret, the body exactly as received); compared in
    constant time."""
    if not header.startswith("sha256="):
        return False
    expected = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected.encode(), header.removeprefix("sha256=").strip().lower().encode())


# The app secrets of the numbers this process has verified lately: the acknowledgement's hot path then costs no
# query. A signature that does not match a cached secret is checked again against the database (a rotated
# secret), so an entry is never trusted past a mismatch, and none is older than SECRET_CACHE_SECONDS.
SECRET_CACHE_SECONDS = 30.0
_secret_cache: dict[str, tuple[float, str]] = {}


def _secrets_from_database(numbers: set[str]) -> dict[str, str]:
    # A channel without an app secret yet (added, its key change not approved) verifies nothing: an HMAC with an
    # empty key is one anybody can make.
    secrets = {channel.phone_number_id: secret for channel in
               WhatsAppChannel.objects.filter(phone_number_id__in=numbers).only("phone_number_id", "app_secret")
               if (secret := channel_app_secret(channel))}
    now = time.monotonic()
    for number in numbers:
        if number in secrets:
            _secret_cache[number] = (now, secrets[number])
        else:
            _secret_cache.pop(number, None)
    return secrets


def _verified(body: bytes, signature: str, secrets: dict[str, str]) -> set[str]:
    """The numbers whose secret signed `body`: one HMAC per distinct secret, and none after the first match (a body
    carries one signature, so only one secret can produce it)."""
    by_secret: dict[str, set[str]] = {}
    for number, secret in secrets.items():
        by_secret.setdefault(secret, set()).add(number)
    for secret, numbers in by_secret.items():
        if signature_valid(body=body, header=signature, secret=secret):
            return numbers
    return set()


def webhook_verify(*, body: bytes, signature: str, numbers: set[str], channel: str | None = None) -> list[str]:
    """The numbers whose channel's app secret verifies the signature (sorted), routed BEFORE any HMAC: by the URL's
    channel (`/webhooks/whatsapp/<phone_number_id>`, Meta's per-account callback override) when given, else by the
    `phone_number_id`s the body names (at most WHATSAPP_MAX_NUMBERS_PER_BODY). So a stranger's body costs one HMAC
    per distinct secret of the few channels it names — the same with 3 channels or 1,000 — and a body naming no
    channel of ours is refused without any. Anything not verified raises SignatureInvalid, the same answer whether
    or not a number exists, so nobody can probe which numbers are ours. Entries of other numbers are skipped and
    logged."""
    if not signature:
        raise SignatureInvalid("X-Hub-Signature-256 is missing")
    candidates = {channel} if channel is not None else numbers
    if len(candidates) > int(conf.setting("WHATSAPP_MAX_NUMBERS_PER_BODY")):
        logger.warning("whatsapp webhook refused: it names %s numbers", len(candidates))
        raise SignatureInvalid("X-Hub-Signature-256 does not match")
    horizon = time.monotonic() - SECRET_CACHE_SECONDS
    cached = {number: entry[1] for number in candidates
              if (entry := _secret_cache.get(number)) is not None and entry[0] > horizon}
    secrets = cached if candidates and len(cached) == len(candidates) else _secrets_from_database(candidates)
    verified = _verified(body, signature, secrets)
    if secrets is cached and len(verified) < len(candidates):  # a mismatch (or a rotated secret): ask the database
        secrets = _secrets_from_database(candidates)
        verified = _verified(body, signature, secrets)
    if not verified:
        if not secrets:
            logger.warning("whatsapp webhook refused: it names no channel of ours (%s); a notification naming no "
                           "number comes to /webhooks/whatsapp/<phone_number_id>", sorted(candidates)[:8])
        else:
            logger.warning("whatsapp webhook refused: bad signature")
        raise SignatureInvalid("X-Hub-Signature-256 does not match")
    skipped = sorted(numbers - verified)
    if skipped:
        logger.warning("whatsapp webhook: entries for %s skipped (unknown number, or not signed by its "
                       "channel)", skipped)
    return sorted(verified)


@dataclass
class Acknowledgement:
    accepted: bool  # a new raw row was appended (False: a redelivery, or nothing for us)
    inbound_id: int | None = None
    phone_number_ids: tuple[str, ...] = ()  # the numbers that verified it (`inbound_publish`'s `numbers`)

    def as_dict(self) -> dict[str, object]:
        return {"accepted": self.accepted}


def webhook_receive(*, body: bytes, signature: str, channel: str | None = None) -> Acknowledgement:
    """The webhook's whole work before its 200: size, JSON, signature (WebhookRefused: 400/401, nothing kept),
    then one INSERT into the raw inbound log, committed. Redelivered notifications find their row and append
    nothing. The body's task is NOT published here: the caller publishes it (`inbound_publish`) once the 200 has
    left — whatsapp.views does it when the server closes the response — so Meta's wait never includes the broker;
    a body stored but never published (a process killed in between, a broker down) is published by the inbound
    sweeper. `channel`: the phone_number_id of the URL the body was posted to, if any (`webhook_verify`)."""
    limit = int(conf.setting("WHATSAPP_MAX_BODY_BYTES"))
    if len(body) > limit:
        raise BodyTooLarge("the body is too large", limit=limit)
    if not signature:
        raise SignatureInvalid("X-Hub-Signature-256 is missing")
    data = body_json(body)
    verified = webhook_verify(body=body, signature=signature, numbers=phone_number_ids(data), channel=channel)
    inbound_id = inbound_append(key=notification_key(data, body), body=body, phone_number_ids=verified)
    if inbound_id is None:
        return Acknowledgement(accepted=False)
    return Acknowledgement(accepted=True, inbound_id=inbound_id, phone_number_ids=tuple(verified))


def inbound_append(*, key: str, body: bytes, phone_number_ids: list[str]) -> int | None:
    """Append a verified body to the raw log in ONE statement; its id, or None when the same notifications are
    already there (Meta's redelivery).

    The table is named with its schema, so the statement goes through a plain cursor of the connection (still
    Django's wrapper: counted, its errors Django's) without django-tenants' `SET search_path` first — a round trip
    on every request, since each request takes its connection from the pool afresh."""
    with unrouted_cursor() as cursor:
        cursor.execute(
            f'INSERT INTO "{get_public_schema_name()}"."{InboundBody._meta.db_table}" (key, body, phone_number_ids) '
            "VALUES (%s, %s, %s) ON CONFLICT (key) DO NOTHING RETURNING id",
            [key, body, phone_number_ids],
        )
        row = cursor.fetchone()
    return row[0] if row else None


def inbound_publish(*, inbound_id: int, numbers: Sequence[str] = (), several: bool = False) -> bool:
    """Publish the body's processing; whether it was published or left to its number's queued task. Never raises
    and never waits on a broker that is down (`task_publish`'s timeout and circuit): the row is committed, and the
    inbound sweeper publishes it later.

    `numbers`: the body's verified numbers (the webhook's). A body of one number is published only if no task of
    that number is queued (`inbound_queued_take`); otherwise the queued task takes it when it starts, with the
    number's other waiting bodies (`whatsapp.answering.inbound_answer`): under a burst, one task per batch of a
    number's bodies instead of one per body. Without them (the sweeper, a body of several numbers): published.
    `several`: the task is published for more bodies than this one (the rest of a backlog): it reads them all."""
    taken = False
    try:
        if len(numbers) == 1 and not publish_circuit.is_open and int(conf.setting("WHATSAPP_INBOUND_BATCH")) > 0:
            if not inbound_queued_take(number=numbers[0], bodies=2 if several else 1):
                return True  # the number's queued task takes it
            # marked queued, unless the mark was unreadable in the broker's Redis (the take opened the circuit, the
            # publish below fails at once): then there is no mark to release, and releasing would wait on it again
            taken = not publish_circuit.is_open
        task_publish(INBOUND_TASK, args=(inbound_id,), schema_name=get_public_schema_name())
    except BrokerUnavailable:
        logger.warning("whatsapp inbound %s stored; the broker is unavailable, the sweeper will publish it",
                       inbound_id)
        if taken:
            inbound_queued_release(numbers=numbers)
        return False
    except Exception:  # noqa: BLE001 — the row is committed; the inbound sweeper publishes it again
        logger.exception("whatsapp inbound %s stored but not published; the sweeper will", inbound_id)
        if taken:
            inbound_queued_release(numbers=numbers)
        return False
    return True


# A number's inbound task queued and not started: a Redis counter per number, created by the publish that queues the
# task and counting the bodies left to it, deleted by that task as it starts, or lapsing after
# WHATSAPP_INBOUND_SWEEP_AFTER_SECONDS (a task lost with the broker: the next body of the number publishes again, and
# the sweeper publishes those that wait meanwhile). Nothing is lost in between: a body is committed before its
# publish counts itself, and the task deletes the counter before it reads the number's waiting bodies — a body
# counted on it is read by that task. A count of 1 (its own body only: an unhurried number) spares the task that
# read.


def _queued_key(number: str) -> str:
    return f"whatsapp:inbound-queued:{number}"


# Each mark's operations in one script, atomic on the Redis server: created with its lease if absent, then counted
# on; read (an absent mark as "") and deleted.
_TAKE_SCRIPT = """
redis.call('SET', KEYS[1], 0, 'NX', 'PX', tonumber(ARGV[2]))
return redis.call('INCRBY', KEYS[1], tonumber(ARGV[1]))
"""
_RELEASE_SCRIPT = """
local counts = {}
for i, key in ipairs(KEYS) do counts[i] = redis.call('GET', key) or '' end
redis.call('DEL', unpack(KEYS))
return counts
"""


def inbound_queued_take(*, number: str, bodies: int = 1) -> bool:
    """Count the body (or `bodies`) on the number's queued task: True if none was queued (publish one, now marked
    queued), False if one is queued and not started (it takes this body). Redis unreachable: True (publish as
    usual; the publish's own circuit decides) — and if that Redis is the broker's (`strangers.redis_is_broker`),
    the broker has failed too: the publish circuit opens, so neither this publish nor the next ones wait on it."""
    lease_ms = max(1000, int(float(conf.setting("WHATSAPP_INBOUND_SWEEP_AFTER_SECONDS")) * 1000))
    key = _queued_key(number)
    try:
        return int(strangers.redis_client().eval(_TAKE_SCRIPT, 1, key, bodies, lease_ms)) == bodies
    except (RedisError, OSError, ValueError) as error:  # ValueError: no Redis URL (a broker of another kind)
        logger.warning("whatsapp inbound: the queued mark of %s is unreadable; publishing", number, exc_info=True)
        if not isinstance(error, ValueError) and strangers.redis_is_broker():
            publish_circuit.failed()
        return True


def inbound_queued_release(*, numbers: Sequence[str]) -> bool:
    """The numbers' queued task has started (or was not published): a body of theirs arriving from now on publishes
    a task of its own. Whether bodies may have been left to it besides its own (False: the mark counted its body
    alone). Never raises: a mark not deleted lapses by itself."""
    if not numbers:
        return True
    try:
        counts = [count or None for count in strangers.redis_client().eval(
            _RELEASE_SCRIPT, len(numbers), *(_queued_key(number) for number in numbers))]
    except (RedisError, OSError, ValueError):  # ValueError: no Redis URL (a broker of another kind, no rate Redis)
        logger.warning("whatsapp inbound: the queued mark of %s was not deleted; it lapses", numbers, exc_info=True)
        return True
    return any(count is None or int(count) != 1 for count in counts)


# ---------------------------------------------------------------------------------------------------- inbound (worker)


@dataclass
class InboundOutcome:
    stored: int = 0
    duplicates: int = 0
    statuses: int = 0
    turns: int = 0  # turns queued (after commit)
    bodies: int = 0  # raw rows processed by this call (earlier ones of the same numbers included)
    skipped: list[str] = field(default_factory=list)
    # With queue_turns=False: the turns due, in arrival order, for the caller to run (schema, conversation, message)
    due: list[TurnDue] = field(default_factory=list)
    queue_turns: bool = True
    numbers: list[str] = field(default_factory=list)  # the body's own numbers, if this call processed it

    def add(self, other: InboundOutcome) -> None:
        """Count `other`'s bodies (a later batch of the same task) with these."""
        self.stored += other.stored
        self.duplicates += other.duplicates
        self.statuses += other.statuses
        self.turns += other.turns
        self.bodies += other.bodies
        self.skipped.extend(other.skipped)
        self.due.extend(other.due)


@dataclass(frozen=True)
class TurnDue:
    schema_name: str
    conversation_id: int
    message_id: int
    # the number the message came to, as this task read it (the customer's route now names it): its replies' sends
    # in the same task leave from it without reading it again (`delivery_send`'s `channel`)
    channel: WhatsAppChannel | None = field(default=None, compare=False)


INBOUND_MAX_ATTEMPTS = 5


def inbound_process(*, inbound_id: int, queue_turns: bool = True, limit: int = 50,
                    channels: dict[str, WhatsAppChannel] | None = None) -> InboundOutcome:
    """Parse, route and store one raw body (and, first, every older unprocessed body of the same numbers, so each
    number's messages are stored in the order Meta delivered them). Safe to run twice and concurrently: the bodies
    are locked (`_inbound_waiting`: oldest first, so two workers sharing a number take its bodies one after the
    other), stored messages are unique by wamid and receipts by (wamid, status, time), and `processed_at` is
    stamped in the same transaction. A body whose processing raises is retried by the sweeper up to
    INBOUND_MAX_ATTEMPTS times, then left with its error (logged) so it cannot block its number.

    Each stored message's turn is queued after commit; with `queue_turns=False` it is listed in `outcome.due`
    instead, for the caller to run once this returns (committed) — one it never runs stays unhandled, and the
    inbound sweeper admits it.

    Every statement on the public schema's tables names them with their schema or reads a shared table on any
    search path (`shared=True`): the only `SET search_path` is the organisation's, and the connection is still in
    it when the caller runs the turn there (`magie.db.pgbackend` keeps a path already in force).

    `channels`: the channels (by number, with their organisation) this task has read already, kept by the caller
    for the task's batches (`whatsapp.answering.inbound_answer`): a body of a number in it reads none, and the
    numbers read here are added to it. None: each body reads its own."""
    return _inbound_process_safely(partial(_inbound_waiting, inbound_id=inbound_id, limit=limit),
                                   queue_turns=queue_turns, body_id=inbound_id, channels=channels)


def inbound_process_waiting(*, numbers: Sequence[str], limit: int,
                            channels: dict[str, WhatsAppChannel] | None = None) -> InboundOutcome:
    """As `inbound_process`, for the `limit` oldest bodies of `numbers` still waiting (one transaction; fewer if
    another worker holds some): the next batch of the task that drains a number (`whatsapp.answering`). Their turns
    are listed in `outcome.due`, for the caller to run. `channels`: as `inbound_process`'s."""
    return _inbound_process_safely(partial(_inbound_waiting_of, numbers=list(numbers), limit=limit),
                                   queue_turns=False, channels=channels)


def inbound_numbers(*, inbound_id: int) -> list[str]:
    """The numbers that verified the body (none if it is gone)."""
    with unrouted_cursor() as cursor:
        cursor.execute(f"SELECT phone_number_ids FROM {_inbound_table()} WHERE id = %s", [inbound_id])
        row = cursor.fetchone()
    return list(row[0]) if row else []


def inbound_waiting_batch_end(*, numbers: Sequence[str], batch: int) -> int | None:
    """The newest of the `batch` oldest bodies of `numbers` still waiting (a task published for it takes them
    first), if any waits."""
    with unrouted_cursor() as cursor:
        cursor.execute(f"SELECT max(id) FROM (SELECT id FROM {_inbound_table()} WHERE processed_at IS NULL "
                       "AND phone_number_ids && %s::varchar[] ORDER BY id LIMIT %s) AS oldest",
                       [list(numbers), batch])
        row = cursor.fetchone()
    return int(row[0]) if row and row[0] is not None else None


def _inbound_process_safely(waiting: Callable[[], list[InboundBody]], *, queue_turns: bool,
                            body_id: int | None = None,
                            channels: dict[str, WhatsAppChannel] | None = None) -> InboundOutcome:
    channels = {} if channels is None else channels  # read once per number for all the bodies of this call
    try:
        return _inbound_process(waiting, queue_turns=queue_turns, isolated=False, body_id=body_id,
                                channels=channels)
    except Exception:  # noqa: BLE001 — a body failed: all of them again, each in a savepoint (below)
        return _inbound_process(waiting, queue_turns=queue_turns, isolated=True, body_id=body_id,
                                channels=channels)


def _inbound_process(waiting: Callable[[], list[InboundBody]], *, queue_turns: bool, isolated: bool,
                     body_id: int | None, channels: dict[str, WhatsAppChannel]) -> InboundOutcome:
    """One transaction over the waiting bodies. Not `isolated` (every body but a failing one's): no savepoint —
    a failure raises and rolls everything back, and the caller runs it again `isolated`: each body in a savepoint
    of its own, a failure recorded on its row (attempts, error) while the others are stored."""
    outcome = InboundOutcome(queue_turns=queue_turns)
    with transaction.atomic():
        for row in waiting():  # stamped processed (the transaction's own write)
            if row.pk == body_id:
                outcome.numbers = list(row.phone_number_ids)
            due_before, error_as_read = len(outcome.due), row.error
            try:
                with transaction.atomic() if isolated else nullcontext():
                    skipped = _inbound_store(row=row, outcome=outcome, known=channels)
                row.error = "; ".join(skipped)[:2000]
            except Exception as error:
                if not isolated:
                    raise
                del outcome.due[due_before:]  # rolled back with the body's savepoint
                row.attempts += 1
                row.error = f"{type(error).__name__}: {error}"[:2000]
                if row.attempts >= INBOUND_MAX_ATTEMPTS:
                    logger.error("whatsapp inbound %s failed %s times, given up: %s", row.pk, row.attempts,
                                 row.error)
                else:
                    row.processed_at = None  # waiting again: the sweeper publishes it
                    logger.warning("whatsapp inbound %s failed (attempt %s): %s", row.pk, row.attempts, row.error)
                _inbound_outcome_save(row)
            else:
                if row.error != error_as_read:  # what the parser skipped, or an earlier attempt's error cleared
                    _inbound_outcome_save(row)
            outcome.bodies += 1
    return outcome


# The statements of every body's processing, their text built once (the ORM compiled each of them per body). The raw
# log is in public, named with its schema: before and after an organisation's messages are stored, reading and
# writing it needs no `SET search_path` to public.


def _inbound_table() -> str:
    return f'"{get_public_schema_name()}"."{InboundBody._meta.db_table}"'


def _inbound_waiting(*, inbound_id: int, limit: int = 50) -> list[InboundBody]:
    """Locked, oldest first, `limit` at most: the body, if it still waits, and the older ones of its numbers still
    waiting (a body naming no number of ours — an account's or a template's notification — alone); none if it was
    processed meanwhile. The rows are locked in that order, so a worker taking a later body of a number waits for
    the one storing an earlier body, then skips what that one stored (PostgreSQL re-checks `processed_at` on a row
    that was locked).

    Each is stamped processed now, by the statement that locks it: committed with what its storing wrote, undone
    with it. Only a body whose outcome is not that plain — the parser skipped something, an earlier attempt's error
    to clear, a failure — is written again (`_inbound_outcome_save`): one statement less per body."""
    table = _inbound_table()
    rows = rows_updated(InboundBody, "processed_at = %s", (
        f"id IN (SELECT id FROM {table} WHERE processed_at IS NULL AND id <= %s AND (id = %s OR phone_number_ids && ("
        f"SELECT phone_number_ids FROM {table} WHERE id = %s AND processed_at IS NULL)) ORDER BY id LIMIT %s "
        "FOR UPDATE)"), [timezone.now(), inbound_id, inbound_id, inbound_id, limit], shared=True)
    return sorted(rows, key=lambda row: row.pk)


def _inbound_waiting_of(*, numbers: list[str], limit: int) -> list[InboundBody]:
    """As `_inbound_waiting`: the `limit` oldest bodies of `numbers` still waiting, locked in that order and stamped
    processed by the statement that locks them."""
    table = _inbound_table()
    rows = rows_updated(InboundBody, "processed_at = %s", (
        f"id IN (SELECT id FROM {table} WHERE processed_at IS NULL AND phone_number_ids && %s::varchar[] "
        "ORDER BY id LIMIT %s FOR UPDATE)"), [timezone.now(), numbers, limit], shared=True)
    return sorted(rows, key=lambda row: row.pk)


def _inbound_outcome_save(row: InboundBody) -> None:
    with unrouted_cursor() as cursor:
        cursor.execute(f"UPDATE {_inbound_table()} SET processed_at = %s, attempts = %s, error = %s WHERE id = %s",
                       [row.processed_at, row.attempts, row.error, row.pk])


def _channels_of(numbers: list[str], known: dict[str, WhatsAppChannel]) -> dict[str, WhatsAppChannel]:
    """The channels of the body's verified numbers, with their organisation: from `known` (the channels the task
    read for its earlier bodies) when it has them all, else read — one number (nearly every body): a read compiled
    once per connection — and added to `known`."""
    if all(number in known for number in numbers):
        return {number: known[number] for number in numbers}
    found: list[Any] = (
        compiled_read("whatsapp_inbound_channel", _channel_by_number_queryset, {"number": numbers[0]}, shared=True)
        if len(numbers) == 1
        else list(WhatsAppChannel.objects.select_related("organisation").filter(phone_number_id__in=numbers)))
    channels = {channel.phone_number_id: channel for channel in found}
    known.update(channels)
    return channels


def _channel_by_number_queryset():
    return (WhatsAppChannel.objects.select_related("organisation").filter(phone_number_id=SENTINEL_TEXT)[:1],
            {SENTINEL_TEXT: "number"})


def _inbound_store(*, row: InboundBody, outcome: InboundOutcome, known: dict[str, WhatsAppChannel]) -> list[str]:
    """Store one body's messages and receipts; what the parser skipped (and why). `known`: `_channels_of`'s."""
    parsed = parse(body_json(bytes(row.body)))
    for reason in parsed.skipped:
        logger.warning("whatsapp inbound %s: skipped %s", row.pk, reason)
    outcome.skipped.extend(parsed.skipped)
    notices_record(notices=parsed.notices, body_id=row.pk)
    channels = _channels_of(row.phone_number_ids, known)
    by_organisation: dict[int, tuple[Organisation, list[InboundItem], list[StatusItem]]] = {}
    items: list[InboundItem | StatusItem] = [*parsed.messages, *parsed.statuses]
    for item in items:
        channel = channels.get(item.phone_number_id)
        if channel is None:  # not verified for this body (or the channel was removed since)
            continue
        group = by_organisation.setdefault(channel.organisation_id, (channel.organisation, [], []))
        if isinstance(item, InboundItem):
            group[1].append(item)
        else:
            group[2].append(item)
    for organisation, messages, statuses in by_organisation.values():
        with tenant_context(organisation):
            _store(schema_name=organisation.schema_name, messages=messages, statuses=statuses, outcome=outcome,
                   channels=channels)
    return parsed.skipped


def _store(*, schema_name: str, messages: list[InboundItem], statuses: list[StatusItem],
           outcome: InboundOutcome, channels: dict[str, WhatsAppChannel]) -> None:
    # Inside the bodies' transaction (inbound_process): a failure undoes the whole body, so no savepoint of its own.
    for item in messages:
        stored = message_store_inbound(
            channel_user_id=item.channel_user_id, channel_message_id=item.channel_message_id,
            sent_at=item.sent_at, text=item.text, kind=item.kind, payload=item.payload, reply_to=item.reply_to,
            phone=item.phone, name=item.name, user_id=item.user_id, channel=Message.Channel.WHATSAPP,
            new_channel_user_id=item.new_channel_user_id,
            # replies leave from this number: the customer's route upserted in the message's statement
            also=partial(_route_upsert, phone_number_id=item.phone_number_id),
        )
        if not stored.created:
            outcome.duplicates += 1
            continue
        outcome.stored += 1
        if item.queue_turn and item.media_id and conf.setting("WHATSAPP_GRAPH_URL"):
            # an image may be a photographed Pix code: read first (whatsapp.media), then its turn is queued
            outcome.turns += 1
            # lost with the broker: the sweeper queues the turn ("text only")
            _media_read_queue_on_commit(schema_name=schema_name, message_id=stored.message.pk,
                                        media_id=item.media_id, phone_number_id=item.phone_number_id)
        elif item.queue_turn:
            outcome.turns += 1
            if outcome.queue_turns:
                turn_queue_on_commit(schema_name=schema_name, message_id=stored.message.pk)
            else:
                outcome.due.append(TurnDue(schema_name=schema_name, conversation_id=stored.message.conversation_id,
                                           message_id=stored.message.pk, channel=channels.get(item.phone_number_id)))
        else:  # a reaction: kept for the record, nothing to answer
            message_mark_handled(message_id=stored.message.pk, at=timezone.now())
    for status in statuses:
        status_record(item=status)
        outcome.statuses += 1


def _route_upsert(customer_sql: str, customer_params: list[Any], *, phone_number_id: str) -> tuple[str, list[Any]]:
    return _route_sql(customer_sql), [*customer_params, phone_number_id, timezone.now()]


@cache
def _route_sql(customer_sql: str) -> str:
    """The customer's route upserted when the message is inserted (every inbound message stored), for the
    message's own statement (`message_store_inbound`'s `also`; the customer's id is the SQL `customer_sql`): its
    text built once, not by the ORM each time."""
    quote, table = connection.ops.quote_name, connection.ops.quote_name(CustomerRoute._meta.db_table)
    customer, number, updated = (quote(name) for name in ("customer_id", "phone_number_id", "updated_at"))
    return (f"INSERT INTO {table} ({customer}, {number}, {updated}) SELECT {customer_sql}, %s, %s "
            f"WHERE EXISTS (SELECT 1 FROM inserted) ON CONFLICT ({customer}) "
            f"DO UPDATE SET {number} = EXCLUDED.{number}, {updated} = EXCLUDED.{updated}")


def notices_record(*, notices: list[NoticeItem], body_id: int | None = None) -> list[ChannelNotice]:
    """Keep Meta's operational notifications (public schema) and raise, as errors in the log, those an operator
    must act on: a template rejected or paused (replies outside the 24-hour window need one), a restricted or
    disabled account, a value-level error."""
    rows = ChannelNotice.objects.bulk_create([ChannelNotice(
        field=notice.field, account_id=notice.account_id, phone_number_id=notice.phone_number_id,
        event=notice.event, subject=notice.subject, detail=notice.detail, needs_action=notice.needs_action,
        body_id=body_id) for notice in notices])
    for notice in notices:
        if notice.needs_action:
            logger.error("whatsapp: %s %s %s needs an operator (account %s, number %s)", notice.field, notice.event,
                         notice.subject, notice.account_id or "?", notice.phone_number_id or "?")
        else:
            logger.info("whatsapp: %s %s %s kept", notice.field, notice.event, notice.subject)
    return rows


MEDIA_READ_TASK = "whatsapp.media_read"
MEDIA_READ_RETRIES = 3


def media_read_queue(*, schema_name: str, message_id: int, media_id: str, phone_number_id: str) -> None:
    task_queue(MEDIA_READ_TASK, schema_name=schema_name, args=(message_id, media_id, phone_number_id))


def media_read(*, message_id: int, media_id: str, phone_number_id: str, final: bool = True) -> str:
    """Fetch an inbound image through the Cloud API with its channel's token, keep the text of the Pix QR codes it
    shows as the message's text (`whatsapp.media`), then queue the message's turn. Returns what happened: "read",
    "no_code", "unavailable" (the turn still runs, and says it reads text only), "too_large" (more pixels than it
    decodes: refused from the image's header, and the turn says so), "retry" (a timeout or 5xx while
    `final` is False: nothing done, the task tries again) or "done" (the turn ran already: nothing to do).
    No transaction or lock is held while fetching."""
    from whatsapp.media import ImageTooLarge, MediaUnavailable, media_download, pix_code_text

    message = Message.objects.filter(pk=message_id).only("pk", "handled_at", "text").first()
    if message is None or message.handled_at is not None:
        return "done"
    channel = (WhatsAppChannel.objects.filter(phone_number_id=phone_number_id,
                                              organisation__schema_name=schema_name_current()).first()
               if phone_number_id else None)
    outcome, text = "unavailable", ""
    if channel is not None:
        try:
            media = media_download(media_id=media_id, access_token=channel.access_token.reveal())
            text = pix_code_text(media.content)
            outcome = "read" if text else "no_code"
        except MediaUnavailable as error:
            logger.warning("whatsapp media %s of message %s: %s", media_id[:40], message_id, error)
            if error.retryable and not final:
                return "retry"
        except ImageTooLarge as error:
            logger.info("whatsapp media %s of message %s not decoded: %s", media_id[:40], message_id, error)
            outcome = "too_large"
    with transaction.atomic():
        if text and not message_media_text_set(message_id=message_id, text=text):
            return "done"
        if outcome == "too_large" and not message_media_refused_set(message_id=message_id, reason="too_large"):
            return "done"
        turn_queue_on_commit(schema_name=schema_name_current(), message_id=message_id)
    return outcome


# Callbacks for `transaction.on_commit` are named functions, never `functools.partial`: with robust=True Django logs
# a failing callback by its `__qualname__`, which a partial lacks — the AttributeError then escapes and the rest of
# the transaction's callbacks never run.


def turn_queue_on_commit(*, schema_name: str, message_id: int) -> None:
    """Queue the message's turn once this transaction commits; a broker failure is logged (the sweeper queues it)."""

    def turn_queue_after_commit() -> None:
        turn_queue(schema_name=schema_name, message_id=message_id)

    transaction.on_commit(turn_queue_after_commit, robust=True)


def _media_read_queue_on_commit(*, schema_name: str, message_id: int, media_id: str, phone_number_id: str) -> None:
    def media_read_queue_after_commit() -> None:
        media_read_queue(schema_name=schema_name, message_id=message_id, media_id=media_id,
                         phone_number_id=phone_number_id)

    transaction.on_commit(media_read_queue_after_commit, robust=True)


def _possible_duplicate_notice_on_commit(*, delivery_id: int) -> None:
    schema_name = schema_name_current()

    def possible_duplicate_notice_after_commit() -> None:
        delivery_notice(delivery_id=delivery_id, schema_name=schema_name, reason="delivery_possibly_duplicated")

    transaction.on_commit(possible_duplicate_notice_after_commit, robust=True)


def delivery_escalate_on_commit(*, delivery_id: int) -> None:
    schema_name = schema_name_current()  # now, not at commit time

    def delivery_escalate_after_commit() -> None:
        delivery_escalate(delivery_id=delivery_id, schema_name=schema_name)

    transaction.on_commit(delivery_escalate_after_commit, robust=True)


def turn_queue(*, schema_name: str, message_id: int) -> None:
    """Queue the agent's turn for an inbound message, by name (the agent is idempotent on the message id), if the
    organisation has room (`whatsapp.admission`): else it waits, stored, and is admitted when an earlier turn of
    the organisation ends. A message whose turn is queued already is not queued again."""
    from whatsapp.admission import ADMITTED, turn_admit

    if turn_admit(schema_name=schema_name, message_id=message_id) == ADMITTED:
        turn_publish(schema_name=schema_name, message_id=message_id, raising=True)


# A turn admitted from an organisation's backlog (it waited for room, or its task was lost) goes after the parsing of
# new bodies: fresh messages first (their turns, 3; their parsing, 6), so a backlog being drained never delays
# anyone's new message, and parsing — cheap, bounded by what arrives — is never starved by it.
BACKLOG_PRIORITY = 9


def turn_publish(*, schema_name: str, message_id: int, raising: bool = False, backlog: bool = False) -> bool:
    """Publish an admitted message's turn (`backlog`: after fresh work); whether it was. If the broker refuses,
    the lease is given back (the sweeper admits it again) and the error is raised when `raising`, else logged."""
    from whatsapp.admission import turn_release

    try:
        task_queue(TURN_TASK, schema_name=schema_name, args=(message_id,),
                   priority=BACKLOG_PRIORITY if backlog else None)
    except Exception:
        turn_release(schema_name=schema_name, message_id=message_id)
        if raising:
            raise
        logger.warning("whatsapp turn of message %s not published (the broker refused); the sweeper will",
                       message_id, exc_info=True)
        return False
    return True


# ---------------------------------------------------------------------------------------------------- receipts


def status_record(*, item: StatusItem) -> DeliveryEvent:
    """Log one receipt (once per wamid, status and time) and move its delivery forward if it is newer. A receipt for
    a wamid not yet recorded stays unapplied until the sender records that wamid (`_apply_waiting_events`)."""
    event, created = DeliveryEvent.objects.get_or_create(
        wamid=item.wamid, status=item.status, occurred_at=item.at,
        defaults={"errors": item.errors, "raw": item.raw},
    )
    if not created:
        return event
    delivery = Delivery.objects.select_for_update().filter(wamid=item.wamid).first()
    if delivery is None and item.callback_data:
        delivery = _receipt_settles(item=item)
    if delivery is not None:
        _apply_event(delivery=delivery, event=event)
    return event


def _receipt_settles(*, item: StatusItem) -> Delivery | None:
    """A receipt for a wamid we never recorded, naming one of our deliveries (its callback data): the send whose
    answer was lost (a timeout, a worker killed mid-call) did reach Meta. A delivery still waiting to be sent again
    takes this wamid and is sent — no second send. One sent meanwhile under another wamid was sent twice: marked
    possibly duplicated (staff are told)."""
    delivery = _delivery_of_callback(item.callback_data)
    if delivery is None or item.status not in (Delivery.Status.SENT, Delivery.Status.DELIVERED, Delivery.Status.READ):
        return None
    if can_proceed(delivery.accept) and not delivery.wamid:
        delivery.accept(wamid=item.wamid)
        delivery.save()
        message_set_channel_id(message_id=delivery.message_id, channel_message_id=item.wamid)
        message_receipt_announce(message_id=delivery.message_id)
        logger.info("whatsapp delivery %s settled by Meta's receipt (its own answer was lost)", delivery.pk)
        return delivery
    if delivery.wamid and delivery.wamid != item.wamid and not delivery.possibly_duplicated:
        delivery.possibly_duplicated = True
        delivery.save(update_fields=["possibly_duplicated", "updated_at"])
        _possible_duplicate_notice_on_commit(delivery_id=delivery.pk)
    return None


def _apply_event(*, delivery: Delivery, event: DeliveryEvent) -> None:
    error = event.errors[0] if event.errors else {}
    transitions: dict[str, tuple[Callable[..., None], dict[str, Any]]] = {
        Delivery.Status.DELIVERED: (delivery.receipt_delivered, {"at": event.occurred_at}),
        Delivery.Status.READ: (delivery.receipt_read, {"at": event.occurred_at}),
        Delivery.Status.FAILED: (delivery.receipt_failed, {
            "at": event.occurred_at, "code": error.get("code"),
            "title": error.get("title") or error.get("message") or "failed"}),
    }
    applied = False
    if event.status == Delivery.Status.SENT:  # Meta's words for a receipt are our delivery statuses
        applied = delivery.status == Delivery.Status.SENT  # confirms what the API answer already said
    elif event.status in transitions:
        method, kwargs = transitions[event.status]
        if can_proceed(method):
            method(**kwargs)
            delivery.save()
            applied = True
            if event.status == Delivery.Status.FAILED:  # Meta could not deliver what it had accepted: a person must know
                delivery_escalate_on_commit(delivery_id=delivery.pk)
            message_receipt_announce(message_id=delivery.message_id)  # the open chat shows it
    event.delivery, event.applied = delivery, applied
    event.save(update_fields=["delivery", "applied"])


def _apply_waiting_events(*, delivery: Delivery) -> None:
    quote = connection.ops.quote_name  # every send asks: a statement whose text is built once (`rows_of`)
    for event in rows_of(DeliveryEvent, f"{quote('wamid')} = %s AND {quote('delivery_id')} IS NULL",
                         [delivery.wamid], tail=f"ORDER BY {quote('occurred_at')}, {quote('id')}"):
        _apply_event(delivery=delivery, event=event)


# ---------------------------------------------------------------------------------------------------- delivery


@dataclass(frozen=True)
class SendOutcome:
    state: str  # "done" (sent, failed or nothing to do), "busy" (another worker is sending), "retry"
    retry_in: float = 0.0
    rate_limited: bool = False


DONE, BUSY, RETRY = "done", "busy", "retry"
FINISHED = {Delivery.Status.SENT, Delivery.Status.DELIVERED, Delivery.Status.READ, Delivery.Status.FAILED}


# The statements every send makes, their SQL built once (per process, or per connection for the compiled reads):
# building them through the ORM was most of a send's CPU, many times what PostgreSQL spends answering them.
_CUSTOMER_SENTINEL = SENTINEL_ID - 1


def _channel_for(message: Message) -> WhatsAppChannel | None:
    """The number the customer last wrote to, if it still belongs to this organisation; else its first number. One
    statement: the organisation's numbers, the routed one first."""
    found = compiled_read("whatsapp_send_channel", _channel_queryset,
                          {"organisation": tenancy_current().pk, "customer": message.conversation.customer_id})
    return found[0] if found else None  # type: ignore[return-value]  # the queryset's model: WhatsAppChannel


def _channel_queryset():
    routed = CustomerRoute.objects.filter(customer_id=_CUSTOMER_SENTINEL, phone_number_id=OuterRef("phone_number_id"))
    queryset = (WhatsAppChannel.objects.filter(organisation_id=SENTINEL_ID)
                .order_by(Exists(routed).desc(), "pk")[:1])
    return queryset, {SENTINEL_ID: "organisation", _CUSTOMER_SENTINEL: "customer"}


def _reply_read(message_id: int) -> Message:
    """The reply with its conversation and customer (Message.DoesNotExist if there is none)."""
    found = compiled_read("whatsapp_send_reply", _reply_queryset, {"message": message_id})
    if not found:
        raise Message.DoesNotExist(f"no message {message_id}")
    return found[0]  # type: ignore[return-value]  # the queryset's model: Message


def _reply_queryset():
    return (Message.objects.select_related("conversation__customer").filter(pk=SENTINEL_ID)[:1],
            {SENTINEL_ID: "message"})


def _delivery_lock(*, message_id: int) -> Delivery:
    """The reply's Delivery, created on first sight, locked: one INSERT … ON CONFLICT DO NOTHING RETURNING the row
    (the first send of every reply: inserted by this transaction, so locked), and only when it existed already the
    locking read."""
    created = insert_returning(Delivery(message_id=message_id))
    if created is not None:
        return created  # type: ignore[return-value]  # the model given: Delivery
    return rows_of(Delivery, f"{connection.ops.quote_name('message_id')} = %s", [message_id], tail="FOR UPDATE")[0]


def _delivery_save(delivery: Delivery, *, status_as_read: str) -> None:
    """`delivery.save()` — every field, guarded by the status it was read with as ConcurrentTransitionMixin guards
    it (ConcurrentTransition if it moved) — in a statement whose text is built once: every send saves its delivery
    twice (claimed, then Meta's answer)."""
    sql, params = update_sql(delivery, guard="status", as_read=status_as_read)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        if cursor.rowcount != 1:
            raise ConcurrentTransition(f"the delivery {delivery.pk} moved from {status_as_read} meanwhile")
    delivery._update_initial_state()  # django-fsm: what a save() does after its UPDATE


def _delivery_locked(delivery_id: int) -> Delivery:
    return rows_of(Delivery, f"{connection.ops.quote_name('id')} = %s", [delivery_id], tail="FOR UPDATE")[0]


def _counted(delivery: Delivery) -> int:
    """The attempts that count against WHATSAPP_SEND_MAX_ATTEMPTS: Meta's throttling (429) does not."""
    return sum(1 for attempt in delivery.attempts if not attempt.get("throttled"))


def _attempt_append(delivery: Delivery, attempt: dict[str, Any]) -> None:
    """Record an attempt; consecutive throttled answers are one entry with their count (a storm of hours must not
    grow the row by one entry per probe)."""
    last = delivery.attempts[-1] if delivery.attempts else None
    if attempt.get("throttled") and last and last.get("throttled"):
        delivery.attempts = [*delivery.attempts[:-1], {**last, "times": int(last.get("times", 1)) + 1,
                                                       "last_at": attempt["at"]}]
    else:
        delivery.attempts = [*delivery.attempts, attempt]


def _backoff(attempts: int) -> float:
    return min(300.0, float(conf.setting("WHATSAPP_RETRY_BACKOFF_SECONDS")) * 2 ** max(0, attempts - 1))


def _unknown_outcomes(delivery: Delivery) -> int:
    return sum(1 for attempt in delivery.attempts if attempt.get("unknown"))


def _resending_unknown(delivery: Delivery) -> bool:
    """This attempt follows one whose outcome is unknown (and no receipt settled it): a possible duplicate."""
    return bool(delivery.attempts) and bool(delivery.attempts[-1].get("unknown")) and not delivery.possibly_duplicated


def delivery_callback_data(delivery_id: int) -> str:
    """What a send carries as `biz_opaque_callback_data`; Meta echoes it in the send's status webhooks, so a receipt
    names its delivery even when the send's own answer was lost."""
    return f"magie-delivery:{delivery_id}"


def _delivery_of_callback(callback_data: str) -> Delivery | None:
    prefix, _, number = callback_data.partition(":")
    if prefix != "magie-delivery" or not number.isdigit():
        return None
    return Delivery.objects.select_for_update().filter(pk=int(number)).first()


@traced("whatsapp.send", lambda kw: {"message_id": kw["message_id"]})
def delivery_send(*, message_id: int, reply: Message | None = None,
                  channel: WhatsAppChannel | None = None) -> SendOutcome:
    """Send one outbound message through the Cloud API: at most once when every answer is clear, at most twice
    when one is not. `reply`: the message `message_id` as the turn that stored it holds it, with its conversation
    and customer (the turn read them; its transaction has committed), so it is not read again; None (a task, the
    sweeper): read here.

    1. Locks the Delivery row (created on first sight). Finished (sent and beyond, or failed) → done. `sending`
       claimed less than WHATSAPP_SENDING_STALE_SECONDS ago (the lease) → busy: another worker has it; the task
       looks again when the lease ends. A `sending` past its lease was left by a worker that died mid-call: its
       outcome is unknown, recorded as such.
    2. After an unknown outcome (that, or a timeout once the request was sent) the message is sent again at most
       WHATSAPP_UNKNOWN_OUTCOME_RETRIES times, and the delivery is marked `possibly_duplicated` (Meta may have
       accepted both); one unknown outcome more fails it.
    3. Validates the message (OutboundInvalid → failed), takes a slot of the number's rate (none → retry when one
       frees; no HTTP call), moves to `sending` and COMMITS before calling Meta.
    4. Records the attempt. 2xx → sent, the wamid replaces the message's local id (swipe-replies resolve) and any
       receipt that arrived first is applied. A 429 (Meta's throttling) pauses the number for every worker
       (`sender.rate_throttled`) and the reply waits for the pause's end, for up to WHATSAPP_THROTTLE_BUDGET_SECONDS
       (past the customer's window it goes as the template); it does not count as an attempt. 5xx, a refused
       connection → pending again and retry with exponential backoff, until WHATSAPP_SEND_MAX_ATTEMPTS; other 4xx →
       failed. A delivery that ends failed opens a notice in the organisation's staff inbox with the reason (the bot
       goes on answering the customer).

    WHATSAPP_GRAPH_URL empty → the integration is off: the delivery is marked sent with a local wamid and a log
    line, nothing leaves the machine.

    The first send of a reply its turn hands over (`reply`) is claimed without a transaction when nothing about it
    needs one (`_first_claim`): the steps above in two statements — one when the inbound task that stored the
    customer's message hands over the `channel` it came to (the customer's route, just written), not read again.
    """
    first = _first_claim(reply, channel) if reply is not None and reply.pk == message_id else None
    if reply is not None and first is not None:
        delivery, body, access_token = first
        started = timezone.now()
        result = sender.graph_send(phone_number_id=delivery.phone_number_id, access_token=access_token, body=body)
        return _delivery_record(delivery_id=delivery.pk, result=result, started=started,
                                conversation_id=reply.conversation_id, claimed=delivery)
    with transaction.atomic():
        # (one whose window looks closed is read again: a message stored during the turn may have opened it)
        held = reply if reply is not None and reply.pk == message_id and _window_open(reply.conversation) else None
        message = held or _reply_read(message_id)
        if message.direction != Message.Direction.OUTBOUND or message.channel != Message.Channel.WHATSAPP:
            logger.warning("whatsapp.deliver called for message %s, which is not a WhatsApp reply", message_id)
            return SendOutcome(DONE)
        delivery = _delivery_lock(message_id=message.pk)
        if delivery.status in FINISHED:
            return SendOutcome(DONE)
        lease = timedelta(seconds=int(conf.setting("WHATSAPP_SENDING_STALE_SECONDS")))
        if delivery.status == Delivery.Status.SENDING and delivery.claimed_at:
            if delivery.claimed_at > timezone.now() - lease:
                remaining = (delivery.claimed_at + lease - timezone.now()).total_seconds()
                return SendOutcome(BUSY, retry_in=max(1.0, remaining + 1.0))
            delivery.attempts = [*delivery.attempts, {
                "at": delivery.claimed_at.isoformat(), "status_code": None, "unknown": True, "wamid": "",
                "error": "the worker sending it stopped before recording Meta's answer", "error_code": None}]
            logger.warning("whatsapp delivery %s was left in sending by a dead worker: outcome unknown",
                           delivery.pk)
            if _unknown_outcomes(delivery) > int(conf.setting("WHATSAPP_UNKNOWN_OUTCOME_RETRIES")):
                _delivery_fail(delivery=delivery, code=None, title="outcome unknown twice (not sent again)")
                return SendOutcome(DONE)
        if _resending_unknown(delivery):
            # Meta's receipts (matched by the send's callback data, `status_record`) had the lease, or the wait
            # after the timeout, to show the first send arrived; none did, so it is sent again — and the customer
            # may read it twice: staff are told.
            delivery.possibly_duplicated = True
            _possible_duplicate_notice_on_commit(delivery_id=delivery.pk)
        channel = _channel_for(message)
        if channel is None:
            _delivery_fail(delivery=delivery, code=None, title="this organisation has no WhatsApp channel")
            logger.error("whatsapp delivery of message %s failed: no channel", message_id)
            return SendOutcome(DONE)
        conversation = message.conversation
        window_open = _window_open(conversation)
        language = conversation.language or tenancy_current().language  # the customer's, once detected
        try:
            body = sender.outbound_payload(
                **_recipient(conversation.customer, after_refusal=_phone_refused(delivery)),
                text=message_text_for_customer(message=message), buttons=message.buttons,
                as_list=message.kind == Message.Kind.LIST, template=not window_open, language=language,
                reply_to=message.reply_to, callback_data=delivery_callback_data(delivery.pk),
            )
        except OutboundInvalid as error:
            _delivery_fail(delivery=delivery, code=None, title=f"{error.code}: {error.message}")
            logger.error("whatsapp delivery of message %s refused: %s %s", message_id, error.message, error.extra)
            return SendOutcome(DONE)
        delivery.phone_number_id = channel.phone_number_id
        if not conf.setting("WHATSAPP_GRAPH_URL"):
            wamid = sender.simulated_wamid()
            delivery.accept(wamid=wamid)
            delivery.save()
            message_set_channel_id(message_id=message.pk, channel_message_id=wamid)
            message_receipt_announce(message_id=message.pk, conversation_id=message.conversation_id)
            logger.info("whatsapp integration off (WHATSAPP_GRAPH_URL empty): message %s marked sent as %s",
                        message_id, delivery.wamid)
            return SendOutcome(DONE)
        wait = sender.rate_acquire(phone_number_id=channel.phone_number_id)
        if wait > 0:
            if delivery.status == Delivery.Status.SENDING:  # a stale claim: pending again, its attempt recorded
                delivery.release()
            delivery.due_at = timezone.now() + timedelta(seconds=wait)
            delivery.save()
            return SendOutcome(RETRY, retry_in=wait, rate_limited=True)
        status_as_read = delivery.status
        delivery.claim()
        _delivery_save(delivery, status_as_read=status_as_read)
        access_token = channel.access_token.reveal()
    started = timezone.now()
    result = sender.graph_send(phone_number_id=delivery.phone_number_id, access_token=access_token, body=body)
    return _delivery_record(delivery_id=delivery.pk, result=result, started=started,
                            conversation_id=message.conversation_id, claimed=delivery)


def _first_claim(reply: Message, channel: WhatsAppChannel | None) -> tuple[Delivery, dict[str, Any], str] | None:
    """The first send of a reply its turn just stored, claimed in two statements and no transaction: the number it
    goes from (`_channel_for`, unless the caller holds it: `channel`, the organisation's number the customer just
    wrote to), then — once the number's pace granted a slot — its Delivery inserted already
    claimed (`sending`, committed before Meta is called, as the locking way commits its claim). What is sent, and
    the access token. None, with nothing written and no slot taken, whenever the case is not that plain — the
    integration off, no channel, a window that looks closed, a message the limits refuse, the pace says wait — and
    None too when the Delivery exists already (another worker or a sweeper made it; the slot taken is then spent):
    the locking way of `delivery_send` decides those."""
    if (not conf.setting("WHATSAPP_GRAPH_URL") or reply.direction != Message.Direction.OUTBOUND
            or reply.channel != Message.Channel.WHATSAPP or not _window_open(reply.conversation)):
        return None
    channel = channel or _channel_for(reply)
    if channel is None:
        return None
    conversation = reply.conversation
    recipient = _recipient(conversation.customer, after_refusal=False)
    language = conversation.language or tenancy_current().language
    text = message_text_for_customer(message=reply)

    def payload(delivery_id: int) -> dict[str, Any]:
        return sender.outbound_payload(
            **recipient, text=text, buttons=reply.buttons, as_list=reply.kind == Message.Kind.LIST, template=False,
            language=language, reply_to=reply.reply_to, callback_data=delivery_callback_data(delivery_id))

    try:
        payload(0)  # refused by the limits: the locking way records the failure
    except OutboundInvalid:
        return None
    if sender.rate_acquire(phone_number_id=channel.phone_number_id) > 0:
        return None
    delivery = Delivery(message_id=reply.pk, phone_number_id=channel.phone_number_id)
    delivery.claim()
    insert, params = insert_sql(Delivery, [delivery], returning=False)
    with connection.cursor() as cursor:  # the row is what this instance says: only its id is read back
        cursor.execute(f"{insert} ON CONFLICT DO NOTHING RETURNING {connection.ops.quote_name('id')}", params)
        row = cursor.fetchone()
    if row is None:
        return None
    saved(delivery, row[0])
    delivery._update_initial_state()  # django-fsm: as read from the database, `sending`
    return delivery, payload(delivery.pk), channel.access_token.reveal()


def _window_open(conversation) -> bool:
    """The customer wrote in the last 24 hours: a free-form reply may go (else the template)."""
    return bool(conversation.last_inbound_at and conversation.last_inbound_at > timezone.now() - timedelta(hours=24))


# Meta's codes for "this phone number cannot be reached" (then a known business-scoped user id is tried once).
PHONE_UNREACHABLE_CODES = {131026, 131030, 131049}


def _phone_refused(delivery: Delivery) -> bool:
    return any(attempt.get("to") == "phone" and attempt.get("error_code") in PHONE_UNREACHABLE_CODES
               for attempt in delivery.attempts)


def _recipient(customer, *, after_refusal: bool) -> dict[str, str]:
    """Whom the send-message call addresses: the wa_id (`to`) when the customer has one, else — or once Meta has
    refused that number — their business-scoped user id (`recipient`), for customers who use a username."""
    wa_id = customer.channel_user_id if customer.channel_user_id.isdigit() else customer.phone.lstrip("+")
    if wa_id.isdigit() and not (after_refusal and customer.whatsapp_user_id):
        return {"to": wa_id}
    return {"to": "", "user_id": customer.whatsapp_user_id or customer.channel_user_id}


def _delivery_fail(*, delivery: Delivery, code: int | None, title: str) -> None:
    """Finally failed (the row is locked by the caller): recorded, and a person is told in the staff inbox."""
    delivery.refuse(code=code, title=title)
    delivery.save()
    delivery_escalate_on_commit(delivery_id=delivery.pk)
    message_receipt_announce(message_id=delivery.message_id)


def delivery_escalate(*, delivery_id: int, schema_name: str) -> None:
    """Open (or add to) the conversation's item in the staff inbox: this reply did not reach the customer."""
    delivery_notice(delivery_id=delivery_id, schema_name=schema_name, reason="delivery_failed")


def delivery_notice(*, delivery_id: int, schema_name: str, reason: str) -> None:
    """Open (or add to) the conversation's item in the staff inbox about this reply: it did not reach the customer
    ("delivery_failed"), or it may have reached them twice ("delivery_possibly_duplicated"). A notice: the bot
    goes on answering (`inbox.models.NOTICE_REASONS`)."""
    from inbox.services import escalation_open  # inbox imports conversations; the channel reports into it

    with schema_context(schema_name):
        delivery = Delivery.objects.select_related("message").get(pk=delivery_id)
        message = delivery.message
        escalation_open(conversation_id=message.conversation_id, ask_id=None, guard=reason,
                        evidence={"delivery_id": delivery.pk, "message_id": message.pk,
                                                 "error_code": delivery.error_code, "error": delivery.error_title,
                                                 "attempts": len(delivery.attempts)},
                        drafts=[message.text])
        logger.error("whatsapp delivery %s: %s (%s); the staff inbox was told", delivery_id, reason,
                     delivery.error_title)


def _delivery_record(*, delivery_id: int, result: sender.GraphResult, started,
                     conversation_id: int | None = None, claimed: Delivery | None = None) -> SendOutcome:
    """Record Meta's answer to the send. `claimed`: the delivery as this worker claimed it (its row as written by the
    claim): a clear 2xx is then recorded without reading the row again, unless it moved meanwhile."""
    attempt = {
        "at": started.isoformat(), "status_code": result.status_code, "error": result.error,
        "error_code": result.error_code, "wamid": result.wamid, "unknown": result.unknown, "to": result.to,
        **({"throttled": True} if result.throttled else {}),
    }
    if claimed is not None and result.ok and _sent_as_claimed(claimed, attempt=attempt, wamid=result.wamid,
                                                              conversation_id=conversation_id):
        return SendOutcome(DONE)
    with transaction.atomic():
        delivery = _delivery_locked(delivery_id)
        status_as_read = delivery.status
        _attempt_append(delivery, attempt)
        outcome = SendOutcome(DONE)
        if result.ok:
            if can_proceed(delivery.accept):
                delivery.accept(wamid=result.wamid)
                _delivery_save(delivery, status_as_read=status_as_read)
                message_set_channel_id(message_id=delivery.message_id, channel_message_id=result.wamid)
                message_receipt_announce(message_id=delivery.message_id, conversation_id=conversation_id)
                _apply_waiting_events(delivery=delivery)
                return outcome
            logger.warning("whatsapp delivery %s answered after it was finished (%s)", delivery_id, delivery.status)
        elif result.unknown and can_proceed(delivery.release):  # the request left; Meta may have accepted it
            if _unknown_outcomes(delivery) > int(conf.setting("WHATSAPP_UNKNOWN_OUTCOME_RETRIES")):
                _delivery_fail(delivery=delivery, code=None, title=f"outcome unknown twice: {result.error}")
                return outcome
            delivery.release()
            # Not again at once: Meta's receipt of the first send (its callback data names this delivery) may come
            # meanwhile and settle it (`status_record`); the next attempt sends again only if none did.
            outcome = SendOutcome(RETRY, retry_in=float(conf.setting("WHATSAPP_UNKNOWN_OUTCOME_WAIT_SECONDS")))
        elif _phone_refused(delivery) and result.to == "phone" and _user_id_known(delivery):
            delivery.release()  # the number is unreachable; the business-scoped user id is tried next
            outcome = SendOutcome(RETRY, retry_in=0.0)
        elif result.throttled and _within_throttle_budget(delivery):
            # Meta's pace, not this reply's fault: the number pauses for every worker, and this reply waits for the
            # pause's end (sent as the template once the customer's 24-hour window has closed).
            if can_proceed(delivery.release):
                delivery.release()
            pause = sender.rate_throttled(phone_number_id=delivery.phone_number_id)
            outcome = SendOutcome(RETRY, retry_in=pause + random.uniform(0, pause / 2), rate_limited=True)
        elif result.retryable and not result.throttled and (
                _counted(delivery) < int(conf.setting("WHATSAPP_SEND_MAX_ATTEMPTS"))):
            if can_proceed(delivery.release):
                delivery.release()
            outcome = SendOutcome(RETRY, retry_in=_backoff(_counted(delivery)))
        elif can_proceed(delivery.refuse):
            logger.error("whatsapp delivery %s failed after %s attempts: %s", delivery_id, len(delivery.attempts),
                         result.error)
            _delivery_fail(delivery=delivery, code=result.error_code or result.status_code,
                           title=result.error or "failed")
            return outcome
        if outcome.state == RETRY:
            delivery.due_at = timezone.now() + timedelta(seconds=outcome.retry_in)
        delivery.save()
        return outcome


def _sent_as_claimed(delivery: Delivery, *, attempt: dict[str, Any], wamid: str,
                     conversation_id: int | None) -> bool:
    """The common case — Meta accepted the send this worker claimed — in one statement, without reading the row
    again: the delivery accepted by an UPDATE guarded by the claim as it was made (still `sending`, claimed at that
    very time: no sweeper took a stale claim over, no receipt settled it meanwhile), the reply's channel id set and
    its pages told (a `pg_notify` sent with the commit), whether receipts arrived first for that wamid read — all in
    one statement (data-modifying WITHs), a transaction of its own. Receipts that arrived first (rare: Meta's
    webhook before its own answer) are then applied as the locking way does. False, nothing written, when the row
    moved: the caller then records the answer on the row as it is now (`_delivery_record`'s locking way)."""
    claimed_at = delivery.claimed_at
    if delivery.status != Delivery.Status.SENDING or claimed_at is None:
        return False
    _attempt_append(delivery, attempt)
    delivery.accept(wamid=wamid)
    update, params = update_sql(delivery, guard="status", as_read=Delivery.Status.SENDING)
    notify_params: list[str] = []
    if conversation_id is None:
        notify = "NULL"
    else:
        notify, notify_params = message_receipt_notify_expression(message_id=delivery.message_id,
                                                                  conversation_id=conversation_id)
    with connection.cursor() as cursor:
        cursor.execute(_sent_sql(update, notify), [*params, claimed_at, wamid, wamid, *notify_params])
        row = cursor.fetchone()
    if row is None:
        return False  # it moved: nothing written; the caller reads the row afresh
    delivery._update_initial_state()  # django-fsm: what a save() does after its UPDATE
    if conversation_id is None:
        message_receipt_announce(message_id=delivery.message_id)
    if row[0]:  # receipts of this wamid arrived before Meta's answer: applied now, on the row locked
        with transaction.atomic():
            _apply_waiting_events(delivery=_delivery_locked(delivery.pk))
    return True


@cache
def _sent_sql(update: str, notify: str) -> str:
    """The delivery's guarded UPDATE (its claim's time too), the reply's channel id, the receipts waiting for the
    wamid, the pages' notification: one row if the delivery was updated (whether receipts wait), none if it moved.
    Parameters: the UPDATE's, the claim's time, the wamid twice, the notification's."""
    quote = connection.ops.quote_name
    message, event = quote(Message._meta.db_table), quote(DeliveryEvent._meta.db_table)
    return (f"WITH accepted AS ({update} AND {quote('claimed_at')} = %s RETURNING {quote('message_id')}), "
            f"renamed AS (UPDATE {message} SET {quote('channel_message_id')} = %s "
            f"WHERE {quote('id')} IN (SELECT {quote('message_id')} FROM accepted)) "
            f"SELECT EXISTS (SELECT 1 FROM {event} WHERE {quote('wamid')} = %s AND {quote('delivery_id')} IS NULL), "
            f"{notify} FROM accepted")


def _within_throttle_budget(delivery: Delivery) -> bool:
    budget = timedelta(seconds=float(conf.setting("WHATSAPP_THROTTLE_BUDGET_SECONDS")))
    return delivery.created_at > timezone.now() - budget


def _user_id_known(delivery: Delivery) -> bool:
    return bool(Message.objects.filter(pk=delivery.message_id).values_list(
        "conversation__customer__whatsapp_user_id", flat=True).first())


def outbound_sweep(*, limit_per_organisation: int = 500) -> dict[str, int]:
    """Publish the delivery task of every reply whose task is presumed lost, in every organisation, oldest first,
    at most `limit_per_organisation` each; how many per organisation. Safe to repeat (`delivery_send` locks the row
    and sends at most once when answers are clear). Three cases:

    - an outbound WhatsApp message of the last WHATSAPP_OUTBOX_HORIZON_HOURS older than the grace with no Delivery
      row: its hand-off never reached a worker (the broker lost it, or refused it after the commit) — the row is
      created here, pending;
    - a pending delivery whose `due_at` (its retry's countdown, or an earlier sweep's lease) passed more than the
      grace ago: its retry was lost;
    - `sending` past its lease: its worker died mid-call (`delivery_send` records the unknown outcome).

    Each one published gets a lease (`due_at` = now + the grace), so what is merely queued behind a burst is not
    published again by the next sweep; a publish the broker refuses ends the organisation's batch (the next sweep
    tries again)."""
    grace = timedelta(seconds=int(conf.setting("WHATSAPP_OUTBOX_SWEEP_AFTER_SECONDS")))
    lease = timedelta(seconds=int(conf.setting("WHATSAPP_SENDING_STALE_SECONDS")))
    horizon = timedelta(hours=int(conf.setting("WHATSAPP_OUTBOX_HORIZON_HOURS")))
    queued: dict[str, int] = {}
    for organisation in Organisation.objects.exclude(schema_name=get_public_schema_name()):
        with tenant_context(organisation):
            ids = _outbox_claim(now=timezone.now(), grace=grace, lease=lease, horizon=horizon,
                                limit=limit_per_organisation)
            published = 0
            for message_id in ids:
                try:
                    task_queue("whatsapp.deliver", schema_name=organisation.schema_name, args=(message_id,))
                except Exception:  # noqa: BLE001 — the broker is down: the leases lapse, the next sweep publishes
                    logger.warning("whatsapp outbound sweeper: the broker refused; %s of %s published for %s",
                                   published, len(ids), organisation.schema_name)
                    break
                published += 1
        if published:
            queued[organisation.schema_name] = published
            logger.warning("whatsapp outbound sweeper published %s lost deliveries of %s", published,
                           organisation.schema_name)
    return queued


@transaction.atomic
def _outbox_claim(*, now, grace: timedelta, lease: timedelta, horizon: timedelta, limit: int) -> list[int]:
    """The message ids of the organisation's lost deliveries (see `outbound_sweep`), oldest first, each given the
    lease of a sweep (`due_at`); rows other workers hold are skipped."""
    claimed_until = now + grace
    without = list(Message.objects.filter(
        direction=Message.Direction.OUTBOUND, channel=Message.Channel.WHATSAPP,
        created_at__gt=now - horizon, created_at__lt=now - grace,
    ).filter(delivery__isnull=True).order_by("created_at", "pk").values_list("pk", flat=True)[:limit])
    if without:
        Delivery.objects.bulk_create([Delivery(message_id=message_id, due_at=claimed_until) for message_id in without],
                                     ignore_conflicts=True)  # a worker that just created one keeps its own
    lost = list(Delivery.objects.select_for_update(skip_locked=True).filter(
        status=Delivery.Status.PENDING, due_at__lt=now - grace).exclude(message_id__in=without)
        .order_by("due_at", "pk").values_list("pk", "message_id")[:max(0, limit - len(without))])
    stuck = list(Delivery.objects.select_for_update(skip_locked=True).filter(
        status=Delivery.Status.SENDING, claimed_at__lt=now - lease)
        .order_by("claimed_at", "pk").values_list("pk", "message_id")[:max(0, limit - len(without) - len(lost))])
    Delivery.objects.filter(pk__in=[pk for pk, _ in lost]).update(due_at=claimed_until)
    return [*without, *(message_id for _, message_id in lost), *(message_id for _, message_id in stuck)]


# ---------------------------------------------------------------------------------------------------- sweeper


def inbound_sweep(*, older_than_seconds: int | None = None, limit_per_organisation: int = 500) -> dict[str, int]:
    """Admit and queue the turns of WhatsApp inbound messages stored more than `older_than_seconds` ago whose turn
    never finished (`handled_at` null) and that hold no lease (their task was lost, or they waited for room), in
    every organisation, oldest first, as many as the organisation has room for (`whatsapp.admission`) and
    `limit_per_organisation` at most. What is queued or running already is left alone."""
    from whatsapp.admission import turns_admit_waiting

    seconds = int(older_than_seconds if older_than_seconds is not None
                  else conf.setting("WHATSAPP_SWEEP_AFTER_SECONDS"))
    cutoff = timezone.now() - timedelta(seconds=seconds)
    queued: dict[str, int] = {}
    for organisation in Organisation.objects.exclude(schema_name=get_public_schema_name()):
        with tenant_context(organisation):
            published = turns_admit_waiting(schema_name=organisation.schema_name, slots=limit_per_organisation,
                                            created_before=cutoff)
        if published:
            queued[organisation.schema_name] = published
            logger.info("whatsapp sweeper queued %s unhandled messages of %s", published, organisation.schema_name)
    return queued


def turn_ended(*, schema_name: str, message_id: int) -> int:
    """A turn task ended (done or given up): its lease ends, and as many of the organisation's waiting messages as
    there is room for are admitted, oldest first; how many."""
    from whatsapp.admission import turn_release, turns_admit_waiting

    slots = turn_release(schema_name=schema_name, message_id=message_id)
    if not slots:
        return 0
    with schema_context(schema_name):
        return turns_admit_waiting(schema_name=schema_name, slots=slots)


def raw_inbound_sweep(*, older_than_seconds: int | None = None, limit: int = 500) -> int:
    """Publish again every raw body acknowledged more than `older_than_seconds` ago, never processed, whose last
    publish's lease has lapsed (`_inbound_lease_lapsed`), oldest first, `limit` at most, and stop at the first
    publish the broker refuses; forget processed bodies older than the retention. How many were published. Safe to
    repeat: processing is idempotent."""
    seconds = int(older_than_seconds if older_than_seconds is not None
                  else conf.setting("WHATSAPP_INBOUND_SWEEP_AFTER_SECONDS"))
    now = timezone.now()
    grace = timedelta(seconds=seconds)
    with schema_context(get_public_schema_name()):
        waiting = InboundBody.objects.filter(processed_at__isnull=True, received_at__lt=now - grace)
        ids = list(_inbound_lease_lapsed(waiting, now=now, grace=grace).order_by("pk")
                   .values_list("pk", flat=True)[:limit])
        published = 0
        for inbound_id in ids:
            if not inbound_publish(inbound_id=inbound_id):
                break  # the broker is down: the next sweep tries again
            published += 1
        # leased: published again, they are not published once more by the next sweeps while they wait in a queue
        InboundBody.objects.filter(pk__in=ids[:published]).update(republished_at=now)
        if published:
            logger.warning("whatsapp inbound sweeper published %s bodies never processed", published)
        retention = timedelta(days=int(conf.setting("WHATSAPP_INBOUND_RETENTION_DAYS")))
        InboundBody.objects.filter(processed_at__lt=now - retention).delete()
    return published


def _inbound_lease_lapsed(waiting: QuerySet[InboundBody], *, now, grace: timedelta) -> QuerySet[InboundBody]:
    """The bodies of `waiting` whose last publish — the webhook's (at `received_at`) or the sweeper's
    (`republished_at`) — may have been lost. Every publish is a lease: the bodies' tasks are served in the order
    they were published (one queue, one priority), so while the worker keeps processing bodies published before
    it, a body's task is still queued behind a backlog, however long it has waited, and is not published again.
    The lease lapses when:

    - the worker has moved past it: a body received after that publish was processed `grace` ago or more (the
      grace covers two worker children taking neighbours a little out of order) — its task was lost, or its
      processing failed (retried up to INBOUND_MAX_ATTEMPTS);
    - the worker processed no body in the last `grace` (the queue does not move: the broker lost it, or no worker
      consumes) — the webhook's publish then lapses at once; the sweeper's after four times the grace, and at
      least as long as the body had waited when it was published (the lease doubles with each one), so a body
      nobody consumes is not published at every sweep.

    Two reads of the `processed_at` index, whatever the backlog."""
    cutoff = now - grace
    processed = InboundBody.objects.filter(processed_at__isnull=False)
    # how far the queue had come by the cutoff: the newest body among those processed in the grace before it
    reached = processed.filter(processed_at__gt=cutoff - grace, processed_at__lte=cutoff).aggregate(
        reached=Max("received_at"))["reached"]
    waiting = waiting.alias(
        published=Coalesce(F("republished_at"), F("received_at")),
        waited=ExpressionWrapper(F("republished_at") - F("received_at"), output_field=DurationField()),
        since=ExpressionWrapper(Value(now) - F("republished_at"), output_field=DurationField()))
    lapsed = Q(pk__in=[]) if reached is None else Q(published__lt=reached)
    if not processed.filter(processed_at__gt=cutoff).exists():  # nothing moves
        lease = now - max(grace, timedelta(seconds=1)) * 4
        lapsed |= Q(republished_at__isnull=True) | Q(republished_at__lt=lease, since__gt=F("waited"))
    return waiting.filter(lapsed)
