"""A notice tells staff without silencing the bot: a reply Meta would not take opens an inbox item, the bot goes on
answering the customer, and a later hand-over of the same chat takes the item over (keeping the notice's note)."""

from __future__ import annotations

import pytest

from agent.tests.helpers import Conversation
from inbox.models import Escalation
from inbox.selectors import conversation_is_escalated
from inbox.services import escalation_open

pytestmark = pytest.mark.django_db


def test_a_delivery_failure_is_in_the_inbox_and_the_bot_still_answers(demobank):
    chat = Conversation()
    first = chat.say("oi")
    conversation_id = first.message.conversation_id
    escalation_open(conversation_id=conversation_id, ask_id=None, guard="delivery_failed",
                    evidence={"error": "HTTP 400: (#131047) Re-engagement message"}, drafts=[first.reply])
    assert Escalation.objects.get(conversation_id=conversation_id).status == "open"  # staff see it
    assert not conversation_is_escalated(conversation_id=conversation_id)
    turn = chat.say("qual meu saldo?")
    assert turn.rule != "escalated_acknowledged" and turn.reply_message is not None  # answered as usual


def test_a_hand_over_after_a_notice_takes_the_item_over_and_silences_the_bot(demobank):
    chat = Conversation()
    first = chat.say("oi")
    conversation_id = first.message.conversation_id
    escalation_open(conversation_id=conversation_id, ask_id=None, guard="delivery_failed",
                    evidence={"error": "HTTP 400"}, drafts=["Seu saldo é R$ 10,00"])
    escalation_open(conversation_id=conversation_id, ask_id=None, guard="turn_failed", evidence={"turns": 3},
                    drafts=[])
    [item] = Escalation.objects.filter(conversation_id=conversation_id)
    assert (item.guard, item.evidence) == ("turn_failed", {"turns": 3})
    assert [(note["guard"], note["evidence"], note["drafts"]) for note in item.notes] == [
        ("delivery_failed", {"error": "HTTP 400"}, ["Seu saldo é R$ 10,00"])]
    assert conversation_is_escalated(conversation_id=conversation_id)
    assert chat.say("alô?").rule == "escalated_acknowledged"
