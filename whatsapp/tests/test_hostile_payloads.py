"""What Meta (or a broken proxy) really sends: customers with usernames, NUL and lone surrogates, long ids, numeric
timestamps, long status strings, edits, deletions and system notices — through the real webhook and its worker-side
processing — and arbitrary JSON through the parser (hypothesis): nothing raises, nothing is lost beside it."""

from __future__ import annotations

import json

import pytest
from django_tenants.utils import schema_context
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from conversations.models import Customer, Message
from whatsapp.models import DeliveryEvent
from whatsapp.payloads import ID_MAX, bounded_id, clean, parse
from whatsapp.tests.conftest import BANK_NUMBER, CUSTOMER, change, envelope, inbound, post, signed, status

pytestmark = pytest.mark.django_db


def deliver(platform, payload: dict, callbacks) -> int:
    body = json.dumps(payload).encode()  # ensure_ascii: lone surrogates and NUL travel as \\uXXXX, as from Meta
    with callbacks(execute=True):
        return post(platform, body, **signed(body)).status_code


def rows() -> list[Message]:
    with schema_context("demobank"):
        return list(Message.objects.filter(direction="in").select_related("conversation__customer").order_by("pk"))


def test_a_username_only_customer_is_stored_with_their_user_id(platform, turns, django_capture_on_commit_callbacks):
    message = inbound("text", {"body": "oi"})
    del message["from"]
    message["from_user_id"] = "BR.1502576394655843"
    payload = envelope(change(messages=[message]))
    payload["entry"][0]["changes"][0]["value"]["contacts"] = [{"profile": {"name": "Bia"},
                                                               "user_id": "BR.1502576394655843"}]
    assert deliver(platform, payload, django_capture_on_commit_callbacks) == 200
    [row] = rows()
    customer = row.conversation.customer
    assert (customer.channel_user_id, customer.whatsapp_user_id, customer.phone, customer.name) == (
        "BR.1502576394655843", "BR.1502576394655843", "", "Bia")
    assert len(turns.calls) == 1


def test_from_and_from_user_id_are_both_kept_and_find_the_same_customer(platform, turns,
                                                                        django_capture_on_commit_callbacks):
    first = inbound("text", {"body": "um"}) | {"from_user_id": "BR.777"}
    assert deliver(platform, envelope(change(messages=[first])), django_capture_on_commit_callbacks) == 200
    second = inbound("text", {"body": "dois"})
    del second["from"]
    second["from_user_id"] = "BR.777"  # later, the phone number is withheld
    assert deliver(platform, envelope(change(messages=[second])), django_capture_on_commit_callbacks) == 200
    one, two = rows()
    assert one.conversation_id == two.conversation_id
    customer = one.conversation.customer
    assert (customer.channel_user_id, customer.whatsapp_user_id, customer.phone) == (CUSTOMER, "BR.777",
                                                                                      f"+{CUSTOMER}")


def test_nul_and_lone_surrogates_are_stripped_at_the_parser(platform, turns, django_capture_on_commit_callbacks):
    message = inbound("text", {"body": "sal\x00do \ud800?"})
    payload = envelope(change(messages=[message], name="Car\x00la \udfff"))
    assert deliver(platform, payload, django_capture_on_commit_callbacks) == 200
    [row] = rows()
    assert row.text == "saldo ?" and row.conversation.customer.name == "Carla "


def test_ids_over_128_characters_are_stored_and_a_redelivery_still_dedupes(platform, turns,
                                                                          django_capture_on_commit_callbacks):
    long_id = "wamid." + "A" * 180  # over the old 128, under ID_MAX: kept as is
    huge_id = "wamid." + "B" * 5000  # absurd: kept as its digest
    payload = envelope(change(messages=[inbound("text", {"body": "a"}, id=long_id, context="wamid." + "C" * 300),
                                        inbound("text", {"body": "b"}, id=huge_id)]))
    assert deliver(platform, payload, django_capture_on_commit_callbacks) == 200
    again = envelope(change(messages=[inbound("text", {"body": "b"}, id=huge_id)]))  # batched differently
    assert deliver(platform, again, django_capture_on_commit_callbacks) == 200
    first, second = rows()
    assert first.channel_message_id == long_id and first.reply_to == bounded_id("wamid." + "C" * 300)
    assert second.channel_message_id == bounded_id(huge_id) and len(second.channel_message_id) <= ID_MAX
    assert len(turns.calls) == 2


def test_a_numeric_timestamp_is_read(platform, turns, django_capture_on_commit_callbacks):
    message = inbound("text", {"body": "oi"}) | {"timestamp": 1_764_000_000}
    assert deliver(platform, envelope(change(messages=[message])), django_capture_on_commit_callbacks) == 200
    assert int(rows()[0].sent_at.timestamp()) == 1_764_000_000


def test_a_status_string_over_16_characters_is_kept_unapplied(platform, turns, django_capture_on_commit_callbacks):
    receipt = status("wamid.SOMETHING", "delivered_to_a_new_kind_of_device", 1_764_000_000)
    assert deliver(platform, envelope(change(statuses=[receipt])), django_capture_on_commit_callbacks) == 200
    with schema_context("demobank"):
        event = DeliveryEvent.objects.get(wamid="wamid.SOMETHING")
    assert event.status == "delivered_to_a_new_kind_of_device"[:32] and event.applied is False


@pytest.mark.parametrize(("message", "kind", "text", "reply_to", "payload"), [
    (inbound("edit", {"original_message_id": "wamid.ORIG", "message": {"type": "text",
                                                                        "text": {"body": "manda 60"}}}),
     "edit", "manda 60", "wamid.ORIG", "edit"),
    (inbound("edit", {"original_message_id": "wamid.PIC", "message": {"type": "image",
                                                                       "image": {"caption": "novo"}}}),
     "edit", "novo", "wamid.PIC", "edit"),
    (inbound("revoke", {"original_message_id": "wamid.ORIG"}), "deletion", "", "wamid.ORIG", "revoke"),
    (inbound("system", {"body": "User Carla changed from 5511999990001 to 5511988880000",
                        "type": "user_changed_number", "wa_id": "5511988880000"}),
     "system", "User Carla changed from 5511999990001 to 5511988880000", "", "system:user_changed_number"),
    (inbound("system", {"body": "User changed their id", "type": "user_changed_user_id", "user_id": "BR.9"}),
     "system", "User changed their id", "", "system:user_changed_user_id"),
])
def test_edits_deletions_and_system_notices_are_stored_as_their_kind(platform, turns,
                                                                     django_capture_on_commit_callbacks,
                                                                     message, kind, text, reply_to, payload):
    assert deliver(platform, envelope(change(messages=[message])), django_capture_on_commit_callbacks) == 200
    [row] = rows()
    assert (row.kind, row.text, row.reply_to, row.payload) == (kind, text, reply_to, payload)
    assert turns.message_ids() == [row.pk]  # the turn decides (no canned reply): the contract with `turn`


def test_a_number_change_moves_the_customer_to_the_new_number(platform, turns, django_capture_on_commit_callbacks):
    assert deliver(platform, envelope(change(messages=[inbound("text", {"body": "oi"})])),
                   django_capture_on_commit_callbacks) == 200
    notice = inbound("system", {"body": "changed", "type": "user_changed_number", "wa_id": "5511988880000"})
    assert deliver(platform, envelope(change(messages=[notice])), django_capture_on_commit_callbacks) == 200
    later = inbound("text", {"body": "de novo"}, from_="5511988880000")
    assert deliver(platform, envelope(change(messages=[later])), django_capture_on_commit_callbacks) == 200
    assert len({row.conversation_id for row in rows()}) == 1
    with schema_context("demobank"):
        assert Customer.objects.get(is_sandbox=False).phone == "+5511988880000"


# ---------------------------------------------------------------------------------------------------- properties

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=40),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4),
    max_leaves=30,
)
# Shapes near a real webhook, with any value anywhere: most of hypothesis' effort goes where the parser branches.
message_like = st.fixed_dictionaries({}, optional={
    "id": json_values | st.text(max_size=300), "from": json_values | st.text(max_size=30),
    "from_user_id": json_values, "timestamp": json_values, "context": json_values,
    "type": st.sampled_from(["text", "interactive", "button", "image", "location", "contacts", "reaction", "edit",
                             "revoke", "system", "order", ""]) | json_values,
    "text": json_values, "interactive": json_values, "edit": json_values, "revoke": json_values,
    "system": json_values, "reaction": json_values, "location": json_values, "contacts": json_values,
})
webhook_like = st.builds(
    lambda number, messages, statuses, contacts, noise: {"object": "whatsapp_business_account", "entry": [
        {"id": "W", "changes": [{"field": "messages", "value": {
            "metadata": {"phone_number_id": number}, "messages": messages, "statuses": statuses,
            "contacts": contacts}}, noise]}]},
    st.one_of(st.just(BANK_NUMBER), json_values), st.lists(message_like, max_size=3) | json_values,
    st.lists(st.dictionaries(st.sampled_from(["id", "status", "timestamp", "errors", "recipient_id"]), json_values),
             max_size=3) | json_values,
    st.lists(st.dictionaries(st.sampled_from(["wa_id", "user_id", "profile"]), json_values), max_size=2)
    | json_values,
    json_values,
)


@hypothesis_settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.one_of(json_values, webhook_like))
def test_the_parser_never_raises_on_arbitrary_json(data):
    parsed = parse(data)
    for item in [*parsed.messages, *parsed.statuses]:
        for value in vars(item).values():  # everything it hands on can be stored: no NUL, no lone surrogate
            if isinstance(value, str):
                assert clean(value) == value
    for item in parsed.messages:  # ids fit their columns (256), and every message has a sender
        assert len(item.channel_message_id) <= 256 and len(item.channel_user_id) <= 256 and item.channel_user_id
        assert len(item.reply_to) <= 256 and len(item.payload) <= 512 and len(item.name) <= 120


@hypothesis_settings(max_examples=60, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=webhook_like)
def test_the_worker_side_processing_of_arbitrary_signed_bodies_never_raises(data, platform, turns):
    """Through the real webhook and `inbound_process`: whatever was signed, the webhook answers 200 and the raw
    row ends processed (stored or skipped with a reason), never failed. Posted to the bank channel's own URL, so
    the body is routed whatever numbers it names (or none)."""
    from whatsapp.inbound.models import InboundBody

    body = json.dumps(data).encode()
    response = post(platform, body, path=f"/webhooks/whatsapp/{BANK_NUMBER}", **signed(body))
    assert response.status_code == 200, response.content
    for inbound_id in turns.inbound_ids:
        row = InboundBody.objects.get(pk=inbound_id)
        assert row.processed_at is not None and row.attempts == 0, row.error
