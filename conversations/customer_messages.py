"""Every customer msgid of the code (context "customer"), for the catalogue test and whoever updates catalogues:
the lazy messages of the modules that word things for customers, read back as (msgid, msgid_plural or None)."""

from __future__ import annotations

from collections.abc import Iterator
from importlib import import_module
from typing import Any

# module: the names of its dictionaries (or single messages) of lazy customer messages
SOURCES = {
    "agent.replies": ("MESSAGES", "KIND_NAMES", "SLOT_NAMES", "REASONS"),
    "approvals.previews": ("TEXT",),
    "approvals.views": ("STATUS_TEXTS",),
    "conversations.wording": ("PARTY",),
    "whatsapp.sender": ("LIST_BUTTON_LABEL",),
    "booking.views": ("TEXTS",),
    "inbox.wording": ("CLOSED", "CSAT"),
}


def _messages(value: Any) -> Iterator[Any]:
    if isinstance(value, dict):
        for inner in value.values():
            yield from _messages(inner)
    else:
        yield value


def message_id(message: Any) -> tuple[str, str | None]:
    """(msgid, msgid_plural) of a `pgettext_lazy` / `npgettext_lazy` message with the "customer" context."""
    args, kw = getattr(message, "_args", ()), getattr(message, "_kw", {})
    if kw.get("singular"):
        assert kw["context"] == "customer", kw
        return kw["singular"], kw["plural"]
    assert args and args[0] == "customer", args
    return args[1], None


def customer_messages() -> list[tuple[str, str | None]]:
    found: dict[tuple[str, str | None], None] = {}
    for module, names in SOURCES.items():
        loaded = import_module(module)
        for name in names:
            for message in _messages(getattr(loaded, name)):
                found[message_id(message)] = None
    return list(found)
