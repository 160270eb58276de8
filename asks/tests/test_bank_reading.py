from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from asks.perception.builtin import perceive

TZ = "America/Sao_Paulo"
NOW = datetime(2026, 3, 4, 12, 0, tzinfo=ZoneInfo(TZ))


def read(text, lang):
    return perceive(text, lang=lang, org_kind="bank", now=NOW, tz=TZ, currency="BRL")


@pytest.mark.parametrize("lang,text,cents", [
    ("en", "no wait make it 55", 5500), ("es", "no, perdón, mejor que sean 25 entonces", 2500),
])
def test_a_bare_number_in_a_long_correction_is_an_amount(lang, text, cents):
    perception = read(text, lang)
    assert "correction" in perception.markers and perception.slots.amount.amount_cents == cents


@pytest.mark.parametrize("lang,text,kind", [
    ("es", "mandale 50 a Pedro", "pix_transfer"), ("pt-BR", "tranfere 30 pro Pedro", "pix_transfer"),
    ("pt-BR", "quant tinc al compte", "balance"),  # Catalan at a bank that does not serve it: read in Catalan
])
def test_transfer_verbs_however_written(lang, text, kind):
    assert read(text, lang).request_kind == kind


def test_a_foreign_reading_keeps_the_reply_language():
    assert read("quant tinc al compte", "pt-BR").lang == "pt-BR"


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "qto me sobrou na conta?"), ("es", "cuánto dinero me queda"), ("ca", "quants diners tinc?"),
    ("en", "how much is left in my account"),
])
def test_how_much_is_left_is_the_balance(lang, text):
    assert read(text, lang).request_kind == "balance"


@pytest.mark.parametrize("lang,text", [("pt-BR", "quanto custa mandar pro Pedro?"), ("es", "cuánto le mando a Ana")])
def test_how_much_with_a_verb_of_sending_is_no_balance(lang, text):
    assert read(text, lang).request_kind != "balance"


@pytest.mark.parametrize("lang,text,name,day", [
    ("pt-BR", "agenda 45 pra maria pra daqui a 2 dias", "Maria", "2026-03-06"),
    ("pt-BR", "pix 70 pedro amanhã", "Pedro", "2026-03-05"),
])
def test_the_day_said_is_no_recipient_and_a_name_may_follow_the_amount(lang, text, name, day):
    perception = read(text, lang)
    assert (perception.slots.recipient, perception.slots.when) == (name, day)


def test_bucks_are_the_banks_currency():
    assert read("send pedro 20 bucks", "en").slots.amount.model_dump() == {"amount_cents": 2000, "currency": "BRL"}


@pytest.mark.parametrize("lang,text", [("pt-BR", "hoje mesmo"), ("es", "hoy mismo"), ("ca", "avui mateix")])
def test_today_insisted_on_is_a_day_said(lang, text):
    assert read(text, lang).slots.when == "2026-03-04"
