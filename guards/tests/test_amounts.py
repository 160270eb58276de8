import time

import pytest

from guards.checks.amounts import COMBINATION_POOL, combinations_of, unsupported_amount
from guards.tests.helpers import bot, customer, deadline, make, output


def check(draft, **parts):
    return unsupported_amount(make(draft, **parts), deadline())


# --- the field's false positives pass -----------------------------------------------------------------------------

def test_customer_500_mil_echoed_as_500_mil_passes():
    verdict = check("Perfecto, te quedan 500 mil pesos disponibles.", lang="es", currency="ARS",
                    history=[customer("tengo 500 mil en la cuenta")])
    assert verdict.passed


def test_amount_quoted_two_messages_earlier_repeated_for_comparison_passes():
    history = [customer("quanto custa o plano?"), bot("O plano básico sai por R$ 89,90 por mês."),
               customer("e o premium?"), bot("O premium custa R$ 129,90.")]
    assert check("Comparando: o básico custa R$ 89,90 e o premium R$ 129,90.", lang="pt-BR", currency="BRL",
                 history=history).passed


def test_dois_centavos_written_back_as_r_0_02_passes():  # found in the agent's own clarify question
    assert check("Seu pedido anterior expirou. Quer começar um novo com R$\xa00,02?", lang="pt-BR", currency="BRL",
                 history=[customer("dois centavos")]).passed


def test_novecientos_written_back_as_900_passes():
    assert check("Listo, te envío 900 euros a Marta.", lang="es", currency="EUR",
                 history=[customer("mándale novecientos a Marta")]).passed


def test_one_thousand_three_hundred_and_twenty_bucks_written_as_digits_passes():
    assert check("Please confirm: $1,320 to Amir's checking account.",
                 history=[customer("send one thousand three hundred and twenty bucks to Amir")]).passed


def test_brazilian_notation_matches_a_cents_field():
    verdict = check("Seu saldo é de R$ 1.890,00.", lang="pt-BR", currency="BRL",
                    tool_outputs=[output("check_balance", {"balance_cents": 189000})])
    assert verdict.passed


def test_canonical_string_of_a_tool_output_supports_the_dollar_amount():
    assert check("Your checking account has $5,118.77.",
                 tool_outputs=[output("CheckBalance", [{"account_type": "checking", "balance": "5118.77"}])]).passed


def test_catalan_words_from_the_customer_support_digits():
    assert check("D'acord, t'envio 250 euros.", lang="ca", currency="EUR",
                 history=[customer("envia-li dos-cents cinquanta euros")]).passed


# --- what is not an amount ---------------------------------------------------------------------------------------

def test_counts_party_sizes_dates_times_ratings_and_phones_are_not_amounts():
    draft = ("I found 3 restaurants. Table for 4 people on March 5th at 7:30 pm, rated 4.5, "
             "call 408-971-8523, booking 12345.")
    assert check(draft).passed


# --- what fails ----------------------------------------------------------------------------------------------------

def test_amount_found_in_no_source_fails_with_the_span_as_evidence():
    verdict = check("Your balance is $7,200.", tool_outputs=[output("check_balance", {"balance": 5118.77})])
    assert not verdict.passed
    assert verdict.code == "unsupported_amount"
    assert verdict.evidence == ("$7,200",)
    assert "$7,200" in verdict.explanation


def test_explanation_is_in_the_draft_language():
    verdict = check("Seu saldo é R$ 10,00.", lang="pt-BR", currency="BRL")
    assert not verdict.passed and verdict.explanation.startswith("O rascunho")


def test_malformed_currency_amount_fails():
    verdict = check("Your current balance is $2,443.48.68 in your checking account.",
                    tool_outputs=[output("CheckBalance", [{"balance": "2443.48"}])])
    assert not verdict.passed and verdict.evidence == ("$2,443.48.68",)


def test_the_same_number_as_a_duration_does_not_support_a_price_through_a_sum():
    # Corpus 59_00033 t9: the fare was 304, "$317" = 304 + 13 only if a non-amount 13 may be an operand.
    results = [{"price": "304", "number_stops": "13", "outbound_departure_time": "22:05"}]
    verdict = check("The ticket cost is $317.", org_kind="school", tool_outputs=[output("search_flights", results)])
    assert not verdict.passed


def test_sum_of_two_supported_amounts_passes():
    outputs = [output("check_balance", [{"account_type": "checking", "balance": "1200"},
                                        {"account_type": "savings", "balance": "800.50"}])]
    assert check("Together you have $2,000.50.", tool_outputs=outputs).passed


def test_difference_of_balance_and_transfer_passes():
    assert check("After sending $300 you will have $900 left.", history=[customer("send 300 to Ana")],
                 tool_outputs=[output("check_balance", {"balance": "1200"})]).passed


def test_sum_of_three_supported_amounts_passes():
    assert check("The total is $123.", tool_outputs=[output("x", {"price": 100, "fee": 20, "tax_amount": 3})]).passed


def test_sum_of_four_amounts_is_beyond_the_bounded_search():
    assert not check("The total is $1,111.",
                     tool_outputs=[output("x", {"price": 1000, "fee": 100, "tax_amount": 10, "tip_amount": 1})]).passed


def test_cents_key_is_read_both_raw_and_divided():
    assert check("That is $150.", tool_outputs=[output("x", {"unit_cents": 150})]).passed
    assert check("That is $1.50.", tool_outputs=[output("x", {"unit_cents": 150})]).passed


def test_combination_pool_is_bounded():
    values = list(range(100, 100 + 1000 * 100, 100))
    combos = combinations_of(values, deadline())
    pool = values[:COMBINATION_POOL]
    assert max(combos) == sum(pool[-3:])


def test_a_passed_deadline_is_a_budget_failure():
    inp = make("The total is $999,999.", tool_outputs=[output("x", {"price": i}) for i in range(50)])
    verdict = unsupported_amount(inp, time.monotonic() - 1)
    assert not verdict.passed and verdict.evidence == ("budget exceeded",)


@pytest.mark.parametrize("lang,currency,draft", [
    ("pt-BR", "BRL", "Pronto, enviei R$ 45,00 pra Ana."),
    ("es", "EUR", "Te envío 45 euros."),
    ("ca", "EUR", "T'envio 45 euros."),
    ("en", "USD", "Sending $45 to Ana."),
])
def test_each_language_rejects_an_unsupported_amount(lang, currency, draft):
    assert not check(draft, lang=lang, currency=currency, history=[customer("oi / hola / hi")]).passed
