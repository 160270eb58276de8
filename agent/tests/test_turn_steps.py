"""The turn's steps one by one (agent/turn/steps.py), each through a whole turn that shows what it does."""

from datetime import UTC, datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone as django_timezone

from agent import turn as pipeline
from agent.models import AgentSettings, Turn
from agent.replies import say
from agent.tests.helpers import Conversation, perception_args
from agent.tests.hostile import SLOT, _then
from agent.tests.test_openai_provider import gates_without_money_approval
from agent.turn import steps, turn_handle
from approvals.models import ApprovalRequest
from asks.models import Ask, SlotEvent
from booking.models import Booking
from conversations.models import Message
from conversations.services import message_store_inbound
from inbox.models import Escalation
from inbox.services import escalation_claim, escalation_open
from testing.fake_openai import completion


def test_the_step_list_is_the_pipeline_and_every_step_says_what_it_does():
    assert pipeline.STEPS == ("receive", "perceive", "decide", "act", "draft", "guard", "deliver", "record")
    for name in pipeline.STEPS:
        assert len(getattr(steps, name).__doc__.split()) > 15, name


def escalated(chat: Conversation) -> None:
    first = chat.say("oi")
    escalation_open(conversation_id=first.message.conversation_id, ask_id=None, guard="test",
                    evidence=None, drafts=[])


def test_receive_keeps_an_escalated_chat_silent_even_for_media(demobank):
    chat = Conversation()
    escalated(chat)
    told = chat.say("oi")  # the first message after the hand-off is told once that a person will answer
    assert (told.provider, told.rule, told.perception) == ("none", "escalated_acknowledged", None)
    turn = chat.say("", kind="media")
    assert (turn.provider, turn.rule, turn.reply, turn.reply_message) == ("none", "escalated_silent", "", None)


def test_receive_acknowledges_an_escalated_chat_once_and_not_once_claimed(demobank):
    chat = Conversation()
    escalated(chat)
    told = chat.say("", kind="media")  # whatever the message is, the bot only says a person will answer
    assert (told.rule, told.reply) == ("escalated_acknowledged", "Um atendente vai responder por aqui em breve.")
    assert [chat.say("oi").rule for _ in range(2)] == ["escalated_silent", "escalated_silent"]


def test_receive_stays_silent_in_an_escalated_chat_a_person_has_claimed(demobank):
    chat = Conversation()
    escalated(chat)
    escalation = Escalation.objects.get(conversation_id=chat.last.conversation_id)
    escalation_claim(escalation_id=escalation.pk, user=get_user_model().objects.get(username="agent"))
    turn = chat.say("oi")
    assert (turn.rule, turn.reply, turn.reply_message) == ("escalated_silent", "", None)


def test_receive_answers_media_with_the_text_only_reply_when_nobody_has_the_chat(demobank):
    turn = Conversation().say("", kind="media")
    assert turn.reply == say("pt-BR", "unsupported")


def test_receive_records_deletions_and_system_notices_without_answering(demobank):
    chat = Conversation()
    said = chat.say("qual meu saldo?")
    deleted = chat.say("", kind="deletion", reply_to=said.message.channel_message_id)
    notice = chat.say("O número de telefone mudou", kind="system")
    assert (deleted.rule, deleted.reply_message) == ("deletion_recorded", None)
    assert (notice.rule, notice.reply_message) == ("system_notice_recorded", None)
    assert Message.objects.filter(kind__in=["deletion", "system"]).count() == 2  # stored, shown to staff


def test_receive_treats_an_edit_of_the_open_asks_message_as_a_correction_of_that_ask(demobank):
    chat = Conversation()
    first = chat.say("manda 200 pro Pedro")
    ask = first.ask
    edit = chat.say("manda 300 pro Pedro", kind="edit", reply_to=first.message.channel_message_id)
    assert edit.rule == "correction_wording" and edit.ask_id == ask.pk
    assert edit.reply_message is not None and "R$\xa0300,00" in edit.reply
    assert ApprovalRequest.objects.get(ask=ask, status="pending").amount_cents == 30000


def test_receive_records_an_edit_of_a_message_of_no_open_ask_without_answering(demobank):
    chat = Conversation()
    said = chat.say("qual meu saldo?")
    edit = chat.say("qual é o meu saldo?", kind="edit", reply_to=said.message.channel_message_id)
    assert (edit.rule, edit.reply_message) == ("edit_recorded", None)


def test_perceive_an_unreachable_model_ends_the_turn_with_the_honest_reply(demobank, fake_openai, settings):
    settings.OPENAI_MAX_RETRIES = 0
    AgentSettings.objects.create(provider="openai", openai_base_url=fake_openai.base_url, openai_api_key="sk",
                                 openai_model="f")
    fake_openai.replies = [500]
    turn = Conversation().say("qual meu saldo?")
    assert turn.status == Turn.Status.FAILED and turn.reply == say("pt-BR", "provider_down")
    assert turn.error_class == ""  # not a crash: it does not count towards handing the chat to people


def test_decide_records_the_rule_and_act_executes_a_tapped_approval_once(demobank):
    chat = Conversation()
    preview = chat.say("manda 200 pro Pedro")
    assert preview.rule == "new_request_without_open_ask"
    tapped = chat.tap(preview)
    assert tapped.rule == "button_confirms" and "enviado para Pedro" in tapped.reply
    request = ApprovalRequest.objects.get(ask=preview.ask)
    assert request.status == "executed" and request.decided_by == f"terminal:{chat.customer}"
    again = chat.tap(preview)  # the same button once more: stale, nothing runs twice
    assert again.rule == "stale_confirmation_button"
    assert ApprovalRequest.objects.get(pk=request.pk).status == "executed"


def test_draft_replaces_the_models_text_by_the_preview_and_deliver_points_the_ask_to_it(demobank):
    turn = Conversation().say("manda 200 pro Pedro")
    ask = Ask.objects.get(pk=turn.ask_id)
    request = ApprovalRequest.objects.get(ask=ask)
    assert ask.status == "awaiting_confirmation" and ask.pending_approval_id == request.pk
    assert turn.reply == request.preview["text"] and request.shown_in_id == turn.reply_message_id
    assert [b["id"].split(":")[:3] for b in turn.reply_message.buttons] == [
        ["confirm", str(ask.pk), str(request.pk)], ["decline", str(ask.pk), str(request.pk)]]


def test_record_writes_in_its_one_statement_what_deliver_left_to_it(demobank):
    """The reply, its attribution, the preview shown in it, the Ask's move and transitions and the recipient
    reference kept alive as long as the request: all written by the trace's statement, none by one of its own."""
    from agent.models import Reference
    from asks.models import AskTransition, Attribution

    seen: list[str] = []

    def spy(execute, sql, params, many, context):
        seen.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(spy):
        turn = Conversation().say("manda 200 pro Pedro")
    request = ApprovalRequest.objects.get(ask_id=turn.ask_id)
    assert request.shown_in_id == turn.reply_message_id
    assert Attribution.objects.get(message_id=turn.reply_message_id).ask_id == turn.ask_id
    assert AskTransition.objects.filter(ask_id=turn.ask_id, target="awaiting_confirmation").exists()
    [reference] = Reference.objects.filter(ask_id=turn.ask_id, kind="recipient")
    # lives as long as the request (which is dated on the server's clock; the reference was made at the
    # message's, 15 s later in this test's conversation)
    assert reference.expires_at >= request.expires_at
    assert not [sql for sql in seen if sql.startswith(('UPDATE "approvals_approvalrequest"', 'UPDATE "asks_ask"',
                                                       'INSERT INTO "asks_asktransition"', 'UPDATE "agent_reference"'))]
    assert Ask.objects.get(pk=turn.ask_id).pending_approval_id == request.pk  # moved by the trace's statement
    # the reply itself too: the only statement of its own that inserts a message is the inbound one the helper
    # stores (with its conversation's time: `conversations.services._inbound_insert_sql`)
    own_message_inserts = ('INSERT INTO "conversations_message"', 'WITH inserted AS (INSERT INTO "conversations_message"')
    assert sum(sql.startswith(own_message_inserts) for sql in seen) == 1
    assert turn.reply_message.text == turn.reply and turn.reply_message.direction == "out"
    # the decision with the Ask it starts and the inbound message's attribution in one statement, then its slot
    # events (`asks.services._record`); the turn's last statement is the one multi-table write (`agent.turn.commit`)
    [decision] = [sql for sql in seen if 'INSERT INTO "asks_decision"' in sql]
    assert decision.startswith('WITH new_ask AS (INSERT INTO "asks_ask"') and decision.count("INSERT") == 3
    assert 'attributed AS (INSERT INTO "asks_attribution"' in decision
    assert not [sql for sql in seen if sql.startswith('INSERT INTO "asks_ask"')]
    assert sum(sql.startswith('INSERT INTO "asks_slotevent"') for sql in seen) == 1
    assert not [sql for sql in seen if sql.startswith('INSERT INTO "asks_attribution"')]
    turn_writes = [sql for sql in seen
                   if sql.startswith("WITH ") and not sql.startswith(own_message_inserts) and sql != decision]
    assert turn_writes == [sql for sql in seen if 'INSERT INTO "agent_turn"' in sql]
    # the reply announced to the conversation's pages by that statement (`pg_notify`), none of its own after it
    assert "pg_notify(" in turn_writes[0]
    assert not [sql for sql in seen if sql.startswith("SELECT pg_notify")]


def test_the_trace_statement_keeps_within_the_parameters_psycopg_caches(demobank):
    """Past 50 parameters psycopg splits a statement's text anew on every execute instead of caching it: the
    trace's statement of a turn that writes a reply, a preview shown, transitions, an extension and an Ask's move
    passes its text columns and transitions as arrays and stays within them."""
    from psycopg._queries import MAX_CACHED_STATEMENT_PARAMS

    counts: list[int] = []

    def spy(execute, sql, params, many, context):
        if 'INSERT INTO "agent_turn"' in sql:
            counts.append(len(params))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(spy):
        turn = Conversation().say("manda 200 pro Pedro")
    assert turn.reply_message_id is not None and ApprovalRequest.objects.get(ask_id=turn.ask_id).shown_in_id
    assert len(counts) == 1 and counts[0] <= MAX_CACHED_STATEMENT_PARAMS, counts


def test_an_ask_moved_under_the_turn_fails_it_and_its_deferred_move_writes_nothing(demobank):
    """The Ask's move `deliver` leaves to the trace's statement is guarded by the status it was read with, as its
    own save was: an Ask found moved fails the turn (ConcurrentTransition) and the move is not written."""
    chat = Conversation()
    first = chat.say("manda 200 pro Pedro")
    chat.say("na verdade, 250")  # reopened, then awaiting the new preview
    ask_id = first.ask_id

    def interfere(execute, sql, params, many, context):
        if "released AS (" in sql and 'INSERT INTO "agent_turn"' in sql:  # just before the turn's last statement
            with connection.cursor() as cursor:
                cursor.execute("UPDATE asks_ask SET status = 'abandoned', abandon_reason = 'cancelled', closed_at = now() "
                               "WHERE id = %s", [ask_id])
        return execute(sql, params, many, context)

    with connection.execute_wrapper(interfere):
        turn = chat.say("na verdade, 300")
    assert turn.status == Turn.Status.FAILED and turn.error_class == "django_fsm.ConcurrentTransition"
    # the whole transaction rolled back (the interference with it): nothing of the 300 was kept
    assert not ApprovalRequest.objects.filter(ask_id=ask_id, amount_cents=30000).exists()
    amounts = {event.value["amount_cents"] for event in SlotEvent.objects.filter(ask_id=ask_id, slot="amount")}
    assert amounts == {20000, 25000}


def test_a_correction_voids_the_request_the_ask_pointed_to(demobank):
    chat = Conversation()
    first = chat.say("manda 200 pro Pedro")
    old = ApprovalRequest.objects.get(ask=first.ask)
    chat.say("na verdade, 250")
    assert ApprovalRequest.objects.get(pk=old.pk).status == "voided"
    assert Ask.objects.get(pk=first.ask_id).pending_approval_id != old.pk
    assert chat.tap(first).rule == "stale_confirmation_button"


def test_a_correction_voids_any_pending_request_of_the_ask_even_one_it_never_pointed_to(demobank):
    """A remote model's turn that stopped between the request's transaction and the Ask's move leaves a pending
    request the Ask does not point to: once the Ask leaves confirmation, that one is void too."""
    chat = Conversation()
    first = chat.say("manda 200 pro Pedro")
    shown = ApprovalRequest.objects.get(ask=first.ask)
    ApprovalRequest.objects.filter(pk=shown.pk).update(status="expired")  # the one it points to: no longer pending
    orphan = ApprovalRequest.objects.create(
        ask_id=first.ask_id, conversation_id=shown.conversation_id, tool=shown.tool, arguments=shown.arguments,
        preview=shown.preview, preview_hash=shown.preview_hash, risk=shown.risk, channel=shown.channel,
        amount_cents=shown.amount_cents, nonce="orphan-nonce", created_at=shown.created_at,
        expires_at=shown.expires_at)
    again = chat.say("na verdade, 250")
    voided = ApprovalRequest.objects.get(pk=orphan.pk)
    assert voided.status == "voided" and voided.reason == "the request moved on (reopen)"
    new = ApprovalRequest.objects.get(ask=first.ask, status="pending")
    assert new.amount_cents == 25000 and Ask.objects.get(pk=first.ask_id).pending_approval_id == new.pk
    assert again.reply == new.preview["text"]


def test_a_correction_reads_no_request_to_replace_nor_a_pix_code_its_ask_cannot_have(demobank):
    """The Ask the correction reopens had its request voided by that move, and none of its messages held a Pix
    code: the new preview looks for neither (issue 20)."""
    chat = Conversation()
    first = chat.say("manda 200 pro Pedro")
    seen: list[str] = []

    def spy(execute, sql, params, many, context):
        seen.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(spy):
        chat.say("na verdade, é pro João")
    assert not [sql for sql in seen if sql.startswith(('SELECT "approvals_approvalrequest"', 'SELECT "agent_pixcode"'))]
    assert [ApprovalRequest.objects.get(ask=first.ask, status=status).preview["facts"]["owner_name"]
            for status in ("voided", "pending")] == ["Pedro Henrique Almeida", "João Pereira Lima"]


def test_a_message_delivered_late_gets_a_preview_with_its_full_time_to_decide(demobank):
    late = datetime.now(UTC) - timedelta(minutes=40)  # older than the 15-minute approval expiry
    turn = Conversation(start=late).say("manda 200 pro Pedro")
    request = ApprovalRequest.objects.get(ask=turn.ask)
    assert request.expires_at > django_timezone.now() + timedelta(minutes=14)


def test_guard_and_deliver_a_draft_failing_twice_is_replaced_and_the_chat_escalated(demobank, use_openai):
    use_openai.replies = [
        completion(tool_calls=[("record_perception", perception_args(None, {"greeting"}))]),
        completion("Sua conta 12345-6 tem R$ 999.999,00."),
        completion("Conta 12345-6: R$ 999.999,00."),
    ]
    turn = Conversation().say("oi")
    assert len(turn.drafts) == 2 and not turn.guards[-1]["passed"]
    assert "12345-6" not in turn.reply
    assert turn.message.conversation.escalations.exists()


def test_record_writes_one_trace_and_marks_the_message_handled(demobank):
    turn = Conversation().say("qual meu saldo?")
    assert Turn.objects.filter(message=turn.message).count() == 1
    assert turn.queries > 0 and turn.tool_calls[0]["name"] == "get_balance"
    assert Message.objects.get(pk=turn.message_id).handled_at == turn.finished_at


def test_a_policy_changed_while_a_task_runs_applies_to_its_next_message(demobank):
    """One task handles every pending message of the conversation; each turn reads the policy in force when it
    starts (the live poison test met this: the second message ran on the policy read for the first)."""
    now = datetime.now(UTC)
    first, second = (message_store_inbound(channel_user_id="5511999990001", channel_message_id=f"policy-race-{i}",
                                           sent_at=now + timedelta(seconds=i), text=text, kind="text",
                                           channel="terminal").message
                     for i, text in enumerate(["qual meu saldo?", "manda 200 pro Pedro"]))
    changed = []

    def change_policy_after_the_first_turn(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if not changed and 'INSERT INTO "agent_turn"' in sql:  # the trace's INSERT (it marks the message handled too)
            changed.append(True)
            gates_without_money_approval(demobank)
        return result

    with connection.execute_wrapper(change_policy_after_the_first_turn):
        turn_handle(message_id=first.pk)
    assert changed
    turn = Turn.objects.get(message=second)
    assert turn.reply.startswith("Pix de R$\xa0200,00 enviado"), turn.reply  # no approval asked: the new policy


def test_a_booking_that_ran_before_the_model_broke_is_answered_as_booked(demoschool, use_openai):
    """The school books without approval by default; when the completion after the booking is unusable, the
    customer reads the booking from its result (code), not "technical problem" over a booking that exists."""
    use_openai.replies = [
        completion(tool_calls=[("record_perception", perception_args("availability", {"new_request"}, lang="ca",
                                                                      activity="escalada"))]),
        completion(tool_calls=[("check_availability", {"activity": "escalada", "date": None, "party_size": 2})]),
        _then("create_booking", SLOT, party_size=2),
        {**completion("Fet!"), "choices": []},  # the model breaks after the effect
    ]
    before = set(Booking.objects.values_list("pk", flat=True))
    turn = Conversation(customer="376600001").say("vull fer escalada per a dos")
    booking = Booking.objects.exclude(pk__in=before).get()
    assert turn.status == Turn.Status.FAILED and "no choices" in turn.error
    assert turn.reply.startswith("Reserva feta") and "/pay/" in turn.reply and booking.party_size == 2, turn.reply
    assert turn.reply != say("ca", "provider_down")


def _stamp(sql: str, *params: Any) -> str | None:
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {sql}", list(params))
        return cursor.fetchone()[0]


def test_the_agent_settings_are_read_once_per_stamp_and_again_once_they_change(demobank, settings):
    """The turn reads its provider's settings again only when the row's stamp (read with the pending message)
    changed: an unchanged stamp costs no statement, an edited row applies to the next turn."""
    from django.test.utils import CaptureQueriesContext

    from agent.providers import agent_settings_stamp_sql, provider_for_current_organisation

    settings.OPENAI_API_KEY, settings.OPENAI_BASE_URL = "sk-test", "http://127.0.0.1:9/v1"
    AgentSettings.objects.update_or_create(pk=1, defaults={"provider": "builtin"})
    before = _stamp(agent_settings_stamp_sql())
    assert provider_for_current_organisation(stamp=before).name == "builtin"
    with CaptureQueriesContext(connection) as queries:
        assert provider_for_current_organisation(stamp=before).name == "builtin"
    assert len(queries) == 0
    AgentSettings.objects.filter(pk=1).update(provider="default")  # the platform's: OpenAI, a key is set
    after = _stamp(agent_settings_stamp_sql())
    assert after != before
    assert provider_for_current_organisation(stamp=after).name == "openai"


def test_the_organisation_in_force_is_read_again_once_its_policy_changes(demobank):
    """The organisation and its policy are cached on their stamp: the same stamp reads nothing, a changed policy
    changes the stamp and is read (what the next turn applies)."""
    from django.test.utils import CaptureQueriesContext

    from tenants.selectors import organisation_in_force, organisation_stamp_sql

    before = _stamp(organisation_stamp_sql(), demobank.schema_name)
    first = organisation_in_force(stamp=before)
    with CaptureQueriesContext(connection) as queries:
        assert organisation_in_force(stamp=before) is first
    assert len(queries) == 0
    gates_without_money_approval(demobank)
    after = _stamp(organisation_stamp_sql(), demobank.schema_name)
    assert after != before
    assert organisation_in_force(stamp=after).policy != first.policy
