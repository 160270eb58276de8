"""The guards' fast amount finder reads what language.money reads, with the documented differences."""

import json

import pytest
from django.conf import settings

from guards.mentions import amounts_in, digits_value, identifier_spans, numbers_in
from language.money import find_amounts
from language.numbers import find_numbers, parse_digits

MONEY = settings.SGD_CORPUS_DIR / "train-money.jsonl"

SAMPLES = {
    "pt-BR": ["Seu saldo é de R$ 1.890,00 e o limite R$ 500.", "manda quinhentos e vinte reais pro Pedro",
              "vinte e cinco mil", "são 2 pessoas às 15h no dia 5 de março", "R$ 50 reais e 20 centavos",
              "1,5 milhão", "500 mil", "um Pix de cem reais", "12.50 ou 12,50?", "o 3º da lista, 10/12, 15:30",
              "manda 1 000 pro Pedro", "R$ 1 000,00", "2 100 reais", "1,5 lucas", "manda 2k pro João"],
    "es": ["Te envío novecientos euros.", "Son 45 € por persona, 90 € en total.", "ciento veinte mil pesos",
           "1.234,56 ARS", "para 4 personas el 5 de mayo a las 9", "dos mil trescientos", "12 500,00 €", "un palo"],
    "ca": ["Són quaranta-cinc euros per persona.", "dos-cents cinquanta euros", "vint-i-u", "mil cinc-cents",
           "per a 3 persones demà a les 9", "45 € per persona, 90 € en total per a 2"],
    "en": ["Your checking account has $5,118.77.", "send one thousand three hundred and twenty bucks",
           "3 million", "$2,443.48.68", "a table for 4 people at 7:30 pm on March 5th", "5th", "twenty-five dollars",
           "1,630 dollars and 5 cents", "US$ 5 or £20 or 20€", "pay the tickets for 4", "send 1.5k", "two grand",
           "98 100 102 104 1000"],
}


def _texts(limit: int = 4000) -> list[str]:
    texts = []
    with MONEY.open(encoding="utf-8") as lines:
        for line in lines:
            texts += [turn["utterance"] for turn in json.loads(line)["turns"]]
            if len(texts) >= limit:
                break
    return texts


def test_numbers_are_read_as_language_numbers_reads_them_on_the_corpus_and_in_every_language():
    cases = [("en", text) for text in _texts()] + [(lang, text) for lang, texts in SAMPLES.items() for text in texts]
    for lang, text in cases:
        expected = [(n.value, n.start, n.end, n.ordinal) for n in find_numbers(text, lang)]
        assert [(n.value, n.start, n.end, n.ordinal) for n in numbers_in(text, lang)] == expected, (lang, text)


@pytest.mark.parametrize("raw,lang", [("1.890,00", "pt-BR"), ("1,890.00", "en"), ("12.50", "pt-BR"), ("12,5", "en"),
                                      ("0,02", "es"), ("007", "en"), ("1.890", "ca"), ("5,118.77", "en"), ("45", "es")])
def test_digits_are_converted_like_babel_converts_them(raw, lang):
    assert digits_value(raw, lang) == parse_digits(raw, lang)


def test_amounts_with_a_currency_marker_are_those_language_money_finds():
    cases = [("en", "USD", text) for text in _texts()] + [
        (lang, {"pt-BR": "BRL", "es": "ARS", "ca": "EUR", "en": "USD"}[lang], text)
        for lang, texts in SAMPLES.items() for text in texts]
    for lang, currency, text in cases:
        for context in (False, True):
            expected = [(a.amount_cents, a.currency, a.start, a.end, a.raw)
                        for a in find_amounts(text, lang, currency, money_context=context) if a.explicit]
            found = [(a.amount_cents, a.currency, a.start, a.end, a.raw)
                     for a in amounts_in(text, lang, currency, context) if a.explicit]
            assert found == expected, (lang, text, context)


@pytest.mark.parametrize("lang,text,bare", [
    ("pt-BR", "Enviei 300 pro Pedro.", 30000),  # past tense is a money cue here
    ("es", "Ya transferí 300 a Pedro.", 30000),
    ("ca", "Ahir vaig enviar 300 a en Pere.", 30000),
    ("en", "I sent 300 to Pedro.", 30000),
])
def test_past_tense_money_cues_make_a_bare_number_an_amount(lang, text, bare):
    assert [a.amount_cents for a in amounts_in(text, lang, "BRL")] == [bare]


@pytest.mark.parametrize("text", ["manda 10 para 486.205.731-44", "pix pro telefone 98765-4321",
                                  "transfere pra conta 12345-6", "send 50 to 408-971-8523",
                                  "pix para ana@exemplo.com.br", "manda pra 11987654321",
                                  "pix para 123e4567-e89b-42d3-a456-426614174000"])
def test_digits_inside_identifiers_are_no_amount(text):
    amounts = amounts_in(text, "pt-BR", "BRL", True)
    assert all(a.amount_cents in (1000, 5000) for a in amounts), amounts
    assert identifier_spans(text)


@pytest.mark.parametrize("text", ["paga o pedido 5521", "a conta 123456", "código 4471", "order 5521"])
def test_a_bare_number_after_a_word_naming_an_identifier_is_no_amount(text):
    assert amounts_in(text, "pt-BR", "BRL", True) == ()
