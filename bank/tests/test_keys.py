"""Key validation, table-driven: every type, valid and invalid, and the masks."""

from __future__ import annotations

import pytest

from bank.errors import InvalidKey
from bank.keys import document_mask, key_parse

VALID = [
    # CPF (check digits by validate-docbr), formatted or bare
    ("529.982.247-25", "cpf", "52998224725"),
    ("52998224725", "cpf", "52998224725"),
    (" 529.982.247-25 ", "cpf", "52998224725"),
    ("390.533.447-05", "cpf", "39053344705"),
    ("39053344705", "cpf", "39053344705"),
    ("111.444.777-35", "cpf", "11144477735"),
    ("11144477735", "cpf", "11144477735"),
    ("935.411.347-80", "cpf", "93541134780"),
    # CNPJ
    ("11.222.333/0001-81", "cnpj", "11222333000181"),
    ("11222333000181", "cnpj", "11222333000181"),
    ("33.445.566/0001-86", "cnpj", "33445566000186"),
    ("33445566000186", "cnpj", "33445566000186"),
    ("12.345.678/0001-95", "cnpj", "12345678000195"),
    ("12345678000195", "cnpj", "12345678000195"),
    # phone (+55 mobile), normalised to E.164
    ("+5511999990001", "phone", "+5511999990001"),
    ("+55 11 99999-0001", "phone", "+5511999990001"),
    ("+55 (11) 99999-0001", "phone", "+5511999990001"),
    ("5511999990001", "phone", "+5511999990001"),
    ("(11) 99999-0001", "phone", "+5511999990001"),
    ("+55 21 98765-4321", "phone", "+5521987654321"),
    ("+5521987654321", "phone", "+5521987654321"),
    ("(21) 98765-4321", "phone", "+5521987654321"),
    ("+55 31 91234-5678", "phone", "+5531912345678"),
    # e-mail, lower-cased
    ("contas@energiasul.com.br", "email", "contas@energiasul.com.br"),
    ("Contas@EnergiaSul.com.br", "email", "contas@energiasul.com.br"),
    ("ana.costa@exemplo.com.br", "email", "ana.costa@exemplo.com.br"),
    ("pedro+pix@gmail.com", "email", "pedro+pix@gmail.com"),
    ("joao_lima@empresa.co", "email", "joao_lima@empresa.co"),
    ("  maria@exemplo.org  ", "email", "maria@exemplo.org"),
    # random (EVP) keys: UUID v4, lower-cased
    ("7f3c2a9e-4b1d-4e8a-9c6f-2d5b8e1a0c47", "random", "7f3c2a9e-4b1d-4e8a-9c6f-2d5b8e1a0c47"),
    ("7F3C2A9E-4B1D-4E8A-9C6F-2D5B8E1A0C47", "random", "7f3c2a9e-4b1d-4e8a-9c6f-2d5b8e1a0c47"),
    ("123e4567-e89b-42d3-a456-426614174000", "random", "123e4567-e89b-42d3-a456-426614174000"),
    ("c56a4180-65aa-42ec-a945-5fd21dec0538", "random", "c56a4180-65aa-42ec-a945-5fd21dec0538"),
]

INVALID = [
    # CPF: wrong check digits, repeated digits, wrong length
    "529.982.247-24",
    "529.982.247-35",
    "111.111.111-11",
    "000.000.000-00",
    "999.999.999-99",
    "529.982.247-2",
    "5299822472",
    # CNPJ
    "11.222.333/0001-82",
    "11222333000182",
    "00.000.000/0000-00",
    "11111111111111",
    "11.222.333/0001-8",
    "112223330001811",
    # phone: not +55, not mobile, too short or long
    "+1 415 555 2671",
    "+44 20 7946 0958",
    "+55 11 3333-4444",  # a landline cannot be a Pix key
    "+55 11 9999-000",
    "+55 11 99999-00012",
    "(11) 1234",
    "+55 00 99999-0001",
    # e-mail
    "contas@",
    "@energiasul.com.br",
    "contas@energiasul",
    "contas energiasul@x.com",
    "a@b.c",
    "x" * 70 + "@exemplo.com.br",  # longer than 77
    "contas@@energiasul.com.br",
    # random key: not a v4 UUID or malformed
    "7f3c2a9e-4b1d-1e8a-9c6f-2d5b8e1a0c47",  # version 1
    "7f3c2a9e-4b1d-4e8a-9c6f-2d5b8e1a0c4",
    "7f3c2a9e4b1d4e8a9c6f2d5b8e1a0c47",
    "7f3c2a9e-4b1d-4e8a-9c6f-2d5b8e1a0c4g",
    "{7f3c2a9e-4b1d-4e8a-9c6f-2d5b8e1a0c47}",
    # no key at all
    "",
    "   ",
    "Pedro",
    "manda pro Pedro",
    "12345",
    "R$ 50,00",
]


def test_the_table_is_big_enough_and_covers_every_type():
    assert len(VALID) + len(INVALID) >= 50
    assert {kind for _, kind, _ in VALID} == {"cpf", "cnpj", "phone", "email", "random"}


@pytest.mark.parametrize("raw,kind,value", VALID)
def test_valid_keys_are_classified_and_normalised(raw, kind, value):
    parsed = key_parse(raw)
    assert (parsed.type, parsed.value) == (kind, value)


@pytest.mark.parametrize("raw", INVALID)
def test_invalid_keys_are_refused_with_invalid_key(raw):
    with pytest.raises(InvalidKey) as refused:
        key_parse(raw)
    assert refused.value.code == "invalid_key"


@pytest.mark.parametrize("digits,masked", [
    ("52998224725", "***.982.247-**"),
    ("529.982.247-25", "***.982.247-**"),
    ("11222333000181", "**.222.333/0001-**"),
    ("123", "***"),
    ("", "***"),
])
def test_documents_are_masked(digits, masked):
    assert document_mask(digits) == masked


@pytest.mark.parametrize("raw", ["ana.costa@exemplo.com.br\x00", "+5521987654321\x00", "\ud800@x.com"])
def test_a_key_with_a_nul_or_lone_surrogate_is_invalid_before_any_lookup(raw):
    with pytest.raises(InvalidKey):
        key_parse(raw)
