import pytest
from validate_docbr import CNPJ, CPF

from language.pix_keys import ParsedPixKey, classify_pix_key, find_pix_keys, mask_document, pix_key_spans

VALID = [
    # CPF, bare and formatted (check digits computed by validate-docbr when these were written)
    ("97595230519", "cpf", "97595230519"),
    ("05108354061", "cpf", "05108354061"),
    ("58149007091", "cpf", "58149007091"),
    ("11613235380", "cpf", "11613235380"),
    ("39973774302", "cpf", "39973774302"),
    ("67706956504", "cpf", "67706956504"),
    ("529.982.247-25", "cpf", "52998224725"),
    ("462.785.997-08", "cpf", "46278599708"),
    ("765.607.723-57", "cpf", "76560772357"),
    ("007.217.470-60", "cpf", "00721747060"),
    (" 901.100.721-20 ", "cpf", "90110072120"),
    # CNPJ
    ("74862266901578", "cnpj", "74862266901578"),
    ("69712989502508", "cnpj", "69712989502508"),
    ("50349041806640", "cnpj", "50349041806640"),
    ("11.222.333/0001-81", "cnpj", "11222333000181"),
    ("95.853.469/1117-63", "cnpj", "95853469111763"),
    ("25.483.640/9206-53", "cnpj", "25483640920653"),
    # phone: valid Brazilian mobiles
    ("+55 11 91234-5678", "phone", "+5511912345678"),
    ("+5511912345678", "phone", "+5511912345678"),
    ("(11) 91234-5678", "phone", "+5511912345678"),
    ("(21) 98765-4321", "phone", "+5521987654321"),
    ("11912345678", "phone", "+5511912345678"),
    ("5511912345678", "phone", "+5511912345678"),
    ("+55 (31) 99876-5432", "phone", "+5531998765432"),
    # e-mail
    ("fulano@example.com", "email", "fulano@example.com"),
    ("Fulano.Silva@Banco.COM.br", "email", "fulano.silva@banco.com.br"),
    ("a+pix@sub.domain.io", "email", "a+pix@sub.domain.io"),
    ("x" * 70 + "@ex.com", "email", "x" * 70 + "@ex.com"),
    # random (EVP)
    ("f9289afd-0630-4d84-8ac7-d91f22d15799", "random", "f9289afd-0630-4d84-8ac7-d91f22d15799"),
    ("3AD745E8-102C-499E-B402-1F6CC14FD84F", "random", "3ad745e8-102c-499e-b402-1f6cc14fd84f"),
    ("67f9c3e0-2080-409f-9ace-290a093d4faf", "random", "67f9c3e0-2080-409f-9ace-290a093d4faf"),
]

INVALID = [
    "111.111.111-11",  # repeated digits
    "00000000000",
    "99999999999",
    "529.982.247-24",  # wrong check digit
    "52998224724",
    "9759523051",  # 10 digits
    "975952305190",  # 12 digits
    "529.982.247-2",
    "11.111.111/1111-11",
    "00000000000000",
    "11.222.333/0001-82",
    "11222333000182",
    "1122233300018",  # 13 digits, not a phone either
    "112223330001811",  # 15 digits
    "+1 650 253 0000",  # foreign
    "+351 912 345 678",  # foreign
    "+44 7911 123456",
    "(11) 3456-7890",  # landline, not a mobile
    "+55 11 3456-7890",
    "+55 00 91234-5678",  # no such area code
    "(11) 1234",
    "fulano@",
    "@example.com",
    "fulano@example",
    "fulano@@example.com",
    "ful ano@example.com",
    "fulano@exa_mple.com",
    "x" * 72 + "@ex.com",  # 78 characters
    "fulano..silva@example.com",
    "123e4567-e89b-12d3-a456-426614174000",  # a UUID, but version 1
    "f9289afd06304d848ac7d91f22d15799",  # no hyphens
    "f9289afd-0630-4d84-8ac7-d91f22d1579",  # one short
    "g9289afd-0630-4d84-8ac7-d91f22d15799",  # not hex
    "",
    "   ",
    "pix",
    "chave aleatória",
]


@pytest.mark.parametrize(("raw", "kind", "value"), VALID)
def test_valid_keys_are_classified_and_normalised(raw, kind, value):
    assert classify_pix_key(raw) == ParsedPixKey(kind, value)


@pytest.mark.parametrize("raw", INVALID)
def test_invalid_keys_are_rejected(raw):
    assert classify_pix_key(raw) is None


def test_table_is_large_enough():
    assert len(VALID) + len(INVALID) >= 60
    assert {kind for _, kind, _ in VALID} == {"cpf", "cnpj", "phone", "email", "random"}


def test_generated_documents_round_trip():
    for _ in range(20):
        cpf, cnpj = CPF().generate(), CNPJ().generate()
        assert classify_pix_key(cpf) == ParsedPixKey("cpf", cpf)
        assert classify_pix_key(cnpj) == ParsedPixKey("cnpj", cnpj)


def test_find_pix_keys_in_a_message():
    text = "chave 529.982.247-25 ou fulano@ex.com, ou (11) 91234-5678 e 11222333000181. Não 123.456.789-00"
    found = find_pix_keys(text)
    assert [(key.type, text[start:end]) for key, start, end in found] == [
        ("cpf", "529.982.247-25"),
        ("email", "fulano@ex.com"),
        ("phone", "(11) 91234-5678"),
        ("cnpj", "11222333000181"),
    ]


def test_mask_cpf_shows_digits_four_to_nine():
    assert mask_document("52998224725") == "***.982.247-**"
    assert mask_document("529.982.247-25") == "***.982.247-**"


def test_mask_cnpj():
    assert mask_document("11.222.333/0001-81") == "**.222.333/0001-**"


def test_mask_rejects_other_lengths():
    with pytest.raises(ValueError):
        mask_document("1234")


def test_pix_key_spans_cover_invalid_keys_too():
    text = "cpf 486.205.731-45, uuid 123e4567-e89b-12d3-a456-426614174000, fone (11) 1234-5678, mail a@b.co"
    spans = [text[start:end] for start, end in pix_key_spans(text)]
    assert spans == ["486.205.731-45", "123e4567-e89b-12d3-a456-426614174000", "(11) 1234-5678", "a@b.co"]


def test_pix_key_spans_leave_amounts_times_and_dates():
    assert pix_key_spans("manda R$ 1.500,00 às 15:00 do dia 05/12/2026 pra 2 pessoas") == []


def test_a_phone_written_without_parentheses_is_a_key():
    assert [(key.type, key.value) for key, _, _ in find_pix_keys("o cel dele é 21 98765-4321")] == [("phone", "+5521987654321")]
