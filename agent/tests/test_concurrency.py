"""Turns under real concurrency: the last place raced by two customers, two messages of one customer on a real
worker with concurrency 2, and a worker killed mid-turn."""

import os
import signal
import subprocess
import threading
import time
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from django.db import connection
from django_tenants.utils import schema_context, tenant_context

from agent.models import AgentSettings, Turn
from agent.tests.helpers import Conversation, perception_args
from agent.tests.test_openai_provider import gates_without_money_approval
from bank.models import PixTransfer
from booking.models import Booking, TimeSlot
from conversations.models import Message
from conversations.services import message_store_inbound
from magie.celery import app
from tenants.models import Organisation
from testing.fake_openai import completion


def last_place_slot() -> TimeSlot:
    """The demo's slot tomorrow at 09:00 that has exactly one place left."""
    for slot in TimeSlot.objects.filter(start__gt=datetime.now(UTC)).order_by("start"):
        booked = sum(Booking.objects.filter(slot=slot).exclude(status="cancelled").values_list("party_size", flat=True))
        if slot.capacity - booked == 1 and slot.activity.slug == "ski":
            return slot
    raise AssertionError("the demo has no ski slot with one place left")


def test_two_customers_racing_for_the_last_place_get_one_booking_and_fresh_alternatives(committed):
    school = Organisation.objects.get(schema_name="demoschool")
    with tenant_context(school):
        slot = last_place_slot()
        bookings_before = Booking.objects.filter(slot=slot).count()
        local = slot.start.astimezone(ZoneInfo(school.time_zone))
    text = f"vull reservar esquí el {local.day}/{local.month} a les {local.hour}:{local.minute:02d} per a 1"
    barrier = threading.Barrier(2)
    turns: dict[str, Turn] = {}
    errors: list[BaseException] = []

    def customer(ref: str) -> None:
        try:
            connection.set_tenant(school)  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
            barrier.wait()
            turns[ref] = Conversation(customer=ref).say(text)
        except BaseException as error:  # noqa: BLE001 — reported by the main thread
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=customer, args=(ref,)) for ref in ("376611111", "376622222")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    with tenant_context(school):
        assert Booking.objects.filter(slot=slot).count() == bookings_before + 1
        replies = {ref: turn.reply for ref, turn in turns.items()}
        winners = [ref for ref, reply in replies.items() if "Reserva feta" in reply]
        assert len(winners) == 1, (replies, {ref: turn.guards for ref, turn in turns.items()})
        loser = next(ref for ref in replies if ref not in winners)
        assert "•" in replies[loser]  # the loser is offered the slots that are free now
        loser_calls = {call["name"]: call for call in turns[loser].tool_calls}
        offered = loser_calls["check_availability"]["result"]["data"]["slots"]
        if "create_booking" in loser_calls:  # lost the race at the booking itself
            assert loser_calls["create_booking"]["result"]["error"]["code"] == "conflict"
            assert loser_calls["create_booking"]["result"]["error"]["alternatives"]
        else:  # lost it before: the slot was already gone when it looked
            assert all(o["start"] != slot.start.isoformat() for o in offered)


def test_two_messages_of_one_customer_on_a_real_worker_run_in_order_never_overlapping(real_worker):
    bank = Organisation.objects.get(schema_name="demobank")
    now = datetime.now(UTC)
    with tenant_context(bank):
        # Carla, a holder of the bank: a customer with no account there has the Pix closed as failed at once
        first = message_store_inbound(channel_user_id="5511999990001", channel_message_id="order-1", sent_at=now,
                                      text="manda 200 pro Pedro", channel="terminal").message
        second = message_store_inbound(channel_user_id="5511999990001", channel_message_id="order-2",
                                       sent_at=now + timedelta(seconds=1), text="na verdade, é pro João",
                                       channel="terminal").message
    # queued second-first, as a redelivery or two workers could: the order must still be arrival order
    for message in (second, first):
        app.signature("agent.turn", args=("demobank", message.pk), headers={"_schema_name": "demobank"}).apply_async()
    deadline = time.monotonic() + 60
    with schema_context("demobank"):
        while Turn.objects.filter(message__in=[first, second]).count() < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        one, two = Turn.objects.get(message=first), Turn.objects.get(message=second)
        assert one.pk < two.pk and one.finished_at <= two.started_at
        assert (one.rule, two.rule) == ("new_request_without_open_ask", "correction_wording")
        assert Message.objects.filter(pk__in=[first.pk, second.pk], handled_at__isnull=True).count() == 0


def worker_children(parent: int) -> list[int]:
    found = subprocess.run(["ps", "-o", "pid=", "--ppid", str(parent)], capture_output=True, text=True).stdout
    return [int(pid) for pid in found.split()]


def pix_script(final: str = "Pix enviado.") -> list:
    """What the fake model answers for one run of "manda 200 pro Pedro": perception, lookup, send, final draft."""
    return [
        completion(tool_calls=[("record_perception", perception_args(
            "pix_transfer", {"new_request"}, amount={"amount_cents": 20000, "currency": "BRL"}, recipient="Pedro"))]),
        completion(tool_calls=[("lookup_pix_key", {"key": None, "contact_name": "Pedro"})]),
        lambda request: completion(tool_calls=[("send_pix", {
            "recipient_ref": next(m for m in reversed(request["messages"]) if m["role"] == "tool")["content"]
            .split('"recipient_ref": "')[1].split('"')[0], "amount_cents": 20000, "scheduled_for": None})]),
        completion(final),
    ]


def kill_mid_turn(real_worker, fake_openai, *, hang_on_request: int, message_id: str) -> tuple[Message, int]:
    """Start the turn of "manda 200 pro Pedro" on the real worker, wait until the fake model hangs on request
    number `hang_on_request` (1-based), SIGKILL the pool child there; return the message and the transfers before."""
    bank = Organisation.objects.get(schema_name="demobank")
    with tenant_context(bank):
        gates_without_money_approval(bank)
        AgentSettings.objects.update_or_create(pk=1, defaults={
            "provider": "openai", "openai_base_url": fake_openai.base_url, "openai_api_key": "sk", "openai_model": "f"})
        transfers_before = PixTransfer.objects.count()
        message = message_store_inbound(channel_user_id="5511999990001", channel_message_id=message_id,
                                        sent_at=datetime.now(UTC), text="manda 200 pro Pedro",
                                        channel="terminal").message
    first_run = pix_script()[:hang_on_request]  # the hung request's reply is never delivered
    fake_openai.replies = first_run + pix_script()
    fake_openai.delays = [0] * (hang_on_request - 1) + [30]
    app.signature("agent.turn", args=("demobank", message.pk), headers={"_schema_name": "demobank"}).apply_async()
    deadline = time.monotonic() + 60
    while len(fake_openai.requests) < hang_on_request and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(fake_openai.requests) == hang_on_request, "the turn never reached the hanging model call"
    time.sleep(0.3)  # the request is in flight: the worker waits on the model
    return message, transfers_before


def wait_for_turn(message: Message, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not Turn.objects.filter(message=message).exists() and time.monotonic() < deadline:
        time.sleep(0.2)


def test_a_worker_killed_while_the_model_chooses_the_effect_leaves_none_and_the_redelivery_makes_one(
        real_worker, fake_openai):
    message, transfers_before = kill_mid_turn(real_worker, fake_openai, hang_on_request=3, message_id="kill-1")
    with schema_context("demobank"):
        assert PixTransfer.objects.count() == transfers_before  # nothing is committed before the model chose it
        assert Message.objects.get(pk=message.pk).handled_at is None
    for child in worker_children(real_worker.process.pid):
        os.kill(child, signal.SIGKILL)
    with schema_context("demobank"):
        wait_for_turn(message)
        assert Turn.objects.filter(message=message).count() == 1
        assert PixTransfer.objects.count() == transfers_before + 1  # once, on redelivery
        assert Turn.objects.get(message=message).reply == "Pix enviado."


def test_a_worker_killed_after_the_effect_while_the_model_drafts_resumes_without_a_second_transfer(
        real_worker, fake_openai):
    message, transfers_before = kill_mid_turn(real_worker, fake_openai, hang_on_request=4, message_id="kill-2")
    with schema_context("demobank"):
        # the effect committed in its own short transaction (with its idempotency key), the turn did not finish
        assert PixTransfer.objects.count() == transfers_before + 1
        assert not Turn.objects.filter(message=message).exists()
        assert not Message.objects.filter(conversation_id=message.conversation_id, direction="out",
                                          created_at__gt=message.created_at).exists()
    for child in worker_children(real_worker.process.pid):
        os.kill(child, signal.SIGKILL)
    with schema_context("demobank"):
        wait_for_turn(message)
        turn = Turn.objects.get(message=message)
        assert PixTransfer.objects.count() == transfers_before + 1  # the resumed turn's send_pix found the first
        assert turn.reply == "Pix enviado.", (turn.drafts, turn.guards, turn.error, len(fake_openai.requests),
                                              [(c["name"], c["result"]) for c in turn.tool_calls])
        send = next(call for call in turn.tool_calls if call["name"] == "send_pix")
        assert send["result"]["ok"] and send["effect"]
        assert Message.objects.filter(conversation_id=message.conversation_id, direction="out",
                                      created_at__gt=message.created_at).count() == 1  # one reply


def test_while_the_model_thinks_the_turn_holds_no_lock_and_no_transaction_and_a_second_attempt_waits(
        committed, fake_openai):
    """The fake model answers the perception after 1.5 s. Meanwhile another connection locks the conversation row
    at once (NOWAIT), the turn's connection is not inside a transaction, and a second attempt on the same
    conversation is told it is busy instead of starting."""
    from django.db import connection as default_connection
    from django.db import connections, transaction

    from agent.turn import ConversationBusy, turn_handle
    from conversations.models import Conversation as ConversationRow

    bank = Organisation.objects.get(schema_name="demobank")
    with tenant_context(bank):
        AgentSettings.objects.update_or_create(pk=1, defaults={
            "provider": "openai", "openai_base_url": fake_openai.base_url, "openai_api_key": "sk", "openai_model": "f"})
        now = datetime.now(UTC)
        first = message_store_inbound(channel_user_id="5511955554444", channel_message_id="think-1", sent_at=now,
                                      text="oi", channel="terminal").message
        second = message_store_inbound(channel_user_id="5511955554444", channel_message_id="think-2",
                                       sent_at=now + timedelta(seconds=1), text="oi de novo", channel="terminal").message
    fake_openai.replies = [completion(tool_calls=[("record_perception", perception_args(None, {"greeting"}))]),
                           completion("Olá!"),
                           completion(tool_calls=[("record_perception", perception_args(None, {"greeting"}))]),
                           completion("Olá de novo!")]
    fake_openai.delays = [1.5]
    errors: list[BaseException] = []

    def run() -> None:
        try:
            connection.set_tenant(bank)  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
            turn_handle(message_id=first.pk)
        except BaseException as error:  # noqa: BLE001 — reported by the main thread
            errors.append(error)
        finally:
            connection.close()

    worker = threading.Thread(target=run)
    worker.start()
    deadline = time.monotonic() + 10
    while not fake_openai.requests and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(0.2)
    with tenant_context(bank):
        with transaction.atomic():  # another connection than the turn's thread: the row is free at once
            locked = ConversationRow.objects.select_for_update(nowait=True).get(pk=first.conversation_id)
            assert locked.pk == first.conversation_id
        with default_connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                           "AND state LIKE 'idle in transaction%%' AND pid <> pg_backend_pid()")
            assert cursor.fetchone() == (0,)
        try:
            turn_handle(message_id=second.pk)
            raise AssertionError("a second attempt started while the first held the conversation")
        except ConversationBusy:
            pass
    worker.join(timeout=30)
    assert not errors, errors
    with schema_context("demobank"):
        one, two = Turn.objects.get(message=first), Turn.objects.get(message=second)  # the holder drained both
        assert (one.reply, two.reply) == ("Olá!", "Olá de novo!") and one.finished_at <= two.started_at
    connections.close_all()


def _turn_in_thread(bank, message_id: int, errors: list) -> threading.Thread:
    from agent.turn import turn_handle

    def run() -> None:
        try:
            connection.set_tenant(bank)  # type: ignore[attr-defined]  # django-tenants' PostgreSQL backend
            turn_handle(message_id=message_id)
        except BaseException as error:  # noqa: BLE001 — reported by the main thread
            errors.append(error)
        finally:
            connection.close()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def _wait_for_requests(fake_openai, count: int) -> None:
    deadline = time.monotonic() + 10
    while len(fake_openai.requests) < count and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(0.2)


def test_a_conversation_moved_while_the_model_drafts_is_recomputed_before_anything_is_sent(committed, fake_openai):
    """People take the chat while the model is drafting: the turn finds the conversation moved, starts again from
    the top with what the message said, and stays silent (the chat is escalated) instead of sending the draft."""
    from inbox.services import escalation_open

    bank = Organisation.objects.get(schema_name="demobank")
    with tenant_context(bank):
        AgentSettings.objects.update_or_create(pk=1, defaults={
            "provider": "openai", "openai_base_url": fake_openai.base_url, "openai_api_key": "sk", "openai_model": "f"})
        message = message_store_inbound(channel_user_id="5511944443333", channel_message_id="moved-1",
                                        sent_at=datetime.now(UTC), text="oi", channel="terminal").message
    fake_openai.replies = [completion(tool_calls=[("record_perception", perception_args(None, {"greeting"}))]),
                           completion("Olá! Em que posso ajudar?")]
    fake_openai.delays = [0, 1.5]  # the draft takes a while
    errors: list[BaseException] = []
    thread = _turn_in_thread(bank, message.pk, errors)
    _wait_for_requests(fake_openai, 2)
    with tenant_context(bank):
        escalation_open(conversation_id=message.conversation_id, ask_id=None, guard="staff",
                        evidence=None, drafts=[])
    thread.join(timeout=30)
    assert not errors, errors
    with schema_context("demobank"):
        turn = Turn.objects.get(message=message)
        assert (turn.rule, turn.reply, turn.reply_message_id) == ("escalated_silent", "", None)
        assert not Message.objects.filter(conversation_id=message.conversation_id, direction="out").exists()
    assert len(fake_openai.requests) == 2  # the perception was kept; nothing was drafted again
