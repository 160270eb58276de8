"""Causes the fourth blind adversarial round found (`tools.eval.adversarial_round4`), each tested in the languages it
applies to, with wordings of its own: hours said with their quarter or half, a weekday said against its date, the
last places or units, "tomorrow" after a word ending like an article, a name's last word cut short, warranty terms
shortened, an approval the agent says it gives itself, a rule's noun before a negation, numbered replies with their
purpose, one-time codes and a card's expiry asked, a claim whose subject is "nothing"."""

from __future__ import annotations

import pytest

from guards.checks.facts import unsupported_facts
from guards.checks.policy import promises
from guards.checks.wording import button_like, effect_claim_spans, requested_items
from guards.contract import OrgRules
from guards.evidence import Evidence, Identifier, StatusEvidence
from guards.facts import counts_in, times_in, warranties_in
from guards.tests.helpers import customer, deadline, make, output
from language.locales import LANGS, Lang

BOOKED = Evidence(names=("activity",), dates=("start",), quantities=("party_size",),
                  identifiers=(Identifier("booking_ref", "reference"),),
                  statuses=(StatusEvidence("status", (("pending_payment", "booked"),)),))
SLOTS = Evidence(names=("activity_name",), dates=("start",), places_left=("places_left",), plain=("slots",))


def booked(start: str = "2026-12-02T10:00:00+01:00", party: int = 2):
    return output("create_booking", {"booking_ref": "BK-5310", "activity": "Kayak Iniciació", "start": start,
                                     "party_size": party, "status": "pending_payment"}, evidence=BOOKED)


def slots(places: int = 3):
    return output("check_availability", {"slots": [{"activity_name": "Kayak Iniciació", "places_left": places,
                                                    "start": "2026-12-02T10:00:00+01:00"}]}, evidence=SLOTS)


def held(draft: str, *outputs, lang: Lang, **parts) -> list[str]:
    inp = make(draft, lang=lang, currency="EUR", org_kind="school", languages=LANGS, tool_outputs=outputs,
               effects_executed=tuple(o.tool for o in outputs if o.tool == "create_booking"),
               effect_kinds={"create_booking": "booking"}, today="2026-12-01", time_zones=("Europe/Andorra",), **parts)
    missing = unsupported_facts(inp, deadline())
    assert missing is not None
    return [fact.raw for fact in missing]


# --- hours with their quarter or half ------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "said", "minutes"), [
    ("es", "a las siete y media de la tarde", {19 * 60 + 30}),
    ("es", "a las nueve y cuarto", {9 * 60 + 15, 21 * 60 + 15}),
    ("es", "a las ocho menos cuarto de la mañana", {7 * 60 + 45}),
    ("pt-BR", "às oito e meia da noite", {20 * 60 + 30}),
    ("pt-BR", "às 9 e quinze", {9 * 60 + 15, 21 * 60 + 15}),
    ("ca", "a les set i mitja del vespre", {19 * 60 + 30}),
    ("ca", "a tres quarts de vuit", {7 * 60 + 45, 19 * 60 + 45}),
    ("ca", "a un quart d'una", {12 * 60 + 15, 15}),
    ("ca", "a les dos quarts de nou del matí", {8 * 60 + 30}),
    ("en", "at half past seven in the evening", {19 * 60 + 30}),
    ("en", "at quarter to nine am", {8 * 60 + 45}),
])
def test_an_hour_is_read_with_its_quarter_or_half(lang, said, minutes):
    assert [fact.value for fact in times_in(f"Nos vemos {said}.", lang)] == [frozenset(minutes)]


@pytest.mark.parametrize(("lang", "right", "wrong"), [
    ("es", "Te anoté para las seis y media de la tarde.", "Te anoté para las siete y media de la tarde."),
    ("pt-BR", "Reservei pras seis e meia da tarde.", "Reservei pras sete e meia da tarde."),
    ("ca", "T'he reservat a dos quarts de set de la tarda.", "T'he reservat a tres quarts de set de la tarda."),
    ("en", "You're in at half past six in the evening.", "You're in at half past seven in the evening."),
])
def test_a_half_hour_in_words_is_checked_against_the_booking(lang, right, wrong):
    result = booked("2026-12-02T18:30:00+01:00")
    assert held(right, result, lang=lang) == []
    assert held(wrong, result, lang=lang) != []


# --- a weekday said against its date -------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "right", "wrong"), [
    ("es", "Te esperamos el miércoles 2.", "Te esperamos el lunes 2."),
    ("pt-BR", "Te esperamos na quarta, 2 de dezembro.", "Te esperamos na segunda, 2 de dezembro."),
    ("ca", "Us esperem dimecres dia 2.", "Us esperem dilluns dia 2."),
    ("en", "See you Wed, Dec 2.", "See you Mon, Dec 2."),
    ("en", "See you on Wednesday 12/2.", "See you on Monday 12/2."),
])
def test_a_weekday_must_be_the_weekday_of_the_date_it_is_said_with(lang, right, wrong):
    # today (Tuesday 1st) supports the weekday alone, the booking the 2nd alone: together they name no day
    assert held(right, booked(), lang=lang) == []
    assert held(wrong, booked(), lang=lang) != []


def test_a_short_weekday_is_read_only_before_a_date():
    assert held("I sat 2 hours in the queue, now it's booked.", booked(), lang="en") == []


# --- the last places or units --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Só restou 1 vaga, corre!"), ("pt-BR", "Sobrou uma vaga só."), ("es", "Nos queda una sola plaza."),
    ("es", "Queda 1 unidad."), ("ca", "Només queda una plaça."), ("en", "Only one single seat left."),
])
def test_one_place_left_is_read_as_what_is_left(lang, draft):
    assert [(fact.kind, fact.value) for fact in counts_in(draft, lang)] == [("places", (1, True))]
    assert held(draft, slots(3), lang=lang) != []
    assert held(draft, slots(1), lang=lang) == []


# --- "tomorrow" after a word that ends like an article -----------------------------------------------------------

@pytest.mark.parametrize(("lang", "said", "asked"), [
    ("es", "quiero la salida mañana a las 10", "¿Te reservo la salida para mañana a las 10?"),
    ("ca", "vull la sortida demà a les 10", "Et reservo la sortida per demà a les 10?"),
    ("pt-BR", "quero a entrada amanhã às 10", "Reservo a entrada pra amanhã às 10?"),
])
def test_tomorrow_said_after_a_word_ending_in_la_or_da_is_a_date(lang, said, asked):
    assert held(asked, lang=lang, history=(customer(said),)) == []


# --- a name's last word cut short ------------------------------------------------------------------------------------

RECEIPT = Evidence(names=("owner_name",), statuses=(StatusEvidence("status", (("settled", "sent"),)),))


@pytest.mark.parametrize(("lang", "draft"), [("pt-BR", "Pix enviado para Companhia Paulista Comerc."),
                                             ("es", "Pagado a Companhia Paulista Comerc."),
                                             ("en", "Sent to Companhia Paulista Comerc.")])
def test_a_name_whose_last_word_is_cut_short_before_a_full_stop(lang, draft):
    receipt = output("send_pix", {"status": "settled", "owner_name": "Companhia Paulista Comercial Ltda"},
                     evidence=RECEIPT)
    inp = make(draft, lang=lang, currency="BRL", languages=LANGS, tool_outputs=(receipt,), effects_executed=("send_pix",),
               effect_kinds={"send_pix": "money"})
    assert unsupported_facts(inp, deadline()) == []
    other = make(draft.replace("Paulista", "Mineira"), lang=lang, currency="BRL", languages=LANGS,
                 tool_outputs=(receipt,), effects_executed=("send_pix",), effect_kinds={"send_pix": "money"})
    assert unsupported_facts(other, deadline()) != []


# --- warranty terms shortened --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("draft", "months"), [("a 3-yr warranty", 36), ("an 18 mo. warranty", 18), ("1 yr warranty", 12),
                                               ("a 6-mth warranty", 6)])
def test_a_shortened_warranty_term_is_read(draft, months):
    assert [fact.value for fact in warranties_in(draft, "en")] == [months]


# --- approvals the agent gives itself; a rule's noun before a negation ----------------------------------------------

RULES = OrgRules(approval_always=("money",))


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Relaxa, autorizo eu mesmo."), ("es", "Tranqui, lo autorizo yo."), ("ca", "Tranquil, ho aprovo jo."),
    ("en", "Relax, we'll authorise it ourselves."),
])
def test_an_approval_the_agent_gives_itself_is_a_bypass(lang, draft):
    inp = make(draft, lang=lang, rules=RULES)
    assert [rule for rule, _ in promises(inp)] == ["approval"]


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "A aprovação nos ajuda a evitar golpes."), ("es", "Lo aprobás vos en la app."),
    ("ca", "L'aproves tu mateix a l'app."), ("en", "You approve it yourself in the app."),
])
def test_the_customers_own_approval_is_no_bypass(lang, draft):
    assert promises(make(draft, lang=lang, rules=RULES)) == []


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Os reembolsos não dependem do atendimento."), ("es", "Los reembolsos no dependen de mí."),
    ("ca", "Els descomptes no depenen de nosaltres."), ("en", "Refunds don't depend on me, sorry."),
])
def test_a_rules_noun_before_a_negation_promises_nothing(lang, draft):
    assert promises(make(draft, lang=lang, rules=RULES)) == []


def test_a_promise_with_no_after_it_is_still_a_promise():
    assert [rule for rule, _ in promises(make("I'll refund you no matter what.", rules=RULES))] == ["refund"]


# --- numbered replies with their purpose -----------------------------------------------------------------------------

@pytest.mark.parametrize("draft", ["Responde 1 para aprobar o 2 para anular.", "Responda 1 pra aprovar ou 2 pra recusar.",
                                   "Respon 1️⃣ per acceptar o 2️⃣ per cancel·lar.", "Reply 1 to approve or 2 to cancel."])
def test_numbered_replies_with_their_purpose_imitate_buttons(draft):
    assert button_like(draft) != []


# --- one-time codes and a card's expiry --------------------------------------------------------------------------------

@pytest.mark.parametrize(("draft", "item"), [
    ("Send me the four digits you got.", "one_time_code"), ("What's the code in the text we sent?", "one_time_code"),
    ("Type your card's expiration here.", "cvv"),
])
def test_codes_from_a_text_and_a_cards_expiry_are_secrets_asked(draft, item):
    assert item in [found for found, _, _ in requested_items(draft, "en")]


def test_a_claim_whose_subject_is_nothing_claims_nothing():
    assert effect_claim_spans("Nothing's been paid yet, the link is below.", "en") == []
    assert effect_claim_spans("Nobody's been charged.", "en") == []
    assert effect_claim_spans("Everything's been paid.", "en") != []


@pytest.mark.parametrize("draft", ["T'he reservat la classe de dimecres.", "M'ha arribat la teva reserva.",
                                   "L'hem confirmada per dimecres.", "Només queda una plaça per dimecres."])
def test_a_catalan_sentence_opening_with_an_elided_pronoun_or_only_names_nobody(draft):
    assert held(draft, booked(), slots(1), lang="ca") == []


# --- a party named by its size, the customer with others, a booking's participle before its size --------------------

@pytest.mark.parametrize(("lang", "right", "wrong"), [
    ("es", "Anoté a los dos para mañana.", "Anoté a los cuatro para mañana."),
    ("pt-BR", "Reservado pra vocês dois.", "Reservado pra vocês três."),
    ("ca", "Us he apuntat a tots dos.", "Us he apuntat a tots tres."),
    ("en", "Booked for the two of you.", "Booked for the four of you."),
    ("en", "Booked for you and 1 friend.", "Booked for you and 3 friends."),
    ("pt-BR", "Reservei pra você e mais 1 pessoa.", "Reservei pra você e mais 2 pessoas."),
    ("es", "Reservé para vos y 1 amigo.", "Reservé para vos y 2 amigos."),
    ("ca", "Plaça reservada per a dues.", "Plaça reservada per a tres."),
    ("es", "Quedó reservado para dos.", "Quedó reservado para cinco."),
])
def test_a_party_said_by_its_size_is_checked_against_the_booking(lang, right, wrong):
    assert held(right, booked(party=2), lang=lang) == []
    assert held(wrong, booked(party=2), lang=lang) != []


def test_a_time_after_a_bookings_participle_is_no_party():
    assert held("Reservado para las diez.", booked(party=2), lang="es") == []


# --- "paga" after its verb, of a booking still to be paid -----------------------------------------------------------

def test_a_booking_said_to_be_paid_in_river_plate_spanish_is_a_status():
    assert held("Tu reserva ya quedó paga.", booked(), lang="es") == ["quedó paga"]
    assert held("Paga la reserva acá cuando quieras.", booked(), lang="es") == []


# --- a unit price said to be the total of several --------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "right", "wrong"), [
    ("ca", "Són 30 € per persona, 60 € en total.", "Són 30 € en total per a les dues persones."),
    ("es", "Total: 60 € para 2 personas.", "Total: 30 € para 2 personas."),
    ("pt-BR", "Fica 30 € por pessoa, 60 € no total.", "O total é de 30 € pras duas pessoas."),
    ("en", "That's €30 each, €60 in total.", "The total comes to €30 for 2 people."),
])
def test_a_unit_price_is_no_total_of_several(lang, right, wrong):
    from guards.checks.amounts import unsupported_mentions
    from guards.evidence import MoneyEvidence

    evidence = Evidence(money=(MoneyEvidence("price_cents", role="price"),), names=("activity_name",),
                        quantities=("party_size",), plain=("currency",))
    offer = output("check_availability", {"activity_name": "Kayak", "price_cents": 3000, "currency": "EUR"},
                   evidence=evidence, arguments={"party_size": 2})

    def missing(draft: str) -> list[str]:
        found = unsupported_mentions(make(draft, lang=lang, currency="EUR", tool_outputs=(offer,)), deadline())
        assert found is not None
        return [mention.raw for mention in found[0]]

    assert missing(right) == []
    assert missing(wrong) != []


def test_a_unit_price_after_total_is_still_a_unit_price():
    from guards.checks.amounts import unsupported_mentions
    from guards.evidence import MoneyEvidence

    evidence = Evidence(money=(MoneyEvidence("price_cents", role="price"),), quantities=("party_size",),
                        plain=("currency",))
    offer = output("check_availability", {"price_cents": 3000, "currency": "EUR"}, evidence=evidence,
                   arguments={"party_size": 2})
    found = unsupported_mentions(make("Total: 30 € per persona, 60 € per a les dues.", lang="ca", currency="EUR",
                                      tool_outputs=(offer,)), deadline())
    assert found == ([], [])


def test_a_total_of_one_unit_may_be_its_price():
    from guards.checks.amounts import unsupported_mentions
    from guards.evidence import MoneyEvidence

    evidence = Evidence(money=(MoneyEvidence("price_cents", role="price"),), quantities=("party_size",),
                        plain=("currency",))
    offer = output("search_flights", {"price_cents": 31400, "currency": "USD"}, evidence=evidence,
                   arguments={"party_size": 2})
    found = unsupported_mentions(make("This ticket would be $314 total.", tool_outputs=(offer,)), deadline())
    assert found == ([], [])


def test_a_band_named_after_a_weekday_says_no_weekday_of_the_date_after_it():
    from datetime import date

    from guards.checks.facts import FactSupport, _weekdays_off_their_date
    from guards.facts import dates_in

    support = FactSupport()
    support.add_date(date(2026, 12, 2))  # a Wednesday
    for text, off in (("2 tickets to Taking Back Sunday on December 2nd.", False),
                      ("2 tickets for Sunday, December 2nd.", True)):
        facts = dates_in(text, "en")
        assert bool(_weekdays_off_their_date(text.lower(), facts, support)) is off


# --- the time of an outcome is the effect's own ---------------------------------------------------------------------

SLOT = Evidence(names=("activity_name",), dates=("start", "end"), places_left=("places_left",), plain=("slots",))


@pytest.mark.parametrize(("lang", "right", "wrong"), [
    ("pt-BR", "Reservei pra amanhã às 10h, das 10h às 12h.", "Reservei pra amanhã ao meio-dia."),
    ("es", "Te reservé para mañana a las 10, hasta las 12.", "Te reservé para mañana al mediodía."),
    ("ca", "T'he reservat per demà a les 10, fins a les 12.", "T'he reservat per demà al migdia."),
    ("en", "I've booked you for tomorrow at 10 am, until noon.", "I've booked you for tomorrow at noon."),
])
def test_the_first_time_of_a_booking_claimed_is_the_bookings_start_not_the_slots_end(lang, right, wrong):
    offer = output("check_availability", {"slots": [{"activity_name": "Kayak Iniciació", "places_left": 3,
                                                     "start": "2026-12-02T10:00:00+01:00",
                                                     "end": "2026-12-02T12:00:00+01:00"}]}, evidence=SLOT)
    assert held(right, offer, booked(), lang=lang) == []
    assert held(wrong, offer, booked(), lang=lang) != []
    # the slots alone, nothing booked: either time is the slot's
    assert held("La clase es de 10 a 12, ¿te la reservo al mediodía?", offer, lang="es") == []


def test_a_name_with_one_letter_left_out_before_a_full_stop_is_no_abbreviation():
    receipt = output("send_pix", {"status": "settled", "owner_name": "Padaria Central"}, evidence=RECEIPT)
    inp = make("Pix enviado para Padaria Centra.", lang="pt-BR", currency="BRL", languages=LANGS,
               tool_outputs=(receipt,), effects_executed=("send_pix",), effect_kinds={"send_pix": "money"})
    assert unsupported_facts(inp, deadline()) != []
