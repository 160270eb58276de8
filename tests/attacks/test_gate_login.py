"""Attack: lock the staff out by hammering their usernames (issue 27). Through the real login view on real
PostgreSQL; the rules are tenants/login_throttle.py's."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django_tenants.utils import schema_context

from staff_auth.models import StaffTOTPDevice as TOTPDevice
from tenants.demo import DEMO_PASSWORD

pytestmark = pytest.mark.django_db

ADMIN_ADDRESS = "192.0.2.10"  # the real admin's office


def login(schema: str | None, username: str, password: str, address: str):
    client = Client(HTTP_HOST=f"{schema}.localhost" if schema else "localhost", REMOTE_ADDR=address)
    return client, client.post("/admin/login/", {"username": username, "password": password})


def hammer(schema: str | None, username: str, *, addresses: int, per_address: int, prefix: str = "203.0.113"):
    """A stranger's failures for `username` from `addresses` addresses; answers by status code."""
    seen: dict[int, int] = {}
    for a in range(addresses):
        for attempt in range(per_address):
            status = login(schema, username, f"guess-{a}-{attempt}", f"{prefix}.{a + 1}")[1].status_code
            seen[status] = seen.get(status, 0) + 1
    return seen


@pytest.mark.parametrize("schema,username", [("demobank", "admin"), ("demostore", "admin"), (None, "platform")])
def test_the_real_admin_signs_in_while_a_stranger_hammers_its_username(schema, username):
    hammer(schema, username, addresses=1, per_address=30)
    _, response = login(schema, username, DEMO_PASSWORD, ADMIN_ADDRESS)
    assert response.status_code == 302 and response["Location"] == "/admin/"


def test_a_crowd_of_addresses_does_not_lock_the_real_admin_out():
    hammer("demobank", "admin", addresses=12, per_address=3)  # 36 failures: the username is under attack
    client, response = login("demobank", "admin", DEMO_PASSWORD, ADMIN_ADDRESS)
    assert response.status_code == 302
    assert client.get("/admin/").status_code == 200


def test_the_hammering_address_itself_stays_locked_even_with_the_right_password():
    hammer("demobank", "admin", addresses=1, per_address=settings.MAGIE_LOGIN_FAILURE_LIMIT)
    _, response = login("demobank", "admin", DEMO_PASSWORD, "203.0.113.1")
    assert response.status_code == 429  # no oracle: the lock answers before the password is checked


def test_the_lock_page_is_the_same_for_a_right_and_a_wrong_password():
    hammer("demobank", "agent", addresses=1, per_address=settings.MAGIE_LOGIN_FAILURE_LIMIT)
    right = login("demobank", "agent", DEMO_PASSWORD, "203.0.113.1")[1]
    wrong = login("demobank", "agent", "still-wrong", "203.0.113.1")[1]
    assert right.status_code == wrong.status_code == 429
    assert right.content.decode().replace("\n", "") == wrong.content.decode().replace("\n", "")


def test_four_failures_from_one_address_still_let_that_address_in():
    hammer("demobank", "admin", addresses=1, per_address=settings.MAGIE_LOGIN_FAILURE_LIMIT - 1,
           prefix="192.0.2")  # 192.0.2.1: the admin mistyping
    assert login("demobank", "admin", DEMO_PASSWORD, "192.0.2.1")[1].status_code == 302


def test_under_attack_a_new_address_gets_two_guesses_not_five():
    hammer("demobank", "admin", addresses=1, per_address=settings.MAGIE_LOGIN_USERNAME_ATTACK_FAILURES)
    statuses = [login("demobank", "admin", f"botnet-{i}", "198.51.100.7")[1].status_code for i in range(5)]
    tries = settings.MAGIE_LOGIN_FAILURE_LIMIT_UNDER_ATTACK  # the last try's failure answers 429 already
    assert statuses == [200] * (tries - 1) + [429] * (5 - tries + 1)


def test_under_attack_a_fresh_address_with_the_right_password_signs_in_at_its_first_try():
    hammer("demobank", "auditor", addresses=10, per_address=3)
    assert login("demobank", "auditor", DEMO_PASSWORD, "198.51.100.99")[1].status_code == 302


def test_one_address_spraying_many_usernames_is_locked_for_every_username():
    for i in range(settings.MAGIE_LOGIN_ADDRESS_FAILURE_LIMIT):
        login("demobank", f"user{i}", "guess", "203.0.113.200")
    assert login("demobank", "agent", DEMO_PASSWORD, "203.0.113.200")[1].status_code == 429
    assert login("demobank", "agent", DEMO_PASSWORD, ADMIN_ADDRESS)[1].status_code == 302  # only that address


def test_a_success_clears_only_its_own_pair():
    from axes.models import AccessAttempt

    hammer("demobank", "admin", addresses=2, per_address=3)
    assert login("demobank", "admin", DEMO_PASSWORD, "203.0.113.1")[1].status_code == 302
    with schema_context("demobank"):
        left = set(AccessAttempt.objects.filter(username="admin").values_list("ip_address", flat=True))
    assert left == {"203.0.113.2"}


def test_the_hammering_is_recorded_for_the_admins_to_see():
    from axes.models import AccessAttempt

    hammer("demobank", "admin", addresses=3, per_address=2)
    with schema_context("demobank"):
        rows = AccessAttempt.objects.filter(username="admin")
        assert sorted(rows.values_list("ip_address", "failures_since_start")) == [
            ("203.0.113.1", 2), ("203.0.113.2", 2), ("203.0.113.3", 2)]
        assert all("guess" not in row.post_data for row in rows)  # the guessed passwords are not stored


def test_a_second_factor_is_still_asked_after_the_right_password_under_attack(demobank):
    from django.contrib.auth import get_user_model

    admin = get_user_model().objects.get(username="admin")
    TOTPDevice.objects.create(user=admin, name="phone", confirmed=True)
    from django.db import connection

    connection.set_schema_to_public()
    hammer("demobank", "admin", addresses=8, per_address=3)
    client, response = login("demobank", "admin", DEMO_PASSWORD, ADMIN_ADDRESS)
    assert response.status_code == 302
    gate = client.get("/admin/conversations/customer/")
    assert gate.status_code == 302 and gate["Location"].startswith("/admin/second-factor/")


def operator_code(device: TOTPDevice) -> str:
    from django_otp.oath import TOTP

    totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
    return f"{totp.token():0{device.digits}d}"


def test_the_platform_operator_cannot_re_key_a_channel_on_a_password_alone(settings):
    from tenants.models import WhatsAppChannel

    settings.MAGIE_OPERATOR_TOTP_REQUIRED = True
    channel = WhatsAppChannel.objects.get(phone_number_id="100000000000001")
    before = channel.app_secret.reveal()
    client, response = login(None, "platform", DEMO_PASSWORD, ADMIN_ADDRESS)
    assert response.status_code == 302
    change = f"/admin/tenants/whatsappchannel/{channel.pk}/change/"
    gate = client.post(change, {"organisation": channel.organisation_id, "phone_number_id": channel.phone_number_id,
                                "app_secret": "attacker-secret"})
    assert gate.status_code == 302 and gate["Location"].startswith("/admin/second-factor/")
    channel.refresh_from_db()
    assert channel.app_secret.reveal() == before  # not re-keyed

    enrol = client.get("/admin/second-factor/?next=/admin/")
    assert enrol.status_code == 200 and 'class="qr"' in enrol.content.decode()
    device = TOTPDevice.objects.get(user__username="platform")
    done = client.post("/admin/second-factor/", {"otp_token": operator_code(device), "next": "/admin/"})
    assert done.status_code == 200 and 'id="recovery-codes"' in done.content.decode()  # shown once, then on
    assert client.get(change).status_code == 200  # with the second factor passed


def test_without_the_setting_the_operator_is_not_asked(settings):
    settings.MAGIE_OPERATOR_TOTP_REQUIRED = False
    client, response = login(None, "platform", DEMO_PASSWORD, ADMIN_ADDRESS)
    assert response.status_code == 302 and client.get("/admin/").status_code == 200


@pytest.mark.parametrize("role,field", [("agent", "agent_totp_required"), ("auditor", "auditor_totp_required")])
def test_a_stolen_agent_or_auditor_password_reads_no_chat_when_the_organisation_requires_a_code(demobank, role,
                                                                                                field):
    from django.db import connection

    from testing.organisations import signed_in

    connection.set_schema_to_public()
    staff_security = f"/admin/tenants/staffsecurity/{demobank.pk}/change/"
    assert signed_in("demobank", role).post(staff_security, {field: "on"}).status_code == 403  # not their rule
    assert signed_in("demobank", "admin").post(staff_security, {field: "on"}).status_code == 302
    client, response = login("demobank", role, DEMO_PASSWORD, "198.51.100.50")
    assert response.status_code == 302
    chats = client.get("/admin/conversations/conversation/")
    assert chats.status_code == 302 and chats["Location"].startswith("/admin/second-factor/")
    enrol = client.get(chats["Location"])
    assert "Um segundo fator é obrigatório para entrar aqui." in enrol.content.decode()
    other = "auditor" if role == "agent" else "agent"
    assert signed_in("demobank", other).get("/admin/").status_code == 200  # one role's rule, not every role's
