"""Causes the tenth blind adversarial round found (`tools.eval.adversarial_round10`, drafts for the demo bank, school
and store worded as nobody here writes them), each tested in the languages it applies to, with wordings of its own,
and a wrong draft beside it still held: a difference said as "less than" in pt-BR, es and ca; a warranty said of the
item a sentence names by its own words, not of every hit (and a point between digits no sentence's end); a stock
said before the product it counts ("Temos sete Redmi Note 12"); a party said as people ("you and three friends")
judged against the booking's party, not a slot's capacity; and a "sent" said of what a refusal reports as already
gone out tonight."""

from __future__ import annotations

import pytest

from guards.evidence import Evidence, MoneyEvidence, StatusEvidence
from guards.registry import registered
from guards.tests.helpers import customer, deadline, make, output
from language.locales import LANGS, Lang

CATALOG = Evidence(money=(MoneyEvidence("price_cents", role="price"),), products=("name", "model"), names=("brand",),
                   places_left=("stock",), warranties=("warranty_months",),
                   plain=("currency", "hits", "capacity_gb", "condition", "available", "sold_out"))
SLOTS = Evidence(money=(MoneyEvidence("price_cents", role="price"),), quantities=("party_size", "capacity"),
                 dates=("start", "end"), names=("activity_name", "instructor", "activity"),
                 places_left=("places_left",), plain=("currency", "slots", "slot_ref"))
BOOKING_STATUS = StatusEvidence("status", (("pending_payment", "booked"), ("paid", "paid"), ("cancelled", "cancelled")))
ONE_BOOKING = Evidence(money=(MoneyEvidence("amount_cents"),), quantities=("party_size",), dates=("start",),
                       names=("activity",), statuses=(BOOKING_STATUS,), plain=("currency", "booking_ref"))
EFFECT_KINDS = {"send_pix": "money", "create_booking": "booking"}


def guarded(draft: str, *outputs, lang: Lang, currency: str, org_kind: str, effects=(), said: str = "",
            ask_slots=None) -> list[str]:
    """The production guards that hold the draft (each as `run_guards` calls it)."""
    from magie.choices import GUARD_NAMES

    zone = {"school": "Europe/Andorra", "store": "America/Argentina/Buenos_Aires"}.get(org_kind, "America/Sao_Paulo")
    inp = make(draft, lang=lang, currency=currency, org_kind=org_kind, languages=LANGS, tool_outputs=outputs,  # type: ignore[arg-type]
               effects_executed=effects, effect_kinds=EFFECT_KINDS, history=(customer(said),) if said else (),
               today="2026-12-01", time_zones=(zone,), ask_slots=ask_slots or {})
    guards = registered()
    return [name for name in GUARD_NAMES if not guards[name](inp, deadline()).passed]


def _hit(name: str, model: str, brand: str, pesos: int, stock: int, warranty: int | None = 12) -> dict:
    return {"name": name, "model": model, "brand": brand, "capacity_gb": 128 if model else None, "condition": "new",
            "price_cents": pesos * 100, "currency": "ARS", "stock": stock, "available": stock > 0,
            "sold_out": stock == 0, "warranty_months": warranty}


def store(draft: str, *hits: dict, lang: Lang) -> list[str]:
    return guarded(draft, output("search_catalog", {"hits": list(hits)}, evidence=CATALOG), lang=lang,
                   currency="ARS", org_kind="store")


POCO = _hit("Xiaomi Poco X6 128 GB Azul", "Poco X6", "Xiaomi", 520_000, 6)
REDMI = _hit("Xiaomi Redmi 13 128 GB Negro", "Redmi 13", "Xiaomi", 470_000, 3)


# --- a difference said as "less than" ----------------------------------------------------------------------------

@pytest.mark.parametrize("lang, draft", [
    ("pt-BR", "O Redmi 13 sai $ 470.000, ou seja $ 50.000 menos que o Poco X6."),
    ("pt-BR", "O Redmi 13 custa $ 50.000 menos do que o Poco X6 ($ 520.000)."),
    ("es", "El Redmi 13 está a $ 470.000: $ 50.000 menos que el Poco X6."),
    ("ca", "El Redmi 13 val $ 470.000, $ 50.000 menys que el Poco X6."),
])
def test_a_difference_said_as_less_than_is_the_two_prices_difference(lang, draft):
    assert "unsupported_amount" not in store(draft, POCO, REDMI, lang=lang)


@pytest.mark.parametrize("lang, draft", [
    ("pt-BR", "O Redmi 13 custa $ 60.000 menos que o Poco X6."),
    ("es", "El Redmi 13 sale $ 40.000 menos que el Poco X6."),
    ("ca", "El Redmi 13 val $ 65.000 menys que el Poco X6."),
])
def test_a_wrong_difference_said_as_less_than_is_still_held(lang, draft):
    assert "unsupported_amount" in store(draft, POCO, REDMI, lang=lang)


# --- a warranty is the item's the sentence names by its own words --------------------------------------------------

APPLE_CABLE = _hit("Cable USB-C a Lightning 2 m", "", "Apple", 21_000, 8, warranty=6)
PLAIN_CABLE = _hit("Cable USB-C trenzado 1 m", "", "Genérica", 7_500, 14, warranty=None)


@pytest.mark.parametrize("lang, draft", [
    ("pt-BR", "Cabos: o Lightning da Apple de 2 m por $ 21.000 (6 meses de garantia) e o trançado de 1 m por $ 7.500."),
    ("es", "Cables: el Lightning de Apple de 2 m a $ 21.000 (garantía de 6 meses) y el trenzado de 1 m a $ 7.500."),
    ("ca", "Cables: el Lightning d'Apple de 2 m a $ 21.000 (6 mesos de garantia) i el trenat d'1 m a $ 7.500."),
    ("en", "Cables: Apple's 2 m Lightning at $21,000 (6-month warranty) and the braided 1 m one at $7,500."),
])
def test_a_warranty_is_said_of_the_item_its_sentence_names_before_it(lang, draft):
    assert "warranty_without_data" not in store(draft, APPLE_CABLE, PLAIN_CABLE, lang=lang)


@pytest.mark.parametrize("lang, draft", [
    ("pt-BR", "O da Apple custa $ 21.000 e o Cable USB-C trenzado $ 7.500, com 6 meses de garantia."),
    ("es", "El de Apple sale $ 21.000 y el trenzado $ 7.500, con 6 meses de garantía."),
    ("en", "Apple's costs $21,000 and the USB-C trenzado one $7,500, with a 6-month warranty."),
])
def test_a_warranty_said_after_the_item_without_one_is_still_held(lang, draft):
    assert "warranty_without_data" in store(draft, APPLE_CABLE, PLAIN_CABLE, lang=lang)


# --- a stock said before the product it counts --------------------------------------------------------------------

@pytest.mark.parametrize("lang, draft", [
    ("pt-BR", "Temos seis Poco X6 de 128 GB, a $ 520.000 cada."),
    ("es", "Tenemos 6 Poco X6 de 128 GB a $ 520.000."),
    ("ca", "Tenim sis Poco X6 de 128 GB a $ 520.000."),
    ("en", "We have six Poco X6 128 GB at $520,000 each."),
])
def test_a_stock_said_before_its_product_is_the_products_stock(lang, draft):
    assert "unsupported_fact" not in store(draft, POCO, lang=lang)


@pytest.mark.parametrize("lang, draft", [
    ("pt-BR", "Temos nove Poco X6 de 128 GB."),
    ("es", "Tenemos 2 Poco X6 de 128 GB."),
    ("ca", "Tenim cinc Poco X6 de 128 GB."),
    ("en", "We have eight Poco X6 128 GB."),
])
def test_a_wrong_stock_said_before_its_product_is_still_held(lang, draft):
    assert store(draft, POCO, lang=lang)


# --- a party said as people is the booking's, not a slot's capacity ------------------------------------------------

def _booked(party: int) -> tuple:
    start = "2026-12-05T15:00:00+01:00"
    shown = output("check_availability", {"slots": [
        {"slot_ref": "slt_515ka", "activity": "kayak", "activity_name": "Caiac", "instructor": "Laia Puig",
         "start": start, "end": "2026-12-05T17:00:00+01:00", "places_left": 5, "price_cents": 3000,
         "currency": "EUR", "capacity": 5}]}, evidence=SLOTS)
    made = output("create_booking", {"booking_ref": "bkg_k1", "activity": "kayak", "start": start,
                                     "party_size": party, "amount_cents": 3000 * party, "currency": "EUR",
                                     "status": "pending_payment"}, evidence=ONE_BOOKING)
    return shown, made


@pytest.mark.parametrize("lang, draft", [
    ("pt-BR", "Reservado pra você e mais um amigo no sábado às 15h."),
    ("es", "Reservado para ti y un amigo el sábado a las 15 h."),
    ("ca", "Reservat per a tu i un amic dissabte a les 15 h."),
    ("en", "Booked for you and a friend on Saturday at 3 pm."),
    ("en", "Booked for you and one friend on Saturday at 3 pm."),
])
def test_a_party_said_as_people_that_is_the_bookings_passes(lang, draft):
    assert guarded(draft, *_booked(2), lang=lang, currency="EUR", org_kind="school", effects=("create_booking",)) == []


@pytest.mark.parametrize("lang, draft", [
    ("pt-BR", "Reservado pra você e mais quatro amigos no sábado às 15h."),
    ("es", "Reservado para ti y cuatro amigos el sábado a las 15 h."),
    ("ca", "Reservat per a tu i quatre amics dissabte a les 15 h."),
    ("en", "Booked for you and four friends on Saturday at 3 pm."),
    ("en", "Booked for 5 people on Saturday at 3 pm."),
])
def test_a_party_said_as_people_of_the_slots_capacity_is_held(lang, draft):
    assert "unsupported_fact" in guarded(draft, *_booked(2), lang=lang, currency="EUR", org_kind="school",
                                         effects=("create_booking",))


# --- "sent" said of what a refusal reports as already gone out -------------------------------------------------------

def _night_refusal() -> tuple:
    lookup = output("lookup_pix_key", {"recipient_ref": "rcp_lu", "owner_name": "Lucas Ferreira Dias",
                                       "masked_document": "***.118.402-**", "bank_name": "Banco Inter S.A.",
                                       "key_type": "email", "key_value": "lucas@exemplo.com"},
                    evidence=Evidence(names=("owner_name", "bank_name"), plain=("key_type", "recipient_ref",
                                                                                 "masked_document", "key_value")))
    refused = output("send_pix", {"code": "limit_exceeded", "message": "the night-time Pix limit would be exceeded",
                                  "retryable": False,
                                  "detail": {"code": "night_limit_exceeded", "limit_cents": 50_000,
                                             "sent_tonight_cents": 42_000, "available_cents": 8_000}},
                     ok=False, arguments={"recipient_ref": "rcp_lu", "amount_cents": 20_000})
    return lookup, refused


@pytest.mark.parametrize("lang, draft", [
    ("pt-BR", "Não rolou: hoje à noite você já enviou R$ 420,00 e o limite noturno é R$ 500,00."),
    ("es", "No salió: esta noche ya enviaste R$ 420,00 y el límite nocturno es de R$ 500,00."),
    ("ca", "No ha sortit: aquesta nit ja has enviat R$ 420,00 i el límit nocturn és de R$ 500,00."),
    ("en", "It didn't go through: you've already sent R$ 420.00 tonight and the night limit is R$ 500.00."),
])
def test_sent_said_of_what_the_refusal_reports_gone_out_passes(lang, draft):
    assert "unsupported_fact" not in guarded(draft, *_night_refusal(), lang=lang, currency="BRL", org_kind="bank")


@pytest.mark.parametrize("lang, draft", [
    ("pt-BR", "Pronto, o Pix de R$ 200,00 pro Lucas foi enviado."),
    ("es", "Listo, ya enviamos los R$ 200,00 a Lucas."),
    ("ca", "Fet, ja hem enviat els R$ 200,00 al Lucas."),
    ("en", "Done, the R$ 200.00 Pix to Lucas was sent."),
])
def test_sent_said_of_the_refused_pix_is_still_held(lang, draft):
    assert guarded(draft, *_night_refusal(), lang=lang, currency="BRL", org_kind="bank")
