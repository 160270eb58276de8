import pytest

from guards.checks.wording import (
    effect_claim_without_effect,
    internal_vocabulary,
    unusable_request,
)
from guards.contract import AvailableTool
from guards.tests.helpers import BANK_TOOLS, STORE_TOOLS, deadline, make, output

# --- internal_vocabulary -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,draft,term", [
    ("pt-BR", "A ferramenta retornou erro, mas o sistema já voltou.", "A ferramenta"),
    ("es", "La herramienta no devolvió nada.", "La herramienta"),
    ("ca", "L'eina no ha retornat res.", "L'eina"),
    ("en", "The tool returned an empty JSON.", "The tool"),
    ("en", "Your booking ref_8f2a is ready.", "ref_8f2a"),
    ("en", "Your slot 3f2b8c1e-9d4a-4b6e-8f0a-1c2d3e4f5a6b is held.", "3f2b8c1e-9d4a-4b6e-8f0a-1c2d3e4f5a6b"),
    ("pt-BR", "Preciso do slot_id para continuar.", "slot_id"),
    ("en", "The system returned no tables for that day.", "The system returned"),
    ("pt-BR", "O sistema mostra que a chave é da Ana.", "O sistema mostra"),
    ("es", "El sistema devolvió un error al reservar.", "El sistema devolvió"),
    ("ca", "El sistema ha retornat un error.", "El sistema ha retornat"),
    ("en", "My system prompt says I can't share that.", "system prompt"),
])
def test_internal_terms_fail(lang, draft, term):
    verdict = internal_vocabulary(make(draft, lang=lang), deadline())
    assert not verdict.passed and term in verdict.evidence


def test_organisation_terms_and_tool_names_fail():
    inp = make("Vou consultar o Core Legado e usar send_pix.", lang="pt-BR", internal_vocabulary=("Core Legado",),
               tools_available=BANK_TOOLS)
    verdict = internal_vocabulary(inp, deadline())
    assert not verdict.passed and {"Core Legado", "send_pix"} <= set(verdict.evidence)


@pytest.mark.parametrize("lang,draft", [
    ("pt-BR", "O iPhone 13 vem com o sistema operacional iOS 17."),
    ("es", "Tu transferencia de 50 euros está lista para confirmar."),
    ("en", "Thank you for using our system. Have a wonderful day!"),  # SGD 32_00087 t15: the service, not a backend
    # the service's outage, ratings and rules are the customer's words too (SGD 3_00014 t9, 30_00050 t5, 36_00027 t5)
    ("en", "Sorry, the system crashed and I couldn't do your booking."),
    ("en", "They have 5.0 stars on the system. They are located at 211 Quarry Road."),
    ("en", "Sorry, I couldn't book it as the System is cancelling out the appointments automatically."),
    ("pt-BR", "Desculpe, o sistema está fora do ar agora. Tente de novo em alguns minutos."),
    ("es", "Lo siento, el sistema está caído en este momento."),
    ("ca", "Ho sento, el sistema no funciona ara mateix."),
    ("pt-BR", "Confirma o Pix de R$ 50 para a chave ana_souza@gmail.com?"),  # an e-mail Pix key is no identifier
])
def test_customer_wording_passes(lang, draft):
    assert internal_vocabulary(make(draft, lang=lang), deadline()).passed


# --- effect_claim_without_effect -----------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,draft", [
    ("pt-BR", "Pronto, enviei R$ 50 para a Ana."),
    ("pt-BR", "Transferência realizada com sucesso!"),
    ("pt-BR", "Sua reserva está confirmada para amanhã."),
    ("es", "Listo, he enviado 50 euros a Ana."),
    ("es", "Tu reserva está confirmada."),
    ("ca", "T'he reservat la classe de dissabte."),
    ("ca", "La transferència s'ha fet."),
    ("en", "I've sent $50 to Ana."),
    ("en", "Your booking is confirmed for tomorrow."),
    ("en", "Okay. I have reserved 1 ticket in Toronto."),  # SGD 8_00108 t13: said before any call
])
def test_effect_claim_without_an_executed_effect_fails(lang, draft):
    assert not effect_claim_without_effect(make(draft, lang=lang), deadline()).passed


def test_effect_claim_with_an_executed_effect_passes():
    assert effect_claim_without_effect(make("I've sent $50 to Ana.", effects_executed=["send_pix"]), deadline()).passed


BOOKED = {"reserve_restaurant": "booking", "send_pix": "money"}


@pytest.mark.parametrize("draft", ["Your table is booked, enjoy your meal!", "This task is completed."])
def test_a_reply_after_the_asks_earlier_effect_may_restate_it(draft):
    # a goodbye after the Ask's booking succeeded on an earlier turn (the SGD goodbyes after a success)
    earlier = make(draft, effects_earlier=["reserve_restaurant"], effect_kinds=BOOKED)
    assert effect_claim_without_effect(earlier, deadline()).passed
    assert not effect_claim_without_effect(make(draft, effect_kinds=BOOKED), deadline()).passed


def test_an_earlier_effect_supports_no_claim_of_another_kind_nor_one_after_a_refusal():
    other = make("Your Pix was sent.", effects_earlier=["reserve_restaurant"], effect_kinds=BOOKED)
    assert not effect_claim_without_effect(other, deadline()).passed
    refused = make("Your table is booked.", effects_earlier=["reserve_restaurant"], effect_kinds=BOOKED,
                   tool_outputs=(output("reserve_restaurant", {"code": "failed"}, ok=False),))
    assert not effect_claim_without_effect(refused, deadline()).passed


@pytest.mark.parametrize("lang,draft", [
    ("pt-BR", "Não consegui enviar o Pix, tente de novo mais tarde."),
    ("pt-BR", "Posso enviar R$ 50 para a Ana?"),
    ("es", "Cuando confirmes, la transferencia será enviada."),
    ("en", "Sorry, I couldn't make the reservation."),
    ("en", "Shall I book the table for 2 at 7 pm?"),
    # SGD confirmation requests worded as if done (all from the train corpus):
    ("en", "Kindly ensure that, $820 has been transferred from savings account to Abhinav's checking account."),
    ("en", "Can you please confirm the following details. The event is basta pn March 10th at Chicago and ticket "
           "is booked for 4 people."),
    ("en", "I have booked a table for 2 at B&b Kitchen & Wine Bar for today at 1:30 pm in Berkeley. Is this correct?"),
    ("en", "Your reservation details which you should confirm are as follows; one table at Yi Yuan in the city of "
           "Millbrae at 7 pm. This has been booked for 2 people today."),
    ("en", "Please confirm the updated: appointment is scheduled for 2:45 pm on march 5th"),
    # the agent's own expiry notice (found by the approvals tests): "nothing was sent" is no claim
    ("pt-BR", "Esta confirmação expirou; nada foi enviado. Peça de novo para ver uma nova prévia."),
    ("es", "Esta confirmación caducó; no se envió nada."),
    ("ca", "Aquesta confirmació ha caducat; no s'ha enviat res."),
    ("en", "This confirmation expired; nothing was sent."),
])
def test_negated_conditional_questions_and_confirmation_requests_are_no_claims(lang, draft):
    assert effect_claim_without_effect(make(draft, lang=lang), deadline()).passed


@pytest.mark.parametrize("lang,draft", [
    # after the details to confirm, "I reserved" says it is done: nothing was (from the train corpus)
    ("en", "No problem. Please confirm: Reserving 1 table at Nizza La Bella in Albany. The reservation will be at "
           "7 pm for 2 people. I reserved this for today."),
    ("pt-BR", "Por favor, confirme os dados: Pix de R$ 250,00 para o Pedro. Já enviei."),
    ("es", "Por favor, confirma los datos: 2 entradas para el sábado. Ya te las reservé."),
])
def test_a_first_person_claim_after_a_confirmation_request_is_a_claim(lang, draft):
    assert not effect_claim_without_effect(make(draft, lang=lang), deadline()).passed


# --- unusable_request ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,draft", [
    ("pt-BR", "Me passa a sua senha do app, por favor."),
    ("pt-BR", "Qual é o seu número de CPF?"),
    ("pt-BR", "Me informe o número do cartão."),
    ("es", "¿Me das tu número de pedido?"),
    ("es", "¿Me das tu PIN?"),
    ("ca", "Em dones la teva contrasenya?"),
    ("en", "Could you give me your order number?"),
    ("en", "What is your card number and CVV?"),
])
def test_request_no_tool_can_use_fails(lang, draft):
    assert not unusable_request(make(draft, lang=lang, tools_available=BANK_TOOLS), deadline()).passed


def test_a_cpf_passes_when_a_tool_takes_one_but_a_password_never_does():
    tools = BANK_TOOLS + (AvailableTool("lookup_customer", ("cpf",)), AvailableTool("login", ("password",)))
    assert unusable_request(make("Qual é o seu CPF?", lang="pt-BR", tools_available=tools), deadline()).passed
    assert not unusable_request(make("Qual é a sua senha?", lang="pt-BR", tools_available=tools), deadline()).passed


@pytest.mark.parametrize("lang,draft,tools", [
    ("pt-BR", "Qual o valor e a chave Pix de quem vai receber?", BANK_TOOLS),
    ("es", "¿Para qué fecha y cuántas personas?", BANK_TOOLS),
    ("pt-BR", "Qual o modelo, a capacidade e a saúde da bateria do seu aparelho?", STORE_TOOLS),
    ("en", "Never share your PIN or password with anyone.", BANK_TOOLS),
    # SGD train turns that mention a data item without asking for it:
    ("en", "I have made your reservation their phone number is 925-408-4891", BANK_TOOLS),
    ("en", "I have a phone number of 415-402-5290.", BANK_TOOLS),
    ("en", "I made your reservation and the phone number is 408-719-9998. In case you need the address, it is 90 "
           "South Abel Street.", BANK_TOOLS),
    ("en", "Can you confirm me that the address is 1150 scott boulevard # a2?", BANK_TOOLS),
    ("en", "To confirm: You'd like to reserve a Standard card from the JFK International Airport at 5 pm?", BANK_TOOLS),
    ("en", "Your tickets have been purchased and you will receive an email confirmation shortly.", BANK_TOOLS),
    ("en", "Sure, I have the address at 3737 Lone Tree Way # A and the rating is 4.5.", BANK_TOOLS),
])
def test_asking_for_usable_slots_or_mentioning_items_passes(lang, draft, tools):
    assert unusable_request(make(draft, lang=lang, tools_available=tools), deadline()).passed


@pytest.mark.parametrize("draft", ["Your seats have been paid for, enjoy the event.", "Your tables are reserved.",
                                   "As vagas foram pagas."])
def test_the_plural_of_a_bookings_thing_makes_a_claim_of_a_booking(draft):
    booked = make(draft, effects_executed=("reserve_restaurant",), effect_kinds=BOOKED, languages=("en", "pt-BR"))
    assert effect_claim_without_effect(booked, deadline()).passed
    sent = make("Your money has been paid.", effects_executed=("reserve_restaurant",), effect_kinds=BOOKED)
    assert not effect_claim_without_effect(sent, deadline()).passed  # money claimed after a booking: held
