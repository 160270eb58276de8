"""Issue 16's acceptance, in Chromium, on the platform started exactly as `make run` starts it (`manage.py up`:
granian, DEBUG off, WhiteNoise's collected static files): the theme's CSS loads, the bank admin reads the policy
page in Portuguese, `15` minutes are 15 minutes, `1.000,50` is R$ 1.000,50, the vocabulary round-trips, and a
change that loosens a protection is confirmed as a sentence first. Screenshots go to docs/screenshots/."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.hashers import PBKDF2PasswordHasher, make_password
from django.contrib.auth.models import User
from django_tenants.utils import schema_context

from tenants.demo import DEMO_PASSWORD
from tenants.models import OrganisationPolicy, PolicyVersion

pytestmark = pytest.mark.browser
SHOTS = Path(settings.BASE_DIR) / "docs" / "screenshots"


@pytest.fixture
def bank(platform_up, page):
    """The bank's back office on the running platform, signed in as its admin; returns its base URL."""
    with schema_context("demobank"):  # the server runs the production hashers, not the tests' fast one
        before = User.objects.get(username="admin").password
        hashed = make_password(DEMO_PASSWORD, hasher=PBKDF2PasswordHasher())
        User.objects.filter(username="admin").update(password=hashed)
    base = f"http://demobank.localhost:{platform_up.port}"
    page.set_viewport_size({"width": 1360, "height": 900})
    page.goto(f"{base}/admin/login/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", DEMO_PASSWORD)
    page.click("#login-form button[type=submit]")
    page.wait_for_url(f"{base}/admin/")
    yield base
    with schema_context("demobank"):  # the next tests sign in through the test settings' hasher again
        User.objects.filter(username="admin").update(password=before)


def shot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name), full_page=True)


def policy() -> OrganisationPolicy:
    return OrganisationPolicy.objects.get(organisation__schema_name="demobank")


def open_policy(page) -> None:
    """Follow the sidebar's link to the policy page and return once that page has loaded: its first field being
    there says nothing of the labels further down, which the tests read too."""
    with page.expect_navigation(url="**/organisationpolicy/*/change/"):
        page.click("#nav-sidebar-inner a:has-text('Política do agente')")


def save(page) -> None:
    """Submit the policy form and return once its answer has loaded (the changelist, or the confirmation at the same
    URL). After a click, `wait_for_load_state()` can answer for the page being left, already loaded."""
    with page.expect_navigation():
        page.click("button[name=_save]")


def test_the_theme_css_loads_with_debug_off(platform_up, page):
    page.goto(f"http://demobank.localhost:{platform_up.port}/admin/login/")
    font = page.evaluate("getComputedStyle(document.body).fontFamily")
    button = page.evaluate("getComputedStyle(document.querySelector('#login-form button[type=submit]'))"
                           ".backgroundColor")
    assert "Inter" in font  # unfold's stylesheet and its font, served by WhiteNoise
    assert button not in ("rgba(0, 0, 0, 0)", "transparent", "")  # the bank's colour (primary-600) on the button
    sheets = page.evaluate("[...document.styleSheets].filter(s => s.href && s.href.includes('/static/'))"
                           ".map(s => s.cssRules.length)")
    assert sheets and min(sheets) > 0
    shot(page, "login-demobank.png")


def test_the_bank_admin_reads_the_policy_page_in_portuguese(bank, page):
    shot(page, "home-demobank.png")
    assert page.get_attribute("html", "lang") == "pt-br"
    assert page.locator("text=Conversas e pedidos").first.is_visible()
    open_policy(page)
    text = page.inner_text("body")
    for label in ("Um pedido aberto expira após", "Uma aprovação expira após", "Maior valor por pedido",
                  "Palavras que nunca são ditas aos clientes", "Quando pedir aprovação", "Pedir sempre"):
        assert label in text, label
    assert page.inner_text("[data-unit=minutes] >> nth=0").strip() == "minutos"
    shot(page, "policy-demobank-pt-BR.png")


def test_15_minutes_are_saved_as_15_minutes(bank, page):
    open_policy(page)
    page.fill("#id_ask_stale_after", "15")
    save(page)
    assert policy().ask_stale_after.total_seconds() == 15 * 60
    open_policy(page)
    assert page.input_value("#id_ask_stale_after") == "15"


def test_1000_50_is_saved_as_r_1000_50_with_its_echo(bank, page):
    open_policy(page)
    page.fill("#id_amount_max", "1.000,50")
    assert page.inner_text("[data-money-echo=id_amount_max]").replace("\xa0", " ") == "R$ 1.000,50"  # as typed
    shot(page, "policy-money-echo.png")
    save(page)
    assert policy().amount_max_cents == 100_050
    open_policy(page)
    assert page.input_value("#id_amount_max") == "1.000,50"
    assert page.inner_text("[data-money-echo=id_amount_max]").replace("\xa0", " ") == "R$ 1.000,50"


def test_the_vocabulary_round_trips(bank, page):
    open_policy(page)
    page.fill("#id_internal_vocabulary", "SisBank\ncore legado\nFila P2")
    save(page)
    assert policy().internal_vocabulary == ["SisBank", "core legado", "Fila P2"]
    version = policy().version
    open_policy(page)
    assert page.input_value("#id_internal_vocabulary") == "SisBank\ncore legado\nFila P2"
    save(page)  # untouched
    assert policy().version == version and policy().internal_vocabulary == ["SisBank", "core legado", "Fila P2"]


def test_a_lower_gate_is_confirmed_as_a_sentence_before_it_is_saved(bank, page):
    open_policy(page)
    page.select_option("#id_money_mode", "above_amount")
    page.fill("#id_money_threshold", "1.000,00")
    save(page)
    page.wait_for_selector("#policy-confirmation")
    text = page.inner_text("#policy-confirmation").replace("\xa0", " ")
    assert "Pix acima de R$ 1.000,00 passa a pedir aprovação" in text
    assert "Antes: sempre pedia aprovação." in text
    assert "Até R$ 1.000,00, passa a acontecer sem a aprovação do cliente." in text
    shot(page, "policy-confirmation-pt-BR.png")
    assert policy().version == 1  # nothing saved before the confirmation
    with page.expect_navigation():
        page.click("#confirm-change")
    saved = policy()
    assert saved.gates["money"]["mode"] == "above_amount" and saved.gates["money"]["threshold_cents"] == 100_000
    assert PolicyVersion.objects.get(organisation=saved.organisation, number=saved.version).changed_by == (
        "admin@demobank")
