"""False alarms of the fact guards on true drafts, each fixed at its root, with the wrong fact next to it still held
(the shapes of SGD's true turns and of the rendered Pix receipts of `tools.eval`)."""

from __future__ import annotations

import pytest

from guards.checks.facts import unsupported_facts
from guards.checks.policy import policy_bypass
from guards.common_words import COMMON
from guards.evidence import Evidence, Identifier, MoneyEvidence
from guards.facts import counts_in, names_in
from guards.mentions import amounts_in
from guards.tests.helpers import customer, deadline, make, output
from language.locales import LANGS

PLACES = Evidence(names=("restaurant_name", "city"), identifiers=(Identifier("street_address", "address"),))


def search(*names: str, city: str = "Oakland", street: str = "5356 College Avenue"):
    return output("find_restaurants", [{"restaurant_name": name, "city": city, "street_address": street}
                                       for name in names], evidence=PLACES)


def held(draft: str, *outputs, **parts) -> list[str]:
    missing = unsupported_facts(make(draft, languages=LANGS, tool_outputs=outputs, **parts), deadline())
    assert missing is not None
    return [fact.raw for fact in missing]


@pytest.mark.parametrize("draft", ["I found 3 places. A16 is a nice restaurant in Oakland.",
                                   "There are 3 available. Would you like A16?",
                                   "Yes I have 3 places in Oakland. One is A16."])
def test_places_found_are_a_results_length(draft):
    assert held(draft, search("A16", "Belotti", "Ramen Shop")) == []
    assert held(draft.replace("3", "4"), search("A16", "Belotti", "Ramen Shop")) == ["4"]


def test_places_said_to_be_left_are_no_results_length():
    assert counts_in("Only 1 place left in Escalada!", "en")[0].value == (1, True)
    assert counts_in("There are 10 available.", "en")[0].value == (10, False)
    assert held("Only 3 places left at A16!", search("A16", "Belotti", "Ramen Shop")) == ["3"]


@pytest.mark.parametrize("draft", ["Sorry, they are fully booked at that time.",
                                   "I'm sorry, but all the tickets were booked.", "Those tickets are all booked.",
                                   "I am unable to make the reservation at your scheduled time.",
                                   "I am sorry, but the appointment is unable to be booked."])
def test_a_status_word_that_states_no_outcome_is_no_status(draft):
    failed = output("reserve_restaurant", {"code": "failed"}, ok=False)
    assert held(draft, failed, effect_kinds={"reserve_restaurant": "booking"}) == []


def test_a_booking_stated_after_a_failure_is_still_held():
    failed = output("reserve_restaurant", {"code": "failed"}, ok=False)
    assert held("Your table is booked.", failed, effect_kinds={"reserve_restaurant": "booking"}) == ["booked"]


def test_a_ticket_bought_is_paid_for():
    bought = output("buy_event_tickets", [{"event_name": "Mets Vs Cubs"}], evidence=Evidence(names=("event_name",)))
    inp = dict(effects_executed=("buy_event_tickets",), effect_kinds={"buy_event_tickets": "order"})
    assert held("Your ticket is paid for.", bought, **inp) == []


@pytest.mark.parametrize(("draft", "names"), [
    ("Their Phone Number is 510-768-8003.", []), ("Congrats, Your Reservation has been made.", []),
    ("They are a Pop Band.", []), ("You can say Music, Sports, Art, or something else.", []),
    # the labels are words; the one word a label announces, all its sentence, is the value: a place's name
    ("Tickets: 1, Event Date: March 11th, Event Location: Oakland.", ["Oakland"])])
def test_words_of_the_language_written_as_a_title_are_no_name(draft, names):
    common = frozenset({"congrats", "their", "phone", "number", "your", "reservation", "pop", "band", "music", "sports", "art",
                        "event", "date", "location", "tickets"})
    assert [fact.raw for fact in names_in(draft, "en", common=common)] == names


def test_a_street_and_a_title_said_elsewhere_stay_names():
    common = frozenset({"it", "market", "street", "best", "friend", "play"})
    assert [f.raw for f in names_in("It is at 2223 Market Street.", "en", common=common)] == ["Market Street"]
    assert [f.raw for f in names_in("Shall I play Best Friend on the TV?", "en", common=common)] == ["Best Friend"]
    assert held("They are at 2223 Market Street.", search("A16")) == ["Market Street"]


def test_two_sentences_without_a_space_are_two_names():
    found = held("The game is at Oakland Coliseum.That will start at 6:30 pm.", search("A16", city="Oakland Coliseum"),
                 ask_slots={"time": "18:30"})
    assert found == []


def test_a_street_abbreviation_is_its_word():
    assert held("A16 is on 2664 Berryessa Rd.", search("A16", street="2664 Berryessa Road # 206")) == []
    assert held("A16 is on 2664 Berryessa Rd.", search("A16", street="2664 Mowry Road")) == ["Berryessa Rd"]


def test_a_verb_opening_the_sentence_and_a_linking_word_are_no_part_of_a_name():
    songs = output("lookup_song", [{"song_name": "Bad Habit", "artist": "Steve Lacy"}],
                   evidence=Evidence(names=("song_name", "artist")))
    assert held("Confirm the following: Play Bad Habit on your bedroom speaker.", songs) == []
    assert held("Confirm the following: Play Good Habit on your bedroom speaker.", songs) == ["Good Habit"]
    assert held("I found 1 song: Bad Habit By Steve Lacy.", songs) == []


def test_a_numbered_street_and_a_letter_with_digits_are_names():
    assert held("The address is 2301 3rd Avenue.", search("A16", street="2301 3rd Avenue")) == []
    assert held("The address is 2301 4th Avenue.", search("A16", street="2301 3rd Avenue")) == ["4th Avenue"]
    assert held("The top choice is B52 in Oakland.", search("A16")) == ["B52"]


def test_an_outcome_may_name_the_address_of_its_result():
    booked = output("book_appointment", [{"stylist_name": "17 Jewels Salon", "street_address": "4801 Telegraph Avenue"}],
                    evidence=Evidence(names=("stylist_name",), identifiers=(Identifier("street_address", "address"),)))
    inp = dict(effects_executed=("book_appointment",), effect_kinds={"book_appointment": "booking"})
    assert held("I've confirmed your appointment is at 4801 Telegraph Avenue.", booked, **inp) == []


@pytest.mark.parametrize(("draft", "lang"), [("Pix of R$260.00 sent to Pier 29 on March 3.", "en"),
                                              ("Hecho: Pix de 110,00 BRL enviado a Gay 90's Pizza Co.", "es")])
def test_a_names_number_is_no_amount(draft, lang):
    assert [a.raw for a in amounts_in(draft, lang, "BRL")] == [draft.split()[2] if lang == "en" else "110,00 BRL"]
    assert [a.raw for a in amounts_in("Manda 250 pro Pedro", "pt-BR", "BRL")] == ["250"]


def test_non_refundable_offers_no_refund():
    inp = make("I am sorry, but the ticket is non-refundable.", languages=LANGS, history=(customer("refund?"),))
    assert policy_bypass(inp, deadline()).passed
    assert not policy_bypass(make("I'll refund you the ticket.", languages=LANGS), deadline()).passed


def test_money_evidence_is_unchanged_by_a_name_with_digits():
    receipt = output("send_pix", {"amount_cents": 26000, "currency": "BRL"},
                     evidence=Evidence(money=(MoneyEvidence("amount_cents", role="debit"),)))
    assert unsupported_facts(make("Pix of R$260.00 sent.", currency="BRL", tool_outputs=(receipt,)), deadline()) == []


@pytest.mark.parametrize("name", ["Will Sushi", "My No.1 Sushi & Tofu"])
def test_a_names_words_do_not_make_a_status_conditional(name):
    from agent.tools.bank import RECEIPT_EVIDENCE

    receipt = output("send_pix", {"status": "settled", "amount_cents": 3000, "currency": "BRL",
                                  "recipient": {"owner_name": name}}, evidence=RECEIPT_EVIDENCE)
    inp = dict(currency="BRL", effects_executed=("send_pix",), effect_kinds={"send_pix": "money"})
    assert held(f"The Pix of R$30.00 to {name} has been sent.", receipt, **inp) == []
    assert held(f"The Pix of R$30.00 to {name} has been scheduled.", receipt, **inp) == ["scheduled"]


def test_a_word_no_dictionary_holds_opening_a_sentence_is_a_name():
    assert held("Khamsa in Pleasanton.", search("Paya", city="Pleasanton")) == ["Khamsa"]
    assert held("Paya in Pleasanton.", search("Paya", city="Pleasanton")) == []
    assert held("There is a nice place in Brisbee.", search("Paya", city="Philadelphia")) == ["Brisbee"]


@pytest.mark.parametrize("draft", ["Thier address is 5356 College Avenue.", "It'll be at A16 in Oakland.",
                                   "Howmany people will join you at A16?", "Yup, A16 is in Oakland.",
                                   "Hsve a great meal at A16!", "They are a French Restuarant in Oakland."])
def test_mistyped_and_spoken_words_are_no_names(draft):
    assert held(draft, search("A16")) == []


@pytest.mark.parametrize("draft", ["In Oakland, I found 1512 Barber Shop.", "I found 18/8 Fine Men's Salons in Oakland.",
                                   "Maybe August 1 Five, a nice restaurant in Oakland.",
                                   "The 20th Salon and Barber is in Oakland."])
def test_the_numbers_of_a_results_name_are_the_names(draft):
    results = search("1512 Barber Shop", "18/8 Fine Men's Salons", "August 1 Five", "20th Salon and Barber")
    assert held(draft, results) == []


def test_a_name_around_a_results_numbered_name_is_still_read():
    assert held("The Nationals Vs Braves at Pier 17 is great.", search("Pier 17")) \
        == ["Nationals Vs Braves at Pier 17"]


@pytest.mark.parametrize(("draft", "lang"), [("Pídelo de nuevo, por favor.", "es"),
                                             ("Envia'ls d'un en un, si us plau.", "ca"),
                                             ("S'enviarà en aquesta data.", "ca")])
def test_a_word_with_its_clitic_opening_a_sentence_is_no_name(draft, lang):
    assert held(draft, lang=lang) == []


def test_an_effect_is_for_the_names_of_the_item_its_arguments_point_to():
    offers = output("check_availability", {"slots": [{"slot_ref": "ref_s0", "activity_name": "Esquí"},
                                                      {"slot_ref": "ref_s1", "activity_name": "Escalada"}]},
                    evidence=Evidence(names=("activity_name",)))
    booked = output("create_booking", {"booking_ref": "ref_b9", "activity": "ski", "status": "pending_payment"},
                    arguments={"slot_ref": "ref_s0"}, evidence=Evidence(names=("activity",)))
    done = dict(effects_executed=("create_booking",), effect_kinds={"create_booking": "booking"},
                history=(customer("2 people please"),))
    assert held("Booked: Esquí, 2 people.", offers, booked, **done) == []
    assert held("Booked: Escalada, 2 people.", offers, booked, **done) == ["Escalada"]


@pytest.mark.parametrize(("draft", "name"), [
    ("The event is Dentist, on March 9th.", "Dentist"),  # a common word where a name is said
    ("There is a Dentist concert on March 9th.", "Dentist"),
    ("It's Will Sushi in Calistoga.", "Will Sushi"),  # a cuisine's word after a name's word is the name's
    ("A RAV4 is available at the station.", "RAV4"),  # letters and a model's digits
    ("Basil in Oakland is also good.", "Basil"),  # a word of the dictionary opening a sentence, then where it is
    ("How about Dr. John Park?", "John Park"),  # no sentence starts after "Dr."
    ("You'd like 2 tickets for March 10th Anberlin game?", "Anberlin"),  # a date's day opens no name
])
def test_a_name_said_with_words_of_the_language_is_read(draft, name):
    assert name in [fact.raw for fact in names_in(draft, "en", common=COMMON["en"])]


@pytest.mark.parametrize("draft", ["For What date?", "It'll take place at Sony Hall.", "Would you like a Table for 2?",
                                   "You can say Indian, Chinese, Or Mexican.", "Booked at the TV Lounge in San Diego, CA."])
def test_a_capital_where_no_name_is_said_is_no_name(draft):
    raws = [fact.raw for fact in names_in(draft, "en", common=COMMON["en"])]
    assert not {"What", "It'll", "Table", "Or Mexican", "CA"} & set(raws)


@pytest.mark.parametrize(("draft", "name"), [
    ("I found 4. Anchor & Hope is a nice restaurant.", "Anchor & Hope"),  # "&" joins a name's words
    ("A table at Alegrias in San Francisco.", "Alegrias"),  # not a misspelt word where a name is said
    ("On March 6th, Salon is at LA Memorial Coliseum.", "Salon"),
    ("There's a March 4th Doctor appointment game.", "Doctor"),
])
def test_a_name_where_one_is_said_is_read(draft, name):
    assert name in [fact.raw for fact in names_in(draft, "en", common=COMMON["en"])]


EVENTS = Evidence(names=("event_name", "venue"), dates=("date",))


def events(*names: str):
    return output("find_events", [{"event_name": name, "venue": "Citi Field", "date": "2019-03-04"} for name in names],
                  evidence=EVENTS)


@pytest.mark.parametrize("draft", ["Sure. Just 1 ticket? When do you want to go?", "Sure, just one ticket? Where from?"])
def test_one_asked_after_just_is_no_count(draft):
    assert held(draft, events("Mets Vs Braves")) == []
    assert held("Sure. Just 2 tickets? When do you want to go?", events("Mets Vs Braves")) == ["2"]
    assert held("Sure. I booked just 1 ticket.", events("Mets Vs Braves")) == ["1"]


def test_found_one_offers_an_item_and_one_with_a_plural_counts():
    results = events("Mets Vs Braves", "Mets Vs Cubs")
    assert held("I found 1 Restaurant named as Mets Vs Braves which is at Citi Field.", results) == []
    assert held("There are 1 events you may like: Mets Vs Braves.", results) == ["1"]
    assert held("There are 2 events you may like: Mets Vs Braves.", results) == []


@pytest.mark.parametrize("draft", ["Please confirm: 2 tickets for Mets Vs Braves in New York City.",
                                   "A table for 2 at Mets Vs Braves in the City of New York.",
                                   "I have you down for 4 tickets for Mets Vs Braves in New York NY."])
def test_a_kind_of_place_or_a_state_code_added_to_a_name_names_no_other_place(draft):
    results = events("Mets Vs Braves")
    city = output("find_city", [{"city": "New York"}], evidence=Evidence(names=("city",)))
    said = (customer("2 or 4 tickets please"),)
    assert held(draft, results, city, history=said) == []
    assert held(draft.replace("New York", "Boston"), results, city, history=said) != []


@pytest.mark.parametrize("draft", ["In which Category and City you want me to search for?",
                                   "Take Care Have a great day."])
def test_common_words_capitalised_where_no_name_is_said_are_no_name(draft):
    assert held(draft, events("Mets Vs Braves")) == []
    assert held("Would you like to play Best Friend?", events("Mets Vs Braves")) == ["Best Friend"]


@pytest.mark.parametrize(("draft", "name"), [
    ("Please confirm 4 tickets for the GP appointment event at Citi Field.", "GP"),
    ("The game will feature ZZ top at Citi Field.", "ZZ"),
    ("The game is at 1030 main Street.", "1030 main Street"),
    ("You'd like 4 tickets for next Monday's Basta at Citi Field?", "Basta at Citi Field"),
])
def test_a_name_in_capitals_lower_case_or_after_a_date_is_read(draft, name):
    assert held(draft, events("Mets Vs Braves"), history=(customer("4 tickets"),)) == [name]


def test_a_state_code_after_a_city_is_no_name_and_makes_it_a_place():
    raws = [fact.raw for fact in names_in("Phoenix, AZ also has a great restaurant.", "en", common=COMMON["en"])]
    assert raws == ["Phoenix"]
    assert [fact.raw for fact in names_in("San Diego, CA is nice.", "en", common=COMMON["en"])] == ["San Diego"]


def test_results_counted_after_have_or_are_are_a_results_length():
    results = events("Mets Vs Braves", "Mets Vs Cubs")
    assert held("The Mets have 2 games at Citi Field.", results) == []
    assert held("The Mets have 6 games at Citi Field.", results) == ["6"]
    assert held("What we have so far are 3 songs for you.", results) == ["3"]
    # a rating is no count of results: a measure, held only as one no result gives (these results rate nothing)
    assert held("It has 4 stars and 2 games at Citi Field.", results) == ["4 stars"]


@pytest.mark.parametrize("draft", ["Okay! the event is successfully added to the Calendar.",
                                   "I can find 6 events in the Calendar for this month.",
                                   "I want to take my family and friends to a Concert."])
def test_a_common_word_after_an_article_that_leads_no_noun_is_no_name(draft):
    assert held(draft, events("Mets Vs Braves")) == []


@pytest.mark.parametrize(("draft", "name"), [("There is a Dentist concert on March 4th.", "Dentist"),
                                             ("Your table at the Salon is ready.", "Salon"),
                                             ("On March 4th, the Salon is at Citi Field.", "Salon")])
def test_a_common_word_after_an_article_where_a_name_is_said_is_still_one(draft, name):
    assert held(draft, events("Mets Vs Braves")) == [name]


@pytest.mark.parametrize("draft", ["Gotcha, take it easy!", "Done. Bon Appetit.",
                                   "Pleaseverify the following information: 1 ticket for Mets Vs Braves.",
                                   "The event is Mets Vs Braves on March 4th, Th e event begins at Citi Field."])
def test_acknowledgements_joined_and_split_words_are_no_names(draft):
    assert held(draft, events("Mets Vs Braves"), history=(customer("1 ticket"),)) == []


def test_a_name_with_one_letter_left_out_is_the_name():
    doctors = output("find_doctor", [{"doctor_name": "Anjali Tate"}], evidence=Evidence(names=("doctor_name",)))
    assert held("Your appointment with Ajali Tate, M.D. is confirmed.", doctors) == []
    assert held("Your appointment with Anjoli Tate is confirmed.", doctors) == ["Anjoli Tate"]
    jason = output("find_doctor", [{"doctor_name": "Jason Tate"}], evidence=Evidence(names=("doctor_name",)))
    assert held("Your appointment with Mason Tate is confirmed.", jason) == ["Mason Tate"]


@pytest.mark.parametrize("draft", ["Not a redeye. Lands at YVR International Airport.",
                                   "You are looking at 10 miles per hour. Humidity> Around 39 percent."])
def test_a_verb_opening_a_sentence_before_a_place_and_a_sign_after_a_word_are_no_names(draft):
    airport = output("find_flight", [{"airport": "YVR International Airport"}], evidence=Evidence(names=("airport",)))
    assert held(draft, airport, history=(customer("10 miles, 39 percent"),)) == []
    assert held("Not a redeye. Lands at SFO International Airport.", airport) == ["SFO International Airport"]


def doctor(name: str):
    return output("find_doctor", [{"doctor_name": name}], evidence=Evidence(names=("doctor_name",)))


@pytest.mark.parametrize(("official", "said"), [
    ("Maria Tate", "Mara Tate"),  # a letter left out that makes another name of the dictionary
    ("Paula Tate", "Paul Tate"), ("Daniela Tate", "Daniel Tate"),  # the last letter
    ("Valley Dental", "Alley Dental"),  # the first letter
    ("Joan Tate", "Jon Tate"),  # a word of four letters or fewer
    ("Health Center Tate", "Heath Center Tate"),
    ("Christina Tate", "Cristina Tate"),
])
def test_a_letter_left_out_that_makes_another_name_is_held(official, said):
    assert held(f"Your appointment with {said} is confirmed.", doctor(official)) == [said]
    assert held(f"Your appointment with {official} is confirmed.", doctor(official)) == []


@pytest.mark.parametrize(("official", "said"), [("Marco Tate", "Marcos Tate"), ("Michael Roberts", "Michael Robert"),
                                                ("Giants Dental", "Giant Dental")])
def test_a_name_with_an_s_more_or_less_is_another_name(official, said):
    assert held(f"Your appointment with {said} is confirmed.", doctor(official)) == [said]


def test_a_possessive_and_a_common_nouns_plural_are_the_name():
    restaurants = search("Union Hotel Restaurants", "Benihana's")
    assert held("Your table at Union Hotel Restaurant is booked for 2.", restaurants,
                history=(customer("for 2"),)) == []
    assert held("May I suggest Benihana's? Or Benihana, in Oakland.", restaurants) == []
    assert held("There are 2 Doctors at Dr. Kahle's office.", doctor("Stephanie Kahle"),
                history=(customer("2 doctors"),)) == []


@pytest.mark.parametrize(("lang", "draft", "wrong"), [
    ("pt-BR", "Pix de R$ 50,00 enviado para Mara Souza.", "Mara Souza"),
    ("es", "Listo, el Pix de R$ 50,00 a Paul Souza fue enviado.", "Paul Souza"),
    ("ca", "Fet! El Pix de R$ 50,00 a Marcos Souza s'ha enviat.", "Marcos Souza"),
    ("en", "Done! Your Pix of R$ 50.00 to Ina Souza was sent.", "Ina Souza"),
])
def test_a_recipient_one_letter_from_the_receipts_is_another_person(lang, draft, wrong):
    names = {"Mara Souza": "Maria Souza", "Paul Souza": "Paula Souza", "Marcos Souza": "Marco Souza",
             "Ina Souza": "Ana Souza"}
    receipt = output("send_pix", {"status": "settled", "recipient": {"owner_name": names[wrong]}},
                     evidence=Evidence(names=("owner_name",)))
    missing = unsupported_facts(make(draft, lang=lang, currency="BRL", languages=LANGS, tool_outputs=(receipt,),
                                     effects_executed=("send_pix",), effect_kinds={"send_pix": "money"}), deadline())
    assert missing is not None and wrong in [fact.raw for fact in missing]
    right = draft.replace(wrong, names[wrong])
    missing = unsupported_facts(make(right, lang=lang, currency="BRL", languages=LANGS, tool_outputs=(receipt,),
                                     effects_executed=("send_pix",), effect_kinds={"send_pix": "money"}), deadline())
    assert missing == []


@pytest.mark.parametrize(("draft", "wrong"), [("Tickets are for Jan Jose Sharks.", "Jan Jose Sharks"),
                                              ("The Little Sun Cafe is in Oakland.", "Little Sun Cafe")])
def test_a_weekdays_or_months_short_form_inside_a_name_is_the_names(draft, wrong):
    places = search("San Jose Sharks", "Little Moon Cafe")
    assert held(draft, places) == [wrong]
    assert held("Tickets for Sat Mar 2 at Little Moon Cafe in Oakland.", places,
                history=(customer("Saturday, March 2nd"),)) == []


@pytest.mark.parametrize(("draft", "said"), [("Northlane is currently in Philly for 4 days!", ""),
                                             ("Where are you heading when you leave Philadelphia?", "Philly")])
def test_a_citys_nickname_is_the_city(draft, said):
    events = output("find_events", [{"event_name": "Northlane", "city": "Philadelphia" if not said else "Boston"}],
                    evidence=Evidence(names=("event_name", "city")))
    history = (customer(f"something in {said or 'Philadelphia'} for 4 days"),)
    assert held(draft, events, history=history) == []
    assert held(draft.replace("Philly", "Nola").replace("Philadelphia", "New Orleans"), events,
                history=history) != []


def test_a_travel_verb_capitalised_inside_a_sentence_is_no_name():
    flights = output("find_flights", [{"airlines": "American Airlines", "origin": "New York"}],
                     evidence=Evidence(names=("airlines", "origin")))
    said = (customer("returning on March 7th"),)
    draft = "The American Airlines flight leaves New York at 4:45 pm. The flight Returns on March 7th."  # SGD 59_00016 t5
    assert held(draft, flights, history=(*said, customer("4:45 pm"))) == []
    assert held(draft.replace("American", "Delta"), flights, history=(*said, customer("4:45 pm"))) == ["Delta Airlines"]


def cars(*rows: tuple[str, str]):
    return output("get_cars_available", [{"car_name": model, "type": kind, "pickup_location": "Union Station"}
                                         for model, kind in rows],
                  evidence=Evidence(names=("car_name", "type", "pickup_location")))


@pytest.mark.parametrize("draft", [
    "It's a Standard rental and the model is a Honda Accord.",  # SGD's rental turns: the maker before its model
    "It's a Full-size Honda CR-V at Union Station.",
    "Please confirm a Standard Toyota Camry from Union Station.",
    "The make and model is a Jeep Grand Cherokee.",
])
def test_a_cars_maker_before_its_model_is_the_model(draft):
    rentals = cars(("Accord", "Standard"), ("CR-V", "Full-size"), ("Camry", "Standard"), ("Grand Cherokee", "SUV"))
    assert held(draft, rentals) == []


@pytest.mark.parametrize(("draft", "wrong"), [
    ("It's a Standard rental and the model is a Toyota Accord.", "Toyota Accord"),  # another maker's model
    ("It's a Standard rental and the model is a Honda Civic.", "Honda Civic"),  # a model no result gives
    ("It's a Standard rental and the model is a Honda Sushi.", "Honda Sushi"),
    ("It's a Standard rental and the model is a Honda.", "Honda"),  # the maker alone names no car of the results
])
def test_a_cars_maker_with_another_model_is_held(draft, wrong):
    assert held(draft, cars(("Accord", "Standard"), ("Sushi", "Standard"))) == [wrong]


@pytest.mark.parametrize("draft", ["Maybe 37 North, located in Oakland as well?",  # SGD's restaurant "37 North"
                                   "Please confirm: a table for 2 people at 37 North, today, in Oakland.",
                                   "Confirm 37 North and in Oakland, for 2 people."])
def test_a_word_after_a_number_that_cannot_count_it_is_a_name(draft):
    said = (customer("a table for 2 people"),)
    assert held(draft, search("37 North"), history=said) == []
    assert held(draft, search("Mets Vs Braves"), history=said) == ["North"]  # another restaurant's name: held


@pytest.mark.parametrize("draft", ["You have 2 Salon tickets for Mets Vs Braves.",  # a noun after: what is counted
                                   "The game has 4 Stars at Citi Field."])  # a plural
def test_a_plural_or_a_noun_after_a_number_is_what_it_counts(draft):
    assert held(draft, events("Mets Vs Braves"), history=(customer("2 tickets, 4 stars"),)) == []


def test_the_name_of_a_game_or_event_after_of_is_read():
    draft = "Please confirm, 4 tickets for the March 4th game of Mets Vs Braves at Citi Field."
    assert held(draft, events("Mets Vs Braves"), history=(customer("4 tickets"),)) == []
    wrong = draft.replace("Mets Vs Braves", "Doctor appointment")  # a calendar's name in the event's place
    assert held(wrong, events("Mets Vs Braves"), history=(customer("4 tickets"),)) == ["Doctor"]


@pytest.mark.parametrize(("lang", "draft"), [("pt-BR", "Seu carro é um Chevrolet Onix, retirada na Union Station."),
                                             ("es", "Tu coche es un Chevrolet Onix, en Union Station."),
                                             ("ca", "El teu cotxe és un Chevrolet Onix, a Union Station.")])
def test_a_cars_maker_before_its_model_is_the_model_in_every_language(lang, draft):
    assert held(draft, cars(("Onix", "Econômico")), lang=lang) == []
    assert held(draft.replace("Chevrolet", "Fiat"), cars(("Onix", "Econômico")), lang=lang) == ["Fiat Onix"]


def weather(**values):
    return output("get_weather", [{"city": "San Jose", "date": "2019-03-13", **values}],
                  evidence=Evidence(names=("city",)))


@pytest.mark.parametrize("draft", ["Humidity is 29 percent and wind is 11 mph.", "Wind is predicted to be around 11 mph.",
                                   "The average Temperature for that day is 85 degrees."])
def test_a_field_the_results_hold_is_no_name(draft):
    said = weather(humidity="29", wind="11", temperature="85")
    assert held(draft, said) == []
    assert held(draft, search("Ramen Shop")) != []  # no such field in the results: a capitalised word held


def test_a_restaurants_field_is_no_name_and_its_name_still_is():
    rows = output("find_restaurants", [{"restaurant_name": "Chaat Paradise", "city": "Mountain View",
                                        "serves_alcohol": "False"}], evidence=PLACES)
    assert held("Alcohol is not served.", rows) == []
    assert held("Chaat Paradise is in Mountain View.", rows) == []
    assert held("Biryani Pot is in Mountain View.", rows) == ["Biryani Pot"]


@pytest.mark.parametrize("draft", ["There are 13 percent chance of rain.", "There are 7 mile per hour winds.",
                                   "It'll be hot! 93 Degrees with 6% of rain."])
def test_a_measure_is_no_count_of_results(draft):
    assert [fact.kind for fact in counts_in(draft, "en")] == []
    assert held(draft, weather(precipitation="13", wind="7", temperature="93", humidity="6")) == []


def test_results_counted_are_still_read():
    assert held("There are 4 restaurants in Oakland.", search("A16", "Belotti")) == ["4"]


@pytest.mark.parametrize("draft", ["Please confirm: Booking a table for 3 March 1st", "I see 10 March 1st."])
def test_a_number_before_a_dated_month_is_no_day(draft):
    said = (customer("3 people, 10 cars"),)
    assert held(draft, search("A16"), history=said, today="2019-03-01") == []
    assert held(draft.replace("1st", "2nd"), search("A16"), history=said, today="2019-03-01") == ["March 2nd"]


@pytest.mark.parametrize("draft", ["The event is on March 14th in Oakland.I'm right?",
                                   "A table at A16 in Oakland.I'm right?"])
def test_a_full_stop_with_no_space_before_i_ends_the_name(draft):
    assert held(draft, search("A16"), history=(customer("March 14th"),)) == []
    assert held(draft.replace("Oakland", "Fremont"), search("A16"), history=(customer("March 14th"),)) == ["Fremont"]


def test_a_number_inside_a_results_street_is_the_streets():
    rows = output("find_provider", [{"stylist_name": "Al'S Barber Shop", "street_address": "1502 1/2 Webster St"}],
                  evidence=Evidence(names=("stylist_name",), identifiers=(Identifier("street_address", "address"),)))
    assert held("The address is 1502 1/2 Webster St.", rows) == []
    assert held("The address is 1502 1/2 Webster St on 1/3.", rows) == ["1/3"]


@pytest.mark.parametrize(("draft", "wrong"), [("Thoughts on The Aftermath?", "Thoughts on The Mustang?"),
                                              ("How's The Aftermath in Oakland?", "How's The Mustang in Oakland?"),
                                              ("Everyone is into The Aftermath.", "Everyone is into The Mustang.")])
def test_a_word_opening_a_sentence_before_a_name_is_no_part_of_it(draft, wrong):
    movies = output("find_movies", [{"movie_name": "The Aftermath", "location": "Oakland"}],
                    evidence=Evidence(names=("movie_name", "location")))
    assert held(draft, movies) == []
    assert held(wrong, movies) == ["The Mustang"]


def test_a_cab_booked_is_no_name():
    ride = output("get_ride", [{"destination": "1047 Lincoln Highway", "ride_type": "Luxury"}],
                  evidence=Evidence(names=("ride_type",), identifiers=(Identifier("destination", "address"),)))
    assert held("I have booked the Cab and it will reach you shortly.", ride) == []
    assert held("I have booked the Cab to Market Street.", ride) == ["Market Street"]


@pytest.mark.parametrize(("draft", "wrong"), [
    ("What about The Aftermath Located in Oakland.", "What about The Mustang Located in Oakland."),
    ("Do you like The Aftermath Or captain marvel movies?", "Do you like The Mustang Or captain marvel movies?"),
    ("Please confirm: Playing The Aftermath Without subtitles.",
     "Please confirm: Playing The Mustang Without subtitles.")])
def test_where_or_another_choice_capitalised_after_a_name_is_no_part_of_it(draft, wrong):
    movies = output("find_movies", [{"movie_name": "The Aftermath", "location": "Oakland"}],
                    evidence=Evidence(names=("movie_name", "location")))
    assert held(draft, movies) == []
    assert held(wrong, movies) == ["The Mustang"]


@pytest.mark.parametrize("draft", ["What type of event do you have in mind? Sports, Music or Museum?",
                                   "Do you like Sports, Dance or Music?"])
def test_a_word_offered_beside_the_tools_categories_is_a_category(draft):
    vocabulary = ("Music", "Sports", "Theater")
    assert held(draft, events("Mets Vs Braves"), vocabulary=vocabulary) == []
    word = "Museum" if "Museum" in draft else "Dance"
    assert held(draft, events("Mets Vs Braves")) == [word]  # beside no category of the tools: read
    assert held(f"Tonight we have {word}.", events("Mets Vs Braves"), vocabulary=vocabulary) == [word]  # stated


def test_a_measure_must_be_a_figure_the_results_give():
    said = weather(humidity="30", wind="7", precipitation="13")
    draft = "Humidity is about 30 percent, and there are 7 mile per hour winds. There is a 13% chance of rain."
    assert held(draft, said) == []
    assert held(draft.replace("7 mile", "8 mile"), said) == ["8 mile per hour"]
    assert held(draft.replace("13%", "14%"), said) == ["14%"]
    assert held("Et faig un 10% de descompte.", said, lang="ca") == []  # a discount's rate: the policy guard's


def test_a_wait_in_minutes_is_the_results():
    ride = output("get_ride", [{"destination": "1047 Lincoln Highway", "ride_type": "Luxury", "wait_time": "7",
                                "ride_fare": "20.34"}],
                  evidence=Evidence(names=("ride_type",), identifiers=(Identifier("destination", "address"),)))
    assert held("Your cab is on its way. It should arrive in about 7 minutes.", ride) == []
    assert held("Your cab is on its way. It should arrive in about 9 minutes.", ride) == ["9 minutes"]
    assert held("Please try again in a few minutes.", ride) == []


def test_a_wait_is_no_digit_group_of_a_fare_nor_a_count_of_seats():
    # issue 29, the swapped dev split: a wait of 4 beside a fare of 7.07 and a ride for 6 read "7 minutes" and
    # "6 minutes" as the results'; a measure is a number a source gives whole, or a measure a message says
    ride = output("get_ride", [{"destination": "591 Redwood Highway # 2235", "number_of_seats": "6",
                                "ride_type": "Pool", "wait_time": "4", "ride_fare": "7.07"}],
                  evidence=Evidence(names=("ride_type",), quantities=("number_of_seats",),
                                    identifiers=(Identifier("destination", "address"),)))
    assert held("The cab will be there in 4 minutes. It costs $7.07.", ride) == []
    assert held("The cab will be there in 7 minutes. It costs $7.07.", ride) == ["7 minutes"]
    assert held("The cab will be there in 6 minutes. It costs $7.07.", ride) == ["6 minutes"]
    assert held("It will be there in 10 minutes, as you asked.", ride,
                history=(customer("can it come in 10 minutes?"),)) == []  # the customer's own measure
    assert held("The cab will be there in 6 minutes.", ride,  # the party's size, or the hour asked: no wait
                history=(customer("a luxury ride for 6 please, at quarter to 6 in the evening"),)) == ["6 minutes"]


# --- issue 29: counts on the whole dev split, and false alarms that are no names ---


def rated(*ratings: str):
    return output("find_salons", [{"stylist_name": f"Salon {i}", "city": "Oakland", "average_rating": rating}
                                  for i, rating in enumerate(ratings)], evidence=Evidence(names=("stylist_name", "city")))


def test_a_rating_in_stars_is_read_with_its_decimals():
    results = rated("4.80", "3.90")
    assert held("They have 4.8 stars.", results) == []
    assert held("They have 3.9 stars.", results) == []
    assert held("They have 5.8 stars.", results) == ["5.8 stars"]
    assert held("It has 2.0 stars.", rated("2.00")) == []
    assert held("It has 3.0 stars.", rated("2.00")) == ["3.0 stars"]


def test_a_stays_days_are_counted_and_the_others_besides_one_offered_too():
    said = dict(history=(customer("1 room for 3 days please"),))
    assert held("1 room for 3 days, right?", **said) == []
    assert held("1 room for 4 days, right?", **said) == ["4"]
    assert held("I found Salon 0. I do have 9 other options.", rated(*["4.0"] * 10)) == []
    assert held("I found Salon 0. I do have 10 other options.", rated(*["4.0"] * 10)) == []
    assert held("I found Salon 0. I do have 11 other options.", rated(*["4.0"] * 10)) == ["11"]
    assert held("Salon 0 is on for 3 days.", rated("4.0", "4.1", "4.2")) == []  # an event's days: a result a day
    assert held("There are 3 1 star hotels here.", rated("1", "1", "1")) == []
    assert held("There are 4 1 star hotels here.", rated("1", "1", "1")) == ["4"]


@pytest.mark.parametrize("said", ["for {n} days", "staying {n} days", "staying for {n} days", "for {n} day",
                                  "staying {n} day"])
def test_a_stays_days_are_read_after_staying_and_before_a_singular_day(said):
    # issue 29, the swapped dev split: "6 room at 45 Park Lane, staying 7 day" passed after a stay of 6 days asked
    history = (customer("6 rooms for 6 days please"),)
    assert held(f"Please confirm: 6 rooms at Salon 0, {said.format(n=6)}.", history=history) == []
    assert held(f"Please confirm: 6 rooms at Salon 0, {said.format(n=7)}.", history=history) == ["7"]


@pytest.mark.parametrize("draft", [
    "It's $18 for one person.",                                     # a price for one: a unit
    "I found Salon 0, in a group of 3 salons matching that.",       # a group of things: no party
    "Sorry, searching with your criteria failed.",                  # a search's failure: no effect's
    "Sorry, Salon 0 is booked at that time.",                       # none left then
    "No bus at 10:45, but if you wait for 5 minutes you can take the 10:50 bus.",  # between two times
])
def test_units_groups_searches_and_waits_between_times_are_no_unsupported_facts(draft):
    bus = output("find_bus", [{"departure_time": "10:50"}], evidence=Evidence(dates=("departure_time",)))
    assert held(draft, rated("4.0", "4.1", "4.2"), bus, history=(customer("a bus at 10:45, $18"),)) == []


def test_a_wait_no_two_times_give_is_still_held():
    bus = output("find_bus", [{"departure_time": "10:50"}], evidence=Evidence(dates=("departure_time",)))
    assert held("If you wait for 7 minutes you can take the 10:50 bus.", bus,
                history=(customer("a bus at 10:45"),)) == ["7 minutes"]


def _names(draft: str) -> list[str]:
    return [fact.raw for fact in names_in(draft, "en", common=COMMON["en"])]


@pytest.mark.parametrize(("draft", "names"), [
    ("Would After, Captain Marvel, or Dumbo interest you?", ["After", "Captain Marvel", "Dumbo"]),
    ("I found 7. Little, Dogman or Dumbo?", ["Little", "Dogman", "Dumbo"]),
    ("Breakthrough, Body Double, Captain Marvel are some options.", ["Breakthrough", "Body Double", "Captain Marvel"]),
    # most items words of the language: categories offered, the one name read alone
    ("What type of event do you have in mind? Sports, Music or Museum?", ["Museum"]),
    ("I would love to help with that, Are you interested in Mexican, Italian or something else?", [])])
def test_a_word_listed_among_names_is_a_name(draft, names):
    assert _names(draft) == names


@pytest.mark.parametrize(("draft", "names"), [
    ("Sure, Play Teen spirit without subtitles right?", ["Teen"]),
    ("Please confirm the following details: Start The Man Who Knew Too Much with subtitles.",
     ["The Man Who Knew Too Much"]),
    ("Fine, Playing Dr. Strangelove without subtitles.", ["Strangelove"]),
    ("Cofnirm 1 Hotel Brooklyn Bridge in New York.", ["1 Hotel Brooklyn Bridge", "New York"])])
def test_a_verb_before_a_title_or_a_mistyped_word_opening_a_run_is_no_part_of_the_name(draft, names):
    assert _names(draft) == names


@pytest.mark.parametrize(("draft", "names"), [
    ("Ther is also Fairfield Endodontics in Fairfield.", ["Fairfield Endodontics", "Fairfield"]),
    ("Whicch is the bank account you'd like to use?", []),
    # a letter changed or added, or three letters: a name
    ("Tim is at the door.", ["Tim"]), ("Isalon is a great salon in San Francisco.", ["Isalon", "San Francisco"]),
    ("Pedro is here.", ["Pedro"])])
def test_a_common_word_mistyped_before_a_verb_is_no_name(draft, names):
    assert _names(draft) == names


@pytest.mark.parametrize(("draft", "names"), [
    ("Do you like Family?", ["Family"]), ("I found 1 movie: Stockholm.", ["Stockholm"]),
    ("There's 1 movie matching your criteria - Hackers.", ["Hackers"]), ("Busy is at Audi Field.", ["Busy", "Audi Field"]),
    ("Eureka! is a good place in Berkeley.", ["Eureka", "Berkeley"]), ("What do you think of After?", ["After"]),
    ("I'll get you 3 tickets to Appointment in Seattle.", ["Appointment", "Seattle"]),
    # no name: an adverb, a verb's form or a question alone, a pronoun at a place
    ("Kindly confirm.", []), ("Noted: Understood.", []), ("Genre?", []), ("Everything is in San Jose.", ["San Jose"])])
def test_titles_that_are_words_said_where_a_name_is(draft, names):
    assert _names(draft) == names


@pytest.mark.parametrize(("draft", "word"), [("Alirhgt, how about A16? It's a nice place in Oakland.", "Alirhgt"),
                                             ("CoudlI help with something else?", "CoudlI"),
                                             ("It is warm in Oakland, in degrees Fahreinheit.", "Fahreinheit")])
def test_a_common_word_typed_with_more_than_one_slip_is_no_name(draft, word):
    assert word not in [fact.raw for fact in names_in(draft, "en", common=COMMON["en"])]
    assert held(draft, search("A16")) == []


@pytest.mark.parametrize("draft", ["Alirhgt, how about Belotti? It's a nice place in Oakland.",
                                   "Rameh Shop is a nice place in Oakland.", "Marianne is a nice place in Oakland."])
def test_a_name_no_common_word_is_typed_from_stays_held(draft):
    assert held(draft, search("A16", "Ramen Shop")) != []


@pytest.mark.parametrize("draft", ["There's After.", "I found 1 match, After.", "I can suggest 1 movie, After!",
                                   "I found 3 movies. After, Captain Marvel or Dumbo okay?"])
def test_a_preposition_that_leads_nothing_is_a_titles_word(draft):
    movies = output("find_movies", [{"title": title} for title in ("After", "Captain Marvel", "Dumbo")],
                    evidence=Evidence(names=("title",)))
    assert held(draft, movies) == []
    other = output("find_movies", [{"title": title} for title in ("Hellboy", "Captain Marvel", "Dumbo")],
                   evidence=Evidence(names=("title",)))
    assert held(draft, other) == ["After"]


@pytest.mark.parametrize("draft", ["After dinner, A16 is a nice place.", "After, we can look in Oakland.",
                                   "What about A16, or one near it?"])
def test_a_preposition_leading_its_noun_stays_a_word(draft):
    assert held(draft, search("A16")) == []


@pytest.mark.parametrize("draft", ["How many, Bro?", "A16 is in Oakland, boss.", "Your table at A16 is set, Money Bags."])
def test_a_vocative_is_no_name(draft):
    assert held(draft, search("A16")) == []


@pytest.mark.parametrize("draft", ["I found 1 place, Belotti.", "Sure, Belotti.", "How about this one, Ramen Shop?"])
def test_a_name_after_a_comma_that_ends_the_sentence_stays_held(draft):
    assert held(draft, search("A16")) != []


def test_a_plural_led_by_a_quantifier_counts_things():
    assert held("A16 has many best Hairstylists and several Chefs.", search("A16")) == []
    assert held("A16 has many fans at Belotti.", search("A16")) == ["Belotti"]


def test_a_verbs_past_after_a_common_word_leads_no_noun():
    assert held("Sorry, I couldn't book A16 since the System crashed.", search("A16")) == []
    assert held("Sorry, I couldn't book A16 since the Belotti crashed.", search("A16")) == ["Belotti"]


@pytest.mark.parametrize("draft", ["How does After sound?", "Would After interest you?",
                                   "Please confirm your selection of After without subtitles."])
def test_a_preposition_where_a_noun_phrase_is_is_a_titles_word(draft):
    movies = output("find_movies", [{"title": "After"}], evidence=Evidence(names=("title",)))
    other = output("find_movies", [{"title": "Hellboy"}], evidence=Evidence(names=("title",)))
    assert held(draft, movies) == []
    assert held(draft, other) == ["After"]


@pytest.mark.parametrize(("draft", "name"), [("There is a Doctor Appointment event today.", "Doctor Appointment"),
                                             ("Kindly ensure that, Best Friend song is played.", "Best Friend")])
def test_common_words_capitalised_before_a_kind_of_thing_name_it(draft, name):
    events = output("find_events", [{"event_name": "Dentist"}], evidence=Evidence(names=("event_name",)))
    assert held(draft, events) == [name]
    assert held("Your Reservation Details are below.", events) == []


def test_one_word_said_three_times_is_a_cry():
    assert held("Ding Ding Ding, you won! A16 is booked.", search("A16")) == []
    assert held("Duran Duran is playing at A16.", search("A16")) == ["Duran Duran"]


@pytest.mark.parametrize("draft", ["Bon Appetite.", "Bon Appetite! A16 is booked.", "Your Reservaton is set at A16."])
def test_a_long_common_word_with_a_slip_is_that_word(draft):
    assert held(draft, search("A16")) == []


@pytest.mark.parametrize("draft", ["Bon Appetite! Belotti is booked.", "Your Reservaton is set at Belotti."])
def test_a_name_beside_a_long_common_word_with_a_slip_stays_held(draft):
    assert held(draft, search("A16")) == ["Belotti"]


BOOKINGS = Evidence(names=("restaurant_name",), quantities=("party_size",), dates=("time",))


def test_a_bookings_hour_said_bare_after_reservation_for_is_its_time():
    booked = output("reserve_restaurant", [{"restaurant_name": "Chaat Paradise", "party_size": "2", "time": "17:00"}],
                    evidence=BOOKINGS)
    assert held("Good news, I was able to make the reservation for 5.", booked) == []
    assert held("Good news, I was able to make the reservation for 6.", booked) == ["6"]  # no hour of it
    assert held("I made the reservation for 5 at 5 pm.", booked) == ["5"]  # the time said: 5 is a party
    assert held("I made the reservation for 5 people.", booked) == ["5"]


def test_a_common_word_in_capitals_for_emphasis_is_no_names_word():
    said = {"recipient_account_name": "Sanuj", "recipient_account_type": "checking"}
    draft = "Sending $430 from your checking to depositing it INTO {} Checking account. Is that correct?"
    assert held(draft.format("Sanuj"), ask_slots=said) == []
    assert held(draft.format("Maria"), ask_slots=said) == ["Maria Checking"]
    assert [fact.raw for fact in names_in("Tickets for BLUE NOTE NAPA are booked.", "en", common=COMMON["en"])] \
        == ["BLUE NOTE NAPA"]


@pytest.mark.parametrize("draft", ["There is a Mariners Vs Rangers Game at T-Mobile Park on March 4th.",
                                   "Mariners Vs Rangers game at T-Mobile Park, March 4th."])
def test_the_kind_of_event_said_beside_its_name_is_no_names_word(draft):
    games = output("find_events", [{"event_name": "Mariners Vs Rangers", "venue": "T-Mobile Park", "date": "2019-03-04"}],
                   evidence=EVENTS)
    assert held(draft, games) == []
    other = output("find_events", [{"event_name": "Mariners Vs Astros", "venue": "Safeco Field", "date": "2019-03-04"}],
                   evidence=EVENTS)
    assert held(draft, other) != []


def test_a_field_of_a_refusals_alternatives_is_no_name():
    refused = output("reserve_restaurant", {"code": "failed", "alternatives": [
        {"restaurant_name": "Spalti Ristorante", "serves_alcohol": "False", "city": "Palo Alto"}]}, ok=False,
        evidence=PLACES)
    assert held("Alcohol is not available. Shall I try Spalti Ristorante instead?", refused) == []
    assert held("Belotti is not available. Shall I try Spalti Ristorante instead?", refused) == ["Belotti"]


def test_a_results_field_typed_with_two_slips_opening_a_sentence_is_that_field():
    weather = output("get_weather", [{"city": "Los Altos", "humidity": "19", "wind": "3"}],
                     evidence=Evidence(names=("city",)))
    assert held("Humidy around 19 percent and wind speed 3 miles per hour.", weather) == []
    assert held("Hamidy around 19 percent and wind speed 3 miles per hour.", weather) == ["Hamidy"]
