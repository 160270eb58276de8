"""Every Cloud API message type becomes the right (kind, text, payload, reply_to); statuses keep their errors."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from whatsapp.errors import MalformedPayload
from whatsapp.payloads import body_json, parse, phone_number_ids
from whatsapp.tests.conftest import BANK_NUMBER, STORE_NUMBER, change, envelope, inbound, status


def one(message: dict) -> object:
    parsed = parse(envelope(change(messages=[message])))
    assert len(parsed.messages) == 1 and not parsed.statuses
    return parsed.messages[0]


@pytest.mark.parametrize(("message", "kind", "text", "payload", "turn"), [
    (inbound("text", {"body": "oi"}), "text", "oi", "", True),
    (inbound("interactive", {"type": "button_reply", "button_reply": {"id": "approve:42", "title": "Aprovar"}}),
     "button", "Aprovar", "approve:42", True),
    (inbound("interactive", {"type": "list_reply", "list_reply": {"id": "slot:9", "title": "Sáb 10h",
                                                                  "description": "Escalada"}}),
     "list", "Sáb 10h", "slot:9", True),
    (inbound("button", {"payload": "yes", "text": "Sim"}), "button", "Sim", "yes", True),
    (inbound("image", {"id": "MEDIA1", "mime_type": "image/jpeg", "caption": "comprovante"}),
     "media", "comprovante", "image", True),
    (inbound("audio", {"id": "MEDIA2", "mime_type": "audio/ogg"}), "media", "", "audio", True),
    (inbound("document", {"id": "MEDIA3", "filename": "boleto.pdf"}), "media", "boleto.pdf", "document", True),
    (inbound("sticker", {"id": "MEDIA4", "mime_type": "image/webp"}), "media", "", "sticker", True),
    (inbound("location", {"latitude": -23.5, "longitude": -46.6, "name": "Agência", "address": "Av. Paulista"}),
     "other", "Agência, Av. Paulista (-23.5, -46.6)", "location", True),
    (inbound("contacts", [{"name": {"formatted_name": "Ana Costa"}, "phones": [{"phone": "+5511999990002"}]}]),
     "text", "Ana Costa +5511999990002", "contacts", True),
    (inbound("interactive", {"type": "nfm_reply", "nfm_reply": {
        "name": "flow", "body": "Sent", "response_json": '{"flow_token": "ours-1", "activity": "Escalada", '
                                                         '"date": "2026-12-12", "people": "2"}'}}),
     "text", "Escalada, 2026-12-12, 2", "flow", True),
    (inbound("interactive", {"type": "call_permission_reply", "call_permission_reply": {
        "response": "accept", "is_permanent": False, "expiration_timestamp": 1733000000}}),
     "other", "", "call_permission:accept", True),
    (inbound("unsupported", None), "other", "", "unsupported", True),
])
def test_each_message_type_is_translated(message, kind, text, payload, turn):
    item = one(message)
    assert (item.kind, item.text, item.payload, item.queue_turn) == (kind, text, payload, turn)
    assert item.channel_user_id == "5511999990001" and item.phone == "+5511999990001" and item.name == "Carla"


def test_a_reaction_quotes_the_reacted_message_and_needs_no_turn():
    item = one(inbound("reaction", {"message_id": "wamid.OURS", "emoji": "👍"}))
    assert (item.kind, item.text, item.payload, item.reply_to, item.queue_turn) == (
        "other", "👍", "reaction", "wamid.OURS", False)


def test_context_id_becomes_reply_to():
    item = one(inbound("text", {"body": "esse"}, context="wamid.QUOTED"))
    assert item.reply_to == "wamid.QUOTED"


def test_statuses_keep_error_codes_and_titles():
    parsed = parse(envelope(change(statuses=[
        status("wamid.A", "failed", 1_700_000_000, errors=[{"code": 131047, "title": "Re-engagement message"}]),
        status("wamid.B", "read", 1_700_000_001),
    ])))
    failed, read = parsed.statuses
    assert (failed.status, failed.errors[0]["code"], failed.errors[0]["title"]) == (
        "failed", 131047, "Re-engagement message")
    assert (read.status, read.errors, read.phone_number_id) == ("read", [], BANK_NUMBER)


def test_numbers_are_found_in_every_entry_and_change():
    data = envelope(change(BANK_NUMBER, messages=[inbound("text", {"body": "a"})]), change(STORE_NUMBER))
    data["entry"].append({"id": "x", "changes": [{"field": "messages", "value": {"metadata": "nonsense"}}]})
    assert phone_number_ids(data) == {BANK_NUMBER, STORE_NUMBER}


@pytest.mark.parametrize("body", [b"{not json", b"[1, 2]", b"\xff\xfe", b""])
def test_a_body_that_is_not_a_json_object_is_malformed(body):
    with pytest.raises(MalformedPayload):
        body_json(body)


@pytest.mark.parametrize("data, skipped", [
    ({"entry": "nope"}, 0),
    ({"entry": [{"changes": [{"field": "messages", "value": {"metadata": {}}}]}]}, 1),
    (envelope(change(messages=[{"id": "wamid.X", "type": "text"}])), 1),  # neither from nor from_user_id
    (envelope(change(messages=[{"id": 7, "from": "5511999990001", "type": "text"}])), 1),  # an id must be text
])
def test_a_structure_that_is_not_a_webhook_is_skipped_never_raised(data, skipped):
    parsed = parse(data)
    assert (parsed.messages, parsed.statuses, len(parsed.skipped)) == ([], [], skipped)


def test_an_unreadable_timestamp_becomes_the_time_of_processing():
    now = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
    for value in ("yesterday", None, 10**30, -5, "1"):
        message = inbound("text", {"body": "x"}) | {"timestamp": value}
        [item] = parse(envelope(change(messages=[message])), now=now).messages
        assert item.sent_at == now
