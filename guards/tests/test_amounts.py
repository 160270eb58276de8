
import pytest

from guards.checks.amounts import supported_values, unsupported_amount
from guards.contract import deadline_after
from guards.evidence import Evidence, Identifier, MoneyEvidence
from guards.tests.helpers import bot, customer, deadline, make, output

BALANCE = Evidence(money=(MoneyEvidence("balance_cents", role="balance"),), identifiers=(Identifier("account_number", "account"),))
RECEIPT = Evidence(money=(MoneyEvidence("amount_cents", role="debit"),))
SLOTS = Evidence(money=(MoneyEvidence("price_cents", role="price"),), quantities=("party_size",))
SGD_BALANCE = Evidence(money=(MoneyEvidence("balance", unit="units", role="balance", currency="USD", currency_field=None),))


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


def test_brazilian_notation_matches_a_declared_cents_field():
    verdict = check("Seu saldo é de R$ 1.890,00.", lang="pt-BR", currency="BRL",
                    tool_outputs=[output("get_balance", {"balance_cents": 189000, "currency": "BRL"}, evidence=BALANCE)])
    assert verdict.passed


def test_canonical_string_of_a_units_field_supports_the_dollar_amount():
    assert check("Your checking account has $5,118.77.",
                 tool_outputs=[output("CheckBalance", [{"account_type": "checking", "balance": "5118.77"}],
                                      evidence=SGD_BALANCE)]).passed


def test_an_undeclared_result_is_read_by_its_money_keys():
    assert check("That is $1.50.", tool_outputs=[output("x", {"unit_cents": 150})]).passed
    assert not check("That is $150.", tool_outputs=[output("x", {"unit_cents": 150})]).passed


def test_catalan_words_from_the_customer_support_digits():
    assert check("D'acord, t'envio 250 euros.", lang="ca", currency="EUR",
                 history=[customer("envia-li dos-cents cinquanta euros")]).passed


def test_the_amount_slot_of_the_request_supports_it():
    assert check("Pix de R$ 250,00 para o Pedro?", lang="pt-BR", currency="BRL",
                 ask_slots={"amount": {"amount_cents": 25000, "currency": "BRL"}}).passed


# --- what is not an amount ---------------------------------------------------------------------------------------

def test_counts_party_sizes_dates_times_ratings_and_phones_are_not_amounts():
    draft = ("I found 3 restaurants. Table for 4 people on March 5th at 7:30 pm, rated 4.5, "
             "call 408-971-8523, booking 12345.")
    assert check(draft).passed


def test_tickets_for_4_after_pay_is_a_count():  # SGD 5_00015 t11
    assert check("Please confirm that you want to pay the tickets for 4.").passed


def test_a_pix_key_after_a_money_cue_is_no_amount():
    assert check("Pix para a chave 98765-4321 confirmado?", lang="pt-BR", currency="BRL").passed
    assert check("Manda para o CPF 486.205.731-44?", lang="pt-BR", currency="BRL").passed


# --- typed evidence: what fails ------------------------------------------------------------------------------------

def test_a_cents_field_never_supports_the_same_digits_as_units():  # the 100× error
    receipt = [output("send_pix", {"amount_cents": 25000, "currency": "BRL"}, evidence=RECEIPT)]
    assert check("Pix de R$ 250,00 enviado.", lang="pt-BR", currency="BRL", tool_outputs=receipt).passed
    verdict = check("Pix de R$ 25.000,00 enviado.", lang="pt-BR", currency="BRL", tool_outputs=receipt)
    assert not verdict.passed and verdict.evidence == ("R$ 25.000,00",)


def test_another_currency_is_not_supported_by_a_brl_receipt():
    receipt = [output("send_pix", {"amount_cents": 25000, "currency": "BRL"}, evidence=RECEIPT)]
    assert not check("Pix de US$ 250,00 enviado.", lang="pt-BR", currency="BRL", tool_outputs=receipt).passed


@pytest.mark.parametrize("identifier", ["12345-6", "98765-4321", "486.205.731-44", "48620573144"])
def test_digits_of_an_identifier_field_support_no_amount(identifier):
    result = {"balance_cents": 500000, "currency": "BRL", "account_number": identifier}
    digits = "".join(c for c in identifier if c.isdigit())
    draft = f"Seu saldo é R$ {int(digits[:5]):,}".replace(",", ".") + ",00."
    verdict = check(draft, lang="pt-BR", currency="BRL", tool_outputs=[output("get_balance", result, evidence=BALANCE)])
    assert not verdict.passed


def test_digits_of_the_customers_phone_support_no_amount():
    verdict = check("Pix de R$ 98.765,00 para a Ana?", lang="pt-BR", currency="BRL",
                    history=[customer("manda pro telefone 98765-4321 da Ana")])
    assert not verdict.passed


def test_balance_minus_the_transfer_is_supported_but_plus_is_not():
    outputs = [output("get_balance", {"balance_cents": 500000, "currency": "BRL"}, evidence=BALANCE),
               output("send_pix", {"amount_cents": 25000, "currency": "BRL"}, evidence=RECEIPT)]
    assert check("Seu saldo agora é R$ 4.750,00.", lang="pt-BR", currency="BRL", tool_outputs=outputs).passed
    verdict = check("Seu saldo agora é R$ 5.250,00.", lang="pt-BR", currency="BRL", tool_outputs=outputs)
    assert not verdict.passed and verdict.evidence == ("R$ 5.250,00",)


def test_difference_of_a_balance_and_an_amount_the_customer_said_passes():
    assert check("After sending $300 you will have $900 left.", history=[customer("send 300 to Ana")],
                 tool_outputs=[output("check_balance", {"balance": "1200"}, evidence=SGD_BALANCE)]).passed


def test_price_times_the_party_size_is_a_supported_total():
    slots = [output("check_availability", {"slots": [{"price_cents": 4500, "currency": "EUR"}]},
                    evidence=SLOTS, arguments={"party_size": 2})]
    assert check("45 € per persona, 90 € en total per a 2.", lang="ca", currency="EUR", tool_outputs=slots).passed
    assert not check("45 € per persona, 135 € en total.", lang="ca", currency="EUR", tool_outputs=slots).passed


def test_the_party_size_the_customer_said_multiplies_a_price():
    slots = [output("check_availability", {"slots": [{"price_cents": 4500, "currency": "EUR"}]}, evidence=SLOTS)]
    assert check("Són 135 € per a les 3 persones.", lang="ca", currency="EUR", tool_outputs=slots,
                 history=[customer("som 3 persones")]).passed


def test_the_sum_of_unrelated_prices_is_not_supported():
    hits = [output("search_catalog", {"hits": [{"price_cents": p, "currency": "BRL"} for p in (189000, 249000, 99000)]},
                   evidence=Evidence(money=(MoneyEvidence("price_cents", role="price"),)))]
    assert check("O iPhone 13 sai por R$ 1.890,00.", lang="pt-BR", currency="BRL", tool_outputs=hits).passed
    assert not check("Os dois saem por R$ 4.380,00.", lang="pt-BR", currency="BRL", tool_outputs=hits).passed
    assert not check("Tudo junto dá R$ 5.370,00.", lang="pt-BR", currency="BRL", tool_outputs=hits).passed


def test_a_listed_field_supports_the_total_of_its_list():
    statement = Evidence(money=(MoneyEvidence("amount_cents", listed=True),))
    entries = {"entries": [{"amount_cents": a, "currency": "BRL"} for a in (5000, 12000, 3000)]}
    outputs = [output("list_pix_history", entries, evidence=statement)]
    assert check("Os três somam R$ 200,00.", lang="pt-BR", currency="BRL", tool_outputs=outputs).passed
    assert not check("Os dois primeiros somam R$ 170,00.", lang="pt-BR", currency="BRL", tool_outputs=outputs).passed


def test_an_amount_near_a_listed_price_is_not_supported():
    hits = [output("search_catalog", {"hits": [{"price_cents": 189000, "currency": "BRL"}]},
                   evidence=Evidence(money=(MoneyEvidence("price_cents", role="price"),)))]
    for wrong in ("R$ 1.790,00", "R$ 2.000,00", "R$ 1.889,00", "R$ 945,00"):
        assert not check(f"Sai por {wrong}.", lang="pt-BR", currency="BRL", tool_outputs=hits).passed, wrong


def test_past_tense_claims_are_checked_like_present_ones():
    receipt = [output("send_pix", {"amount_cents": 25000, "currency": "BRL"}, evidence=RECEIPT)]
    verdict = check("Enviei 300 pro Pedro.", lang="pt-BR", currency="BRL", tool_outputs=receipt)
    assert not verdict.passed and verdict.evidence == ("300",)
    assert not check("Ya transferí 300 a Pedro.", lang="es", currency="BRL", tool_outputs=receipt).passed
    assert not check("I sent 300 to Pedro.", currency="BRL", tool_outputs=receipt).passed


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
                    tool_outputs=[output("CheckBalance", [{"balance": "2443.48"}], evidence=SGD_BALANCE)])
    assert not verdict.passed and verdict.evidence == ("$2,443.48.68",)


def test_the_same_number_as_a_duration_does_not_support_a_price():
    # Corpus 59_00033 t9: the fare was 304; "$317" = 304 + 13 only if a non-amount 13 may be an operand.
    results = [{"price": "304", "number_stops": "13", "outbound_departure_time": "22:05"}]
    verdict = check("The ticket cost is $317.", org_kind="school", tool_outputs=[output("search_flights", results)])
    assert not verdict.passed


def test_the_support_is_a_few_sets_and_stays_fast_with_many_sources():
    outputs = [output("x", {"hits": [{"price_cents": 100 * i, "currency": "USD"} for i in range(2000)]},
                      evidence=Evidence(money=(MoneyEvidence("price_cents", role="price"),)), arguments={})]
    support = supported_values(make("x", tool_outputs=outputs, history=[customer("for 2 people")]), deadline())
    assert len(support.values["USD"]) <= 4000  # each price and price × 2: no combinatorial growth


def test_a_passed_deadline_is_a_budget_failure():
    inp = make("The total is $999,999.", tool_outputs=[output("x", {"price": i}) for i in range(50)])
    verdict = unsupported_amount(inp, deadline_after(-1))
    assert not verdict.passed and verdict.evidence == ("budget exceeded",)


@pytest.mark.parametrize("lang,currency,draft", [
    ("pt-BR", "BRL", "Pronto, enviei R$ 45,00 pra Ana."),
    ("es", "EUR", "Te envío 45 euros."),
    ("ca", "EUR", "T'envio 45 euros."),
    ("en", "USD", "Sending $45 to Ana."),
])
def test_each_language_rejects_an_unsupported_amount(lang, currency, draft):
    assert not check(draft, lang=lang, currency=currency, history=[customer("oi / hola / hi")]).passed
