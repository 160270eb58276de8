"""Outbound delivery against a fake Cloud API over real HTTP: payloads, limits, retries, idempotency."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django_tenants.utils import schema_context

from conversations.models import Conversation, Message
from conversations.services import customer_get_or_create, message_store_outbound
from whatsapp import sender
from whatsapp.models import Delivery
from whatsapp.sender import connections_forget, outbound_check, rate_reset
from whatsapp.services import BUSY, DONE, RETRY, delivery_send
from whatsapp.tasks import deliver_task
from whatsapp.tests.conftest import BANK_NUMBER, CUSTOMER, change, encode, envelope, inbound, post, signed

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_rate():
    rate_reset(phone_number_id=BANK_NUMBER)
    yield
    rate_reset(phone_number_id=BANK_NUMBER)


def reply(text: str = "Seu saldo é R$ 10,00", buttons=None, *, kind: str | None = None,
          last_inbound: timedelta | None = timedelta(minutes=5)) -> Message:
    """An outbox message of the demo customer (as conversations stores it), in demobank."""
    customer = customer_get_or_create(channel_user_id=CUSTOMER)
    conversation = Conversation.objects.get(customer=customer)
    conversation.last_inbound_at = timezone.now() - last_inbound if last_inbound is not None else None
    conversation.save()
    message = message_store_outbound(conversation=conversation, text=text, sent_at=timezone.now(), buttons=buttons)
    if kind:
        Message.objects.filter(pk=message.pk).update(kind=kind)
    return message


def send_until_done(message: Message, limit: int = 20) -> list[str]:
    """Run the delivery as the task would, each retry at once (the backoff is the task's countdown) — except the
    wait of a rate-limited one (a number paused after a 429), which the test settings keep short."""
    states = []
    for _ in range(limit):
        outcome = delivery_send(message_id=message.pk)
        states.append(outcome.state)
        if outcome.state != RETRY:
            return states
        if outcome.rate_limited:
            time.sleep(min(outcome.retry_in, 1.0))
    raise AssertionError(f"never finished: {states}")


def test_a_text_is_sent_with_the_token_to_the_numbers_endpoint(demobank, fake_graph):
    message = reply()
    assert send_until_done(message) == [DONE]
    [request] = fake_graph.requests
    assert request.path == f"/v21.0/{BANK_NUMBER}/messages"
    assert request.headers["Authorization"] == "Bearer demo-access-token-demobank"
    delivery = Delivery.objects.get(message=message)
    assert request.json == {"messaging_product": "whatsapp", "recipient_type": "individual", "to": CUSTOMER,
                            "type": "text", "text": {"body": "Seu saldo é R$ 10,00", "preview_url": False},
                            "biz_opaque_callback_data": f"magie-delivery:{delivery.pk}"}  # echoed in receipts
    assert (delivery.status, delivery.wamid, delivery.phone_number_id) == ("sent", "wamid.FAKE-1", BANK_NUMBER)
    assert [a["status_code"] for a in delivery.attempts] == [200]
    message.refresh_from_db()
    assert message.channel_message_id == "wamid.FAKE-1"  # swipe-replies to it resolve


def test_a_swipe_reply_to_a_sent_message_quotes_its_wamid(demobank, fake_graph, platform, turns,
                                                          django_capture_on_commit_callbacks):
    message = reply()
    delivery_send(message_id=message.pk)
    body = encode(envelope(change(messages=[inbound("text", {"body": "e esse?"}, context="wamid.FAKE-1")])))
    with django_capture_on_commit_callbacks(execute=True):
        assert post(platform, body, **signed(body)).status_code == 200
    with schema_context("demobank"):
        quoted = Message.objects.get(direction="in").reply_to
        assert Message.objects.get(channel_message_id=quoted).pk == message.pk


def test_up_to_three_options_are_reply_buttons(demobank, fake_graph):
    buttons = [{"id": "approval:1:yes", "title": "Aprovar"}, {"id": "approval:1:no", "title": "Recusar"}]
    send_until_done(reply("Confirma o Pix de R$ 50 para Ana?", buttons))
    interactive = fake_graph.requests[0].json["interactive"]
    assert interactive == {"type": "button", "body": {"text": "Confirma o Pix de R$ 50 para Ana?"}, "action": {
        "buttons": [{"type": "reply", "reply": {"id": "approval:1:yes", "title": "Aprovar"}},
                    {"type": "reply", "reply": {"id": "approval:1:no", "title": "Recusar"}}]}}


def test_four_to_ten_options_or_kind_list_are_a_list_message(demobank, fake_graph):
    rows = [{"id": f"slot:{i}", "title": f"Sábado {8 + i}h", "description": "Escalada"} for i in range(5)]
    send_until_done(reply("Escolha um horário", rows))
    send_until_done(reply("Escolha", rows[:2], kind="list"))
    first, second = (request.json["interactive"] for request in fake_graph.requests)
    assert first["type"] == "list" and first["action"]["button"] == "Opções"
    assert first["action"]["sections"][0]["rows"][0] == {"id": "slot:0", "title": "Sábado 8h",
                                                         "description": "Escalada"}
    assert second["type"] == "list" and len(second["action"]["sections"][0]["rows"]) == 2


@pytest.mark.parametrize(("text", "buttons", "reason"), [
    ("x" * 4097, None, "text longer than 4096"),
    ("Escolha", [{"id": f"o{i}", "title": f"Opção {i}"} for i in range(11)], "at most 10 options"),
    ("Confirma?", [{"id": "a", "title": "Confirmar transferência"}], "1 to 20 characters"),
    ("Confirma?", [{"id": "a", "title": "Sim"}, {"id": "a", "title": "Não"}], "share an id"),
    ("Confirma?", [{"id": "", "title": "Sim"}], "id is empty"),
    ("y" * 1025, [{"id": "a", "title": "Sim"}], "at most 1024"),
])
def test_a_message_breaking_a_limit_is_refused_before_any_call(demobank, fake_graph, text, buttons, reason):
    message = reply(text, buttons)
    assert send_until_done(message) == [DONE]
    delivery = Delivery.objects.get(message=message)
    assert delivery.status == "failed" and reason in delivery.error_title
    assert delivery.error_title.startswith("outbound_invalid") and fake_graph.requests == []


def test_the_limits_can_be_checked_before_storing():
    assert outbound_check(text="x" * 4096, buttons=[]) == "text"
    assert outbound_check(text="ok", buttons=[{"id": "a", "title": "x" * 20}]) == "button"
    assert outbound_check(text="ok", buttons=[{"id": "a", "title": "x" * 24}], as_list=True) == "list"


@pytest.mark.parametrize("last_inbound", [timedelta(hours=25), None], ids=["older-than-24h", "never-wrote"])
def test_outside_the_24_hour_window_the_text_goes_as_the_template(demobank, fake_graph, last_inbound):
    send_until_done(reply("Seu Pix foi concluído.\nObrigado!", [{"id": "a", "title": "Ok"}],
                          last_inbound=last_inbound))
    body = fake_graph.requests[0].json
    assert body["type"] == "template"
    assert body["template"] == {"name": "magie_reply", "language": {"code": "pt_BR"}, "components": [
        {"type": "body", "parameters": [{"type": "text", "text": "Seu Pix foi concluído. Obrigado!"}]}]}


def test_500_500_200_sends_once_with_three_attempts_recorded(demobank, fake_graph):
    fake_graph.script = [500, 500, 200]
    message = reply()
    assert send_until_done(message) == [RETRY, RETRY, DONE]
    delivery = Delivery.objects.get(message=message)
    assert delivery.status == "sent" and delivery.wamid == "wamid.FAKE-3"
    assert [a["status_code"] for a in delivery.attempts] == [500, 500, 200]
    assert all(a["at"] for a in delivery.attempts) and "HTTP 500" in delivery.attempts[0]["error"]
    assert len(fake_graph.sent()) == 1


def test_429_and_network_errors_are_retried(demobank, fake_graph, settings):
    fake_graph.script = [429]
    message = reply()
    assert send_until_done(message) == [RETRY, DONE]
    assert [a["status_code"] for a in Delivery.objects.get(message=message).attempts] == [429, 200]
    settings.WHATSAPP_GRAPH_URL = "http://127.0.0.1:9/v21.0"  # discard port: connection refused
    other = reply("outra")
    assert delivery_send(message_id=other.pk).state == RETRY
    attempt = Delivery.objects.get(message=other).attempts[0]
    assert attempt["status_code"] is None and attempt["error"].startswith("network")
    assert Delivery.objects.get(message=other).status == "pending"


def test_sends_share_one_kept_connection(demobank, fake_graph):
    connections_forget()
    for text in ("um", "dois", "três"):
        assert send_until_done(reply(text)) == [DONE]
    assert len({request.peer for request in fake_graph.sent()}) == 1  # one TCP connection (and TLS handshake)


def test_a_kept_connection_the_server_closed_is_replaced_before_the_send(demobank, fake_graph):
    connections_forget()
    fake_graph.drop_connections = True  # as a server closes an idle keep-alive connection, without a word
    first, second = reply("um"), reply("dois")
    assert send_until_done(first) == [DONE]
    time.sleep(0.2)  # the server has closed it by now
    assert send_until_done(second) == [DONE]  # not a network error, not an unknown outcome: a new connection
    assert [len(Delivery.objects.get(message=m).attempts) for m in (first, second)] == [1, 1]
    assert len({request.peer for request in fake_graph.sent()}) == 2


def test_a_kept_connection_idle_too_long_is_replaced(demobank, fake_graph, monkeypatch):
    connections_forget()
    assert send_until_done(reply("um")) == [DONE]
    monkeypatch.setattr(sender, "KEEP_IDLE_SECONDS", 0.0)  # every kept connection is too old now
    assert send_until_done(reply("dois")) == [DONE]
    assert len({request.peer for request in fake_graph.sent()}) == 2


def test_a_4xx_other_than_429_fails_at_once(demobank, fake_graph):
    fake_graph.script = [400]
    message = reply()
    assert send_until_done(message) == [DONE]
    delivery = Delivery.objects.get(message=message)
    assert (delivery.status, delivery.error_code, len(delivery.attempts)) == ("failed", 100, 1)


def test_attempts_are_bounded(demobank, fake_graph, settings):
    settings.WHATSAPP_SEND_MAX_ATTEMPTS = 3
    fake_graph.script = [503] * 10
    message = reply()
    assert send_until_done(message) == [RETRY, RETRY, DONE]
    assert Delivery.objects.get(message=message).status == "failed"


def test_a_delivery_already_sent_is_never_sent_twice(demobank, fake_graph):
    message = reply()
    delivery_send(message_id=message.pk)
    assert delivery_send(message_id=message.pk).state == DONE
    assert deliver_task.apply(args=("demobank", message.pk)).get() == DONE
    assert len(fake_graph.requests) == 1


def test_a_delivery_being_sent_elsewhere_is_left_alone_until_stale(demobank, fake_graph, settings):
    message = reply()
    delivery = Delivery.objects.create(message=message)
    delivery.claim()
    delivery.save()
    assert delivery_send(message_id=message.pk).state == BUSY and fake_graph.requests == []
    Delivery.objects.filter(pk=delivery.pk).update(claimed_at=timezone.now() - timedelta(minutes=10))
    assert delivery_send(message_id=message.pk).state == DONE and len(fake_graph.requests) == 1


def test_with_the_integration_off_the_delivery_is_simulated(demobank):
    message = reply()
    assert deliver_task.apply(args=("demobank", message.pk)).get() == DONE
    delivery = Delivery.objects.get(message=message)
    assert delivery.status == "sent" and delivery.wamid.startswith("wamid.local-") and delivery.attempts == []
    message.refresh_from_db()
    assert message.channel_message_id == delivery.wamid


def test_an_inbound_message_is_not_delivered(demobank, fake_graph):
    customer = customer_get_or_create(channel_user_id=CUSTOMER)
    message = Message.objects.create(conversation=customer.conversation, direction="in", channel_message_id="wamid.IN",
                                     sent_at=timezone.now(), text="oi")
    assert delivery_send(message_id=message.pk).state == DONE
    assert not Delivery.objects.exists() and fake_graph.requests == []


def test_a_delivery_saved_by_its_built_once_statement_is_guarded_by_the_status_it_was_read_with(demobank):
    from django.db import connection

    from magie.db.statements import update_sql

    delivery = Delivery.objects.create(message=reply())
    before = delivery.updated_at
    delivery.claim()
    sql, params = update_sql(delivery, guard="status", as_read=Delivery.Status.PENDING)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        assert cursor.rowcount == 1
    saved = Delivery.objects.get(pk=delivery.pk)
    assert (saved.status, saved.claimed_at, saved.updated_at > before) == ("sending", delivery.claimed_at, True)
    stale = Delivery.objects.get(pk=delivery.pk)
    Delivery.objects.filter(pk=delivery.pk).update(status=Delivery.Status.FAILED)  # moved by someone else
    stale.release()
    sql, params = update_sql(stale, guard="status", as_read=Delivery.Status.SENDING)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        assert cursor.rowcount == 0
    assert Delivery.objects.get(pk=delivery.pk).status == "failed"


def test_a_reply_handed_over_by_its_turn_is_sent_as_held_and_one_looking_out_of_its_window_is_read_again(
        demobank, fake_graph):
    """`delivery_send(reply=...)`: the turn's instance (its conversation and customer with it) is not read again;
    held with a 24-hour window that looks closed (a message stored during the turn may have reopened it), it is."""
    def reads_of_the_reply(context: CaptureQueriesContext) -> list[str]:
        return [query["sql"] for query in context.captured_queries
                if query["sql"].startswith("SELECT") and 'FROM "conversations_message"' in query["sql"]]

    message = reply()
    held = Message.objects.select_related("conversation__customer").get(pk=message.pk)
    with CaptureQueriesContext(connection) as context:
        assert delivery_send(message_id=message.pk, reply=held).state == DONE
    assert reads_of_the_reply(context) == []
    with CaptureQueriesContext(connection) as context:
        assert delivery_send(message_id=message.pk).state == DONE  # a task: read (and finished already)
    assert len(reads_of_the_reply(context)) == 1
    again = reply("Outra")
    stale = Message.objects.select_related("conversation__customer").get(pk=again.pk)
    stale.conversation.last_inbound_at = timezone.now() - timedelta(hours=30)  # the database says 5 minutes ago
    with CaptureQueriesContext(connection) as context:
        assert delivery_send(message_id=again.pk, reply=stale).state == DONE
    assert len(reads_of_the_reply(context)) == 1
    assert fake_graph.requests[-1].json["type"] == "text"  # read again: inside the window, not the template
    assert [request.json["to"] for request in fake_graph.requests] == [CUSTOMER, CUSTOMER]


def _claimed(message: Message) -> Delivery:
    """The delivery of `message` as a worker holds it once its claim committed (`delivery_send`'s step 3)."""
    delivery = Delivery.objects.create(message=message)
    delivery.claim()
    delivery.save()
    return Delivery.objects.get(pk=delivery.pk)


def test_a_2xx_for_the_claim_as_it_was_made_is_recorded_without_reading_the_row_again(demobank):
    from whatsapp.services import _delivery_record

    message = reply()
    mine = _claimed(message)
    with CaptureQueriesContext(connection) as queries:
        outcome = _delivery_record(delivery_id=mine.pk, result=sender.GraphResult(200, wamid="wamid.OK-1"),
                                   started=timezone.now(), conversation_id=message.conversation_id, claimed=mine)
    assert outcome.state == DONE
    assert not any("FOR UPDATE" in query["sql"] for query in queries.captured_queries)
    saved = Delivery.objects.get(pk=mine.pk)
    assert (saved.status, saved.wamid, saved.claimed_at) == ("sent", "wamid.OK-1", None)
    assert [attempt["wamid"] for attempt in saved.attempts] == ["wamid.OK-1"]
    assert Message.objects.get(pk=message.pk).channel_message_id == "wamid.OK-1"


def test_a_2xx_for_a_claim_taken_over_meanwhile_is_recorded_on_the_row_as_it_is_now(demobank):
    from whatsapp.services import _delivery_record

    message = reply()
    mine = _claimed(message)
    # a sweeper judged the claim stale: its unknown outcome recorded, claimed again by another worker
    taken_over = {"at": mine.claimed_at.isoformat(), "status_code": None, "unknown": True, "wamid": "", "error": "x",
                  "error_code": None}
    Delivery.objects.filter(pk=mine.pk).update(claimed_at=timezone.now() + timedelta(seconds=1),
                                               attempts=[taken_over])
    outcome = _delivery_record(delivery_id=mine.pk, result=sender.GraphResult(200, wamid="wamid.OK-2"),
                               started=timezone.now(), conversation_id=message.conversation_id, claimed=mine)
    assert outcome.state == DONE
    saved = Delivery.objects.get(pk=mine.pk)
    assert (saved.status, saved.wamid) == ("sent", "wamid.OK-2")
    assert [attempt["unknown"] for attempt in saved.attempts] == [True, False]  # appended to the row's attempts
    assert Message.objects.get(pk=message.pk).channel_message_id == "wamid.OK-2"


def test_a_2xx_for_a_claim_a_receipt_settled_meanwhile_changes_nothing(demobank):
    from whatsapp.services import _delivery_record

    message = reply()
    mine = _claimed(message)
    settled = Delivery.objects.get(pk=mine.pk)
    settled.accept(wamid="wamid.RECEIPT")  # Meta's receipt of an earlier send named this delivery
    settled.save()
    outcome = _delivery_record(delivery_id=mine.pk, result=sender.GraphResult(200, wamid="wamid.OK-3"),
                               started=timezone.now(), conversation_id=message.conversation_id, claimed=mine)
    assert outcome.state == DONE
    saved = Delivery.objects.get(pk=mine.pk)
    assert (saved.status, saved.wamid) == ("sent", "wamid.RECEIPT")
    assert Message.objects.get(pk=message.pk).channel_message_id != "wamid.OK-3"


def test_the_first_send_of_a_reply_its_turn_hands_over_is_three_statements(demobank, fake_graph):
    """The number read, the Delivery inserted already claimed, Meta's answer recorded (with the reply's wamid and
    the receipts check) in one statement: no locking read, no transaction of its own."""
    message = reply()
    held = Message.objects.select_related("conversation__customer").get(pk=message.pk)
    with CaptureQueriesContext(connection) as context:
        assert delivery_send(message_id=message.pk, reply=held).state == DONE
    kinds = [query["sql"].split(None, 1)[0] for query in context.captured_queries
             if not query["sql"].startswith("SET search_path")]
    assert kinds == ["SELECT", "INSERT", "WITH"]
    saved = Delivery.objects.get(message=message)
    assert (saved.status, saved.claimed_at, [attempt["status_code"] for attempt in saved.attempts]) == (
        "sent", None, [200])
    assert Message.objects.get(pk=message.pk).channel_message_id == saved.wamid
    assert fake_graph.requests[-1].json["biz_opaque_callback_data"] == f"magie-delivery:{saved.pk}"


def test_a_reply_whose_delivery_exists_already_takes_the_locking_way_and_is_sent_once(demobank, fake_graph):
    message = reply()
    Delivery.objects.create(message=message)  # made by another worker (a sweeper's publish) meanwhile
    held = Message.objects.select_related("conversation__customer").get(pk=message.pk)
    assert delivery_send(message_id=message.pk, reply=held).state == DONE
    assert delivery_send(message_id=message.pk, reply=held).state == DONE
    assert len(fake_graph.requests) == 1 and Delivery.objects.get(message=message).status == "sent"
