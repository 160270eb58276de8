"""Party sizes said with a verb of being, going or coming, with friends, or as "me and N more"."""

import pytest

from asks.perception.party import find_party_size
from language.locales import Lang
from language.text import fold


def party(text: str, lang: Lang) -> int | None:
    return find_party_size(text, fold(text), lang, [], False)


@pytest.mark.parametrize("lang,text,size", [
    ("ca", "serem 3", 3), ("ca", "anirem dos", 2), ("ca", "venim 4", 4), ("es", "al final vamos a ser 4", 4),
    ("es", "iremos dos", 2), ("pt-BR", "vamos em 4", 4), ("pt-BR", "vai ser 5", 5), ("en", "we'll be four", 4),
    ("ca", "anem 3 amics", 3), ("es", "vamos tres amigos", 3),  # friends are people
    ("pt-BR", "eu e mais dois", 3), ("en", "me plus two friends", 3), ("ca", "jo i 2 amics", 3),  # the customer too
    ("en", "sorry we're actually 5", 5), ("es", "somos ahora 3", 3),  # an adverb between the verb and the number
    ("es", "no perdón, somos 2 nomás", 2), ("en", "we are 4 actually", 4), ("en", "for 3 ppl", 3),
    ("en", "could we get 2 spots for climbing", 2),
])
def test_a_party_said_of_the_group(lang, text, size):
    assert party(text, lang) == size


@pytest.mark.parametrize("lang,text", [
    ("es", "vamos a las 5"), ("pt-BR", "vamos às 5"), ("pt-BR", "vai ser 50 reais"), ("en", "it is 3"),
    ("en", "we'll be there at 9"), ("ca", "vull reservar a les 5"), ("es", "son 20 euros?"),
    ("en", "we're actually at 9"),
])
def test_a_time_or_an_amount_after_such_a_verb_is_no_party(lang, text):
    assert party(text, lang) is None


def test_friends_joining_in_the_plural_are_added():
    from asks.perception.party import find_party_added

    assert find_party_added(fold("ens afegim dos amics mes"), "ca") == 2


@pytest.mark.parametrize("lang,text", [
    ("es", "quiero hacer raquetas con mi novia"), ("en", "book skiing with my wife"), ("ca", "esquí amb el meu fill"),
    ("pt-BR", "escalada com minha esposa"), ("en", "actually can we do 2 instead"),
])
def test_a_companion_said_with_the_customer_or_a_number_to_do_is_a_party_of_two(lang, text):
    assert party(text, lang) == 2


@pytest.mark.parametrize("lang,text,size", [
    ("en", "a climbing class for me and my 2 kids", 3), ("es", "yo y mis dos hijos", 3),
    ("es", "se puede reservar esqui? seriamos 3", 3),
])
def test_the_customer_and_their_own_or_a_verb_typed_without_accents(lang, text, size):
    assert party(text, lang) == size


@pytest.mark.parametrize("lang,text,size", [
    ("es", "a las 9 con 2 amigos", 3), ("en", "skiing with my 2 kids", 3), ("es", "reserva para 2 amigos", 2),
    ("es", "reserva para 2 personas", 2),
])
def test_companions_said_with_con_or_with_count_the_customer(lang, text, size):
    assert party(text, lang) == size


@pytest.mark.parametrize("lang,text,size", [
    ("es", "quiero reservar climbing para dos ok?", 2), ("ca", "per a 3 merci", 3), ("en", "for 2 ty", 2),
    ("pt-BR", "pra 4 valeu", 4), ("es", "somos 3 vale", 3),
])
def test_a_party_closed_by_a_chat_filler_or_thanks(lang, text, size):
    assert party(text, lang) == size


@pytest.mark.parametrize("lang,text,size", [("es", "somos un grupo de 6 y queremos hacer raquetas", 6),
                                            ("pt-BR", "somos um grupo de 4 e queremos escalar", 4)])
def test_a_group_said_before_and_is_its_party(lang, text, size):
    assert party(text, lang) == size


@pytest.mark.parametrize("lang,text,size", [
    ("ca", "ara som només dos", 2), ("es", "somos solo 3", 3), ("en", "one of us is sick so just 2 now", 2),
    ("en", "only one of us is coming", 1),
])
def test_a_party_restricted_by_only_or_just(lang, text, size):
    assert party(text, lang) == size


def test_one_of_us_said_of_someone_is_no_party_of_one():
    assert party("one of us is sick", "en") is None


@pytest.mark.parametrize("lang,text", [("ca", "l'Anna i jo volem fer raquetes"), ("es", "Pedro y yo queremos esquiar"),
                                       ("en", "me and Sarah want to ski"), ("pt-BR", "eu e a Ana")])
def test_the_customer_and_one_person_named_are_two(lang, text):
    assert party(text, lang) == 2


def test_a_day_and_i_are_no_party():
    assert party("tomorrow and i want to ski", "en") is None


@pytest.mark.parametrize(("lang", "text", "size"), [
    ("en", "we're a family of four looking to try snowshoeing in three days", 4),
    ("es", "somos un grupo de seis amigos y queremos raquetas", 6),
    ("ca", "som una colla de 5 que volem esquiar", 5),
    ("es", "un curso en grupo de 3 dias", None),  # days, not people
])
def test_a_group_said_by_its_noun_and_size(lang, text, size):
    assert party(text, lang) == size


@pytest.mark.parametrize("lang,text,size", [
    ("es", "podríamos reservar esquí para pasado mañana a las 9 para los cuatro? gracias", 4),
    ("pt-BR", "escalada amanhã pra nós quatro", 4),
    ("ca", "raquetes demà per als tres", 3), ("en", "climbing for the two of us", 2), ("en", "skiing for the three", 3),
])
def test_a_group_said_with_its_article_or_pronoun(lang, text, size):
    assert party(text, lang) == size


@pytest.mark.parametrize("lang,text", [("es", "esquí para las 4"), ("pt-BR", "escalada para as 3"),
                                       ("ca", "raquetes per a les 3")])
def test_the_feminine_article_before_a_number_is_a_time_not_a_group(lang, text):
    assert party(text, lang) is None


@pytest.mark.parametrize("lang,text", [("ca", "i per a 1 sol?"), ("en", "what about for 1 alone"),
                                       ("pt-BR", "e pra 1 sozinho?"), ("es", "y para 1 sola?")])
def test_a_party_of_one_said_alone(lang, text):
    assert party(text, lang) == 1
