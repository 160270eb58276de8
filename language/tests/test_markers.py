import pytest

from language.markers import detect_markers


@pytest.mark.parametrize(
    ("text", "lang", "markers"),
    [
        ("na verdade, é pro João", "pt-BR", {"correction"}),
        ("muda pra hoje", "pt-BR", {"correction"}),
        ("troca o dia para sexta", "pt-BR", {"correction"}),
        ("cámbialo a hoy", "es", {"correction"}),
        ("canvia-ho a avui", "ca", {"correction"}),
        ("change that to today", "en", {"correction"}),
        ("move it to friday", "en", {"correction"}),
        ("pasa a Pedro 50", "es", set()),  # a transfer, not a change of the request
        ("I want to move to Lisbon", "en", set()),
        ("aliás, 300", "pt-BR", {"correction"}),
        ("quer dizer, pra Ana", "pt-BR", {"correction"}),
        ("ops, errei", "pt-BR", {"correction"}),
        ("não, é pro Pedro", "pt-BR", {"correction"}),
        ("nao, e pro Pedro", "pt-BR", {"correction"}),
        ("en realidad, a Juan", "es", {"correction"}),
        ("mejor a María", "es", {"correction"}),
        ("perdón, a Juan", "es", {"correction"}),
        ("quise decir 300", "es", {"correction"}),
        ("de fet, millor dimarts", "ca", {"correction"}),
        ("vull dir la Marta", "ca", {"correction"}),
        ("actually, Ana", "en", {"correction"}),
        ("I meant Ana", "en", {"correction"}),
        ("make it 5pm", "en", {"correction"}),
        ("sorry, to Ana", "en", {"correction"}),
        ("no, to Ana", "en", {"correction"}),
        ("cancela", "pt-BR", {"cancel"}),
        ("deixa pra lá", "pt-BR", {"cancel"}),
        ("esquece", "pt-BR", {"cancel"}),
        ("cancelar", "es", {"cancel"}),
        ("olvídalo", "es", {"cancel"}),
        ("cancel·la", "ca", {"cancel"}),
        ("deixa-ho", "ca", {"cancel"}),
        ("never mind", "en", {"cancel"}),
        ("forget it", "en", {"cancel"}),
        ("sim", "pt-BR", {"confirm"}),
        ("pode", "pt-BR", {"confirm"}),
        ("confirmo", "pt-BR", {"confirm"}),
        ("sí", "es", {"confirm"}),
        ("vale", "es", {"confirm"}),
        ("d'acord", "ca", {"confirm"}),
        ("yes", "en", {"confirm"}),
        ("ok", "en", {"confirm"}),
        ("oi", "pt-BR", {"greeting"}),
        ("Olá, bom dia", "pt-BR", {"greeting"}),
        ("hola, buenos días", "es", {"greeting"}),
        ("bon dia", "ca", {"greeting"}),
        ("hello", "en", {"greeting"}),
        ("preciso de ajuda", "pt-BR", {"help"}),
        ("ayuda", "es", {"help"}),
        ("ajuda'm", "ca", {"help"}),
        ("hi, help", "en", {"greeting", "help"}),
    ],
)
def test_markers(text, lang, markers):
    assert detect_markers(text, lang) == frozenset(markers)


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("pro João", "pt-BR"),
        ("opção", "pt-BR"),  # "op" inside a word is not "ops"
        ("si quiero", "es"),  # "si" meaning "if" is no confirmation
        ("no idea", "en"),  # a "no" that refuses nothing
        ("this is highly unusual", "en"),  # "hi" inside words
        ("podemos", "pt-BR"),
    ],
)
def test_no_marker(text, lang):
    assert detect_markers(text, lang) == frozenset()


@pytest.mark.parametrize("lang,text", [("pt-BR", "nao quero mais aquele pix de amanha"), ("es", "ya no lo quiero"),
                                       ("en", "i dont want it anymore"), ("ca", "ja no ho vull")])
def test_not_wanting_it_anymore_is_cancel_wording(lang, text):
    assert "cancel" in detect_markers(text, lang)


@pytest.mark.parametrize("text", ["foi mal, queria raquetes", "desculpa, queria dizer esqui", "foi engano, era 30"])
def test_portuguese_apologies_for_a_slip_correct(text):
    assert "correction" in detect_markers(text, "pt-BR")


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "não"), ("pt-BR", "nao"), ("pt-BR", "Não."), ("pt-BR", "não quero"), ("pt-BR", "nao, ta errado"),
    ("pt-BR", "não, obrigado"), ("pt-BR", "ah não, não quero"), ("pt-BR", "não é isso"), ("pt-BR", "NÃO 👎"),
    ("es", "no"), ("es", "no gracias"), ("es", "No, gracias!"), ("es", "no quiero"), ("es", "no, está mal"),
    ("es", "uy no"), ("es", "mejor no"),
    ("ca", "no"), ("ca", "no, està malament"), ("ca", "no, gràcies"), ("ca", "no vull"), ("ca", "no cal"),
    ("en", "no"), ("en", "no thanks"), ("en", "nope"), ("en", "nah"), ("en", "no, that's wrong"),
    ("en", "no that’s not right"), ("en", "No, thank you."),
])
def test_a_bare_refusal_is_decline_wording(lang, text):
    assert "decline" in detect_markers(text, lang)


@pytest.mark.parametrize("lang,text", [("pt-BR", "no gracias"), ("es", "não, obrigado"), ("ca", "nope")])
def test_a_bare_refusal_is_read_in_any_of_the_languages(lang, text):
    assert "decline" in detect_markers(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("pt-BR", "não pra maria"), ("pt-BR", "nao sei"), ("pt-BR", "não, é pro Pedro"), ("pt-BR", "nao, 300"),
    ("pt-BR", "nao entendi"), ("pt-BR", "no banco"),
    ("es", "no a maria"), ("es", "no sé"), ("es", "no es para Juan"), ("es", "no gracias, mándalo a Ana"),
    ("ca", "no, a la Marta"), ("ca", "no ho sé"), ("ca", "no, millor dimarts"),
    ("en", "no to maria"), ("en", "no idea"), ("en", "no, make it 50"), ("en", "no thanks, send it to Ana"),
])
def test_a_no_that_says_more_is_no_decline(lang, text):
    """A no with a value or a question beside it is a correction or nothing: only a whole bare no declines."""
    assert "decline" not in detect_markers(text, lang)


@pytest.mark.parametrize("text,lang", [
    ("perdon era para pedro", "es"), ("perdón, era para Pedro", "es"), ("perdon queria decir esqui", "es"),
    ("desculpa e pra ana", "pt-BR"), ("perdo era per a dos", "ca"), ("sorry its 30", "en"),
])
def test_an_apology_opening_a_correction_needs_no_comma(text, lang):
    assert "correction" in detect_markers(text, lang)


@pytest.mark.parametrize("text,lang", [
    ("perdón que te molesto", "es"), ("desculpa a demora", "pt-BR"), ("sorry to bother you", "en"),
])
def test_an_apology_alone_is_no_correction(text, lang):
    assert "correction" not in detect_markers(text, lang)


@pytest.mark.parametrize("lang,text", [("es", "entonces pasado mañana a la misma hora"),
                                       ("pt-BR", "então depois de amanhã no mesmo horário"),
                                       ("ca", "doncs demà passat a la mateixa hora"),
                                       ("en", "then the day after tomorrow at the same time")])
def test_the_same_time_on_another_day_is_marked(lang, text):
    assert "same_time" in detect_markers(text, lang)


@pytest.mark.parametrize("lang,text", [("es", "quiero esquí y escalada a la vez"), ("en", "can we all go at once"),
                                       ("pt-BR", "a mesma coisa de ontem")])
def test_no_same_time_without_it(lang, text):
    assert "same_time" not in detect_markers(text, lang)


@pytest.mark.parametrize("lang,text", [
    ("en", "no sorry to joao"), ("en", "nope, to joao"), ("en", "sorry no, 50"), ("pt-BR", "nao desculpa, pro joao"),
    ("es", "no perdon, a joao"), ("ca", "no perdona, al joan"),
])
def test_a_value_after_words_taking_back_what_was_said_is_a_correction(lang, text):
    assert "correction" in detect_markers(text, lang)


@pytest.mark.parametrize("lang,text", [("en", "no thanks"), ("en", "no sorry for the delay"), ("pt-BR", "nao obrigado")])
def test_a_no_with_no_value_after_it_is_no_correction(lang, text):
    assert "correction" not in detect_markers(text, lang)
