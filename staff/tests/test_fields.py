"""The policy widgets' fields on their own: minutes, money in a locale's separators, one term a line."""

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError

from staff.fields import MinutesField, MoneyField, TermListField, money_parse


@pytest.mark.parametrize(("text", "locale", "cents"), [
    ("1.000,50", "pt_BR", 100050), ("1000,50", "pt_BR", 100050), ("1000", "pt_BR", 100000),
    ("1.000", "pt_BR", 100000), ("0,01", "pt_BR", 1), ("1.000,50", "es_AR", 100050), ("1.000,5", "ca", 100050),
    ("1,000.50", "en_US", 100050), ("1000.50", "en_US", 100050), ("", "pt_BR", None),
])
def test_an_amount_is_read_with_the_organisations_separators(text, locale, cents):
    assert money_parse(text, currency="BRL", locale=locale) == cents


@pytest.mark.parametrize("text", ["1000.50", "1,000.50", "1.0000,5", "10.00", "abc", "1.000,505", "0", "-5"])
def test_an_amount_written_another_way_is_refused_not_guessed(text):
    with pytest.raises(ValidationError):
        money_parse(text, currency="BRL", locale="pt_BR")


def test_the_refusal_shows_how_to_write_it(settings):
    with pytest.raises(ValidationError) as refused:
        money_parse("1000.50", currency="BRL", locale="pt_BR")
    assert "1.000,50" in refused.value.messages[0]


def test_money_field_shows_cents_in_the_organisations_format_and_cleans_back():
    field = MoneyField()
    field.configure(currency="BRL", lang="pt-BR")
    assert field.prepare_value(100050) == "1.000,50"
    assert field.clean(field.prepare_value(100050)) == 100050
    html = field.widget.render("amount", "1.000,50", {"id": "id_amount"})
    assert "R$" in html and "R$\xa01.000,50" in html  # the symbol in front and the echo under it
    zero_decimals = MoneyField()
    zero_decimals.configure(currency="JPY", lang="en")
    assert zero_decimals.clean("1,000") == 1000 and zero_decimals.prepare_value(1000) == "1,000"


def test_minutes_are_minutes():
    field = MinutesField(max_minutes=1440)
    assert field.clean("15") == timedelta(minutes=15)
    assert field.prepare_value(timedelta(minutes=15)) == 15
    for bad in ("15.5", "abc", "0", "1441", "-3"):
        with pytest.raises(ValidationError):
            field.clean(bad)
    assert "minutes" in field.widget.render("expiry", 15, {"id": "id_expiry"})


def test_a_term_list_round_trips_exactly():
    field = TermListField(required=False)
    terms = ["SisBank", "core legado", "Fila P2"]
    shown = field.prepare_value(terms)
    assert shown == "SisBank\ncore legado\nFila P2"
    assert field.clean(shown) == terms
    assert field.clean("  SisBank \r\n\r\ncore legado\n") == ["SisBank", "core legado"]
    assert field.clean("") == [] and field.prepare_value([]) == ""


def test_a_term_list_reports_every_bad_line_at_once():
    field = TermListField(required=False)
    with pytest.raises(ValidationError) as refused:
        field.clean("SisBank\nSisBank\n" + "x" * 81)
    assert len(refused.value.messages) == 2
