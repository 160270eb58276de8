import pytest

from language.money import find_amounts, format_money


@pytest.mark.parametrize(
    ("text", "lang", "default", "cents", "currency"),
    [
        ("R$ 1.890,00", "pt-BR", "BRL", 189000, "BRL"),
        ("$1,630", "en", "USD", 163000, "USD"),
        ("50 reais", "pt-BR", "BRL", 5000, "BRL"),
        ("100 pesos", "es", "ARS", 10000, "ARS"),
        ("novecientos pesos", "es", "ARS", 90000, "ARS"),
        ("20 euros", "es", "EUR", 2000, "EUR"),
        ("20€", "ca", "EUR", 2000, "EUR"),
        ("dois centavos", "pt-BR", "BRL", 2, "BRL"),
        ("R$50", "pt-BR", "BRL", 5000, "BRL"),
        ("1,5 mil reais", "pt-BR", "BRL", 150000, "BRL"),
        ("cinquenta reais e vinte centavos", "pt-BR", "BRL", 5020, "BRL"),
        ("one thousand three hundred and twenty bucks", "en", "USD", 132000, "USD"),
        ("vint euros", "ca", "EUR", 2000, "EUR"),
    ],
)
def test_explicit_amounts(text, lang, default, cents, currency):
    found = find_amounts(text, lang, default)
    assert [(a.amount_cents, a.currency, a.raw, a.explicit) for a in found] == [(cents, currency, text, True)]


def test_bare_number_is_no_amount_without_money_context():
    assert find_amounts("500 mil", "pt-BR", "BRL") == []


def test_bare_number_is_an_amount_with_money_context():
    found = find_amounts("500 mil", "pt-BR", "BRL", money_context=True)
    assert [(a.amount_cents, a.explicit) for a in found] == [(50_000_000, False)]


@pytest.mark.parametrize(("text", "lang"), [("manda um pix de 100 pra Ana", "pt-BR"), ("send 100 to Ana", "en")])
def test_money_cue_word_makes_a_bare_number_an_amount(text, lang):
    assert [(a.amount_cents, a.raw) for a in find_amounts(text, lang, "BRL")] == [(10000, "100")]


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("amanhã às 15h", "pt-BR"),
        ("at 5:30 pm", "en"),
        ("March 5th", "en"),
        ("2 people", "en"),
        ("para 4 personas", "es"),
        ("3 tickets", "en"),
        ("dia 5 às 3", "pt-BR"),
        ("a las 3 de la tarde", "es"),
        ("at 7 o\"clock", "en"),
        ("manda um pix", "pt-BR"),
    ],
)
def test_counts_times_and_dates_are_not_amounts_even_in_money_context(text, lang):
    assert find_amounts(text, lang, "BRL", money_context=True) == []


def test_format_money_keeps_babels_no_break_space():
    assert format_money(189000, "BRL", "pt-BR") == "R$\xa01.890,00"
    assert format_money(189050, "EUR", "es") == "1.890,50\xa0€"
    assert format_money(163000, "USD", "en") == "$1,630.00"


@pytest.mark.parametrize(("lang", "currency", "written"), [
    ("pt-BR", "BRL", "R$\xa0200,00"), ("es", "BRL", "200,00\xa0BRL"), ("ca", "BRL", "200,00\xa0BRL"),
    ("en", "BRL", "R$200.00"), ("es", "ARS", "$200,00"), ("ca", "EUR", "200,00\xa0€"), ("en", "EUR", "€200.00"),
])
def test_money_is_written_in_the_customers_locale_and_in_the_currencys_region_only_where_the_language_is_official(
        lang, currency, written):
    # es + BRL is babel's es, not CLDR's es_BR ("R$200.00", a decimal point a Spaniard misreads); es + ARS is es_AR
    assert format_money(20000, currency, lang) == written
    assert find_amounts(f"Importe: {written}", lang, currency)[0].amount_cents == 20000  # what guards read back


@pytest.mark.parametrize(
    ("text", "cents"),
    [("manda 10 para 486.205.731-44", 1000), ("manda 10 pra 486.205.731-45", 1000),
     ("manda 50 pra 914fea55-a516-4967-af7a-e7705899f400", 5000), ("manda 300 pro (11) 91234-5678", 30000),
     ("manda 25 pro 11 98765-4321", 2500), ("manda 1.500 pra 44.066.257/3151-04", 150000),
     ("pix de 45 pra ana.souza2@gmail.com", 4500), ("manda 70 pro 48620573144", 7000)],
)
def test_no_amount_is_read_from_inside_a_pix_key(text, cents):
    assert [a.amount_cents for a in find_amounts(text, "pt-BR", "BRL", money_context=True)] == [cents]


def test_a_bare_key_is_no_amount():
    for key in ("48620573144", "486.205.731-44", "123e4567-e89b-42d3-a456-426614174000", "+55 11 91234-5678"):
        assert find_amounts(key, "pt-BR", "BRL", money_context=True) == []


@pytest.mark.parametrize(
    ("text", "lang", "cents"),
    [("1,5 lucas", "pt-BR", 150000), ("two grand", "en", 200000), ("200 reales", "es", 20000), ("30 reals", "ca", 3000)],
)
def test_slang_and_spanish_catalan_reais_are_explicit(text, lang, cents):
    assert [(a.amount_cents, a.currency, a.explicit) for a in find_amounts(text, lang, "BRL")] == [(cents, "BRL", True)]


def test_k_alone_needs_money_context():
    assert find_amounts("2k", "en", "USD") == []
    assert [a.amount_cents for a in find_amounts("send 2k", "en", "USD")] == [200000]


@pytest.mark.parametrize("text,lang,cents", [
    ("vinte e dois e cinquenta", "pt-BR", 2250), ("22 e 50", "pt-BR", 2250), ("22 reais e 50", "pt-BR", 2250),
])
def test_a_whole_amount_and_a_two_digit_number_joined_are_its_cents(text, lang, cents):
    assert [a.amount_cents for a in find_amounts(text, lang, "BRL", money_context=True)] == [cents]


@pytest.mark.parametrize("text,lang,cents", [
    ("manda 20 pra ana e 30 pro pedro", "pt-BR", [2000, 3000]), ("pix de 10 e 20 reais", "pt-BR", [1000, 2000]),
])
def test_amounts_with_words_between_or_a_currency_stay_apart(text, lang, cents):
    assert [a.amount_cents for a in find_amounts(text, lang, "BRL", money_context=True)] == cents
