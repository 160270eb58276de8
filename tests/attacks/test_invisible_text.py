"""Attack: make a reply read differently from what it says (issue 27). A Pix code's merchant name (or any text the
customer or a merchant controls) carrying bidirectional controls, zero-width or tag characters is echoed without
them: one function (language.invisible.visible_text) at the outbound boundary, for the stored reply, its buttons and
what the channel sends."""

from __future__ import annotations

import unicodedata

import pytest
from django.utils import timezone

from agent.tests.helpers import Conversation as Chat
from agent.tests.pixcodes import encode
from conversations.models import Conversation, Customer, Message
from conversations.rendering import message_text_for_customer, outbound_renderer_register
from conversations.services import message_store_outbound
from language.invisible import visible_text

MERCADO_KEY = "+5511987650000"  # "Mercado Bom Preço Ltda." in the demo directory
HIDDEN = ["\u202e", "\u202d", "\u202a", "\u202b", "\u202c", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e",
          "\u200f", "\u061c", "\u200b", "\u2060", "\ufeff", "\u00ad", "\U000e0041", "\U000e007f"]


def invisible(text: str) -> list[str]:
    return [char for char in text if unicodedata.category(char) == "Cf" and char != "\u200d"]


@pytest.mark.parametrize("char", HIDDEN)
def test_every_invisible_format_character_is_removed(char):
    assert visible_text(f"pague a {char}EZ OD AJOL{char} agora") == "pague a EZ OD AJOL agora"


def test_readable_text_emoji_sequences_and_accents_are_kept():
    text = "Olá, Conceição! 👨‍👩‍👧 ⚠️ R$\xa0350,00 cancel·la ñ"
    assert visible_text(text) == text


@pytest.mark.parametrize("name", ["LOJA\u202eEZ OD", "LOJA\u2066DO\u2069 ZE", "LO\u200bJA DO ZE\U000e0041"])
def test_a_merchant_name_with_bidi_controls_is_echoed_without_them(demobank, name):
    code = encode(key=MERCADO_KEY, name=name, city="SAO PAULO", amount="350.00", txid="PED991")
    turn = Chat().say(code)
    assert '⚠️ Atenção: o código Pix diz que o recebedor é "' in turn.reply  # the name is echoed: the attack's path
    assert visible_text(name) in turn.reply_message.text
    assert invisible(turn.reply_message.text) == []
    assert invisible(message_text_for_customer(message=turn.reply_message)) == []
    assert all(invisible(button["title"]) == [] for button in turn.reply_message.buttons)


def test_button_titles_and_rows_lose_them_but_a_buttons_payload_is_untouched(demobank):
    customer = Customer.objects.create(channel_user_id="5511911112222")
    conversation = Conversation.objects.create(customer=customer)
    reply = message_store_outbound(
        conversation=conversation, text="Escolha\u202e:", sent_at=timezone.now(),
        buttons=[{"id": "confirm:1:2:\u202eabc", "title": "Aprovar\u2067"},
                 {"id": "row-1", "title": "Camisa\u200b", "description": "M\u202eP"}])
    stored = Message.objects.get(pk=reply.pk)
    assert stored.text == "Escolha:"
    assert stored.buttons == [{"id": "confirm:1:2:\u202eabc", "title": "Aprovar"},
                              {"id": "row-1", "title": "Camisa", "description": "MP"}]


def test_what_a_renderer_adds_is_held_to_the_same_rule(demobank):
    def smuggler(message, text: str) -> str:
        return f"{text} \u202elink"

    customer = Customer.objects.create(channel_user_id="5511911113333")
    conversation = Conversation.objects.create(customer=customer)
    reply = message_store_outbound(conversation=conversation, text="oi", sent_at=timezone.now())
    from conversations import rendering

    outbound_renderer_register(smuggler)
    try:
        assert message_text_for_customer(message=reply) == "oi link"
    finally:
        rendering._renderers.remove(smuggler)
