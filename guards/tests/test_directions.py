"""Which way a statement's movements went (issue 29, round 6's miss): a count said of the Pix the customer sent, or
received, is a number of those, and of those with the status the sentence asserts — a statement's own counts mix
both ways ("settled": 3 holds the one received). Each language, a wrong draft held beside true ones passing."""

from __future__ import annotations

from dataclasses import replace

import pytest

from guards.evidence import DirectionEvidence, Evidence, MoneyEvidence, StatusEvidence
from guards.tests.helpers import output
from guards.tests.test_round6_causes import guarded

TRANSFER_STATUS = StatusEvidence("status", (("settled", "sent"), ("scheduled", "scheduled"), ("failed", "failed"),
                                            ("cancelled", "cancelled")))
STATEMENT = Evidence(money=(MoneyEvidence("amount_cents", listed=True),), dates=("at",), quantities=("counts",),
                     names=("counterpart_name",), statuses=(TRANSFER_STATUS,),
                     directions=(DirectionEvidence("direction"),), plain=("currency", "entries"),
                     reports=("send_pix",))


def statement():
    """November: two Pix sent, one failed, one received; its counts mix both ways (settled: 3)."""
    entries = [
        {"direction": "out", "status": "settled", "amount_cents": 32000, "currency": "BRL",
         "counterpart_name": "Joao Pedro Santos", "at": "2026-11-03T09:05:00-03:00"},
        {"direction": "in", "status": "settled", "amount_cents": 150000, "currency": "BRL",
         "counterpart_name": "Empresa Tech Solucoes", "at": "2026-11-05T08:00:00-03:00"},
        {"direction": "out", "status": "failed", "amount_cents": 200000, "currency": "BRL",
         "counterpart_name": "Ana Clara Ferreira", "at": "2026-11-20T22:10:00-03:00"},
        {"direction": "out", "status": "settled", "amount_cents": 8740, "currency": "BRL",
         "counterpart_name": "Padaria Bom Gosto", "at": "2026-11-27T07:48:00-03:00"},
    ]
    counts = {"total": 4, "in": 1, "out": 3, "settled": 3, "failed": 1, "out_settled": 2, "out_failed": 1,
              "in_settled": 1}
    return output("list_pix_history", {"entries": entries, "counts": counts}, evidence=STATEMENT)


# three sent, all said to have gone out: one of them failed
WRONG = {
    "pt-BR": "Os três Pix que você mandou em novembro saíram sem problema.",
    "es": "Los tres Pix que mandaste en noviembre salieron bien.",
    "ca": "Els tres Pix que has enviat al novembre han sortit bé.",
    "en": "The three Pix you sent in November have all gone out.",
}
# received ones counted as the sent ones were
WRONG_RECEIVED = {
    "pt-BR": "Em novembro você recebeu 3 Pix.",
    "es": "En noviembre recibiste 3 Pix.",
    "ca": "Al novembre has rebut 3 Pix.",
    "en": "In November you received 3 Pix.",
}
TRUE = {
    "pt-BR": ("Em novembro você fez 3 Pix: 2 saíram e 1 falhou.", "Os dois Pix que você mandou saíram certinho.",
              "Você recebeu 1 Pix em novembro."),
    "es": ("En noviembre hiciste tres Pix: dos salieron bien y uno falló.", "Los dos Pix que mandaste salieron bien.",
           "En noviembre recibiste 1 Pix."),
    "ca": ("Al novembre has fet 3 Pix: 2 han sortit i 1 ha fallat.", "Els dos Pix que has enviat han sortit bé.",
           "Al novembre has rebut 1 Pix."),
    "en": ("In November you made 3 Pix: 2 went through and 1 failed.", "The other two you sent (R$ 320.00 and R$ 87.40) went through fine.",
           "You received 1 Pix in November."),
}


@pytest.mark.parametrize("lang", sorted(WRONG))
def test_a_count_of_the_sent_ones_said_to_have_gone_out_is_held_when_one_failed(lang):
    assert "unsupported_fact" in guarded(WRONG[lang], statement(), lang=lang)


@pytest.mark.parametrize("lang", sorted(WRONG_RECEIVED))
def test_a_count_of_the_received_ones_is_of_those_alone(lang):
    assert "unsupported_fact" in guarded(WRONG_RECEIVED[lang], statement(), lang=lang)


@pytest.mark.parametrize("lang", sorted(TRUE))
def test_counts_of_each_direction_and_status_pass(lang):
    for draft in TRUE[lang]:
        assert guarded(draft, statement(), lang=lang) == [], draft


@pytest.mark.parametrize("lang", sorted(WRONG))
def test_without_a_declared_direction_the_statement_counts_as_before(lang):
    undirected = replace(statement(), evidence=replace(STATEMENT, directions=(),
                                                       plain=("currency", "entries", "direction")))
    assert "unsupported_fact" not in guarded(WRONG[lang], undirected, lang=lang)
