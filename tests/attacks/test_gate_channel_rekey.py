"""Attack: re-key a channel alone (the platform operator or one organisation admin) and then sign webhooks as any
of its customers. A new secret is a request until a second, different staff person with the right to re-key
approves it; the webhook keeps verifying with the old secret until then. Through the real admin pages and the
real webhook on real PostgreSQL."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django_tenants.utils import schema_context

from tenants.demo import DEMO_PASSWORD, demo_channel_secrets
from tenants.models import ChannelRekey, WhatsAppChannel
from tenants.roles import Role
from tenants.services import staff_ensure
from testing.organisations import signed_in
from whatsapp.inbound.models import InboundBody
from whatsapp.simulator import signature_header
from whatsapp.tests.conftest import BANK_NUMBER, change, encode, envelope, inbound, turns  # noqa: F401

pytestmark = pytest.mark.django_db

NEW_SECRET = "attacker-chosen-app-secret-1"
NEW_TOKEN = "attacker-chosen-access-token-1"


def channel() -> WhatsAppChannel:
    return WhatsAppChannel.objects.get(phone_number_id=BANK_NUMBER)


def change_url() -> str:
    return f"/admin/tenants/whatsappchannel/{channel().pk}/change/"


def rekey_asked(client: Client, **secrets: str):
    data = {"phone_number_id": BANK_NUMBER, "display_phone_number": channel().display_phone_number,
            "app_secret": "", "verify_token": "", "access_token": ""}
    if "organisation" in secrets:
        data["organisation"] = secrets.pop("organisation")
    return client.post(change_url(), {**data, **secrets})


def webhook(secret: str, capture) -> int:
    body = encode(envelope(change(BANK_NUMBER, messages=[inbound("text", {"body": f"oi {secret[:6]}"})])))
    with capture(execute=True):
        return Client(HTTP_HOST="localhost").post(
            "/webhooks/whatsapp", data=body, content_type="application/json",
            HTTP_X_HUB_SIGNATURE_256=signature_header(body=body, secret=secret)).status_code


def decide(client: Client, rekey: ChannelRekey, decision: str):
    return client.post(f"/admin/tenants/channelrekey/{rekey.pk}/decide/", {"decision": decision})


@pytest.fixture
def second_admin(db):
    with schema_context("demobank"):
        staff_ensure(username="admin2", password=DEMO_PASSWORD, role=Role.ADMIN)
    connection.set_schema_to_public()


def test_an_admins_new_secret_is_a_request_and_the_old_secret_keeps_verifying(second_admin, turns,  # noqa: F811
                                                                              django_capture_on_commit_callbacks):
    old = demo_channel_secrets("demobank")["app_secret"]
    response = rekey_asked(signed_in("demobank", "admin"), app_secret=NEW_SECRET, access_token=NEW_TOKEN)
    assert response.status_code == 302
    assert channel().app_secret == old and channel().access_token == demo_channel_secrets("demobank")["access_token"]
    rekey = ChannelRekey.objects.get()
    assert (rekey.status, rekey.requested_by, rekey.changes) == ("pending", "admin@demobank",
                                                                 ["access_token", "app_secret"])
    assert webhook(NEW_SECRET, django_capture_on_commit_callbacks) == 401  # the attacker's secret signs nothing yet
    assert webhook(old, django_capture_on_commit_callbacks) == 200
    assert InboundBody.objects.count() == 1


def test_the_requester_cannot_approve_their_own_key_change(second_admin):
    admin = signed_in("demobank", "admin")
    rekey_asked(admin, app_secret=NEW_SECRET)
    rekey = ChannelRekey.objects.get()
    page = admin.get(f"/admin/tenants/channelrekey/{rekey.pk}/decide/").content.decode()
    assert 'id="rekey-approve"' not in page and 'id="rekey-refuse"' in page  # withdraw only
    assert decide(admin, rekey, "approve").status_code == 302
    rekey.refresh_from_db()
    assert rekey.status == "pending" and channel().app_secret == demo_channel_secrets("demobank")["app_secret"]


def test_a_second_admin_approves_and_only_then_the_new_secret_verifies(second_admin, turns,  # noqa: F811
                                                                       django_capture_on_commit_callbacks):
    old = demo_channel_secrets("demobank")["app_secret"]
    rekey_asked(signed_in("demobank", "admin"), app_secret=NEW_SECRET)
    rekey = ChannelRekey.objects.get()
    second = signed_in("demobank", "admin2")
    assert 'id="rekey-approve"' in second.get(f"/admin/tenants/channelrekey/{rekey.pk}/decide/").content.decode()
    assert decide(second, rekey, "approve").status_code == 302
    rekey.refresh_from_db()
    assert (rekey.status, rekey.requested_by, rekey.decided_by) == ("applied", "admin@demobank", "admin2@demobank")
    assert rekey.decided_at is not None and not rekey.app_secret  # the new value lives on the channel only
    assert channel().app_secret == NEW_SECRET
    assert webhook(old, django_capture_on_commit_callbacks) == 401
    assert webhook(NEW_SECRET, django_capture_on_commit_callbacks) == 200
    assert decide(second, rekey, "approve").status_code == 302  # a decided request is not applied twice
    rekey.refresh_from_db()
    assert rekey.decided_by == "admin2@demobank"


def test_the_platform_operator_re_keys_only_with_the_organisations_admin(db):
    connection.set_schema_to_public()
    operator = signed_in(None, "platform")
    assert rekey_asked(operator, app_secret=NEW_SECRET, organisation=channel().organisation_id).status_code == 302
    rekey = ChannelRekey.objects.get()
    assert rekey.requested_by == "platform@public"
    decide(operator, rekey, "approve")
    assert channel().app_secret != NEW_SECRET  # the operator alone re-keys nothing
    assert decide(signed_in("demobank", "admin"), rekey, "approve").status_code == 302
    rekey.refresh_from_db()
    assert (rekey.status, rekey.decided_by) == ("applied", "admin@demobank") and channel().app_secret == NEW_SECRET


@pytest.mark.parametrize("role", ["agent", "auditor"])
def test_staff_without_the_right_to_re_key_cannot_approve(second_admin, role):
    rekey_asked(signed_in("demobank", "admin"), app_secret=NEW_SECRET)
    rekey = ChannelRekey.objects.get()
    assert decide(signed_in("demobank", role), rekey, "approve").status_code == 403
    rekey.refresh_from_db()
    assert rekey.status == "pending" and channel().app_secret != NEW_SECRET


def test_another_organisations_admin_cannot_see_or_approve(second_admin):
    rekey_asked(signed_in("demobank", "admin"), app_secret=NEW_SECRET)
    rekey = ChannelRekey.objects.get()
    other = signed_in("demostore", "admin")
    assert other.get("/admin/tenants/channelrekey/").content.decode().count("/decide/") == 0
    assert decide(other, rekey, "approve").status_code == 404
    assert channel().app_secret != NEW_SECRET


def test_a_refused_key_change_leaves_the_channel_and_keeps_no_new_secret(second_admin):
    rekey_asked(signed_in("demobank", "admin"), app_secret=NEW_SECRET)
    rekey = ChannelRekey.objects.get()
    assert decide(signed_in("demobank", "admin2"), rekey, "refuse").status_code == 302
    rekey.refresh_from_db()
    assert (rekey.status, rekey.decided_by) == ("refused", "admin2@demobank")
    with connection.cursor() as cursor:
        cursor.execute("SELECT app_secret FROM tenants_channelrekey")
        assert cursor.fetchall() == [("",)]
    assert channel().app_secret == demo_channel_secrets("demobank")["app_secret"]


def test_a_newer_request_supersedes_the_pending_one(second_admin):
    admin = signed_in("demobank", "admin")
    rekey_asked(admin, app_secret=NEW_SECRET)
    rekey_asked(admin, app_secret="second-try-secret")
    first, second = ChannelRekey.objects.order_by("pk")
    assert (first.status, second.status) == ("superseded", "pending")
    assert decide(signed_in("demobank", "admin2"), first, "approve").status_code == 302
    assert channel().app_secret == demo_channel_secrets("demobank")["app_secret"]  # the old request applies nothing


def test_the_pending_secret_is_encrypted_and_on_no_page(second_admin):
    rekey_asked(signed_in("demobank", "admin"), app_secret=NEW_SECRET)
    rekey = ChannelRekey.objects.get()
    with connection.cursor() as cursor:
        cursor.execute("SELECT app_secret FROM tenants_channelrekey")
        [(stored,)] = cursor.fetchall()
    assert stored.startswith("fernet:") and NEW_SECRET not in stored
    second = signed_in("demobank", "admin2")
    for url in ("/admin/tenants/channelrekey/", f"/admin/tenants/channelrekey/{rekey.pk}/change/",
                f"/admin/tenants/channelrekey/{rekey.pk}/decide/"):
        page = second.get(url)
        assert page.status_code == 200 and NEW_SECRET not in page.content.decode(), url
    assert NEW_SECRET not in repr(rekey) + str(rekey)


def test_a_channel_added_by_the_operator_verifies_nothing_until_its_admin_approves_its_secrets(
        db, turns, django_capture_on_commit_callbacks):  # noqa: F811
    from tenants.models import Organisation

    connection.set_schema_to_public()
    store = Organisation.objects.get(schema_name="demostore")
    number = "100000000000077"
    added = signed_in(None, "platform").post("/admin/tenants/whatsappchannel/add/", {
        "organisation": store.pk, "phone_number_id": number, "display_phone_number": "+55 11 7777-0000",
        "app_secret": NEW_SECRET, "verify_token": "verify-77", "access_token": NEW_TOKEN})
    assert added.status_code == 302
    new = WhatsAppChannel.objects.get(phone_number_id=number)
    assert not new.app_secret and not new.access_token  # the number exists, its secrets wait

    def hook(secret: str) -> int:
        body = encode(envelope(change(number, messages=[inbound("text", {"body": "compre"})])))
        with django_capture_on_commit_callbacks(execute=True):
            return Client(HTTP_HOST="localhost").post(
                "/webhooks/whatsapp", data=body, content_type="application/json",
                HTTP_X_HUB_SIGNATURE_256=signature_header(body=body, secret=secret)).status_code

    assert hook("") == 401 and hook(NEW_SECRET) == 401  # neither the empty key nor the pending one
    rekey = ChannelRekey.objects.get(channel=new)
    assert rekey.changes == ["access_token", "app_secret", "verify_token"]
    assert decide(signed_in("demostore", "admin"), rekey, "approve").status_code == 302
    assert hook(NEW_SECRET) == 200
