import pytest

from language.lemmas import lemma, lemmas, misspelt_verbs


@pytest.mark.parametrize("lang,text,verb", [
    ("es", "mandale 50 a Pedro", "mandar"), ("es", "transferile 20 a Maria", "transferir"),
    ("es", "haceme un pix", "hacer"), ("es", "pasale 30 a Ana", "pasar"), ("es", "cancelala", "cancelar"),
    ("pt-BR", "manda-lhe 20", "mandar"), ("ca", "envia-li 20 reals", "enviar"), ("ca", "passa-li 30", "passar"),
])
def test_an_imperative_with_its_pronoun_is_its_verb(lang, text, verb):
    assert lemmas(text, lang)[0] == verb


def test_pasado_manana_is_no_form_of_pasar():
    assert "pasar" not in lemmas("pasado mañana", "es")


@pytest.mark.parametrize("lang,text,verb", [
    ("pt-BR", "tranfere 30 pro Pedro", "transferir"), ("pt-BR", "trasnfere 30", "transferir"),
    ("en", "tranfer 20 to ana", "transfer"), ("es", "enviiar 30", "enviar"),
])
def test_a_verb_one_letter_away_is_that_verb(lang, text, verb):
    assert misspelt_verbs(text, lang, frozenset({"transferir", "transfer", "mandar", "enviar"})) == [verb]


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "transfere 30"), ("pt-BR", "mandou"), ("es", "mandar"), ("pt-BR", "pagamento"), ("en", "sending"),
])
def test_a_known_or_short_word_is_never_read_as_a_misspelt_verb(lang, text):
    assert misspelt_verbs(text, lang, frozenset({"transferir", "mandar", "andar", "pagar", "send"})) == []


def test_known_unaccented_restores_the_accents_a_customer_left_out():
    from language.lemmas import known, known_unaccented

    assert not known("manana", "es") and known_unaccented("manana", "es")
    assert known_unaccented("informacao", "pt-BR")  # two marks: ç and ã
    assert not known_unaccented("qwzrt", "es")


@pytest.mark.parametrize("word,lang,lemma_", [
    ("rompio", "es", "romper"), ("llego", "es", "llegar"), ("pague", "es", "pagar"), ("trenco", "ca", "trencar"),
])
def test_a_word_typed_without_its_accent_is_read_as_the_accented_word(word, lang, lemma_):
    assert lemma(word, lang) == lemma_


def test_a_word_known_as_typed_may_also_be_its_accented_form():
    from language.lemmas import lemma_readings

    assert {"seriar", "ser"} <= lemma_readings("seriamos", "es")
    assert lemma_readings("somos", "es") == {"ser"}


def test_a_catalan_l_l_typed_without_its_middle_dot_is_read():
    assert lemma("anullar", "ca") == lemma("anul·lar", "ca")
    assert lemma("anullar-la", "ca") == lemma("anul·lar", "ca")
    # simplemma also lists some undotted as lemmas of their own: read dotted all the same
    assert lemma("cancellar", "ca") == lemma("cancella", "ca") == "cancel·lar"
    assert lemma("cavall", "ca") == "cavall"  # a word of its own with "ll" stays as it is


def test_a_cedilla_or_tilde_left_out_is_restored_in_the_lemma():
    assert lemma("conheco", "pt-BR") == "conhecer"
    assert lemma("conheco", "en") == "conheco"  # no such letter in English
    assert lemma("millor", "ca") == "millor"  # a word the dictionary knows stays itself


def test_a_present_singular_is_read_as_its_verb_too():
    from language.lemmas import verb_readings

    assert "precisar" in verb_readings("preciso", "pt-BR") and "quedar" in verb_readings("queda", "es")
    assert verb_readings("send", "en") == {"send"}
