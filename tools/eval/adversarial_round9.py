"""Issue 29, ninth blind round: 120 drafts an assistant would write in the SGD-like domains the demo does not have,
in pt-BR, es, ca and en (30 each): 96 true ones (every fact said is in this turn's results or the Ask's confirmed
slots) and 24 wrong ones (a common-word label swapped, a wrong day, time, count or status, an effect claimed that
did not run or of another kind).

The domains: a calendar whose events are named with common words ("Dentist", "Busy", "Gym"), events and concerts,
movies and showtimes, restaurants with the cuisines they offer, hotels and homes with ratings and counts, flights
and buses across midnight and weekdays, ride sharing with seats, salons and doctors, music, weather, rental cars and
a bank's transfers between the customer's own accounts. Each tool below returns JSON in the shape such a service
answers (SGD's slots, as an engine would store them) and declares its evidence as the agent's tools declare theirs
(`guards.evidence.Evidence`): what is a name, a date or time, a count, places left, money, a status, a reference.
The drafts are worded as real assistants word them: questions that offer options, confirmations that restate the
Ask's slots, partial lists, "nothing found", alternatives after a failure, relative days, 12h and 24h clocks (and
Catalan quarters), counts in words.

Written before reading the guards or any earlier round's drafts. `TODAY` is a Monday; each language is its own
assistant (its customer's zone and currency). Its first run's figure is in docs/guards.md's rounds table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from guards.contract import AvailableTool, GuardInput, HistoryItem, OrgRules, ToolOutput
from guards.evidence import Evidence, Identifier, MoneyEvidence, StatusEvidence
from language.locales import LANGS
from tools.eval.adversarial import AdversarialCase

TODAY = "2026-12-07"  # a Monday: tomorrow is Tuesday the 8th, Friday the 11th, next Monday the 14th
ZONE = {"pt-BR": "America/Sao_Paulo", "es": "Europe/Madrid", "ca": "Europe/Andorra", "en": "America/Chicago"}
CURRENCY = {"pt-BR": "BRL", "es": "EUR", "ca": "EUR", "en": "USD"}
CUSTOMER = {"pt-BR": "Beatriz", "es": "Lucía", "ca": "Martí", "en": "Sam"}
ASSISTANT = "Magie"

Context = tuple[tuple[ToolOutput, ...], tuple[str, ...]]

# --- the tools: their arguments, their effect kind, their declared evidence ---

_BOOKED = StatusEvidence("status", (("confirmed", "booked"), ("pending", "pending"), ("waitlisted", "pending"),
                                    ("cancelled", "cancelled"), ("failed", "failed")))
_ADDRESS, _PHONE = Identifier("street_address", "address"), Identifier("phone_number", "phone")


def _price(name: str, role: str = "price") -> MoneyEvidence:
    """Money in major units of the assistant's currency, as SGD-like services return it."""
    return MoneyEvidence(name, unit="units", role=role, currency_field=None)  # type: ignore[arg-type]


TOOLS: dict[str, tuple[tuple[str, ...], str | None, Evidence]] = {  # name → (arguments, effect kind, evidence)
    "get_events": (("event_date",), None, Evidence(
        names=("event_name", "event_location"), dates=("event_date", "start_time", "end_time"), plain=("events",))),
    "add_event": (("event_name", "event_date", "start_time", "end_time", "event_location"), "booking", Evidence(
        names=("event_name", "event_location"), dates=("event_date", "start_time", "end_time"),
        statuses=(StatusEvidence("status", (("added", "booked"),)),), identifiers=(Identifier("event_id", "reference"),))),
    "find_events": (("city", "category", "date"), None, Evidence(
        names=("event_name", "venue", "city"), identifiers=(Identifier("venue_address", "address"),),
        dates=("date", "time"), money=(_price("price_per_ticket"),), places_left=("tickets_left",),
        plain=("category", "events"))),
    "buy_event_tickets": (("event_name", "date", "number_of_tickets"), "booking", Evidence(
        names=("event_name", "venue"), dates=("date", "time"), quantities=("number_of_tickets",),
        money=(_price("total_price", "amount"),), statuses=(_BOOKED,),
        identifiers=(Identifier("confirmation_code", "reference"),))),
    "find_movies": (("city", "genre"), None, Evidence(names=("title",), plain=("genre", "movies"))),
    "get_showtimes": (("title", "theater_name", "show_date"), None, Evidence(
        names=("title", "theater_name"), dates=("show_date", "show_times"), money=(_price("price_per_ticket"),),
        plain=("show_type",))),
    "buy_movie_tickets": (("title", "theater_name", "show_date", "show_time", "number_of_tickets"), "booking", Evidence(
        names=("title", "theater_name"), dates=("show_date", "show_time"), quantities=("number_of_tickets",),
        money=(_price("total_price", "amount"),), statuses=(_BOOKED,),
        identifiers=(Identifier("confirmation_code", "reference"),), plain=("show_type",))),
    "find_restaurants": (("city", "cuisine"), None, Evidence(
        names=("restaurant_name", "city"), identifiers=(_ADDRESS, _PHONE),
        plain=("cuisine", "price_range", "serves_alcohol", "has_live_music", "restaurants"))),
    "reserve_restaurant": (("restaurant_name", "date", "time", "party_size"), "booking", Evidence(
        names=("restaurant_name",), dates=("date", "time", "alternative_times"), quantities=("party_size",),
        statuses=(_BOOKED,), identifiers=(Identifier("reservation_id", "reference"),), plain=("code",))),
    "search_hotels": (("city", "check_in_date", "check_out_date"), None, Evidence(
        names=("hotel_name", "city"), identifiers=(_ADDRESS, _PHONE), quantities=("star_rating", "average_rating"),
        places_left=("rooms_left",), money=(_price("price_per_night"),), plain=("hotels",))),
    "reserve_hotel": (("hotel_name", "check_in_date", "check_out_date", "number_of_rooms"), "booking", Evidence(
        names=("hotel_name",), dates=("check_in_date", "check_out_date"),
        quantities=("number_of_rooms", "number_of_nights"), money=(_price("total_price", "amount"),),
        statuses=(_BOOKED,), identifiers=(Identifier("reservation_id", "reference"),))),
    "find_homes": (("city", "number_of_beds"), None, Evidence(
        names=("property_name",), identifiers=(_ADDRESS, _PHONE), quantities=("number_of_beds", "number_of_baths"),
        money=(_price("rent"),), plain=("pets_allowed", "furnished", "homes"))),
    "schedule_visit": (("property_name", "visit_date", "visit_time"), "booking", Evidence(
        names=("property_name",), dates=("visit_date", "visit_time"), statuses=(_BOOKED,))),
    "search_flights": (("origin_city", "destination_city", "departure_date"), None, Evidence(
        names=("airline", "origin_city", "destination_city", "origin_airport", "destination_airport"),
        dates=("departure_date", "departure_time", "arrival_date", "arrival_time"), quantities=("number_stops",),
        money=(_price("price"),), plain=("seating_class", "flights"))),
    "reserve_flight": (("airline", "departure_date", "departure_time", "passengers"), "booking", Evidence(
        names=("airline", "origin_city", "destination_city"),
        dates=("departure_date", "departure_time", "arrival_date", "arrival_time"), quantities=("passengers",),
        money=(_price("total_price", "amount"),), statuses=(_BOOKED,),
        identifiers=(Identifier("booking_reference", "reference"),), plain=("seating_class",))),
    "find_buses": (("from_city", "to_city", "departure_date"), None, Evidence(
        names=("origin_station", "destination_station"),
        dates=("departure_date", "departure_time", "arrival_date", "arrival_time"), quantities=("transfers",),
        money=(_price("fare"),), places_left=("seats_left",), plain=("buses",))),
    "buy_bus_ticket": (("origin_station", "departure_date", "departure_time", "group_size"), "booking", Evidence(
        names=("origin_station", "destination_station"), dates=("departure_date", "departure_time"),
        quantities=("group_size",), money=(_price("total_fare", "amount"),), statuses=(_BOOKED,))),
    "get_ride": (("destination", "number_of_seats", "ride_type"), "booking", Evidence(
        names=("destination", "driver_name"), quantities=("number_of_seats", "wait_minutes", "ride_minutes"),
        money=(_price("fare", "amount"),), statuses=(_BOOKED,), identifiers=(Identifier("plate", "reference"),),
        plain=("ride_type",))),
    "find_salons": (("city",), None, Evidence(
        names=("stylist_name", "city"), identifiers=(_ADDRESS, _PHONE), quantities=("average_rating",),
        plain=("is_unisex", "salons"))),
    "book_salon": (("stylist_name", "appointment_date", "appointment_time"), "booking", Evidence(
        names=("stylist_name",), dates=("appointment_date", "appointment_time"), statuses=(_BOOKED,))),
    "find_doctors": (("city", "type"), None, Evidence(
        names=("doctor_name", "city"), identifiers=(_ADDRESS, _PHONE), quantities=("average_rating",),
        plain=("type", "doctors"))),
    "book_doctor": (("doctor_name", "appointment_date", "appointment_time"), "booking", Evidence(
        names=("doctor_name",), dates=("appointment_date", "appointment_time"), statuses=(_BOOKED,))),
    "lookup_music": (("song_name", "artist"), None, Evidence(
        names=("song_name", "artist", "album"), dates=("year",), plain=("genre", "songs"))),
    "play_media": (("song_name", "playback_device"), "booking", Evidence(
        names=("song_name", "artist", "playback_device"), plain=("status",))),
    "get_weather": (("city", "date"), None, Evidence(
        names=("city",), dates=("date",), quantities=("temperature", "precipitation", "humidity", "wind"),
        plain=("temperature_unit", "wind_unit"))),
    "get_cars": (("pickup_location", "pickup_date", "dropoff_date"), None, Evidence(
        names=("car_name", "pickup_location"), dates=("pickup_date", "pickup_time", "dropoff_date"),
        money=(_price("price_per_day"),), plain=("car_type", "cars"))),
    "reserve_car": (("car_name", "pickup_location", "pickup_date", "pickup_time", "dropoff_date"), "booking", Evidence(
        names=("car_name", "pickup_location"), dates=("pickup_date", "pickup_time", "dropoff_date"),
        money=(_price("total_price", "amount"),), statuses=(_BOOKED,), plain=("car_type",))),
    "check_balance": ((), None, Evidence(
        money=(MoneyEvidence("balance_cents", role="balance", currency_field=None),),
        plain=("account_type", "accounts"))),
    "transfer_between_accounts": (("amount_cents", "from_account", "to_account", "transfer_date"), "money", Evidence(
        money=(MoneyEvidence("amount_cents", role="debit", currency_field=None),), dates=("transfer_date",),
        statuses=(StatusEvidence("status", (("completed", "sent"), ("scheduled", "scheduled"), ("failed", "failed"))),),
        identifiers=(Identifier("reference", "reference"),), plain=("from_account", "to_account"))),
}
EFFECT_KINDS = {name: kind for name, (_, kind, _) in TOOLS.items() if kind}
BANK_TOOLS = {"check_balance", "transfer_between_accounts"}


def _out(tool: str, data: Any, arguments: Mapping[str, Any] | None = None, ok: bool = True) -> ToolOutput:
    return ToolOutput(tool, ok, data, TOOLS[tool][2], dict(arguments or {}))


def ctx(*outputs: ToolOutput) -> Callable[[], Context]:
    """A turn's results; the effect tools among them that succeeded executed."""
    effects = tuple(dict.fromkeys(o.tool for o in outputs if o.ok and TOOLS[o.tool][1]))
    return lambda: (outputs, effects)


def both(*contexts: Callable[[], Context]) -> Callable[[], Context]:
    def context() -> Context:
        parts = [made() for made in contexts]
        return tuple(o for outputs, _ in parts for o in outputs), tuple(dict.fromkeys(e for _, es in parts for e in es))
    return context


# --- the services' answers ---

def calendar(day: str, *items: tuple[str, str, str, str | None]) -> Callable[[], Context]:
    """(event_name, start_time, end_time, event_location) on `day`."""
    events = [{"event_name": n, "event_date": day, "start_time": s, "end_time": e, "event_location": where}
              for n, s, e, where in items]
    return ctx(_out("get_events", {"events": events}, {"event_date": day}))


def added(name: str, day: str, start: str, end: str, where: str | None) -> Callable[[], Context]:
    data = {"event_id": "evt_5521", "event_name": name, "event_date": day, "start_time": start, "end_time": end,
            "event_location": where, "status": "added"}
    return ctx(_out("add_event", data, {"event_name": name, "event_date": day, "start_time": start, "end_time": end,
                                        "event_location": where}))


def events(city: str, *items: tuple[str, str, str, str, float, int]) -> Callable[[], Context]:
    """(event_name, venue, date, time, price_per_ticket, tickets_left)."""
    found = [{"event_name": n, "category": "Music", "venue": v, "venue_address": f"{v}, {city}", "city": city,
              "date": d, "time": t, "price_per_ticket": p, "tickets_left": left} for n, v, d, t, p, left in items]
    return ctx(_out("find_events", {"events": found}, {"city": city, "category": "Music", "date": None}))


def tickets(name: str, venue: str, day: str, time: str, count: int, total: float,
            status: str = "confirmed") -> Callable[[], Context]:
    data = {"confirmation_code": "EVT-30417", "event_name": name, "venue": venue, "date": day, "time": time,
            "number_of_tickets": count, "total_price": total, "status": status}
    return ctx(_out("buy_event_tickets", data, {"event_name": name, "date": day, "number_of_tickets": count}))


def movies(*titles: str) -> Callable[[], Context]:
    return ctx(_out("find_movies", {"movies": [{"title": t, "genre": "Drama"} for t in titles]},
                    {"city": None, "genre": None}))


def showtimes(title: str, theater: str, day: str, times: list[str], price: float,
              show_type: str = "regular") -> Callable[[], Context]:
    data = {"title": title, "theater_name": theater, "show_date": day, "show_times": times, "show_type": show_type,
            "price_per_ticket": price}
    return ctx(_out("get_showtimes", data, {"title": title, "theater_name": None, "show_date": day}))


def movie_tickets(title: str, theater: str, day: str, time: str, count: int, total: float) -> Callable[[], Context]:
    data = {"confirmation_code": "MOV-7731", "title": title, "theater_name": theater, "show_date": day,
            "show_time": time, "show_type": "regular", "number_of_tickets": count, "total_price": total,
            "status": "confirmed"}
    return ctx(_out("buy_movie_tickets", data, {"title": title, "theater_name": theater, "show_date": day,
                                                "show_time": time, "number_of_tickets": count}))


def restaurants(city: str, *items: tuple[str, str, str, str, str, bool, bool]) -> Callable[[], Context]:
    """(restaurant_name, cuisine, price_range, street_address, phone_number, serves_alcohol, has_live_music)."""
    found = [{"restaurant_name": n, "cuisine": c, "price_range": r, "city": city, "street_address": a,
              "phone_number": ph, "serves_alcohol": alc, "has_live_music": music} for n, c, r, a, ph, alc, music in items]
    return ctx(_out("find_restaurants", {"restaurants": found}, {"city": city, "cuisine": None}))


def table(name: str, day: str, time: str, party: int, status: str = "confirmed") -> Callable[[], Context]:
    data = {"reservation_id": "rsv_8842", "restaurant_name": name, "date": day, "time": time, "party_size": party,
            "status": status}
    return ctx(_out("reserve_restaurant", data, {"restaurant_name": name, "date": day, "time": time,
                                                 "party_size": party}))


def no_table(name: str, day: str, time: str, party: int, alternatives: list[str]) -> Callable[[], Context]:
    data = {"code": "no_availability", "restaurant_name": name, "date": day, "alternative_times": alternatives}
    return ctx(_out("reserve_restaurant", data, {"restaurant_name": name, "date": day, "time": time,
                                                 "party_size": party}, ok=False))


def hotels(city: str, *items: tuple[str, int, float, int, float, str, str]) -> Callable[[], Context]:
    """(hotel_name, star_rating, average_rating, rooms_left, price_per_night, street_address, phone_number)."""
    found = [{"hotel_name": n, "city": city, "star_rating": s, "average_rating": r, "rooms_left": left,
              "price_per_night": p, "street_address": a, "phone_number": ph} for n, s, r, left, p, a, ph in items]
    return ctx(_out("search_hotels", {"hotels": found}, {"city": city, "check_in_date": None, "check_out_date": None}))


def hotel_booked(name: str, check_in: str, check_out: str, rooms: int, nights: int, total: float,
                 status: str = "confirmed") -> Callable[[], Context]:
    data = {"reservation_id": "htl_2290", "hotel_name": name, "check_in_date": check_in, "check_out_date": check_out,
            "number_of_rooms": rooms, "number_of_nights": nights, "total_price": total, "status": status}
    return ctx(_out("reserve_hotel", data, {"hotel_name": name, "check_in_date": check_in,
                                            "check_out_date": check_out, "number_of_rooms": rooms}))


def homes(*items: tuple[str, int, int, float, str, bool, bool]) -> Callable[[], Context]:
    """(property_name, number_of_beds, number_of_baths, rent, street_address, pets_allowed, furnished)."""
    found = [{"property_name": n, "number_of_beds": beds, "number_of_baths": baths, "rent": rent, "street_address": a,
              "phone_number": "+1 555 0100", "pets_allowed": pets, "furnished": furnished}
             for n, beds, baths, rent, a, pets, furnished in items]
    return ctx(_out("find_homes", {"homes": found}, {"city": None, "number_of_beds": None}))


def visit(name: str, day: str, time: str, status: str = "confirmed") -> Callable[[], Context]:
    data = {"property_name": name, "visit_date": day, "visit_time": time, "status": status}
    return ctx(_out("schedule_visit", data, {"property_name": name, "visit_date": day, "visit_time": time}))


Flight = tuple[str, str, str, str, str, str, str, str, str, int, float]


def _flight(f: Flight) -> dict:
    airline, o_city, o_airport, d_city, d_airport, dep_date, dep_time, arr_date, arr_time, stops, price = f
    return {"airline": airline, "origin_city": o_city, "origin_airport": o_airport, "destination_city": d_city,
            "destination_airport": d_airport, "departure_date": dep_date, "departure_time": dep_time,
            "arrival_date": arr_date, "arrival_time": arr_time, "number_stops": stops, "price": price,
            "seating_class": "Economy"}


def flights(*items: Flight) -> Callable[[], Context]:
    return ctx(_out("search_flights", {"flights": [_flight(f) for f in items]},
                    {"origin_city": items[0][1], "destination_city": items[0][3], "departure_date": items[0][5]}))


def flight_booked(f: Flight, passengers: int, total: float, status: str = "confirmed") -> Callable[[], Context]:
    data = {k: v for k, v in _flight(f).items() if k not in ("origin_airport", "destination_airport", "number_stops",
                                                              "price")}
    data.update(booking_reference="UA7QK2", passengers=passengers, total_price=total, status=status)
    return ctx(_out("reserve_flight", data, {"airline": f[0], "departure_date": f[5], "departure_time": f[6],
                                             "passengers": passengers}))


Bus = tuple[str, str, str, str, str, str, int, float, int]


def buses(*items: Bus) -> Callable[[], Context]:
    """(origin_station, destination_station, departure_date, departure_time, arrival_date, arrival_time, transfers,
    fare, seats_left)."""
    found = [{"origin_station": o, "destination_station": d, "departure_date": dd, "departure_time": dt,
              "arrival_date": ad, "arrival_time": at, "transfers": tr, "fare": fare, "seats_left": left}
             for o, d, dd, dt, ad, at, tr, fare, left in items]
    return ctx(_out("find_buses", {"buses": found}, {"from_city": None, "to_city": None,
                                                     "departure_date": items[0][2]}))


def bus_ticket(b: Bus, group: int, total: float) -> Callable[[], Context]:
    data = {"origin_station": b[0], "destination_station": b[1], "departure_date": b[2], "departure_time": b[3],
            "group_size": group, "total_fare": total, "status": "confirmed"}
    return ctx(_out("buy_bus_ticket", data, {"origin_station": b[0], "departure_date": b[2], "departure_time": b[3],
                                             "group_size": group}))


def ride(destination: str, seats: int, ride_type: str, wait: int, minutes: int, fare: float, driver: str,
         status: str = "confirmed") -> Callable[[], Context]:
    data = {"destination": destination, "number_of_seats": seats, "ride_type": ride_type, "wait_minutes": wait,
            "ride_minutes": minutes, "fare": fare, "driver_name": driver, "plate": "QRT-4E21", "status": status}
    return ctx(_out("get_ride", data, {"destination": destination, "number_of_seats": seats, "ride_type": ride_type}))


def salons(city: str, *items: tuple[str, float, str, str, bool]) -> Callable[[], Context]:
    found = [{"stylist_name": n, "average_rating": r, "city": city, "street_address": a, "phone_number": ph,
              "is_unisex": unisex} for n, r, a, ph, unisex in items]
    return ctx(_out("find_salons", {"salons": found}, {"city": city}))


def salon_booked(name: str, day: str, time: str, status: str = "confirmed") -> Callable[[], Context]:
    data = {"stylist_name": name, "appointment_date": day, "appointment_time": time, "status": status}
    return ctx(_out("book_salon", data, {"stylist_name": name, "appointment_date": day, "appointment_time": time}))


def doctors(city: str, kind: str, *items: tuple[str, float, str, str]) -> Callable[[], Context]:
    found = [{"doctor_name": n, "type": kind, "average_rating": r, "city": city, "street_address": a,
              "phone_number": ph} for n, r, a, ph in items]
    return ctx(_out("find_doctors", {"doctors": found}, {"city": city, "type": kind}))


def doctor_booked(name: str, day: str, time: str, status: str = "confirmed") -> Callable[[], Context]:
    data = {"doctor_name": name, "appointment_date": day, "appointment_time": time, "status": status}
    return ctx(_out("book_doctor", data, {"doctor_name": name, "appointment_date": day, "appointment_time": time}))


def songs(*items: tuple[str, str, str, int]) -> Callable[[], Context]:
    found = [{"song_name": s, "artist": a, "album": al, "year": str(y), "genre": "Pop"} for s, a, al, y in items]
    return ctx(_out("lookup_music", {"songs": found}, {"song_name": items[0][0], "artist": None}))


def playing(song: str, artist: str, device: str) -> Callable[[], Context]:
    return ctx(_out("play_media", {"song_name": song, "artist": artist, "playback_device": device, "status": "playing"},
                    {"song_name": song, "playback_device": device}))


def weather(city: str, day: str, temperature: int, rain: int, humidity: int, wind: int,
            unit: str = "C", wind_unit: str = "km/h") -> Callable[[], Context]:
    data = {"city": city, "date": day, "temperature": temperature, "temperature_unit": unit, "precipitation": rain,
            "humidity": humidity, "wind": wind, "wind_unit": wind_unit}
    return ctx(_out("get_weather", data, {"city": city, "date": day}))


Car = tuple[str, str, str, str, str, str, float]


def cars(*items: Car) -> Callable[[], Context]:
    """(car_name, car_type, pickup_location, pickup_date, pickup_time, dropoff_date, price_per_day)."""
    found = [{"car_name": n, "car_type": t, "pickup_location": where, "pickup_date": pd, "pickup_time": pt,
              "dropoff_date": dd, "price_per_day": p} for n, t, where, pd, pt, dd, p in items]
    return ctx(_out("get_cars", {"cars": found}, {"pickup_location": items[0][2], "pickup_date": items[0][3],
                                                  "dropoff_date": items[0][5]}))


def car_booked(c: Car, total: float, status: str = "confirmed") -> Callable[[], Context]:
    name, kind, where, pd, pt, dd, _ = c
    data = {"car_name": name, "car_type": kind, "pickup_location": where, "pickup_date": pd, "pickup_time": pt,
            "dropoff_date": dd, "total_price": total, "status": status}
    return ctx(_out("reserve_car", data, {"car_name": name, "pickup_location": where, "pickup_date": pd,
                                          "pickup_time": pt, "dropoff_date": dd}))


def balances(checking_cents: int, savings_cents: int) -> Callable[[], Context]:
    data = {"accounts": [{"account_type": "checking", "balance_cents": checking_cents},
                         {"account_type": "savings", "balance_cents": savings_cents}]}
    return ctx(_out("check_balance", data))


def own_transfer(cents: int, source: str, target: str, day: str, status: str = "completed") -> Callable[[], Context]:
    data = {"reference": "TRF-66120", "amount_cents": cents, "from_account": source, "to_account": target,
            "transfer_date": day, "status": status}
    return ctx(_out("transfer_between_accounts", data, {"amount_cents": cents, "from_account": source,
                                                        "to_account": target, "transfer_date": day}))


def nothing(tool: str, key: str, **arguments: Any) -> Callable[[], Context]:
    return ctx(_out(tool, {key: []}, arguments))


@dataclass(frozen=True)
class Round9Case(AdversarialCase):
    """A case of this round: the services' tools, the language's own assistant (zone, currency), the Ask's slots."""

    ask_kind: str | None = None
    ask_slots: Mapping[str, Any] = field(default_factory=dict)

    @property
    def inp(self) -> GuardInput:
        outputs, effects = self.context()
        bank = any(o.tool in BANK_TOOLS for o in outputs)
        vocabulary = tuple(dict.fromkeys(
            str(value) for o in outputs for value in _plain_values(o.data, set(TOOLS[o.tool][2].plain))))
        return GuardInput(
            draft=self.draft, lang=self.lang, currency=CURRENCY[self.lang], org_kind="bank" if bank else "school",
            tool_outputs=outputs, history=(HistoryItem("customer", self.said),) if self.said else (),
            ask_kind=self.ask_kind, ask_slots=dict(self.ask_slots), effects_executed=effects,
            tools_available=tuple(AvailableTool(name, args) for name, (args, _, _) in TOOLS.items()),
            languages=LANGS, effect_kinds=EFFECT_KINDS, today=TODAY, time_zones=(ZONE[self.lang],),
            known_names=(ASSISTANT, CUSTOMER[self.lang]), vocabulary=vocabulary,
            rules=OrgRules(approval_always=("money",)))


def _plain_values(data: Any, keys: set[str]) -> Iterator[str]:
    """The categorical values (cuisines, genres, types) a result holds: what the tools accept and speak of."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key in keys and isinstance(value, str):
                yield value
            else:
                yield from _plain_values(value, keys)
    elif isinstance(data, list):
        for item in data:
            yield from _plain_values(item, keys)


def ask(kind: str, **slots: Any) -> tuple[str, dict[str, Any]]:
    return kind, slots


H, P = True, False

# --- the contexts each language's drafts are written on ---

PT_CAL = calendar("2026-12-08", ("Dentista", "09:30", "10:30", "Clínica Sorriso"),
                  ("Academia", "18:00", "19:00", "Smart Fit Paulista"))
PT_EVENTS = events("São Paulo", ("Marisa Monte", "Espaço Unimed", "2026-12-12", "21:00", 280, 40),
                   ("Orquestra Sinfônica", "Sala São Paulo", "2026-12-13", "17:00", 90, 3))
PT_SHOWS = showtimes("Zootopia 2", "Cinemark Eldorado", "2026-12-11", ["16:40", "19:15", "21:50"], 32, "3d")
PT_RESTAURANTS = restaurants(
    "São Paulo", ("Jiquitaia", "Brazilian", "moderate", "Rua Antônio Carlos, 268", "+55 11 3262-2366", True, False),
    ("Tanit", "Mediterranean", "expensive", "Rua Oscar Freire, 145", "+55 11 3062-6385", True, False))
PT_FLIGHT: Flight = ("LATAM", "São Paulo", "GRU", "Recife", "REC", "2026-12-11", "23:40", "2026-12-12", "03:05", 0,
                     1150)
PT_BUS: Bus = ("São Paulo - Tietê", "Rio de Janeiro - Novo Rio", "2026-12-11", "23:30", "2026-12-12", "05:45", 0,
               149.9, 4)
PT_HOTELS = hotels("Rio de Janeiro", ("Hotel Arpoador", 4, 4.6, 2, 890, "Rua Francisco Otaviano, 177",
                                      "+55 21 2523-0060"),
                   ("Ipanema Inn", 3, 4.1, 5, 520, "Rua Maria Quitéria, 27", "+55 21 2523-6092"))
PT_CAR: Car = ("Chevrolet Onix", "Compact", "Aeroporto de Confins", "2026-12-14", "10:00", "2026-12-17", 139)

ES_CAL = calendar("2026-12-07", ("Ocupado", "12:00", "13:30", None),
                  ("Dentista", "17:15", "18:00", "Clínica Dental Sonrisas"))
ES_EVENTS = events("Madrid", ("Rozalén", "WiZink Center", "2026-12-11", "21:30", 38, 120),
                   ("Vetusta Morla", "La Riviera", "2026-12-12", "20:00", 32, 55))
ES_SHOWS = showtimes("Zootrópolis 2", "Cines Callao", "2026-12-08", ["17:00", "19:30", "22:15"], 9.5)
ES_RESTAURANTS = restaurants(
    "Madrid", ("Sacha", "Spanish", "expensive", "Calle de Juan Hurtado de Mendoza, 11", "+34 913 45 59 52", True, False),
    ("Kitchen 154", "Asian", "moderate", "Calle de Vallehermoso, 36", "+34 914 47 26 18", True, True))
ES_HOTELS = hotels("Sevilla", ("Hotel Alfonso XIII", 5, 4.7, 1, 420, "Calle San Fernando, 2", "+34 954 91 70 00"),
                   ("Hotel Amadeus", 3, 4.4, 6, 95, "Calle Farnesio, 6", "+34 954 50 14 43"))
ES_HOME = homes(("Piso Calle Ponzano", 2, 1, 1350, "Calle de Ponzano, 42", False, True))
ES_FLIGHT: Flight = ("Iberia", "Madrid", "MAD", "Tenerife", "TFN", "2026-12-18", "22:55", "2026-12-19", "00:50", 0,
                     119)
ES_BUS: Bus = ("Madrid Estación Sur", "Granada", "2026-12-12", "00:30", "2026-12-12", "05:40", 0, 28.5, 12)

CA_CAL = calendar("2026-12-08", ("Gimnàs", "07:30", "08:30", "DiR Diagonal"),
                  ("Dentista", "16:00", "16:45", "Clínica Dental del Carme"))
CA_EVENTS = events("Barcelona", ("Manel", "Palau Sant Jordi", "2026-12-12", "21:00", 35, 40),
                   ("Els Pets", "Razzmatazz", "2026-12-13", "19:30", 25, 6))
CA_SHOWS = showtimes("Zootròpolis 2", "Cinesa Diagonal Mar", "2026-12-12", ["11:45", "16:15", "18:30"], 8.9)
CA_RESTAURANTS = restaurants(
    "Barcelona", ("Can Culleretes", "Catalan", "moderate", "Carrer d'en Quintana, 5", "+34 933 17 30 22", True, False),
    ("Koku Kitchen", "Japanese", "cheap", "Carrer del Comerç, 29", "+34 932 69 65 51", False, False))
CA_NO_TABLE = no_table("Koku Kitchen", "2026-12-11", "21:00", 2, ["20:00", "22:30"])
CA_RIDE = ride("Estació de Sants", 4, "Regular", 3, 14, 16.8, "Núria")
CA_SALON = salon_booked("Perruqueria Lola", "2026-12-10", "10:30")
CA_CAR: Car = ("Seat Ibiza", "Compact", "Aeroport del Prat T1", "2026-12-18", "09:00", "2026-12-20", 42)

EN_CAL = calendar("2026-12-11", ("Dentist", "08:45", "09:30", "Bright Smile Dental"), ("Busy", "13:00", "15:00", None),
                  ("Gym", "18:30", "19:30", "Planet Fitness"))
EN_EVENTS = events("Chicago", ("Phoebe Bridgers", "United Center", "2026-12-11", "20:00", 65, 120),
                   ("Chicago Symphony Orchestra", "Symphony Center", "2026-12-13", "15:00", 40, 18))
EN_RESTAURANTS = restaurants(
    "Chicago", ("Girl & the Goat", "American", "expensive", "809 W Randolph St", "+1 312-492-6262", True, False),
    ("Lou Malnati's", "Pizza", "cheap", "439 N Wells St", "+1 312-828-9800", True, False),
    ("Mi Tocaya", "Mexican", "moderate", "2800 W Logan Blvd", "+1 872-315-3947", True, False))
EN_FLIGHT: Flight = ("United", "San Francisco", "SFO", "Chicago", "ORD", "2026-12-11", "22:15", "2026-12-12", "04:29", 0,
                     289)
EN_SONGS = songs(("Yellow", "Coldplay", "Parachutes", 2000))

# (kind, lang, context, said, draft, held[, (ask kind, ask slots)])
ROUND9: tuple[tuple, ...] = (
    # --- pt-BR: 24 true, 6 wrong ---
    ("name", "pt-BR", PT_CAL, "o que eu tenho amanhã?",
     "Amanhã (terça, 8/12) você tem dois compromissos: *Dentista* às 9h30 na Clínica Sorriso e *Academia* às 18h, "
     "na Smart Fit Paulista.", P),
    ("effect", "pt-BR", added("Ocupado", "2026-12-10", "14:00", "16:00", None), "bloqueia quinta das 14 às 16",
     "Feito! Marquei \"Ocupado\" na sua agenda na quinta-feira, 10/12, das 14h às 16h.", P),
    ("question", "pt-BR", calendar("2026-12-09"), "coloca academia quarta às 7",
     "Sua quarta está livre. Posso adicionar *Academia* na quarta, dia 9, às 7h da manhã? Confirma?", P,
     ask("calendar_event", event_name="Academia", event_date="2026-12-09", start_time="07:00")),
    ("date", "pt-BR", PT_EVENTS, "tem show bom no fim de semana?",
     "Encontrei 2 shows neste fim de semana: Marisa Monte no Espaço Unimed, sábado (12/12) às 21h, R$ 280,00 o "
     "ingresso; e a Orquestra Sinfônica na Sala São Paulo, domingo às 17h, por R$ 90,00. Quer algum deles?", P),
    ("count", "pt-BR", tickets("Marisa Monte", "Espaço Unimed", "2026-12-12", "21:00", 2, 560), "pode comprar 2",
     "Prontinho! Comprei 2 ingressos para Marisa Monte, sábado às 21h no Espaço Unimed. Total: R$ 560,00.", P),
    ("places", "pt-BR", PT_EVENTS, "e a orquestra?",
     "Corre que restam só três ingressos para a Orquestra Sinfônica de domingo.", P),
    ("name", "pt-BR", movies("Zootopia 2", "Wicked: Parte II", "O Sobrevivente"), "o que tá passando?",
     "Em cartaz agora tem Zootopia 2, Wicked: Parte II e O Sobrevivente. Algum te interessa?", P),
    ("time", "pt-BR", PT_SHOWS, "horários de zootopia na sexta",
     "Na sexta, no Cinemark Eldorado, Zootopia 2 (3D) passa às 16h40, 19h15 e 21h50. Qual horário prefere?", P),
    ("count", "pt-BR", movie_tickets("Zootopia 2", "Cinemark Eldorado", "2026-12-11", "19:15", 3, 96), "3 pras 19h15",
     "Ingressos garantidos ✅ 3 lugares para Zootopia 2 na sexta às 19h15, total R$ 96,00.", P),
    ("name", "pt-BR", PT_RESTAURANTS, "restaurante bom em SP?",
     "Achei o Jiquitaia, de cozinha brasileira, com preço moderado, e o Tanit, mediterrâneo e mais caro. Os dois "
     "servem bebida alcoólica.", P),
    ("question", "pt-BR", PT_RESTAURANTS, "quero o Jiquitaia, sexta 20h30, 4 pessoas",
     "Só confirmando: mesa para quatro pessoas no Jiquitaia, sexta-feira (11/12) às 20h30. Posso reservar?", P,
     ask("restaurant_reservation", restaurant_name="Jiquitaia", party_size=4, date="2026-12-11", time="20:30")),
    ("effect", "pt-BR", table("Jiquitaia", "2026-12-11", "20:30", 4), "sim",
     "Reserva feita! Mesa para 4 no Jiquitaia nesta sexta, às 20h30. Bom jantar! 🍽️", P),
    ("time", "pt-BR", no_table("Tanit", "2026-12-12", "20:00", 2, ["21:30", "22:00"]), "tenta o Tanit sábado 20h",
     "Não consegui a mesa das 20h no sábado no Tanit 😕 Há vagas às 21h30 ou às 22h. Quer que eu tente algum "
     "desses?", P),
    ("count", "pt-BR", PT_HOTELS, "hotel no Rio",
     "No Rio encontrei o Hotel Arpoador (4 estrelas, nota 4,6), R$ 890,00 a diária, com só 2 quartos livres; e o "
     "Ipanema Inn, 3 estrelas, nota 4,1, por R$ 520,00.", P),
    ("effect", "pt-BR", hotel_booked("Ipanema Inn", "2026-12-18", "2026-12-21", 2, 3, 3120), "fecha 2 quartos",
     "Reservado! Dois quartos no Ipanema Inn de 18 a 21/12 (3 noites). Total de R$ 3.120,00.", P),
    ("count", "pt-BR", homes(("Residencial Jardins", 3, 2, 4200, "Rua Oscar Freire, 900", True, False)),
     "apê de 3 quartos nos Jardins",
     "Tem um apartamento no Residencial Jardins com 3 quartos e 2 banheiros, aluguel de R$ 4.200,00, e aceita pets. "
     "Quer agendar uma visita?", P),
    ("date", "pt-BR", flights(PT_FLIGHT), "voo pra Recife sexta à noite",
     "O voo da LATAM sai de São Paulo (GRU) sexta às 23h40 e chega em Recife no sábado às 3h05, sem escalas, por "
     "R$ 1.150,00.", P),
    ("name", "pt-BR", buses(PT_BUS), "ônibus pro Rio sexta",
     "Tem ônibus direto saindo do Tietê às 23h30 de sexta, chegando no Novo Rio às 5h45 de sábado. Passagem "
     "R$ 149,90; restam 4 lugares.", P),
    ("count", "pt-BR", ride("Aeroporto de Congonhas", 3, "Comfort", 6, 25, 48.5, "Rogério"), "carro pra Congonhas, 3",
     "Seu carro está a caminho! 🚗 Rogério chega em 6 minutos; a corrida até o Aeroporto de Congonhas, para 3 pessoas, "
     "dura uns 25 minutos e custa R$ 48,50.", P),
    ("date", "pt-BR", salon_booked("Studio Bella", "2026-12-12", "11:00"), "marca sábado 11h",
     "Agendado! Você tem horário no Studio Bella sábado, 12 de dezembro, às 11h da manhã.", P),
    ("name", "pt-BR", doctors("São Paulo", "Dermatologist", ("Dra. Helena Prado", 4.8, "Av. Paulista, 1500",
                                                             "+55 11 3285-0000")), "dermatologista perto",
     "A Dra. Helena Prado, dermatologista, tem nota 4,8 e atende na Av. Paulista, 1500. Quer marcar uma consulta?", P),
    ("count", "pt-BR", weather("Curitiba", "2026-12-08", 19, 70, 82, 12), "vai chover amanhã em Curitiba?",
     "Amanhã em Curitiba: máxima de 19 °C, 70% de chance de chuva e umidade de 82%. Leva guarda-chuva! ☔", P),
    ("date", "pt-BR", cars(PT_CAR), "carro em Confins segunda",
     "Tenho um Chevrolet Onix (compacto) para retirar no Aeroporto de Confins na segunda, 14/12, às 10h, devolução no "
     "dia 17. A diária sai por R$ 139,00.", P),
    ("effect", "pt-BR", own_transfer(50_000, "checking", "savings", "2026-12-07"), "passa 500 pra poupança",
     "Transferência concluída: R$ 500,00 da conta corrente para a poupança, hoje.", P),
    ("name", "pt-BR", PT_CAL, "o que eu tenho amanhã cedo?",
     "Amanhã às 9h30 você tem *Academia* na Clínica Sorriso.", H),
    ("date", "pt-BR", flights(PT_FLIGHT), "que dia chega?", "O voo da LATAM chega em Recife na sexta às 3h05.", H),
    ("time", "pt-BR", table("Jiquitaia", "2026-12-11", "20:30", 4), "sim",
     "Mesa reservada no Jiquitaia para sexta às 21h30!", H),
    ("count", "pt-BR", hotel_booked("Ipanema Inn", "2026-12-18", "2026-12-21", 2, 3, 3120), "fecha",
     "Reservei três quartos no Ipanema Inn de 18 a 21/12.", H),
    ("status", "pt-BR", own_transfer(50_000, "checking", "savings", "2026-12-08", "scheduled"), "passa 500 amanhã",
     "Pronto, os R$ 500,00 já caíram na sua poupança.", H),
    ("effect", "pt-BR", PT_RESTAURANTS, "quero o Jiquitaia, sexta 20h30, 4 pessoas",
     "Reservei uma mesa para quatro no Jiquitaia na sexta às 20h30.", H,
     ask("restaurant_reservation", restaurant_name="Jiquitaia", party_size=4, date="2026-12-11", time="20:30")),

    # --- es: 24 true, 6 wrong ---
    ("name", "es", ES_CAL, "¿qué tengo hoy?",
     "Hoy tienes «Ocupado» de 12:00 a 13:30 y a las 17:15 el Dentista, en la Clínica Dental Sonrisas.", P),
    ("effect", "es", added("Gimnasio", "2026-12-09", "19:00", "20:00", "Altafit Chamberí"), "apunta gimnasio el miércoles a las 7",
     "Listo, he añadido «Gimnasio» el miércoles 9 de diciembre a las 7 de la tarde en Altafit Chamberí.", P),
    ("nothing", "es", calendar("2026-12-12"), "¿tengo algo el sábado?",
     "No tienes nada en el calendario el sábado 12. ¿Quieres que apunte algo?", P),
    ("date", "es", ES_EVENTS, "conciertos esta semana en Madrid",
     "He encontrado dos conciertos: Rozalén en el WiZink Center el viernes a las 21:30 (38 € la entrada) y Vetusta "
     "Morla en La Riviera el sábado a las 20:00 (32 €). ¿Te apetece alguno?", P),
    ("question", "es", ES_EVENTS, "quiero 3 para Vetusta Morla",
     "¿Te compro 3 entradas para Vetusta Morla el sábado 12 de diciembre, en La Riviera? Serían 96 €.", P,
     ask("event_tickets", event_name="Vetusta Morla", number_of_tickets=3, date="2026-12-12")),
    ("time", "es", tickets("Rozalén", "WiZink Center", "2026-12-11", "21:30", 2, 76), "sí, dos",
     "¡Hecho! Tienes dos entradas para Rozalén este viernes a las nueve y media de la noche. Total: 76 €.", P),
    ("time", "es", ES_SHOWS, "horarios de Zootrópolis mañana",
     "Mañana en Cines Callao ponen Zootrópolis 2 a las 17:00, a las 19:30 y a las 22:15. La entrada cuesta 9,50 €.", P),
    ("count", "es", movie_tickets("Zootrópolis 2", "Cines Callao", "2026-12-08", "22:15", 2, 19), "2 para la última",
     "Entradas compradas: 2 para Zootrópolis 2, mañana martes a las 22:15 en Cines Callao (19 € en total).", P),
    ("name", "es", movies("Wicked: Parte II", "Zootrópolis 2", "Sirat", "La cena"), "¿qué hay en cartelera?",
     "Entre las que hay en cartelera: Sirat, La cena y Zootrópolis 2, entre otras. ¿Buscas alguna en concreto?", P),
    ("name", "es", ES_RESTAURANTS, "un sitio para cenar en Madrid",
     "Te propongo Sacha, cocina española y precio alto, o Kitchen 154, asiático, precio moderado y con música en "
     "directo.", P),
    ("count", "es", table("Kitchen 154", "2026-12-10", "21:00", 6), "reserva para 6 el jueves a las 9",
     "Reserva confirmada en Kitchen 154 para seis personas el jueves a las 21:00.", P),
    ("status", "es", table("Sacha", "2026-12-12", "14:00", 2, "waitlisted"), "Sacha el sábado a las 2",
     "De momento estás en lista de espera en Sacha para el sábado a las 14:00, para 2 personas; te aviso si se "
     "libera la mesa.", P),
    ("places", "es", ES_HOTELS, "hotel en Sevilla",
     "En Sevilla: el Hotel Alfonso XIII (5 estrellas, 4,7 de valoración) a 420 € la noche, pero solo le queda una "
     "habitación; y el Hotel Amadeus, de 3 estrellas, a 95 €.", P),
    ("date", "es", hotel_booked("Hotel Amadeus", "2026-12-24", "2026-12-27", 1, 3, 285), "resérvalo",
     "Reservado el Hotel Amadeus: una habitación, entrada el 24 de diciembre y salida el 27 (tres noches), 285 € en "
     "total.", P),
    ("count", "es", ES_HOME, "pisos de 2 habitaciones",
     "El piso de la calle Ponzano tiene 2 dormitorios y 1 baño, está amueblado y cuesta 1.350 € al mes. No admite "
     "mascotas.", P),
    ("date", "es", visit("Piso Calle Ponzano", "2026-12-09", "17:00"), "quiero verlo el miércoles a las 5",
     "Visita agendada para el miércoles 9 a las 5 de la tarde en el piso de Ponzano.", P),
    ("date", "es", flights(ES_FLIGHT), "vuelo a Tenerife el viernes 18",
     "Hay un vuelo directo de Iberia el viernes 18 a las 22:55 que llega a Tenerife a las 00:50 del sábado, por "
     "119 €.", P),
    ("time", "es", buses(ES_BUS), "bus a Granada",
     "El autobús sale de Estación Sur a las 00:30 del sábado 12 y llega a Granada a las 5:40. Cuesta 28,50 €, sin "
     "transbordos.", P),
    ("count", "es", bus_ticket(ES_BUS, 3, 85.5), "tres billetes",
     "Tienes tres billetes para el autobús a Granada del sábado a las 00:30. Total 85,50 €.", P),
    ("count", "es", ride("Aeropuerto Adolfo Suárez Madrid-Barajas T4", 2, "Pool", 4, 35, 31.2, "Luis"),
     "un coche compartido a la T4, somos 2",
     "Tu coche compartido llega en 4 minutos: plazas para 2, unos 35 minutos hasta la T4 de Barajas y 31,20 €.", P),
    ("question", "es", salons("Madrid", ("Peluquería Marta Estévez", 4.5, "Calle de Fuencarral, 10", "+34 915 22 11 00",
                                         True)), "peluquería en Madrid",
     "¿Qué te parece Peluquería Marta Estévez? Es unisex y tiene una valoración de 4,5. ¿Te busco hora?", P),
    ("date", "es", doctor_booked("Dr. Javier Ruiz", "2026-12-14", "09:15"), "el lunes a las 9:15",
     "Cita confirmada con el Dr. Javier Ruiz el próximo lunes, 14 de diciembre, a las 9:15.", P),
    ("name", "es", playing("Mediterráneo", "Joan Manuel Serrat", "TV del salón"), "pon Mediterráneo en la tele",
     "Ya suena «Mediterráneo» de Joan Manuel Serrat en la TV del salón 🎶", P),
    ("money", "es", balances(234_050, 1_200_000), "¿cuánto tengo?",
     "Tienes 2.340,50 € en la cuenta corriente y 12.000,00 € en la de ahorro. ¿Quieres pasar dinero de una a otra?", P),
    ("name", "es", ES_CAL, "¿a qué hora es el dentista?", "Hoy a las 12:00 tienes el Dentista, hasta las 13:30.", H),
    ("date", "es", tickets("Rozalén", "WiZink Center", "2026-12-11", "21:30", 2, 76), "¿qué día era?",
     "Tus dos entradas para Rozalén son para el sábado a las 21:30.", H),
    ("time", "es", ES_SHOWS, "horarios de Zootrópolis mañana",
     "Mañana ponen Zootrópolis 2 a las 17:00, a las 19:30 y a las 23:15.", H),
    ("count", "es", movie_tickets("Zootrópolis 2", "Cines Callao", "2026-12-08", "22:15", 2, 19), "vale",
     "Listo: 4 entradas para Zootrópolis 2 mañana a las 22:15.", H),
    ("status", "es", table("Sacha", "2026-12-12", "14:00", 2, "waitlisted"), "Sacha el sábado a las 2",
     "¡Mesa confirmada en Sacha para el sábado a las 14:00!", H),
    ("effect", "es", hotel_booked("Hotel Amadeus", "2026-12-24", "2026-12-27", 1, 3, 285), "resérvalo",
     "He reservado el Hotel Amadeus y ya te he cobrado los 285 € de la tarjeta.", H),

    # --- ca: 23 true, 7 wrong (one true as written, corrected: see its line) ---
    ("name", "ca", CA_CAL, "què tinc demà?",
     "Demà tens Gimnàs a les 7.30 al DiR Diagonal i Dentista a les 16.00 a la Clínica Dental del Carme.", P),
    ("effect", "ca", added("Ocupat", "2026-12-11", "09:00", "13:00", None), "bloqueja divendres al matí",
     "Fet! He posat «Ocupat» divendres 11 de desembre de 9 a 13 h.", P),
    ("time", "ca", CA_EVENTS, "concerts aquest cap de setmana",
     "Aquest cap de setmana hi ha Manel al Palau Sant Jordi dissabte a les 21 h (35 €) i Els Pets a Razzmatazz "
     "diumenge a dos quarts de vuit del vespre (25 €).", P),
    ("places", "ca", CA_EVENTS, "i d'Els Pets en queden?",
     "Per a Els Pets només queden 6 entrades, així que no t'ho pensis gaire.", P),
    ("count", "ca", tickets("Manel", "Palau Sant Jordi", "2026-12-12", "21:00", 4, 140), "compra'n quatre",
     "Ja tens les quatre entrades per a Manel, dissabte a les nou del vespre al Palau Sant Jordi. En total, 140 €.", P),
    ("nothing", "ca", nothing("find_events", "events", city="Girona", category="Music", date="2026-12-08"),
     "hi ha algun concert demà a Girona?", "No he trobat cap concert a Girona per demà. Vols que miri un altre dia?", P),
    ("time", "ca", CA_SHOWS, "sessions de Zootròpolis dissabte",
     "Dissabte, a Cinesa Diagonal Mar, Zootròpolis 2 fa sessions a les 11.45, a les 16.15 i a les 18.30.", P),
    ("question", "ca", CA_SHOWS, "dues per a la de les 18.30",
     "Confirmes 2 entrades per a Zootròpolis 2 dissabte a les 18.30, a Cinesa Diagonal Mar? Són 17,80 €.", P,
     ask("movie_tickets", title="Zootròpolis 2", number_of_tickets=2, show_date="2026-12-12", show_time="18:30")),
    ("name", "ca", CA_RESTAURANTS, "on puc sopar a Barcelona?",
     "Et proposo Can Culleretes, de cuina catalana i preu mitjà, o Koku Kitchen, japonès i econòmic (no serveixen "
     "alcohol).", P),
    ("time", "ca", table("Can Culleretes", "2026-12-13", "14:00", 5), "diumenge a les 2, som cinc",
     "Taula reservada a Can Culleretes per a cinc persones diumenge a les dues del migdia.", P),
    ("time", "ca", CA_NO_TABLE, "Koku divendres a les 9 del vespre, per a dos",
     "Ho sento, a Koku Kitchen no queda taula divendres a les 21 h. Tenen lloc a les 20 h o a les 22.30, "
     "t'interessa?", P),
    ("places", "ca", hotels("Andorra la Vella", ("Hotel Plaza", 5, 4.5, 3, 210, "Carrer de la Unió, 1", "+376 879 444"),
                            ("Hotel Cérvol", 3, 4.0, 8, 85, "Avinguda de Santa Coloma, 46", "+376 803 111")),
     "hotel a Andorra la Vella",
     "A Andorra la Vella hi ha l'Hotel Plaza, de 5 estrelles i un 4,5 de nota, a 210 € la nit (queden 3 "
     "habitacions), i l'Hotel Cérvol, de 3 estrelles, a 85 €.", P),
    ("date", "ca", hotel_booked("Hotel Cérvol", "2026-12-26", "2026-12-28", 1, 2, 170), "reserva el Cérvol",
     "Reserva feta a l'Hotel Cérvol: una habitació del 26 al 28 de desembre, dues nits, 170 € en total.", P),
    ("count", "ca", homes(("Pis Gràcia Verdi", 3, 1, 1450, "Carrer de Verdi, 80", True, False)), "pisos a Gràcia",
     "El pis de Verdi, a Gràcia, té tres habitacions i un bany, costa 1.450 € al mes i s'hi admeten mascotes.", P),
    ("time", "ca", flights(("Vueling", "Barcelona", "BCN", "Londres", "LGW", "2026-12-15", "06:10", "2026-12-15",
                            "07:35", 0, 64)), "vol a Londres dimarts",
     "El primer vol de Vueling surt dimarts 15 a les 6.10 i arriba a Londres (Gatwick) a les 7.35, directe, per "
     "64 €.", H),  # expectation corrected after the first run: the result says "LGW", no tool returned "Gatwick"
    ("date", "ca", buses(("Barcelona Nord", "València Estació d'Autobusos", "2026-12-11", "23:45", "2026-12-12", "03:50",
                          0, 19.9, 9)), "bus a València divendres a la nit",
     "Hi ha un bus que surt de Barcelona Nord divendres a les 23.45 i arriba a València dissabte a les 3.50 de la "
     "matinada, per 19,90 €.", P),
    ("count", "ca", CA_RIDE, "un cotxe a Sants per a 4",
     "La Núria arriba en 3 minuts amb un cotxe per a 4 persones. Fins a l'Estació de Sants seran uns 14 minuts i "
     "16,80 €.", P),
    ("time", "ca", CA_SALON, "dijous a dos quarts d'onze",
     "Tens hora a la Perruqueria Lola dijous a dos quarts d'onze del matí.", P),
    ("count", "ca", doctors("Barcelona", "Pediatrician", ("Dra. Laia Puig", 4.9, "Carrer de Balmes, 200", "+34 932 00 11 22"),
                            ("Dr. Pere Roca", 4.6, "Via Augusta, 13", "+34 932 18 40 00"),
                            ("Dra. Anna Soler", 4.4, "Carrer de Muntaner, 300", "+34 932 09 55 66")),
     "un pediatre a Barcelona",
     "He trobat tres pediatres; els més ben valorats són la Dra. Laia Puig (4,9) i el Dr. Pere Roca (4,6). Vols que en "
     "demani hora amb algun?", P),
    ("name", "ca", songs(("Boig per tu", "Sau", "Quina nit", 1991)), "de qui és Boig per tu?",
     "«Boig per tu» és de Sau, del disc «Quina nit» (1991). Vols que la posi?", P),
    ("count", "ca", weather("Andorra la Vella", "2026-12-09", -2, 40, 65, 20), "quin temps farà dimecres?",
     "Dimecres a Andorra la Vella farà -2 °C, amb un 40% de probabilitat de precipitació i vent de 20 km/h.", P),
    ("date", "ca", cars(CA_CAR), "cotxe al Prat divendres 18",
     "Tens disponible un Seat Ibiza per recollir a l'Aeroport del Prat T1 el divendres 18 a les 9 del matí i "
     "tornar-lo el diumenge 20; són 42 € al dia.", P),
    ("effect", "ca", car_booked(CA_CAR, 84), "reserva'l",
     "Cotxe reservat ✅ Seat Ibiza, recollida divendres a les 9.00 al Prat T1, retorn diumenge. Total: 84 €.", P),
    ("status", "ca", own_transfer(30_000, "checking", "savings", "2026-12-08", "scheduled"),
     "passa 300 a l'estalvi demà",
     "D'acord: la transferència de 300,00 € del compte corrent al d'estalvi queda programada per a demà.", P),
    ("name", "ca", CA_CAL, "què tinc demà al matí?", "Demà a les 7.30 tens Dentista.", H),
    ("date", "ca", CA_SALON, "quan tinc la perruqueria?",
     "Tens hora a la Perruqueria Lola divendres a dos quarts d'onze.", H),
    ("time", "ca", CA_EVENTS, "a quina hora toquen Els Pets?",
     "Els Pets toquen diumenge a dos quarts de nou del vespre a Razzmatazz.", H),
    ("count", "ca", CA_RIDE, "un cotxe a Sants", "La Núria arriba en 3 minuts amb un cotxe per a 2 persones.", H),
    ("status", "ca", CA_NO_TABLE, "Koku divendres a les 9 del vespre, per a dos",
     "Fet! Taula per a dos a Koku Kitchen divendres a les 21 h.", H),
    ("effect", "ca", car_booked(CA_CAR, 84), "reserva'l",
     "Cotxe reservat i ja t'he fet la transferència dels 84 € a la companyia de lloguer.", H),

    # --- en: 24 true, 6 wrong ---
    ("name", "en", EN_CAL, "what's on Friday?",
     "On Friday you've got Dentist at 8:45 AM (Bright Smile Dental), you're marked Busy from 1 to 3 PM, and Gym at "
     "6:30 PM at Planet Fitness.", P),
    ("effect", "en", added("Gym", "2026-12-08", "06:00", "07:00", "Planet Fitness"), "add gym tomorrow 6am",
     "Done — \"Gym\" is on your calendar for tomorrow, 6:00–7:00 AM, at Planet Fitness.", P),
    ("question", "en", calendar("2026-12-14"), "dentist monday 3:30",
     "You're free on Monday the 14th. Shall I add Dentist at 3:30 PM at Bright Smile Dental?", P,
     ask("calendar_event", event_name="Dentist", event_date="2026-12-14", start_time="15:30",
         event_location="Bright Smile Dental")),
    ("date", "en", EN_EVENTS, "any concerts this week?",
     "I found 2 events: Phoebe Bridgers at the United Center this Friday at 8 PM ($65 a ticket) and the Chicago "
     "Symphony Orchestra at Symphony Center on Sunday at 3 PM ($40).", P),
    ("question", "en", EN_EVENTS, "2 for the symphony",
     "Just to confirm: two tickets for the Chicago Symphony Orchestra on Sunday, December 13 at 3:00 PM, $80 total. "
     "Should I go ahead?", P,
     ask("event_tickets", event_name="Chicago Symphony Orchestra", number_of_tickets=2, date="2026-12-13")),
    ("effect", "en", tickets("Chicago Symphony Orchestra", "Symphony Center", "2026-12-13", "15:00", 2, 80), "yes",
     "You're all set! 🎻 2 tickets for the Chicago Symphony Orchestra, Sunday at 3 PM. Confirmation code "
     "EVT-30417.", P),
    ("name", "en", movies("Zootopia 2", "Wicked: For Good", "The Running Man", "Hamnet"), "what's playing?",
     "Now showing: Hamnet, The Running Man, Wicked: For Good and Zootopia 2. Any of those sound good?", P),
    ("time", "en", showtimes("Hamnet", "AMC River East 21", "2026-12-08", ["13:10", "16:20", "19:45"], 15.5),
     "hamnet tomorrow?",
     "Hamnet is playing tomorrow at AMC River East 21 at 1:10, 4:20 and 7:45 PM; tickets are $15.50.", P),
    ("count", "en", movie_tickets("Hamnet", "AMC River East 21", "2026-12-08", "19:45", 1, 15.5), "one for 7:45",
     "Got it — one ticket for Hamnet tomorrow at 7:45 PM at AMC River East 21. Enjoy the show!", P),
    ("name", "en", EN_RESTAURANTS, "where should we eat?",
     "I found 3 spots: Girl & the Goat (American, pricey), Lou Malnati's for pizza, which is inexpensive, and Mi "
     "Tocaya, Mexican at a moderate price.", P),
    ("count", "en", table("Lou Malnati's", "2026-12-12", "18:00", 7), "7 people saturday at 6",
     "Booked: a table for seven at Lou Malnati's on Saturday at 6 PM.", P),
    ("nothing", "en", nothing("search_hotels", "hotels", city="Aspen", check_in_date="2026-12-24", check_out_date=None),
     "hotel in Aspen for Christmas eve",
     "Sorry, I couldn't find any hotels with rooms in Aspen for December 24. Want me to try nearby dates?", P),
    ("places", "en", hotels("Denver", ("The Crawford Hotel", 4, 4.7, 2, 329, "1701 Wynkoop St", "+1 720-460-3700"),
                            ("Hotel Indigo", 3, 4.2, 10, 179, "1801 Wewatta St", "+1 303-997-5000")), "hotels in Denver",
     "The Crawford Hotel is a 4-star rated 4.7 at $329 a night, with just two rooms left; Hotel Indigo is 3 stars, "
     "rated 4.2, at $179.", P),
    ("date", "en", both(homes(("Lakeview Terrace Apartments", 2, 2, 2450, "3150 N Lake Shore Dr", True, True)),
                        visit("Lakeview Terrace Apartments", "2026-12-10", "16:00")), "visit thursday at 4",
     "Your visit to Lakeview Terrace Apartments is set for Thursday at 4 PM. It's a 2-bed, 2-bath, $2,450/month, "
     "furnished and pet-friendly.", P),
    ("date", "en", flights(EN_FLIGHT), "flight SF to Chicago friday night",
     "There's a United red-eye leaving San Francisco Friday at 10:15 PM and landing in Chicago at 4:29 AM Saturday, "
     "nonstop, for $289.", P),
    ("count", "en", flight_booked(EN_FLIGHT, 2, 578), "book it for two",
     "Your flight is booked: 2 passengers on United, Friday 10:15 PM from San Francisco, arriving 4:29 AM Saturday. "
     "Booking reference UA7QK2.", P),
    ("time", "en", buses(("Port Authority", "Philadelphia 30th Street", "2026-12-09", "11:30", "2026-12-09", "13:20", 0,
                          24, 15)), "bus to Philly wednesday",
     "The 11:30 AM bus from Port Authority gets to Philadelphia 30th Street at 1:20 PM on Wednesday, direct, $24.", P),
    ("count", "en", ride("O'Hare International Airport", 1, "Pool", 7, 42, 27.4, "Marcus"), "shared ride to O'Hare",
     "Marcus will pick you up in about 7 minutes. It's a shared ride with one seat, roughly 42 minutes to O'Hare, "
     "$27.40.", P),
    ("name", "en", salons("Chicago", ("Supercuts", 3.9, "60 E Lake St", "+1 312-332-0021", True),
                          ("Salon Lofts", 4.6, "1 W Superior St", "+1 312-202-0730", False),
                          ("Ruby Room", 4.8, "1743 W Division St", "+1 773-235-2323", False),
                          ("Salon 1800", 4.1, "1800 N Clybourn Ave", "+1 312-255-0180", False)), "a salon nearby",
     "Here are a few: Ruby Room (4.8), Salon Lofts (4.6) and Supercuts (3.9, unisex). Want me to check times at "
     "one?", P),
    ("date", "en", doctor_booked("Dr. Priya Shah", "2026-12-08", "14:20"), "tomorrow 2:20 is fine",
     "Your appointment with Dr. Shah is confirmed for tomorrow, Tuesday, at 2:20 PM.", P),
    ("name", "en", both(EN_SONGS, playing("Yellow", "Coldplay", "Living Room Speaker")), "play yellow in the living room",
     "Playing \"Yellow\" by Coldplay on the Living Room Speaker.", P),
    ("count", "en", weather("Seattle", "2026-12-12", 46, 85, 90, 9, "F", "mph"), "seattle weather saturday",
     "Saturday in Seattle: around 46°F with an 85% chance of rain, 90% humidity and 9 mph winds.", P),
    ("date", "en", car_booked(("Toyota Corolla", "Standard", "LAX", "2026-12-18", "17:00", "2026-12-21", 55), 165),
     "book the corolla",
     "Your Toyota Corolla is reserved: pick-up at LAX on Friday the 18th at 5 PM, drop-off Monday the 21st. Total "
     "$165.", P),
    ("effect", "en", own_transfer(120_000, "savings", "checking", "2026-12-07"), "move 1200 from savings to checking",
     "Done! $1,200.00 moved from savings to checking.", P),
    ("name", "en", EN_CAL, "what's on Friday?",
     "On Friday you're marked Busy at 8:45 AM and have Dentist from 1 to 3 PM.", H),
    ("date", "en", doctor_booked("Dr. Priya Shah", "2026-12-08", "14:20"), "tomorrow 2:20 is fine",
     "Your appointment with Dr. Shah is confirmed for Wednesday at 2:20 PM.", H),
    ("time", "en", flights(EN_FLIGHT), "when does it land?", "It lands in Chicago at 5:29 AM Saturday.", H),
    ("count", "en", table("Lou Malnati's", "2026-12-12", "18:00", 7), "7 people saturday at 6",
     "Booked: a table for eight at Lou Malnati's on Saturday at 6 PM.", H),
    ("status", "en", flight_booked(EN_FLIGHT, 2, 578, "pending"), "book it for two",
     "Your flight is confirmed and ticketed: 2 passengers on United, Friday at 10:15 PM.", H),
    ("effect", "en", EN_SONGS, "play yellow in the living room",
     "Now playing \"Yellow\" by Coldplay on the Living Room Speaker.", H),
)


def cases() -> Iterator[Round9Case]:
    for index, row in enumerate(ROUND9):
        kind, lang, context, said, draft, held = row[:6]
        ask_kind, ask_slots = row[6] if len(row) > 6 else (None, {})
        yield Round9Case(f"round9-{index:03d} {kind} {lang}", "dev", kind, lang, draft, held, "school", context, said,
                         ask_kind=ask_kind, ask_slots=ask_slots)
