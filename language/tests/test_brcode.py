"""BR Code parsing: the Banco Central's published examples, codes built here (static and dynamic, with and without
amount, accented names), every single-character change refused, typed refusals of codes whose CRC is right but
whose structure is not, and codes found inside a customer's message."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from language.brcode import BrCodeError, brcode_crc, brcode_find, brcode_parse, crc16_ccitt_false
from language.pix_keys import ParsedPixKey

# Manual de Padrões para Iniciação do Pix (Banco Central), the examples as printed there: a static code with a
# random key and no amount; a dynamic one; a static one with amount and a recurrence (Pix Automático) template;
# a recurrence-only one. And the BR Code manual's code with card, Pix and another scheme side by side.
BCB_STATIC = ("00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR"
              "5913Fulano de Tal6008BRASILIA62070503***63041D3D")
BCB_DYNAMIC = ("00020101021226700014br.gov.bcb.pix2548pix.example.com/8b3da2f39a4140d1a91abd93113bd441"
               "5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***630464E4")
BCB_STATIC_AMOUNT_RECURRENCE = (
    "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865406100.505802BR"
    "5913Fulano de Tal6008BRASILIA62070503***80740014br.gov.bcb.pix2552pix.example.com/rec/"
    "2353c790eefb11eaadc10242ac12000263042875")
BCB_RECURRENCE_ONLY = (
    "00020126180014br.gov.bcb.pix5204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***"
    "80740014br.gov.bcb.pix2552pix.example.com/rec/2353c790eefb11eaadc10242ac1200026304F2DA")
BRCODE_MANUAL = (
    "00020104141234567890123426580014BR.GOV.BCB.PIX0136123e4567-e12b-12d1-a456-426655440000"
    "27300012BR.COM.OUTRO011001234567895204000053039865406123.455802BR5917NOME DO RECEBEDOR6008BRASILIA"
    "61087007490062190515RP12345678-201980390012BR.COM.OUTRO01190123.ABCD.3456.WXYZ6304AD38")
# A dynamic example in the same manual's layout (upper-case GUI, URL with a UUID path).
MANUAL_DYNAMIC_UPPER = (
    "00020101021226770014BR.GOV.BCB.PIX2555pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a99"
    "5204000053039865802BR5907EMPRESA6009SAO PAULO62070503***6304EEAB")

EVP = "123e4567-e12b-12d1-a456-426655440000"


# --- the test encoder (independent of the parser but for the CRC, itself checked against the examples) -------


def tlv(field_id: str, value: str) -> str:
    return f"{field_id}{len(value):02d}{value}"


def encode(*, key: str | None = None, url: str | None = None, name: str = "Fulano de Tal", city: str = "BRASILIA",
           amount: str | None = None, txid: str | None = "***", info: str | None = None,
           initiation: str | None = None, gui: str = "br.gov.bcb.pix", mcc: str = "0000", currency: str = "986",
           country: str = "BR", postal: str | None = None, account_extra: str = "", extra: str = "",
           omit: tuple[str, ...] = ()) -> str:
    account = tlv("00", gui) + (tlv("01", key) if key is not None else "") + (tlv("02", info) if info else "")
    account += (tlv("25", url) if url is not None else "") + account_extra
    fields = [("00", "01"), ("01", initiation), ("26", account), ("52", mcc), ("53", currency), ("54", amount),
              ("58", country), ("59", name), ("60", city), ("61", postal),
              ("62", tlv("05", txid) if txid is not None else None)]
    body = "".join(tlv(i, v) for i, v in fields if v is not None and i not in omit) + extra + "6304"
    return body + brcode_crc(body)


STATIC_WITH_AMOUNT_AND_ACCENTS = encode(key="contato@padaria.com.br", name="Padaria São João", city="São Paulo",
                                        amount="42.90", txid="Pedido123", info="Pão de queijo e café")
DYNAMIC_ACCENTS = encode(url="pix.psp.example/v2/cobv/9d36b84fc70b4b8a8d6a7c5c1a1f1e7d", initiation="12",
                         name="Açaí da Conceição", city="Belém")


# --- CRC and the published examples ----------------------------------------------------------------------


def test_the_crc_is_ccitt_false():
    assert crc16_ccitt_false(b"123456789") == 0x29B1  # the catalogue's check value
    assert brcode_crc("") == "FFFF"


@pytest.mark.parametrize("payload", [BCB_STATIC, BCB_DYNAMIC, BCB_STATIC_AMOUNT_RECURRENCE, BCB_RECURRENCE_ONLY,
                                     BRCODE_MANUAL, MANUAL_DYNAMIC_UPPER])
def test_every_published_example_has_the_crc_it_prints(payload):
    assert brcode_crc(payload[:-4]) == payload[-4:]


def test_the_encoder_reproduces_the_manuals_static_example_byte_for_byte():
    assert encode(key=EVP) == BCB_STATIC


def test_the_manuals_static_example():
    code = brcode_parse(BCB_STATIC)
    assert code.kind == "static" and code.initiation is None
    assert code.key == ParsedPixKey("random", EVP)  # a version-1 UUID: the directory, not the parser, decides
    assert (code.merchant_name, code.merchant_city) == ("Fulano de Tal", "BRASILIA")
    assert code.amount_cents is None and code.txid is None and code.url is None and code.currency == "BRL"
    assert code.merchant_category is None and code.crc == "1D3D" and code.payload == BCB_STATIC


def test_the_manuals_dynamic_examples():
    code = brcode_parse(BCB_DYNAMIC)
    assert code.kind == "dynamic" and code.initiation == "dynamic" and code.key is None
    assert code.url == "pix.example.com/8b3da2f39a4140d1a91abd93113bd441"
    upper = brcode_parse(MANUAL_DYNAMIC_UPPER)  # the GUI in capitals is the same GUI
    assert upper.url == "pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a99"
    assert (upper.merchant_name, upper.merchant_city) == ("EMPRESA", "SAO PAULO")


def test_the_manuals_static_example_with_amount_and_a_recurrence():
    code = brcode_parse(BCB_STATIC_AMOUNT_RECURRENCE)
    assert code.amount_cents == 10_050 and code.key == ParsedPixKey("random", EVP)
    assert code.recurrence_url == "pix.example.com/rec/2353c790eefb11eaadc10242ac120002"


def test_a_recurrence_only_code_is_no_payment():
    with pytest.raises(BrCodeError) as refused:
        brcode_parse(BCB_RECURRENCE_ONLY)
    assert refused.value.code == "recurrence_only"


def test_the_br_code_manuals_example_reads_past_the_other_schemes_but_its_txid_is_no_pix_txid():
    with pytest.raises(BrCodeError) as refused:  # "RP12345678-2019": a hyphen, which a Pix txid may not have
        brcode_parse(BRCODE_MANUAL)
    assert (refused.value.code, refused.value.field) == ("bad_txid", "62-05")
    body = BRCODE_MANUAL[:-4].replace("62190515RP12345678-2019", "62180514RP123456782019")
    code = brcode_parse(body + brcode_crc(body))
    assert code.key == ParsedPixKey("random", EVP) and code.amount_cents == 12_345 and code.txid == "RP123456782019"
    assert (code.merchant_name, code.merchant_city, code.postal_code) == ("NOME DO RECEBEDOR", "BRASILIA",
                                                                         "70074900")


# --- codes built here ---------------------------------------------------------------------------------------


def test_a_static_code_with_amount_txid_info_and_accents():
    code = brcode_parse(STATIC_WITH_AMOUNT_AND_ACCENTS)
    assert code.kind == "static" and code.key == ParsedPixKey("email", "contato@padaria.com.br")
    assert (code.merchant_name, code.merchant_city) == ("Padaria São João", "São Paulo")
    assert code.amount_cents == 4_290 and code.txid == "Pedido123" and code.info == "Pão de queijo e café"


@pytest.mark.parametrize("amount, cents", [("1", 100), ("0.01", 1), ("10.5", 1_050), ("1234567.89", 123_456_789),
                                           ("9999999999.99", 999_999_999_999)])
def test_amounts(amount, cents):
    assert brcode_parse(encode(key="+5511912345678", amount=amount)).amount_cents == cents


def test_a_static_code_without_amount_leaves_it_to_the_payer():
    code = brcode_parse(encode(key="52998224725", initiation="11"))
    assert code.amount_cents is None and code.initiation == "static" and code.key == ParsedPixKey("cpf", "52998224725")


def test_a_dynamic_code_with_an_accented_merchant():
    code = brcode_parse(DYNAMIC_ACCENTS)
    assert code.kind == "dynamic" and code.url.startswith("pix.psp.example/v2/cobv/")
    assert (code.merchant_name, code.merchant_city) == ("Açaí da Conceição", "Belém")


def test_a_dynamic_codes_txid_field_is_ignored():
    code = brcode_parse(encode(url="pix.example.com/qr/1", initiation="12", txid="not-a-txid"))
    assert code.txid is None and code.kind == "dynamic"


NAME_LETTERS = st.characters(codec="utf-8", categories=("Lu", "Ll"), max_codepoint=0x17F) | st.sampled_from(" .&-")


@settings(max_examples=300, deadline=None)
@given(name=st.text(NAME_LETTERS, min_size=1, max_size=25).filter(str.strip),
       city=st.text(NAME_LETTERS, min_size=1, max_size=15).filter(str.strip),
       cents=st.none() | st.integers(1, 99_999_999_999),
       txid=st.none() | st.text(st.sampled_from("abcXYZ0189"), min_size=1, max_size=25),
       key=st.sampled_from(["+5521987654321", "52998224725", "fulano@example.com", EVP]))
def test_what_the_encoder_writes_the_parser_reads_back(name, city, cents, txid, key):
    amount = None if cents is None else f"{cents // 100}.{cents % 100:02d}"
    code = brcode_parse(encode(key=key, name=name, city=city, amount=amount, txid=txid or "***"))
    assert (code.merchant_name, code.merchant_city) == (name.strip(), city.strip())
    assert code.amount_cents == cents and code.txid == txid and code.key.value.endswith(key[-6:].lower())


def test_surrounding_whitespace_of_a_paste_is_ignored():
    assert brcode_parse(f"  {BCB_STATIC}\n").crc == "1D3D"


def test_every_key_type_is_read_in_its_normal_form():
    for raw, expected in [("+5521987654321", ParsedPixKey("phone", "+5521987654321")),
                          ("11222333000181", ParsedPixKey("cnpj", "11222333000181")),
                          ("Fulano@Example.com", ParsedPixKey("email", "fulano@example.com")),
                          ("F9289AFD-0630-4D84-8AC7-D91F22D15799",
                           ParsedPixKey("random", "f9289afd-0630-4d84-8ac7-d91f22d15799"))]:
        assert brcode_parse(encode(key=raw)).key == expected


# --- every single-character change is refused -----------------------------------------------------------


ALPHABET = [chr(c) for c in range(0x20, 0x7F)] + list("áàâãéêíóôõúçÁÉÍÓÚÇñ")
VALID = [BCB_STATIC, BCB_DYNAMIC, STATIC_WITH_AMOUNT_AND_ACCENTS, DYNAMIC_ACCENTS]
VALID_IDS = ["bcb static", "bcb dynamic", "static, amount, accents", "dynamic, accents"]


def free_text_positions(payload: str) -> set[int]:
    """Where the values of 59, 60 and 26-02 lie in `payload` (the only fields that may have accents)."""
    positions: set[int] = set()

    def walk(start: int, end: int, inside: str) -> None:
        position = start
        while position < end:
            field_id, size = payload[position:position + 2], int(payload[position + 2:position + 4])
            value_start = position + 4
            if (not inside and field_id in ("59", "60")) or (inside == "26" and field_id == "02"):
                positions.update(range(value_start, value_start + size))
            if not inside and field_id == "26":
                walk(value_start, value_start + size, "26")
            position = value_start + size

    walk(0, len(payload), "")
    return positions


def refused(payload: str) -> bool:
    try:
        brcode_parse(payload)
    except BrCodeError:
        return True
    return False


def single_changes(valid: str):
    """(changed code, position, whether the change keeps the UTF-8 width) for every substitution by ALPHABET and
    every deletion."""
    for position, original in enumerate(valid):
        for replacement in ALPHABET:
            if replacement != original:
                same_width = len(replacement.encode()) == len(original.encode())
                yield valid[:position] + replacement + valid[position + 1:], position, same_width
        yield valid[:position] + valid[position + 1:], position, True


@pytest.mark.parametrize("valid", VALID, ids=VALID_IDS)
def test_every_single_character_change_of_the_same_width_and_every_deletion_is_refused(valid):
    accepted = [changed for changed, _, same_width in single_changes(valid) if same_width and not refused(changed)]
    assert accepted == []


@pytest.mark.parametrize("valid", VALID, ids=VALID_IDS)
def test_a_change_of_width_is_refused_by_the_structure_outside_the_free_text(valid):
    free_text = free_text_positions(valid)
    accepted = [changed for changed, position, same_width in single_changes(valid)
                if not same_width and position not in free_text and not refused(changed)]
    assert accepted == []


def test_a_change_of_width_inside_a_name_is_caught_by_the_crc_all_but_once_in_65536():
    """The limit the module docstring states, measured: over the accented codes' names, cities and texts."""
    tried = caught = 0
    for valid in (STATIC_WITH_AMOUNT_AND_ACCENTS, DYNAMIC_ACCENTS):
        free_text = free_text_positions(valid)
        for changed, position, same_width in single_changes(valid):
            if not same_width and position in free_text:
                tried += 1
                caught += refused(changed)
    assert tried > 1_000 and caught / tried > 0.99


def test_a_change_is_refused_as_a_crc_mismatch():
    with pytest.raises(BrCodeError) as refused:
        brcode_parse(BCB_STATIC.replace("Fulano", "Fulana"))
    assert refused.value.code == "crc_mismatch"
    with pytest.raises(BrCodeError) as refused:
        brcode_parse(BCB_STATIC[:-4] + BCB_STATIC[-4:].lower())  # the CRC is upper-case hex
    assert refused.value.code == "crc_mismatch"


def test_every_cut_of_a_code_is_refused():
    for end in range(len(BCB_STATIC)):
        with pytest.raises(BrCodeError) as refused:
            brcode_parse(BCB_STATIC[:end])
        assert refused.value.code in ("not_brcode", "truncated", "malformed"), (end, refused.value.code)
    with pytest.raises(BrCodeError) as refused:
        brcode_parse(BCB_STATIC[:-8])  # everything but the CRC field
    assert refused.value.code == "truncated"


# --- codes with a right CRC and a wrong structure (made, or tampered and re-summed) ---------------------------


@pytest.mark.parametrize("payload, code, field", [
    ("hello", "not_brcode", "00"),
    ("", "not_brcode", "00"),
    ("000202" + BCB_STATIC[6:], "not_brcode", "00"),
    (encode(key=EVP, gui="br.com.outro"), "not_pix", "26"),
    (encode(key=EVP, omit=("26",)), "not_pix", "26"),
    (encode(), "missing_key", "26"),
    (encode(key=EVP, url="pix.example.com/x"), "key_and_url", "26"),
    (encode(key="12345"), "bad_key", "26-01"),
    (encode(key="fulano@"), "bad_key", "26-01"),
    (encode(url="https://pix.example.com/x", initiation="12"), "bad_url", "26-25"),
    (encode(url="not a url", initiation="12"), "bad_url", "26-25"),
    (encode(url="pix.example.com/x", initiation="11"), "bad_field", "01"),
    (encode(key=EVP, initiation="13"), "bad_field", "01"),
    (encode(key=EVP, amount="0"), "bad_amount", "54"),
    (encode(key=EVP, amount="0.00"), "bad_amount", "54"),
    (encode(key=EVP, amount="1,00"), "bad_amount", "54"),
    (encode(key=EVP, amount="10.005"), "bad_amount", "54"),
    (encode(key=EVP, amount="-1.00"), "bad_amount", "54"),
    (encode(key=EVP, amount="1e3"), "bad_amount", "54"),
    (encode(key=EVP, amount=".50"), "bad_amount", "54"),
    (encode(key=EVP, amount="12345678901.00"), "bad_amount", "54"),  # 14 characters
    (encode(key=EVP, txid="mesa 12"), "bad_txid", "62-05"),
    (encode(key=EVP, txid="A" * 26), "bad_txid", "62-05"),
    (encode(key=EVP, omit=("52",)), "missing_field", "52"),
    (encode(key=EVP, omit=("53",)), "missing_field", "53"),
    (encode(key=EVP, omit=("58",)), "missing_field", "58"),
    (encode(key=EVP, omit=("59",)), "missing_field", "59"),
    (encode(key=EVP, omit=("60",)), "missing_field", "60"),
    (encode(key=EVP, currency="840"), "bad_field", "53"),
    (encode(key=EVP, country="US"), "bad_field", "58"),
    (encode(key=EVP, mcc="12a4"), "bad_field", "52"),
    (encode(key=EVP, name="N" * 26), "bad_field", "59"),
    (encode(key=EVP, city="C" * 16), "bad_field", "60"),
    (encode(key=EVP, name="   "), "bad_field", "59"),
    (encode(key=EVP, extra=tlv("59", "Outro Nome")), "malformed", "59"),  # a second merchant name
    (encode(key=EVP, extra=tlv("27", tlv("00", "BR.GOV.BCB.PIX") + tlv("01", "+5511912345678"))),
     "malformed", "27"),  # two Pix accounts: which one would be paid?
    (encode(key=EVP, extra="2700"), "malformed", "27"),  # an empty field
    (encode(key=EVP, extra="27AB"), "malformed", ""),
    (encode(key=EVP, account_extra="01"), "truncated", "26"),
])
def test_a_code_with_a_right_crc_and_a_wrong_structure_is_refused_by_name(payload, code, field):
    with pytest.raises(BrCodeError) as refused:
        brcode_parse(payload)
    assert (refused.value.code, refused.value.field) == (code, field), str(refused.value)


def test_the_crc_must_be_the_last_field():
    body = BCB_STATIC[:-8]
    crc = brcode_crc(body + "6304")
    with pytest.raises(BrCodeError) as refused:
        brcode_parse(body + "6304" + crc + "5802BR")
    assert refused.value.code in ("malformed", "truncated")


def test_control_characters_inside_a_code_are_refused():
    with pytest.raises(BrCodeError) as refused:
        brcode_parse(BCB_STATIC[:40] + "\n" + BCB_STATIC[40:])
    assert refused.value.code == "malformed"


def test_the_error_says_the_field():
    with pytest.raises(BrCodeError) as refused:
        brcode_parse(encode(key=EVP, amount="abc"))
    assert "bad_amount" in str(refused.value) and "54" in str(refused.value)


# --- finding codes in a message ------------------------------------------------------------------------------


def test_a_code_pasted_with_words_around_it_is_found_with_its_span():
    message = f"oi! paga esse aqui pra mim: {STATIC_WITH_AMOUNT_AND_ACCENTS} valeu 😊"
    [match] = brcode_find(message)
    assert message[match.start:match.end] == STATIC_WITH_AMOUNT_AND_ACCENTS
    assert match.error is None and match.code.amount_cents == 4_290


def test_a_code_glued_to_the_next_word_ends_at_its_crc():
    message = f"{BCB_STATIC}obrigado"
    [match] = brcode_find(message)
    assert (match.start, match.end) == (0, len(BCB_STATIC)) and match.code.crc == "1D3D"


def test_two_codes_in_one_message_are_both_found_in_order():
    message = f"primeiro {BCB_STATIC}\nsegundo: {BCB_DYNAMIC}."
    matches = brcode_find(message)
    assert [m.code.crc for m in matches] == ["1D3D", "64E4"]
    assert [message[m.start:m.end] for m in matches] == [BCB_STATIC, BCB_DYNAMIC]


def test_a_damaged_code_is_found_with_its_error():
    damaged = BCB_STATIC.replace("Fulano", "Fulana")
    [match] = brcode_find(f"paga esse: {damaged}")
    assert match.code is None and match.error.code == "crc_mismatch"
    [cut] = brcode_find(f"paga esse: {BCB_STATIC[:70]}")
    assert cut.code is None and cut.error.code == "truncated"


def test_ordinary_numbers_are_no_code():
    assert brcode_find("meu pedido é o 000201234, número 10002013 e 000201") == []
    assert brcode_find("qual meu saldo?") == []
