"""The simulator: staff only; it signs on the server and posts over real HTTP to the webhook; the phone view shows
messages in and out, taps buttons (button_reply with our id) and swipe-replies (context.id)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone
from django_tenants.utils import schema_context

from conversations.models import Conversation, Message
from conversations.services import message_store_outbound
from magie.testing import signed_in
from tenants.demo import DEMO_PASSWORD
from whatsapp.services import delivery_send
from whatsapp.simulator import webhook_url




@pytest.fixture
def webhook_on_live_server(live_server, committed, settings):
    settings.WHATSAPP_WEBHOOK_URL = f"{live_server.url}/webhooks/whatsapp"
    return settings.WHATSAPP_WEBHOOK_URL


@pytest.mark.django_db
def test_the_simulator_needs_a_staff_login(host_client):
    response = host_client("demobank").get("/simulator/")
    assert response.status_code == 302 and "/admin/login/" in response["Location"]
    assert host_client("demobank").post("/simulator/send", {}).status_code == 302


@pytest.mark.django_db
def test_the_page_keeps_the_secret_on_the_server(settings):
    response = signed_in("demobank").get("/simulator/")
    assert response.status_code == 200
    page = response.content.decode()
    assert 'value="5511999990001"' in page and "Banco Demo" in page
    assert "demo-app-secret" not in page and "demo-access-token" not in page


def test_the_default_webhook_url_is_the_platform_host(settings):
    settings.WHATSAPP_WEBHOOK_URL = ""
    assert webhook_url(scheme="http", port="8000") == "http://localhost:8000/webhooks/whatsapp"
    assert webhook_url(scheme="https", port="443") == "https://localhost/webhooks/whatsapp"


def test_a_text_and_a_button_tap_reach_the_webhook_signed(webhook_on_live_server, turns):
    client = signed_in("demobank")
    response = client.post("/simulator/send", {"wa_id": "5511999990001", "name": "Carla", "text": "oi"},
                           content_type="application/json")
    assert response.status_code == 200, response.content
    assert response.json()["webhook_answer"]["stored"] == 1
    with schema_context("demobank"):  # the agent answers with buttons (delivered in simulated mode)
        conversation = Conversation.objects.get(customer__channel_user_id="5511999990001")
        reply = message_store_outbound(conversation=conversation, text="Confirma?", sent_at=timezone.now(),
                                       buttons=[{"id": "approval:9:yes", "title": "Sim"},
                                                {"id": "approval:9:no", "title": "Não"}])
        delivery_send(message_id=reply.pk)
        reply.refresh_from_db()
    phone = client.get("/simulator/messages", {"wa_id": "5511999990001"}).json()["messages"]
    assert [(m["direction"], m["text"]) for m in phone] == [("in", "oi"), ("out", "Confirma?")]
    assert phone[1]["buttons"][0] == {"id": "approval:9:yes", "title": "Sim"} and phone[1]["status"] == "sent"
    tap = {"wa_id": "5511999990001", "button_id": "approval:9:yes", "button_title": "Sim",
           "reply_to": reply.channel_message_id}
    assert client.post("/simulator/send", tap, content_type="application/json").status_code == 200
    with schema_context("demobank"):
        tapped = Message.objects.filter(direction="in").order_by("pk").last()
        assert (tapped.kind, tapped.payload, tapped.text, tapped.reply_to) == (
            "button", "approval:9:yes", "Sim", reply.channel_message_id)
        assert tapped.conversation.customer.name == "Carla"
    assert len(turns.calls) == 2


def test_a_swipe_reply_and_a_list_choice(webhook_on_live_server, turns):
    client = signed_in("demostore")
    send = {"wa_id": "5491155550001", "text": "hola"}
    assert client.post("/simulator/send", send, content_type="application/json").status_code == 200
    with schema_context("demostore"):
        first = Message.objects.get(direction="in")
    quote = {"wa_id": "5491155550001", "text": "ese", "reply_to": first.channel_message_id}
    choose = {"wa_id": "5491155550001", "button_id": "model:12", "button_title": "Moto G", "list": True}
    for body in (quote, choose):
        assert client.post("/simulator/send", body, content_type="application/json").status_code == 200
    with schema_context("demostore"):
        _, quoted, chosen = Message.objects.filter(direction="in").order_by("pk")
    assert quoted.reply_to == first.channel_message_id
    assert (chosen.kind, chosen.payload) == ("list", "model:12")


@pytest.mark.django_db
def test_bad_simulator_input_is_400(settings):
    client = signed_in("demobank")
    assert client.post("/simulator/send", {"wa_id": "abc", "text": "oi"},
                       content_type="application/json").status_code == 400
    assert client.post("/simulator/send", {"wa_id": "5511"}, content_type="application/json").status_code == 400
    assert client.post("/simulator/send", "nope", content_type="application/json").status_code == 400


@pytest.mark.browser
def test_an_admin_sends_oi_and_sees_it_in_the_phone(page, site, settings, turns):
    base = site("demobank")
    settings.WHATSAPP_WEBHOOK_URL = ""  # the default: the platform host on the same port
    page.goto(f"{base}/admin/login/?next=/simulator/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", DEMO_PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_url(f"{base}/simulator/")
    page.fill("#text", "oi")
    page.click("#send")
    bubble = page.locator(".bubble.in .text", has_text="oi")
    bubble.wait_for()
    assert bubble.count() == 1 and page.locator("#error").inner_text() == ""
    with schema_context("demobank"):
        assert Message.objects.get(direction="in").text == "oi"
    assert len(turns.calls) == 1
