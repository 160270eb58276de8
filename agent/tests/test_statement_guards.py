"""Statement and history answers are reports of past effects, not claims: they pass the guards (issue 13)."""

import re

from agent.tests.helpers import Conversation
from approvals.tests.test_flow import set_money_gate
from inbox.models import Escalation


def test_the_statement_after_a_pix_is_answered_without_a_person(demobank):
    set_money_gate(demobank, mode="none")
    conversation = Conversation()
    sent = conversation.say("manda 50 pro Pedro")
    assert "enviado" in sent.reply
    turn = conversation.say("quantos pix eu fiz esse mês?")
    assert "você fez 1 Pix enviado, total R$\xa050,00." in turn.reply, turn.reply  # one Pix: singular
    assert not re.search(r"\d{4}-\d{2}-\d{2}", turn.reply)  # babel dates, not ISO
    assert all(report["passed"] for report in turn.guards), turn.guards
    assert not Escalation.objects.exists()
