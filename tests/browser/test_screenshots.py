"""The screenshots of the staff pages added with the team operations and the styled sign-in pages, each at 1366 px
(a laptop) and at 390 px (a phone), in docs/screenshots/ as `<page>-1366.png` and `<page>-390.png`: teams, agent
availability, the service level settings, the satisfaction ratings, the dashboard with the service level and the
agents' figures, the open chat, the second-factor page and the lockout page; then every other page staff use: the
sign-in page, the back office's home, the inbox list, the dashboard, one Pix's trace by Ask and by conversation, the
approvals, the turns, the canned replies and the policy page — taken in Chromium against the platform as `make run`
starts it, each page checked to answer in demobank's pt-BR with its own content first."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone
from django_tenants.utils import schema_context

from inbox.tests.helpers import browser_signed_in, chat_make, escalation_make
from inbox.tests.test_browser import pt

pytestmark = pytest.mark.browser
SCREENS = Path(settings.BASE_DIR) / "docs" / "screenshots"
WIDTHS = {1366: {"width": 1366, "height": 900}, 390: {"width": 390, "height": 844}}


@pytest.fixture
def team_rows():
    """A team, an available agent, the service level and one rated chat, committed for the server to show."""
    from inbox.models import AgentAvailability, InboxSettings, SatisfactionRating, Team
    from inbox.services import escalation_claim, escalation_reply, escalation_resolve
    from inbox.tests.helpers import staff

    with schema_context("demobank"):
        team = Team.objects.create(name="Contestações", reasons=["payment_dispute"])
        AgentAvailability.objects.create(user=staff("agent"), team=team, available=True, capacity=4)
        InboxSettings.objects.create(first_response_target=timedelta(minutes=15), resolution_target=timedelta(hours=4))
        rated = escalation_make(chat_make(texts=("quero contestar",), name="Rita Avaliou"))
        escalation_claim(escalation_id=rated.pk, user=staff("agent"))
        escalation_reply(escalation_id=rated.pk, user=staff("agent"), text="Olá, Rita! Já estou vendo.")
        escalation_resolve(escalation_id=rated.pk, user=staff("agent"), note="Estorno feito.")
        tap = rated.conversation.messages.filter(direction="in").latest("pk")
        SatisfactionRating.objects.create(escalation=rated, score=5, message=tap, agent=staff("agent"))
        waiting = escalation_make(chat_make(texts=("alguém aí?", "preciso de ajuda com um pix"), name="Caio Espera"))
        waiting.__class__.objects.filter(pk=waiting.pk).update(created_at=timezone.now() - timedelta(minutes=25))
        return {"chat": waiting.pk}


def shoot(browser, base: str, width: int, path: str, name: str, *, signed_in: bool = True) -> str:
    """Open `path` at `width` (signed in as demobank's admin unless told), save the screenshot, return the text."""
    context = browser.new_context(viewport=WIDTHS[width], device_scale_factor=1, is_mobile=width < 500,
                                  has_touch=width < 500)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        if signed_in:
            browser_signed_in(page, schema="demobank", username="admin", base=base)
        response = page.goto(f"{base}{path}")
        assert response is not None and response.status == 200, (path, response and response.status)
        SCREENS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENS / f"{name}-{width}.png"), full_page=True)
        return page.inner_text("body")
    finally:
        context.close()


@pytest.mark.parametrize("width", [1366, 390])
def test_the_team_pages_at_each_width(browser, platform_up, team_rows, width):
    base = f"http://demobank.localhost:{platform_up.port}"
    pages = [
        ("/admin/inbox/team/", "teams", "Contestações"),
        ("/admin/inbox/agentavailability/", "agent-availability", "agent"),
        ("/admin/inbox/inboxsettings/", "sla-settings", pt("inbox settings")),
        ("/admin/inbox/satisfactionrating/", "csat-ratings", "Rita Avaliou · #"),  # the customer, not a row name
        ("/workspace/dashboard/", "dashboard-team", pt("Resolution target (min)")),
        (f"/inbox/{team_rows['chat']}/", "inbox-chat", "preciso de ajuda com um pix"),
    ]
    for path, name, expected in pages:
        text = shoot(browser, base, width, path, name)
        assert expected.lower() in text.lower(), (name, expected)


@pytest.fixture
def one_pix():
    """A Pix asked for, approved with a tap and sent, committed for the server to show (with its trace)."""
    from tenants.models import Organisation
    from tenants.services import policy_update
    from workspace.tests.helpers import pix_sent

    with schema_context("demobank"):
        organisation = Organisation.objects.get(schema_name="demobank")
        # the guards share 2 cores with the platform under test: a roomy budget, so a slow run is not a refusal
        policy_update(organisation=organisation, changes={"guard_time_budget_ms": 10_000}, changed_by="test@demobank")
        return pix_sent(), organisation.policy.pk


@pytest.mark.parametrize("width", [1366, 390])
def test_every_other_staff_page_at_each_width(browser, platform_up, one_pix, width):
    pix, policy = one_pix
    base = f"http://demobank.localhost:{platform_up.port}"
    text = shoot(browser, base, width, "/admin/login/", "login", signed_in=False)
    assert pt("Log in").lower() in text.lower()
    pages = [
        ("/admin/", "home", pt("Inbox")),
        ("/inbox/", "inbox-list", pt("Inbox")),
        ("/workspace/dashboard/", "dashboard", pt("Latest Asks in the range")),
        (f"/workspace/trace/ask/{pix.ask_id}/", "trace-ask", pix.transfer.end_to_end_id),
        (f"/workspace/trace/conversation/{pix.conversation_id}/", "trace-conversation", pix.transfer.end_to_end_id),
        ("/admin/approvals/approvalrequest/", "approvals", "200,00"),
        ("/admin/agent/turn/", "turns", "manda 200 pro Pedro"),
        ("/admin/inbox/cannedreply/", "canned-replies", pt("canned replies")),
        (f"/admin/tenants/organisationpolicy/{policy}/change/", "policy", pt("Approvals")),
    ]
    for path, name, expected in pages:
        text = shoot(browser, base, width, path, name)
        assert expected.lower() in text.lower(), (name, expected)


@pytest.mark.parametrize("width", [1366, 390])
def test_the_second_factor_and_lockout_pages_at_each_width(browser, platform_up, width):
    from tenants.models import Organisation

    base = f"http://demobank.localhost:{platform_up.port}"
    Organisation.objects.filter(schema_name="demobank").update(admin_totp_required=True)
    try:  # signed in by password, not yet by a second factor: every page asks for it
        context = browser.new_context(viewport=WIDTHS[width], is_mobile=width < 500, has_touch=width < 500)
        page = context.new_page()
        page.set_default_timeout(15_000)
        browser_signed_in(page, schema="demobank", username="admin", base=base)
        page.goto(f"{base}/admin/")
        page.wait_for_url(f"{base}/admin/second-factor/**")
        assert page.locator("#totp-key").count() == 1
        page.screenshot(path=str(SCREENS / f"second-factor-{width}.png"), full_page=True)
        context.close()
    finally:
        Organisation.objects.filter(schema_name="demobank").update(admin_totp_required=False)

    context = browser.new_context(viewport=WIDTHS[width], is_mobile=width < 500, has_touch=width < 500)
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        username = f"someone-{width}"
        for _ in range(settings.MAGIE_LOGIN_FAILURE_LIMIT + 1):
            page.goto(f"{base}/admin/login/?next=/admin/")
            if page.locator("#locked-out").count():
                break
            page.fill("#id_username", username)
            page.fill("#id_password", "not the password")
            with page.expect_navigation():  # the refusal comes back to this URL: read it, not the form left
                page.click("#login-form [type=submit]")
            if page.locator("#locked-out").count():
                break
        locked = page.locator("#locked-out")
        assert locked.count() == 1 and locked.get_attribute("data-username") == username
        page.screenshot(path=str(SCREENS / f"lockout-{width}.png"), full_page=True)
    finally:
        context.close()
