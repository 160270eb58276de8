"""The `app` channel: a one-time link to a page with approve/decline, and the bank app's API authenticated
as the customer. A decision there is recorded once, then the agent executes once and tells the customer. The link
is stored redacted; only the customer's copy (rendered when the message is sent) carries its token."""

import io
import json
import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import Client

from agent.models import Turn
from agent.tests.helpers import Conversation
from approvals.models import ApprovalRequest
from approvals.tests.test_flow import set_money_gate
from bank.models import Holder, PixTransfer
from bank.services import customer_token_issue
from conversations.models import Message
from conversations.rendering import message_text_for_customer


@pytest.fixture
def app_preview(demobank):
    set_money_gate(demobank, channel="app")
    turn = Conversation().say("manda 200 pro Pedro")
    request = ApprovalRequest.objects.get()
    return turn, request


def customer_link(request: ApprovalRequest) -> str:
    """The link path as the customer receives it (the outbox renders it at send time)."""
    sent = message_text_for_customer(message=request.shown_in)
    link = re.search(r"/approve/[^/\s]+/", sent)
    assert link is not None, sent
    return link[0]


def test_the_chat_shows_the_preview_with_a_link_stored_redacted_and_no_buttons(app_preview):
    turn, request = app_preview
    assert turn.reply_message.buttons == []
    assert f"/approve/[redacted approval {request.pk}]/" in turn.reply and "Pedro Henrique Almeida" in turn.reply
    link = customer_link(request)
    token = link.split("/")[2]
    assert len(token) >= 40 and "redacted" not in link
    assert token not in turn.reply and token not in turn.reply_message.text and token not in json.dumps(turn.drafts)
    assert token not in request.link_hash and token not in request.nonce


def test_the_page_shows_the_stored_preview_and_approving_executes_once(app_preview, demobank,
                                                                      django_capture_on_commit_callbacks):
    _, request = app_preview
    url = customer_link(request)
    connection.set_schema_to_public()
    page = Client(HTTP_HOST="demobank.localhost")
    shown = page.get(url)
    assert shown.status_code == 200 and "Pedro Henrique Almeida" in shown.content.decode() and "Aprovar" in shown.content.decode()
    with django_capture_on_commit_callbacks(execute=True) as queued:  # the continuation, announced after commit
        assert page.post(url, {"decision": "approve"}).status_code == 200
    assert [callback.__name__ for callback in queued].count("task_queue_after_commit") == 1  # the rest: live pages
    assert page.post(url, {"decision": "approve"}).status_code == 409  # one-time: already decided
    connection.set_tenant(demobank)
    request.refresh_from_db()
    assert request.status == "executed" and request.decided_by == "app-link:5511999990001"
    assert not request.link_token  # decided: the link can never be rendered again
    assert message_text_for_customer(message=request.shown_in).count("[redacted approval") == 1
    assert PixTransfer.objects.count() == 1
    told = Message.objects.filter(direction="out").order_by("-pk").first()
    assert told.text.startswith("Pix de R$\xa0200,00 enviado")


def test_a_forged_or_altered_link_shows_nothing(app_preview):
    _, request = app_preview
    token = customer_link(request).split("/")[2]
    connection.set_schema_to_public()
    page = Client(HTTP_HOST="demobank.localhost")
    assert page.get(f"/approve/{token[:-2]}xx/").status_code == 404
    assert page.post(f"/approve/{token}x/", {"decision": "approve"}).status_code == 404


def test_the_bank_app_api_lists_and_decides_as_the_customer(app_preview, demobank, django_capture_on_commit_callbacks):
    _, request = app_preview
    carla = customer_token_issue(holder=Holder.objects.get(customer_ref="5511999990001")).secret
    other_holder = Holder.objects.exclude(customer_ref="5511999990001").exclude(customer_ref="").first()
    other = customer_token_issue(holder=other_holder).secret
    connection.set_schema_to_public()
    api = Client(HTTP_HOST="demobank.localhost")
    listed = api.get("/api/approvals/", HTTP_AUTHORIZATION=f"Token {carla}").json()["results"]
    assert [item["id"] for item in listed] == [request.pk] and "Pedro Henrique Almeida" in listed[0]["preview"]
    assert api.post(f"/api/approvals/{request.pk}/decision", {"approve": True}, content_type="application/json",
                    HTTP_AUTHORIZATION=f"Token {other}").status_code == 404  # someone else's: not found
    assert api.post(f"/api/approvals/{request.pk}/decision", {"approve": True},
                    content_type="application/json").status_code in (401, 403)
    with django_capture_on_commit_callbacks(execute=True):
        decided = api.post(f"/api/approvals/{request.pk}/decision", {"approve": True},
                           content_type="application/json", HTTP_AUTHORIZATION=f"Token {carla}")
    assert decided.status_code == 200 and decided.json()["status"] == "approved"
    connection.set_tenant(demobank)
    assert PixTransfer.objects.count() == 1  # the announced continuation executed it, once
    assert ApprovalRequest.objects.get(pk=request.pk).status == "executed"
    again = api.post(f"/api/approvals/{request.pk}/decision", {"approve": False}, content_type="application/json",
                     HTTP_AUTHORIZATION=f"Token {carla}")
    assert again.status_code == 409 and again.json()["code"] == "approval_already_decided"


def test_the_audit_export_of_one_pix_shows_the_whole_chain(demobank):
    conversation = Conversation()
    preview = conversation.say("manda 200 pro Pedro")
    conversation.say("na verdade, 250")
    request = ApprovalRequest.objects.get(status="pending")
    conversation.tap(Turn.objects.get(reply_message=request.shown_in), 0)
    out = io.StringIO()
    call_command("approvals_export", "--org", "demobank", "--approval", str(request.pk), stdout=out)
    chain = json.loads(out.getvalue())[0]
    texts = [m["text"] for m in chain["messages"]]
    assert "manda 200 pro Pedro" in texts and "na verdade, 250" in texts  # messages
    assert [(s["slot"], s["action"]) for s in chain["slots"]] == [("amount", "fill"), ("recipient", "fill"),
                                                                   ("amount", "correct")]  # slots
    assert "R$\xa0250,00" in chain["preview"]["text"] and chain["preview"]["facts"]["amount_cents"] == 25000
    assert chain["decision"]["by"] == "terminal:5511999990001" and chain["decision"]["channel"] == "in_chat_button"
    assert chain["execution"]["result"]["ok"] and chain["execution"]["result"]["data"]["end_to_end_id"]
    transfer = PixTransfer.objects.get()
    assert chain["execution"]["result"]["data"]["end_to_end_id"] == transfer.end_to_end_id  # → the transfer
    csv_out = io.StringIO()
    call_command("approvals_export", "--org", "demobank", "--format", "csv", stdout=csv_out)
    assert transfer.end_to_end_id in csv_out.getvalue()
    assert preview.reply_message.pk in [m["id"] for m in chain["messages"]]  # the first preview, voided, is kept


def test_an_approval_decided_after_the_24_hour_window_is_answered_with_a_template(demobank, settings,
                                                                                  django_capture_on_commit_callbacks):
    from datetime import timedelta

    from django.utils import timezone

    from conversations.models import Conversation as ConversationRow
    from testing.fake_whatsapp import FakeGraphServer

    set_money_gate(demobank, channel="app")
    Conversation(channel="whatsapp").say("manda 200 pro Pedro")
    request = ApprovalRequest.objects.get()
    ConversationRow.objects.update(last_inbound_at=timezone.now() - timedelta(hours=25))  # the window has closed
    carla = customer_token_issue(holder=Holder.objects.get(customer_ref="5511999990001")).secret
    with FakeGraphServer() as graph:
        settings.WHATSAPP_GRAPH_URL = graph.url
        connection.set_schema_to_public()
        with django_capture_on_commit_callbacks(execute=True):
            response = Client(HTTP_HOST="demobank.localhost").post(
                f"/api/approvals/{request.pk}/decision", {"approve": True}, content_type="application/json",
                HTTP_AUTHORIZATION=f"Token {carla}")
        assert response.status_code == 200
        sent = [r.json for r in graph.sent()]
    told = [body for body in sent if body.get("type") == "template"]
    assert len(told) == 1 and "enviado para Pedro Henrique Almeida" in json.dumps(told[0], ensure_ascii=False)


def test_an_expired_link_decides_nothing_and_no_log_line_carries_the_token(app_preview, demobank, caplog):
    import logging

    from django.utils import timezone

    _, request = app_preview
    url = customer_link(request)
    ApprovalRequest.objects.filter(pk=request.pk).update(expires_at=timezone.now() - timedelta(seconds=1),
                                                         created_at=timezone.now() - timedelta(minutes=20))
    connection.set_schema_to_public()
    page = Client(HTTP_HOST="demobank.localhost")
    with caplog.at_level(logging.INFO):
        assert page.post(url, {"decision": "approve"}).status_code == 410  # expired with the request
        assert page.post(url, {"decision": "approve"}).status_code == 410  # and never usable again
    connection.set_tenant(demobank)
    request.refresh_from_db()
    assert request.status == "expired" and not request.link_token and PixTransfer.objects.count() == 0
    assert "/approve/[redacted]/" in caplog.text and url.split("/")[2] not in caplog.text


def test_the_page_tells_the_customer_what_happened_in_their_words_never_the_stored_status(app_preview):
    # After approving, the page read "approved" (a stored code, in English, to a Portuguese customer); an unknown
    # link answered Django's English "Not Found".
    _, request = app_preview
    url = customer_link(request)
    connection.set_schema_to_public()
    page = Client(HTTP_HOST="demobank.localhost")
    decided = page.post(url, {"decision": "decline"}).content.decode()
    assert "Você recusou. Nada foi feito." in decided and 'id="status">declined<' not in decided
    again = page.get(url)
    assert again.status_code == 200 and "Você recusou. Nada foi feito." in again.content.decode()
    unknown = page.get(f"/approve/{'x' * 43}/")
    assert unknown.status_code == 404 and "Este link de aprovação não existe." in unknown.content.decode()
    assert '<html lang="pt-BR">' in unknown.content.decode()
