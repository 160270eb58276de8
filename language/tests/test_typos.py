"""A word one letter off read as the one word it can be, never as one of two, never a word of its own."""

import pytest

from language.typos import restore_real_word_typos, restore_typos


@pytest.mark.parametrize(("typed", "lang", "meant"), [
    ("depois de ammanha", "pt-BR", "depois de amanha"),  # a letter doubled
    ("schedule 30 to Maria for tomororw", "en", "schedule 30 to Maria for tomorrow"),  # two letters swapped
    ("quiero una reseva", "es", "quiero una reserva"),  # a letter dropped
    ("can i talk to a real pesron pls", "en", "can i talk to a real person pls"),
    ("reserva rqauetes dema passat", "ca", "reserva raquetes dema passat"),
    ("sell my ipphone 14", "en", "sell my iphone 14"),  # a brand, from the brands' own list
    ("pode ser um dia depoiis?", "pt-BR", "pode ser um dia depois?"),  # a word of a day that shifts one alone
    ("it's me plus two friensd", "en", "it's me plus two friends"),  # of two forms, the one with its letters
    ("tem iphne 14?", "pt-BR", "tem iphone 14?"),  # five letters, a brand's letter dropped
    ("tienen el ihone 13?", "es", "tienen el iphone 13?"),
    ("reserva raquetas pasado maañna", "es", "reserva raquetas pasado manana"),  # its tilde put back to look it up
])
def test_a_word_one_letter_off_is_restored(typed, lang, meant):
    assert restore_typos(typed, lang) == meant


@pytest.mark.parametrize(("typed", "lang"), [
    ("need a charger for my iphone", "en"),  # "iphone" is no misspelt "phone"
    ("my phone broke", "en"),  # nor "phone" a misspelt "iphone"
    ("sessenta e quatro", "pt-BR"),  # a number word the dictionary lacks is no typo
    ("ostres no anulla la reserva", "ca"),  # "anul·la" without its dot, left as typed
    ("manda 50 pro Pedro amanha", "pt-BR"),  # known words and names are never changed
    ("quiero hablar con pau serra", "es"),
])
def test_no_reading_or_two_readings_leave_the_text_as_typed(typed, lang):
    assert restore_typos(typed, lang) == typed


def test_shorthand_is_said_in_full():
    assert restore_typos("agendá 45 pa maria pa pasado mñn", "es") == "agendá 45 para maria para pasado mañana"
    assert restore_typos("actually we r 3", "en") == "actually we are 3"
    assert restore_typos("q feu a l'hivern?", "ca") == "que feu a l'hivern?"


@pytest.mark.parametrize("lang,typed,meant", [
    ("ca", "reserva esqui dema pssat a les 3", "reserva esqui dema passat a les 3"),
    ("pt-BR", "escalada deposi de amanha as 9", "escalada depois de amanha as 9"),
    ("es", "escalada pasaado mañana a las 9", "escalada pasado mañana a las 9"),
])
def test_a_day_of_several_words_one_edit_off_beside_its_partner_is_that_day(lang, typed, meant):
    assert restore_typos(typed, lang) == meant


@pytest.mark.parametrize("lang,text", [("es", "pasado mañana"), ("es", "pasao manana"), ("ca", "dema a les 9"),
                                       ("ca", "pasat")])
def test_a_day_typed_right_or_a_word_alone_stays(lang, text):
    assert restore_typos(text, lang) == text


@pytest.mark.parametrize(("typed", "lang", "meant"), [
    ("quero falar com um atendenet", "pt-BR", "quero falar com um atendente"),  # a role the dictionary lacks
    ("qual o meu lmiite de pix", "pt-BR", "qual o meu limite de pix"),  # not the dictionary's "miite"
    ("pra depios de amanha", "pt-BR", "pra depois de amanha"),  # not "depos"
    ("para ana denrto de 3 dias", "es", "para ana dentro de 3 dias"),  # not "dento"
    ("ponme con un agnte", "es", "ponme con un agente"),  # five letters, to a word the readers look for
    ("manda 30 pra ana amanã", "pt-BR", "manda 30 pra ana amanha"),  # a Spanish entry ("amana") in Portuguese
])
def test_the_words_the_readers_look_for_come_first(typed, lang, meant):
    assert restore_typos(typed, lang) == meant


def test_the_callers_own_words_come_first_too():
    assert restore_typos("me manda o bleto", "pt-BR") == "me manda o bleto"  # five letters, no reader's word
    assert restore_typos("me manda o bleto", "pt-BR", frozenset({"boleto"})) == "me manda o boleto"


@pytest.mark.parametrize(("typed", "lang", "meant"), [
    ("canclala porfa", "es", "cancelala porfa"),  # "cancelala", not "anclala" nor "chanclala": the readers' lemma
    ("cancel·lao si us plau", "ca", "cancel·la si us plau"),  # a word with its middle dot, whole
    ("súeblo a 25", "es", "subelo a 25"),  # "súbelo" (subir), not the noun "suelo"
])
def test_of_several_candidates_the_one_the_readers_read_by_its_lemma(typed, lang, meant):
    assert restore_typos(typed, lang) == meant


def test_candidates_of_several_lemmas_the_readers_read_are_no_reading():
    # "transfeir": "transferir" and "transfer", two words the readers look for: left as typed
    assert restore_typos("quiero transfeir 30", "es") == "quiero transfeir 30"


@pytest.mark.parametrize(("typed", "lang", "meant"), [
    ("quiero habar con alguien", "es", "quiero hablar con alguien"),  # "habar" is a word of its own
    ("can you put me though to a person", "en", "can you put me through to a person"),
    ("raquetas dento de 3 días", "es", "raquetas dentro de 3 días"),
    ("moring", "en", "morning"),
    ("borala", "es", "borrala"),  # a form of "borrar", a lemma the readers look for
])
def test_a_word_of_its_own_one_letter_short_of_a_word_the_readers_look_for(typed, lang, meant):
    assert restore_real_word_typos(typed, lang) == meant


@pytest.mark.parametrize(("typed", "lang"), [
    ("manda 50 pra ana", "pt-BR"),  # "manda" is no "mandar" short of its last letter
    ("tienen plazas mañana?", "es"),  # no "aplazas": a letter before the first is never put back
    ("quiero cancelar", "es"),  # a word the readers read themselves
    ("voy con Pedro", "es"),  # a name
])
def test_words_of_their_own_the_readers_read_or_other_forms_stay(typed, lang):
    assert restore_real_word_typos(typed, lang) == typed


def test_the_callers_names_of_things_stay():
    assert restore_real_word_typos("reserva escalada", "ca", keep=frozenset({"escalada"})) == "reserva escalada"



def test_a_long_word_two_slips_off_one_word_the_readers_look_for_is_that_word():
    # "trasnferenciaa": two letters swapped and one doubled
    assert restore_typos("manda uma trasnferenciaa de 30", "pt-BR") == "manda uma transferencia de 30"


def test_a_short_word_two_slips_off_stays_as_typed():
    assert restore_typos("can i talk to a real pesrno pls", "en") == "can i talk to a real pesrno pls"


@pytest.mark.parametrize(("typed", "lang", "meant"), [
    ("mi iphone trece de cineto veintiocho gigas", "es", "mi iphone trece de ciento veintiocho gigas"),  # not "cinto"
    ("veintiocoh gigas", "es", "veintiocho gigas"),  # a number word the dictionary lacks
    ("manda sessnta reais", "pt-BR", "manda sessenta reais"),
    ("som cinqunta", "ca", "som cinquanta"),
    ("twnety bucks", "en", "twenty bucks"),
])
def test_a_number_word_one_letter_off_is_that_number(typed, lang, meant):
    assert restore_typos(typed, lang) == meant


CODE = ("00020126460014br.gov.bcb.pix0124contas@energiasul.com.br5204000053039865406187.455802BR5925ENERGIA SUL "
        "DISTRIBUIDORA6012PORTO ALEGRE62160512FATURA2026126304332F")


@pytest.mark.parametrize(("typed", "lang", "meant"), [
    (f"paga amannha {CODE}", "pt-BR", f"paga amanha {CODE}"),
    (f"{CODE} pagalo mañna", "es", f"{CODE} pagalo manana"),  # after the code too
    ("paga amannha 00020126360014br.gov.bcb.pix0114+5511987650000", "pt-BR",
     "paga amanha 00020126360014br.gov.bcb.pix0114+5511987650000"),  # a damaged code, as typed too
])
def test_the_words_beside_a_pix_code_are_restored_and_the_code_is_kept(typed, lang, meant):
    assert restore_typos(typed, lang) == meant


@pytest.mark.parametrize(("typed", "lang", "meant"), [
    ("manda 35 a ana aamnhã porfa", "es", "manda 35 a ana amanha porfa"),  # Portuguese's day in a Spanish message
    ("envia 20 a la maria tomorow", "ca", "envia 20 a la maria tomorrow"),
])
def test_a_day_of_another_language_one_letter_off_is_that_day(typed, lang, meant):
    assert restore_typos(typed, lang) == meant
