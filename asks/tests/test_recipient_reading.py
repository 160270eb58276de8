import pytest

from asks.perception.recipient import find_recipient


@pytest.mark.parametrize("lang,text,name", [
    ("pt-BR", "envia 25 a l'Ana", "Ana"), ("ca", "envia 25 a l'Ana", "Ana"),  # an elided article is no part of it
    ("es", "mandale a la María 20", "María"),  # Rioplatense article before a name
    ("es", "transferile 20 a maria pasado mañana", "Maria"), ("es", "mandale 15 a joao", "Joao"),
    ("en", "send 20 to pedro tmrw pls", "Pedro"),
])
def test_names_said_the_way_customers_write_them(lang, text, name):
    assert find_recipient(text, lang, False, True) == name


@pytest.mark.parametrize("lang,text", [
    ("es", "manda 20 a las 3"), ("es", "envia 20 a mi hermana"), ("es", "reserva a la tarde"),
])
def test_known_words_after_a_are_no_name(lang, text):
    assert find_recipient(text, lang, False, "manda" in text or "envia" in text) is None


@pytest.mark.parametrize("lang,text,name", [
    ("ca", "passa 15 al jordi", "Jordi"),  # "al" before a man's name, Catalan as spoken
    ("en", "pay carlos 40 bucks", "Carlos"),  # a lower-case name no English word, after the verb
    ("es", "transferile 25 a ana", "Ana"),  # a word the dictionary knows only as a proper noun
    ("pt-BR", "pix 45 joao hj", "Joao"),  # no preposition: the name right after the amount
])
def test_lower_case_names_read_by_the_dictionary(lang, text, name):
    assert find_recipient(text, lang, False, True, amount_end=None if "pix 45" not in text else 6) == name


@pytest.mark.parametrize("lang,text,name", [("en", "carlos", "Carlos"), ("es", "a ana", "Ana"), ("pt-BR", "joao.", "Joao")])
def test_a_name_typed_alone_answers_who(lang, text, name):
    assert find_recipient(text, lang, True, False) == name


@pytest.mark.parametrize("lang,text", [("en", "yes"), ("pt-BR", "quanto?"), ("es", "ahora"), ("en", "tomorrow")])
def test_a_word_typed_alone_that_is_no_name_answers_nothing(lang, text):
    assert find_recipient(text, lang, True, False) is None


@pytest.mark.parametrize("lang,text,amount_end", [
    ("pt-BR", "manda 100 agora", 9), ("pt-BR", "manda 30 conto", 8), ("en", "send 20 now", 7), ("pt-BR", "pix 20 ja", 6),
])
def test_words_after_the_amount_that_are_no_name(lang, text, amount_end):
    assert find_recipient(text, lang, False, True, amount_end=amount_end) is None


@pytest.mark.parametrize("lang,text,name", [
    ("pt-BR", "pix a maria", "Maria"),  # "maria" is a Portuguese noun; "Maria" a name of the dictionary's own
    ("pt-BR", "transfere 20 a santos", "Santos"),
])
def test_a_word_the_dictionary_also_has_as_a_name_is_a_name_in_a_money_request(lang, text, name):
    assert find_recipient(text, lang, False, True) == name


@pytest.mark.parametrize("lang,text", [("pt-BR", "manda 40 a conta"), ("pt-BR", "paga 30 a fatura")])
def test_a_common_noun_with_no_name_entry_is_no_name(lang, text):
    assert find_recipient(text, lang, False, True) is None


@pytest.mark.parametrize("lang,text,name", [("pt-BR", "pix maria 30", "Maria"), ("es", "pix joao 30", "Joao")])
def test_a_name_between_pix_and_the_amount_is_the_recipient(lang, text, name):
    assert find_recipient(text, lang, False, True) == name


@pytest.mark.parametrize("lang,text", [("pt-BR", "pix hoje 30"), ("pt-BR", "pix reais 30")])
def test_a_day_or_the_money_between_pix_and_the_amount_is_no_recipient(lang, text):
    assert find_recipient(text, lang, False, True) is None


def test_i_meant_names_the_recipient_in_an_english_correction():
    assert find_recipient("oops i meant joao", "en", False, False, corrects=True) == "Joao"


@pytest.mark.parametrize("lang,text,name", [
    ("pt-BR", "hello quero mandar 20 reais to maria", "Maria"), ("pt-BR", "to mandando 20 pra ana", "Ana"),
])
def test_english_to_names_the_recipient_in_a_mixed_message(lang, text, name):
    assert find_recipient(text, lang, False, True) == name


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "quero mandar 25 pra essa chave 7f3c2a9e-4b1d-4e8a-9c6f-2d5b8e1a0c47"),
    ("es", "mandá 25 a esta clave 7f3c2a9e-4b1d-4e8a-9c6f-2d5b8e1a0c47"),
    ("ca", "envia 25 a aquest número +5521987654321"), ("en", "send 25 to this key ana.costa@exemplo.com.br"),
])
def test_a_demonstrative_before_a_key_is_no_name(lang, text):
    assert find_recipient(text, lang, False, True) is None
