"""The simulator's phone: a test tool for an organisation's admins, never a way into a real customer's money.

- It is on only where the platform enables it (`MAGIE_SIMULATOR`, default on a development machine only), only for
  staff with the `admin` role, and only as one of the organisation's **sandbox customers** (`Customer.is_sandbox`).
- A message typed in it is built as Meta builds a Cloud API notification and read by the webhook's own parser, then
  stored through `conversations` on the **simulator channel** with the staff member's username
  (`Message.simulated_by`) and its turn is queued like the webhook's. It does not go through the signed webhook:
  that would need the organisation's app secret in a staff request and would make a simulated message look like
  one from Meta. Replies stay on the simulator channel, so the outbox never sends them to WhatsApp.
- A button tap there decides an approval as `simulator:<staff username>` (approvals.services), which
  `approval_metrics` counts apart and which can never decide for a customer who is not a sandbox customer.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
import uuid
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from conversations.models import Customer, Message
from conversations.services import message_mark_handled, message_media_refused_set, message_store_inbound
from magie.errors import DomainError
from magie.tenancy import schema_name_current
from tenants.roles import Role, user_role
from whatsapp.media import ImageTooLarge, pix_code_text
from whatsapp.payloads import parse
from whatsapp.services import turn_queue

SIMULATOR_PHONE_NUMBER_ID = "0"  # the simulated notification's metadata; nothing is routed by it


class SimulatorRefused(DomainError):
    code, http_status = "simulator_refused", 403


class SimulatorOff(DomainError):
    code, http_status = "simulator_off", 404


def signature_header(*, body: bytes, secret: str) -> str:
    """`X-Hub-Signature-256` as Meta computes it (used by tests and benches that post to the real webhook)."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def webhook_body(*, phone_number_id: str, display_phone_number: str, wa_id: str, name: str,
                 message: dict[str, Any]) -> bytes:
    """One `messages` change carrying `message` (its `from`, `id` and `timestamp` are filled in), serialised as Meta
    does (non-ASCII escaped as \\uXXXX)."""
    message = {"from": wa_id, "id": f"wamid.sim-{uuid.uuid4().hex}", "timestamp": str(int(time.time())), **message}
    payload = {"object": "whatsapp_business_account", "entry": [{"id": "simulator", "changes": [{
        "field": "messages",
        "value": {
            "messaging_product": "whatsapp",
            "metadata": {"display_phone_number": display_phone_number, "phone_number_id": phone_number_id},
            "contacts": [{"profile": {"name": name}, "wa_id": wa_id}],
            "messages": [message],
        },
    }]}]}
    return json.dumps(payload).encode()


def phone_message(*, text: str = "", button_id: str = "", button_title: str = "", as_list: bool = False,
                  reply_to: str = "", image_mime: str = "") -> dict[str, Any]:
    """What the customer's phone sends: a text, a photo (`image_mime`, `text` its caption), or a tap on a reply
    button / list row (its id is our payload)."""
    if image_mime:
        image: dict[str, Any] = {"id": f"sim-media-{uuid.uuid4().hex}", "mime_type": image_mime}
        if text:
            image["caption"] = text
        message: dict[str, Any] = {"type": "image", "image": image}
    elif button_id:
        reply = {"id": button_id, "title": button_title}
        message = {"type": "interactive", "interactive": (
            {"type": "list_reply", "list_reply": reply} if as_list else {"type": "button_reply", "button_reply": reply})}
    else:
        message = {"type": "text", "text": {"body": text}}
    if reply_to:
        message["context"] = {"from": "", "id": reply_to}
    return message


def simulator_check_access(*, user) -> None:
    """SimulatorOff (404) when the platform has it off; SimulatorRefused (403) for anyone but an admin. Their
    messages are for the staff member who asked, in the staff language (the log keeps the code)."""
    if not settings.MAGIE_SIMULATOR:
        raise SimulatorOff(gettext("The WhatsApp simulator is off on this platform (MAGIE_SIMULATOR)."))
    if user_role(user) != Role.ADMIN:
        raise SimulatorRefused(gettext("Only the organisation's admins may use the WhatsApp simulator."))


def sandbox_customers() -> list[Customer]:
    return list(Customer.objects.filter(is_sandbox=True).order_by("channel_user_id"))


def sandbox_customer_get(*, wa_id: str) -> Customer:
    """The organisation's sandbox customer `wa_id`, else SimulatorRefused (a real or unknown customer alike)."""
    customer = Customer.objects.filter(channel_user_id=wa_id, is_sandbox=True).first()
    if customer is None:
        raise SimulatorRefused(gettext("%(wa_id)s is not a sandbox customer of this organisation: the simulator talks "
                                       "only as sandbox customers (add one under Customers).") % {"wa_id": wa_id},
                               wa_id=wa_id)
    return customer


@dataclass(frozen=True)
class Simulated:
    message_id: int
    stored: bool
    turn_queued: bool


def simulator_receive(*, staff_username: str, wa_id: str, name: str, message: dict[str, Any],
                      image: bytes | None = None) -> Simulated:
    """Store one message the sandbox customer `wa_id` "sends" from the simulator, marked as typed by
    `staff_username`, and queue its turn after commit (as the webhook does). Raises SimulatorRefused for a customer
    who is not a sandbox customer, MalformedPayload for a message Meta would not send. A photo's bytes (`image`)
    are read here as the webhook's worker reads a fetched one (`whatsapp.media.pix_code_text`): the text of its Pix
    QR codes follows the caption in the message's text."""
    customer = sandbox_customer_get(wa_id=wa_id)
    body = webhook_body(phone_number_id=SIMULATOR_PHONE_NUMBER_ID, display_phone_number="", wa_id=wa_id,
                        name=name or customer.name, message=message)
    [item] = parse(json.loads(body)).messages  # the webhook's own reading of a Cloud API notification
    text, refused = item.text, ""
    try:
        read = pix_code_text(image) if image is not None and item.media_id else ""
    except ImageTooLarge:
        read, refused = "", "too_large"
    if read:
        text = f"{text}\n{read}" if text else read
    schema_name = schema_name_current()
    with transaction.atomic():
        stored = message_store_inbound(
            channel_user_id=item.channel_user_id, channel_message_id=item.channel_message_id, sent_at=item.sent_at,
            text=text, kind=item.kind, payload=item.payload, reply_to=item.reply_to, phone=item.phone,
            name=item.name, channel=Message.Channel.SIMULATOR, simulated_by=staff_username,
        )
        if refused and stored.created:
            message_media_refused_set(message_id=stored.message.pk, reason=refused)
        queued = stored.created and item.queue_turn
        if queued:
            transaction.on_commit(lambda: turn_queue(schema_name=schema_name, message_id=stored.message.pk),
                                  robust=True)
        elif stored.created:  # a reaction: kept for the record, nothing to answer
            message_mark_handled(message_id=stored.message.pk, at=timezone.now())
    return Simulated(message_id=stored.message.pk, stored=stored.created, turn_queued=queued)
