"""A turn that raises is recorded, answered once, and passed; repeated failures go to people; staff see them.

The fault is real, not a patched function of ours: a PostgreSQL trigger refuses every new Pix transfer row (as a
full disk, a revoked grant or a broken constraint would), so the bank's own INSERT raises inside the tool call.
"""

import pytest
from django.db import connection

from agent.models import Turn
from agent.replies import say
from agent.tests.helpers import Conversation
from agent.tests.test_openai_provider import gates_without_money_approval
from asks.models import Ask
from bank.models import PixTransfer
from conversations.models import Message
from inbox.models import Escalation
from testing.organisations import signed_in


@pytest.fixture
def transfers_refused(demobank):
    gates_without_money_approval(demobank)  # send_pix runs in the turn itself (no approval to wait for)
    with connection.cursor() as cursor:
        cursor.execute("""
            CREATE FUNCTION demobank.refuse_transfer() RETURNS trigger AS $$
            BEGIN RAISE EXCEPTION 'transfers are refused (test fault)'; END $$ LANGUAGE plpgsql;
            CREATE TRIGGER refuse_transfer BEFORE INSERT ON demobank.bank_pixtransfer
            FOR EACH ROW EXECUTE FUNCTION demobank.refuse_transfer();
        """)
    yield
    with connection.cursor() as cursor:
        cursor.execute("DROP TRIGGER IF EXISTS refuse_transfer ON demobank.bank_pixtransfer;"
                       "DROP FUNCTION IF EXISTS demobank.refuse_transfer();")


def replies_to(message: Message) -> list[str]:
    return list(Message.objects.filter(conversation=message.conversation, direction=Message.Direction.OUTBOUND,
                                       created_at__gte=message.created_at).values_list("text", flat=True))


def test_a_turn_that_raises_is_recorded_answered_once_and_the_next_message_proceeds(transfers_refused):
    chat = Conversation()
    turn = chat.say("manda 200 pro Pedro")
    failed = chat.last
    assert turn.status == Turn.Status.FAILED
    assert turn.error_code == "database_P0001" and turn.error_class == "django.db.utils.ProgrammingError"
    assert len(turn.traceback_hash) == 16 and "transfers are refused" in turn.error
    assert replies_to(failed) == [say("pt-BR", "turn_failed")]  # one honest reply, in the customer's language
    assert Message.objects.get(pk=failed.pk).handled_at is not None  # the sweeper leaves it alone
    assert PixTransfer.objects.count() == 0
    assert not Ask.objects.filter(status=Ask.Status.EXECUTING).exists()  # nothing half-executed

    after = chat.say("qual meu saldo?")
    assert after.status == Turn.Status.DONE and "R$\xa05.000,00" in after.reply


def test_the_same_fault_gives_the_same_traceback_hash(transfers_refused):
    chat = Conversation()
    first, second = chat.say("manda 200 pro Pedro"), chat.say("manda 300 pro Pedro")
    assert first.traceback_hash == second.traceback_hash and first.error_code == second.error_code


def test_three_failed_turns_in_a_row_hand_the_chat_to_people_and_the_bot_goes_silent(transfers_refused):
    chat = Conversation()
    for amount in (200, 300, 400):
        assert chat.say(f"manda {amount} pro Pedro").status == Turn.Status.FAILED
    escalation = Escalation.objects.get(conversation=chat.last.conversation)
    assert escalation.guard == "turn_failed" and escalation.reason == ""
    last = Turn.objects.get(message=chat.last)
    assert (escalation.evidence["count"], escalation.evidence["error_code"]) == (3, last.error_code)
    assert escalation.evidence["turns"] == [last.pk]
    told, silent = chat.say("oi?"), chat.say("oi?")  # told once that a person will answer, then silence
    assert told.rule == "escalated_acknowledged" and told.reply == "Um atendente vai responder por aqui em breve."
    assert silent.rule == "escalated_silent" and silent.reply == ""


def test_two_failures_then_a_success_do_not_escalate(transfers_refused):
    chat = Conversation()
    chat.say("manda 200 pro Pedro")
    chat.say("manda 300 pro Pedro")
    chat.say("qual meu saldo?")
    assert not Escalation.objects.exists()


def test_the_dead_letter_list_in_the_back_office_shows_the_failed_turn(transfers_refused):
    failed = Conversation().say("manda 200 pro Pedro")
    done = Conversation(customer="5511999990002").say("qual meu saldo?")
    connection.set_schema_to_public()
    page = signed_in("demobank", "auditor").get("/admin/agent/failedturn/")
    body = page.content.decode()
    assert page.status_code == 200
    assert "database_P0001" in body and failed.traceback_hash in body
    assert f"/admin/agent/failedturn/{failed.pk}/change/" in body
    assert f"/admin/agent/failedturn/{done.pk}/change/" not in body


def test_the_poison_message_gets_one_reply_and_does_not_block_the_chat(demobank):
    """Issue 12's poison message with the default provider: whether the turn raises (a bigint overflow today) or
    is refused by argument bounds, the customer reads one reply, the message is handled, the next one proceeds."""
    chat = Conversation()
    chat.say("manda 100000000000000000000 para pedro@example.com")
    poison = chat.last
    assert len(replies_to(poison)) == 1
    assert Message.objects.get(pk=poison.pk).handled_at is not None
    assert "R$\xa05.000,00" in chat.say("qual meu saldo?").reply
