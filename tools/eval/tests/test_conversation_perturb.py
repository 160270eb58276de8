"""The perturbation mode of the conversation eval: deterministic, and never touching what must stay exact."""

import re

import pytest

from tools.eval.conversations.perturb import KINDS, perturb_conversation, perturb_line
from tools.eval.conversations.run import load, main

CODE = ("00020126460014br.gov.bcb.pix0124contas@energiasul.com.br5204000053039865406187.455802BR5925ENERGIA SUL "
        "DISTRIBUIDORA6012PORTO ALEGRE62160512FATURA2026126304332F")


def test_the_same_seed_gives_the_same_text_and_another_seed_may_not():
    conversations = load("tuning")[:200]
    first = [perturb_conversation(c, KINDS, seed=7)["say"] for c in conversations]
    assert first == [perturb_conversation(c, KINDS, seed=7)["say"] for c in conversations]
    assert first != [perturb_conversation(c, KINDS, seed=8)["say"] for c in conversations]


@pytest.mark.parametrize("kind", KINDS)
def test_codes_keys_amounts_and_commands_are_kept(kind):
    lines = [f"paga amanhã, é a conta de luz {CODE}", "manda R$ 42,50 pro Pedro amanhã, por favor!",
             "a chave é 529.982.247-25", "chave: maria.silva@exemplo.com.br", "/tap 1"]
    for number, line in enumerate(lines):
        for seed in range(5):
            changed = perturb_line(line, [kind], lang="pt-BR", org="bank", seed=seed, salt=str(number))
            assert re.findall(r"\d+", changed) == re.findall(r"\d+", line)
            for exact in (CODE, "529.982.247-25", "maria.silva@exemplo.com.br", "/tap 1"):
                assert (exact in changed) == (exact in line)


def test_each_kind_rewrites_as_customers_type():
    assert perturb_line("Amanhã às 9, você pode?", ["noaccents"], lang="pt-BR", org="bank") == "Amanha as 9, voce pode?"
    assert perturb_line("Manda pro Pedro", ["lower"], lang="pt-BR", org="bank") == "manda pro pedro"
    assert perturb_line("Hola, ¿me anul·las la reserva?", ["nopunct"], lang="ca", org="school") == (
        "Hola me anullas la reserva")
    assert perturb_line("you can't do it tomorrow, please", ["abbrev", "nopunct"], lang="en", org="bank") == (
        "u cant do it tmrw pls")
    assert perturb_line("por que você não paga hoje?", ["abbrev"], lang="pt-BR", org="bank") == "pq vc não paga hj?"
    assert perturb_line("manda cinquenta reais", ["numbers"], lang="pt-BR", org="bank") == "manda 50 reais"
    assert perturb_line("send twenty five to ana", ["numbers"], lang="en", org="bank") == "send 25 to ana"
    assert perturb_line("battery at ninety one percent", ["numbers"], lang="en", org="store") == (
        "battery at 91 percent")  # "one" after a ten is its unit, never "90 one"
    assert perturb_line("manda vinte e um pra ana", ["numbers"], lang="pt-BR", org="bank") == "manda 21 pra ana"
    assert perturb_line("vinte e dois e cinquenta", ["numbers"], lang="pt-BR", org="bank") == (
        "vinte e dois e cinquenta")  # a price with its cents stays words
    assert perturb_line("a las 3 para 2", ["numbers"], lang="es", org="school") == "a las tres para dos"
    assert perturb_line("manda 5 para Ana", ["numbers"], lang="pt-BR", org="bank") == "manda 5 para Ana"


def test_a_typo_changes_one_letter_of_one_longer_word_and_never_a_name():
    line = "quero transferir cinquenta para Pedro amanhã"
    typed = perturb_line(line, ["typos"], lang="pt-BR", org="bank", seed=3, salt="x")
    changed = [(a, b) for a, b in zip(line.split(), typed.split(), strict=True) if a != b]
    assert len(changed) == 1 and changed[0][0] in ("transferir", "amanhã")
    assert abs(len(changed[0][0]) - len(changed[0][1])) <= 1 and changed[0][0][0] == changed[0][1][0]
    assert perturb_line("maria", ["typos"], lang="pt-BR", org="bank") == "maria"


def test_held_out_splits_are_never_perturbed():
    with pytest.raises(SystemExit):
        main(["--split", "heldout", "--perturb", "typos"])


def test_a_word_the_replies_must_repeat_is_never_typed_off():
    conversation = {"id": "x", "org": "bank", "lang": "pt-BR", "say": ["paga esse código, descrição: aluguel"],
                    "expect": {"says": ["Descrição: aluguel"]}}
    typed = [perturb_conversation(conversation, ["typos"], seed=seed)["say"][0] for seed in range(20)]
    assert all("aluguel" in line for line in typed)
    assert any(line != conversation["say"][0] for line in typed)  # the other words still get their typos
