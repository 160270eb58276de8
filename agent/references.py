"""Opaque references: issued by finding tools, resolved by acting tools, refused when invented, expired or foreign."""

from __future__ import annotations

import copy
import secrets
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from agent.models import Reference
from magie.db.statements import insert_rows

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


def references_issue(*, kind: str, conversation_id: int, ask_id: int, payloads: list[dict[str, Any]],
                     issued_by: str, now: datetime, writes: TurnWrites | None = None) -> list[str]:
    """A new reference to each of `payloads` (a finding tool's list: the slots it offers), in their order, in one
    INSERT whose text is built once (`magie.db.statements.insert_rows`); a turn's `writes` remembers them."""
    references = [Reference(token=PREFIX[kind] + secrets.token_urlsafe(18), kind=kind, conversation_id=conversation_id,
                            ask_id=ask_id, payload=payload, issued_by=issued_by, expires_at=now + REFERENCE_TTL)
                  for payload in payloads]
    insert_rows(references)
    if writes is not None:
        writes.references.update((reference.token, reference) for reference in references)
    return [reference.token for reference in references]


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
