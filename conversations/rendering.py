"""What the customer receives for an outbound message, which may differ from what is stored and shown to staff.

A stored text may hold a secret only its customer may read in redacted form (an approval link); the app that owns
that secret registers a renderer here (in its AppConfig.ready), and the channel calls `message_text_for_customer`
when it sends. Everything else — admin pages, traces, exports, the simulator — reads `message.text`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from language.invisible import visible_text

Renderer = Callable[[object, str], str]
_renderers: list[Renderer] = []


def outbound_renderer_register(renderer: Renderer) -> None:
    if renderer not in _renderers:
        _renderers.append(renderer)


def message_text_for_customer(*, message) -> str:
    """What the channel sends: the stored text through the registered renderers, without invisible format
    characters (a renderer's insert is held to the same rule as the stored reply)."""
    text = message.text
    for renderer in _renderers:
        text = renderer(message, text)
    return visible_text(text)


_SIGNATURE = re.compile(r"(?<=:)[0-9a-fA-F]{16,}$")
SIGNATURE_REDACTED = "[signature redacted]"


def payload_for_staff(payload: str) -> str:
    """A button's payload as staff pages, traces and exports show it: a signed button's signature (its last part,
    `confirm:<ask>:<approval>:<hmac>`) redacted, so no page ever holds a tap someone could replay."""
    return _SIGNATURE.sub(SIGNATURE_REDACTED, payload or "")
