"""The audit exports: the JSON chain of each request (messages, slots, preview, decision, execution) and the CSV,
in a fixed number of queries whatever the number of requests exported."""

import json

from django.db import connection
from django.test.utils import CaptureQueriesContext

from agent.tests.helpers import Conversation
from approvals.audit import export_json
from approvals.models import ApprovalRequest


def _export_queries() -> tuple[int, list[dict]]:
    with CaptureQueriesContext(connection) as queries:
        document = json.loads(export_json(ApprovalRequest.objects.order_by("pk")))
    return len(queries), document


def _pix_approved(chat: Conversation, amount: int):
    preview = chat.say(f"manda {amount} pro Pedro")
    chat.tap(preview)
    return preview


def test_the_json_export_costs_the_same_for_more_requests(demobank):
    chat = Conversation()
    _pix_approved(chat, 200)
    few, [one] = _export_queries()
    for amount in (30, 40, 50):
        _pix_approved(chat, amount)
    many, chains = _export_queries()
    assert many == few and len(chains) == 4
    assert chains[0] == one  # the first request's chain is the same, exported alone or with others


def test_each_chain_holds_its_own_asks_messages_and_the_one_its_preview_was_shown_in(demobank):
    chat = Conversation()
    one, two = _pix_approved(chat, 200), _pix_approved(chat, 30)
    _, chains = _export_queries()
    shown = []
    for chain, turn in zip(chains, (one, two), strict=True):
        request = ApprovalRequest.objects.get(ask_id=turn.ask_id)
        assert chain["ask"]["id"] == turn.ask_id
        ids = [message["id"] for message in chain["messages"]]
        assert ids[:2] == [turn.message_id, request.shown_in_id]  # the customer's ask, then the preview shown
        assert {slot["slot"] for slot in chain["slots"]} >= {"amount", "recipient"}
        shown.append(set(ids))
    assert shown[0].isdisjoint(shown[1])  # no message of one Ask in the other's chain
