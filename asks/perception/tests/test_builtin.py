from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from asks.perception.builtin import perceive
from asks.perception.contract import MoneySlot

TZ = "America/Sao_Paulo"
NOW = datetime(2026, 3, 4, 12, 0, tzinfo=ZoneInfo(TZ))  # a Wednesday


def read(text, lang="pt-BR", org_kind="bank", currency="BRL", asked_for=None, tz=TZ):
    return perceive(text, lang=lang, org_kind=org_kind, now=NOW, tz=tz, currency=currency, asked_for=asked_for)


def test_transfer_with_amount_and_recipient():
    p = read("manda R$50 pro João")
    assert p.perceiver == "builtin-1"
    assert p.request_kind == "pix_transfer"
    assert p.slots.filled() == {"amount": MoneySlot(amount_cents=5000, currency="BRL"), "recipient": "João"}
    assert p.markers == {"new_request"}


def test_correction_of_recipient():
    p = read("na verdade, é pro João")
    assert (p.request_kind, p.slots.filled(), p.markers) == (None, {"recipient": "João"}, {"correction"})


def test_spanish_correction():
    p = read("mejor a María", lang="es", currency="ARS")
    assert (p.request_kind, p.slots.recipient, p.markers) == (None, "María", {"correction"})


def test_bare_cents_reply():
    p = read("dois centavos")
    assert (p.request_kind, p.slots.filled(), p.markers) == (
        None, {"amount": MoneySlot(amount_cents=2, currency="BRL")}, frozenset())


def test_bare_number_reply_is_an_amount_in_a_bank():
    assert read("200").slots.amount == MoneySlot(amount_cents=20000, currency="BRL")
    assert read("200").markers == frozenset()


def test_bare_number_is_no_amount_when_the_agent_asked_for_something_else():
    assert read("200", asked_for="recipient").slots.amount is None


def test_balance():
    assert read("qual meu saldo?").request_kind == "balance"


def test_history_wins_over_transfer_words():
    assert read("manda o extrato").request_kind == "pix_history"
    assert read("quantos pix eu fiz?").request_kind == "pix_history"


def test_pix_of_100_to_ana():
    p = read("manda um pix de 100 pra Ana")
    assert (p.request_kind, p.slots.amount.amount_cents, p.slots.recipient, p.markers) == (
        "pix_transfer", 10000, "Ana", {"new_request"})


@pytest.mark.parametrize(
    ("text", "lang"),
    [("manda um pix pra Maria", "pt-BR"), ("quero fazer um pix", "pt-BR"), ("send 50 to Ana", "en"),
     ("quiero transferir", "es")],
)
def test_new_request(text, lang):
    p = read(text, lang=lang)
    assert (p.request_kind, "new_request" in p.markers) == ("pix_transfer", True)


@pytest.mark.parametrize("text", ["pro João", "200", "dois centavos"])
def test_bare_values_are_no_new_request(text):
    assert "new_request" not in read(text).markers


@pytest.mark.parametrize(
    ("text", "lang", "name"),
    [("pra ana", "pt-BR", "Ana"), ("para o joão", "pt-BR", "João"), ("envia 20 euros per a la Marta", "ca", "Marta"),
     ("Transfer $1350 to Maria from my savings account", "en", "Maria"), ("send 100 dollars to abhinav", "en", "Abhinav"),
     ("Forty Bucks to Mr Amir.", "en", "Amir")],
)
def test_recipient(text, lang, name):
    assert read(text, lang=lang).slots.recipient == name


@pytest.mark.parametrize(
    ("text", "lang"),
    [("transfere pra mim 30", "pt-BR"), ("manda pra você", "pt-BR"), ("send it to me", "en"), ("good to know", "en")],
)
def test_pronouns_and_verbs_are_no_recipient(text, lang):
    assert read(text, lang=lang).slots.recipient is None


def test_lone_name_when_the_agent_asked_for_the_recipient():
    assert read("Her name is Rachel.", lang="en", asked_for="recipient").slots.recipient == "Rachel"
    assert read("Her name is Rachel.", lang="en").slots.recipient is None


def test_pix_key_in_a_bank_message():
    p = read("manda 10 reais pra chave 529.982.247-25")
    assert (p.slots.pix_key.type, p.slots.pix_key.value) == ("cpf", "52998224725")


def test_school_booking_in_spanish():
    p = read("quiero reservar esquí para 3 personas mañana a las 10", lang="es", org_kind="school",
             currency="EUR", tz="Europe/Madrid")
    assert p.request_kind == "booking"
    assert p.slots.party_size == 3
    assert p.slots.activity == "esquí"
    assert p.slots.when == "2026-03-05T10:00:00+01:00"
    assert p.markers == {"new_request"}


def test_school_booking_in_catalan():
    p = read("vull reservar escalada demà a les 15:00 per a 2", lang="ca", org_kind="school", currency="EUR",
             tz="Europe/Madrid")
    assert (p.request_kind, p.slots.activity, p.slots.party_size, p.slots.when) == (
        "booking", "escalada", 2, "2026-03-05T15:00:00+01:00")


def test_time_is_not_a_party_size():
    p = read("Reserve it for 7 o\"clock in the evening.", lang="en", org_kind="school", currency="USD")
    assert (p.slots.party_size, p.slots.when) == (None, "19:00:00")


def test_availability():
    assert read("tem vaga amanhã?", org_kind="school").request_kind == "availability"


def test_store_product_search():
    p = read("tenéis el iPhone 13 de 128GB?", lang="es", org_kind="store", currency="EUR")
    assert p.request_kind == "product_search"
    assert (p.slots.device_model, p.slots.product, p.slots.capacity_gb) == ("iPhone 13", "iPhone 13", 128)


def test_store_used_quote():
    p = read("cuánto me dan por mi Samsung S21 de 256 con batería al 85%", lang="es", org_kind="store", currency="EUR")
    assert p.request_kind == "used_quote"
    assert (p.slots.device_model, p.slots.capacity_gb, p.slots.battery_health) == ("Samsung S21", 256, 85)


def test_cancel():
    p = read("cancela")
    assert (p.request_kind, p.slots.filled(), p.markers) == (None, {}, {"cancel"})


def test_pesos():
    p = read("novecientos pesos", lang="es", currency="ARS")
    assert p.slots.amount == MoneySlot(amount_cents=90000, currency="ARS")


def test_bare_today_outside_a_request_sets_no_date():
    assert read("That's all for today, thanks.", lang="en").slots.when is None
    assert read("today", lang="en", asked_for="when").slots.when == "2026-03-04"


def test_asked_for_is_kept():
    assert read("Ana", asked_for="recipient").asked_for == "recipient"
