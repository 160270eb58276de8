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
