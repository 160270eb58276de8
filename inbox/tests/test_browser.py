"""In Chromium: the demo agent signs in to demobank's back office, finds the escalated chat with its note in the
inbox, claims it, replies to the customer and hands the chat back to the bot."""

from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django_tenants.utils import schema_context

from conversations import services as conversation_services
from conversations.models import Message
from inbox.models import Escalation
from inbox.selectors import conversation_is_escalated
from inbox.tests.helpers import chat_make, escalation_make
from tenants.demo import DEMO_PASSWORD

pytestmark = pytest.mark.browser
SCREENS = Path(settings.DATA_DIR) / "screens"


def test_the_agent_claims_replies_and_resolves_an_escalated_chat(page, site, monkeypatch):
    queued = []  # the outbox's delivery queueing, recorded instead of sent to the broker (no worker runs here)
    monkeypatch.setattr(conversation_services, "task_queue_on_commit",
                        lambda name, args: queued.append((name, connection.schema_name, *args)))
    with schema_context("demobank"):
        escalation = escalation_make(chat_make(texts=("quero mandar 500 pro João",), name="Maria Navegador"))
    base = site("demobank")

    page.goto(f"{base}/admin/login/?next=/inbox/")
    page.fill("#id_username", "agent")
    page.fill("#id_password", DEMO_PASSWORD)
    page.click("#login-form [type=submit]")

    card = page.locator(f"#escalation-{escalation.pk}")
    assert "Maria Navegador" in card.inner_text()
    assert "no_full_account_number" in card.locator(".guard").inner_text()
    assert card.locator(".reason").inner_text() == "The draft shows a full account number."
    assert card.locator(".first-draft").inner_text() == "Your account 12345-6 is ready."
    assert card.locator(".second-draft").inner_text() == "Account 12345-6, all set."
    assert "quero mandar 500 pro João" in card.locator(".chat").inner_text()

    card.locator("input[name=claim]").click()
    assert "You hold escalation" in page.inner_text("body")
    card = page.locator(f"#escalation-{escalation.pk}")
    assert "(you)" in card.locator("h2").inner_text()
    card.locator("textarea[name=text]").fill("Oi Maria, aqui é a Ana. Vou te ajudar com a transferência.")
    card.locator("input[name=reply]").click()
    assert "Reply sent" in page.inner_text("body")
    card = page.locator(f"#escalation-{escalation.pk}")
    assert "Vou te ajudar com a transferência." in card.locator(".chat").inner_text()
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "inbox-claimed.png"), full_page=True)
    card.locator("input[name=note]").fill("Explained the limits; the bot can go on.")
    card.locator("input[name=resolve]").click()
    assert "resolved; the bot answers this chat again" in page.inner_text("body")
    assert page.locator(f"#escalation-{escalation.pk}").count() == 0

    with schema_context("demobank"):
        escalation.refresh_from_db()
        assert escalation.status == Escalation.Status.RESOLVED
        assert (escalation.claimed_by.username, escalation.resolved_by.username) == ("agent", "agent")
        assert escalation.resolution_note == "Explained the limits; the bot can go on."
        assert not conversation_is_escalated(conversation_id=escalation.conversation_id)
        [reply] = Message.objects.filter(conversation_id=escalation.conversation_id, direction="out")
        assert (reply.channel, reply.text) == ("whatsapp", "Oi Maria, aqui é a Ana. Vou te ajudar com a transferência.")
        assert reply.escalation_reply.author.username == "agent"
        assert queued == [("whatsapp.deliver", "demobank", reply.pk)]
