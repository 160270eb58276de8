"""Staff login: a lockout after N failed sign-ins (django-axes, per address and username in each organisation
schema), a clear 429 page, an admin who unlocks; a TOTP second factor (django-otp) that an organisation can require of its admins."""

from __future__ import annotations

import re
import time
from binascii import unhexlify

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from django_otp.oath import TOTP
from django_tenants.utils import schema_context

from staff_auth.models import StaffTOTPDevice as TOTPDevice
from tenants.demo import DEMO_PASSWORD
from tenants.models import Organisation
from tenants.roles import Role
from tenants.services import staff_ensure
from testing.organisations import signed_in

pytestmark = pytest.mark.django_db


def login(schema: str, username: str, password: str, address: str = "127.0.0.1"):
    client = Client(HTTP_HOST=f"{schema}.localhost", REMOTE_ADDR=address)
    return client, client.post("/admin/login/", {"username": username, "password": password})


def test_five_wrong_passwords_lock_the_account_with_a_clear_message():
    for attempt in range(settings.MAGIE_LOGIN_FAILURE_LIMIT - 1):
        _, response = login("demobank", "admin", f"wrong-{attempt}")
        assert response.status_code == 200 and "e senha corretos para uma conta de equipe" in (
            response.content.decode())  # Django's own words, in the bank's Portuguese
    _, locked = login("demobank", "admin", "wrong-last")
    assert locked.status_code == 429
    page = locked.content.decode()
    assert "Muitas tentativas de acesso falhas para “admin” (5 seguidas)" in page  # in the bank's Portuguese
    assert "Tente de novo em 15 minutos" in page and "Bloqueios de acesso" in page
    _, right_password = login("demobank", "admin", DEMO_PASSWORD)  # the right password does not open it now
    assert right_password.status_code == 429
    _, elsewhere = login("demobank", "admin", DEMO_PASSWORD, address="10.9.9.9")  # another address is not locked
    assert elsewhere.status_code == 302


def test_a_lockout_in_one_organisation_locks_nobody_elsewhere():
    for attempt in range(settings.MAGIE_LOGIN_FAILURE_LIMIT):
        login("demobank", "admin", f"wrong-{attempt}")
    assert login("demobank", "admin", DEMO_PASSWORD)[1].status_code == 429
    _, other = login("demostore", "admin", DEMO_PASSWORD, address="10.9.9.8")
    assert other.status_code == 302  # the same username in another organisation's schema
    with schema_context("demobank"):
        from axes.models import AccessAttempt

        assert AccessAttempt.objects.filter(username="admin").exists()
    with schema_context("demostore"):
        assert not AccessAttempt.objects.filter(username="admin").exists()


def test_an_admin_sees_and_clears_a_lockout_and_other_roles_cannot(demobank):
    staff_ensure(username="admin2", password=DEMO_PASSWORD, role=Role.ADMIN)
    connection.set_schema_to_public()
    for attempt in range(settings.MAGIE_LOGIN_FAILURE_LIMIT):
        login("demobank", "admin", f"wrong-{attempt}")
    with schema_context("demobank"):
        from axes.models import AccessAttempt

        attempt = AccessAttempt.objects.get(username="admin")
    other, signed = login("demobank", "admin2", DEMO_PASSWORD, address="10.1.1.1")
    assert signed.status_code == 302
    listed = other.get("/admin/staff/loginlockout/")
    assert listed.status_code == 200 and "admin" in listed.content.decode()
    _, auditor = login("demobank", "auditor", DEMO_PASSWORD, address="10.1.1.2")
    auditor_client = Client(HTTP_HOST="demobank.localhost", REMOTE_ADDR="10.1.1.2")
    auditor_client.post("/admin/login/", {"username": "auditor", "password": DEMO_PASSWORD})
    assert auditor_client.get("/admin/staff/loginlockout/").status_code == 403
    assert other.post(f"/admin/staff/loginlockout/{attempt.pk}/delete/", {"post": "yes"}).status_code == 302
    assert login("demobank", "admin", DEMO_PASSWORD)[1].status_code == 302  # the locked address is unlocked


def code(device: TOTPDevice, steps_ahead: int = 0) -> str:
    """The code the user's authenticator app shows (optionally for the next 30-second step)."""
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
    totp.time = time.time() + steps_ahead * device.step
    return f"{totp.token():0{device.digits}d}"


def test_an_organisation_requires_a_second_factor_of_its_admins(demobank):
    staff_security = f"/admin/tenants/staffsecurity/{demobank.pk}/change/"
    connection.set_schema_to_public()
    auditor = signed_in("demobank", "auditor")
    assert auditor.post(staff_security, {"admin_totp_required": "on"}).status_code == 403
    admin = signed_in("demobank", "admin")
    assert admin.post(staff_security, {"admin_totp_required": "on"}).status_code == 302
    assert Organisation.objects.get(pk=demobank.pk).admin_totp_required

    admin = Client(HTTP_HOST="demobank.localhost")  # a new sign-in
    assert admin.post("/admin/login/", {"username": "admin", "password": DEMO_PASSWORD}).status_code == 302
    gate = admin.get("/admin/conversations/customer/")
    assert gate.status_code == 302 and gate["Location"].startswith("/admin/second-factor/?next=")
    blocked = admin.post("/simulator/send", {"wa_id": "5511999990001", "text": "oi"}, content_type="application/json")
    assert blocked.status_code == 403 and blocked.json()["code"] == "second_factor_required"
    enrol = admin.get(gate["Location"])
    page = enrol.content.decode()
    assert enrol.status_code == 200 and "exige um segundo fator" in page and 'class="qr"' in page
    key = re.search(r'<code id="totp-key">([A-Z2-7]+)</code>', page)[1]
    with schema_context("demobank"):
        device = TOTPDevice.objects.get(user__username="admin")
        assert not device.confirmed and device.bin_key == unhexlify(device.key.reveal())
    wrong = admin.post("/admin/second-factor/", {"otp_token": "000000" if code(device) != "000000" else "111111",
                                                  "next": "/admin/conversations/customer/"})
    assert wrong.status_code == 400 and "não é o atual" in wrong.content.decode()
    time.sleep(1.1)  # django-otp throttles: one second after the first wrong code
    done = admin.post("/admin/second-factor/", {"otp_token": code(device), "next": "/admin/conversations/customer/"})
    shown = done.content.decode()  # the recovery codes, once, then on to where the admin was going
    assert done.status_code == 200 and 'id="recovery-codes"' in shown and 'href="/admin/conversations/customer/"' in shown
    assert admin.get("/admin/conversations/customer/").status_code == 200
    assert key  # the key was shown once, at enrolment

    again = Client(HTTP_HOST="demobank.localhost")  # the next sign-in asks for a code, shows no key or QR code
    again.post("/admin/login/", {"username": "admin", "password": DEMO_PASSWORD})
    ask = again.get("/admin/second-factor/?next=/admin/")
    assert ask.status_code == 200 and 'class="qr"' not in ask.content.decode() and key not in ask.content.decode()
    with schema_context("demobank"):
        device.refresh_from_db()
    assert again.post("/admin/second-factor/", {"otp_token": code(device, 1), "next": "/admin/"}).status_code == 302
    assert again.get("/admin/").status_code == 200

    agent = signed_in("demobank", "agent")  # required of admins only
    assert agent.get("/admin/").status_code == 200


def test_the_lockout_page_names_the_username_typed_in_that_sign_in():
    for attempt in range(settings.MAGIE_LOGIN_FAILURE_LIMIT):
        _, locked = login("demobank", "agent", f"wrong-{attempt}", address="10.4.4.4")
    assert locked.status_code == 429
    page = locked.content.decode()
    assert 'data-username="agent"' in page and 'data-rule="username"' in page
    assert "Muitas tentativas de acesso falhas para “agent”" in page


def test_an_address_locked_as_a_whole_names_the_typed_username_and_says_it_is_the_address(settings):
    settings.MAGIE_LOGIN_ADDRESS_FAILURE_LIMIT = 4
    for index, username in enumerate(("ana", "bia", "caio", "davi")):  # one failure each: no pair reaches its limit
        login("demobank", username, f"wrong-{index}", address="10.5.5.5")
    _, locked = login("demobank", "admin", DEMO_PASSWORD, address="10.5.5.5")
    assert locked.status_code == 429
    page = locked.content.decode()
    assert 'data-username="admin"' in page and 'data-rule="address"' in page
    assert "“davi”" not in page  # never the name of an earlier attempt
