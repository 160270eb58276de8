"""In Chromium, against the platform as `make run` starts it (granian, WhiteNoise, a worker): an escalation appears
in an open inbox within 3 s without a reload; the agent claims it, answers with a canned reply, leaves a private note
and resolves it with a note (the customer is told); another chat is reassigned to the admin. demobank's staff read
the back office in pt-BR: the test finds things by their selectors and data attributes, and expects the flash
messages as the staff catalogue words them."""

from __future__ import annotations

import re
import time
import uuid
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import gettext
from django_tenants.utils import schema_context
from playwright.sync_api import expect

from conversations.models import Message
from conversations.services import message_store_inbound
from inbox.guard_words import guard_words
from inbox.models import CannedReply, Escalation, EscalationNote
from inbox.tests.helpers import browser_signed_in, chat_make, escalation_make, page_shows

pytestmark = pytest.mark.browser
SCREENS = Path(settings.BASE_DIR) / "docs" / "screenshots"


def pt(msgid: str, **values: object) -> str:
    """`msgid` as demobank's staff read it (the staff catalogue's pt-BR)."""
    with translation.override("pt-br"):
        text = gettext(msgid)
        assert text != msgid, msgid  # translated, so the page is really in pt-BR
        return text % values if values else text


def sign_in(page, base: str, username: str, next_url: str) -> None:
    browser_signed_in(page, schema="demobank", username=username, base=base)
    page.goto(f"{base}{next_url}")
    assert page.url == f"{base}{next_url}", page.url


def test_an_escalation_arrives_live_and_the_agent_works_it_to_the_end(page, platform_up):
    base = f"http://demobank.localhost:{platform_up.port}"
    with schema_context("demobank"):
        CannedReply.objects.create(title="Saudação", text="Olá! Aqui é da equipe, vou te ajudar agora.", language="")
    sign_in(page, base, "agent", "/inbox/")
    assert page.locator("#inbox-list [data-empty=inbox]").count() == 1
    assert pt("No escalated chats.") in page.locator("#inbox-list").inner_text()
    page.evaluate("window.__no_reload = true")

    with schema_context("demobank"):
        escalation = escalation_make(chat_make(texts=("quero mandar 500 pro João",), name="Maria Navegador"))
    arrived = time.monotonic()
    page.locator(f"#item-{escalation.pk}").wait_for(timeout=3_000)
    waited = time.monotonic() - arrived
    assert page.evaluate("window.__no_reload") is True  # the list changed under the same page
    assert "Maria Navegador" in page.locator(f"#item-{escalation.pk}").inner_text()
    assert page.locator(".tab-unassigned .count").inner_text() == "1"
    # the title is set once htmx has settled the swapped list (inbox.js, on htmx:afterSettle), a moment after the
    # new item is in the page: awaited, not read at once
    expect(page).to_have_title(re.compile(r"^\(1\) "))
    print(f"escalation visible {waited:.2f} s after it was committed")

    page.click(f"#item-{escalation.pk} a")
    page.wait_for_url(f"{base}/inbox/{escalation.pk}/**")  # the chat's page loaded, not only begun
    card = page.locator(f"#escalation-{escalation.pk}")
    assert "no_full_account_number" in card.locator(".guard").inner_text()
    with translation.override("pt-br"):
        assert card.locator(".guard-words").inner_text() == guard_words("no_full_account_number")
    assert "quero mandar 500 pro João" in card.locator(".chat").inner_text()
    with page.expect_navigation():  # the answer comes back to this URL: wait_for_url would not wait for it
        card.locator("input[name=claim]").click()
    page_shows(page, pt("You hold escalation %(id)s.", id=escalation.pk))
    assert page.locator(f"#escalation-{escalation.pk}").get_attribute("data-status") == "claimed"

    page.select_option("#canned", label="Saudação")
    page.click(".use-canned")
    assert page.input_value("#reply-text") == "Olá! Aqui é da equipe, vou te ajudar agora."
    with page.expect_navigation():
        page.click("input[name=reply]")
    page_shows(page, pt("Reply sent in escalation %(id)s.", id=escalation.pk))
    assert "Olá! Aqui é da equipe, vou te ajudar agora." in page.locator(".chat").inner_text()

    page.fill("#note-text", "Cliente confirmou por telefone; limite diário explicado.")
    with page.expect_navigation():
        page.click("input[name=add_note]")
    expect(page.locator(".private-notes")).to_contain_text("Cliente confirmou por telefone")
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "inbox-claimed.png"), full_page=True)

    page.click("input[name=resolve]")  # an empty note: the browser refuses (required), nothing is sent
    assert page.locator("#resolve-note").evaluate("note => note.validity.valueMissing") is True  # why it refused
    assert page.locator(f"#escalation-{escalation.pk}").get_attribute("data-status") == "claimed"
    page.fill("#resolve-note", "Explicado o limite; o bot pode seguir.")
    with page.expect_navigation():
        page.click("input[name=resolve]")
    page_shows(page, pt("Escalation %(id)s resolved; the customer was told and the bot answers this chat again.",
              id=escalation.pk))

    with schema_context("demobank"):
        escalation.refresh_from_db()
        assert escalation.status == Escalation.Status.RESOLVED
        assert (escalation.claimed_by.username, escalation.resolved_by.username) == ("agent", "agent")
        assert escalation.resolution_note == "Explicado o limite; o bot pode seguir."
        texts = list(Message.objects.filter(conversation_id=escalation.conversation_id, direction="out")
                     .order_by("pk").values_list("text", flat=True))
        assert texts[0] == "Olá! Aqui é da equipe, vou te ajudar agora."
        assert texts[1].startswith("Este atendimento com a nossa equipe foi encerrado")
        assert EscalationNote.objects.get(escalation=escalation).author.username == "agent"


def test_the_agent_reassigns_a_chat_to_the_admin(page, platform_up):
    base = f"http://demobank.localhost:{platform_up.port}"
    with schema_context("demobank"):
        escalation = escalation_make(chat_make(texts=("preciso de ajuda com meu cartão",), name="João Teste"))
    sign_in(page, base, "agent", f"/inbox/{escalation.pk}/")
    with page.expect_navigation():  # the unclaimed page has a reassign form too: choose on the claimed one
        page.locator("input[name=claim]").click()
    page_shows(page, pt("You hold escalation %(id)s.", id=escalation.pk))
    page.select_option("#to-user", label="admin")
    with page.expect_navigation():
        page.click("input[name=reassign]")

    page_shows(page, pt("Escalation %(id)s is now held by %(user)s.", id=escalation.pk, user="admin"))
    assert "admin" in page.locator(f"#item-{escalation.pk} .state").inner_text()
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "inbox-reassigned.png"), full_page=True)
    with schema_context("demobank"):
        assert Escalation.objects.get(pk=escalation.pk).claimed_by.username == "admin"


def test_the_agent_sees_a_bank_customers_balance_and_pix_and_the_view_is_recorded(page, platform_up):
    import uuid
    from datetime import UTC, datetime

    from bank.demo import DEMO_CUSTOMER_REF
    from bank.models import Holder
    from bank.services import pix_transfer_create
    from conversations.services import message_store_inbound
    from inbox.models import CustomerDataView

    base = f"http://demobank.localhost:{platform_up.port}"
    noon = datetime(2026, 11, 20, 15, 0, tzinfo=UTC)  # 12:00 in São Paulo
    with schema_context("demobank"):
        pix_transfer_create(holder=Holder.objects.get(customer_ref=DEMO_CUSTOMER_REF), key="+5521987654321",
                            amount_cents=12_345, idempotency_key=uuid.uuid4().hex, now=noon)
        stored = message_store_inbound(channel_user_id=DEMO_CUSTOMER_REF, text="me mostra meu extrato",
                                       channel_message_id=f"wamid.{uuid.uuid4().hex}", name="Carla Souza",
                                       sent_at=noon)
        escalation = escalation_make(stored.message.conversation)
    sign_in(page, base, "agent", f"/inbox/{escalation.pk}/")

    section = page.locator(".customer-bank")
    section.wait_for(timeout=5_000)  # loaded by htmx
    assert section.locator("h4").first.inner_text().startswith(pt("Bank account"))
    assert section.locator(".balance").inner_text().replace("\xa0", " ") == "R$ 4.876,55"
    row = section.locator("tr[data-pix]")
    assert row.count() == 1 and "20/11/2026" in row.locator(".when").inner_text()
    assert row.locator(".key").inner_text().endswith("-4321") and "98765" not in row.inner_text()
    assert row.locator(".status").inner_text() == pt("Settled")
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "inbox-customer-bank.png"), full_page=True)
    with schema_context("demobank"):
        views = list(CustomerDataView.objects.filter(escalation=escalation).values_list("viewer__username", flat=True))
    assert views == ["agent"]


def scrolled_from_bottom(page) -> float:
    return page.evaluate("() => { const c = document.querySelector('ol.chat');"
                         " return c.scrollHeight - c.scrollTop - c.clientHeight; }")


def next_list_refresh(page) -> None:
    """Wait for the list pane's next htmx swap (it polls every 2 s)."""
    page.evaluate("() => new Promise(done => document.body.addEventListener('htmx:afterSettle', e => "
                  "{ if (e.detail.elt && e.detail.elt.id === 'inbox-list') done(true); }))")


def test_a_customer_message_arrives_in_the_open_chat_while_the_agent_types(page, platform_up):
    """The signed webhook stores a customer's message; the chat the agent has open shows it within 2 s by server
    push (its event stream, not a poll), without a reload, while the reply being typed keeps its text and focus; a
    delivery receipt (the signed webhook too) and a colleague's private note show the same way. The thread opens at
    its newest message; the list marks what this agent has not read and clears it when they open it; its refresh
    leaves focus where it was."""
    from conversations.services import message_outbound_unsaved
    from inbox.services import escalation_claim, escalation_note_add
    from inbox.tests.helpers import staff
    from tests.test_platform_up import request, webhook
    from whatsapp.models import Delivery
    from whatsapp.tests.conftest import BANK_NUMBER, change, encode, envelope, signed
    from whatsapp.tests.conftest import status as receipt_of

    base = f"http://demobank.localhost:{platform_up.port}"
    number = f"55119{uuid.uuid4().int % 10**8:08d}"
    with schema_context("demobank"):
        start = timezone.now() - timedelta(minutes=40)
        for index in range(30):  # a long thread: more than the chat pane shows at once
            stored = message_store_inbound(channel_user_id=number, text=f"mensagem {index}", name="Lia Longa",
                                           channel_message_id=f"wamid.long-{uuid.uuid4().hex}",
                                           sent_at=start + timedelta(minutes=index))
        escalation = escalation_make(stored.message.conversation)
        escalation_claim(escalation_id=escalation.pk, user=staff("agent"))
        earlier = message_outbound_unsaved(conversation=escalation.conversation, text="Um momento, por favor.",
                                           sent_at=start + timedelta(minutes=31))
        earlier.save()  # a reply the bot sent before the hand-over, accepted by Meta, not yet read
        delivery = Delivery.objects.create(message=earlier)
        delivery.accept(wamid=f"wamid.read-{uuid.uuid4().hex}")
        delivery.save()
        other = escalation_make(chat_make(texts=("outra conversa",), name="Rui Outro"))
    sign_in(page, base, "agent", f"/inbox/{escalation.pk}/")
    chat = page.locator("ol.chat")
    page.wait_for_function("document.querySelector('ol.chat').dataset.live === 'open'", timeout=5_000)

    assert scrolled_from_bottom(page) < 2  # opened at its newest message
    assert "Um momento, por favor." in page.locator("ol.chat li").last.inner_text()
    assert page.locator(f"#item-{other.pk} .unread").inner_text() == "1"
    assert page.locator(f"#item-{escalation.pk} .unread").count() == 0  # the open one is being read
    page.evaluate("window.__no_reload = true")
    page.click("#reply-text")
    page.keyboard.type("Estou verificando o seu")

    status, _ = webhook(platform_up.port, text="acabei de pagar o boleto", customer=number)
    assert status == 200
    sent = time.monotonic()
    page.locator("ol.chat li", has_text="acabei de pagar o boleto").wait_for(timeout=2_000)
    print(f"customer message shown {time.monotonic() - sent:.2f} s after the webhook answered (pushed)")
    assert chat.get_attribute("data-live") == "open" and chat.get_attribute("data-last-via") == "push"
    page.keyboard.type(" pagamento")  # still typing where the caret was
    assert page.input_value("#reply-text") == "Estou verificando o seu pagamento"
    assert page.evaluate("document.activeElement.id") == "reply-text"
    assert page.evaluate("window.__no_reload") is True
    assert scrolled_from_bottom(page) < 2  # the reader at the bottom stays at the bottom

    receipt = encode(envelope(change(BANK_NUMBER, statuses=[receipt_of(delivery.wamid, "read", int(time.time()))])))
    answered, _, _ = request(platform_up.port, "POST", "/webhooks/whatsapp", receipt, {
        "Content-Type": "application/json", "X-Hub-Signature-256": signed(receipt)["HTTP_X_HUB_SIGNATURE_256"]})
    assert answered == 200
    page.locator(f'ol.chat li[data-message="{earlier.pk}"] .delivery-read').wait_for(timeout=2_000)
    with schema_context("demobank"):
        escalation_note_add(escalation_id=escalation.pk, user=staff("admin"), text="Cliente já ligou duas vezes.")
    page.locator("#private-notes li", has_text="Cliente já ligou duas vezes.").wait_for(timeout=2_000)
    assert page.input_value("#reply-text") == "Estou verificando o seu pagamento"
    assert page.evaluate("document.activeElement.id") == "reply-text"

    page.focus(f"#open-{other.pk}")
    next_list_refresh(page)
    assert page.evaluate("document.activeElement.id") == f"open-{other.pk}"  # the refresh kept keyboard focus
    page.keyboard.press("Enter")
    page.wait_for_url(f"{base}/inbox/{other.pk}/**")
    page.goto(f"{base}/inbox/{escalation.pk}/")
    assert page.locator(f"#item-{other.pk} .unread").count() == 0  # read by this agent: no badge any more
    assert page.locator(f"#item-{other.pk}").is_visible()
    with schema_context("demobank"):
        assert Message.objects.filter(conversation=escalation.conversation, text="acabei de pagar o boleto").count() == 1


def test_on_a_phone_the_list_and_the_chat_are_screens(browser, platform_up):
    """At 390 px the inbox shows one pane at a time: the list, then the chat (full width, its reply box usable),
    with a way back to the list."""
    from inbox.services import escalation_claim
    from inbox.tests.helpers import staff

    base = f"http://demobank.localhost:{platform_up.port}"
    with schema_context("demobank"):
        escalation = escalation_make(chat_make(texts=("oi, preciso de ajuda no celular",), name="Bia Celular"))
        escalation_claim(escalation_id=escalation.pk, user=staff("agent"))
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    phone = context.new_page()
    phone.set_default_timeout(15_000)
    try:
        sign_in(phone, base, "agent", "/inbox/")
        item = phone.locator(f"#item-{escalation.pk}")
        assert item.is_visible() and not phone.locator(".detail-pane").is_visible()
        assert item.bounding_box()["width"] >= 300

        item.locator("a").click()
        phone.wait_for_url(f"{base}/inbox/{escalation.pk}/**")
        chat = phone.locator(".detail-pane")
        assert chat.is_visible() and chat.bounding_box()["width"] >= 300  # it was 0 px wide
        assert not phone.locator(".list-pane").is_visible()
        assert "oi, preciso de ajuda no celular" in phone.locator("ol.chat").inner_text()
        reply = phone.locator("#reply-text")
        assert reply.is_visible() and reply.bounding_box()["width"] >= 250
        wide = phone.evaluate("() => Array.from(document.querySelectorAll('body *')).filter(e => "
                              "e.getBoundingClientRect().right > 391 && e.getClientRects().length).slice(0, 8)"
                              ".map(e => e.tagName + '.' + e.className + '#' + e.id + ':' + "
                              "Math.round(e.getBoundingClientRect().right))")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390 + 1, wide  # nothing runs off screen
        SCREENS.mkdir(parents=True, exist_ok=True)
        phone.screenshot(path=str(SCREENS / "inbox-chat-390.png"), full_page=True)

        phone.click("#back-to-list")
        phone.wait_for_url(f"{base}/inbox/")
        assert phone.locator(f"#item-{escalation.pk}").is_visible()
        assert not phone.locator(".detail-pane").is_visible()
        phone.screenshot(path=str(SCREENS / "inbox-list-390.png"), full_page=True)
    finally:
        context.close()
