"""The txid of a Pix code travels with the transfer: stored on it, part of the request's identity, bounded."""

from __future__ import annotations

import pytest

from bank.errors import TxidInvalid
from bank.interface import SandboxBank
from bank.models import PixTransfer
from bank.services import pix_transfer_create
from bank.tests.conftest import DAY, ENERGIA_KEY, balance_of, idem
from magie.errors import IdempotencyKeyReused


def test_a_pix_made_from_a_code_stores_its_txid(carla):
    transfer = pix_transfer_create(holder=carla, key=ENERGIA_KEY, amount_cents=12345, idempotency_key=idem(),
                                   txid="FATURA2026031001", now=DAY)
    assert PixTransfer.objects.get(pk=transfer.pk).txid == "FATURA2026031001"


def test_a_pix_without_a_code_has_no_txid(carla):
    transfer = pix_transfer_create(holder=carla, key=ENERGIA_KEY, amount_cents=100, idempotency_key=idem(), now=DAY)
    assert PixTransfer.objects.get(pk=transfer.pk).txid == ""


def test_the_same_idempotency_key_with_another_txid_is_another_request(carla):
    key = idem()
    first = pix_transfer_create(holder=carla, key=ENERGIA_KEY, amount_cents=100, idempotency_key=key, txid="A1",
                                now=DAY)
    again = pix_transfer_create(holder=carla, key=ENERGIA_KEY, amount_cents=100, idempotency_key=key, txid="A1",
                                now=DAY)
    assert again.pk == first.pk
    with pytest.raises(IdempotencyKeyReused):
        pix_transfer_create(holder=carla, key=ENERGIA_KEY, amount_cents=100, idempotency_key=key, txid="B2", now=DAY)
    assert PixTransfer.objects.count() == 1


@pytest.mark.parametrize("txid", ["has space", "x" * 36, "ação", "a;b"])
def test_a_txid_that_is_not_letters_and_digits_is_refused_and_nothing_moves(carla, txid):
    before = balance_of(carla)
    with pytest.raises(TxidInvalid):
        pix_transfer_create(holder=carla, key=ENERGIA_KEY, amount_cents=100, idempotency_key=idem(), txid=txid,
                            now=DAY)
    assert PixTransfer.objects.count() == 0 and balance_of(carla) == before


def test_the_interface_returns_the_txid_in_the_receipt(carla):
    receipt = SandboxBank(now=DAY).transfer(carla.customer_ref, ENERGIA_KEY, 500, idem(), txid="RECIBO7")
    assert receipt.txid == "RECIBO7"
