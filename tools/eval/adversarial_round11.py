"""Issue 29, eleventh blind round: 120 system turns as SGD's crowd writers write them, on SGD's own services (the
train schema's Restaurants, Events, Services, Banks, Hotels, Movies, Media, Music, Travel, Buses, Flights,
RideSharing, RentalCars, Calendar and Weather), 60 in English and 20 each in pt-BR, es and ca: 96 true ones (every
fact said is in this turn's results or the Ask's confirmed slots) and 24 wrong ones (one wrong name, day, time,
count, price, status or effect kind each). One expectation was corrected after the first run (95 true, 25 wrong
since): a Catalan house's per-night price said as a total.

Each turn is built the way `tools.eval.sgd` builds a corpus turn: the tool outputs are service calls with SGD's
result shapes (rows of slot → string value), each declaring its service's evidence (`tools.eval.sgd.service_evidence`
of the schema, its money in the currency of the language's assistant: `_priced_in`); a transactional call that succeeded is an executed effect of its kind, a failed one an output with
ok False holding its alternatives; the Ask's slots are the customer's state as said plus the canonical values the
system confirms (`<slot>_confirmed`) and the intent's optional defaults; a question back has the intent's required
slots the state does not fill as missing slots. `TODAY` is SGD's 1 March 2019, a Friday: tomorrow is Saturday the
2nd, next Tuesday the 5th.

The English true drafts are worded as SGD's writers word them — short, plain, sometimes clumsy: offers, "Please
confirm", questions back, informs of one field, notifies of success and failure, goodbyes, ratings, phone numbers,
prices with and without cents, "7 pm", "half past 6", "March 3rd", "the 4th", lower-case names, titles of common
words, names with "the", numbers in words. Written before reading the guards, new wording (no corpus sentence). Its
first run's figure is in docs/guards.md's rounds table; the set is dev material (read while fixing) since.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from guards.calibration import _snake
from guards.checks.facts import effect_kind_of
from guards.contract import GuardInput, HistoryItem, ToolOutput
from guards.evidence import Evidence
from language.locales import LANGS
from magie.corpora import sgd_corpus_dir
from tools.eval.adversarial import AdversarialCase
from tools.eval.sgd import TODAY, Corpus

__all__ = ["ROUND11", "cases"]

CURRENCY = {"pt-BR": "BRL", "es": "EUR", "ca": "EUR", "en": "USD"}


@cache
def corpus() -> Corpus:
    return Corpus(sgd_corpus_dir())


@dataclass(frozen=True)
class Call:
    """One service call of the turn: its method, parameters and result rows (SGD's shape), failed or not."""

    service: str
    method: str
    parameters: Mapping[str, str]
    rows: tuple[Mapping[str, str], ...]
    failed: bool = False


@dataclass(frozen=True)
class Ask:
    """The customer's open intent: the state as said (surface forms) and what the system confirms (canonical)."""

    service: str
    intent: str
    said: Mapping[str, str] = field(default_factory=dict)
    confirmed: Mapping[str, str] = field(default_factory=dict)


def call(service: str, method: str, parameters: Mapping[str, str], *rows: Mapping[str, str],
         failed: bool = False) -> Call:
    return Call(service, method, dict(parameters), tuple(rows), failed)


@dataclass(frozen=True)
class Round11Case(AdversarialCase):
    """A case of this round, built as `tools.eval.sgd` builds a system turn."""

    calls: tuple[Call, ...] = ()
    ask: Ask | None = None

    @property
    def inp(self) -> GuardInput:
        data = corpus()
        outputs, succeeded, kinds = [], [], {}
        for made in self.calls:
            tool = _snake(made.method)
            evidence = _priced_in(data.evidence[made.service], CURRENCY[self.lang])
            transactional = data.services.transactional(made.service, made.method)
            if transactional:
                kinds[tool] = effect_kind_of(made.method)
            if made.failed:
                outputs.append(ToolOutput(tool, False, {"code": "failed", "alternatives": list(made.rows)}, evidence,
                                          dict(made.parameters)))
                continue
            if transactional:
                succeeded.append(tool)
            outputs.append(ToolOutput(tool, True, [dict(row) for row in made.rows], evidence, dict(made.parameters)))
        services = list(dict.fromkeys([*(made.service for made in self.calls),
                                       *((self.ask.service,) if self.ask else ())]))
        slots: dict[str, str] = {}
        missing: tuple = ()
        if self.ask is not None:
            slots.update(self.ask.said)
            slots.update({f"{slot}_confirmed": value for slot, value in self.ask.confirmed.items()})
            for key, value in data.defaults(self.ask.service, self.ask.intent).items():
                slots.setdefault(key, value)
            missing = data.missing([{"service": self.ask.service, "active_intent": self.ask.intent,
                                     "slot_values": {k: [v] for k, v in self.ask.said.items()}}])
        vocabulary = tuple(dict.fromkeys(v for name in services for v in data.vocabulary.get(name, ())))
        bank = any(data.services.is_money_service(name) for name in services)
        return GuardInput(draft=self.draft, lang=self.lang, currency=CURRENCY[self.lang],
                          org_kind="bank" if bank else "school", tool_outputs=tuple(outputs),
                          history=(HistoryItem("customer", self.said),) if self.said else (), ask_slots=slots,
                          missing_slots=missing, effects_executed=tuple(dict.fromkeys(succeeded)),
                          tools_available=data.services.tools(services), languages=LANGS, effect_kinds=kinds,
                          today=TODAY, vocabulary=vocabulary)


def _priced_in(evidence: Evidence, currency: str) -> Evidence:
    """A service's evidence as its market's assistant declares it: `service_evidence` fixes SGD's money to USD, the
    corpus' currency; the same service answering a Brazilian or a Spanish assistant prices in reais or euros."""
    return replace(evidence, money=tuple(replace(money, currency=currency) for money in evidence.money))


H, P = True, False

# --- English: the services' answers ---

_IL_FORNAIO = {"restaurant_name": "Il Fornaio", "city": "San Jose", "cuisine": "Italian", "price_range": "moderate",
               "street_address": "302 South Market Street", "phone_number": "408-271-3366",
               "serves_alcohol": "True", "has_live_music": "False"}
_PIZZA = {"restaurant_name": "Pizza Antica", "city": "San Jose", "cuisine": "Italian", "price_range": "moderate",
          "street_address": "334 Santana Row", "phone_number": "408-557-8373", "serves_alcohol": "True",
          "has_live_music": "False"}
_TABLE = {"restaurant_name": "the table", "city": "San Jose", "cuisine": "Italian", "price_range": "expensive",
          "street_address": "1110 Willow Street", "phone_number": "408-638-7921", "serves_alcohol": "False",
          "has_live_music": "True"}
EN_RESTOS = (call("Restaurants_1", "FindRestaurants", {"city": "San Jose", "cuisine": "Italian"},
                  _IL_FORNAIO, _PIZZA, _TABLE),)
_RESERVE = {"restaurant_name": "Il Fornaio", "city": "San Jose", "date": "2019-03-05", "time": "19:00",
            "party_size": "4"}
EN_RESERVED = (call("Restaurants_1", "ReserveRestaurant", _RESERVE, {**_IL_FORNAIO, **_RESERVE}),)
EN_NOT_RESERVED = (call("Restaurants_1", "ReserveRestaurant", _RESERVE, failed=True),)
EN_TABLE_ASK = Ask("Restaurants_1", "ReserveRestaurant",
                   {"restaurant_name": "Il Fornaio", "city": "San Jose", "date": "next Tuesday", "time": "7 pm",
                    "party_size": "4"},
                   {"restaurant_name": "Il Fornaio", "city": "San Jose", "date": "2019-03-05", "time": "19:00",
                    "party_size": "4"})

_MUMFORD = {"event_type": "Music", "category": "Folk", "event_name": "Mumford And Sons", "date": "2019-03-07",
            "time": "19:30", "city": "New York", "venue": "Madison Square Garden",
            "venue_address": "4 Pennsylvania Plaza"}
_LUMINEERS = {"event_type": "Music", "category": "Folk", "event_name": "the lumineers", "date": "2019-03-09",
              "time": "20:00", "city": "New York", "venue": "Barclays Center", "venue_address": "620 Atlantic Avenue"}
EN_EVENTS = (call("Events_2", "FindEvents", {"event_type": "Music", "city": "New York"}, _MUMFORD, _LUMINEERS),)
_TICKETS = {"event_name": "the lumineers", "number_of_tickets": "3", "date": "2019-03-09", "city": "New York"}
EN_TICKETS = (call("Events_2", "BuyEventTickets", _TICKETS, {**_LUMINEERS, **_TICKETS}),)
EN_TICKETS_ASK = Ask("Events_2", "BuyEventTickets",
                     {"event_name": "the lumineers", "number_of_tickets": "three", "date": "March 9th",
                      "city": "New York"},
                     {"event_name": "the lumineers", "number_of_tickets": "3", "date": "2019-03-09",
                      "city": "New York"})

_ATELIER = {"stylist_name": "Atelier Hair Salon", "city": "Berkeley", "average_rating": "4.70",
            "street_address": "2901 College Avenue", "phone_number": "510-843-4114", "is_unisex": "False"}
_BAY = {"stylist_name": "Bay Barbers", "city": "Berkeley", "average_rating": "4.10",
        "street_address": "1799 Shattuck Avenue", "phone_number": "510-666-0130", "is_unisex": "True"}
EN_SALONS = (call("Services_1", "FindProvider", {"city": "Berkeley"}, _ATELIER, _BAY),)
_HAIRCUT = {"stylist_name": "Bay Barbers", "appointment_date": "2019-03-04", "appointment_time": "16:30"}
EN_HAIRCUT = (call("Services_1", "BookAppointment", _HAIRCUT, {**_BAY, **_HAIRCUT}),)
EN_HAIRCUT_ASK = Ask("Services_1", "BookAppointment",
                     {"stylist_name": "Bay Barbers", "appointment_date": "the 4th", "appointment_time": "4:30 pm"},
                     {"stylist_name": "Bay Barbers", "appointment_date": "2019-03-04", "appointment_time": "16:30"})

EN_DENTISTS = (call("Services_2", "FindProvider", {"city": "San Jose"},
                    {"dentist_name": "Dr. Lisa Nguyen", "city": "San Jose", "address": "2050 Forest Avenue",
                     "phone_number": "408-246-7980", "offers_cosmetic_services": "True"}),)
_CHECKUP = {"doctor_name": "Dr. Mark Ellis", "appointment_date": "2019-03-06", "appointment_time": "10:15"}
EN_DOCTOR = (call("Services_3", "BookAppointment", _CHECKUP,
                  {**_CHECKUP, "average_rating": "4.80", "street_address": "1 Shrader Street",
                   "phone_number": "415-750-5500", "type": "General Practitioner", "city": "San Francisco"}),)

EN_BALANCE = (call("Banks_1", "CheckBalance", {"account_type": "checking"},
                   {"account_type": "checking", "balance": "4218.37"}),)
_TRANSFER = {"account_type": "checking", "amount": "150", "recipient_account_name": "Jennifer",
             "recipient_account_type": "checking"}
EN_TRANSFER = (call("Banks_1", "TransferMoney", _TRANSFER, dict(_TRANSFER)),)
EN_TRANSFER_ASK = Ask("Banks_1", "TransferMoney",
                      {"account_type": "checking", "amount": "150 bucks", "recipient_account_name": "jennifer"},
                      {"account_type": "checking", "amount": "150", "recipient_account_name": "Jennifer",
                       "recipient_account_type": "checking"})

_DELTA = {"airlines": "Delta Airlines", "origin_city": "Los Angeles", "destination_city": "Seattle",
          "origin_airport": "LAX International Airport", "destination_airport": "Seattle-Tacoma International Airport",
          "departure_date": "2019-03-12", "outbound_departure_time": "06:35", "outbound_arrival_time": "09:20",
          "number_stops": "0", "price": "184", "refundable": "False", "seating_class": "Economy", "passengers": "1"}
_ALASKA = {**_DELTA, "airlines": "Alaska Airlines", "outbound_departure_time": "14:50",
           "outbound_arrival_time": "17:45", "number_stops": "1", "price": "139"}
EN_FLIGHTS = (call("Flights_1", "SearchOnewayFlight", {"origin_city": "Los Angeles", "destination_city": "Seattle",
                                                         "departure_date": "2019-03-12"}, _DELTA, _ALASKA),)

_BUS_EARLY = {"origin": "San Francisco", "destination": "Los Angeles",
              "origin_station_name": "Salesforce Transit Center", "destination_station_name": "Union Station",
              "departure_date": "2019-03-02", "departure_time": "07:40", "price": "48", "group_size": "1",
              "fare_type": "Economy"}
_BUS_LATE = {**_BUS_EARLY, "departure_time": "10:15", "price": "56"}
EN_BUSES = (call("Buses_2", "FindBus", {"origin": "San Francisco", "destination": "Los Angeles",
                                        "departure_date": "2019-03-02"}, _BUS_EARLY, _BUS_LATE),)
_BUS_BOUGHT = {**_BUS_LATE, "group_size": "2", "price": "112"}
EN_BUS_TICKETS = (call("Buses_2", "BuyBusTicket",
                       {"origin": "San Francisco", "destination": "Los Angeles", "departure_date": "2019-03-02",
                        "departure_time": "10:15", "group_size": "2"}, _BUS_BOUGHT),)

EN_RIDE = (call("RideSharing_2", "GetRide", {"destination": "Union Square", "number_of_seats": "2",
                                             "ride_type": "Pool"},
                {"destination": "Union Square", "number_of_seats": "2", "ride_type": "Pool", "ride_fare": "12.50",
                 "wait_time": "5"}),)
EN_CAB = (call("RideSharing_1", "GetRide", {"destination": "3300 Webster Street", "number_of_riders": "1",
                                            "shared_ride": "False"},
               {"destination": "3300 Webster Street", "number_of_riders": "1", "shared_ride": "False",
                "ride_fare": "31.00", "approximate_ride_duration": "23"}),)

_CIVIC = {"car_name": "Honda Civic", "car_type": "Standard", "pickup_location": "SFO International Airport",
          "pickup_city": "San Francisco", "pickup_date": "2019-03-03", "pickup_time": "10:00",
          "dropoff_date": "2019-03-06", "total_price": "96"}
EN_CARS = (call("RentalCars_2", "GetCarsAvailable", {"pickup_city": "San Francisco", "pickup_date": "2019-03-03",
                                                     "pickup_time": "10:00", "dropoff_date": "2019-03-06"}, _CIVIC),)
EN_CAR_BOOKED = (call("RentalCars_2", "ReserveCar",
                      {"pickup_location": "SFO International Airport", "pickup_date": "2019-03-03",
                       "pickup_time": "10:00", "dropoff_date": "2019-03-06", "car_type": "Standard"}, _CIVIC),)

_ZACHARY = {"hotel_name": "Hotel Zachary", "location": "Chicago", "average_rating": "4.40", "price": "189",
            "street_address": "3630 North Clark Street", "phone_number": "+1 773-302-2900", "pets_welcome": "True",
            "number_of_rooms": "1", "check_in_date": "2019-03-08", "check_out_date": "2019-03-10"}
_ACE = {**_ZACHARY, "hotel_name": "ace hotel chicago", "average_rating": "4.30", "price": "156",
        "street_address": "311 North Morgan Street", "phone_number": "+1 312-764-1919", "pets_welcome": "False"}
EN_HOTELS = (call("Hotels_3", "SearchHotel", {"location": "Chicago"}, _ZACHARY, _ACE),)
EN_HOTEL_BOOKED = (call("Hotels_3", "ReserveHotel", {"hotel_name": "Hotel Zachary", "location": "Chicago",
                                                     "check_in_date": "2019-03-08", "check_out_date": "2019-03-10"},
                        _ZACHARY),)
EN_HOUSE = (call("Hotels_2", "SearchHouse", {"where_to": "Portland"},
                 {"where_to": "Portland", "address": "412 Pine Street", "rating": "4.10", "total_price": "560",
                  "has_laundry_service": "True", "number_of_adults": "2", "phone_number": "+1 503-555-0142"}),)
EN_HOTEL_NIGHTS = (call("Hotels_1", "ReserveHotel", {"hotel_name": "The Westin Boston", "check_in_date": "2019-03-05",
                                                     "number_of_days": "3", "destination": "Boston"},
                        {"hotel_name": "The Westin Boston", "check_in_date": "2019-03-05", "number_of_days": "3",
                         "destination": "Boston", "number_of_rooms": "1", "star_rating": "4", "price_per_night": "216",
                         "street_address": "10 Huntington Avenue", "phone_number": "+1 617-262-9600",
                         "has_wifi": "True"}),)

_MOVIE = {"location": "Berkeley", "genre": "Drama", "show_type": "regular", "theater_name": "Regal UA Berkeley",
          "street_address": "2274 Shattuck Avenue", "price": "12"}
EN_MOVIES = (call("Movies_1", "FindMovies", {"location": "Berkeley"}, {**_MOVIE, "movie_name": "Dumbo"},
                  {**_MOVIE, "movie_name": "Us"}, {**_MOVIE, "movie_name": "Captain Marvel"}),)
_US = {**_MOVIE, "movie_name": "Us", "show_date": "2019-03-02", "show_time": "18:30"}
EN_SHOWTIMES = (call("Movies_1", "GetTimesForMovie", {"movie_name": "Us", "location": "Berkeley",
                                                      "show_date": "2019-03-02"}, _US),)
EN_MOVIE_TICKETS = (call("Movies_1", "BuyMovieTickets",
                         {"movie_name": "Us", "number_of_tickets": "2", "show_date": "2019-03-02",
                          "location": "Berkeley", "show_time": "18:30", "show_type": "regular"},
                         {**_US, "number_of_tickets": "2"}),)

EN_COMEDIES = (call("Media_1", "FindMovies", {"genre": "Comedy"},
                    {"title": "Long Shot", "genre": "Comedy", "directed_by": "Jonathan Levine", "subtitles": "False"},
                    {"title": "Booksmart", "genre": "Comedy", "directed_by": "Olivia Wilde", "subtitles": "False"}),)
EN_PLAYING_MOVIE = (call("Media_1", "PlayMovie", {"title": "Booksmart", "subtitles": "False"},
                         {"title": "Booksmart", "genre": "Comedy", "directed_by": "Olivia Wilde",
                          "subtitles": "False"}),)
_SHALLOW = {"song_name": "Shallow", "artist": "Lady Gaga", "album": "A Star Is Born", "genre": "Pop", "year": "2018"}
EN_SONG = (call("Music_1", "LookupSong", {}, _SHALLOW),)
EN_PLAYING = (call("Music_1", "PlaySong", {"song_name": "Shallow", "playback_device": "kitchen speaker"},
                   {**_SHALLOW, "playback_device": "kitchen speaker"}),)

EN_SIGHTS = (call("Travel_1", "FindAttractions", {"location": "San Francisco"},
                  {"attraction_name": "Golden Gate Park", "location": "San Francisco", "category": "Park",
                   "free_entry": "True", "good_for_kids": "True", "phone_number": "415-831-2700"},
                  {"attraction_name": "the exploratorium", "location": "San Francisco", "category": "Museum",
                   "free_entry": "False", "good_for_kids": "True", "phone_number": "415-528-4444"}),)
EN_WEATHER = (call("Weather_1", "GetWeather", {"city": "San Diego", "date": "2019-03-04"},
                   {"city": "San Diego", "date": "2019-03-04", "temperature": "68", "precipitation": "12",
                    "humidity": "40", "wind": "8"}),)
EN_CALENDAR = (call("Calendar_1", "GetEvents", {"event_date": "2019-03-05"},
                    {"event_name": "dentist appointment", "event_date": "2019-03-05", "event_time": "09:00",
                     "event_location": "2201 Broadway"}),)
EN_FREE = (call("Calendar_1", "GetAvailableTime", {"event_date": "2019-03-05"},
                {"event_date": "2019-03-05", "available_start_time": "11:00", "available_end_time": "17:30"}),)
_MEETING = {"event_name": "team lunch", "event_date": "2019-03-05", "event_time": "12:30",
            "event_location": "Tartine Bakery"}
EN_ADDED = (call("Calendar_1", "AddEvent", _MEETING, dict(_MEETING)),)

# --- pt-BR ---
_KINOSHITA = {"restaurant_name": "Kinoshita", "city": "São Paulo", "cuisine": "Japanese", "price_range": "expensive",
              "street_address": "Rua Jacques Félix, 405", "phone_number": "11 3849-6940", "serves_alcohol": "True",
              "has_live_music": "False"}
_NAGAYAMA = {**_KINOSHITA, "restaurant_name": "Nagayama", "price_range": "moderate",
             "street_address": "Rua Bandeira Paulista, 369", "phone_number": "11 3079-7553"}
PT_RESTOS = (call("Restaurants_1", "FindRestaurants", {"city": "São Paulo", "cuisine": "Japanese"},
                  _KINOSHITA, _NAGAYAMA),)
_PT_RESERVE = {"restaurant_name": "Kinoshita", "city": "São Paulo", "date": "2019-03-02", "time": "20:00",
               "party_size": "2"}
PT_RESERVED = (call("Restaurants_1", "ReserveRestaurant", _PT_RESERVE, {**_KINOSHITA, **_PT_RESERVE}),)
PT_TABLE_ASK = Ask("Restaurants_1", "ReserveRestaurant",
                   {"restaurant_name": "Kinoshita", "city": "São Paulo", "date": "amanhã", "time": "8 da noite"},
                   {"restaurant_name": "Kinoshita", "city": "São Paulo", "date": "2019-03-02", "time": "20:00",
                    "party_size": "2"})
PT_BUSES = (call("Buses_1", "FindBus", {"from_location": "São Paulo", "to_location": "Rio de Janeiro",
                                        "leaving_date": "2019-03-08"},
                 {"from_location": "São Paulo", "to_location": "Rio de Janeiro", "from_station": "Terminal Tietê",
                  "to_station": "Rodoviária Novo Rio", "leaving_date": "2019-03-08", "leaving_time": "23:30",
                  "fare": "129", "travelers": "1", "transfers": "0"}),)
PT_WEATHER = (call("Weather_1", "GetWeather", {"city": "Curitiba", "date": "2019-03-03"},
                   {"city": "Curitiba", "date": "2019-03-03", "temperature": "19", "precipitation": "60",
                    "humidity": "85", "wind": "11"}),)
PT_BALANCE = (call("Banks_1", "CheckBalance", {"account_type": "savings"},
                   {"account_type": "savings", "balance": "12504.90"}),)
_PT_TRANSFER = {"account_type": "checking", "amount": "300", "recipient_account_name": "Carla",
                "recipient_account_type": "checking"}
PT_TRANSFER = (call("Banks_1", "TransferMoney", _PT_TRANSFER, dict(_PT_TRANSFER)),)
_STUDIO = {"stylist_name": "Studio W", "city": "São Paulo", "average_rating": "4.50",
           "street_address": "Rua Haddock Lobo, 1626", "phone_number": "11 3063-5566", "is_unisex": "True"}
PT_SALON = (call("Services_1", "BookAppointment", {"stylist_name": "Studio W", "appointment_date": "2019-03-05",
                                                   "appointment_time": "14:00"},
                 {**_STUDIO, "appointment_date": "2019-03-05", "appointment_time": "14:00"}),)
PT_SALON_ASK = Ask("Services_1", "BookAppointment", {"stylist_name": "Studio W"})
_IVETE = {"category": "Music", "subcategory": "Pop", "event_name": "Ivete Sangalo", "date": "2019-03-09",
          "time": "21:00", "city_of_event": "São Paulo", "event_location": "Allianz Parque",
          "address_of_location": "Avenida Francisco Matarazzo, 1705"}
PT_EVENTS = (call("Events_1", "FindEvents", {"category": "Music", "city_of_event": "São Paulo"}, _IVETE),)
_PT_SEATS = {"event_name": "Ivete Sangalo", "number_of_seats": "2", "date": "2019-03-09", "city_of_event": "São Paulo"}
PT_TICKETS = (call("Events_1", "BuyEventTickets", _PT_SEATS, {**_IVETE, **_PT_SEATS}),)
PT_SHOWTIMES = (call("Movies_1", "GetTimesForMovie", {"movie_name": "Capitã Marvel", "location": "São Paulo",
                                                      "show_date": "2019-03-02"},
                     {"movie_name": "Capitã Marvel", "location": "São Paulo", "show_date": "2019-03-02",
                      "show_time": "19:10", "theater_name": "Cinemark Paulista", "price": "32",
                      "show_type": "regular", "genre": "Action", "street_address": "Avenida Paulista, 2073"}),)
PT_CARS = (call("RentalCars_2", "GetCarsAvailable", {"pickup_city": "São Paulo", "pickup_date": "2019-03-04",
                                                     "pickup_time": "09:00", "dropoff_date": "2019-03-07"},
                {"car_name": "Fiat Argo", "car_type": "Compact", "pickup_location": "Aeroporto de Congonhas",
                 "pickup_city": "São Paulo", "pickup_date": "2019-03-04", "pickup_time": "09:00",
                 "dropoff_date": "2019-03-07", "total_price": "210"}),)

# --- es ---
_LUCIO = {"restaurant_name": "Casa Lucio", "city": "Madrid", "cuisine": "Spanish", "price_range": "expensive",
          "street_address": "Calle Cava Baja, 35", "phone_number": "913 65 32 52", "serves_alcohol": "True",
          "has_live_music": "False"}
_BOTIN = {**_LUCIO, "restaurant_name": "Sobrino de Botín", "street_address": "Calle de Cuchilleros, 17",
          "phone_number": "913 66 42 17"}
ES_RESTOS = (call("Restaurants_1", "FindRestaurants", {"city": "Madrid", "cuisine": "Spanish"}, _LUCIO, _BOTIN),)
_ES_RESERVE = {"restaurant_name": "Casa Lucio", "city": "Madrid", "date": "2019-03-01", "time": "21:30",
               "party_size": "3"}
ES_RESERVED = (call("Restaurants_1", "ReserveRestaurant", _ES_RESERVE, {**_LUCIO, **_ES_RESERVE}),)
_IBERIA = {"airlines": "Iberia", "origin_city": "Madrid", "destination_city": "Barcelona",
           "origin_airport": "Aeropuerto Adolfo Suárez Madrid-Barajas", "destination_airport": "Aeropuerto El Prat",
           "departure_date": "2019-03-06", "outbound_departure_time": "07:15", "outbound_arrival_time": "08:30",
           "number_stops": "0", "price": "89", "refundable": "True", "seating_class": "Economy", "passengers": "1"}
ES_FLIGHTS = (call("Flights_1", "SearchOnewayFlight", {"origin_city": "Madrid", "destination_city": "Barcelona",
                                                       "departure_date": "2019-03-06"}, _IBERIA),)
ES_FLIGHT_BOOKED = (call("Flights_1", "ReserveOnewayFlight",
                         {"origin_city": "Madrid", "destination_city": "Barcelona", "airlines": "Iberia",
                          "departure_date": "2019-03-06"}, _IBERIA),)
_CASA1800 = {"hotel_name": "Hotel Casa 1800", "location": "Sevilla", "average_rating": "4.70", "price": "340",
             "street_address": "Calle Rodrigo Caro, 6", "phone_number": "+34 954 56 18 00", "pets_welcome": "False",
             "number_of_rooms": "1", "check_in_date": "2019-03-08", "check_out_date": "2019-03-10"}
ES_HOTEL_BOOKED = (call("Hotels_3", "ReserveHotel", {"hotel_name": "Hotel Casa 1800", "location": "Sevilla",
                                                     "check_in_date": "2019-03-08", "check_out_date": "2019-03-10"},
                        _CASA1800),)
ES_WEATHER = (call("Weather_1", "GetWeather", {"city": "Valencia", "date": "2019-03-02"},
                   {"city": "Valencia", "date": "2019-03-02", "temperature": "21", "precipitation": "5",
                    "humidity": "55", "wind": "14"}),)
_RUIZ = {"doctor_name": "Dra. Elena Ruiz", "city": "Madrid", "type": "Dermatologist", "average_rating": "4.90",
         "street_address": "Calle de Serrano, 88", "phone_number": "915 76 11 20"}
ES_DOCTORS = (call("Services_3", "FindProvider", {"city": "Madrid", "type": "Dermatologist"}, _RUIZ),)
_ES_VISIT = {"doctor_name": "Dra. Elena Ruiz", "appointment_date": "2019-03-07", "appointment_time": "11:45"}
ES_DOCTOR_BOOKED = (call("Services_3", "BookAppointment", _ES_VISIT, {**_RUIZ, **_ES_VISIT}),)
ES_DOCTOR_ASK = Ask("Services_3", "BookAppointment",
                    {"doctor_name": "Elena Ruiz", "appointment_date": "el jueves", "appointment_time": "12 menos cuarto"},
                    dict(_ES_VISIT))
ES_RIDE = (call("RideSharing_1", "GetRide", {"destination": "Estación de Atocha", "number_of_riders": "2",
                                             "shared_ride": "True"},
                {"destination": "Estación de Atocha", "number_of_riders": "2", "shared_ride": "True",
                 "ride_fare": "9.40", "approximate_ride_duration": "18"}),)
ES_PLAYING = (call("Music_2", "PlayMedia", {"song_name": "Despacito", "playback_device": "TV"},
                   {"song_name": "Despacito", "artist": "Luis Fonsi", "album": "Vida", "genre": "Pop",
                    "playback_device": "TV"}),)
ES_BALANCE = (call("Banks_1", "CheckBalance", {"account_type": "checking"},
                   {"account_type": "checking", "balance": "2340.15"}),)
ES_EVENTS = (call("Events_2", "FindEvents", {"event_type": "Music", "city": "Madrid"},
                  {"event_type": "Music", "category": "Pop", "event_name": "Rosalía", "date": "2019-03-15",
                   "time": "21:00", "city": "Madrid", "venue": "WiZink Center",
                   "venue_address": "Avenida Felipe II, s/n"}),)

# --- ca ---
_SOLE = {"restaurant_name": "Can Solé", "city": "Barcelona", "cuisine": "Catalan", "price_range": "moderate",
         "street_address": "Carrer de Sant Carles, 4", "phone_number": "932 21 50 12", "serves_alcohol": "True",
         "has_live_music": "False"}
_PORTES = {**_SOLE, "restaurant_name": "7 Portes", "price_range": "expensive",
           "street_address": "Passeig d'Isabel II, 14", "phone_number": "933 19 30 33"}
CA_RESTOS = (call("Restaurants_1", "FindRestaurants", {"city": "Barcelona", "cuisine": "Catalan"}, _SOLE, _PORTES),)
_CA_RESERVE = {"restaurant_name": "Can Solé", "city": "Barcelona", "date": "2019-03-03", "time": "14:00",
               "party_size": "2"}
CA_RESERVED = (call("Restaurants_1", "ReserveRestaurant", _CA_RESERVE, {**_SOLE, **_CA_RESERVE}),)
CA_TABLE_ASK = Ask("Restaurants_1", "ReserveRestaurant", {"restaurant_name": "Can Solé", "city": "Barcelona"})
CA_FREE = (call("Calendar_1", "GetAvailableTime", {"event_date": "2019-03-04"},
                {"event_date": "2019-03-04", "available_start_time": "08:00", "available_end_time": "12:30"}),)
_CA_MEETING = {"event_name": "reunió", "event_date": "2019-03-04", "event_time": "10:00",
               "event_location": "Carrer de Balmes, 150"}
CA_ADDED = (call("Calendar_1", "AddEvent", _CA_MEETING, dict(_CA_MEETING)),)
CA_BUSES = (call("Buses_1", "FindBus", {"from_location": "Barcelona", "to_location": "Girona",
                                        "leaving_date": "2019-03-05"},
                 {"from_location": "Barcelona", "to_location": "Girona", "from_station": "Estació del Nord",
                  "to_station": "Estació d'autobusos de Girona", "leaving_date": "2019-03-05",
                  "leaving_time": "09:15", "fare": "14", "travelers": "1", "transfers": "0"}),)
CA_SHOWTIMES = (call("Movies_1", "GetTimesForMovie", {"movie_name": "Dolor y gloria", "location": "Barcelona",
                                                      "show_date": "2019-03-02"},
                     {"movie_name": "Dolor y gloria", "location": "Barcelona", "show_date": "2019-03-02",
                      "show_time": "22:00", "theater_name": "Cinemes Verdi", "price": "9", "show_type": "regular",
                      "genre": "Drama", "street_address": "Carrer de Verdi, 32"}),)
CA_WEATHER = (call("Weather_1", "GetWeather", {"city": "Girona", "date": "2019-03-02"},
                   {"city": "Girona", "date": "2019-03-02", "temperature": "16", "precipitation": "30",
                    "humidity": "70", "wind": "9"}),)
_CA_DENTIST = {"dentist_name": "Clínica Dental Diagonal", "appointment_date": "2019-03-06",
               "appointment_time": "17:00"}
CA_DENTIST = (call("Services_2", "BookAppointment", _CA_DENTIST,
                   {**_CA_DENTIST, "address": "Avinguda Diagonal, 421", "phone_number": "934 15 22 30",
                    "city": "Barcelona", "offers_cosmetic_services": "True"}),)
CA_CAR = (call("RentalCars_1", "ReserveCar", {"pickup_location": "Aeroport del Prat", "pickup_date": "2019-03-08",
                                              "pickup_time": "12:00", "dropoff_date": "2019-03-10",
                                              "type": "Standard"},
               {"car_name": "Seat Ibiza", "type": "Standard", "pickup_location": "Aeroport del Prat",
                "pickup_city": "Barcelona", "pickup_date": "2019-03-08", "pickup_time": "12:00",
                "dropoff_date": "2019-03-10", "total_price": "120"}),)
_CA_TRANSFER = {"account_type": "checking", "amount": "50", "recipient_account_name": "Jordi",
                "recipient_account_type": "checking"}
CA_TRANSFER = (call("Banks_1", "TransferMoney", _CA_TRANSFER, dict(_CA_TRANSFER)),)
CA_BALANCE = (call("Banks_1", "CheckBalance", {"account_type": "checking"},
                   {"account_type": "checking", "balance": "860.00"}),)
CA_HOUSE = (call("Hotels_2", "SearchHouse", {"where_to": "Sitges"},
                 {"where_to": "Sitges", "address": "Carrer Major, 12", "rating": "4.50", "total_price": "420",
                  "has_laundry_service": "False", "number_of_adults": "4", "phone_number": "+34 938 94 11 20"}),)

NONE: tuple[Call, ...] = ()

# (kind, lang, calls, what the customer said, draft, held[, the Ask])
ROUND11: tuple[tuple[Any, ...], ...] = (
    # --- en: offers, informs, confirmations, notifications, goodbyes ---
    ("offer", "en", EN_RESTOS, "find me italian food in san jose",
     "I found 3 restaurants you might like. How about Il Fornaio in San Jose?", P),
    ("name_the", "en", EN_RESTOS, "anything else?",
     "There's also a nice spot called the table, it's in San Jose too.", P),
    ("phone", "en", EN_RESTOS, "what's their number?", "Their phone number is 408-271-3366.", P),
    ("inform", "en", EN_RESTOS, "do they serve drinks? where is it?",
     "Yes, they do serve alcohol. It's located at 302 South Market Street.", P),
    ("count_words", "en", EN_RESTOS, "show me what you have",
     "There are three places. Pizza Antica is a moderately priced one on Santana Row.", P),
    ("confirm", "en", NONE, "yes book it for next tuesday at 7 pm, 4 people",
     "Please confirm: a table for 4 at Il Fornaio in San Jose next Tuesday at 7 pm.", P, EN_TABLE_ASK),
    ("notify", "en", EN_RESERVED, "yes that's right",
     "Your table has been reserved. See you at 7 in the evening!", P, EN_TABLE_ASK),
    ("failure", "en", EN_NOT_RESERVED, "yes please",
     "Sorry, I was unable to make the reservation. Is there anything else I can do?", P, EN_TABLE_ASK),
    ("offer", "en", EN_EVENTS, "any concerts in NYC?",
     "I found 2 events. Mumford And Sons is playing at Madison Square Garden on March 7th at 7:30 pm.", P),
    ("lower_case", "en", EN_EVENTS, "what else?",
     "There's the lumineers at Barclays Center on Saturday, March 9th. It starts at 8 pm.", P),
    ("confirm", "en", NONE, "three tickets for the lumineers please",
     "Please confirm the following: three tickets for the lumineers on March 9th in New York.", P,
     EN_TICKETS_ASK),
    ("inform", "en", EN_TICKETS, "where is the venue?", "The venue is at 620 Atlantic Avenue.", P),
    ("rating", "en", EN_SALONS, "find a salon in berkeley",
     "I found 2 salons in Berkeley. Atelier Hair Salon has a rating of 4.7.", P),
    ("rating", "en", EN_SALONS, "any unisex ones?", "Bay Barbers is unisex and is rated 4.1.", P),
    ("confirm", "en", NONE, "the 4th at 4:30 pm",
     "Please confirm: an appointment at Bay Barbers on March 4th at half past 4 in the afternoon.", P,
     EN_HAIRCUT_ASK),
    ("notify", "en", EN_HAIRCUT, "yes",
     "Your appointment has been booked. The address is 1799 Shattuck Avenue.", P, EN_HAIRCUT_ASK),
    ("inform", "en", EN_DENTISTS, "do they do cosmetic stuff?",
     "Yes, Dr. Lisa Nguyen offers cosmetic services. Her office is at 2050 Forest Avenue.", P),
    ("notify", "en", EN_DOCTOR, "yes please", "Your appointment is booked for Wednesday at 10:15 am.", P),
    ("price_cents", "en", EN_BALANCE, "how much is in checking?",
     "The balance of your checking account is $4,218.37.", P),
    ("confirm", "en", NONE, "send 150 bucks to jennifer",
     "Please confirm: transfer $150 from your checking account to Jennifer's checking account.", P,
     EN_TRANSFER_ASK),
    ("notify", "en", EN_TRANSFER, "yes", "Your transfer was successful. Jennifer should get the money soon.", P,
     EN_TRANSFER_ASK),
    ("offer", "en", EN_FLIGHTS, "flights from LA to seattle on the 12th",
     "I found 2 flights. There's a Delta Airlines flight leaving at 6:35 am with no stops. It costs $184.", P),
    ("inform", "en", EN_FLIGHTS, "what about the other one?",
     "The Alaska Airlines flight has 1 stop and gets in at 5:45 pm.", P),
    ("offer", "en", EN_BUSES, "bus to LA tomorrow",
     "How about the bus that leaves at 7:40 am? It's $48 for one person.", P),
    ("inform", "en", EN_BUSES, "which stations?",
     "It departs from Salesforce Transit Center and arrives at Union Station.", P),
    ("time_words", "en", EN_BUS_TICKETS, "yes, two tickets on the later one",
     "Your tickets are purchased. The bus leaves at quarter past 10 in the morning.", P),
    ("notify", "en", EN_RIDE, "yes get me a pool to union square",
     "Your ride is booked and will be there in 5 minutes.", P),
    ("inform", "en", EN_CAB, "how long will it take?", "The ride takes about 23 minutes and costs $31.", P),
    ("offer", "en", EN_CARS, "i need a car at SFO from the 3rd to the 6th",
     "I found 1 car for you. It's a standard Honda Civic at SFO International Airport, available March 3rd. The "
     "total is $96.", P),
    ("notify", "en", EN_CAR_BOOKED, "yes that works", "Your car has been reserved. You can pick it up at 10 am.", P),
    ("rating", "en", EN_HOTELS, "hotels in chicago",
     "I found 2 hotels. How about Hotel Zachary? It has a 4.4 rating.", P),
    ("lower_case", "en", EN_HOTELS, "something cheaper?",
     "ace hotel chicago is $156 in total and has a rating of 4.3.", P),
    ("notify", "en", EN_HOTEL_BOOKED, "yes",
     "Your room is booked from Friday the 8th to Sunday the 10th.", P),
    ("inform", "en", EN_HOUSE, "find me a house in portland",
     "There's a nice house at 412 Pine Street with a 4.1 rating. It has laundry service.", P),
    ("count", "en", EN_HOTEL_NIGHTS, "yes", "You're booked for 3 nights at a 4 star hotel.", P),
    ("common_title", "en", EN_MOVIES, "what's playing in berkeley?",
     "I found 3 movies: Dumbo, Us and Captain Marvel.", P),
    ("time", "en", EN_SHOWTIMES, "when is us showing tomorrow?",
     "There's a showing of Us at 6:30 pm at Regal UA Berkeley.", P),
    ("notify", "en", EN_MOVIE_TICKETS, "yes", "Your 2 tickets for Us have been purchased.", P),
    ("offer", "en", EN_COMEDIES, "find me a comedy", "How about Long Shot? It's directed by Jonathan Levine.", P),
    ("notify", "en", EN_PLAYING_MOVIE, "play booksmart", "Booksmart is now playing without subtitles.", P),
    ("offer", "en", EN_SONG, "find me a song",
     "I found 1 song. How about Shallow by Lady Gaga from the album A Star Is Born?", P),
    ("notify", "en", EN_PLAYING, "play it in the kitchen", "The song is now playing on your kitchen speaker.", P),
    ("offer", "en", EN_SIGHTS, "what can i see in SF?",
     "You could visit Golden Gate Park. It's a park and the entry is free.", P),
    ("weather", "en", EN_WEATHER, "weather in san diego on monday?",
     "It will be around 68 degrees with a 12 percent chance of rain.", P),
    ("inform", "en", EN_CALENDAR, "what do I have next tuesday?",
     "You have 1 event on that day: dentist appointment at 9 am.", P),
    ("inform", "en", EN_FREE, "when am i free that day?", "You're free from 11 am until 5:30 pm.", P),
    ("notify", "en", EN_ADDED, "add team lunch at half past 12", "The event has been added to your calendar.", P),
    ("goodbye", "en", NONE, "thanks, that's all", "Have a wonderful day!", P),
    # --- en: the wrong fifth ---
    ("name", "en", EN_RESTOS, "anything else?", "How about Pizza Antico on Santana Row?", H),
    ("time", "en", EN_RESERVED, "yes that's right", "Your table for 4 is reserved for 7:30 pm.", H, EN_TABLE_ASK),
    ("status", "en", EN_NOT_RESERVED, "yes please", "Your reservation went through. Enjoy your dinner!", H,
     EN_TABLE_ASK),
    ("date", "en", EN_EVENTS, "when is mumford?", "Mumford And Sons plays on March 8th.", H),
    ("count", "en", EN_TICKETS, "yes", "I've bought 2 tickets for you.", H, EN_TICKETS_ASK),
    ("time", "en", EN_HAIRCUT, "yes", "Your appointment at Bay Barbers is on the 4th at 5:30 pm.", H,
     EN_HAIRCUT_ASK),
    ("date", "en", EN_DOCTOR, "yes please", "You're all set with Dr. Ellis on Thursday at 10:15 am.", H),
    ("price", "en", EN_TRANSFER, "yes", "Done, I've sent $1,500 to Jennifer.", H, EN_TRANSFER_ASK),
    ("name", "en", EN_TRANSFER, "yes", "Your $150 transfer to Jessica is complete.", H, EN_TRANSFER_ASK),
    ("price", "en", EN_CARS, "how much?", "It will cost $69 in total.", H),
    ("effect", "en", EN_COMEDIES, "find me a comedy", "Long Shot is now playing on your TV.", H),
    ("effect", "en", EN_TRANSFER, "yes", "Your table has been booked.", H, EN_TRANSFER_ASK),
    # --- pt-BR ---
    ("offer", "pt-BR", PT_RESTOS, "quero comida japonesa em são paulo",
     "Encontrei 2 restaurantes. Que tal o Kinoshita, em São Paulo?", P),
    ("phone", "pt-BR", PT_RESTOS, "qual o telefone?", "O telefone deles é 11 3849-6940.", P),
    ("confirm", "pt-BR", NONE, "amanhã às 8 da noite",
     "Por favor, confirme: mesa no Kinoshita em São Paulo, amanhã, dia 2, às 8 da noite, para duas pessoas.", P,
     PT_TABLE_ASK),
    ("notify", "pt-BR", PT_RESERVED, "isso", "Sua mesa para 2 está reservada para amanhã às 20h.", P, PT_TABLE_ASK),
    ("offer", "pt-BR", PT_BUSES, "ônibus pro rio na sexta que vem",
     "Tem um ônibus saindo às 23h30 do Terminal Tietê, por R$ 129.", P),
    ("weather", "pt-BR", PT_WEATHER, "como vai estar o tempo em curitiba domingo?",
     "No domingo em Curitiba vai fazer 19 graus, com 60% de chance de chuva.", P),
    ("price_cents", "pt-BR", PT_BALANCE, "quanto tenho na poupança?",
     "O saldo da sua poupança é de R$ 12.504,90.", P),
    ("notify", "pt-BR", PT_TRANSFER, "sim", "Pronto, a transferência de R$ 300 para a Carla foi feita.", P),
    ("notify", "pt-BR", PT_SALON, "pode ser",
     "Seu horário no Studio W está marcado para terça, dia 5, às 14h.", P),
    ("question", "pt-BR", NONE, "quero cortar o cabelo no studio w", "Para que dia você quer marcar?", P,
     PT_SALON_ASK),
    ("offer", "pt-BR", PT_EVENTS, "tem show em são paulo?",
     "A Ivete Sangalo toca no Allianz Parque no sábado, 9 de março, às 21h.", P),
    ("notify", "pt-BR", PT_TICKETS, "sim, dois", "Prontinho! Seus dois ingressos estão comprados.", P),
    ("time", "pt-BR", PT_SHOWTIMES, "que horas passa capitã marvel amanhã?",
     "Tem sessão de Capitã Marvel às 19h10 no Cinemark Paulista. O ingresso custa R$ 32.", P),
    ("offer", "pt-BR", PT_CARS, "preciso de um carro em congonhas",
     "Achei um Fiat Argo compacto no Aeroporto de Congonhas, R$ 210 no total.", P),
    ("goodbye", "pt-BR", NONE, "era só isso", "Posso ajudar em mais alguma coisa?", P),
    ("inform", "pt-BR", PT_RESTOS, "onde fica?", "Fica na Rua Jacques Félix, 405.", P),
    ("count", "pt-BR", PT_RESERVED, "isso", "Reservei sua mesa para 3 pessoas no Kinoshita.", H, PT_TABLE_ASK),
    ("time", "pt-BR", PT_BUSES, "que horas sai?", "O ônibus sai às 22h30 do Terminal Tietê.", H),
    ("name", "pt-BR", PT_TRANSFER, "sim", "Pronto, a transferência de R$ 300 para a Camila foi feita.", H),
    ("effect", "pt-BR", PT_RESTOS, "reserva o nagayama", "Pronto, reservei sua mesa no Nagayama.", H),
    # --- es ---
    ("offer", "es", ES_RESTOS, "busco comida española en madrid",
     "He encontrado 2 restaurantes. ¿Qué tal Casa Lucio, en Madrid?", P),
    ("inform", "es", ES_RESTOS, "¿dónde está?", "Está en la Calle Cava Baja, 35.", P),
    ("time_words", "es", ES_RESERVED, "sí, para tres",
     "Listo, tu mesa para tres es hoy a las nueve y media de la noche.", P),
    ("offer", "es", ES_FLIGHTS, "vuelos a barcelona el miércoles",
     "Hay un vuelo de Iberia que sale a las 7:15 de la mañana y cuesta 89 €.", P),
    ("notify", "es", ES_FLIGHT_BOOKED, "sí, resérvalo", "Tu vuelo está reservado. ¡Buen viaje!", P),
    ("notify", "es", ES_HOTEL_BOOKED, "sí", "Tu habitación está reservada del 8 al 10 de marzo.", P),
    ("weather", "es", ES_WEATHER, "¿qué tiempo hará mañana en valencia?",
     "Mañana en Valencia hará unos 21 grados.", P),
    ("rating", "es", ES_DOCTORS, "busco dermatólogo en madrid",
     "La Dra. Elena Ruiz tiene una valoración de 4,9. ¿Quieres pedir cita?", P),
    ("confirm", "es", NONE, "el jueves a las 12 menos cuarto",
     "Confirma, por favor: cita con la Dra. Elena Ruiz el 7 de marzo a las 12 menos cuarto.", P, ES_DOCTOR_ASK),
    ("notify", "es", ES_DOCTOR_BOOKED, "sí", "Tu cita es el jueves a las 11:45.", P, ES_DOCTOR_ASK),
    ("notify", "es", ES_RIDE, "sí, compartido para dos",
     "Tu viaje está reservado. Tardará unos 18 minutos.", P),
    ("notify", "es", ES_PLAYING, "pon despacito en la tele", "Ya está sonando Despacito en la tele.", P),
    ("price_cents", "es", ES_BALANCE, "¿cuánto tengo?", "Tienes 2.340,15 € en tu cuenta corriente.", P),
    ("question", "es", NONE, "quiero buscar un restaurante", "¿En qué ciudad quieres buscar?", P,
     Ask("Restaurants_1", "FindRestaurants", {"cuisine": "Spanish"})),
    ("goodbye", "es", NONE, "nada más, gracias", "¡Que tengas un buen día!", P),
    ("offer", "es", ES_EVENTS, "¿conciertos en madrid?",
     "Rosalía actúa en el WiZink Center el viernes 15 de marzo a las 9 de la noche.", P),
    ("time", "es", ES_RESERVED, "sí, para tres", "Listo, tu mesa para tres es hoy a las 22:30.", H),
    ("date", "es", ES_HOTEL_BOOKED, "sí", "Tu habitación está reservada del 9 al 10 de marzo.", H),
    ("price", "es", ES_RIDE, "¿cuánto cuesta?", "El viaje te costará 14,90 €.", H),
    ("name", "es", ES_EVENTS, "¿dónde es?", "Rosalía actúa en el Palacio de Vistalegre.", H),
    # --- ca ---
    ("offer", "ca", CA_RESTOS, "vull menjar català a barcelona",
     "He trobat 2 restaurants. Què et sembla Can Solé, a Barcelona?", P),
    ("phone", "ca", CA_RESTOS, "quin telèfon tenen?", "El telèfon és el 932 21 50 12.", P),
    ("notify", "ca", CA_RESERVED, "sí, per a dos", "Fet! Taula per a dos diumenge a les 2 del migdia.", P),
    ("question", "ca", NONE, "vull reservar a can solé", "A quina hora vols la taula?", P, CA_TABLE_ASK),
    ("inform", "ca", CA_FREE, "quan estic lliure dilluns?", "Dilluns estàs lliure de 8 a 12.30 h.", P),
    ("notify", "ca", CA_ADDED, "afegeix la reunió", "He afegit la reunió al calendari.", P),
    ("time_words", "ca", CA_BUSES, "autobús a girona dimarts",
     "Hi ha un autobús que surt a les 9 i quart de l'Estació del Nord i costa 14 €.", P),
    ("time", "ca", CA_SHOWTIMES, "a quina hora fan dolor y gloria demà?",
     "Hi ha una sessió de Dolor y gloria a les 10 de la nit als Cinemes Verdi.", P),
    ("weather", "ca", CA_WEATHER, "quin temps farà demà a girona?",
     "Demà a Girona farà 16 graus i hi ha un 30% de probabilitat de pluja.", P),
    ("notify", "ca", CA_DENTIST, "sí",
     "La teva cita a la Clínica Dental Diagonal és dimecres a les 5 de la tarda.", P),
    ("notify", "ca", CA_CAR, "sí, reserva'l", "Tens un Seat Ibiza reservat a l'Aeroport del Prat. Són 120 € en total.",
     P),
    ("notify", "ca", CA_TRANSFER, "sí", "Fet, he transferit 50 € al Jordi.", P),
    ("price_cents", "ca", CA_BALANCE, "quant tinc?", "Tens 860 € al compte corrent.", P),
    # written as true; SGD's schema says Hotels_2's `total_price` is the "Price per night of the house": a total for
    # a stay of unknown nights is no fact of the results (expectation corrected after the first run)
    ("price", "ca", CA_HOUSE, "busca'm una casa a sitges",
     "Hi ha una casa al Carrer Major, 12, amb una puntuació de 4,5. Costa 420 € en total.", H),
    ("goodbye", "ca", NONE, "res més, gràcies", "Que vagi bé!", P),
    ("inform", "ca", CA_RESTOS, "on és?", "És al Carrer de Sant Carles, 4.", P),
    ("count", "ca", CA_RESERVED, "sí, per a dos", "Fet! Taula per a quatre diumenge a les 2 del migdia.", H),
    ("time", "ca", CA_BUSES, "a quina hora surt?", "L'autobús surt a les 10 i quart de l'Estació del Nord.", H),
    ("date", "ca", CA_DENTIST, "sí", "La teva cita a la Clínica Dental Diagonal és dijous a les 5 de la tarda.", H),
    ("effect", "ca", CA_BALANCE, "envia 50 € al Jordi", "He enviat els 50 € al Jordi.", H),
)


def cases() -> Iterator[Round11Case]:
    for index, row in enumerate(ROUND11):
        kind, lang, calls, said, draft, held = row[:6]
        ask = row[6] if len(row) > 6 else None
        yield Round11Case(f"round11-{index:03d} {kind} {lang}", "dev", kind, lang, draft, held, "school",
                          _no_context, said, calls=calls, ask=ask)


def _no_context() -> tuple[tuple[ToolOutput, ...], tuple[str, ...]]:
    return (), ()  # the turn's outputs are its calls (`Round11Case.inp`)

