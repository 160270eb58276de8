"""Guards on every draft inside the turn: one retry inside the same run, then a person takes the chat with a note."""

from django.contrib.auth import get_user_model
from django.db import connection

from agent.tests.helpers import Conversation, perception_args
from conversations.models import Message
from inbox.models import Escalation
from inbox.selectors import conversation_is_escalated
from inbox.services import escalation_resolve
from testing.fake_openai import completion
from testing.organisations import signed_in


def balance_turn(*drafts: str) -> list:
    """A balance request where the model reads the balance, then drafts `drafts` in turn."""
    return [completion(tool_calls=[("record_perception", perception_args("balance"))]),
            completion(tool_calls=[("get_balance", {})]),
            *[completion(text) for text in drafts]]


def test_a_refused_draft_gets_one_more_try_in_the_same_run(demobank, use_openai):
    use_openai.replies = balance_turn("Seu saldo é R$ 9.999,00.", "Seu saldo é R$ 5.000,00.")
    turn = Conversation().say("qual meu saldo?")
    assert turn.reply == "Seu saldo é R$ 5.000,00."
    assert turn.drafts == ["Seu saldo é R$ 9.999,00.", "Seu saldo é R$ 5.000,00."]
    assert [g["passed"] for g in turn.guards] == [False, True]
    assert turn.guards[0]["failures"][0]["code"] == "unsupported_amount"
    retry = use_openai.requests[-1]
    assert "tools" not in retry  # the second try redrafts from the same results: no tool runs twice
    assert "unsupported_amount" in retry["messages"][-1]["content"]
    assert Message.objects.filter(direction="out").count() == 1
    assert not Escalation.objects.exists()


def test_a_second_failure_escalates_with_a_note_and_the_customer_gets_one_message(demobank, use_openai):
    use_openai.replies = balance_turn("Seu saldo é R$ 9.999,00.", "Seu saldo é R$ 8.888,00.")
    conversation = Conversation()
    turn = conversation.say("qual meu saldo?")
    assert turn.reply == "Vou te passar para uma pessoa que pode ajudar."
    assert Message.objects.filter(direction="out").count() == 1  # one message to the customer that turn
    escalation = Escalation.objects.get()
    assert escalation.guard == "unsupported_amount" and list(escalation.evidence) == ["evidence"]
    assert any("8.888,00" in found for found in escalation.evidence["evidence"])
    assert escalation.reason == ""  # codes and evidence only: staff read it worded in their language
    assert (escalation.first_draft, escalation.second_draft) == ("Seu saldo é R$ 9.999,00.", "Seu saldo é R$ 8.888,00.")
    assert conversation_is_escalated(conversation_id=turn.message.conversation_id)

    # while people have the chat the bot never acts: it says once that a person will answer, then nothing
    told = conversation.say("oi? alguém aí?")
    assert told.reply == "Um atendente vai responder por aqui em breve." and told.rule == "escalated_acknowledged"
    silent = conversation.say("oi?")
    assert silent.reply == "" and silent.rule == "escalated_silent"
    assert Message.objects.filter(direction="out").count() == 2

    connection.set_schema_to_public()
    agent = signed_in("demobank", "agent")
    queue = agent.get("/inbox/").content.decode()
    assert "unsupported_amount" in queue and "R$ 9.999,00" in queue  # the agent sees the note and both drafts
    connection.set_tenant(demobank)
    escalation_resolve(escalation_id=escalation.pk, user=get_user_model().objects.get(username="agent"),
                       note="Told the customer the amount is not supported.")
    back = conversation.say("qual meu saldo?")  # handed back: the bot answers again
    assert back.reply and back.rule != "escalated_silent"
