"""In Chromium, against the platform as `make run` starts it: an agent switches themselves available and a new
escalation lands in their list already theirs (given automatically), without a reload; a chat past its first
response target shows the breach in the list and in the chat, and the dashboard counts it. demobank's staff read
the back office in pt-BR."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone
from django_tenants.utils import schema_context

from inbox.models import AgentAvailability, Escalation, InboxSettings
from inbox.tests.helpers import chat_make, escalation_make, page_shows
from inbox.tests.test_browser import pt, sign_in

pytestmark = pytest.mark.browser
SCREENS = Path(settings.BASE_DIR) / "docs" / "screenshots"


def test_an_available_agent_gets_a_new_escalation_automatically(page, platform_up):
    base = f"http://demobank.localhost:{platform_up.port}"
    sign_in(page, base, "agent", "/inbox/")
    assert page.locator("#availability").get_attribute("data-available") == "0"
    with page.expect_navigation():  # the answer comes back to this URL: wait_for_url would not wait for it
        page.click("#availability-toggle")
    page_shows(page, pt("You are available for new chats."))
    assert page.locator("#availability").get_attribute("data-available") == "1"
    with schema_context("demobank"):
        assert AgentAvailability.objects.get(user__username="agent").available
    page.evaluate("window.__no_reload = true")

    with schema_context("demobank"):
        escalation = escalation_make(chat_make(texts=("quero contestar uma cobrança",), name="Davi Automático"))
    item = page.locator(f"#item-{escalation.pk}")
    item.wait_for(timeout=5_000)  # the list polls every 2 s

    assert page.evaluate("window.__no_reload") is True
    assert item.get_attribute("data-auto-assigned") == "1"
    assert pt("yours") in item.locator(".state").inner_text()
    assert pt("auto") in item.locator(".auto").inner_text()
    assert page.locator(".tab-mine .count").inner_text() == "1"
    with schema_context("demobank"):
        given = Escalation.objects.get(pk=escalation.pk)
        assert (given.status, given.claimed_by.username, given.auto_assigned) == ("claimed", "agent", True)
    item.locator("a").click()
    page.wait_for_url(f"{base}/inbox/{escalation.pk}/**")  # the chat's page loaded, not only begun
    assert pt("given automatically") in page.locator(f"#escalation-{escalation.pk} .holder").inner_text()
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "inbox-auto-assigned.png"), full_page=True)


def test_a_breach_of_the_first_response_target_shows_and_is_counted(page, platform_up):
    base = f"http://demobank.localhost:{platform_up.port}"
    with schema_context("demobank"):
        InboxSettings.objects.create(first_response_target=timedelta(minutes=15), resolution_target=timedelta(hours=4))
        late = escalation_make(chat_make(texts=("ninguém me responde?",), name="Eva Esperando"))
        Escalation.objects.filter(pk=late.pk).update(created_at=timezone.now() - timedelta(minutes=25))
        fresh = escalation_make(chat_make(texts=("oi",), name="Rui Recente"))
    sign_in(page, base, "admin", "/inbox/")

    late_item, fresh_item = page.locator(f"#item-{late.pk}"), page.locator(f"#item-{fresh.pk}")
    assert late_item.get_attribute("data-sla-breached") == "1"
    assert "sla-breached" in (late_item.get_attribute("class") or "")
    clock = late_item.locator(".sla[data-sla=first_response]")
    assert clock.get_attribute("data-breached") == "1"
    overdue = pt("first reply overdue by %(time)s", time="")
    assert clock.inner_text().startswith(overdue.strip())
    assert fresh_item.get_attribute("data-sla-breached") == "0"
    assert fresh_item.locator(".sla[data-sla=first_response]").inner_text().startswith(
        pt("first reply due in %(time)s", time="").strip())

    late_item.locator("a").click()
    page.wait_for_url(f"{base}/inbox/{late.pk}/**")
    assert page.locator("#sla-clocks").get_attribute("data-breached") == "1"
    assert page.locator("#sla-clocks .sla.breached").is_visible()

    page.goto(f"{base}/workspace/dashboard/")
    assert page.locator("#sla-breaches").get_attribute("data-value") == "1"
    assert page.locator("#sla-breaches-now").get_attribute("data-value") == "1"
    section = page.locator("#section-service_level")
    assert pt("Service level (first response and resolution targets)") in section.locator("h2").inner_text()
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "inbox-sla-dashboard.png"), full_page=True)


def test_a_satisfaction_tap_after_a_resolution_reaches_the_dashboard(page, platform_up):
    """The agent resolves a chat in the page; the customer gets the question and taps "5" (the signed webhook,
    as WhatsApp sends a list reply); the platform's worker records it; the dashboard shows the rating."""
    from conversations.models import Message
    from inbox.models import SatisfactionRating
    from inbox.services import escalation_claim
    from inbox.tests.helpers import staff
    from tests.test_platform_up import request, wait_for
    from whatsapp.tests.conftest import BANK_NUMBER, change, encode, envelope, inbound, signed

    base = f"http://demobank.localhost:{platform_up.port}"
    with schema_context("demobank"):
        escalation = escalation_make(chat_make(texts=("oi",), name="Gil Avaliador"))
        number = escalation.conversation.customer.channel_user_id
        escalation_claim(escalation_id=escalation.pk, user=staff("agent"))
    sign_in(page, base, "agent", f"/inbox/{escalation.pk}/")
    page.fill("#resolve-note", "Estorno confirmado.")
    with page.expect_navigation():  # the rows below are read once the resolution has been answered
        page.click("input[name=resolve]")
    page_shows(page, pt("Escalation %(id)s resolved; the customer was told and the bot answers this chat again.",
                        id=escalation.pk))
    with schema_context("demobank"):
        asked = Message.objects.filter(conversation_id=escalation.conversation_id, direction="out").latest("pk")
        assert asked.text.startswith("Como você avalia o atendimento")
        five = asked.buttons[4]

    message = inbound("interactive", {"type": "list_reply", "list_reply": five}, from_=number)
    body = encode(envelope(change(BANK_NUMBER, messages=[message])))
    status, _, _ = request(platform_up.port, "POST", "/webhooks/whatsapp", body, {
        "Content-Type": "application/json", "X-Hub-Signature-256": signed(body)["HTTP_X_HUB_SIGNATURE_256"]})
    assert status == 200

    from agent.models import Turn

    def recorded() -> bool:
        # The rating is written as the turn reads the tap, the turn's own row when the turn ends: wait for both.
        with schema_context("demobank"):
            return SatisfactionRating.objects.filter(escalation_id=escalation.pk).exists() \
                and Turn.objects.filter(message__channel_message_id=message["id"]).exists()

    wait_for(recorded, "the worker to record the rating and finish its turn")
    with schema_context("demobank"):
        rating = SatisfactionRating.objects.get(escalation_id=escalation.pk)
        assert (rating.score, rating.agent.username) == (5, "agent")
        turn = Turn.objects.get(message__channel_message_id=message["id"])
        assert (turn.rule, turn.reply) == ("csat_recorded", "Obrigado pela sua avaliação!")

    sign_in(page, base, "admin", "/workspace/dashboard/")
    card = page.locator("#csat-average")
    assert (card.get_attribute("data-ratings"), card.get_attribute("data-value")) == ("1", "5.0")
    section = page.locator("#section-satisfaction")
    assert pt("Customer satisfaction (ratings of resolved chats)") in section.locator("h2").inner_text()
    agents = page.locator("#section-agents").inner_text()
    assert "agent" in agents
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "dashboard-satisfaction.png"), full_page=True)


def test_keyboard_shortcuts_move_between_chats_and_act(page, platform_up):
    """j/k move between chats, a assigns to me, r/n/c/e put the caret where the action is typed, ? shows the help
    and Escape closes it; the list's refresh leaves the caret where it was."""
    from inbox.tests.test_browser import next_list_refresh

    base = f"http://demobank.localhost:{platform_up.port}"
    with schema_context("demobank"):
        from inbox.models import CannedReply

        CannedReply.objects.create(title="Saudação", text="Olá {{customer_name}}!")
        older = escalation_make(chat_make(texts=("primeiro",), name="Ana Atalho"))
        newer = escalation_make(chat_make(texts=("segundo",), name="Bruno Atalho"))
    sign_in(page, base, "agent", f"/inbox/{newer.pk}/")  # the list: the latest customer message first
    assert page.locator("#shortcuts-help").is_hidden()

    page.keyboard.press("?")
    assert page.locator("#shortcuts-help").is_visible()
    assert pt("Keyboard shortcuts") in page.locator("#shortcuts-help").inner_text()
    page.keyboard.press("Escape")
    assert page.locator("#shortcuts-help").is_hidden()

    page.keyboard.press("j")
    page.wait_for_url(f"{base}/inbox/{older.pk}/**")
    page.keyboard.press("k")
    page.wait_for_url(f"{base}/inbox/{newer.pk}/**")
    with page.expect_navigation():  # the claim's answer comes back to this URL: wait_for_url returns at once
        page.keyboard.press("a")  # assign to me
    page.wait_for_url(f"{base}/inbox/{newer.pk}/**")
    page_shows(page, pt("You hold escalation %(id)s.", id=newer.pk))
    assert page.locator(f"#escalation-{newer.pk}").get_attribute("data-status") == "claimed"

    page.keyboard.press("c")
    assert page.evaluate("document.activeElement.id") == "canned"
    assert page.locator("#canned-preview").inner_text() == "Olá Bruno Atalho!"  # previewed, variables filled
    page.keyboard.press("Escape")
    page.keyboard.press("n")
    assert page.evaluate("document.activeElement.id") == "note-text"
    page.keyboard.press("Escape")
    page.keyboard.press("e")
    assert page.evaluate("document.activeElement.id") == "resolve-note"
    page.keyboard.press("Escape")
    page.keyboard.press("r")
    assert page.evaluate("document.activeElement.id") == "reply-text"
    page.keyboard.type("já vejo")  # letters typed in a field are the field's, not shortcuts
    next_list_refresh(page)
    assert page.evaluate("document.activeElement.id") == "reply-text"
    assert page.input_value("#reply-text") == "já vejo"
    assert page.url.startswith(f"{base}/inbox/{newer.pk}/")
    page.keyboard.press("?")
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "inbox-shortcuts.png"), full_page=True)
