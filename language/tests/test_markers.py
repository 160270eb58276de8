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
        ("No thanks", "en"),
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
