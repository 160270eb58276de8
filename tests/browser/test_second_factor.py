"""In Chromium: an organisation requires a second factor of its admins; the admin signs in, enrols an authenticator
app from the QR page (the key read off the page, the code computed as the app would), lands in the back office,
and at the next sign-in is asked for a code again."""

from pathlib import Path

import pytest
from django.conf import settings
from django_tenants.utils import schema_context

from inbox.tests.helpers import page_shows
from staff_auth.models import StaffTOTPDevice as TOTPDevice
from tenants.demo import DEMO_PASSWORD
from tenants.models import Organisation
from tenants.tests.test_staff_login import code

pytestmark = pytest.mark.browser
SCREENS = Path(settings.DATA_DIR) / "screens"


def sign_in(page, base: str) -> None:
    page.goto(f"{base}/admin/login/?next=/admin/")
    page.fill("#id_username", "admin")
    page.fill("#id_password", DEMO_PASSWORD)
    page.click("#login-form [type=submit]")


def test_totp_enrolment_and_sign_in_in_chromium(page, site):
    Organisation.objects.filter(schema_name="demobank").update(admin_totp_required=True)
    base = site("demobank")
    sign_in(page, base)
    page.wait_for_url(f"{base}/admin/second-factor/**")
    assert "exige um segundo fator" in page.inner_text("#content-main")  # the bank's Portuguese
    assert page.locator(".qr svg").count() == 1 and page.locator("#totp-key").inner_text().strip()
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "second-factor-enrol.png"), full_page=True)
    page.fill("#id_otp_token", "12345")
    with page.expect_navigation():  # the refusal comes back to this URL: wait_for_url would not wait for it
        page.click("input[type=submit]")
    assert "código de 6 dígitos" in page.inner_text("#otp-error")
    with schema_context("demobank"):
        device = TOTPDevice.objects.get(user__username="admin")
    page.fill("#id_otp_token", code(device))
    with page.expect_navigation():  # the codes are counted on the loaded page, not on a half-read one
        page.click("input[type=submit]")
    page_shows(page, "Segundo fator configurado")  # the themed page puts the message in its own list
    assert page.locator("#recovery-codes li").count() == 10  # the recovery codes, shown this once
    page.screenshot(path=str(SCREENS / "second-factor-recovery-codes.png"), full_page=True)
    page.click("#content-main a.button")
    page.wait_for_url(f"{base}/admin/")
    with schema_context("demobank"):
        device.refresh_from_db()
        assert device.confirmed

    page.context.clear_cookies()  # a new sign-in: only a code now, no QR code
    sign_in(page, base)
    page.wait_for_url(f"{base}/admin/second-factor/**")
    assert page.locator(".qr").count() == 0 and page.locator("#totp-key").count() == 0
    page.goto(f"{base}/admin/conversations/customer/")  # every page sends back to the second factor
    page.wait_for_url(f"{base}/admin/second-factor/**")
    page.fill("#id_otp_token", code(device, 1))
    page.click("input[type=submit]")
    page.wait_for_url(f"{base}/admin/conversations/customer/")
    assert "Carla Souza" in page.inner_text("#result_list")
