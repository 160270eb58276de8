"""The bounds of the Perception contract, and the built-in perceiver staying inside them whatever a customer types."""

from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from asks.perception.builtin import perceive
from asks.perception.contract import MoneySlot, OrgKind, Perception, Slots, perception_json_schema
from language.locales import Lang

NOW = datetime(2026, 11, 30, 15, 0, tzinfo=UTC)


@pytest.mark.parametrize("slots", [
    {"recipient": "Pe\x00dro"}, {"recipient": "Pedro \ud800"}, {"recipient": "P" * 121},
    {"when": "9999-12-31"}, {"when": "0001-01-01T00:00:00+00:00"}, {"when": "2026-01-01" + " " * 40},
    {"party_size": 1001}, {"capacity_gb": 2**63}, {"product": "x" * 201},
    {"amount": {"amount_cents": 10**24 + 1, "currency": "BRL"}},
    {"pix_key": {"type": "email", "value": "a" * 121}},
])
def test_values_outside_the_contract_are_refused(slots):
    with pytest.raises(ValidationError):
        Slots.model_validate(slots)


def test_an_absurd_but_bounded_amount_is_kept_as_said():
    """The tool that would act on it refuses it with the organisation's maximum; the perception stays faithful."""
    assert Slots(amount=MoneySlot(amount_cents=10**22, currency="BRL")).amount.amount_cents == 10**22
    assert Slots(when="2199-12-31").when == "2199-12-31" and Slots(when="15:00:00").when == "15:00:00"


def test_the_strict_schema_carries_no_length_keywords_strict_mode_rejects():
    text = str(perception_json_schema())
    assert "maxLength" not in text and "minLength" not in text


def test_a_perception_refuses_a_nul_in_what_the_code_sets():
    with pytest.raises(ValidationError):
        Perception(perceiver="builtin-1", lang="pt-BR", replies_to="wamid.\x00")


def read(text: str, org_kind: OrgKind = "bank", lang: Lang = "pt-BR", currency: str = "BRL") -> Perception:
    return perceive(text, lang=lang, org_kind=org_kind, now=NOW, tz="America/Sao_Paulo", currency=currency)


def test_the_poison_amount_is_read_and_a_forty_digit_number_is_no_amount():
    assert read("manda 100000000000000000000 para ana.costa@exemplo.com.br").slots.amount.amount_cents == 10**22
    assert read("manda R$ 1" + "0" * 40 + " pro Pedro").slots.amount is None
    assert read("manda 1" + "0" * 5000).slots.amount is None


def test_what_the_contract_cannot_carry_is_left_unread():
    assert read("manda 50 pro " + "Pedro" * 2000).slots.recipient is None
    assert read("vull reservar esquí el 31/12/9999 per a 2", "school", "ca", "EUR").slots.when is None


LANGS = {"bank": ("pt-BR", "BRL"), "school": ("ca", "EUR"), "store": ("es", "ARS")}
POISON = st.sampled_from(["manda 9" * 30, "R$ 99999999999999999999999999999", "dia 31/12/9999", "\x00", "\ud800",
                          "para " + "A" * 3000, "1" * 4000 + " pessoas", "iPhone " + "9" * 300 + " GB",
                          "às 99:99", "batería al 100000%", "mañana a las 25", "1" * 4400, "R$ " + "9" * 4400,
                          "dia " + "3" * 4400 + " de março", "128" * 1400 + "GB"])


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(org_kind=st.sampled_from(sorted(LANGS)),
       text=st.one_of(st.text(max_size=200), POISON, st.lists(st.one_of(POISON, st.text(max_size=20)), max_size=4)
                      .map(" ".join)))
def test_the_builtin_perceiver_reads_any_text_into_a_valid_perception(org_kind, text):
    lang, currency = LANGS[org_kind]
    perception = read(text, org_kind, lang, currency)
    assert Perception.model_validate(perception.model_dump()) == perception  # inside the contract's bounds
