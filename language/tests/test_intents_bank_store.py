"""Intents read in bank and store wordings written before their fixes (issue 30, tuning `tb-*-130`…, `tt-*-170`…)."""

import pytest

from language.detect import detect_language, letters_of
from language.intents import (
    asks_about_limit,
    asks_for_person,
    asks_to_change_limit,
    asks_to_change_request,
    disputes_payment,
    reports_problem,
)
from language.markers import detect_markers
from language.names import name_in_every_dictionary


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "me cobraram um pix que eu nao fiz"), ("es", "me cobraron una transferencia que no hice"),
    ("en", "they charged me for something i didn't do"),
])
def test_a_charge_made_that_the_customer_did_not_make_is_a_dispute(lang, text):
    assert disputes_payment(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "ainda nao fiz o pix, manda 50 pra ana"), ("es", "me cobran si no hago la reserva?"),
])
def test_a_doing_negated_without_a_charge_made_is_no_dispute(lang, text):
    assert not disputes_payment(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("es", "hice un pedido la semana pasada y todavia no me llego"), ("en", "my order never arrived"),
    ("pt-BR", "a encomenda nao chegou"),
])
def test_an_order_said_missing_is_a_purchase_to_look_at(lang, text):
    assert disputes_payment(text, lang)


@pytest.mark.parametrize("lang,text", [("pt-BR", "quero fazer um pedido"), ("en", "i want to order a case")])
def test_an_order_wanted_is_no_dispute(lang, text):
    assert not disputes_payment(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("es", "kiero ablar con un bendedor"), ("es", "quiero ablar con alguien"), ("pt-BR", "quero falar com um bendedor"),
])
def test_a_person_asked_for_in_words_typed_as_they_sound(lang, text):
    assert asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text", [("es", "kiero un iphone"), ("es", "tenes el iphone 14?")])
def test_sound_alike_spellings_find_no_person_where_none_is_asked_for(lang, text):
    assert not asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("en", "how much can i send at night"), ("pt-BR", "quanto posso mandar de noite?"),
    ("es", "cuanto puedo transferir a la noche"), ("ca", "quant puc enviar a la nit"),
])
def test_how_much_may_be_sent_at_night_asks_the_night_limit(lang, text):
    assert asks_about_limit(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("en", "how much can i send after 8pm?"), ("pt-BR", "qto eu consigo mandar de pix depois das 20h?"),
    ("es", "cuanto puedo transferir despues de las 22h"), ("ca", "quant puc enviar a partir de les 10 del vespre"),
    ("pt-BR", "ate quanto da pra mandar de madrugada?"),  # being able said impersonally
    ("en", "whats the most i can pix tonight"),  # the most, not how much
])
def test_how_much_may_be_sent_after_a_night_hour_asks_the_night_limit(lang, text):
    assert asks_about_limit(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("en", "how much can i send at 3pm"),  # a daytime hour: no night limit
    ("pt-BR", "quanto posso mandar as 21h pro pedro? 500?"),  # an amount beside the hour
])
def test_a_daytime_hour_or_an_amount_beside_the_hour_asks_no_night_limit(lang, text):
    assert not asks_about_limit(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "manda 50 pra ana hoje a noite"), ("pt-BR", "quanto eu mandei ontem a noite"),
])
def test_a_night_payment_or_a_night_statement_is_no_limit_asked(lang, text):
    assert not asks_about_limit(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "muda esse pix agendado pra 75"), ("es", "cambia el pix programado a 75"),
    ("en", "change the scheduled pix to 75"), ("ca", "canvia la data de la reserva"),
])
def test_a_request_made_changed_in_words_is_a_correction(lang, text):
    assert asks_to_change_request(text, lang)
    assert "correction" in detect_markers(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "quero mudar meu limite"), ("es", "quiero cambiar el celular"), ("en", "change of plans, send 20 to ana"),
])
def test_changing_a_limit_or_a_phone_is_no_change_of_a_request(lang, text):
    assert not asks_to_change_request(text, lang)


@pytest.mark.parametrize("word", ["maria", "ana"])
def test_a_name_in_every_dictionary_that_knows_it_is_a_name(word):
    assert name_in_every_dictionary(word, ("pt-BR", "es", "ca", "en"))


@pytest.mark.parametrize("word", ["casa", "rosa", "santos", "conta"])
def test_a_word_some_dictionary_has_as_a_noun_is_no_name(word):
    assert not name_in_every_dictionary(word, ("pt-BR", "es", "ca", "en"))


def test_a_pix_to_a_lower_case_maria_after_a_is_spanish_grammar():
    assert detect_language("pix a maria", ("pt-BR", "es", "en"), "pt-BR", first=True) == "es"


@pytest.mark.parametrize("lang,text", [
    ("es", "la pantalla del celu q me vendieron vino rayada"), ("pt-BR", "meu celular veio com a tela trincada"),
    ("en", "it arrived scratched"), ("pt-BR", "a capinha veio rasgada"), ("es", "la funda vino rasgada"),
    ("en", "the case arrived torn"),
])
def test_a_thing_that_came_scratched_or_cracked_is_a_problem(lang, text):
    assert reports_problem(text, lang)


@pytest.mark.parametrize("lang,text", [("pt-BR", "na real é pra maria"), ("pt-BR", "pensando bem, manda 40")])
def test_portuguese_slang_for_actually_is_a_correction(lang, text):
    assert "correction" in detect_markers(text, lang)


def test_a_limit_said_before_the_verb_of_raising_it_is_a_change():
    assert asks_to_change_limit("meu limite noturno ta muito baixo, quero aumentar", "pt-BR")
    assert not asks_to_change_limit("qual o meu limite? quero mandar 50", "pt-BR")


@pytest.mark.parametrize("lang,text", [
    ("en", "my pix to ana didnt go through but the money left my account"),
    ("ca", "m'han cobrat una cosa que no he comprat"),
])
def test_a_pix_not_gone_through_or_a_charge_for_nothing_bought_is_a_dispute(lang, text):
    assert disputes_payment(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("es", "compre una funda y me llego la de otro modelo"), ("en", "i got the wrong charger"),
    ("es", "no me anda el cargador que compre la semana pasada"),
])
def test_a_wrong_item_received_or_a_thing_not_working_for_me_is_a_problem(lang, text):
    assert reports_problem(text, lang)


@pytest.mark.parametrize("lang,text", [("es", "tienen otro modelo de funda?"), ("es", "quiero comprar otro modelo")])
def test_another_model_asked_for_is_no_problem(lang, text):
    assert not reports_problem(text, lang)


def test_wait_at_the_start_of_an_english_message_corrects():
    assert "correction" in detect_markers("no wait its for pedro", "en")


def test_a_fake_thing_sold_is_a_problem_and_a_question_about_fakes_is_not():
    assert reports_problem("me vendieron un cargador trucho", "es")
    assert not reports_problem("tienen cargadores originales o truchos?", "es")


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "quero contestar uma cobrança"), ("en", "i'd like to dispute a transaction"),
    ("ca", "no m'ha arribat la transferència que vaig fer a la maria"),
])
def test_a_payment_disputed_or_a_transfer_not_arrived_is_a_dispute(lang, text):
    assert disputes_payment(text, lang)


def test_spanish_contestar_is_answering_no_dispute():
    assert not disputes_payment("no me contestan", "es")


@pytest.mark.parametrize("lang,text,problem", [
    ("es", "me llego el celular con la caja abierta y sin cargador", True),
    ("es", "me llego sin problemas, gracias", False), ("es", "compre un celular usado", False),
    ("es", "ayer compre una funda, estan abiertos hoy?", False),
])
def test_a_thing_that_came_opened_or_without_a_part_is_a_problem(lang, text, problem):
    assert reports_problem(text, lang) is problem


def test_an_order_that_came_incomplete_is_a_problem():
    assert reports_problem("mi pedido vino incompleto", "es")


def test_a_pasted_pix_code_has_no_words_of_a_language():
    code = ("00020126360014br.gov.bcb.pix0114+55119876500005204000053039865802BR5917MERCADO BOM PRECO6009SAO PAULO"
            "62070503***63043735")
    assert letters_of(f"pagá este código por favor {code} obrigado") == "pagá este código por favor obrigado"


@pytest.mark.parametrize("lang,text", [
    ("en", "someone used my account without permission"), ("es", "hackearon mi cuenta"),
])
def test_an_account_used_without_permission_is_a_dispute(lang, text):
    assert disputes_payment(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("es", "el cable que compré vino cortado"), ("en", "i bought a case last week and it's already falling apart"),
])
def test_a_cut_cable_or_a_case_falling_apart_is_a_problem(lang, text):
    assert reports_problem(text, lang)


def test_an_order_not_arrived_in_portuguese_and_a_dead_pixel():
    assert disputes_payment("meu pedido ainda nao chegou", "pt-BR")
    assert reports_problem("the phone i bought has a dead pixel", "en")


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "to com um problema, paguei um boleto e nao foi compensado"),
    ("en", "i paid maria yesterday but she says she didnt get it"),
])
def test_a_payment_not_cleared_or_not_got_is_a_dispute(lang, text):
    assert disputes_payment(text, lang)


@pytest.mark.parametrize("lang,text,problem", [
    ("es", "la bateria del celu que me vendieron dura re poco", True), ("es", "cuanto dura la bateria?", False),
])
def test_a_battery_that_lasts_little_is_a_problem(lang, text, problem):
    assert reports_problem(text, lang) is problem


@pytest.mark.parametrize("lang,text,correction", [
    ("es", "no espera, a maria", True), ("pt-BR", "pera, muda pra amanha", True), ("es", "espera un momento", False),
])
def test_wait_opening_a_message_corrects_unless_it_asks_for_a_moment(lang, text, correction):
    assert ("correction" in detect_markers(text, lang)) is correction


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "o celular q comprei com vcs esquenta muito"), ("en", "my phone overheats"),
    ("es", "el celu se calienta mucho"), ("ca", "el mòbil s'escalfa molt"),
])
def test_a_phone_that_overheats_is_a_problem(lang, text):
    assert reports_problem(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "consegue adiar esse pix pra daqui 3 dias?"), ("es", "posterga el pix programado al viernes"),
    ("en", "can you reschedule the payment to friday"), ("ca", "ajorna el pix a dilluns"),
])
def test_a_request_made_moved_in_time_is_a_correction(lang, text):
    assert asks_to_change_request(text, lang)


def test_a_new_pix_passed_on_is_no_change_of_a_request():
    assert not asks_to_change_request("passa um pix de 20 pra ana", "pt-BR")


@pytest.mark.parametrize("lang,text", [("pt-BR", "ate qnto posso transferir de noite"),
                                       ("es", "cto puedo mandar a la noche")])
def test_how_much_abbreviated_may_be_sent_at_night_asks_the_night_limit(lang, text):
    assert asks_about_limit(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "recebi uma cobranca que nao e minha"), ("es", "tengo un cargo que no es mio"),
    ("en", "there is a payment that isn't mine"),
])
def test_a_charge_that_is_not_the_customers_is_a_dispute(lang, text):
    assert disputes_payment(text, lang)


@pytest.mark.parametrize("lang,text", [("pt-BR", "quero resolver isso com uma pessoa"),
                                       ("en", "i need to sort this out with a human")])
def test_sorting_a_matter_out_with_a_person_asks_for_one(lang, text):
    assert asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text,moved", [
    ("es", "podes pasarlo para pasado mañana?", True), ("pt-BR", "joga esse pix pra depois de amanha", True),
    ("pt-BR", "passa um pix pra ana de 20", False), ("es", "pasale 20 a ana", False),
])
def test_a_request_passed_to_another_day_by_its_pronoun_or_name_is_moved(lang, text, moved):
    assert asks_to_change_request(text, lang) is moved


def test_an_interjection_before_a_no_still_opens_a_correction():
    assert "correction" in detect_markers("uy no, a pedro", "es")


@pytest.mark.parametrize("lang,text,disputed", [
    ("en", "i sent money to the wrong person", True), ("pt-BR", "mandei o pix pra conta errada", True),
    ("es", "le transferi a la cuenta equivocada", True), ("en", "send 20 to ana by mistake", False),
    ("pt-BR", "socorro fiz um pix errado", True), ("en", "i accidentally sent 50 to pedro", True),
])
def test_money_sent_to_the_wrong_person_is_a_payment_to_look_at(lang, text, disputed):
    assert disputes_payment(text, lang) is disputed


@pytest.mark.parametrize("lang,text", [("es", "quiero hablar con el dueño"), ("en", "let me speak to the owner"),
                                       ("pt-BR", "quero falar com o supervisor")])
def test_the_owner_or_a_supervisor_asked_for_is_a_person(lang, text):
    assert asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text", [("es", "quiero hablar con mi ejecutivo de cuenta"),
                                       ("ca", "vull parlar amb l'encarregat")])
def test_an_account_executive_or_the_person_in_charge_is_a_person(lang, text):
    assert asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "saiu um pix de 50 da minha conta q eu nao fiz"), ("en", "someone took 80 out of my account and it wasnt me"),
    ("es", "me sacaron 80 de la cuenta y no fui yo"), ("pt-BR", "caiu dois pix iguais na minha conta"),
])
def test_money_gone_out_that_the_customer_did_not_make_is_a_dispute(lang, text):
    assert disputes_payment(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "manda 50 pro pedro q eu nao fiz ainda"), ("en", "i didn't make the payment yet"),
])
def test_a_payment_not_made_yet_is_no_dispute(lang, text):
    assert not disputes_payment(text, lang)
