"""Opaque references: issued by finding tools, resolved by acting tools, refused when invented, expired or foreign."""

from __future__ import annotations

import copy
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from typing import TYPE_CHECKING, Any

from django.db import connection
from django.utils import timezone

from agent.models import Reference

if TYPE_CHECKING:
    from agent.writes import TurnWrites

REFERENCE_TTL = timedelta(minutes=15)
PREFIX = {"recipient": "rcp_", "slot": "slt_", "booking": "bkg_", "product": "prd_", "products": "shw_",
          "transfer": "trf_"}


class ReferenceRefused(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason  # "unknown" | "expired" | "foreign" | "wrong_kind"


def reference_issue(*, kind: str, conversation_id: int, ask_id: int, payload: dict[str, Any], issued_by: str,
                    now: datetime, writes: TurnWrites | None = None) -> str:
    """A new reference to `payload`; a turn's `writes` remembers it, so the turn resolves it without a read."""
    [token] = references_issue(kind=kind, conversation_id=conversation_id, ask_id=ask_id, payloads=[payload],
                               issued_by=issued_by, now=now, writes=writes)
    return token


@dataclass
class IssuedReference:
    """A reference as its row holds it, issued by this process (no `Reference` instance made for it): what a turn's
    `writes` remembers to resolve it, or keep it alive, without a read."""

    token: str
    kind: str
    conversation_id: int
    ask_id: int
    payload: dict[str, Any]
    expires_at: datetime


def references_issue(*, kind: str, conversation_id: int, ask_id: int, payloads: list[dict[str, Any]],
                     issued_by: str, now: datetime, writes: TurnWrites | None = None) -> list[str]:
    """A new reference to each of `payloads` (a finding tool's list: the slots it offers), in their order, in one
    INSERT whose text is built once per count; a turn's `writes` remembers them."""
    references = [IssuedReference(PREFIX[kind] + secrets.token_urlsafe(18), kind, conversation_id, ask_id, payload,
                                  now + REFERENCE_TTL) for payload in payloads]
    if not references:
        return []
    payload_field = Reference._meta.get_field("payload")
    params: list[Any] = []
    for reference in references:  # as `Reference.save()` would write it (`created_at`: its auto_now_add)
        params += [reference.token, kind, conversation_id, ask_id,
                   payload_field.get_db_prep_save(reference.payload, connection=connection), issued_by,
                   reference.expires_at, timezone.now()]
    with connection.cursor() as cursor:
        cursor.execute(_references_insert_sql(len(references)), params)
    if writes is not None:
        writes.references.update((reference.token, reference) for reference in references)
    return [reference.token for reference in references]


@cache
def _references_insert_sql(count: int) -> str:
    quote = connection.ops.quote_name
    columns = ("token", "kind", "conversation_id", "ask_id", "payload", "issued_by", "expires_at", "created_at")
    assert [field.column for field in Reference._meta.concrete_fields if not field.primary_key] == list(columns)
    return (f"INSERT INTO {quote(Reference._meta.db_table)} ({', '.join(quote(column) for column in columns)}) "
            f"VALUES {', '.join(['(' + ', '.join(['%s'] * len(columns)) + ')'] * count)}")


def reference_resolve(*, token: str, kind: str, conversation_id: int, ask_id: int, now: datetime,
                      writes: TurnWrites | None = None) -> dict[str, Any]:
    """The payload behind a live reference of this conversation's Ask, or ReferenceRefused saying why not. A turn's
    `writes` remembers the references it issued or read (a reference never changes but for a later expiry)."""
    remembered = writes.references if writes is not None else None
    reference = remembered.get(token) if remembered is not None and isinstance(token, str) else None
    if reference is None:
        reference = Reference.objects.filter(token=token).first()
        if reference is None:
            raise ReferenceRefused("unknown")
        if remembered is not None:
            remembered[token] = reference
    if reference.conversation_id != conversation_id or reference.ask_id != ask_id:
        raise ReferenceRefused("foreign")
    if reference.kind != kind:
        raise ReferenceRefused("wrong_kind")
    if reference.expires_at <= now:
        raise ReferenceRefused("expired")
    return copy.deepcopy(reference.payload) if remembered is not None else reference.payload


def reference_latest_shown(*, kind: str, conversation_id: int, ask_id: int, now: datetime) -> dict[str, Any] | None:
    """The payload of the conversation's latest live reference of `kind` issued for another Ask: what the system
    showed the customer just before (a product list), for a follow-up that names nothing ("¿cuánto sale?"). Its
    expiry is the recency: an old list is no context. The payload is system data, never the customer's words."""
    reference = (Reference.objects.filter(kind=kind, conversation_id=conversation_id, expires_at__gt=now)
                 .exclude(ask_id=ask_id).order_by("-pk").only("payload").first())
    return copy.deepcopy(reference.payload) if reference is not None else None


def reference_extend(*, token: str, until: datetime, writes: TurnWrites | None = None) -> None:
    """Keep a reference alive while an approval that needs it may still be executed: at once, or, given the turn's
    `writes`, with the turn's writes before its transaction ends (`agent.turn.commit`)."""
    if writes is None:
        Reference.objects.filter(token=token, expires_at__lt=until).update(expires_at=until)
        return
    writes.extensions.append((token, until))
    remembered = writes.references.get(token)
    if remembered is not None and remembered.expires_at < until:
        remembered.expires_at = until
