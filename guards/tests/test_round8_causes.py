"""Causes the eighth blind adversarial round found (`tools.eval.adversarial_round8`, drafts for the demo bank, school
and store), each tested in the languages it applies to, with wordings of its own, and a wrong draft beside it still
held: a list's item number read as an amount, a stock said with its noun left out, a listed item named by its first
word alone, a listed item an effect of the turn then acted on, a stock said with the product's name between the
number and "left", a negated "have" of what is known of a product read as its stock, and "Moto" read inside
"Motorola"."""

from __future__ import annotations

import pytest

from guards.checks.store import _PRODUCT_RE
from guards.evidence import Evidence, MoneyEvidence, StatusEvidence
from guards.mentions import amounts_in
from guards.registry import registered
from guards.tests.helpers import customer, deadline, make, output
from language.locales import LANGS, Lang

CATALOG = Evidence(money=(MoneyEvidence("price_cents", role="price"),), products=("name", "model"), names=("brand",),
                   places_left=("stock",), warranties=("warranty_months",),
                   plain=("currency", "hits", "capacity_gb", "condition", "available", "sold_out"))
BOOKING_STATUS = StatusEvidence("status", (("pending_payment", "booked"), ("paid", "paid"), ("cancelled", "cancelled")))
MINE = Evidence(money=(MoneyEvidence("amount_cents"),), quantities=("party_size",), dates=("start",),
                names=("activity", "activity_name"), statuses=(BOOKING_STATUS,), plain=("currency", "bookings"),
                reports=("create_booking",))
ONE_BOOKING = Evidence(money=(MoneyEvidence("amount_cents"),), quantities=("party_size",), dates=("start",),
                       names=("activity", "activity_name"), statuses=(BOOKING_STATUS,), plain=("currency",))
EFFECT_KINDS = {"send_pix": "money", "create_booking": "booking", "cancel_booking": "booking"}


def guarded(draft: str, *outputs, lang: Lang, currency: str = "EUR", org_kind: str = "school", effects=(),
            said: str = "") -> list[str]:
    """The production guards that hold the draft (each as `run_guards` calls it)."""
    from magie.choices import GUARD_NAMES

    inp = make(draft, lang=lang, currency=currency, org_kind=org_kind, languages=LANGS, tool_outputs=outputs,  # type: ignore[arg-type]
               effects_executed=effects, effect_kinds=EFFECT_KINDS, history=(customer(said),) if said else (),
               today="2026-12-01", time_zones=("Europe/Andorra" if org_kind == "school" else "America/Sao_Paulo",))
    guards = registered()
    return [name for name in GUARD_NAMES if not guards[name](inp, deadline()).passed]


def _hit(name: str, model: str, cents: int, stock: int, warranty: int | None = 12) -> dict:
    return {"name": name, "model": model, "brand": name.split()[0], "capacity_gb": 128, "condition": "new",
            "price_cents": cents, "currency": "ARS", "stock": stock, "available": stock > 0, "sold_out": stock == 0,
            "warranty_months": warranty}


def catalogue(*hits: dict):
    return output("search_catalog", {"hits": list(hits)}, evidence=CATALOG)


def store(draft: str, *hits: dict, lang: Lang) -> list[str]:
    return guarded(draft, catalogue(*hits), lang=lang, currency="ARS", org_kind="store")


PHONE = _hit("Xiaomi Poco X6 256 GB Negro", "Poco X6", 52000000, 6)
CHARGER = _hit("Cargador rápido USB-C 30 W", "", 5200000, 11)
EDGE = _hit("Motorola Edge 50 256 GB Gris", "Edge 50", 91000000, 3, warranty=None)


# --- a list's item number is no amount --------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, text", [
    ("pt-BR", "Seus Pix agendados:\n1. R$ 75,00 pra Ana — terça\n2. R$ 12,90 pro João"),
    ("es", "Pix programados:\n1) R$ 75,00 a Ana\n2) R$ 12,90 a João"),
    ("ca", "Pix programats:\n 1. R$ 75,00 a l'Ana\n 2. R$ 12,90 al João"),
    ("en", "Your scheduled Pix:\n- 1. R$ 75.00 to Ana\n- 2. R$ 12.90 to João"),
])
def test_a_lists_item_number_is_no_amount(lang, text):
    assert [a.amount_cents for a in amounts_in(text, lang, "BRL")] == [7500, 1290]


@pytest.mark.parametrize("lang, text, cents", [
    ("pt-BR", "Valor do Pix:\n50 reais", [5000]),  # a marker still makes the line's number an amount
    ("en", "Pix sent: 1.50 to Ana", [150]),  # a decimal point inside the number
    ("pt-BR", "manda 2 pro Pedro", [200]),  # a bare amount where no list is
])
def test_a_number_opening_a_line_otherwise_is_still_read(lang, text, cents):
    assert [a.amount_cents for a in amounts_in(text, lang, "BRL")] == cents


# --- a stock said with its noun left out ------------------------------------------------------------------------------

@pytest.mark.parametrize("lang, draft", [
    ("pt-BR", "O Poco X6 sai por $ 520.000 e temos 6 disponíveis."),
    ("es", "El Poco X6 sale $ 520.000 y hay 6 disponibles."),
    ("ca", "El Poco X6 surt a $ 520.000 i n'hi ha 6 de disponibles."),
    ("en", "The Poco X6 is $520,000 and there are 6 available."),
])
def test_a_stock_said_without_its_noun_is_the_stock(lang, draft):
    assert store(draft, PHONE, lang=lang) == []
    assert "unsupported_fact" in store(draft.replace("6", "8"), PHONE, lang=lang)


# --- a listed item named by its first word alone -------------------------------------------------------------------

def _bookings(lang_names: tuple[str, str]) -> object:
    ski, walk = lang_names
    return output("my_bookings", {"bookings": [
        {"activity": "ski", "activity_name": ski, "start": "2026-12-03T15:00:00+01:00", "party_size": 2,
         "amount_cents": 9000, "currency": "EUR", "status": "pending_payment"},
        {"activity": "snowshoeing", "activity_name": walk, "start": "2026-12-05T09:00:00+01:00", "party_size": 3,
         "amount_cents": 7500, "currency": "EUR", "status": "paid"}]}, evidence=MINE)


@pytest.mark.parametrize("lang, names, draft", [
    ("es", ("Esquí alpino", "Raquetas de nieve"),
     "Tenés esquí alpino el jueves a las 15 h (pendiente de pago) y raquetas el sábado a las 9 h (pagada)."),
    ("ca", ("Esquí alpí", "Raquetes de neu"),
     "Tens esquí alpí dijous a les 15 h (pendent de pagament) i raquetes dissabte a les 9 h (pagada)."),
    ("pt-BR", ("Esqui alpino", "Caminhada com raquetes"),
     "Você tem esqui alpino na quinta às 15h (aguardando pagamento) e caminhada no sábado às 9h (paga)."),
    ("en", ("Alpine skiing", "Snowshoeing walk"),
     "You have alpine skiing on Thursday at 3 pm (awaiting payment) and snowshoeing on Saturday at 9 am (paid)."),
])
def test_an_item_named_by_its_first_word_is_that_item(lang, names, draft):
    assert guarded(draft, _bookings(names), lang=lang) == []


@pytest.mark.parametrize("lang, names, draft", [
    ("es", ("Esquí alpino", "Raquetas de nieve"), "Tu esquí es el jueves a las 9 h."),
    ("ca", ("Esquí alpí", "Raquetes de neu"), "Les raquetes de dissabte estan pendents de pagament."),
])
def test_a_time_or_status_of_the_other_item_is_still_held(lang, names, draft):
    assert "unsupported_fact" in guarded(draft, _bookings(names), lang=lang)


# --- a listed item an effect of the turn then acted on -------------------------------------------------------------

def _cancelled(lang_names: tuple[str, str]) -> object:
    return output("cancel_booking", {"activity": "ski", "activity_name": lang_names[0],
                                     "start": "2026-12-03T15:00:00+01:00", "party_size": 2, "amount_cents": 9000,
                                     "currency": "EUR", "status": "cancelled"}, evidence=ONE_BOOKING)


@pytest.mark.parametrize("lang, names, draft", [
    ("ca", ("Esquí alpí", "Raquetes de neu"), "He cancel·lat la reserva d'Esquí alpí de dijous a les 15 h."),
    ("es", ("Esquí alpino", "Raquetas de nieve"), "Listo, tu reserva de esquí alpino del jueves fue cancelada."),
    ("en", ("Alpine skiing", "Snowshoeing walk"), "Your Alpine skiing booking on Thursday has been cancelled."),
    ("pt-BR", ("Esqui alpino", "Caminhada com raquetes"), "Cancelei sua reserva de esqui alpino de quinta."),
])
def test_an_item_an_effect_acted_on_has_the_effects_status(lang, names, draft):
    assert guarded(draft, _bookings(names), _cancelled(names), lang=lang, effects=("cancel_booking",)) == []


def test_the_effects_status_is_not_given_to_another_item():
    names = ("Esquí alpí", "Raquetes de neu")
    assert "unsupported_fact" in guarded("He cancel·lat la reserva de Raquetes de neu de dissabte.", _bookings(names),
                                         _cancelled(names), lang="ca", effects=("cancel_booking",))


# --- a stock said with the product's name between the number and "left" -------------------------------------------

@pytest.mark.parametrize("lang, draft", [
    ("en", "We have 11 USB-C 30W fast chargers in stock, $52,000 each."),
    ("en", "Only 6 Poco X6 left!"),
    ("es", "Quedan 6 Poco X6 disponibles."),
    ("pt-BR", "Temos 11 carregadores USB-C em estoque."),
    ("ca", "Tenim 6 Poco X6 en estoc."),
])
def test_a_stock_said_around_the_products_name_is_its_stock(lang, draft):
    assert store(draft, PHONE, CHARGER, lang=lang) == []


@pytest.mark.parametrize("lang, draft", [
    ("en", "Hurry, only 1 Poco X6 left!"),
    ("en", "We have 20 USB-C 30W fast chargers in stock."),
    ("es", "Quedan 2 Poco X6 disponibles."),
    ("pt-BR", "Temos 3 carregadores USB-C em estoque."),
    ("ca", "Només queden 2 Poco X6 en estoc."),
])
def test_a_wrong_stock_said_around_the_products_name_is_held(lang, draft):
    assert "unsupported_fact" in store(draft, PHONE, CHARGER, lang=lang)


# --- a negated "have" of what is known of a product ------------------------------------------------------------------

@pytest.mark.parametrize("lang, draft", [
    ("en", "I don't have warranty info for the Motorola Edge 50, sorry."),
    ("es", "No tenemos el dato de la garantía del Edge 50."),
    ("pt-BR", "Não temos a informação da garantia do Edge 50."),
    ("ca", "No tenim la dada de la garantia de l'Edge 50."),
])
def test_no_information_about_a_product_is_no_word_on_its_stock(lang, draft):
    assert store(draft, EDGE, lang=lang) == []


@pytest.mark.parametrize("lang, draft", [
    ("en", "We don't have the Edge 50, sorry."),
    ("es", "No tenemos el Edge 50."),
    ("pt-BR", "Não temos o Edge 50."),
    ("ca", "No tenim l'Edge 50."),
])
def test_a_product_said_not_to_be_had_is_still_held(lang, draft):
    assert "stock_contradiction" in store(draft, EDGE, lang=lang)


# --- "Moto" inside "Motorola" ----------------------------------------------------------------------------------------

def test_a_familys_word_inside_a_longer_word_is_no_product():
    assert [m.group() for m in _PRODUCT_RE.finditer("the motorola edge 50 or a moto g34, two iphones")] == \
        ["moto g34", "iphone"]
    assert store("We have the Motorola Edge 50 in stock.", EDGE, lang="en") == []
    assert "stock_contradiction" in store("We have the Moto G99 in stock.", EDGE, lang="en")


EVENTS = Evidence(names=("event_name", "venue"), dates=("start",), plain=("events",))


def test_a_proper_names_first_word_said_otherwise_names_no_item():
    events = output("find_events", {"events": [
        {"event_name": "Organ Festival", "venue": "Peachtree Road Church", "start": "2026-12-05T20:30:00+01:00"},
        {"event_name": "Taking Back Sunday", "venue": "Kenny's Alley", "start": "2026-12-05T20:00:00+01:00"},
        {"event_name": "Emmylou Harris", "venue": "Symphony Hall", "start": "2026-12-05T18:30:00+01:00"}]},
        evidence=EVENTS)
    assert guarded("It's taking place on Saturday at 8:30 pm.", events, lang="en") == []
    assert guarded("It starts at 6:30 pm at Symphony Hall, off Peachtree Road.", events, lang="en") == []
    assert "unsupported_fact" in guarded("Taking Back Sunday starts at 8:30 pm.", events, lang="en")
