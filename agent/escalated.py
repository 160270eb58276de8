"""What the bot says in a chat handed to people: once, that a person will answer; then nothing.

While a conversation has an unresolved escalation the bot never acts (no perception, decision or tool). A
customer who writes before anyone has claimed the chat read silence, and wrote "hola" again and again: the first
message after the hand-off gets one short acknowledgement in the customer's language, the later ones none (no
spam), and once a person has claimed the chat only people answer. "Acknowledged" is read from the turns
themselves (a turn with ACKNOWLEDGED recorded since the escalation was opened), so a turn that crashed before
recording has acknowledged nothing and the resumed one says it.
"""

from __future__ import annotations

from datetime import datetime

from agent.models import Turn
from agent.replies import say
from inbox.models import Escalation
from inbox.selectors import conversation_unresolved_escalation

ACKNOWLEDGED, SILENT = "escalated_acknowledged", "escalated_silent"


def escalated_reply(*, conversation_id: int, sent_at: datetime, lang: str) -> tuple[str, str]:
    """(the reply, the rule) for a message in an escalated conversation: the acknowledgement for the first one the
    customer sent after the hand-off while no one has claimed it, else no reply (""). A message sent before the
    escalation was opened (people took the chat while its turn ran) is answered by people, not acknowledged."""
    escalation = conversation_unresolved_escalation(conversation_id=conversation_id)
    if escalation is None or escalation.status != Escalation.Status.OPEN or sent_at < escalation.created_at:
        return "", SILENT
    acknowledged = Turn.objects.filter(message__conversation_id=conversation_id, rule=ACKNOWLEDGED,
                                       started_at__gte=escalation.created_at).exists()
    if acknowledged:
        return "", SILENT
    return say(lang, "escalated_acknowledged"), ACKNOWLEDGED
