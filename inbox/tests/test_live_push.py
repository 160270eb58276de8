"""Server push to the open chat (magie/live.py): writes announce themselves after commit through a named callback;
one listener per process fans PostgreSQL notifications out to the streams of their (organisation, chat) only; the
chat's event stream is for staff who may read it, carries ids only, is capped per process and ends by itself."""

from __future__ import annotations

import threading
import time

import psycopg
import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone

from conversations.services import conversation_topic, message_store_inbound
from inbox.services import escalation_note_add
from inbox.tests.helpers import chat_make, escalation_make, staff
from magie.live import CHANNEL, LiveEvent, LiveHub
from testing.organisations import signed_in


def announced(callbacks) -> list[LiveEvent]:
    return [callback.event for callback in callbacks if callback.__name__ == "live_notify_after_commit"]


def test_a_note_is_announced_after_commit_with_ids_only(demobank, django_capture_on_commit_callbacks):
    escalation = escalation_make(chat_make(name="Ana Push"))
    topic = conversation_topic(escalation.conversation_id)
    with django_capture_on_commit_callbacks() as callbacks:
        note = escalation_note_add(escalation_id=escalation.pk, user=staff("admin"), text="ligar amanhã")
    assert announced(callbacks) == [LiveEvent("demobank", topic, "note", note.pk)]


def test_a_stored_message_is_announced_by_its_own_statement_when_it_commits_only(committed):
    """The inbound message's INSERT carries its `pg_notify`: PostgreSQL sends it at commit, with the JSON a
    LiveEvent makes; nothing for a rolled back store or a redelivery."""
    from django.db import transaction
    from django_tenants.utils import schema_context

    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as listener:
        listener.execute(f"LISTEN {CHANNEL}")

        def heard() -> list[LiveEvent | None]:
            return [LiveEvent.parse(note.payload) for note in listener.notifies(timeout=0.5)]

        with schema_context("demobank"):
            with transaction.atomic():
                stored = message_store_inbound(channel_user_id="5511999990077", channel_message_id="wamid.push-1",
                                               text="cheguei", name="Ana", sent_at=timezone.now())
            assert heard() == [LiveEvent("demobank", conversation_topic(stored.message.conversation_id), "message",
                                         stored.message.pk)]
            with transaction.atomic():
                message_store_inbound(channel_user_id="5511999990077", channel_message_id="wamid.push-2",
                                      text="outra", name="Ana", sent_at=timezone.now())
                transaction.set_rollback(True)
            again = message_store_inbound(channel_user_id="5511999990077", channel_message_id="wamid.push-1",
                                          text="cheguei", name="Ana", sent_at=timezone.now())
            assert again.created is False and heard() == []


def test_a_turns_reply_is_announced_by_the_turns_statement_when_it_commits(committed,
                                                                          django_capture_on_commit_callbacks):
    """The reply a turn stores is announced by the turn's one statement (its `pg_notify`, sent at commit): the
    pages hear the inbound message and then the reply, with no callback and no statement of its own after (the
    delivery's receipt is still announced after its own commit)."""
    from django_tenants.utils import schema_context

    from agent.turn import turn_handle
    from conversations.models import Message

    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as listener:
        listener.execute(f"LISTEN {CHANNEL}")
        with schema_context("demobank"):
            stored = message_store_inbound(channel_user_id="5511999990078", channel_message_id="wamid.push-turn",
                                           text="oi", name="Ana", sent_at=timezone.now())
            seen: list[tuple[str, list]] = []

            def spy(execute, sql, params, many, context):
                seen.append((sql, list(params or [])))
                return execute(sql, params, many, context)

            with django_capture_on_commit_callbacks(execute=True) as callbacks, connection.execute_wrapper(spy):
                turn_handle(message_id=stored.message.pk)
            reply = Message.objects.get(conversation_id=stored.message.conversation_id, direction="out")
            topic = conversation_topic(stored.message.conversation_id)
            heard = [LiveEvent.parse(note.payload) for note in listener.notifies(timeout=0.5)]
            assert [event for event in heard if event and event.kind == "message"] == [
                LiveEvent("demobank", topic, "message", stored.message.pk),
                LiveEvent("demobank", topic, "message", reply.pk)]
        assert [event for event in announced(callbacks) if event.kind == "message"] == []
        assert not [params for sql, params in seen
                    if sql.startswith("SELECT pg_notify") and '"k":"message"' in str(params)]


def test_a_receipt_is_announced_for_its_message(demobank, django_capture_on_commit_callbacks):
    from conversations.services import message_store_outbound
    from whatsapp.models import Delivery
    from whatsapp.payloads import StatusItem
    from whatsapp.services import status_record

    conversation = chat_make(name="Bia Recibo")
    reply = message_store_outbound(conversation=conversation, text="Olá", sent_at=timezone.now())
    delivery = Delivery.objects.create(message=reply)
    delivery.accept(wamid="wamid.out-push")
    delivery.save()
    with django_capture_on_commit_callbacks() as callbacks:
        status_record(item=StatusItem(phone_number_id="1", wamid="wamid.out-push", status="delivered",
                                      at=timezone.now(), recipient_id=conversation.customer.channel_user_id))
    assert announced(callbacks) == [LiveEvent("demobank", conversation_topic(conversation.pk), "receipt", reply.pk)]


def test_the_hub_hands_an_event_only_to_the_streams_of_its_organisation_and_chat():
    hub = LiveHub()
    hub._start = lambda: None  # no listener: notifications are handed in directly
    mine = hub.subscribe(schema="demobank", topic="conversation:7", limit=10, lifetime=0.3, heartbeat=0.1)
    other_org = hub.subscribe(schema="demoschool", topic="conversation:7", limit=10, lifetime=0.3, heartbeat=0.1)
    other_chat = hub.subscribe(schema="demobank", topic="conversation:8", limit=10, lifetime=0.3, heartbeat=0.1)
    assert hub.dispatch(LiveEvent("demobank", "conversation:7", "message", 41).payload()) == 1
    assert hub.dispatch("not json") == 0

    body = b"".join(mine).decode()
    assert "event: message\ndata: {\"ref\": 41}" in body and body.endswith("event: bye\ndata: {}\n\n")
    assert ": heartbeat" in body  # nothing for a while: a comment keeps the connection checked
    for stream in (other_org, other_chat):
        assert "event: message" not in b"".join(stream).decode()


def test_a_stream_checks_organisation_and_chat_again_on_every_event():
    hub = LiveHub()
    hub._start = lambda: None
    stream = hub.subscribe(schema="demobank", topic="conversation:7", limit=10, lifetime=0.2, heartbeat=1)
    stream.offer(LiveEvent("demoschool", "conversation:7", "message", 1))  # misrouted: never shown
    stream.offer(LiveEvent("demobank", "conversation:7", "note", 2))
    body = b"".join(stream).decode()
    assert "\"ref\": 1" not in body and "event: note\ndata: {\"ref\": 2}" in body


def test_streams_are_capped_per_process_and_a_closed_one_frees_its_place():
    hub = LiveHub()
    hub._start = lambda: None
    first = hub.subscribe(schema="demobank", topic="conversation:1", limit=2)
    hub.subscribe(schema="demobank", topic="conversation:1", limit=2)
    assert hub.subscribe(schema="demobank", topic="conversation:2", limit=2) is None
    first.close()
    first.close()  # twice (the server and Django both close): counted once
    assert hub.subscribe(schema="demobank", topic="conversation:2", limit=2) is not None
    assert hub.count == 2


def test_a_stream_too_slow_for_its_events_is_told_to_resync():
    hub = LiveHub()
    hub._start = lambda: None
    stream = hub.subscribe(schema="demobank", topic="conversation:1", limit=2, lifetime=0.1, heartbeat=1)
    for ref in range(200):
        hub.dispatch(LiveEvent("demobank", "conversation:1", "message", ref).payload())
    body = b"".join(stream).decode()
    assert "event: resync" in body and body.count("event: message") < 64


def test_the_listener_delivers_a_real_notification_within_a_second(db):
    hub = LiveHub()
    stream = hub.subscribe(schema="demobank", topic="conversation:5", limit=4, lifetime=1.5, heartbeat=5)
    assert hub.listening.wait(10), "the listener did not LISTEN"
    received = []

    def read() -> None:
        for chunk in stream:
            received.append((time.monotonic(), chunk.decode()))

    reader = threading.Thread(target=read)
    reader.start()
    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as other_process:
        sent = time.monotonic()
        other_process.execute("SELECT pg_notify(%s, %s)",
                              [CHANNEL, LiveEvent("demobank", "conversation:5", "message", 99).payload()])
        other_process.execute("SELECT pg_notify(%s, %s)",
                              [CHANNEL, LiveEvent("demoschool", "conversation:5", "message", 98).payload()])
    reader.join(5)
    hub.stop()
    events = [(at, chunk) for at, chunk in received if "event: message" in chunk]
    assert len(events) == 1 and "\"ref\": 99" in events[0][1]
    assert events[0][0] - sent < 1.0


@pytest.fixture
def short_streams(settings):
    settings.MAGIE_LIVE_STREAM_SECONDS = 0.3
    settings.MAGIE_LIVE_HEARTBEAT_SECONDS = 0.1


def test_the_chat_stream_is_for_staff_of_the_organisation_and_carries_its_chat_only(demobank, short_streams,
                                                                                    monkeypatch):
    from magie import live

    hub = LiveHub()
    hub._start = lambda: None
    monkeypatch.setattr(live, "_hub", hub)
    escalation = escalation_make(chat_make(name="Caio Stream"))
    other = escalation_make(chat_make(name="Duda Outra"))
    connection.set_schema_to_public()
    client = signed_in("demobank", "agent")
    response = client.get(f"/inbox/{escalation.pk}/live/")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/event-stream")
    assert "no-cache" in response["Cache-Control"]
    topic = conversation_topic(escalation.conversation_id)
    hub.dispatch(LiveEvent("demobank", topic, "message", 501).payload())
    hub.dispatch(LiveEvent("demoschool", topic, "message", 502).payload())  # same id, another organisation
    hub.dispatch(LiveEvent("demobank", conversation_topic(other.conversation_id), "message", 503).payload())
    body = b"".join(response.streaming_content).decode()
    assert "\"ref\": 501" in body and "502" not in body and "503" not in body
    assert hub.count == 0  # the stream ended and left

    assert client.get(f"/inbox/{escalation.pk + 10_000}/live/").status_code == 404
    anonymous = Client(HTTP_HOST="demobank.localhost")
    assert anonymous.get(f"/inbox/{escalation.pk}/live/").status_code == 302  # to the sign-in page
    assert hub.count == 0


def test_beyond_its_most_streams_the_server_says_no_content_and_the_page_polls(demobank, settings, monkeypatch):
    from magie import live

    hub = LiveHub()
    hub._start = lambda: None
    monkeypatch.setattr(live, "_hub", hub)
    settings.MAGIE_LIVE_STREAMS = 0
    escalation = escalation_make(chat_make(name="Eva Cheia"))
    connection.set_schema_to_public()
    response = signed_in("demobank", "agent").get(f"/inbox/{escalation.pk}/live/")
    assert response.status_code == 204


def test_the_notes_fragment_shows_a_colleagues_note(demobank):
    escalation = escalation_make(chat_make(name="Fabi Nota"))
    escalation_note_add(escalation_id=escalation.pk, user=staff("admin"), text="cliente VIP, cuidado")
    connection.set_schema_to_public()
    client = signed_in("demobank", "agent")
    body = client.get(f"/inbox/{escalation.pk}/notes/").content.decode()
    assert "cliente VIP, cuidado" in body and "admin" in body
    assert client.get(f"/inbox/{escalation.pk + 10_000}/notes/").status_code == 404


def test_the_chat_page_opens_its_stream(demobank):
    escalation = escalation_make(chat_make(name="Gui Página"), guard="no_full_account_number")
    connection.set_schema_to_public()
    page = signed_in("demobank", "agent").get(f"/inbox/{escalation.pk}/").content.decode()
    assert f'data-live-url="/inbox/{escalation.pk}/live/"' in page and 'id="private-notes"' in page
