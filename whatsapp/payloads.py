"""Cloud API webhook payloads as typed models, and their translation into what `conversations` stores.

Only the fields we use are declared; everything else Meta adds is ignored (extra="ignore"), so a new field never
breaks the webhook. A structure that does not match (e.g. `entry` is not a list) raises MalformedPayload.

Inbound message types and what is stored (kind, text, payload, reply_to):

| type | kind | text | payload |
| --- | --- | --- | --- |
| text | text | body | "" |
| interactive.button_reply | button | title | id (OUR payload string) |
| interactive.list_reply | list | title | id (OUR payload string) |
| button (template quick reply) | button | text | payload |
| image, video, audio, document, sticker | media | caption (or file name) | the type, e.g. "image" |
| location | other | "name, address (lat, lng)" | "location" |
| contacts | other | the contacts' names | "contacts" |
| reaction | other | the emoji ("" when removed) | "reaction"; reply_to = the reacted message; handled at once |
| anything else (unsupported, order, system…) | other | "" | the type |

`context.id` (a swipe-reply, or the message whose button was tapped) becomes `reply_to`.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from conversations.models import Message
from whatsapp.errors import MalformedPayload


class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore")


class Metadata(_Model):
    phone_number_id: str
    display_phone_number: str = ""


class Profile(_Model):
    name: str = ""


class Contact(_Model):
    wa_id: str = ""
    profile: Profile = Field(default_factory=Profile)


class Context(_Model):
    id: str = ""
    from_: str = Field(default="", alias="from")


class Text(_Model):
    body: str = ""


class Reply(_Model):
    id: str
    title: str = ""
    description: str = ""


class Interactive(_Model):
    type: str = ""
    button_reply: Reply | None = None
    list_reply: Reply | None = None


class QuickReply(_Model):  # type "button": a template's quick-reply button
    payload: str = ""
    text: str = ""


class Media(_Model):
    id: str = ""
    mime_type: str = ""
    caption: str = ""
    filename: str = ""


class Location(_Model):
    latitude: float | None = None
    longitude: float | None = None
    name: str = ""
    address: str = ""


class Reaction(_Model):
    message_id: str = ""
    emoji: str = ""


class SharedContactName(_Model):
    formatted_name: str = ""


class SharedContact(_Model):
    name: SharedContactName = Field(default_factory=SharedContactName)


class InboundMessage(_Model):
    id: str = Field(min_length=1, max_length=128)
    from_: str = Field(alias="from", min_length=1, max_length=64)
    timestamp: str
    type: str
    context: Context | None = None
    text: Text | None = None
    interactive: Interactive | None = None
    button: QuickReply | None = None
    image: Media | None = None
    video: Media | None = None
    audio: Media | None = None
    document: Media | None = None
    sticker: Media | None = None
    location: Location | None = None
    contacts: list[SharedContact] | None = None
    reaction: Reaction | None = None


class StatusError(_Model):
    code: int | None = None
    title: str = ""
    message: str = ""


class Status(_Model):
    id: str = Field(min_length=1, max_length=128)
    status: str
    timestamp: str
    recipient_id: str = ""
    errors: list[StatusError] = Field(default_factory=list)


class Value(_Model):
    messaging_product: str = "whatsapp"
    metadata: Metadata
    contacts: list[Contact] = Field(default_factory=list)
    messages: list[InboundMessage] = Field(default_factory=list)
    statuses: list[Status] = Field(default_factory=list)


class Change(_Model):
    field: str = "messages"
    value: dict[str, Any] = Field(default_factory=dict)


class Entry(_Model):
    id: str = ""
    changes: list[Change] = Field(default_factory=list)


class Envelope(_Model):
    object: str = ""
    entry: list[Entry] = Field(default_factory=list)


MEDIA_TYPES = ("image", "video", "audio", "document", "sticker")


@dataclass(frozen=True)
class InboundItem:
    """One inbound message, ready for `message_store_inbound`."""

    phone_number_id: str
    channel_message_id: str
    channel_user_id: str
    sent_at: datetime
    kind: str
    text: str
    payload: str = ""
    reply_to: str = ""
    name: str = ""
    phone: str = ""
    queue_turn: bool = True  # False for reactions: stored, marked handled, no turn


@dataclass(frozen=True)
class StatusItem:
    phone_number_id: str
    wamid: str
    status: str
    at: datetime
    recipient_id: str
    errors: list[dict[str, Any]] = field(default_factory=list)
    raw: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Parsed:
    messages: list[InboundItem]
    statuses: list[StatusItem]


def body_json(body: bytes) -> Any:
    """The body parsed as JSON (an object), or MalformedPayload."""
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise MalformedPayload("the body is not JSON", reason=str(error)[:200]) from error
    if not isinstance(data, dict):
        raise MalformedPayload("the body is not a JSON object")
    return data


def phone_number_ids(data: dict[str, Any]) -> set[str]:
    """Every `entry[].changes[].value.metadata.phone_number_id` in the body, read defensively (before validation:
    routing decides which secret verifies the signature, so it cannot wait for the full parse)."""
    found: set[str] = set()
    entries = data.get("entry")
    if not isinstance(entries, list):
        return found
    for entry in entries:
        changes = entry.get("changes") if isinstance(entry, dict) else None
        for change in changes if isinstance(changes, list) else []:
            value = change.get("value") if isinstance(change, dict) else None
            metadata = value.get("metadata") if isinstance(value, dict) else None
            number = metadata.get("phone_number_id") if isinstance(metadata, dict) else None
            if isinstance(number, (str, int)) and str(number):
                found.add(str(number))
    return found


def _timestamp(value: str) -> datetime:
    try:
        return datetime.fromtimestamp(int(value), tz=UTC)
    except (TypeError, ValueError, OverflowError, OSError) as error:
        raise MalformedPayload("a timestamp is not a unix time", timestamp=str(value)[:40]) from error


def _translate(message: InboundMessage) -> tuple[str, str, str, str]:
    """(kind, text, payload, reply_to) of one message."""
    reply_to = message.context.id if message.context else ""
    kind, text, payload = Message.Kind.OTHER, "", message.type
    if message.type == "text" and message.text:
        kind, text, payload = Message.Kind.TEXT, message.text.body, ""
    elif message.type == "interactive" and message.interactive:
        if message.interactive.button_reply:
            reply = message.interactive.button_reply
            kind, text, payload = Message.Kind.BUTTON, reply.title, reply.id
        elif message.interactive.list_reply:
            reply = message.interactive.list_reply
            kind, text, payload = Message.Kind.LIST, reply.title, reply.id
        else:
            payload = f"interactive:{message.interactive.type}"
    elif message.type == "button" and message.button:
        kind, text, payload = Message.Kind.BUTTON, message.button.text, message.button.payload
    elif message.type in MEDIA_TYPES:
        media: Media | None = getattr(message, message.type)
        kind = Message.Kind.MEDIA
        text = (media.caption or media.filename) if media else ""
    elif message.type == "location" and message.location:
        where = message.location
        label = ", ".join(part for part in (where.name, where.address) if part)
        text = f"{label} ({where.latitude}, {where.longitude})".strip()
    elif message.type == "contacts" and message.contacts:
        text = ", ".join(contact.name.formatted_name for contact in message.contacts if contact.name.formatted_name)
    elif message.type == "reaction" and message.reaction:
        text, reply_to = message.reaction.emoji, message.reaction.message_id
    return kind, text, payload[:512], reply_to


_DIGITS = re.compile(r"^\d{6,15}$")


def parse(data: dict[str, Any]) -> Parsed:
    """Every message and status of every entry and change, in body order. Changes of other fields (account
    updates, templates…) are ignored."""
    try:
        envelope = Envelope.model_validate(data)
        values = [Value.model_validate(change.value) for entry in envelope.entry for change in entry.changes
                  if change.field == "messages"]
    except ValidationError as error:
        raise MalformedPayload("the body does not match the Cloud API webhook", errors=error.errors(
            include_url=False, include_context=False, include_input=False)[:5]) from error
    messages: list[InboundItem] = []
    statuses: list[StatusItem] = []
    for value in values:
        number = value.metadata.phone_number_id
        names = {contact.wa_id: contact.profile.name for contact in value.contacts}
        for message in value.messages:
            kind, text, payload, reply_to = _translate(message)
            messages.append(InboundItem(
                phone_number_id=number, channel_message_id=message.id, channel_user_id=message.from_,
                sent_at=_timestamp(message.timestamp), kind=kind, text=text, payload=payload, reply_to=reply_to,
                name=names.get(message.from_, "")[:120],
                phone=f"+{message.from_}" if _DIGITS.match(message.from_) else "",
                queue_turn=message.type != "reaction",
            ))
        for status in value.statuses:
            statuses.append(StatusItem(
                phone_number_id=number, wamid=status.id, status=status.status, at=_timestamp(status.timestamp),
                recipient_id=status.recipient_id,
                errors=[error.model_dump() for error in status.errors],
                raw=status.model_dump(by_alias=True),
            ))
    return Parsed(messages=messages, statuses=statuses)
