"""Messages that are not typed text, through the signed webhook and the one task that answers it: a shared location,
a contact card, an answer to "may we call you?" and a completed WhatsApp Flow each get a reply that fits — never
"I can only read text" — in the customer's language."""

from __future__ import annotations

import json

import pytest
from django_tenants.utils import schema_context

from agent.models import Turn
from conversations.models import Message
from whatsapp.admission import admission_reset
from whatsapp.answering import inbound_answer
from whatsapp.tests.conftest import BANK_NUMBER, CUSTOMER, STORE_NUMBER, change, encode, envelope, inbound, post, signed

pytestmark = pytest.mark.django_db

UNSUPPORTED = ("só entendo mensagens de texto", "solo entiendo mensajes de texto", "only read text messages")
STORE_CUSTOMER = "5491155550001"


@pytest.fixture(autouse=True)
def _fresh():
    for schema in ("demobank", "demostore"):
        admission_reset(schema_name=schema)


def answered(platform, turns, message: dict, *, schema: str = "demobank", number: str = BANK_NUMBER) -> tuple[str, str]:
    """(the reply's text, the turn's rule) for `message` posted signed to the webhook and answered by its task."""
    turns.run_inbound = False
    body = encode(envelope(change(number, messages=[message])), ascii_only=False)
    assert post(platform, body, **signed(body, schema)).json()["accepted"] is True
    inbound_answer(inbound_id=turns.inbound_ids[-1])
    with schema_context(schema):
        stored = Message.objects.get(channel_message_id=message["id"])
        assert stored.handled_at is not None
        turn = Turn.objects.get(message=stored)
        return turn.reply, turn.rule


def test_a_location_is_acknowledged_with_its_place_and_asked_about(platform, turns):
    reply, rule = answered(platform, turns, inbound("location", {
        "latitude": -23.5614, "longitude": -46.6559, "name": "Av. Paulista 1000", "address": "São Paulo"}))
    assert rule == "location_received"
    assert reply == ("Obrigado, recebi a localização Av. Paulista 1000, São Paulo (-23.5614, -46.6559). O que você "
                     "gostaria que eu fizesse com ela?")


def test_a_location_is_answered_in_the_customers_language(platform, turns):
    reply, _ = answered(platform, turns, inbound("location", {"latitude": -34.6037, "longitude": -58.3816},
                                                 from_=STORE_CUSTOMER), schema="demostore", number=STORE_NUMBER)
    assert reply == "Gracias por la ubicación (-34.6037, -58.3816). ¿Qué quieres que haga con ella?"


@pytest.mark.parametrize(("response", "expected"), [
    ("accept", "Obrigado! Podemos ligar para você aqui pelo WhatsApp quando ajudar no que você precisa."),
    ("reject", "Entendido: não vamos ligar para você. Seguimos por aqui, por escrito."),
])
def test_an_answer_to_may_we_call_you_is_acknowledged(platform, turns, response, expected):
    reply, rule = answered(platform, turns, inbound("interactive", {
        "type": "call_permission_reply", "call_permission_reply": {"response": response, "is_permanent": False}}))
    assert (reply, rule) == (expected, f"call_permission_{'accepted' if response == 'accept' else 'declined'}")


def test_a_contact_card_is_read_as_what_the_customer_means(platform, turns):
    reply, _ = answered(platform, turns, inbound("contacts", [{
        "name": {"formatted_name": "Ana Costa", "first_name": "Ana"},
        "phones": [{"phone": "+55 11 98765-4321", "type": "CELL"}]}]))
    assert reply and not any(words in reply for words in UNSUPPORTED), reply


def test_a_completed_flow_is_read_as_the_answers_the_customer_gave(platform, turns):
    reply, _ = answered(platform, turns, inbound("interactive", {
        "type": "nfm_reply", "nfm_reply": {"name": "flow", "body": "Sent", "response_json": json.dumps(
            {"flow_token": "ours", "question": "qual meu saldo?"})}}))
    assert reply and not any(words in reply for words in UNSUPPORTED), reply
    with schema_context("demobank"):
        assert Message.objects.filter(conversation__customer__channel_user_id=CUSTOMER, direction="in").get().text \
            == "qual meu saldo?"
