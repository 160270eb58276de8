"""Meta's operational notifications are kept and those an operator must act on are raised: a template's review
(replies outside the 24-hour window need the template), the account's status, a customer's preferences, a message
the business sent from the WhatsApp Business app, value-level errors. A notification that names no phone number (a
template's review, the account's status) comes to the channel's own URL, `/webhooks/whatsapp/<phone_number_id>`, and
is kept once that channel's secret verifies it."""

from __future__ import annotations

import logging

import pytest

from whatsapp.inbound.models import ChannelNotice
from whatsapp.tests.conftest import BANK_NUMBER, encode, post, signed

pytestmark = pytest.mark.django_db


def notification(field: str, value: dict, account: str = "WABA-1") -> dict:
    return {"object": "whatsapp_business_account", "entry": [{"id": account, "changes": [
        {"field": field, "value": value}]}]}


CHANNEL_URL = f"/webhooks/whatsapp/{BANK_NUMBER}"


def deliver(platform, payload: dict):
    body = encode(payload)
    return post(platform, body, path=CHANNEL_URL, **signed(body))


def test_a_rejected_template_is_kept_and_raised(platform, turns, caplog):
    payload = notification("message_template_status_update", {
        "event": "REJECTED", "message_template_id": 1234, "message_template_name": "magie_reply",
        "message_template_language": "pt_BR", "reason": "INCORRECT_CATEGORY"})
    with caplog.at_level(logging.ERROR, logger="whatsapp.services"):
        assert deliver(platform, payload).json() == {"status": "ok", "accepted": True}
    [notice] = ChannelNotice.objects.all()
    assert (notice.field, notice.event, notice.subject, notice.account_id, notice.needs_action) == (
        "message_template_status_update", "REJECTED", "magie_reply", "WABA-1", True)
    assert notice.detail["reason"] == "INCORRECT_CATEGORY"
    assert "message_template_status_update REJECTED magie_reply needs an operator" in caplog.text


def test_an_approved_template_and_a_customers_preference_are_kept_without_alarm(platform, turns, caplog):
    deliver(platform, notification("message_template_status_update", {
        "event": "APPROVED", "message_template_name": "magie_reply"}))
    deliver(platform, notification("user_preferences", {
        "messaging_product": "whatsapp", "metadata": {"phone_number_id": BANK_NUMBER},
        "user_preferences": [{"wa_id": "5511999990001", "detail": "User requested to stop marketing messages",
                              "category": "marketing_messages", "value": "stop", "timestamp": 1733000000}]}))
    assert sorted(ChannelNotice.objects.values_list("field", "event", "needs_action")) == [
        ("message_template_status_update", "APPROVED", False), ("user_preferences", "marketing_messages:stop", False)]
    assert "needs an operator" not in caplog.text


def test_an_account_restriction_and_a_value_level_error_are_raised(platform, turns):
    deliver(platform, notification("account_update", {"phone_number": "5511400000001",
                                                      "event": "ACCOUNT_RESTRICTION",
                                                      "restriction_info": [{"restriction_type": "RESTRICTED_ADD_PHONE_NUMBER_ACTION"}]}))
    deliver(platform, notification("messages", {
        "messaging_product": "whatsapp", "metadata": {"display_phone_number": "5511400000001",
                                                      "phone_number_id": BANK_NUMBER},
        "errors": [{"code": 131051, "title": "Message type unknown", "message": "Message type unknown"}]}))
    assert sorted(ChannelNotice.objects.values_list("field", "event", "needs_action")) == [
        ("account_update", "ACCOUNT_RESTRICTION", True), ("messages.errors", "131051", True)]


def test_a_message_sent_from_the_business_app_is_kept(platform, turns):
    deliver(platform, notification("smb_message_echoes", {
        "messaging_product": "whatsapp", "metadata": {"phone_number_id": BANK_NUMBER},
        "message_echoes": [{"from": "5511400000001", "to": "5511999990001", "id": "wamid.ECHO-1",
                            "timestamp": "1733000000", "type": "text", "text": {"body": "Oi, aqui é a Ana"}}]}))
    [notice] = ChannelNotice.objects.all()
    assert (notice.field, notice.subject, notice.phone_number_id) == ("smb_message_echoes", "5511999990001",
                                                                      BANK_NUMBER)
    assert notice.detail["text"] == {"body": "Oi, aqui é a Ana"}


def test_a_notification_not_signed_by_one_of_our_apps_is_refused(platform, turns):
    body = encode(notification("account_update", {"event": "ACCOUNT_RESTRICTION"}))
    assert post(platform, body, path=CHANNEL_URL, HTTP_X_HUB_SIGNATURE_256="sha256=" + "0" * 64).status_code == 401
    assert post(platform, body, path="/webhooks/whatsapp/100000000000003", **signed(body)).status_code == 401
    assert post(platform, body, **signed(body)).status_code == 401  # no number named: the shared URL cannot route it
    assert not ChannelNotice.objects.exists()
