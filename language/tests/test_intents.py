import pytest

from language.intents import asks_for_person, asks_to_cancel


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "quero um atendente"), ("pt-BR", "atendente, por favor"), ("es", "necesito un asesor"),
    ("es", "quiero hablar con alguien"), ("ca", "vull un humà"), ("ca", "vull parlar amb una persona"),
    ("en", "I need a human"), ("en", "human please"),
])
def test_a_person_is_asked_for_by_role_or_by_talking(lang, text):
    assert asks_for_person(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "quero mandar 50 pra alguém"),  # a Pix to somebody
    ("pt-BR", "manda 50 pro gerente"), ("en", "send 20 to the manager"),
    ("es", "quiero reservar para 2 personas"), ("ca", "som 2 persones"), ("es", "2 personas"),  # a party
    ("es", "necesito ayuda con un pix"),
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
