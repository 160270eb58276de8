from decimal import Decimal

import pytest

from language.locales import LANGS, babel_locale
from language.numbers import find_numbers
from language.text import fold


@pytest.mark.parametrize(
    ("text", "lang", "value"),
    [
        ("novecientos", "es", Decimal(900)),
        ("dois", "pt-BR", Decimal(2)),
        ("500 mil", "pt-BR", Decimal(500000)),
        ("1,5 milhão", "pt-BR", Decimal(1500000)),
        ("mil oitocentos e noventa", "pt-BR", Decimal(1890)),
        ("one thousand three hundred and twenty", "en", Decimal(1320)),
        ("dos mil cinc-cents", "ca", Decimal(2500)),
        ("vint-i-u", "ca", Decimal(21)),
        ("un milió dues-centes mil", "ca", Decimal(1200000)),
        ("1.890,00", "pt-BR", Decimal("1890.00")),
        ("1.890,00", "es", Decimal("1890.00")),
        ("1.890,00", "ca", Decimal("1890.00")),
        ("1,890.00", "en", Decimal("1890.00")),
        ("12.50", "pt-BR", Decimal("12.50")),
        ("3 million", "en", Decimal(3000000)),
    ],
)
def test_find_numbers_reads_one_value(text, lang, value):
    found = find_numbers(text, lang)
    assert [(m.value, m.raw) for m in found] == [(value, text)]


def test_spans_point_into_the_original_text():
    text = "Paguei mil oitocentos e noventa reais, não 1.000"
    found = find_numbers(text, "pt-BR")
    assert [(text[m.start : m.end], m.value) for m in found] == [
        ("mil oitocentos e noventa", 1890),
        ("1.000", 1000),
    ]


def test_catalan_units_in_a_row_are_separate_numbers():
    assert [m.value for m in find_numbers("dos tres, cent", "ca")] == [2, 3, 100]


def test_times_dates_and_model_names_are_not_numbers():
    assert find_numbers("às 15h, 15:00, 9h30, 5/12, S21 de 128GB", "pt-BR") == []


def test_ordinals_are_marked():
    found = find_numbers("March 5th and the twelfth", "en")
    assert [(m.value, m.ordinal) for m in found] == [(5, True), (12, True)]


def test_five_thousand_numbers_are_all_found():  # their speed is printed by bench/language_bench.py
    text = " ".join(str(i) if i % 2 else "vinte e três" for i in range(5000))
    found = find_numbers(text, "pt-BR")
    assert len(found) == 5000
    assert [m.value for m in found[:4]] == [23, 1, 23, 3]


def test_babel_locale_of_every_language():
    assert [babel_locale(lang) for lang in LANGS] == ["pt_BR", "es", "ca", "en"]


def test_fold_keeps_offsets_and_strips_accents():
    text = "Não, MAÑANA cancel·la"
    assert fold(text) == "nao, manana cancel·la"
    assert len(fold(text)) == len(text)


@pytest.mark.parametrize(
    ("text", "lang", "value"),
    [
        ("1.5k", "en", Decimal(1500)), ("1k", "en", Decimal(1000)), ("2 k", "pt-BR", Decimal(2000)),
        ("1,5k", "pt-BR", Decimal(1500)), ("two grand", "en", Decimal(2000)), ("5 grand", "en", Decimal(5000)),
        ("1,5 lucas", "pt-BR", Decimal(1500)), ("dos lucas", "es", Decimal(2000)), ("un palo", "es", Decimal(10**6)),
        ("1 000", "pt-BR", Decimal(1000)), ("12 500,00", "pt-BR", Decimal("12500.00")),
    ],
)
def test_informal_numbers_are_one_number(text, lang, value):
    assert [(m.value, m.raw) for m in find_numbers(text, lang)] == [(value, text)]


def test_a_capitalised_slang_word_is_a_name():
    assert [m.value for m in find_numbers("3268 Grand Avenue", "en")] == [3268]


def test_some_is_not_one():
    assert [m.value for m in find_numbers("umas 3 horas, unos 50", "es")] == [3, 50]
    assert [m.value for m in find_numbers("umas 3 horas", "pt-BR")] == [3]


def test_small_groups_are_not_joined():
    assert [m.value for m in find_numbers("para 2 100 reais", "pt-BR")] == [2, 100]
