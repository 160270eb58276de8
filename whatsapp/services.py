"""Writes of the WhatsApp channel: the webhook (verify, route, store, queue), receipts, outbound delivery, sweeper.

The webhook arrives on the platform host (public schema). Every organisation named in the body is entered with
`tenant_context` OUTSIDE its transaction (STACK pitfall 10), its messages and receipts are stored in one
transaction, and the agent's turns are queued by name after that commit.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
from dataclasses import dataclass
from datetime import timedelta
from functools import partial

from django.db import transaction
from django.utils import timezone
from django_fsm import can_proceed
from django_tenants.utils import get_public_schema_name, tenant_context

from conversations.models import Message
from conversations.rendering import message_text_for_customer
from conversations.services import message_mark_handled, message_set_channel_id, message_store_inbound
from magie.queueing import task_queue
from magie.tenancy import tenancy_current
from magie.errors import NotFound
from tenants.models import Organisation, WhatsAppChannel
from tenants.selectors import whatsapp_channel_by_phone_number_id
from whatsapp import conf, sender
from whatsapp.errors import (
    BodyTooLarge,
    HandshakeRefused,
    OutboundInvalid,
    SignatureInvalid,
    UnknownPhoneNumber,
)
from whatsapp.models import CustomerRoute, Delivery, DeliveryEvent
from whatsapp.payloads import InboundItem, StatusItem, body_json, parse, phone_number_ids
from whatsapp.signals import turn_queued

logger = logging.getLogger(__name__)

TURN_TASK = "agent.turn"


# ---------------------------------------------------------------------------------------------------- webhook


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
    """`X-Hub-Signature-256: sha256=<hex>` is HMAC-SHA256(app secret, the body exactly as received)."""
    if not header.startswith("sha256="):
        return False
    expected = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, header.removeprefix("sha256=").strip().lower())


@dataclass
class WebhookOutcome:
    stored: int = 0
    duplicates: int = 0
    statuses: int = 0
    turns: int = 0  # turns queued (after commit)

    def as_dict(self) -> dict[str, int]:
        return {"stored": self.stored, "duplicates": self.duplicates, "statuses": self.statuses, "turns": self.turns}


def webhook_receive(*, body: bytes, signature: str) -> WebhookOutcome:
    """Verify, route and store one webhook body. Refusals raise (nothing stored): BodyTooLarge / MalformedPayload
    (400), SignatureInvalid (401), UnknownPhoneNumber (404). Each organisation named in the body is verified with
    its channel's app secret, and all must match; then its part is stored in one transaction and its turns are
    queued after commit. Redelivered messages (same wamid) are found and nothing happens twice."""
    if len(body) > int(conf.setting("WHATSAPP_MAX_BODY_BYTES")):
        raise BodyTooLarge("the body is too large", limit=int(conf.setting("WHATSAPP_MAX_BODY_BYTES")))
    if not signature:
        raise SignatureInvalid("X-Hub-Signature-256 is missing")
    data = body_json(body)
    numbers = phone_number_ids(data)
    channels: dict[str, WhatsAppChannel] = {}
    for number in sorted(numbers):
        try:
            channels[number] = whatsapp_channel_by_phone_number_id(phone_number_id=number)
        except NotFound:
            logger.warning("whatsapp webhook for unknown phone_number_id %s refused", number)
            raise UnknownPhoneNumber("unknown phone_number_id", phone_number_id=number) from None
    # Without a number (account or template notices) the body must still come from one of our apps.
    secrets = {channel.app_secret.reveal() for channel in channels.values()} or {
        secret.reveal() for secret in WhatsAppChannel.objects.values_list("app_secret", flat=True)}
    checks = [signature_valid(body=body, header=signature, secret=secret) for secret in secrets]
    if not checks or not (all(checks) if channels else any(checks)):
        logger.warning("whatsapp webhook refused: bad signature (numbers %s)", sorted(numbers))
        raise SignatureInvalid("X-Hub-Signature-256 does not match")
    parsed = parse(data)
    outcome = WebhookOutcome()
    by_organisation: dict[int, tuple[Organisation, list[InboundItem], list[StatusItem]]] = {}
    for item in [*parsed.messages, *parsed.statuses]:
        organisation = channels[item.phone_number_id].organisation
        group = by_organisation.setdefault(organisation.pk, (organisation, [], []))
        (group[1] if isinstance(item, InboundItem) else group[2]).append(item)
    for organisation, messages, statuses in by_organisation.values():
        with tenant_context(organisation):  # outside the transaction: on_commit callbacks run in this schema
            _store(schema_name=organisation.schema_name, messages=messages, statuses=statuses, outcome=outcome)
    return outcome


def _store(*, schema_name: str, messages: list[InboundItem], statuses: list[StatusItem],
           outcome: WebhookOutcome) -> None:
    with transaction.atomic():
        for item in messages:
            stored = message_store_inbound(
                channel_user_id=item.channel_user_id, channel_message_id=item.channel_message_id,
                sent_at=item.sent_at, text=item.text, kind=item.kind, payload=item.payload, reply_to=item.reply_to,
                phone=item.phone, name=item.name, channel=Message.Channel.WHATSAPP,
            )
            if not stored.created:
                outcome.duplicates += 1
                continue
            outcome.stored += 1
            CustomerRoute.objects.bulk_create(  # one INSERT … ON CONFLICT UPDATE: replies leave from this number
                [CustomerRoute(customer_id=stored.message.conversation.customer_id,
                               phone_number_id=item.phone_number_id)],
                update_conflicts=True, unique_fields=["customer"], update_fields=["phone_number_id", "updated_at"])
            if item.queue_turn:
                outcome.turns += 1
                transaction.on_commit(partial(turn_queue, schema_name=schema_name, message_id=stored.message.pk),
                                      robust=True)  # a broker hiccup is logged; the sweeper queues it later
            else:  # a reaction: kept for the record, nothing to answer
                message_mark_handled(message_id=stored.message.pk, at=timezone.now())
        for status in statuses:
            status_record(item=status)
            outcome.statuses += 1


def turn_queue(*, schema_name: str, message_id: int) -> None:
    """Queue the agent's turn for an inbound message, by name (the agent is idempotent on the message id)."""
    task_queue(TURN_TASK, schema_name=schema_name, args=(message_id,))
    turn_queued.send(sender=turn_queue, schema_name=schema_name, message_id=message_id)


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
    if delivery is not None:
        _apply_event(delivery=delivery, event=event)
    return event


def _apply_event(*, delivery: Delivery, event: DeliveryEvent) -> None:
    error = event.errors[0] if event.errors else {}
    transitions = {
        "delivered": (delivery.receipt_delivered, {"at": event.occurred_at}),
        "read": (delivery.receipt_read, {"at": event.occurred_at}),
        "failed": (delivery.receipt_failed, {"at": event.occurred_at, "code": error.get("code"),
                                             "title": error.get("title") or error.get("message") or "failed"}),
    }
    applied = False
    if event.status == "sent":
        applied = delivery.status == Delivery.Status.SENT  # confirms what the API answer already said
    elif event.status in transitions:
        method, kwargs = transitions[event.status]
        if can_proceed(method):
            method(**kwargs)
            delivery.save()
            applied = True
    event.delivery, event.applied = delivery, applied
    event.save(update_fields=["delivery", "applied"])


def _apply_waiting_events(*, delivery: Delivery) -> None:
    for event in DeliveryEvent.objects.filter(wamid=delivery.wamid, delivery__isnull=True).order_by("occurred_at"):
        _apply_event(delivery=delivery, event=event)


# ---------------------------------------------------------------------------------------------------- delivery


@dataclass(frozen=True)
class SendOutcome:
    state: str  # "done" (sent, failed or nothing to do), "busy" (another worker is sending), "retry"
    retry_in: float = 0.0
    rate_limited: bool = False


DONE, BUSY, RETRY = "done", "busy", "retry"
FINISHED = {Delivery.Status.SENT, Delivery.Status.DELIVERED, Delivery.Status.READ, Delivery.Status.FAILED}


def _channel_for(message: Message) -> WhatsAppChannel | None:
    """The number the customer last wrote to, if it still belongs to this organisation; else its first number."""
    channels = WhatsAppChannel.objects.filter(organisation_id=tenancy_current().pk).order_by("pk")
    route = CustomerRoute.objects.filter(customer_id=message.conversation.customer_id).first()
    if route:
        channel = channels.filter(phone_number_id=route.phone_number_id).first()
        if channel:
            return channel
    return channels.first()


def _backoff(attempts: int) -> float:
    return min(300.0, float(conf.setting("WHATSAPP_RETRY_BACKOFF_SECONDS")) * 2 ** max(0, attempts - 1))


def delivery_send(*, message_id: int) -> SendOutcome:
    """Send one outbound message through the Cloud API, at most once.

    1. Locks the Delivery row (created on first sight). Finished (sent and beyond, or failed) → done; `sending`
       claimed less than WHATSAPP_SENDING_STALE_SECONDS ago → busy (another worker has it). A `sending` older than
       that was orphaned by a worker that died mid-call; it is sent again: at-least-once in that tiny window,
       rather than a reply silently lost.
    2. Validates the message (OutboundInvalid → failed), takes a slot of the number's rate (none → retry when one
       frees; no HTTP call), moves to `sending` and COMMITS before calling Meta.
    3. Records the attempt. 2xx → sent, the wamid replaces the message's local id (swipe-replies resolve) and any
       receipt that arrived first is applied. 5xx, 429, network → pending again and retry with exponential
       backoff, until WHATSAPP_SEND_MAX_ATTEMPTS; other 4xx → failed.

    WHATSAPP_GRAPH_URL empty → the integration is off: the delivery is marked sent with a local wamid and a log
    line, nothing leaves the machine.
    """
    with transaction.atomic():
        message = Message.objects.select_related("conversation__customer").get(pk=message_id)
        if message.direction != Message.Direction.OUTBOUND or message.channel != Message.Channel.WHATSAPP:
            logger.warning("whatsapp.deliver called for message %s, which is not a WhatsApp reply", message_id)
            return SendOutcome(DONE)
        Delivery.objects.get_or_create(message=message)
        delivery = Delivery.objects.select_for_update().get(message=message)
        if delivery.status in FINISHED:
            return SendOutcome(DONE)
        stale = timezone.now() - timedelta(seconds=int(conf.setting("WHATSAPP_SENDING_STALE_SECONDS")))
        if delivery.status == Delivery.Status.SENDING and delivery.claimed_at and delivery.claimed_at > stale:
            return SendOutcome(BUSY)
        channel = _channel_for(message)
        if channel is None:
            delivery.refuse(code=None, title="this organisation has no WhatsApp channel")
            delivery.save()
            logger.error("whatsapp delivery of message %s failed: no channel", message_id)
            return SendOutcome(DONE)
        conversation = message.conversation
        window_open = bool(conversation.last_inbound_at
                           and conversation.last_inbound_at > timezone.now() - timedelta(hours=24))
        language = tenancy_current().language
        try:
            body = sender.outbound_payload(
                to=conversation.customer.channel_user_id, text=message_text_for_customer(message=message),
                buttons=message.buttons,
                as_list=message.kind == Message.Kind.LIST, template=not window_open, language=language,
                reply_to=message.reply_to,
            )
        except OutboundInvalid as error:
            delivery.refuse(code=None, title=f"{error.code}: {error.message}")
            delivery.save()
            logger.error("whatsapp delivery of message %s refused: %s %s", message_id, error.message, error.extra)
            return SendOutcome(DONE)
        delivery.phone_number_id = channel.phone_number_id
        if not conf.setting("WHATSAPP_GRAPH_URL"):
            delivery.accept(wamid=sender.simulated_wamid())
            delivery.save()
            message_set_channel_id(message_id=message.pk, channel_message_id=delivery.wamid)
            logger.info("whatsapp integration off (WHATSAPP_GRAPH_URL empty): message %s marked sent as %s",
                        message_id, delivery.wamid)
            return SendOutcome(DONE)
        wait = sender.rate_acquire(phone_number_id=channel.phone_number_id)
        if wait > 0:
            return SendOutcome(RETRY, retry_in=wait, rate_limited=True)
        delivery.claim()
        delivery.save()
        access_token = channel.access_token.reveal()
    started = timezone.now()
    result = sender.graph_send(phone_number_id=delivery.phone_number_id, access_token=access_token, body=body)
    return _delivery_record(delivery_id=delivery.pk, result=result, started=started)


def _delivery_record(*, delivery_id: int, result: sender.GraphResult, started) -> SendOutcome:
    with transaction.atomic():
        delivery = Delivery.objects.select_for_update().get(pk=delivery_id)
        delivery.attempts = [*delivery.attempts, {
            "at": started.isoformat(), "status_code": result.status_code, "error": result.error,
            "error_code": result.error_code, "wamid": result.wamid,
        }]
        outcome = SendOutcome(DONE)
        if result.ok:
            if can_proceed(delivery.accept):
                delivery.accept(wamid=result.wamid)
                delivery.save()
                message_set_channel_id(message_id=delivery.message_id, channel_message_id=result.wamid)
                _apply_waiting_events(delivery=delivery)
                return outcome
            logger.warning("whatsapp delivery %s answered after it was finished (%s)", delivery_id, delivery.status)
        elif result.retryable and len(delivery.attempts) < int(conf.setting("WHATSAPP_SEND_MAX_ATTEMPTS")):
            if can_proceed(delivery.release):
                delivery.release()
            outcome = SendOutcome(RETRY, retry_in=_backoff(len(delivery.attempts)))
        elif can_proceed(delivery.refuse):
            delivery.refuse(code=result.error_code or result.status_code, title=result.error or "failed")
            logger.error("whatsapp delivery %s failed after %s attempts: %s", delivery_id, len(delivery.attempts),
                         result.error)
        delivery.save()
        return outcome


# ---------------------------------------------------------------------------------------------------- sweeper


def inbound_sweep(*, older_than_seconds: int | None = None, limit_per_organisation: int = 500) -> dict[str, int]:
    """Queue again the turn of every WhatsApp inbound message stored more than `older_than_seconds` ago whose turn
    never finished (`handled_at` null), in every organisation. Safe to repeat: the turn is idempotent."""
    seconds = int(older_than_seconds if older_than_seconds is not None
                  else conf.setting("WHATSAPP_SWEEP_AFTER_SECONDS"))
    cutoff = timezone.now() - timedelta(seconds=seconds)
    queued: dict[str, int] = {}
    for organisation in Organisation.objects.exclude(schema_name=get_public_schema_name()):
        with tenant_context(organisation):
            ids = list(Message.objects.filter(
                direction=Message.Direction.INBOUND, channel=Message.Channel.WHATSAPP, handled_at__isnull=True,
                created_at__lt=cutoff,
            ).order_by("created_at").values_list("pk", flat=True)[:limit_per_organisation])
            for message_id in ids:
                turn_queue(schema_name=organisation.schema_name, message_id=message_id)
        if ids:
            queued[organisation.schema_name] = len(ids)
            logger.info("whatsapp sweeper queued %s unhandled messages of %s", len(ids), organisation.schema_name)
    return queued
