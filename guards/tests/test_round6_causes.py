"""Causes the sixth blind adversarial round found (`tools.eval.adversarial_round6`, four fifths true product
replies), each tested in the languages it applies to, with wordings of its own, and a wrong draft beside it still
held: a refusal's places left, items named by their amounts, a rule's open date bound, a stock said after "we
have", a verb or an elided article opening a sentence before a name, a participle describing its noun, an
alternative offered after "or", a price offered in the present, the store's guards reading `search_catalog`'s
hits, a warranty of one catalogue hit among others, and a count said of a quoted product."""

from __future__ import annotations

import pytest

from guards.checks.wording import effect_claim_spans
from guards.evidence import Evidence, MoneyEvidence, StatusEvidence
from guards.facts import statuses_in
from guards.registry import registered
from guards.tests.helpers import customer, deadline, make, output
from language.locales import LANGS, Lang

TRANSFER_STATUS = StatusEvidence("status", (("settled", "sent"), ("scheduled", "scheduled"), ("failed", "failed"),
                                            ("cancelled", "cancelled")))
HISTORY = Evidence(money=(MoneyEvidence("amount_cents", listed=True),), dates=("at",), quantities=("counts",),
                   names=("counterpart_name",), statuses=(TRANSFER_STATUS,), plain=("currency", "direction", "entries"),
                   reports=("send_pix",))
RECEIPT = Evidence(money=(MoneyEvidence("amount_cents", role="debit"),), dates=("created_at", "scheduled_for"),
                   names=("owner_name",), statuses=(TRANSFER_STATUS,), plain=("currency", "recipient"))
SLOTS = Evidence(money=(MoneyEvidence("price_cents", role="price"),), dates=("start", "end"),
                 names=("activity_name", "instructor"), places_left=("places_left",), plain=("currency", "slots"))
BOOKED = Evidence(money=(MoneyEvidence("amount_cents"),), quantities=("party_size",), dates=("start",),
                  names=("activity",), plain=("currency",))
CATALOG = Evidence(money=(MoneyEvidence("price_cents", role="price"),), products=("name",), names=("brand",),
                   places_left=("stock",), warranties=("warranty_months",), plain=("currency", "hits"))
EFFECT_KINDS = {"send_pix": "money", "create_booking": "booking", "cancel_scheduled_pix": "money"}


def guarded(draft: str, *outputs, lang: Lang, currency: str = "BRL", org_kind: str = "bank", effects=(),
            said: str = "") -> list[str]:
    """The production guards that hold the draft (each as `run_guards` calls it)."""
    inp = make(draft, lang=lang, currency=currency, org_kind=org_kind, languages=LANGS, tool_outputs=outputs,  # type: ignore[arg-type]
               effects_executed=effects, effect_kinds=EFFECT_KINDS, history=(customer(said),) if said else (),
               today="2026-12-01", time_zones=("America/Sao_Paulo" if org_kind == "bank" else "Europe/Andorra",))
    from magie.choices import GUARD_NAMES

    guards = registered()
    return [name for name in GUARD_NAMES if not guards[name](inp, deadline()).passed]


# --- a refusal's places left ---------------------------------------------------------------------------------------

def kayak_taken():
    offer = output("check_availability", {"slots": [
        {"activity_name": "Kayak Familiar", "instructor": "Joan", "start": "2026-12-05T11:00:00+01:00",
         "end": "2026-12-05T13:00:00+01:00", "places_left": 4, "price_cents": 4000, "currency": "EUR"}]},
        evidence=SLOTS)
    refused = output("create_booking", {"code": "conflict", "message": "not enough places left in this slot",
                                        "alternatives": [{"start": "2026-12-05T16:00:00+01:00", "places_left": 6}],
                                        "detail": {"code": "slot_taken", "places_left": 1, "party_size": 4}},
                     ok=False, evidence=BOOKED, arguments={"party_size": 4})
    return offer, refused


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Que pena: no caiaque das 11h só resta 1 vaga agora. Às 16h há 6 vagas."),
    ("es", "Se llenó: a las 11 queda 1 lugar nada más. A las 16 hay 6 lugares."),
    ("ca", "A les 11 només en queda 1 plaça; a les 16 n'hi ha 6 de lliures."),
    ("en", "Bad luck, the 11:00 has just 1 spot left now; the 4 pm has 6 spots."),  # (and "left now" stays)
])
def test_the_places_a_refusal_gives_are_left(lang, draft):
    assert guarded(draft, *kayak_taken(), lang=lang, currency="EUR", org_kind="school") == []


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "No caiaque das 11h restam 2 vagas."),
    ("en", "The 11:00 kayak has 3 spots left."),
])
def test_places_no_refusal_gives_are_held(lang, draft):
    assert "unsupported_fact" in guarded(draft, *kayak_taken(), lang=lang, currency="EUR", org_kind="school")


# --- items named by the amounts a clause says ----------------------------------------------------------------------

def november():
    entries = [{"direction": "out", "status": "settled", "amount_cents": 32000, "currency": "BRL",
                "counterpart_name": "JOAO PEDRO DE OLIVEIRA SANTOS", "at": "2026-11-03T09:05:00-03:00"},
               {"direction": "out", "status": "failed", "amount_cents": 200000, "currency": "BRL",
                "counterpart_name": "Ana Clara Ferreira", "at": "2026-11-20T22:10:00-03:00"},
               {"direction": "out", "status": "settled", "amount_cents": 8740, "currency": "BRL",
                "counterpart_name": "PADARIA BOM GOSTO LTDA", "at": "2026-11-27T07:48:00-03:00"}]
    return output("list_pix_history", {"entries": entries, "counts": {"total": 3, "out": 3, "out_settled": 2,
                                                                      "out_failed": 1}}, evidence=HISTORY)


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Dos três, dois foram enviados (R$ 320,00 e R$ 87,40) e o de R$ 2.000,00 pra Ana Clara Ferreira falhou."),
    ("es", "Dos se enviaron bien (R$ 320,00 y R$ 87,40) y el de R$ 2.000,00 a Ana Clara Ferreira falló."),
    ("en", "Two were sent (R$ 320.00 and R$ 87.40) and the R$ 2,000.00 one to Ana Clara Ferreira failed."),
])
def test_items_a_clause_names_by_their_amount_are_spoken_of(lang, draft):
    assert guarded(draft, november(), lang=lang) == []


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "O Pix de R$ 2.000,00 pra Ana Clara Ferreira foi enviado."),
    ("es", "El Pix de R$ 2.000,00 a Ana Clara Ferreira fue enviado."),
])
def test_a_status_of_the_item_named_and_priced_is_still_its_own(lang, draft):
    assert "unsupported_fact" in guarded(draft, november(), lang=lang)


# --- a rule's open date bound ------------------------------------------------------------------------------------------

def not_today():
    return output("send_pix", {"code": "invalid_argument", "message": "a scheduled Pix is for a day after today",
                               "detail": {"code": "schedule_invalid", "today": "2026-12-01"}}, ok=False,
                  evidence=RECEIPT, arguments={"amount_cents": 5000, "scheduled_for": "2026-12-01"})


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Pra hoje não dá pra agendar: tem que ser pra amanhã ou depois."),
    ("es", "Hoy no se puede programar; tiene que ser para mañana o después."),
    ("ca", "Avui no es pot programar: ha de ser per a demà o més tard."),
    ("en", "I can't schedule it for today: it has to be tomorrow or later."),
])
def test_a_day_bounding_a_rule_is_no_day_of_the_turn(lang, draft):
    assert guarded(draft, not_today(), lang=lang) == []


def test_a_day_said_alone_still_needs_its_support():
    assert "unsupported_fact" in guarded("Pode agendar pra quinta, 10/12.", not_today(), lang="pt-BR")


# --- a stock said after "we have" -------------------------------------------------------------------------------------

def moto():
    return output("search_catalog", {"hits": [{"name": "Moto G84 256GB", "model": "Moto G84", "capacity_gb": 256,
                                               "brand": "Motorola", "price_cents": 38999900,
                                               "currency": "ARS", "stock": 7, "available": True, "sold_out": False,
                                               "warranty_months": None}]},
                  evidence=CATALOG)


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "O Moto G84 sai por $ 389.999,00 e temos 7."),
    ("es", "El Moto G84 está $ 389.999,00 y tenemos siete."),
    ("ca", "Del Moto G84 en tenim set, a $ 389.999,00."),
    ("en", "The Moto G84 is $389,999.00 and we have seven."),
])
def test_a_stock_said_after_we_have(lang, draft):
    assert guarded(draft, moto(), lang=lang, currency="ARS", org_kind="store") == []


@pytest.mark.parametrize(("lang", "draft"), [
    ("es", "El Moto G84 está $ 389.999,00 y tenemos 9."),
    ("en", "The Moto G84 is $389,999.00 and we have 5."),
])
def test_a_stock_no_result_gives_is_held(lang, draft):
    assert "unsupported_fact" in guarded(draft, moto(), lang=lang, currency="ARS", org_kind="store")


# --- a verb or an elided article opening a sentence before a name ------------------------------------------------------

@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Temos Kayak Familiar às 11h, com o Joan."),
    ("es", "Tenemos Kayak Familiar a las 11:00, con Joan."),
    ("ca", "Tenim Kayak Familiar a les 11, amb en Joan. L'import és de 40 € per persona."),
])
def test_a_word_of_the_language_opening_a_sentence_before_a_name(lang, draft):
    assert guarded(draft, kayak_taken()[0], lang=lang, currency="EUR", org_kind="school") == []


@pytest.mark.parametrize(("lang", "draft"), [
    ("es", "Tenemos Kayak Nocturno a las 11:00."),
    ("ca", "Tenim Caiac Nocturn a les 11."),
])
def test_a_name_after_the_verb_is_still_judged(lang, draft):
    assert "unsupported_fact" in guarded(draft, kayak_taken()[0], lang=lang, currency="EUR", org_kind="school")


# --- a participle describing its noun; an alternative after "or" ------------------------------------------------------

@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Cancelei o Pix agendado de R$ 80,00 pro Pedro."),
    ("pt-BR", "Um Pix agendado precisa ser pra um dia depois de hoje."),
    ("es", "Anulé la transferencia programada del viernes."),
    ("es", "Un Pix programado tiene que ser para otro día."),
    ("ca", "He cancel·lat el Pix programat de divendres."),
])
def test_a_participle_describing_its_noun_is_no_status(lang, draft):
    assert "scheduled" not in [fact.value for fact in statuses_in(draft, lang)]


@pytest.mark.parametrize(("lang", "draft", "status"), [
    ("es", "Listo: tu reserva confirmada para el sábado.", "done"),
    ("es", "Ya está la reserva confirmada.", "done"),
    ("pt-BR", "Pronto, deixei o Pix agendado pra sexta.", "scheduled"),
    ("pt-BR", "O Pix agendado.", "scheduled"),
])
def test_a_participle_said_of_its_noun_is_still_a_status(lang, draft, status):
    assert [fact.value for fact in statuses_in(draft, lang)] == [status]


def night_refused():
    return output("send_pix", {"code": "limit_exceeded", "message": "the night-time Pix limit would be exceeded",
                               "detail": {"code": "night_limit_exceeded", "limit_cents": 100000,
                                          "window_ends_at": "2026-12-02T06:00:00-03:00",
                                          "schedule_date": "2026-12-02"}}, ok=False, evidence=RECEIPT,
                  arguments={"amount_cents": 150000, "scheduled_for": None})


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Depois das 6h você consegue mandar, ou deixo agendado pra quarta, 02/12. O que prefere?"),
    ("es", "Después de las 6:00 lo podés mandar, o te lo dejo programado para el miércoles 2/12. ¿Qué preferís?"),
    ("ca", "Després de les 6:00 el pots enviar, o te'l deixo programat per a dimecres 2/12. Què prefereixes?"),
])
def test_an_alternative_offered_after_or_is_no_outcome(lang, draft):
    assert guarded(draft, night_refused(), lang=lang) == []


def test_an_outcome_after_or_in_a_noun_phrase_is_still_one():
    assert guarded("O Pix ou a transferência foi agendado pra quarta.", night_refused(), lang="pt-BR") != []


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Mando depois das 6h, ou deixo agendado pra quarta."),
    ("es", "Lo mandás a las 6, o te lo dejo programado para el miércoles."),
    ("ca", "L'envies a les 6, o te'l deixo programat per a dimecres."),
])
def test_an_alternative_after_or_is_no_claim(lang, draft):
    assert effect_claim_spans(draft, lang) == []


# --- a price offered in the present; an alternative offered after "or" -------------------------------------------------

@pytest.mark.parametrize(("lang", "draft"), [
    ("es", "Por tu Galaxy S21 te pagamos $ 200.000,00, la oferta vale una semana."),
    ("pt-BR", "Pelo seu Galaxy S21 pagamos $ 200.000,00."),
    ("pt-BR", "Pelo seu Galaxy S21 a loja paga $ 200.000,00."),
])
def test_a_price_offered_for_a_device_is_no_claim(lang, draft):
    assert effect_claim_spans(draft, lang) == []


@pytest.mark.parametrize(("lang", "draft"), [
    ("es", "Ya te pagamos $ 200.000,00 por tu Galaxy S21."),
    ("es", "Te pagamos los $ 200.000,00."),
    ("pt-BR", "Já pagamos $ 200.000,00 pelo seu Galaxy S21."),
    ("pt-BR", "Pix pago!"),
])
def test_a_payment_said_done_is_still_a_claim(lang, draft):
    assert effect_claim_spans(draft, lang) != []


# --- the store's guards read the catalogue's hits as `search_catalog` returns them -------------------------------------

def sold_out_s23():
    return output("search_catalog", {"hits": [{"name": "Galaxy S23 Ultra", "model": "Galaxy S23 Ultra",
                                               "capacity_gb": 256, "price_cents": 129999900, "currency": "ARS",
                                               "stock": 0, "available": False, "sold_out": True,
                                               "warranty_months": 12}]}, evidence=CATALOG)


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Temos o Galaxy S23 Ultra em estoque, pode vir buscar."),
    ("es", "El Galaxy S23 Ultra está disponible, ¿te lo separo?"),
    ("en", "The Galaxy S23 Ultra is in stock, want one?"),
])
def test_a_sold_out_hit_said_in_stock_is_held(lang, draft):
    held = guarded(draft, sold_out_s23(), lang=lang, currency="ARS", org_kind="store")
    assert {"stock_contradiction", "sold_out_offered"} & set(held)


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "O Moto G84 tem 7 em estoque, mas o sistema não traz a informação de garantia dele."),
    ("es", "Del Moto G84 hay stock; la garantía no figura en el catálogo."),
    ("ca", "El Moto G84 el tenim. De la garantia no en tinc la dada."),
    ("en", "The Moto G84 is in stock; the warranty isn't listed, I don't have it."),
])
def test_a_warranty_said_unknown_is_no_warranty_without_data(lang, draft):
    assert "warranty_without_data" not in guarded(draft, moto(), lang=lang, currency="ARS", org_kind="store")


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "O Moto G84 tem garantia de 1 ano."),
    ("es", "El Moto G84 no tiene garantía."),
])
def test_a_warranty_said_of_a_hit_with_no_data_is_held(lang, draft):
    assert "warranty_without_data" in guarded(draft, moto(), lang=lang, currency="ARS", org_kind="store")


# --- a warranty said of one catalogue hit among others; a count said of a quoted product --------------------------------

def iphones():
    hits = [{"name": f"iPhone 15 128GB {label}", "model": "iPhone 15", "capacity_gb": 128, "condition": condition,
             "price_cents": cents, "currency": "ARS", "stock": 1, "available": True, "sold_out": False,
             "warranty_months": months}
            for label, condition, cents, months in (("Negro", "new", 154900000, 12),
                                                    ("Reacondicionado", "refurbished", 109900000, 6))]
    return output("search_catalog", {"hits": hits}, evidence=CATALOG)


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "O iPhone 15 recondicionado vem com 12 meses de garantia."),
    ("es", "El iPhone 15 reacondicionado tiene 12 meses de garantía."),
    ("ca", "L'iPhone 15 reacondicionat té 12 mesos de garantia."),
    ("en", "The refurbished iPhone 15 has a 12-month warranty."),
])
def test_a_warranty_of_another_hit_is_held(lang, draft):
    assert "unsupported_fact" in guarded(draft, iphones(), lang=lang, currency="ARS", org_kind="store")


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "O iPhone 15 recondicionado tem 6 meses de garantia; o novo, 12 meses."),
    ("es", "El iPhone 15 nuevo tiene 12 meses de garantía."),
    ("en", "The refurbished iPhone 15 has a 6-month warranty."),
])
def test_each_hits_own_warranty_passes(lang, draft):
    assert guarded(draft, iphones(), lang=lang, currency="ARS", org_kind="store") == []


def chargers():
    lines = [{"name": "Cargador USB-C 25W", "quantity": 3, "price_cents": 2500000, "line_cents": 7500000,
              "currency": "ARS"},
             {"name": "Cable USB-C 1m", "quantity": 2, "price_cents": 850000, "line_cents": 1700000, "currency": "ARS"}]
    return output("quote_products", {"lines": lines, "total_cents": 9200000, "currency": "ARS"}, evidence=QUOTE)


QUOTE = Evidence(money=(MoneyEvidence("price_cents", role="price"), MoneyEvidence("line_cents", listed=True),
                        MoneyEvidence("total_cents")), products=("name",), quantities=("quantity",),
                 plain=("currency", "lines"))


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Ficam 5 carregadores USB-C 25W e 2 cabos: $ 92.000,00."),
    ("es", "Son 2 × Cargador USB-C 25W y 2 cables: $ 92.000,00."),
    ("ca", "4 carregadors USB-C 25W i 2 cables, $ 92.000,00 en total."),
])
def test_a_count_said_of_a_quoted_product_is_its_quantity(lang, draft):
    assert "unsupported_fact" in guarded(draft, chargers(), lang=lang, currency="ARS", org_kind="store")


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Ficam 3 carregadores USB-C 25W e 2 cabos USB-C 1m: $ 92.000,00."),
    ("es", "3 × Cargador USB-C 25W y 2 × Cable USB-C 1m: $ 92.000,00 en total."),
    ("en", "Three USB-C 25W chargers and two 1m cables come to $92,000.00."),
])
def test_the_quoted_quantity_said_passes(lang, draft):
    assert guarded(draft, chargers(), lang=lang, currency="ARS", org_kind="store") == []
