"""The real misses of the blind set b4 (branch blind30b4), each through `manage.py chat --json` in its language,
the effect checked in the organisation's schema."""

from __future__ import annotations

import pytest
from django_tenants.utils import schema_context

from bank.models import PixTransfer

BANK_CUSTOMER = "5511999990001"  # the demo bank's sandbox customer: contacts Pedro, Ana, João, Maria


def _pix() -> list[PixTransfer]:
    """The Pix made in this test (the database is rolled back after each)."""
    with schema_context("demobank"):
        return list(PixTransfer.objects.all())


@pytest.mark.parametrize("start,typed,amount,recipient", [
    ("pix pro joao", "ana.costa@exemplo.com.br", "nao nao, 80 reais pro joao mesmo", "João Pereira Lima"),  # b4-bank-pt-BR-05
    ("quiero mandar plata a ana", "+5521987654321", "no, 30 reales", "Ana Beatriz Costa"),  # b4-bank-es-10
    ("send money to maria", "ana.costa@exemplo.com.br", "no i mean 50 to maria", "Maria Oliveira Santos"),  # b4-bank-en-09
])
def test_a_key_typed_where_the_amount_was_asked_is_asked_about_not_paid_to(db, chat_json, start, typed, amount,
                                                                              recipient):
    """Another person's key typed when the bot asked how much: the contact being paid is not replaced by its holder
    in silence; the customer is asked, and the amount said next goes to the contact first named."""
    replies = chat_json("demobank", start, typed, customer=BANK_CUSTOMER)
    assert replies[1]["rule"] == "value_for_filled_slot_without_wording" and replies[1]["buttons"], replies
    assert _pix() == []
    replies = chat_json("demobank", amount, "/tap 1", customer=BANK_CUSTOMER)
    assert replies[0]["state"] == "awaiting_confirmation" and recipient in replies[0]["text"], replies
    [pix] = _pix()
    assert (pix.recipient_name, pix.status) == (recipient, PixTransfer.Status.SETTLED)
