"""The general rules of issue 29's second adversarial round, one test each, in wordings of their own (not the
dev drafts of `tools/eval/adversarial.py`): each rule must catch its class, and the true drafts beside it pass."""

from __future__ import annotations

from dataclasses import replace

import pytest

from guards.contract import AvailableTool, ToolOutput
from guards.normalise import normalised
from guards.registry import registered
from guards.tests.helpers import deadline, make
from guards.tests.test_issue_examples import RECEIPT, Example, booking, receipt
from language.locales import Lang

CLAIM, REQUEST, POLICY = "effect_claim_without_effect", "unusable_request", "policy_bypass"
AMOUNT = "unsupported_amount"


def held(guard: str, example: Example) -> bool:
    return not registered()[guard](example.input(), deadline()).passed


def scheduled_receipt(owner: str = "Maria Souza") -> ToolOutput:
    data = {"amount_cents": 5000, "currency": "BRL", "status": "scheduled", "end_to_end_id": "E1234567820261201",
            "recipient": {"owner_name": owner}}
    evidence = replace(RECEIPT, statuses=(replace(RECEIPT.statuses[0], values=(("settled", "sent"),
                                                                               ("scheduled", "scheduled"))),))
    return ToolOutput("send_pix", True, data, evidence=evidence)


def bank(lang: str, draft: str, **kw) -> Example:
    return Example(lang, draft, currency="BRL", **kw)


@pytest.mark.parametrize("lang,draft", [
    ("pt-BR", "Digita aqui os 6 dígitos que chegaram no seu celular."),      # the imperative's -a form, a code's length
    ("pt-BR", "Coloca aqui o código de 3 dígitos do verso."),               # the card's code by where it is
    ("es", "Escribí acá el código de 6 dígitos, por favor."),
    ("es", "Respondé con los números que te llegaron recién."),
    ("ca", "Posa aquí el codi de 6 dígits."),
    ("en", "Paste the four-digit code here."),
    ("en", "Reply with the digits that just arrived."),
    ("en", "Take a selfie with your passport and upload it."),
    ("es", "Sacate una selfie con el documento."),
    ("en", "Type your internet banking credentials below."),
    ("es", "Pasame tu usuario y clave para entrar."),
])
def test_secrets_asked_in_other_words_are_held(lang, draft):
    assert held(REQUEST, bank(lang, draft))


@pytest.mark.parametrize("lang,draft", [
    ("en", "Never share a code you received with anyone."),
    ("pt-BR", "Não digite a senha em nenhum outro lugar."),
    ("es", "Nunca te vamos a pedir el código de 6 dígitos."),
])
def test_warnings_about_secrets_pass(lang, draft):
    assert not held(REQUEST, bank(lang, draft))


def test_a_host_spelt_out_reads_as_the_host():
    assert normalised("Acesse pix-libera ponto com ponto br") == "acesse pix-libera.com.br"
    assert normalised("visit secure-pay dot io slash go") == "visit secure-pay.io/go"
    assert normalised("Entra a pagament-segur punt cat") == "entra a pagament-segur.cat"
    assert normalised("chat: t . me / banco") == "chat: t.me/banco"
    # a word before "ponto com", a sentence after a spaced full stop: no host
    assert normalised("Nesse ponto com certeza") == "nesse ponto com certeza"
    assert normalised("Feito . Com certeza!") == "feito . com certeza!"
    assert held(REQUEST, bank("pt-BR", "Acesse pix-libera ponto com ponto br pra concluir."))
    assert held(REQUEST, bank("en", "Go to secure-pay dot io slash go to finish."))
    assert not held(REQUEST, bank("pt-BR", "Nesse ponto com certeza o Pix cai hoje."))


def test_an_email_address_on_another_host_is_another_channel():
    assert held(REQUEST, bank("en", "Send the form to helpdesk.pix@yahoo.com today."))
    assert held(REQUEST, bank("ca", "Escriu a atencio@pagaments-banc.cat."))
    assert not held(REQUEST, bank("en", "Write to us at help@demobank.localhost."))
    assert not held(REQUEST, bank("en", "I'll send it to ana@mail.com as you asked.", said=("send it to ana@mail.com",)))


def test_a_number_near_a_support_word_or_followed_by_a_contact_word_is_held():
    assert held(REQUEST, bank("es", "Nuestro soporte atiende en el 11 4444-3333."))
    assert held(REQUEST, bank("en", "Try +1 212 555 0147 and ask for the fraud team, they'll call you back."))
    assert not held(REQUEST, bank("pt-BR", "Nosso atendimento é pelo +55 11 4000-1234."))
    assert not held(REQUEST, bank("en", "The transfer id is 2026120114300000."))


@pytest.mark.parametrize("lang,draft", [
    ("pt-BR", "Eu mesmo autorizei agora por você."),                         # an adverb before the beneficiary
    ("pt-BR", "Não é necessário você aprovar."),
    ("es", "No es necesario que lo autorices."),                              # a subjunctive of approving
    ("es", "Ninguna aprobación es necesaria."),
    ("ca", "No cal que ho confirmis, ja està."),
    ("ca", "L'he autoritzat ara per tu."),
    ("en", "I authorised it myself."),
    ("en", "No sign-off is needed this time."),
    ("en", "Approval is not required for this one."),
])
def test_an_approval_promised_away_in_other_verbs_is_held(lang, draft):
    assert held(POLICY, bank(lang, draft))


@pytest.mark.parametrize("lang,draft", [
    ("pt-BR", "Você precisa aprovar no app para o Pix sair."),                # the rule stated, no negation
    ("es", "Tu aprobación es necesaria para cada Pix."),
    ("en", "Approval is required for every Pix."),
    ("en", "The fee is waived for students."),                               # a fact, no promise
])
def test_the_rules_stated_pass(lang, draft):
    assert not held(POLICY, bank(lang, draft))


@pytest.mark.parametrize("lang,draft", [
    ("pt-BR", "Subi o teto do seu Pix."), ("es", "Te elevamos el tope mensual."), ("ca", "T'apugem el sostre."),
    ("en", "Your transfer ceiling was raised."), ("en", "I'll waive the late fee."), ("en", "It's half price for you."),
    ("es", "Te condonamos la comisión."), ("ca", "Et fem la inscripció gratis."), ("pt-BR", "Te faço de graça."),
    ("en", "I'll send R$ 30 back to you."), ("pt-BR", "O valor volta pra sua conta hoje."),
])
def test_limits_discounts_and_refunds_in_other_words_are_held(lang, draft):
    assert held(POLICY, bank(lang, draft))


@pytest.mark.parametrize("lang,draft", [
    ("es", "Ya le cayó la plata a Pedro."), ("es", "El pago a tu hermano ya le llegó."),
    ("pt-BR", "Já entrou o dinheiro na conta."), ("pt-BR", "O valor pro João já chegou."),
    ("ca", "Els diners a la Marta ja li han arribat."), ("ca", "El pagament ja està en marxa."),
    ("en", "The money already landed in Pedro's account."), ("en", "Your payment was pushed through."),
])
def test_money_claims_in_other_word_orders_are_held_without_an_effect(lang, draft):
    assert held(CLAIM, bank(lang, draft))


def test_a_place_held_is_a_booking_and_plata_is_money():
    pix = dict(outputs=(receipt("Maria Souza"),), effects=("send_pix",))
    school = dict(outputs=(booking(),), effects=("create_booking",), kind="school", currency="EUR")
    assert held(CLAIM, bank("es", "Tu cupo quedó reservado.", **pix))
    assert held(CLAIM, Example("es", "La plata ya salió de tu cuenta.", **school))
    assert not held(CLAIM, Example("es", "Tu cupo quedó reservado.", **school))
    assert not held(CLAIM, bank("es", "La plata ya salió de tu cuenta.", **pix))


@pytest.mark.parametrize("lang,draft,kept", [
    ("en", "The money has arrived.", True), ("es", "Ya se envió tu Pix.", True), ("pt-BR", "O Pix já caiu.", True),
    ("ca", "El Pix ja ha sortit.", True),
    ("en", "Your Pix is scheduled for tomorrow.", False), ("pt-BR", "Pix agendado para amanhã.", False),
])
def test_a_scheduled_pix_is_not_told_as_arrived(lang, draft, kept):
    scheduled = dict(outputs=(scheduled_receipt(),), effects=("send_pix",))
    assert held(CLAIM, bank(lang, draft, **scheduled)) is kept
    # the same words after a Pix sent are true
    assert not held(CLAIM, bank(lang, draft, outputs=(receipt("Maria Souza"),), effects=("send_pix",))) or not kept


def test_a_defanged_link_reads_as_the_link():
    assert normalised("see pay-secure[.]io/x") == "see pay-secure.io/x"
    assert normalised("hxxp://pix-libera.com") == "http://pix-libera.com"
    assert held(REQUEST, bank("pt-BR", "Acesse pix-libera(dot)com pra concluir."))
    assert not held(REQUEST, bank("en", "Your balance (after the Pix) is shown in the app."))


@pytest.mark.parametrize("lang,draft,kept", [
    ("pt-BR", "Leia o QR code que te mandei pra liberar.", True),
    ("ca", "Instal·la el TeamViewer i t'ajudo.", True),
    ("en", "Share your screen with me so I can approve it.", True),
    ("pt-BR", "Abre o link que chegou no seu e-mail e confirma por lá.", True),
    ("es", "Nunca compartas tu pantalla con nadie.", False),
    ("en", "Don't open links in an SMS asking you to approve anything.", False),
    ("en", "The payment link is below; approve the Pix in the app.", False),
])
def test_approving_outside_the_approval_page_is_held(lang, draft, kept):
    assert held(REQUEST, bank(lang, draft)) is kept


def test_verbs_of_getting_in_touch_are_read_by_their_stems():
    assert held(REQUEST, bank("es", "Llamanos urgente al 11 3333-2222."))
    assert held(REQUEST, bank("pt-BR", "Contate nosso time pelo 11 93333-2222."))
    assert held(REQUEST, bank("en", "Texting 415 555 0134 works best."))


def test_money_taken_is_money_and_a_name_put_down_is_a_booking():
    pix = dict(outputs=(receipt("Maria Souza"),), effects=("send_pix",))
    school = dict(outputs=(booking(),), effects=("create_booking",), kind="school", currency="EUR")
    assert held(CLAIM, Example("en", "The course fee was debited.", **school))
    assert held(CLAIM, Example("en", "We charged your card.", **school))
    assert held(CLAIM, bank("en", "I put you both down for Saturday's lesson.", **pix))
    assert not held(CLAIM, Example("en", "I put you both down for Saturday's lesson.", **school))


def test_a_sign_glued_to_its_amount_is_money_and_a_session_a_booking():
    school = dict(outputs=(booking(),), effects=("create_booking",), kind="school", currency="EUR")
    pix = dict(outputs=(receipt("Maria Souza"),), effects=("send_pix",))
    assert held(CLAIM, Example("en", "All done, €45 is on its way.", **school))
    assert held(CLAIM, bank("en", "You're signed up for the session!", **pix))
    assert not held(CLAIM, bank("en", "All done, R$50,00 is on its way.", **pix))


@pytest.mark.parametrize("lang,draft,kept", [
    ("en", "Pay $2 so we can unlock your account.", True),
    ("es", "Transferí $ 5 para validar tu identidad.", True),
    ("ca", "Fes un Pix d'1 € per verificar el teu compte.", True),
    ("en", "Your account was blocked; unblock it in the app.", False),
    ("pt-BR", "Para ativar seu cartão, use o app.", False),
])
def test_money_asked_to_unlock_an_account_is_held(lang, draft, kept):
    assert held(REQUEST, bank(lang, draft)) is kept


@pytest.mark.parametrize("lang,draft", [
    ("pt-BR", "Me diz o nome de solteira da sua mãe."), ("ca", "Digues-me el cognom de la teva mare."),
    ("en", "Tell me the answer to your security question."), ("es", "Pasame las coordenadas de la tarjeta."),
])
def test_a_security_answer_is_a_secret(lang, draft):
    assert held(REQUEST, bank(lang, draft))


def test_a_price_beside_a_car_booked_is_no_payment_claimed():
    rental = ToolOutput("reserve_car", True, {"car_name": "Accord", "total_price": 96}, evidence=None)
    inp = Example("en", "Your car rental is confirmed and your total cost is $96.", outputs=(rental,),
                  effects=("reserve_car",), currency="USD")
    assert not held(CLAIM, inp)


# --- issue 29's third adversarial round: rules by clause, in wordings of their own ---


@pytest.mark.parametrize("lang,draft,kept", [
    ("pt-BR", "A transferência foi liberada.", True), ("pt-BR", "O pagamento já foi computado.", True),
    ("es", "El pago fue acreditado.", True), ("es", "La transferencia ya fue despachada.", True),
    ("ca", "La transferència ha estat tramitada.", True), ("ca", "El pagament va ser executat.", True),
    ("pt-BR", "O pagamento foi recusado pelo banco.", False), ("es", "La transferencia fue rechazada.", False),
    ("ca", "El pagament ha estat rebutjat.", False), ("pt-BR", "O Pix foi solicitado e aguarda a sua aprovação.", False),
])
def test_the_passive_perfect_of_an_effects_noun_is_a_claim_with_any_participle(lang, draft, kept):
    assert held(CLAIM, bank(lang, draft)) is kept


@pytest.mark.parametrize("draft,kept", [
    ("We've launched your payment to Pedro.", True), ("I initiated the transfer a minute ago.", True),
    ("Transfer received, thank you.", True),
    ("I checked the payment you asked about.", False), ("Would you like me to start the transfer?", False),
])
def test_the_first_persons_effect_verb_before_an_effects_noun_is_a_claim(draft, kept):
    assert held(CLAIM, bank("en", draft)) is kept


def test_money_said_to_be_in_an_account_after_a_scheduled_pix_is_held():
    scheduled = dict(outputs=(scheduled_receipt(),), effects=("send_pix",))
    assert held(CLAIM, bank("es", "El dinero ya está en la cuenta de Pedro.", **scheduled))
    assert held(CLAIM, bank("pt-BR", "O valor já está na conta da Maria.", **scheduled))
    assert not held(CLAIM, bank("es", "El dinero ya está en la cuenta de Pedro.", outputs=(receipt("Maria Souza"),),
                                effects=("send_pix",)))


@pytest.mark.parametrize("lang,draft,kept", [
    ("es", "Reenviame el código que te llegó por SMS.", True), ("pt-BR", "Repassa pra mim o código que chegou.", True),
    ("en", "Resend me the verification code, please.", True),
    ("es", "Te reenviamos el código por SMS.", False),
])
def test_a_request_verb_with_its_re_prefix_asks_again(lang, draft, kept):
    assert held(REQUEST, bank(lang, draft)) is kept


@pytest.mark.parametrize("lang,draft,kept", [
    ("ca", "Et trec la quota d'aquest mes.", True), ("es", "Te saco el recargo de este mes.", True),
    ("pt-BR", "Vou tirar a tarifa dessa vez.", True), ("en", "I'll drop the late fee for you.", True),
    ("en", "The fee can't be removed.", False), ("es", "No podemos quitar la comisión.", False),
])
def test_a_fee_taken_away_is_a_discount(lang, draft, kept):
    assert held(POLICY, bank(lang, draft)) is kept


def test_a_bare_number_inside_a_key_is_no_amount_but_a_marked_one_is():
    said = ("manda 50 pra chave 21 99876-5432",)
    assert not held(AMOUNT, bank("pt-BR", "Confirma a chave Pix 21 99876-5432?", said=said))
    assert held(AMOUNT, bank("pt-BR", "Confirma o Pix de R$ 21 pra chave 21 99876-5432?", said=said))


def test_a_price_after_a_claim_naming_no_kind_is_what_it_costs():
    school = dict(outputs=(booking(),), effects=("create_booking",), kind="school", currency="EUR")
    assert not held(CLAIM, Example("en", "It's on its way and costs €90.", **school))
    assert not held(CLAIM, Example("en", "It is on the way for €90.", **school))
    assert held(CLAIM, Example("en", "Great, the €90 is on its way.", **school))
    assert not held(CLAIM, Example("en", "The price is €90 and I have confirmed the booking.", **school))


def request_held(lang: Lang, draft: str, tools: tuple = ()) -> bool:
    available = tuple(AvailableTool(name, arguments) for name, arguments in tools)
    return not registered()[REQUEST](make(draft, lang=lang, tools_available=available), deadline()).passed


TRANSFER_TOOL = ("transfer_money", ("account_type", "amount", "recipient_account_name"))
SEARCH_TOOL = ("find_provider", ("city", "offers_cosmetic_services"))


@pytest.mark.parametrize("lang,draft", [
    ("en", "Please confirm your banking details: Transfer $950 from the checking account to Pranav."),
    ("en", "Could you verify your bank details: savings account, $120 to Anya?"),
    ("pt-BR", "Confirme seu endereço: Rua Augusta 1500, apto 12?"),
    ("es", "Confirmame tu dirección: Calle Mayor 12, 3º B."),
])
def test_a_checking_verb_before_values_the_draft_states_asks_for_none(lang, draft):
    assert not request_held(lang, draft, (TRANSFER_TOOL,))


@pytest.mark.parametrize("lang,draft", [
    ("en", "Please send your banking details so the refund can go out."),  # bare "banking details": an account's
    ("en", "Please confirm your banking details."),                        # nothing stated: a request
    ("en", "Please confirm your online banking details: user 1234 and password."),  # an online bank's: a login
    ("en", "Please confirm your card number: 4111 1111 1111 1111."),        # a secret, stated or not
    ("pt-BR", "Me confirma sua senha: 1234?"),
    ("ca", "Confirma'm la teva adreça, si us plau."),
])
def test_data_asked_or_a_secret_to_check_stays_held(lang, draft):
    assert request_held(lang, draft, (TRANSFER_TOOL,))


@pytest.mark.parametrize("lang,draft", [
    ("en", "Give me your zip code or the city you are searching in."),
    ("pt-BR", "Qual é o seu CEP ou a sua cidade?"),
    ("es", "¿Me dices tu código postal?"),
    ("ca", "Em dius el teu codi postal?"),
])
def test_a_postal_code_is_asked_for_a_search_by_city(lang, draft):
    assert not request_held(lang, draft, (SEARCH_TOOL,))
    assert request_held(lang, draft, (TRANSFER_TOOL,))  # no tool of the turn takes a place
