"""Records that name themselves by codes (an Ask's kind, an approval's tool, a Pix key's type) are named in the staff
member's words on the back office: the tables of words cover every code the system declares, and the pages show
the words, not the codes."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import get_args

from django.db import connection
from django.utils import timezone, translation

from agent.tools import bank, school, store
from asks.kinds import SLOTS_BY_KIND
from asks.models import Ask
from asks.perception.contract import RequestKind
from bank.models import Account, KeyLookup, PixKey
from conversations.tests.factories import ConversationFactory
from staff.stored_words import ASK_KINDS
from staff.trace_words import TOOLS
from testing.organisations import signed_in


def test_every_request_kind_the_system_declares_has_words():
    declared = set(get_args(RequestKind))
    assert declared == set(SLOTS_BY_KIND)  # the two declarations agree, so either is the source
    assert declared - set(ASK_KINDS) == set()
    assert set(ASK_KINDS) - declared == {"pix"}  # a Pix preview's kind; no word for a kind that does not exist


def test_every_tool_an_approval_can_hold_has_words():
    gated = {tool.name for tools in (bank.TOOLS, school.TOOLS, store.TOOLS) for tool in tools if tool.effect}
    assert gated and gated - set(TOOLS) == set()


def _ask(kind: str, status: str = "collecting") -> Ask:
    return Ask.objects.create(conversation=ConversationFactory(), kind=kind, status=status,
                              last_activity_at=timezone.now())


def test_the_request_list_and_page_name_the_kind_and_the_number_column_in_portuguese(demobank):
    balance = _ask("balance", "completed")
    history = _ask("pix_history", "completed")
    connection.set_schema_to_public()
    client = signed_in("demobank", "admin")
    page = client.get("/admin/asks/ask/").content.decode()
    cells = re.findall(r'class="field-kind[^"]*"[^>]*>([^<]*)<', page)
    assert "saldo" in cells and "histórico de Pix" in cells, cells
    assert not {"balance", "pix_history"} & set(cells)
    assert 'data-label="Nº"' in page and 'data-label="Pk"' not in page  # the number column's header
    title = client.get(f"/admin/asks/ask/{balance.pk}/change/").content.decode()
    assert f"Pedido {balance.pk}: saldo (Concluído)" in title
    assert f"Pedido {history.pk}: histórico de Pix" in client.get(f"/admin/asks/ask/{history.pk}/change/").content.decode()


def test_an_approval_is_named_by_what_it_lets_the_agent_do(demobank):
    from approvals.models import ApprovalRequest

    ask = _ask("pix_transfer")
    now = timezone.now()
    approval = ApprovalRequest(ask=ask, conversation=ask.conversation, tool="send_pix", arguments={}, preview={},
                               risk="money", channel="in_chat_button", nonce="n-record-names", created_at=now,
                               expires_at=now + timedelta(minutes=5))
    approval.pk = 7
    with translation.override("pt-br"):
        assert str(approval) == "Aprovação 7: enviar o Pix (Pendente)"
        assert str(ask) == f"Pedido {ask.pk}: transferência Pix (Coletando dados)"
    with translation.override("es"):
        assert str(approval).startswith("Aprobación 7: enviar el Pix")


def test_a_pix_key_a_lookup_and_the_settlement_account_do_not_repeat_or_leave_words_in_english(demobank):
    key = PixKey(key_type="random", owner_name="Maria Oliveira Santos")
    lookup = KeyLookup(key_type="phone", found=True, cost=1)
    settlement = Account(kind="settlement", number="SETTLEMENT-BRL")
    with translation.override("pt-br"):
        assert str(key) == "Chave Pix de Maria Oliveira Santos (Chave aleatória)"
        assert str(lookup) == "Consulta de chave Pix (Telefone, encontrada)"
        assert str(settlement) == "SETTLEMENT-BRL (liquidação)"
    with translation.override("es"):
        assert str(key) == "Clave Pix de Maria Oliveira Santos (Clave aleatoria)"


def test_a_pix_keys_page_names_the_key_once(demobank):
    key = PixKey.objects.filter(owner_name="Maria Oliveira Santos", key_type="random").get()
    connection.set_schema_to_public()
    page = signed_in("demobank", "admin").get(f"/admin/bank/pixkey/{key.pk}/change/").content.decode()
    assert "Chave Pix de Maria Oliveira Santos (Chave aleatória)" in page
    assert not re.search(r"Chave (CPF|Chave|E-mail|Telefone)", page)
