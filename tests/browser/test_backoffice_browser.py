"""In Chromium: each demo organisation's back office loads at its own host, and its admin edits the policy."""

from pathlib import Path

import pytest
from django.conf import settings

from tenants.demo import DEMO_PASSWORD
from tenants.models import OrganisationPolicy, PolicyVersion

pytestmark = pytest.mark.browser
SCREENS = Path(settings.DATA_DIR) / "screens"


def sign_in(page, base: str, username: str = "admin") -> None:
    page.goto(f"{base}/admin/")
    page.fill("#id_username", username)
    page.fill("#id_password", DEMO_PASSWORD)
    page.click("#login-form [type=submit]")
    page.wait_for_url(f"{base}/admin/")


@pytest.mark.parametrize(("schema", "name", "lang"), [("demobank", "Banco Demo", "pt-br"),
                                                      ("demoschool", "Escola de Muntanya Demo", "ca"),
                                                      ("demostore", "Tienda de Celulares Demo", "es")])
def test_each_demo_admin_loads_at_its_url_and_edits_its_policy(page, site, schema, name, lang):
    sign_in(page, site(schema))
    assert name in page.inner_text("body") and page.get_attribute("html", "lang") == lang  # its name, its language
    policy = OrganisationPolicy.objects.get(organisation__schema_name=schema)
    page.goto(f"{site(schema)}/admin/tenants/organisationpolicy/{policy.pk}/change/")
    page.fill("#id_ask_stale_after", "7")
    page.select_option("#id_money_mode", "above_amount")
    page.fill("#id_money_threshold", "250,00")  # the three demo organisations write cents after a comma
    with page.expect_navigation():  # the confirmation comes back to this URL: its whole form loaded before the click
        page.click("button[name=_save]")
    page.click("#confirm-change")  # asking less often than "always" is confirmed first
    page.wait_for_url("**/organisationpolicy/")
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"policy-{schema}.png"), full_page=True)

    policy.refresh_from_db()
    assert policy.ask_stale_after.total_seconds() == 420
    assert policy.gates["money"]["threshold_cents"] == 25_000
    assert PolicyVersion.objects.get(organisation=policy.organisation, number=policy.version).changed_by == (
        f"admin@{schema}"
    )


def test_the_platform_lists_the_organisations_with_their_back_office_links(page, site):
    page.goto(site(None) + "/")
    for schema in ("demobank", "demoschool", "demostore"):
        assert page.locator(f"a[href*='{schema}.localhost']").count() == 1


def test_an_invalid_policy_shows_the_field_error_in_the_browser(page, site):
    sign_in(page, site("demobank"))
    policy = OrganisationPolicy.objects.get(organisation__schema_name="demobank")
    page.goto(f"{site('demobank')}/admin/tenants/organisationpolicy/{policy.pk}/change/")
    page.select_option("#id_money_mode", "above_amount")
    page.fill("#id_money_threshold", "")
    page.click("button[name=_save]")
    page.get_by_text("“Pedir acima de um valor” precisa do valor acima do qual pedir.").first.wait_for()  # the answer
