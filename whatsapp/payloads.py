"""Cloud API webhook payloads as typed models, and their translation into what `conversations` stores.

Only the fields we use are declared; everything else Meta adds is ignored (extra="ignore"), so a new field never
breaks the webhook. The parser never raises: the webhook has already answered 200 when it runs (in the worker), so a
message or status that does not match is skipped and reported in `Parsed.skipped`, and the rest is stored.
Strings are cleaned first (NUL and lone surrogates removed: PostgreSQL and UTF-8 refuse them); ids longer than
ID_MAX characters are replaced by a stable digest (so a redelivery still finds them); a timestamp may be a string
or a number, and one that is missing or absurd becomes the time of processing.

Inbound message types and what is stored (kind, text, payload, reply_to):

| type | kind | text | payload |
| --- | --- | --- | --- |
| text | text | body | "" |
| interactive.button_reply | button | title | id (OUR payload string) |
| interactive.list_reply | list | title | id (OUR payload string) |
| button (template quick reply) | button | text | payload |
| image, video, audio, document, sticker | media | caption (or file name) | the type, e.g. "image" |
| interactive.nfm_reply (a completed Flow) | text | the answers' values, in the form's order | "flow" |
| interactive.call_permission_reply | other | "" | "call_permission:<accept/reject>"; the turn acknowledges it |
| location | other | "name, address (lat, lng)" | "location" |
| contacts | text | each contact's name and numbers ("Ana Costa +5511…") | "contacts" |
| reaction | other | the emoji ("" when removed) | "reaction"; reply_to = the reacted message; handled at once |
| edit | edit | the new text (or caption) | "edit"; reply_to = the edited message |
| revoke | deletion | "" | "revoke"; reply_to = the deleted message |
| system (number or user id changed…) | system | Meta's notice | "system:<its type>" |
| anything else (unsupported, order…) | other | "" | the type |

`context.id` (a swipe-reply, or the message whose button was tapped) becomes `reply_to`. The sender is `from` (the
wa_id) and/or `from_user_id` (the business-scoped user id of a customer who uses a username); both are kept.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from conversations.models import Message
from whatsapp.errors import MalformedPayload


class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore")


class Metadata(_Model):
    phone_number_id: str | int
    display_phone_number: str = ""


class Profile(_Model):
    name: str = ""


class SenderContact(_Model):
    """Who wrote, as the value's `contacts` names them (not a contact card the customer shared)."""

    wa_id: str = ""
    user_id: str = ""
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


class FlowReply(_Model):  # interactive "nfm_reply": a completed WhatsApp Flow
    name: str = ""
    body: str = ""
    response_json: str = ""


class CallPermissionReply(_Model):  # interactive "call_permission_reply": may the business call this customer?
    response: str = ""
    is_permanent: bool = False
    expiration_timestamp: str | int | None = None


class Interactive(_Model):
    type: str = ""
    button_reply: Reply | None = None
    list_reply: Reply | None = None
    nfm_reply: FlowReply | None = None
    call_permission_reply: CallPermissionReply | None = None


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


class SharedContactPhone(_Model):
    phone: str = ""
    wa_id: str = ""


class SharedContact(_Model):
    name: SharedContactName = Field(default_factory=SharedContactName)
    phones: list[SharedContactPhone] = Field(default_factory=list)


class EditedMessage(_Model):
    type: str = ""
    text: Text | None = None
    image: Media | None = None
    video: Media | None = None
    document: Media | None = None


class Edit(_Model):
    original_message_id: str = ""
    message: EditedMessage = Field(default_factory=EditedMessage)


class Revoke(_Model):
    original_message_id: str = ""


class System(_Model):
    body: str = ""
    type: str = ""
    wa_id: str = ""
    new_wa_id: str = ""
    user_id: str = ""


class InboundMessage(_Model):
    id: str = Field(min_length=1)
    from_: str = Field(default="", alias="from")
    from_user_id: str = ""
    timestamp: str | int | float | None = None
    type: str = "unknown"
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
    edit: Edit | None = None
    revoke: Revoke | None = None
    system: System | None = None


class StatusError(_Model):
    code: int | None = None
    title: str = ""
    message: str = ""

    @field_validator("code", mode="before")
    @classmethod
    def _code_in_range(cls, value: Any) -> Any:  # stored in an integer column: an absurd code is no code
        return value if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**31 else None


class Status(_Model):
    id: str = Field(min_length=1)
    status: str
    timestamp: str | int | float | None = None
    recipient_id: str = ""
    biz_opaque_callback_data: str = ""  # what our send carried (names its delivery)
    errors: list[StatusError] = Field(default_factory=list)


class Value(_Model):
    """One change's value. Messages and statuses stay raw here: each is validated on its own, so one bad item
    skips itself, not its neighbours."""

    messaging_product: str = "whatsapp"
    metadata: Metadata
    contacts: list[SenderContact] = Field(default_factory=list)
    messages: list[dict[str, Any]] = Field(default_factory=list)
    statuses: list[dict[str, Any]] = Field(default_factory=list)


class Change(_Model):
    field: str = "messages"
    value: dict[str, Any] = Field(default_factory=dict)


MEDIA_TYPES = ("image", "video", "audio", "document", "sticker")


@dataclass(frozen=True)
class InboundItem:
    """One inbound message, ready for `message_store_inbound`."""

    phone_number_id: str
    channel_message_id: str
    channel_user_id: str  # `from` (the wa_id) when present, else `from_user_id`
    sent_at: datetime
    kind: str
    text: str
    payload: str = ""
    reply_to: str = ""
    name: str = ""
    phone: str = ""
    user_id: str = ""  # Meta's business-scoped user id, when sent
    queue_turn: bool = True  # False for reactions: stored, marked handled, no turn
    new_channel_user_id: str = ""  # a "user changed number" notice: the customer's new wa_id
    media_id: str = ""  # an image's Cloud API media id (fetched before its turn: it may be a Pix QR code)


@dataclass(frozen=True)
class StatusItem:
    phone_number_id: str
    wamid: str
    status: str
    at: datetime
    recipient_id: str
    errors: list[dict[str, Any]] = field(default_factory=list)
    raw: dict[str, Any] = field(default_factory=dict)
    callback_data: str = ""  # `biz_opaque_callback_data`, echoed from the send


@dataclass(frozen=True)
class NoticeItem:
    """An operational notification (see `whatsapp.inbound.models.ChannelNotice`)."""

    field: str
    account_id: str
    phone_number_id: str
    event: str
    subject: str
    detail: dict[str, Any]
    needs_action: bool


@dataclass(frozen=True)
class Parsed:
    messages: list[InboundItem]
    statuses: list[StatusItem]
    skipped: list[str] = field(default_factory=list)  # why each skipped item was skipped (for the log)
    notices: list[NoticeItem] = field(default_factory=list)


ID_MAX = 200  # longer ids (Meta's are far shorter) are stored as a digest; the columns hold 256
STATUS_MAX = 32
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")  # NUL, and surrogates json.loads left unpaired


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")  # Python's json accepts NaN and Infinity; PostgreSQL's jsonb does not


def body_json(body: bytes) -> Any:
    """The body parsed as JSON (an object), or MalformedPayload."""
    try:
        data = json.loads(body, parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise MalformedPayload("the body is not JSON", reason=str(error)[:200]) from error
    if not isinstance(data, dict):
        raise MalformedPayload("the body is not a JSON object")
    return data


def clean(value: Any, depth: int = 0) -> Any:
    """`value` with every string (keys too) stripped of NUL and lone surrogates; nesting deeper than 64 is cut."""
    if isinstance(value, str):
        return _UNSTORABLE.sub("", value) if _UNSTORABLE.search(value) else value
    if depth > 64:
        return None
    if isinstance(value, dict):
        return {clean(key, depth + 1): clean(item, depth + 1) for key, item in value.items()}
    if isinstance(value, list):
        return [clean(item, depth + 1) for item in value]
    return value


def bounded_id(value: str) -> str:
    """An id as stored: itself, or `sha256:<hex>` when longer than ID_MAX (stable, so redeliveries match)."""
    if len(value) <= ID_MAX:
        return value
    return "sha256:" + hashlib.sha256(value.encode("utf-8", "replace")).hexdigest()


def _changes(data: dict[str, Any], *, with_entry: bool = False):
    """Every `entry[].changes[]` that is an object, read defensively (with its entry's id: `with_entry`)."""
    entries = data.get("entry")
    for entry in entries if isinstance(entries, list) else []:
        changes = entry.get("changes") if isinstance(entry, dict) else None
        for change in changes if isinstance(changes, list) else []:
            if isinstance(change, dict):
                yield (str(entry.get("id", ""))[:64], change) if with_entry else change


# What an operator must act on: a template that is not (or no longer) usable — replies outside the customer's
# 24-hour window go as a template —, and any account event but the benign ones.
TEMPLATE_EVENTS_TO_ACT = {"REJECTED", "PAUSED", "DISABLED", "FLAGGED", "PENDING_DELETION", "LIMIT_EXCEEDED"}
ACCOUNT_EVENTS_BENIGN = {"VERIFIED_ACCOUNT", "PARTNER_ADDED", "PARTNER_APP_INSTALLED", "AUTH_INTL_PRICE_ELIGIBILITY_UPDATE"}


def _notices(account_id: str, field_name: str, value: dict[str, Any]) -> list[NoticeItem]:
    """The operational notifications of one change (never raises: every field is read defensively)."""
    metadata = value.get("metadata")
    number = str(metadata.get("phone_number_id", ""))[:32] if isinstance(metadata, dict) else ""

    def item(event: Any, subject: Any, detail: dict[str, Any], needs_action: bool, name: str = field_name):
        return NoticeItem(field=name[:64], account_id=account_id, phone_number_id=number, event=str(event or "")[:128],
                          subject=str(subject or "")[:256], detail=detail, needs_action=needs_action)

    if field_name == "messages":
        errors = value.get("errors")
        return [item((error or {}).get("code", ""), (error or {}).get("title", ""), {"error": error}, True,
                     name="messages.errors") for error in (errors if isinstance(errors, list) else [])
                if isinstance(error, dict)]
    if field_name == "message_template_status_update":
        event = str(value.get("event", "")).upper()
        return [item(event, value.get("message_template_name", ""), value, event in TEMPLATE_EVENTS_TO_ACT)]
    if field_name == "account_update":
        event = str(value.get("event", "")).upper()
        return [item(event, value.get("phone_number", ""), value, event not in ACCOUNT_EVENTS_BENIGN)]
    if field_name == "user_preferences":
        preferences = value.get("user_preferences")
        return [item(f"{preference.get('category', '')}:{preference.get('value', '')}", preference.get("wa_id", ""),
                     preference, False) for preference in (preferences if isinstance(preferences, list) else [])
                if isinstance(preference, dict)]
    if field_name == "smb_message_echoes":
        echoes = value.get("message_echoes")
        return [item(echo.get("type", ""), echo.get("to", ""), echo, False)
                for echo in (echoes if isinstance(echoes, list) else []) if isinstance(echo, dict)]
    return [item(value.get("event", ""), "", value, False)]  # another field: kept for the record


def phone_number_ids(data: dict[str, Any]) -> set[str]:
    """Every `entry[].changes[].value.metadata.phone_number_id` in the body, read defensively (before validation:
    routing decides which secret verifies the signature, so it cannot wait for the full parse)."""
    found: set[str] = set()
    for change in _changes(data):
        value = change.get("value")
        metadata = value.get("metadata") if isinstance(value, dict) else None
        number = metadata.get("phone_number_id") if isinstance(metadata, dict) else None
        if isinstance(number, (str, int)) and not isinstance(number, bool) and str(number):
            found.add(str(number)[:32])
    return found


def notification_key(data: dict[str, Any], body: bytes) -> str:
    """What makes a body the same notification when Meta delivers it again: its message ids and its statuses'
    (id, status, timestamp), as a sha256; a body with none (account notices) is keyed by its bytes."""
    ids: list[str] = []
    for change in _changes(data):
        value = change.get("value")
        if not isinstance(value, dict):
            continue
        for kind, fields in (("m", ("id",)), ("s", ("id", "status", "timestamp"))):
            items = value.get("messages" if kind == "m" else "statuses")
            for item in items if isinstance(items, list) else []:
                if isinstance(item, dict):
                    ids.append(kind + ":" + ":".join(str(item.get(name, "")) for name in fields))
    if not ids:
        return hashlib.sha256(body).hexdigest()
    return hashlib.sha256("\n".join(sorted(ids)).encode("utf-8", "replace")).hexdigest()


EARLIEST = datetime(2009, 1, 1, tzinfo=UTC)  # WhatsApp did not exist before


def _timestamp(value: Any, now: datetime) -> datetime:
    """Meta's unix time (a string or a number); missing, unreadable or outside [2009, now + 1 day] → `now`."""
    try:
        moment = datetime.fromtimestamp(int(float(value)), tz=UTC)
    except (TypeError, ValueError, OverflowError, OSError):
        return now
    if moment < EARLIEST or moment > now + timedelta(days=1):
        return now
    return moment


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
        elif message.interactive.nfm_reply:
            kind, text, payload = Message.Kind.TEXT, _flow_answers(message.interactive.nfm_reply), "flow"
        elif message.interactive.call_permission_reply:
            payload = f"call_permission:{message.interactive.call_permission_reply.response or 'unknown'}"
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
        # what the customer shared is what they mean ("pay this person"): the names and numbers, as text
        kind = Message.Kind.TEXT
        text = "; ".join(" ".join(part for part in (contact.name.formatted_name, *(
            phone.phone or phone.wa_id for phone in contact.phones)) if part) for contact in message.contacts)
    elif message.type == "reaction" and message.reaction:
        text, reply_to = message.reaction.emoji, message.reaction.message_id
    elif message.type == "edit" and message.edit:
        edited = message.edit.message
        media = edited.image or edited.video or edited.document
        kind, payload, reply_to = KIND_EDIT, "edit", message.edit.original_message_id
        text = edited.text.body if edited.text else (media.caption if media else "")
    elif message.type == "revoke" and message.revoke:
        kind, text, payload, reply_to = KIND_DELETION, "", "revoke", message.revoke.original_message_id
    elif message.type == "system":
        notice = message.system or System()
        kind, text, payload = KIND_SYSTEM, notice.body, f"system:{notice.type}" if notice.type else "system"
    return kind, text, payload[:512], bounded_id(reply_to) if reply_to else ""


def _flow_answers(reply: FlowReply) -> str:
    """A completed Flow's answers as the customer's text (the fields' values in the form's order; the flow token,
    ours, left out): what they filled in is what they said."""
    try:
        answers = json.loads(reply.response_json or "{}")
    except ValueError:
        answers = {}
    if not isinstance(answers, dict):
        return reply.body
    values = [str(value) for key, value in answers.items() if key != "flow_token" and value not in (None, "", [])]
    return ", ".join(values)[:4096] or reply.body


# The message kinds of edits, deletions and system notices (the turn handles them; no canned reply).
KIND_EDIT, KIND_DELETION, KIND_SYSTEM = Message.Kind.EDIT, Message.Kind.DELETION, Message.Kind.SYSTEM

_DIGITS = re.compile(r"^\d{6,15}$")


def _errors(error: ValidationError) -> str:
    return "; ".join(f"{'.'.join(str(part) for part in item['loc'])}: {item['msg']}"
                     for item in error.errors(include_url=False, include_context=False, include_input=False)[:3])


def _message_item(number: str, raw: dict[str, Any], value: Value, now: datetime) -> InboundItem:
    message = InboundMessage.model_validate(raw)
    sender = message.from_ or message.from_user_id
    if not sender:
        raise ValueError("the message has neither `from` nor `from_user_id`")
    contact = next((c for c in value.contacts if (message.from_ and c.wa_id == message.from_)
                    or (message.from_user_id and c.user_id == message.from_user_id)), None)
    user_id = message.from_user_id or (contact.user_id if contact else "")
    kind, text, payload, reply_to = _translate(message)
    notice = message.system if message.type == "system" else None
    new_number = (notice.new_wa_id or notice.wa_id) if notice and notice.type == "user_changed_number" else ""
    return InboundItem(
        phone_number_id=number, channel_message_id=bounded_id(message.id), channel_user_id=bounded_id(sender),
        sent_at=_timestamp(message.timestamp, now), kind=kind, text=text, payload=payload, reply_to=reply_to,
        name=(contact.profile.name if contact else "")[:120],
        phone=f"+{message.from_}" if _DIGITS.match(message.from_) else "",
        user_id=bounded_id(user_id) if user_id else "",
        # a reaction is recorded: nothing to answer (an answer to "may we call you?" is acknowledged by the turn)
        queue_turn=message.type != "reaction",
        new_channel_user_id=new_number if _DIGITS.match(new_number) else "",
        media_id=bounded_id(message.image.id) if message.type == "image" and message.image and message.image.id else "",
    )


def _status_item(number: str, raw: dict[str, Any], now: datetime) -> StatusItem:
    status = Status.model_validate(raw)
    return StatusItem(
        phone_number_id=number, wamid=bounded_id(status.id), status=status.status[:STATUS_MAX],
        at=_timestamp(status.timestamp, now), recipient_id=status.recipient_id[:256],
        errors=[error.model_dump() for error in status.errors],
        raw=status.model_dump(by_alias=True), callback_data=status.biz_opaque_callback_data[:512],
    )


def parse(data: Any, *, now: datetime | None = None) -> Parsed:
    """Every message and status of every entry and change, in body order, and the operational notifications
    (other fields: templates, the account, preferences, echoes; value-level errors); never raises. An item that does
    not match is skipped with its reason."""
    now = now or datetime.now(tz=UTC)
    messages: list[InboundItem] = []
    statuses: list[StatusItem] = []
    skipped: list[str] = []
    notices: list[NoticeItem] = []
    if not isinstance(data, dict):
        return Parsed(messages, statuses, ["the body is not a JSON object"])
    data = clean(data)
    for account_id, change_raw in _changes(data, with_entry=True):
        try:
            change = Change.model_validate(change_raw)
            notices.extend(_notices(account_id, change.field, change.value))
            if change.field != "messages":
                continue
            value = Value.model_validate(change.value)
        except ValidationError as error:
            skipped.append(f"change: {_errors(error)}")
            continue
        number = str(value.metadata.phone_number_id)[:32]
        for raw in value.messages:
            try:
                messages.append(_message_item(number, raw, value, now))
            except ValidationError as error:
                skipped.append(f"message {str(raw.get('id', ''))[:80]!r}: {_errors(error)}")
            except ValueError as error:
                skipped.append(f"message {str(raw.get('id', ''))[:80]!r}: {error}")
        for raw in value.statuses:
            try:
                statuses.append(_status_item(number, raw, now))
            except ValidationError as error:
                skipped.append(f"status {str(raw.get('id', ''))[:80]!r}: {_errors(error)}")
    return Parsed(messages=messages, statuses=statuses, skipped=skipped, notices=notices)
