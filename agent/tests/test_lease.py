"""The turn lease: one attempt per conversation, taken over from a dead or expired holder, and a lost lease
writes nothing."""

import subprocess
from datetime import timedelta

import pytest
from django.utils import timezone

from agent.turn.lease import ConversationBusy, LeaseLost, lease_locked, lease_release, lease_take
from conversations.models import Conversation
from conversations.services import message_store_inbound


@pytest.fixture
def conversation(demobank) -> Conversation:
    message = message_store_inbound(channel_user_id="5511900000077", channel_message_id="lease-1",
                                    sent_at=timezone.now(), text="oi").message
    return message.conversation


def test_a_second_attempt_is_busy_while_the_first_holds_the_lease_and_free_after_release(conversation):
    first = lease_take(conversation_id=conversation.pk)
    with pytest.raises(ConversationBusy):
        lease_take(conversation_id=conversation.pk)
    lease_release(first)
    second = lease_take(conversation_id=conversation.pk)
    assert second.token != first.token


def test_a_lease_held_by_a_process_that_no_longer_exists_is_taken_over_at_once(conversation):
    gone = subprocess.Popen(["true"])
    gone.wait()
    lease_take(conversation_id=conversation.pk)
    holder = Conversation.objects.get(pk=conversation.pk).turn_lease_holder
    Conversation.objects.filter(pk=conversation.pk).update(turn_lease_holder=f"{holder.rpartition(':')[0]}:{gone.pid}")
    assert lease_take(conversation_id=conversation.pk).token  # no wait for the expiry


def test_a_lease_of_another_machine_waits_for_its_expiry(conversation):
    lease_take(conversation_id=conversation.pk)
    Conversation.objects.filter(pk=conversation.pk).update(turn_lease_holder="other-host:1")
    with pytest.raises(ConversationBusy):
        lease_take(conversation_id=conversation.pk)
    Conversation.objects.filter(pk=conversation.pk).update(turn_lease_expires_at=timezone.now() - timedelta(seconds=1))
    assert lease_take(conversation_id=conversation.pk).token


def test_an_attempt_whose_lease_was_taken_over_writes_nothing(conversation):
    stale = lease_take(conversation_id=conversation.pk)
    Conversation.objects.filter(pk=conversation.pk).update(turn_lease_expires_at=timezone.now() - timedelta(seconds=1),
                                                           turn_lease_holder="other-host:1")
    lease_take(conversation_id=conversation.pk)  # the new attempt
    with pytest.raises(LeaseLost):
        with lease_locked(stale):
            raise AssertionError("the block must not run")
    lease_release(stale)  # releasing a lost lease leaves the new holder's alone
    assert Conversation.objects.get(pk=conversation.pk).turn_lease_token != ""


def test_the_turns_last_statement_gives_the_lease_back_only_once_no_message_is_left(demobank):
    """Two messages waiting: the first turn's last statement keeps the lease (the second is pending), the second
    turn's gives it back — no statement of its own for either."""
    from django.db import connection

    from agent.models import Turn
    from agent.turn import turn_handle

    now = timezone.now()
    first, second = (message_store_inbound(channel_user_id="5511900000078", channel_message_id=f"lease-give-{n}",
                                           sent_at=now + timedelta(seconds=n), text=text).message
                     for n, text in enumerate(("oi", "qual meu saldo?")))
    seen: list[str] = []

    def spy(execute, sql, params, many, context):
        seen.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(spy):
        turn_handle(message_id=first.pk)
    assert set(Turn.objects.filter(message__in=[first, second]).values_list("message_id", flat=True)) == {
        first.pk, second.pk}
    lease = Conversation.objects.get(pk=first.conversation_id)
    assert (lease.turn_lease_token, lease.turn_lease_holder, lease.turn_lease_expires_at) == ("", "", None)
    assert not [sql for sql in seen if sql.startswith('UPDATE "conversations_conversation" AS c SET turn_lease_token = \'\'')]
    statements = [sql for sql in seen if "SAVEPOINT" not in sql]  # the test's transaction makes the turn's one
    ends = [n for n, sql in enumerate(statements) if "released AS (" in sql]
    assert len(ends) == 2 and ends[-1] == len(statements) - 1  # each turn's last; nothing after the second
