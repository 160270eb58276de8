"""The simulator: a test tool for admins, as sandbox customers only, on only where the platform enables it. Messages
it stores are on the simulator channel, marked with the staff member who typed them, read by the webhook's own
parser; the phone view shows messages in and out, taps buttons and swipe-replies — for sandbox customers only."""

from __future__ import annotations

import pytest
from django.utils import timezone
from django_tenants.utils import schema_context

from conversations.models import Conversation, Customer, Message
from conversations.services import message_store_inbound, message_store_outbound
from tenants.demo import DEMO_PASSWORD
from testing.organisations import signed_in

CARLA = "5511999990001"  # a sandbox customer of the demo bank
ANA = "5511999990002"  # a real customer (holder) of the demo bank


def send(client, **body):
    return client.post("/simulator/send", body, content_type="application/json")


@pytest.mark.django_db
def test_the_simulator_needs_a_staff_login(host_client):
    response = host_client("demobank").get("/simulator/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    assert host_client("demobank").post("/simulator/send", {}).status_code == 302


@pytest.mark.django_db
@pytest.mark.parametrize("role", ["agent", "auditor"])
def test_agents_and_auditors_cannot_use_the_simulator(role, django_capture_on_commit_callbacks):
    client = signed_in("demobank", role)
    page = client.get("/simulator/")
    # demobank's back office is in pt-BR: the refusal is its error page, in its words, with a way back
    assert page.status_code == 403, page.status_code
    shown = page.content.decode()
    assert "Só os administradores da organização podem usar o simulador de WhatsApp." in shown
    assert "Only the organisation" not in shown and 'href="/admin/"' in shown
    listed = client.get("/simulator/messages", {"wa_id": CARLA})
    assert listed.status_code == 403 and listed.json()["code"] == "simulator_refused"
    with django_capture_on_commit_callbacks(execute=True) as queued:
        refused = send(client, wa_id=CARLA, text="manda 200 pro Pedro")
    assert refused.status_code == 403 and refused.json()["code"] == "simulator_refused" and queued == []
    with schema_context("demobank"):
        assert not Message.objects.filter(direction="in").exists()


@pytest.mark.django_db
def test_the_simulator_is_off_unless_the_platform_enables_it(settings):
    settings.MAGIE_SIMULATOR = False
    client = signed_in("demobank")
    page = client.get("/simulator/")
    assert page.status_code == 404 and "desligado nesta plataforma (MAGIE_SIMULATOR)" in page.content.decode()
    assert send(client, wa_id=CARLA, text="oi").json()["code"] == "simulator_off"


@pytest.mark.django_db
def test_the_page_lists_only_sandbox_customers_and_no_secret():
    response = signed_in("demobank").get("/simulator/")
    assert response.status_code == 200
    page = response.content.decode()
    assert f'value="{CARLA}"' in page and "Banco Demo" in page and ANA not in page
    assert "demo-app-secret" not in page and "demo-access-token" not in page and "demo-verify" not in page
    assert 'nonce="' in page  # its script runs under the CSP


@pytest.mark.django_db
def test_an_admin_cannot_talk_as_a_real_customer_nor_read_their_messages(demobank, django_capture_on_commit_callbacks):
    real = message_store_inbound(channel_user_id=ANA, channel_message_id="wamid.real-ana", sent_at=timezone.now(),
                                 text="oi", name="Ana").message
    conversation = Conversation.objects.get(customer__channel_user_id=ANA)
    message_store_outbound(conversation=conversation, text="Confirma?", sent_at=timezone.now(),
                           buttons=[{"id": "confirm:1:secret-token:signature", "title": "Aprovar"}])
    client = signed_in("demobank")
    with django_capture_on_commit_callbacks(execute=True) as queued:
        refused = send(client, wa_id=ANA, text="manda 100 pro Pedro")
        tap = send(client, wa_id=ANA, button_id="confirm:1:secret-token:signature", button_title="Aprovar",
                   reply_to=real.channel_message_id)
        unknown = send(client, wa_id="5511000000000", text="oi")
    for answer in (refused, tap, unknown):
        assert answer.status_code == 403 and "não é um cliente de teste desta organização" in answer.json()["message"]
    assert queued == []
    listed = client.get("/simulator/messages", {"wa_id": ANA})
    assert listed.status_code == 403 and "secret-token" not in listed.content.decode()
    assert Message.objects.filter(conversation=conversation, direction="in").count() == 1
    assert not Customer.objects.filter(channel_user_id="5511000000000").exists()


@pytest.mark.django_db
def test_a_text_and_a_button_tap_are_stored_as_simulated_and_queue_their_turns(
        turns, django_capture_on_commit_callbacks):
    client = signed_in("demobank")
    with django_capture_on_commit_callbacks(execute=True):
        response = send(client, wa_id=CARLA, name="Carla", text="oi")
    assert response.status_code == 200, response.content
    assert response.json()["stored"] == 1 and response.json()["turn_queued"] is True
    with schema_context("demobank"):
        conversation = Conversation.objects.get(customer__channel_user_id=CARLA)
        reply = message_store_outbound(conversation=conversation, text="Confirma?", sent_at=timezone.now(),
                                       channel=Message.Channel.SIMULATOR,
                                       buttons=[{"id": "approval:9:yes", "title": "Sim"},
                                                {"id": "approval:9:no", "title": "Não"}])
    phone = client.get("/simulator/messages", {"wa_id": CARLA}).json()["messages"]
    assert [(m["direction"], m["text"]) for m in phone] == [("in", "oi"), ("out", "Confirma?")]
    assert phone[1]["buttons"][0] == {"id": "approval:9:yes", "title": "Sim"} and phone[1]["status"] == "simulated"
    tap = {"wa_id": CARLA, "button_id": "approval:9:yes", "button_title": "Sim", "reply_to": reply.channel_message_id}
    with django_capture_on_commit_callbacks(execute=True):
        assert send(client, **tap).status_code == 200
    with schema_context("demobank"):
        first, tapped = Message.objects.filter(direction="in").order_by("pk")
        assert (tapped.kind, tapped.payload, tapped.text, tapped.reply_to) == (
            "button", "approval:9:yes", "Sim", reply.channel_message_id)
        assert {first.channel, tapped.channel} == {"simulator"} and {first.simulated_by, tapped.simulated_by} == {
            "admin"}
        assert tapped.conversation.customer.name == "Carla"
    assert turns.message_ids() == [first.pk, tapped.pk]


@pytest.mark.django_db
def test_a_swipe_reply_and_a_list_choice(turns, django_capture_on_commit_callbacks):
    client = signed_in("demostore")
    with django_capture_on_commit_callbacks(execute=True):
        assert send(client, wa_id="5491155550001", text="hola").status_code == 200
    with schema_context("demostore"):
        first = Message.objects.get(direction="in")
    quote = {"wa_id": "5491155550001", "text": "ese", "reply_to": first.channel_message_id}
    choose = {"wa_id": "5491155550001", "button_id": "model:12", "button_title": "Moto G", "list": True}
    with django_capture_on_commit_callbacks(execute=True):
        for body in (quote, choose):
            assert send(client, **body).status_code == 200
    with schema_context("demostore"):
        _, quoted, chosen = Message.objects.filter(direction="in").order_by("pk")
    assert quoted.reply_to == first.channel_message_id
    assert (chosen.kind, chosen.payload) == ("list", "model:12")
    assert len(turns.calls) == 3


@pytest.mark.django_db
def test_bad_simulator_input_is_400():
    client = signed_in("demobank")
    assert send(client, wa_id="abc", text="oi").status_code == 400
    assert send(client, wa_id="5511").status_code == 400
    assert client.post("/simulator/send", "nope", content_type="application/json").status_code == 400
    assert client.post("/simulator/send", "[1]", content_type="application/json").status_code == 400


@pytest.mark.browser
def test_an_admin_sends_oi_and_sees_it_in_the_phone(page, site, turns):
    base = site("demobank")
    page.goto(f"{base}/admin/login/?next=/simulator/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", DEMO_PASSWORD)
    page.click("#login-form [type=submit]")
    page.wait_for_url(f"{base}/simulator/")
    assert page.locator("#wa_id").input_value() == CARLA
    page.fill("#text", "oi")
    # the page's poll can show the bubble before the send is answered (and its turn published after commit): the
    # answer is awaited, not the bubble alone
    with page.expect_response(lambda r: r.url.endswith("/simulator/send") and r.request.method == "POST") as sent:
        page.click("#send")
    assert sent.value.status == 200, sent.value.text()
    bubble = page.locator(".bubble.in .text", has_text="oi")
    bubble.wait_for()
    assert bubble.count() == 1 and page.locator("#error").inner_text() == ""
    with schema_context("demobank"):
        stored = Message.objects.get(direction="in")
        assert (stored.text, stored.channel, stored.simulated_by) == ("oi", "simulator", "admin")
    assert len(turns.calls) == 1
