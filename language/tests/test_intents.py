import pytest

from language.intents import (
    asks_about_limit,
    asks_for_named_person,
    asks_for_person,
    asks_to_cancel,
    asks_to_change_limit,
    calls_off_by_name,
    disputes_payment,
    reports_problem,
    says_not_coming,
)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "quero um atendente"), ("pt-BR", "atendente, por favor"), ("es", "necesito un asesor"),
    ("es", "quiero hablar con alguien"), ("ca", "vull un humà"), ("ca", "vull parlar amb una persona"),
    ("en", "I need a human"), ("en", "human please"),
    ("pt-BR", "tem como falar com gente de verdade"), ("es", "quiero gente real"),
    ("pt-BR", "preciso de um humano urgente"),  # "preciso": "I need", not the adjective
])
def test_a_person_is_asked_for_by_role_or_by_talking(lang, text):
    assert asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "quero mandar 50 pra alguém"),  # a Pix to somebody
    ("pt-BR", "manda 50 pro gerente"), ("en", "send 20 to the manager"),
    ("es", "quiero reservar para 2 personas"), ("ca", "som 2 persones"), ("es", "2 personas"),  # a party
    ("es", "necesito ayuda con un pix"),
    ("pt-BR", "pode falar pra gente qual o saldo?"),  # "a gente": we
])
def test_someone_named_in_a_request_is_no_person_asked_for(lang, text):
    assert not asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "tem como um humano me atender?"), ("es", "hay alguna persona que me pueda ayudar?"),
    ("en", "can someone call me?"),  # the person wanted comes before the verb
    ("pt-BR", "tem algum atendente disponivel?"), ("ca", "hi ha algú de carn i ossos?"), ("en", "is there a human there?"),
    ("pt-BR", "não quero falar com robô"), ("es", "no quiero hablar con una máquina"),  # a bot refused
    ("pt-BR", "quero ser atendido por uma pessoa"), ("es", "quiero atención personalizada"),
])
def test_a_person_is_asked_for_as_someone_who_serves_or_is_there(lang, text):
    assert asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "tem vaga pra 2 pessoas amanhã?"), ("es", "¿tienen plazas para 2 personas?"),
    ("en", "is there room for 2 people?"), ("ca", "hi ha places per a 2 persones?"),  # places for a party
    ("pt-BR", "me ajuda a mandar um pix"), ("en", "can you help me book skiing?"), ("es", "no me llegó el código"),
])
def test_places_for_people_and_help_with_a_request_are_no_person_asked_for(lang, text):
    assert not asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("ca", "cancel·la-ho"), ("ca", "podeu anul·lar la reserva?"), ("es", "anúlala"), ("pt-BR", "desmarca a reserva"),
    ("en", "it can be cancelled"),
])
def test_any_form_of_a_cancelling_verb_cancels(lang, text):
    assert asks_to_cancel(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "roubaram meu celular"), ("es", "me robaron el celular"), ("ca", "m'han robat el mòbil"),
    ("en", "my phone was stolen"),  # stolen
    ("pt-BR", "meu celular veio com defeito"), ("es", "el celu que compre vino fallado"), ("ca", "s'ha trencat"),
    ("en", "my phone broke after 2 days"), ("en", "it stopped working"), ("es", "no anda"),  # broken
    ("es", "quiero devolver el cargador"), ("en", "i want to return my charger"), ("ca", "vull tornar el mòbil"),
    ("pt-BR", "quero reembolso"),  # a return or a refund
    ("es", "me llegó con la pantalla rota"), ("pt-BR", "a tela veio quebrada"),  # read in the masculine too
])
def test_something_stolen_broken_or_to_return_is_a_problem_for_a_person(lang, text):
    assert reports_problem(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "manda 50 pro Pedro"), ("pt-BR", "devolve 20 pra Ana"), ("es", "devolvele la plata a Pedro por pix"),
    ("ca", "ja he pagat i em tornen a cobrar"), ("en", "book ski for 2"), ("es", "tienen fundas?"),
    ("es", "quiero una funda roja"), ("pt-BR", "tem capa preta?"),
])
def test_a_request_or_paying_back_is_no_problem_reported(lang, text):
    assert not reports_problem(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "nao reconheco essa cobranca"), ("es", "no reconozco este cobro"), ("en", "i dont recognise this charge"),
    ("ca", "no reconec aquest càrrec"),
])
def test_a_charge_not_recognised_is_a_payment_to_look_at(lang, text):
    assert disputes_payment(text, lang)


@pytest.mark.parametrize("lang,text", [("ca", "vull parlar amb un gestor"), ("es", "quiero hablar con mi gestora")])
def test_an_account_manager_is_a_person(lang, text):
    assert asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "meu pagamento saiu em dobro"), ("es", "la transferencia salió duplicada"),
    ("ca", "el pagament m'ha sortit doble"), ("en", "the payment went through twice"),
    ("ca", "me l'heu cobrat dos cops"),
    ("pt-BR", "transferi pra ela ontem e não chegou"), ("en", "i sent it to him and he never received it"),
])
def test_a_payment_duplicated_or_sent_and_missing_is_a_payment_to_look_at(lang, text):
    assert disputes_payment(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "manda 20 pro Pedro"), ("en", "send 30 to Ana tomorrow"), ("es", "quiero pagar la factura doble de luz"),
])
def test_a_request_to_send_is_no_dispute(lang, text):
    assert not disputes_payment(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("es", "pagué la reserva pero me sigue saliendo como pendiente"), ("pt-BR", "paguei mas continua pendente"),
    ("ca", "he pagat i surt pendent"), ("en", "I paid but it still says pending"),
])
def test_a_payment_still_shown_as_open_is_a_payment_to_look_at(lang, text):
    assert disputes_payment(text, lang)


@pytest.mark.parametrize("lang,text", [("es", "cuanto tengo pendiente de pagar"), ("en", "what is pending to pay")])
def test_something_left_to_pay_is_no_dispute(lang, text):
    assert not disputes_payment(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "dá pra aumentar o meu limite?"), ("es", "necesito que me suban el límite"),
    ("ca", "voldria augmentar el límit nocturn"), ("en", "please increase my pix limit"),
])
def test_a_limit_to_change_is_read_by_lemma(lang, text):
    assert asks_to_change_limit(text, lang)


@pytest.mark.parametrize("lang,text", [("ca", "vull pujar el limit de nit"), ("es", "quiero subir el limite")])
def test_a_limit_typed_without_its_accent_is_the_limit(lang, text):
    # Catalan "limit" unaccented is a form of "limitar" to the dictionary: the word as typed names the limit too
    assert asks_to_change_limit(text, lang)


@pytest.mark.parametrize("lang,text", [("pt-BR", "qual é o meu limite?"), ("en", "what is my limit"),
                                       ("es", "manda 50 a Ana")])
def test_a_limit_asked_about_is_no_change(lang, text):
    assert not asks_to_change_limit(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("ca", "volia saber si podria reservar raquetes per dema passat a la tarda per 2 persones gracies"),
    ("es", "quiero pasar a reservar pasado mañana para dos personas"),
    # a price per head, whichever language's verbs read it ("tenen" is Spanish "tener" too: "is there a person?")
    ("ca", "ei, i l'escalada quin preu tenen per persona?"), ("es", "¿tienen precio por persona?"),
    ("pt-BR", "vcs tem valor por pessoa?"), ("en", "is there a price per person?"),
])
def test_people_counted_or_the_day_after_tomorrow_are_no_person_asked_for(lang, text):
    assert not asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text", [("pt-BR", "perdi meu celular, bloqueia minha conta"), ("es", "perdí mi tarjeta"),
                                       ("en", "i lost my phone"), ("ca", "bloquegeu el compte")])
def test_a_phone_card_or_account_lost_or_to_block_is_a_problem(lang, text):
    assert reports_problem(text, lang)


@pytest.mark.parametrize("lang,text", [("pt-BR", "perdi o prazo do boleto"), ("en", "i lost track of my pix"),
                                       ("es", "no quiero perder tiempo")])
def test_losing_something_else_is_no_problem(lang, text):
    assert not reports_problem(text, lang)


@pytest.mark.parametrize("lang,text", [("pt-BR", "qual o meu limite de pix a noite?"), ("es", "cual es mi limite de noche"),
                                       ("en", "whats my night limit")])
def test_a_limit_asked_about_is_read_by_lemma(lang, text):
    assert asks_about_limit(text, lang) and not asks_to_change_limit(text, lang)


def test_a_limit_to_change_is_not_only_asked_about():
    assert not asks_about_limit("quero aumentar meu limite do pix", "pt-BR")


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "me liga por favor"), ("es", "llámame porfa"), ("en", "call me please"),  # a call only a person makes
    ("pt-BR", "preciso de ajuda de uma pessoa"), ("en", "i need help from a human"),
    ("pt-BR", "cadê o atendente?"), ("en", "where is the agent"),
    ("es", "quiero poner un reclamo"), ("en", "i want to file a complaint"),  # a complaint is a person's to hear
])
def test_a_person_asked_for_by_a_call_help_or_a_complaint(lang, text):
    assert asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text", [("pt-BR", "preciso de ajuda para mandar um pix pra uma pessoa"),
                                       ("en", "help me send money to someone")])
def test_help_with_a_pix_to_somebody_is_no_person(lang, text):
    assert not asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "paguei duas vezes"), ("es", "pagué dos veces"), ("en", "i paid twice"),  # paid, in the past, twice
    ("pt-BR", "caiu duas vezes na minha fatura"), ("pt-BR", "o pix foi debitado 2x"), ("en", "you charged me 2x"),
    ("es", "me hicieron un cargo que no hice"), ("en", "there's a charge i didnt make"),  # a charge not made
    ("pt-BR", "quero reclamar de uma cobrança"),
])
def test_more_disputes_by_lemma(lang, text):
    assert disputes_payment(text, lang)


@pytest.mark.parametrize("lang,text", [("pt-BR", "manda duas vezes 50 pro pedro"), ("pt-BR", "transfere de novo pro pedro"),
                                       ("en", "send it twice"), ("es", "no hice nada")])
def test_sending_again_or_a_plain_no_is_no_dispute(lang, text):
    assert not disputes_payment(text, lang)


@pytest.mark.parametrize("lang,text", [("pt-BR", "desfaz o agendamento"), ("es", "deshaz la transferencia"),
                                       ("en", "delete the scheduled one"), ("ca", "esborra la reserva"),
                                       ("es", "bórrala porfa"), ("es", "elimina la reserva"), ("pt-BR", "apaga o agendamento"),
                                       ("en", "remove my booking")])
def test_undoing_or_deleting_is_cancelling(lang, text):
    assert asks_to_cancel(text, lang)


def test_a_pix_that_did_not_reach_the_person_is_a_dispute():
    assert disputes_payment("hice un pix a ana y no le llegó", "es")


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "quero falar com o banco"), ("en", "i want to talk to the bank"),  # the organisation's people
    ("pt-BR", "vc nao entende nada"), ("es", "no entiendes nada"),  # the bot not understanding
    ("pt-BR", "quero atendimento"), ("en", "support please"), ("en", "is anyone there"),
])
def test_the_organisation_service_or_someone_there_is_a_person(lang, text):
    assert asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text", [("pt-BR", "manda 50 pro banco"), ("pt-BR", "não entendi"),
                                       ("en", "send money to my account at another bank")])
def test_paying_a_bank_or_not_understanding_oneself_is_no_person(lang, text):
    assert not asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "tem um débito estranho na minha conta"), ("es", "tengo un cargo desconocido"),
    ("en", "there's a weird charge on my account"), ("pt-BR", "sumiu dinheiro da minha conta"),
    ("en", "money is missing from my account"), ("es", "me sacaron plata de la cuenta"),
])
def test_a_strange_charge_or_money_gone_is_a_dispute(lang, text):
    assert disputes_payment(text, lang)


@pytest.mark.parametrize("lang,text", [("es", "saca 50 de la cuenta y mandale a ana"), ("es", "me falta dinero para pagar")])
def test_moving_or_lacking_money_is_no_dispute(lang, text):
    assert not disputes_payment(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("es", "me cobraron el celu pero nunca me llego"), ("pt-BR", "me cobraram e o pedido não chegou"),
    ("en", "you charged me and it never arrived"),
])
def test_a_charge_made_for_something_missing_is_a_payment_to_look_at(lang, text):
    assert disputes_payment(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("es", "¿me cobran si no llego a tiempo?"), ("pt-BR", "vocês cobram se eu não chegar?"),
])
def test_a_charge_asked_about_is_no_dispute(lang, text):
    assert not disputes_payment(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("es", "pague con transferencia y no me figura el pedido"), ("es", "la funda que compre se rompio"),
])
def test_a_payment_not_shown_or_a_thing_broken_typed_without_accents_is_read(lang, text):
    assert disputes_payment(text, lang) or reports_problem(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("es", "quiero hablar con el profe de escalada"), ("en", "i'd like to speak with an instructor"),
    ("pt-BR", "posso falar com o professor?"),
])
def test_talking_to_a_teacher_is_a_person_asked_for(lang, text):
    assert asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text", [("es", "quiero una clase de esqui con un buen instructor"),
                                       ("en", "i want a lesson with a teacher who speaks english")])
def test_wanting_a_class_with_a_teacher_is_no_person_asked_for(lang, text):
    assert not asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("es", "quiero hacer un reclamo, el celu vino sin cargador"), ("en", "i want to file a complaint"),
    ("pt-BR", "quero fazer uma reclamação"), ("ca", "vull posar una queixa"),
])
def test_a_complaint_is_for_a_person(lang, text):
    assert reports_problem(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "fiz um pix errado pra pessoa errada, como faço pra estornar?"),
    ("es", "quiero un reembolso del pix que mandé mal"), ("en", "i need a refund for that transfer of 50"),
    ("ca", "vull el reemborsament del pix de 30"),
])
def test_undoing_a_payment_made_is_a_problem_whatever_money_is_named(lang, text):
    assert reports_problem(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("ca", "no vindrem, treu la reserva"), ("ca", "ja no hi anirem"), ("es", "ya no vamos, quítala"),
    ("es", "no vamos a poder ir"), ("pt-BR", "não vamos mais, pode cancelar"), ("pt-BR", "não vou poder ir"),
    ("en", "we wont be coming anymore sorry"), ("en", "we can't make it"), ("en", "i won't be able to come"),
])
def test_the_customer_not_coming_any_more_calls_it_off(lang, text):
    assert says_not_coming(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("es", "no vamos a pagar"), ("en", "we are not going to pay"),  # "ir a" and another verb
    ("es", "uno no puede venir"), ("ca", "la meva germana no pot venir"),  # one person less, not all
    ("ca", "a les 9 no podem venir"), ("es", "no puedo ir a las 9, pero a las 3 si"),  # another time
    ("es", "no venimos todos"), ("es", "no se si vamos"),
])
def test_one_less_another_time_or_another_verb_is_not_calling_it_off(lang, text):
    assert not says_not_coming(text, lang)


@pytest.mark.parametrize("lang,text", [("ca", "bones, em podeu trucar?"), ("es", "me puedes llamar?"),
                                       ("pt-BR", "você pode me ligar?"), ("es", "me podrían llamar mañana"),
                                       ("ca", "ens podeu trucar per parlar de la reserva?"), ("es", "nos pueden llamar?")])
def test_a_call_asked_with_a_modal_between_is_a_person(lang, text):
    assert asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text", [("ca", "puc trucar demà?"), ("es", "te llamo luego")])
def test_the_customer_calling_is_no_call_asked_for(lang, text):
    assert not asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("es", "ya no hace falta la reserva, gracias"), ("ca", "ja no cal la reserva"), ("pt-BR", "não precisa mais da reserva"),
    ("en", "we dont need the booking anymore"), ("en", "forget the booking, we changed plans"),
    ("es", "olvida la reserva"), ("pt-BR", "esquece a reserva"),
])
def test_a_booking_named_forgotten_or_no_longer_needed_is_called_off(lang, text):
    assert calls_off_by_name(text, lang)


@pytest.mark.parametrize("lang,text", [("es", "necesito una reserva"), ("es", "no olvides la reserva"),
                                       ("en", "i need a booking"), ("en", "forget it, i'll call later")])
def test_needing_or_keeping_a_booking_is_not_calling_it_off(lang, text):
    assert not calls_off_by_name(text, lang)


@pytest.mark.parametrize("lang,text", [("ca", "puc parlar amb en Jordi?"), ("es", "quiero hablar con Pau Serra"),
                                       ("en", "can I talk to Marta?"), ("ca", "vull parlar amb la Marta")])
def test_someone_of_theirs_asked_for_by_name_is_a_person(lang, text):
    assert asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text", [("ca", "vull parlar amb la meva dona primer"), ("es", "hablo con mi mujer y te digo"),
                                       ("es", "Quiero hablar con Mi esposa"), ("en", "I need to talk to my wife")])
def test_talking_with_ones_own_family_is_no_person_asked_for(lang, text):
    assert not asks_for_person(text, lang)


def test_scrapping_is_cancelling():
    assert asks_to_cancel("please scrap that booking", "en")


@pytest.mark.parametrize("lang,text", [("en", "sorry we need to call it off"), ("en", "call off the class"),
                                       ("es", "dale de baja a la reserva"), ("ca", "la podeu donar de baixa?")])
def test_a_cancelling_verb_of_two_words_cancels(lang, text):
    assert asks_to_cancel(text, lang)


@pytest.mark.parametrize("lang,text", [("en", "call me at 9"), ("es", "dame el precio")])
def test_the_verb_alone_does_not_cancel(lang, text):
    assert not asks_to_cancel(text, lang)


@pytest.mark.parametrize("lang,text,angry", [
    ("ca", "estic molt enfadat, vam reservar i l'instructor no s'ha presentat", True),
    ("en", "this is unacceptable", True), ("es", "estoy muy enojado con la tienda", True),
    ("es", "perdón que te molesto, una pregunta", False),
])
def test_anger_said_is_a_person_asked_for(lang, text, angry):
    assert asks_for_person(text, lang) is angry


@pytest.mark.parametrize("lang,text", [("pt-BR", "meu celular que comprei ai parou de carregar"),
                                       ("es", "el cargador dejó de cargar"), ("ca", "el mòbil ha deixat de carregar"),
                                       ("en", "my phone stopped charging")])
def test_a_device_that_stopped_doing_its_job_is_a_problem(lang, text):
    assert reports_problem(text, lang)


@pytest.mark.parametrize("lang,text", [("en", "is there an actual human i can talk to"),
                                       ("es", "hay algun encargado con quien pueda hablar?")])
def test_a_person_wanted_with_the_talking_said_after(lang, text):
    assert asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text,disputed", [
    ("pt-BR", "cobraram uma tarifa q eu nao conheço", True), ("es", "tengo un cargo que no conozco", True),
    ("en", "theres a payment i never made on my account", True),
    ("en", "there's a pix on my statement i never made", True),  # "pix" as typed, not the lemma "pic"
    ("en", "i never made a pix before, how do i send one", False),
    ("en", "i didn't make the payment yet", False), ("pt-BR", "nao fiz o pix ainda", False),
    ("es", "alguien me puede explicar por que me cobraron esto??", True),  # a charge questioned
    ("ca", "no em surt el pix que vaig enviar a la maria", True),  # a Pix sent and not showing
])
def test_a_charge_not_known_or_a_payment_never_made_is_disputed(lang, text, disputed):
    assert disputes_payment(text, lang) is disputed


@pytest.mark.parametrize("lang,text,changes", [
    ("pt-BR", "o pix q eu agendei pra ana pode mudar pra 90?", True),
    ("es", "el pago de pedro lo podes cambiar a 50?", True),
    ("es", "el pix que le programe a maria lo podes cambiar a 40?", True),
    ("pt-BR", "manda um pix pra ana e quero mudar de banco", False),  # a new Pix, named with "um"
])
def test_a_request_named_before_the_verb_of_changing_is_changed(lang, text, changes):
    from language.intents import asks_to_change_request

    assert asks_to_change_request(text, lang) is changes


STAFF = ("Pau Serra", "Marta Vila", "Jordi Puig")


@pytest.mark.parametrize("lang,text", [("es", "quiero hablar con pau serra"), ("es", "puedo hablar con jordi?"),
                                       ("ca", "vull parlar amb el pau"), ("ca", "puc parlar amb la mrata?"),
                                       ("pt-BR", "posso falar com a marta?"), ("en", "can i speak with pau please"),
                                       ("pt-BR", "quero falar com pau")])  # a Catalan name, a Brazilian chat
def test_one_of_their_people_asked_for_in_lower_case_is_a_person(lang, text):
    assert asks_for_named_person(text, lang, STAFF)


@pytest.mark.parametrize("lang,text,names", [("ca", "parlem de pau", STAFF),  # what they talk about, not whom
                                             ("es", "quiero esquí con pau", STAFF),  # no talking
                                             ("pt-BR", "quero falar com a ana", STAFF),  # nobody of theirs
                                             ("es", "quiero hablar con marte", STAFF),  # a letter replaced: another
                                             ("es", "quiero hablar con pau serra", ())])  # no people given
def test_a_name_that_is_none_of_their_people_asked_for_is_not(lang, text, names):
    assert not asks_for_named_person(text, lang, names)
