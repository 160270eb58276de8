"""Causes the ninth blind adversarial round found (`tools.eval.adversarial_round9`, drafts in SGD-like services the
demo does not have), each tested in the languages it applies to, with wordings of its own, and a wrong draft beside
it still held: a declared key's list of plain values (a film's show times) read as nothing, a measure ("arrives in 6
minutes", "4 stars", "70% chance of rain") unsupported when the tool declared its number among its quantities, and
the Portuguese "livres" / "disponíveis" after a count noun not read as what is left."""

from __future__ import annotations

import pytest

from guards.evidence import Evidence, MoneyEvidence
from guards.registry import registered
from guards.tests.helpers import customer, deadline, make, output
from language.locales import LANGS, Lang

EFFECT_KINDS = {"get_ride": "booking", "reserve_hotel": "booking", "reserve_car": "booking",
                "transfer_between_accounts": "money"}
ZONE = {"pt-BR": "America/Sao_Paulo", "es": "Europe/Madrid", "ca": "Europe/Andorra", "en": "America/Chicago"}
CURRENCY = {"pt-BR": "BRL", "es": "EUR", "ca": "EUR", "en": "USD"}


def guarded(draft: str, *outputs, lang: Lang, effects=(), said: str = "", org_kind: str = "school") -> list[str]:
    """The production guards that hold the draft (each as `run_guards` calls it)."""
    from magie.choices import GUARD_NAMES

    inp = make(draft, lang=lang, currency=CURRENCY[lang], org_kind=org_kind, languages=LANGS,  # type: ignore[arg-type]
               tool_outputs=outputs, effects_executed=effects, effect_kinds=EFFECT_KINDS,
               history=(customer(said),) if said else (), today="2026-12-07", time_zones=(ZONE[lang],))
    guards = registered()
    return [name for name in GUARD_NAMES if not guards[name](inp, deadline()).passed]


# --- a declared key's list of plain values: each is that key's value ---

SHOWTIMES = Evidence(names=("title", "theater_name"), dates=("show_date", "show_times"),
                     money=(MoneyEvidence("price_per_ticket", unit="units", role="price", currency_field=None),),
                     plain=("show_type",))


def showtimes(title: str, theater: str, times: list[str]):
    return output("get_showtimes", {"title": title, "theater_name": theater, "show_date": "2026-12-09",
                                    "show_times": times, "show_type": "regular", "price_per_ticket": 12},
                  evidence=SHOWTIMES)


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Na quarta, Flow passa no Cine Belas Artes às 14h20 e às 20h05."),
    ("es", "El miércoles ponen Flow en los Cines Verdi a las 14:20 y a las 20:05."),
    ("ca", "Dimecres fan Flow als Cinemes Girona a les 14:20 i a les 20:05."),
    ("en", "Flow is showing Wednesday at the Music Box at 2:20 PM and 8:05 PM."),
])
def test_show_times_listed_under_a_declared_key_are_times(lang: Lang, draft: str):
    theater = {"pt-BR": "Cine Belas Artes", "es": "Cines Verdi", "ca": "Cinemes Girona", "en": "Music Box"}[lang]
    assert guarded(draft, showtimes("Flow", theater, ["14:20", "20:05"]), lang=lang) == []
    wrong = draft.replace("20h05", "21h05").replace("20:05", "21:05").replace("8:05 PM", "9:05 PM")
    assert "unsupported_fact" in guarded(wrong, showtimes("Flow", theater, ["14:20", "20:05"]), lang=lang)


# --- a measure of a number the tool declared among its quantities ---

RIDE = Evidence(names=("destination", "driver_name"), quantities=("number_of_seats", "wait_minutes", "ride_minutes"),
                money=(MoneyEvidence("fare", unit="units", currency_field=None),), plain=("ride_type", "status"))
HOTELS = Evidence(names=("hotel_name",), quantities=("star_rating", "average_rating"), places_left=("rooms_left",),
                  plain=("hotels",))
WEATHER = Evidence(names=("city",), dates=("date",), quantities=("temperature", "precipitation", "humidity", "wind"))


def ride(seats: int, wait: int, minutes: int):
    return output("get_ride", {"destination": "Union Station", "driver_name": "Ana", "number_of_seats": seats,
                               "wait_minutes": wait, "ride_minutes": minutes, "fare": 19.5, "ride_type": "Regular",
                               "status": "confirmed"}, evidence=RIDE)


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "A Ana chega em 8 minutos e a viagem leva uns 31 minutos."),
    ("es", "Ana llega en 8 minutos; el trayecto dura unos 31 minutos."),
    ("ca", "L'Ana arriba en 8 minuts i el trajecte és d'uns 31 minuts."),
    ("en", "Ana arrives in 8 minutes, and the trip takes about 31 minutes."),
])
def test_minutes_a_ride_declares_among_its_quantities_support_a_measure(lang: Lang, draft: str):
    assert guarded(draft, ride(5, 8, 31), lang=lang, effects=("get_ride",)) == []
    # the seats still count seats only: "in 5 minutes" after a wait of 8 for 5 seats is held
    wrong = draft.replace("8 minut", "5 minut")
    assert "unsupported_fact" in guarded(wrong, ride(5, 8, 31), lang=lang, effects=("get_ride",))


@pytest.mark.parametrize(("lang", "draft", "wrong"), [
    ("pt-BR", "O Hotel Sol tem 4 estrelas e o Hotel Mar, 2 estrelas.", "O Hotel Sol tem 5 estrelas."),
    ("es", "El Hotel Sol tiene 4 estrellas y el Hotel Mar, 2 estrellas.", "El Hotel Sol tiene 5 estrellas."),
    ("ca", "L'Hotel Sol té 4 estrelles i l'Hotel Mar, 2 estrelles.", "L'Hotel Sol té 5 estrelles."),
    ("en", "Hotel Sol has 4 stars, and Hotel Mar has 2 stars.", "Hotel Sol has 5 stars."),
])
def test_star_ratings_declared_as_quantities_support_stars(lang: Lang, draft: str, wrong: str):
    found = output("search_hotels", {"hotels": [
        {"hotel_name": "Hotel Sol", "star_rating": 4, "average_rating": 4.1, "rooms_left": 3},
        {"hotel_name": "Hotel Mar", "star_rating": 2, "average_rating": 3.8, "rooms_left": 9}]}, evidence=HOTELS)
    assert guarded(draft, found, lang=lang) == []
    assert "unsupported_fact" in guarded(wrong, found, lang=lang)


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Sexta em Natal: 31% de chance de chuva e umidade de 64%."),
    ("es", "El viernes en Málaga: 31% de probabilidad de lluvia y humedad del 64%."),
    ("ca", "Divendres a Girona: un 31% de probabilitat de pluja i un 64% d'humitat."),
    ("en", "Friday in Austin: a 31% chance of rain and 64% humidity."),
])
def test_percentages_of_the_weather_declared_as_quantities_are_supported(lang: Lang, draft: str):
    city = {"pt-BR": "Natal", "es": "Málaga", "ca": "Girona", "en": "Austin"}[lang]
    weather = output("get_weather", {"city": city, "date": "2026-12-11", "temperature": 24, "precipitation": 31,
                                     "humidity": 64, "wind": 11}, evidence=WEATHER)
    assert guarded(draft, weather, lang=lang) == []
    assert "unsupported_fact" in guarded(draft.replace("31%", "41%"), weather, lang=lang)


# --- Portuguese "livres" / "disponíveis" after a count noun: what is left ---

@pytest.mark.parametrize("draft", ["O Hotel Sol tem só 3 quartos livres.",
                                   "Ainda há 3 quartos disponíveis no Hotel Sol."])
def test_rooms_livres_are_places_left_in_portuguese(draft: str):
    found = output("search_hotels", {"hotels": [{"hotel_name": "Hotel Sol", "star_rating": 4, "average_rating": 4.1,
                                                 "rooms_left": 3}]}, evidence=HOTELS)
    assert guarded(draft, found, lang="pt-BR") == []
    assert "unsupported_fact" in guarded(draft.replace("3 quartos", "2 quartos"), found, lang="pt-BR")


# --- Catalan: an article elided before a name opening a sentence ("L'Ana", "L'Hotel Sol") ---

@pytest.mark.parametrize(("draft", "wrong"), [
    ("L'Hotel Sol té 4 estrelles i encara hi queden 3 habitacions.", "L'Hotel Lluna té 4 estrelles."),
    ("Perfecte. L'Ana arriba en 8 minuts.", "Perfecte. L'Ana Puig arriba en 8 minuts."),
])
def test_a_name_after_an_elided_article_opening_a_catalan_sentence_is_the_name(draft: str, wrong: str):
    found = output("search_hotels", {"hotels": [{"hotel_name": "Hotel Sol", "star_rating": 4, "average_rating": 4.1,
                                                 "rooms_left": 3}]}, evidence=HOTELS)
    outputs = (found, ride(5, 8, 31))
    assert guarded(draft, *outputs, lang="ca", effects=("get_ride",)) == []
    assert "unsupported_fact" in guarded(wrong, *outputs, lang="ca", effects=("get_ride",))


# --- a stay's range "de 18 a 21/12": the day of a date, no hour ---

STAY = Evidence(names=("hotel_name",), dates=("check_in_date", "check_out_date"),
                quantities=("number_of_rooms", "number_of_nights"), plain=("status",))


def stay(rooms: int = 1, nights: int = 3):
    return output("reserve_hotel", {"hotel_name": "Hotel Sol", "check_in_date": "2026-12-18",
                                    "check_out_date": "2026-12-21", "number_of_rooms": rooms, "number_of_nights": nights,
                                    "status": "confirmed"}, evidence=STAY)


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Reservado o Hotel Sol de 18 a 21/12."),
    ("es", "Reservado el Hotel Sol del 18 al 21/12."),
    ("ca", "Reservat l'Hotel Sol del 18 al 21/12."),
])
def test_the_end_of_a_range_of_days_is_no_hour(lang: Lang, draft: str):
    assert guarded(draft, stay(), lang=lang, effects=("reserve_hotel",)) == []
    assert "unsupported_fact" in guarded(draft.replace("21/12", "22/12"), stay(), lang=lang, effects=("reserve_hotel",))


# --- "les dues del migdia", "las dos del mediodía": after noon ---

TABLE = Evidence(names=("restaurant_name",), dates=("date", "time"), quantities=("party_size",), plain=("status",))


@pytest.mark.parametrize(("lang", "draft", "wrong"), [
    ("ca", "Taula reservada a Can Soler diumenge a les dues del migdia.",
     "Taula reservada a Can Soler diumenge a les tres del migdia."),
    ("es", "Mesa reservada en Can Soler el domingo a las dos del mediodía.",
     "Mesa reservada en Can Soler el domingo a las tres del mediodía."),
])
def test_an_hour_of_midday_is_after_noon(lang: Lang, draft: str, wrong: str):
    made = output("reserve_restaurant", {"restaurant_name": "Can Soler", "date": "2026-12-13", "time": "14:00",
                                         "party_size": 4, "status": "confirmed"}, evidence=TABLE)
    assert guarded(draft, made, lang=lang, effects=("reserve_restaurant",)) == []
    assert "unsupported_fact" in guarded(wrong, made, lang=lang, effects=("reserve_restaurant",))


# --- Portuguese "aceita" / "paga" with their object: the present, no claim ---

def test_a_present_with_its_object_is_no_claim_in_portuguese():
    for draft in ("O apartamento aceita animais e fica perto do metrô.", "A pousada aceita cartão de crédito."):
        assert "effect_claim_without_effect" not in guarded(draft, lang="pt-BR")
    for claim in ("Inscrição aceita com sucesso!", "Pronto, conta paga!", "Sua matrícula foi aceita."):
        assert "effect_claim_without_effect" in guarded(claim, lang="pt-BR")


# --- a rental's "devolução" on its day: no refund promised ---

@pytest.mark.parametrize(("lang", "draft", "promise"), [
    ("pt-BR", "Retirada na segunda às 10h e devolução no dia 17.", "Faremos a devolução do valor em até 7 dias."),
    ("es", "Recogida el viernes y devolución el domingo a las 10.", "Te haremos la devolución del dinero mañana."),
    ("ca", "Recollida divendres i devolució diumenge.", "Et farem la devolució dels diners demà."),
])
def test_a_return_said_with_its_day_is_no_refund(lang: Lang, draft: str, promise: str):
    assert "policy_bypass" not in guarded(draft, lang=lang)
    assert "policy_bypass" in guarded(promise, lang=lang)


# --- a claim whose verb says no kind takes its object's ("t'he fet la transferència") ---

CAR = Evidence(names=("car_name", "pickup_location"), dates=("pickup_date",), plain=("status",))


@pytest.mark.parametrize(("lang", "draft", "true"), [
    ("ca", "Cotxe reservat i ja t'he fet la transferència dels 40 €.", "Cotxe reservat i ja t'he fet la reserva."),
    ("es", "Coche reservado y ya te he hecho la transferencia de 40 €.", "Coche reservado; ya te he hecho la reserva."),
    ("pt-BR", "Carro reservado e já fiz a transferência de R$ 40,00.", "Carro reservado e já fiz a reserva."),
    ("en", "Your car is booked, and I've made the transfer of $40.", "Your car is booked, and I've made the reservation."),
])
def test_a_generic_verb_claims_what_its_object_names(lang: Lang, draft: str, true: str):
    car = output("reserve_car", {"car_name": "Seat Ibiza", "pickup_location": "Sants", "pickup_date": "2026-12-18",
                                 "status": "confirmed"}, evidence=CAR)
    assert "effect_claim_without_effect" in guarded(draft, car, lang=lang, effects=("reserve_car",))
    assert "effect_claim_without_effect" not in guarded(true, car, lang=lang, effects=("reserve_car",))
