"""SandboxBank implements BankCore on the services; results are frozen and documents are masked."""

from __future__ import annotations

import dataclasses
from datetime import timedelta

import pytest

from bank.demo import DEMO_CUSTOMER_REF, JOAO_CPF
from bank.errors import AccountNotFound, ContactNotFound
from bank.interface import BankCore, KeyOwner, SandboxBank
from bank.tests.conftest import DAY, ENERGIA_KEY


def test_the_sandbox_is_a_bank_core(demobank):
    assert isinstance(SandboxBank(), BankCore)


def test_the_sandbox_end_to_end(carla):
    bank = SandboxBank(now=DAY)
    owner = bank.lookup_key(DEMO_CUSTOMER_REF, ENERGIA_KEY)
    assert owner == KeyOwner("Energia Sul Distribuidora S.A.", "**.445.566/0001-**", "Banco Bradesco S.A.", "email",
                             ENERGIA_KEY)
    with pytest.raises(dataclasses.FrozenInstanceError):
        owner.owner_name = "x"
    joao = bank.resolve_contact(DEMO_CUSTOMER_REF, "joão")
    assert joao.recipient.owner_name == "João Pereira Lima" and JOAO_CPF not in repr(joao.recipient)
    receipt = bank.transfer(DEMO_CUSTOMER_REF, joao.key, 10_000, "iface-1", description="almoço")
    assert receipt.status == "settled" and receipt.recipient.masked_document.startswith("***.")
    assert bank.transfer(DEMO_CUSTOMER_REF, joao.key, 10_000, "iface-1", description="almoço") == receipt
    assert bank.balance(DEMO_CUSTOMER_REF).balance_cents == 490_000
    assert bank.transfer_status(DEMO_CUSTOMER_REF, receipt.transfer_id).status == "settled"
    statement = bank.statement(DEMO_CUSTOMER_REF, DAY - timedelta(days=1), DAY + timedelta(days=1))
    assert statement.counts["out_settled"] == 1 and statement.entries[0].counterpart_name == "João Pereira Lima"


def test_the_sandbox_speaks_the_engines_errors(carla):
    bank = SandboxBank(now=DAY)
    with pytest.raises(AccountNotFound):
        bank.balance("5500000000000")
    with pytest.raises(ContactNotFound) as missing:
        bank.resolve_contact(DEMO_CUSTOMER_REF, "Roberto")
    assert "Pedro" in missing.value.extra["contacts"]
