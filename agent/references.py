"""Opaque references: issued by finding tools, resolved by acting tools, refused when invented, expired or foreign."""

from __future__ import annotations

import copy
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime, timedelta
from typing import Any

from agent.models import Reference

REFERENCE_TTL = timedelta(minutes=15)
PREFIX = {"recipient": "rcp_", "slot": "slt_", "booking": "bkg_", "product": "prd_", "products": "shw_"}


# The references issued or read during the current turn (`references_remembered`), by token: a reference is never
# changed after it is issued except for its expiry, which only moves later, so the turn that issued one, or read it
# once, need not read it again (issue 20).
_remembered: ContextVar[dict[str, Reference] | None] = ContextVar("references_remembered", default=None)


@contextmanager
def references_remembered() -> Iterator[None]:
    """Within the block (one turn), issued and resolved references are kept in memory for later resolves."""
    token = _remembered.set({})
    try:
        yield
    finally:
        _remembered.reset(token)


class ReferenceRefused(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason  # "unknown" | "expired" | "foreign" | "wrong_kind"


def reference_issue(*, kind: str, conversation_id: int, ask_id: int, payload: dict[str, Any], issued_by: str,
                    now: datetime) -> str:
    token = PREFIX[kind] + secrets.token_urlsafe(18)
    reference = Reference.objects.create(token=token, kind=kind, conversation_id=conversation_id, ask_id=ask_id,
                                         payload=payload, issued_by=issued_by, expires_at=now + REFERENCE_TTL)
    remembered = _remembered.get()
    if remembered is not None:
        remembered[token] = reference
    return token


def reference_resolve(*, token: str, kind: str, conversation_id: int, ask_id: int, now: datetime) -> dict[str, Any]:
    """The payload behind a live reference of this conversation's Ask, or ReferenceRefused saying why not."""
    remembered = _remembered.get()
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


# Inside one transaction (a builtin turn's: `references_extensions_deferred`), the extensions wait for the turn's
# last statement (`agent.turn.steps.record` writes them in its WITH); a block that raises writes none (its
# transaction rolls back with the requests they were for).
_deferred: ContextVar[list[tuple[str, datetime]] | None] = ContextVar("references_extensions_deferred", default=None)


@contextmanager
def references_extensions_deferred() -> Iterator[None]:
    rows: list[tuple[str, datetime]] = []
    token = _deferred.set(rows)
    try:
        yield
    finally:
        _deferred.reset(token)
    for reference_token, until in references_extensions_taken(rows):  # any the turn did not take: written now
        Reference.objects.filter(token=reference_token, expires_at__lt=until).update(expires_at=until)


def references_extensions_taken(rows: list[tuple[str, datetime]] | None = None) -> list[tuple[str, datetime]]:
    """The deferred extensions not written yet, handed to the caller, who writes them in this transaction."""
    rows = _deferred.get() if rows is None else rows
    if not rows:
        return []
    taken = list(rows)
    rows.clear()
    return taken


def reference_extend(*, token: str, until: datetime) -> None:
    """Keep a reference alive while an approval that needs it may still be executed."""
    deferred = _deferred.get()
    if deferred is not None:
        deferred.append((token, until))
    else:
        Reference.objects.filter(token=token, expires_at__lt=until).update(expires_at=until)
    remembered = _remembered.get()
    if remembered is not None and token in remembered and remembered[token].expires_at < until:
        remembered[token].expires_at = until
