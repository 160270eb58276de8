from guards.claim_lexicon import ES_FIRST_SINGULAR, PT_FIRST_SINGULAR, _first_singular

PT = {"endings": ("ei", "i"), "spelling": (("c", "qu"), ("g", "gu"))}
ES = {"endings": ("é", "í"), "spelling": (("c", "qu"), ("g", "gu"), ("z", "c"))}


def test_the_stem_keeps_its_sound_before_the_ending():
    assert [_first_singular(v, **PT) for v in ("marcar", "pagar", "realizar", "enviar")] == [
        "marquei", "paguei", "realizei", "enviei"]
    assert [_first_singular(v, **ES) for v in ("marcar", "pagar", "realizar", "enviar")] == [
        "marqué", "pagué", "realicé", "envié"]


def test_an_ir_verb_takes_its_own_ending_and_no_spelling_change():
    assert _first_singular("transferir", **PT) == "transferi"
    assert _first_singular("concluir", **PT) == "conclui"
    assert _first_singular("recibir", **ES) == "recibí"


def test_the_tables_hold_the_made_forms_and_the_irregular_ones():
    assert {"paguei", "efetuei", "lancei", "fechei"} <= set(PT_FIRST_SINGULAR)
    assert {"pagué", "realicé", "transferí"} <= set(ES_FIRST_SINGULAR)
