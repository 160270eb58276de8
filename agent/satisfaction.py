"""A tap on the satisfaction question sent after a person resolved the chat: recorded by code (`inbox.services.
csat_record`), answered with thanks; no model reads it. A tap that rates nothing (forged, another chat's) is
recorded as a message and not answered."""

from __future__ import annotations

from conversations.models import Message
from inbox.csat import csat_parse
from inbox.errors import CsatAlreadyRated, CsatTapRefused
from inbox.services import csat_record
from inbox.wording import csat_words

TAP_KINDS = (Message.Kind.BUTTON, Message.Kind.LIST)


def is_satisfaction_tap(message: Message) -> bool:
    return message.kind in TAP_KINDS and csat_parse(message.payload) is not None


def satisfaction_reply(message: Message, lang: str) -> tuple[str, str]:
    """(the reply, the rule) for a satisfaction tap: thanks once recorded, a gentle "already rated" for a second
    one, nothing for a refused one."""
    try:
        csat_record(message=message)
    except CsatAlreadyRated:
        return csat_words(lang, "already"), "csat_already_rated"
    except CsatTapRefused:
        return "", "csat_refused"
    return csat_words(lang, "thanks"), "csat_recorded"
