"""Customer-facing wording is complete in every language, and engine refusals reach customers in their language."""

import pytest

from agent.replies import KIND_NAMES, REASONS, SLOT_NAMES, T, reason
from agent.tests.helpers import Conversation
from approvals.previews import TEXT as PREVIEW_TEXT
from approvals.tests.test_flow import set_money_gate

LANGS = ("pt-BR", "es", "ca", "en")


@pytest.mark.parametrize("table", [T, KIND_NAMES, SLOT_NAMES, REASONS, PREVIEW_TEXT])
def test_every_language_has_every_key(table):
    assert set(table) == set(LANGS)
    for lang in LANGS:
        assert set(table[lang]) == set(table["en"]), lang


def test_an_unknown_code_is_never_shown_raw():
    assert reason("ca", "some_internal_code") == "un error inesperat"


def test_a_refusal_is_worded_in_the_customers_language(demobank):
    set_money_gate(demobank, mode="none")
    turn = Conversation().say("manda 9000 pro Pedro")  # more than the R$ 5.000,00 in the account
    assert turn.reply == "Não foi possível: saldo insuficiente."
    assert "insufficient" not in turn.reply
