"""Causes the seventh blind adversarial round found (`tools.eval.adversarial_round7`, four fifths true product
replies), each tested in the languages it applies to, with wordings of its own, and a wrong draft beside it still
held: a phone family named without its size, a size after "de" read with the nearer model, an emoji ending a
sentence, a currency sign ending a line, "spots left and…", a Catalan elided pronoun opening a sentence, a
participle before its noun's amount, money said credited, a status said of every item named, a one-time code asked
in the future or by its digits, a difference of two prices said as one, and a night window ending tomorrow."""

from __future__ import annotations

import pytest

from guards.checks.store import _SEGMENT_RE
from guards.checks.wording import effect_claim_spans
from guards.evidence import Evidence, MoneyEvidence, StatusEvidence
from guards.facts import statuses_in
from guards.mentions import amounts_in
from guards.registry import registered
from guards.tests.helpers import customer, deadline, make, output
from guards.text import clauses
from language.locales import LANGS, Lang

CATALOG = Evidence(money=(MoneyEvidence("price_cents", role="price"),), products=("name", "model"), names=("brand",),
                   places_left=("stock",), warranties=("warranty_months",),
                   plain=("currency", "hits", "capacity_gb", "condition", "available", "sold_out"))
SLOTS = Evidence(money=(MoneyEvidence("price_cents", role="price"),), dates=("start", "end"),
                 names=("activity_name", "instructor"), places_left=("places_left",), plain=("currency", "slots"))
BOOKING_STATUS = StatusEvidence("status", (("pending_payment", "booked"), ("paid", "paid"), ("cancelled", "cancelled")))
MINE = Evidence(money=(MoneyEvidence("amount_cents"),), quantities=("party_size",), dates=("start",),
                names=("activity_name",), statuses=(BOOKING_STATUS,), plain=("currency", "bookings"),
                reports=("create_booking",))
BALANCE = Evidence(money=(MoneyEvidence("balance_cents", role="balance"), MoneyEvidence("night_limit_cents"),
                          MoneyEvidence("night_left_cents")), dates=("night_starts", "night_ends"), plain=("currency",))
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


def _hit(name: str, capacity: int, cents: int, stock: int) -> dict:
    return {"name": name, "model": name, "brand": name.split()[0], "capacity_gb": capacity, "condition": "new",
            "price_cents": cents, "currency": "ARS", "stock": stock, "available": stock > 0, "sold_out": stock == 0,
            "warranty_months": 12}


def phones():
    return output("search_catalog", {"hits": [_hit("Moto G54 256GB", 256, 45000000, 0),
                                              _hit("Moto G34 128GB", 128, 30000000, 4)]}, evidence=CATALOG)


def store(draft: str, lang: Lang) -> list[str]:
    return guarded(draft, phones(), lang=lang, currency="ARS", org_kind="store")


# --- a phone family named without its size; a size after "de" read with the nearer model -----------------------------

@pytest.mark.parametrize("lang, draft", [
    ("pt-BR", "Temos o Moto G34 sim, 4 unidades por $ 300.000,00."),
    ("es", "Del Moto G34 tenemos 4, a $ 300.000."),
    ("ca", "El Moto G54 de 256GB està esgotat; en canvi, del Moto G34 de 128GB en tenim 4."),
    ("en", "The Moto G54 256GB is sold out, but we have the Moto G34 in stock at $300,000.00."),
])
def test_a_family_named_without_its_size_is_the_catalogues_item(lang, draft):
    assert store(draft, lang) == []


@pytest.mark.parametrize("lang, draft", [
    ("pt-BR", "O Moto G34 está esgotado."),
    ("es", "El Moto G54 de 256GB está agotado; del Moto G34 de 512GB tenemos 4."),
    ("ca", "Del Moto G35 en tenim 4."),
    ("en", "The Moto G34 is sold out."),
])
def test_a_family_said_otherwise_or_a_size_it_lacks_is_still_held(lang, draft):
    assert "stock_contradiction" in store(draft, lang)


# --- an emoji ending a sentence -------------------------------------------------------------------------------------

def test_an_emoji_between_two_sentences_ends_the_first():
    assert [span for span in clauses("cambio hecho ✅ ahora es el lunes.")] == [(0, 14), (14, 33)]
    assert len(clauses("feito! ✅ r$ 320,00 enviados.")) == 2  # after a mark: the mark ends it
    assert len(clauses("o pix 💸 2 vezes por mes.")) == 1  # no word after it: no sentence starts
    assert [m.group().strip() for m in _SEGMENT_RE.finditer("esta agotado 😕 lo que si tenemos es el g34.")] == \
        ["esta agotado 😕", "lo que si tenemos es el g34."]


@pytest.mark.parametrize("lang, draft", [
    ("es", "El Moto G54 está agotado 😕 Lo que sí tenemos es el Moto G34."),
    ("en", "The Moto G54 is sold out 😕 What we do have is the Moto G34."),
])
def test_a_sold_out_phone_then_an_emoji_then_another_in_stock(lang, draft):
    assert store(draft, lang) == []


# --- a currency sign ending a line ----------------------------------------------------------------------------------

def test_a_sign_ending_a_line_takes_no_number_from_the_next():
    found = amounts_in("Kayak – 40 €\n2️⃣ Escalada – 45 €", "pt-BR", "EUR")
    assert [m.amount_cents for m in found] == [4000, 4500]
    assert [m.amount_cents for m in amounts_in("R$\n50 pessoas", "pt-BR", "BRL")] == []
    slots = output("check_availability", {"slots": [
        {"activity_name": "Kayak Familiar", "instructor": "Joan", "start": "2026-12-05T11:00:00+01:00",
         "end": "2026-12-05T13:00:00+01:00", "places_left": 4, "price_cents": 4000, "currency": "EUR"}]}, evidence=SLOTS)
    assert guarded("1️⃣ Kayak Familiar – 40 €\n2️⃣ Outra opção?", slots, lang="pt-BR", currency="EUR",
                   org_kind="school") == []
    assert "unsupported_amount" in guarded("1️⃣ Kayak Familiar – 45 €\n2️⃣ Outra opção?", slots, lang="pt-BR",
                                           currency="EUR", org_kind="school")


# --- what remains, then the next part of the sentence ---------------------------------------------------------------

def test_places_left_then_and_or_but_is_what_remains():
    assert effect_claim_spans("Friday only has 2 seats left and you're 4, so I couldn't book it.", "en") == []
    assert effect_claim_spans("There are just 3 spots left but Monday has 10.", "en") == []
    assert effect_claim_spans("The transfer left and Maria got it.", "en") != []  # no quantity: it went


# --- a Catalan elided pronoun opening a sentence ----------------------------------------------------------------------

@pytest.mark.parametrize("draft", ["Dissabte queden 4 places del Kayak Familiar. M'ho confirmes?",
                                   "Queden 4 places del Kayak Familiar. Te'l guardo?"])
def test_an_elided_pronoun_opening_a_sentence_is_no_name(draft):
    slots = output("check_availability", {"slots": [
        {"activity_name": "Kayak Familiar", "instructor": "Joan", "start": "2026-12-05T11:00:00+01:00",
         "end": "2026-12-05T13:00:00+01:00", "places_left": 4, "price_cents": 4000, "currency": "EUR"}]}, evidence=SLOTS)
    assert guarded(draft, slots, lang="ca", currency="EUR", org_kind="school") == []
    assert "unsupported_fact" in guarded(draft.replace("Kayak Familiar", "Kayak Jordi"), slots, lang="ca",
                                         currency="EUR", org_kind="school")


# --- a participle before its noun's amount --------------------------------------------------------------------------

def test_a_participle_describing_its_noun_before_the_amount_is_no_status():
    assert [f.value for f in statuses_in("O Pix agendado de R$ 80,00 para o Pedro foi cancelado.", "pt-BR")] == \
        ["cancelled"]
    assert [f.value for f in statuses_in("Tu Pix programado de R$ 80,00 ya no sale: está cancelado.", "es")] == \
        ["cancelled"]
    assert [f.value for f in statuses_in("I cancelled the R$ 80.00 scheduled Pix to Pedro.", "en")] == ["cancelled"]
    assert [f.value for f in statuses_in("O Pix de R$ 80,00 foi agendado.", "pt-BR")] == ["scheduled"]
    assert [f.value for f in statuses_in("R$ 80.00 scheduled for Friday.", "en")] == ["scheduled"]


# --- money said credited --------------------------------------------------------------------------------------------

def test_money_credited_is_sent():
    assert [f.value for f in statuses_in("Los dos Pix se acreditaron sin problema.", "es")] == ["sent"]
    assert [f.value for f in statuses_in("O valor foi creditado na conta da Maria.", "pt-BR")] == ["sent"]
    assert [f.value for f in statuses_in("The R$ 50 was credited to Maria.", "en")] == ["sent"]


# --- a status said of every item named ------------------------------------------------------------------------------

def bookings():
    return output("my_bookings", {"bookings": [
        {"activity_name": "Kayak Familiar", "start": "2026-12-05T11:00:00+01:00", "party_size": 2,
         "amount_cents": 8000, "currency": "EUR", "status": "paid"},
        {"activity_name": "Escalada Iniciació", "start": "2026-12-07T10:00:00+01:00", "party_size": 1,
         "amount_cents": 4500, "currency": "EUR", "status": "pending_payment"}]}, evidence=MINE)


@pytest.mark.parametrize("lang, draft", [
    ("pt-BR", "As duas reservas já estão pagas: Kayak Familiar e Escalada Iniciació."),
    ("es", "Ambas reservas están pagadas, Kayak Familiar y Escalada Iniciació."),
    ("ca", "Totes dues estan pagades: Kayak Familiar i Escalada Iniciació."),
    ("en", "Both are paid: Kayak Familiar and Escalada Iniciació."),
])
def test_a_status_said_of_every_item_named_must_hold_for_each(lang, draft):
    assert "unsupported_fact" in guarded(draft, bookings(), lang=lang, currency="EUR", org_kind="school")


@pytest.mark.parametrize("lang, draft", [
    ("pt-BR", "O Kayak Familiar está pago; a Escalada Iniciació ainda está pendente."),
    ("en", "Kayak Familiar is paid, and Escalada Iniciació is still pending."),
])
def test_each_items_own_status_passes(lang, draft):
    assert guarded(draft, bookings(), lang=lang, currency="EUR", org_kind="school") == []


# --- a one-time code asked in the future or by its digits -----------------------------------------------------------

@pytest.mark.parametrize("lang, draft", [
    ("pt-BR", "Me manda o código que vai chegar por SMS pra eu liberar."),
    ("es", "Pasame el código de 6 cifras que te va a llegar."),
    ("ca", "Envia'm el codi de 4 xifres que t'arribarà ara."),
    ("en", "Reply with the code we'll text you in a minute."),
])
def test_a_code_still_to_come_is_asked_for(lang, draft):
    assert "unusable_request" in guarded(draft, lang=lang)


# --- a difference of two prices said as one -------------------------------------------------------------------------

@pytest.mark.parametrize("lang, draft", [
    ("pt-BR", "O Moto G34 sai $ 150.000,00 mais barato que o G54."),
    ("es", "Con el Moto G34 ahorrás $ 150.000."),
    ("ca", "Amb el Moto G34 estalvies $ 150.000,00."),
    ("en", "The Moto G34 saves you $150,000.00 compared to the G54."),
])
def test_a_difference_of_two_prices_said_as_one_is_supported(lang, draft):
    assert "unsupported_amount" not in store(draft, lang)
    assert "unsupported_amount" in store(draft.replace("150", "160"), lang)


def test_a_difference_said_as_a_price_is_not():
    assert "unsupported_amount" in store("The Moto G34 costs $150,000.00.", "en")


# --- a night window ending tomorrow ---------------------------------------------------------------------------------

def night():
    return output("get_balance", {"balance_cents": 500000, "currency": "BRL", "night_limit_cents": 100000,
                                  "night_left_cents": 20000, "night_starts": "20:00", "night_ends": "06:00"},
                  evidence=BALANCE)


@pytest.mark.parametrize("lang, draft", [
    ("pt-BR", "Hoje à noite restam R$ 200,00. Quer que eu agende o resto pra amanhã cedo?"),
    ("es", "Esta noche te quedan R$ 200,00. ¿Lo programo para mañana a partir de las 6?"),
    ("ca", "Aquesta nit et queden R$ 200,00. El programo per a demà a les 6?"),
    ("en", "You have R$ 200.00 left tonight. Shall I schedule it for tomorrow after 6 AM?"),
])
def test_a_night_window_ends_tomorrow(lang, draft):
    assert guarded(draft, night(), lang=lang) == []
    day = {"pt-BR": "sexta", "es": "el viernes", "ca": "divendres", "en": "Friday"}[lang]
    later = {"pt-BR": "amanhã", "es": "mañana", "ca": "demà", "en": "tomorrow"}[lang]
    assert "unsupported_fact" in guarded(draft.replace(later, day), night(), lang=lang)
