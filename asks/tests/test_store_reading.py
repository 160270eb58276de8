import pytest

from asks.perception.store import store_slots
from language.text import fold


def read(text, lang):
    return store_slots(text, fold(text), lang, "ARS", None)


@pytest.mark.parametrize("lang,text,model", [
    ("es", "tenes el s21?", "s21"), ("pt-BR", "tem o s23?", "s23"), ("en", "do u have the s21", "s21"),
    ("es", "tenes fundas para el iphon 13", "iPhone 13"),  # a model without its brand, a misspelt brand
])
def test_a_model_without_its_brand_or_misspelt_is_read(lang, text, model):
    assert read(text, lang)["device_model"] == model


@pytest.mark.parametrize("lang,text", [
    ("es", "tienen reacondicionados?"), ("pt-BR", "tem recondicionado?"), ("en", "any refurbished phones"),
])
def test_refurbished_is_searched_in_the_catalogue_word(lang, text):
    assert read(text, lang)["product"] == "reacondicionado"


@pytest.mark.parametrize("lang,text", [
    ("es", "que diferencia hay entre el iphone 13 y el 14"), ("en", "which is better, iphone 13 or 14?"),
])
def test_two_models_of_a_line_compared_search_the_line(lang, text):
    assert (read(text, lang)["product"], read(text, lang)["device_model"]) == ("iphone", None)


@pytest.mark.parametrize("lang,text,gb,battery", [
    ("es", "cuanto me dan por mi iphone 12 de 64 con 88 de bateria", 64, 88),
    ("en", "how much for my iphone 14 128 battery 93", 128, 93),  # 128 is storage, not part of the model
])
def test_storage_and_battery_beside_the_model(lang, text, gb, battery):
    slots = read(text, lang)
    assert (slots["capacity_gb"], slots["battery_health"]) == (gb, battery)
    assert slots["device_model"] in ("iphone 12", "iphone 14")


@pytest.mark.parametrize("lang,text,product", [
    ("en", "got any samsung phones", "samsung phones"), ("es", "un celu motorola", "motorola celu"),
    ("pt-BR", "tem celular?", "celular"),
])
def test_a_product_word_keeps_the_brand_said_beside_it(lang, text, product):
    assert read(text, lang)["product"] == product


def test_a_storage_after_a_comma_is_no_other_model_of_the_line():
    slots = read("vendo mi iphone 13, 128 gigas, bateria 90 cuanto me dan", "es")
    assert (slots["device_model"], slots["capacity_gb"], slots["battery_health"]) == ("iphone 13", 128, 90)


def test_a_storage_said_later_after_de_is_read():
    slots = read("cuanto me pagan por mi s22, es de 128 y la bateria esta en 91", "es")
    assert (slots["capacity_gb"], slots["battery_health"]) == (128, 91)


@pytest.mark.parametrize("text,model", [("es un 13", "13"), ("the 14 pro", "14 pro")])
def test_a_model_number_answering_the_model_asked_is_the_model(text, model):
    slots = store_slots(text, fold(text), "es", "ARS", "device_model")
    assert (slots["device_model"], slots["product"]) == (model, None)


def test_a_bare_number_not_asked_as_the_model_is_no_model():
    assert read("es un 13", "es")["device_model"] is None
    assert store_slots("128gb", fold("128gb"), "es", "ARS", "device_model")["device_model"] is None


@pytest.mark.parametrize("lang,text", [
    ("es", "necesito un presupuesto de 2 iphone 13"), ("en", "budget of 3 chargers"),
])
def test_a_number_before_what_is_bought_counts_items_and_is_no_budget(lang, text):
    assert read(text, lang)["budget"] is None


def test_a_budget_is_still_read_as_a_sum():
    assert read("presupuesto de 800.000", "es")["budget"].amount_cents == 80_000_000


def test_storage_in_gigs_is_read():
    assert read("i'd like to trade in my galaxy s21, 256 gigs, battery's at 82", "en")["capacity_gb"] == 256


@pytest.mark.parametrize("lang,text,line", [
    ("es", "cual es la diferencia entre el s21 y el s23", "galaxy"), ("en", "iphone 13 or iphone 14?", "iphone"),
])
def test_two_models_of_one_line_named_in_full_search_the_line(lang, text, line):
    assert (read(text, lang)["product"], read(text, lang)["device_model"]) == (line, None)


@pytest.mark.parametrize("lang,text", [
    ("es", "cuanto me das por mi iphone 12"), ("es", "cuánto me pagás por el s22"),
    ("es", "cuanto me darías por un iphone 13"), ("pt-BR", "quanto vc me dá no meu iphone"),
    ("ca", "quant em donaries pel meu iphone 12"), ("en", "how much would you pay me for my iphone"),
])
def test_what_the_store_would_give_the_customer_is_a_used_quote(lang, text):
    from asks.perception.builtin import request_kind

    assert request_kind(fold(text), "store", lang) == "used_quote"


@pytest.mark.parametrize("lang,text", [
    ("es", "cuanto me sale el iphone 14"), ("es", "cuanto me cobran el envio"), ("es", "cuanto pago por el iphone 14"),
])
def test_a_price_asked_with_me_is_no_used_quote(lang, text):
    from asks.perception.builtin import request_kind

    assert request_kind(fold(text), "store", lang) != "used_quote"


@pytest.mark.parametrize("lang,text,number", [
    ("es", "y el 13?", "13"), ("pt-BR", "e o 14 pro?", "14 pro"), ("en", "and the 12?", "12"), ("ca", "i el 13?", "13"),
])
def test_another_models_number_asked_alone_is_read_as_the_model(lang, text, number):
    assert read(text, lang)["device_model"] == number


@pytest.mark.parametrize("text", ["y el de 128?", "13", "y el otro?"])
def test_a_storage_or_a_bare_number_is_no_other_model(text):
    assert read(text, "es")["device_model"] is None


@pytest.mark.parametrize("lang,text,product", [
    ("es", "tienen funda para el s23 y cargador samsung?", "funda s23; cargador samsung"),
    ("en", "do you have a charger and a case for the iphone 13?", "charger; case iphone 13"),
    ("es", "quiero el iphone 14 y una funda", "iphone 14; funda"),
])
def test_several_products_asked_at_once_are_each_a_product(lang, text, product):
    slots = read(text, lang)
    assert (slots["product"], slots["device_model"]) == (product, None)


@pytest.mark.parametrize("lang,text,product", [
    ("en", "quote for 2 iphone 14 and 1 case for s23", "2 iphone 14; 1 case s23"),
    ("es", "cuanto me salen dos iphone 13 y tres fundas", "2 iphone 13; 3 fundas"),
    ("pt-BR", "quero o iphone 13 128 e 2 capinhas", "iphone 13; 2 capinhas"),  # 128 is the storage, no count
    ("ca", "quant costen 2 carregadors i 4 fundes per l'iphone 13?", "2 carregadors; 4 fundes iphone 13"),
])
def test_a_count_said_before_each_of_several_products_goes_with_it(lang, text, product):
    assert read(text, lang)["product"] == product


@pytest.mark.parametrize("text", ["tienen funda para iphone 13?", "any cases or covers for the s23"])
def test_one_product_in_one_or_two_words_is_one_product(text):
    assert "; " not in (read(text, "es")["product"] or "")


def test_a_bare_percentage_beside_a_device_is_its_battery_and_a_discount_is_not():
    assert read("cuanto me pagan x un iphone 14 de 256 al 95%", "es")["battery_health"] == 95
    assert read("tienen el iphone 13 con 10% de descuento?", "es")["battery_health"] is None


@pytest.mark.parametrize("lang,text,product", [
    ("pt-BR", "quero 2 capas do iphone 13 e 1 carregador 20w", "2 capas iphone 13; 1 carregador 20w"),
    ("es", "una funda del s23 y el cargador de 25 W", "funda s23; cargador 25 w"),
    ("en", "a charger 20 watts and a case for the iphone 13", "charger 20 watts; case iphone 13"),
    ("es", "un cable de 1 m y 2 fundas del s23", "cable 1 m; 2 fundas s23"),
])
def test_an_accessorys_power_or_length_said_after_it_is_part_of_it(lang, text, product):
    assert read(text, lang)["product"] == product


@pytest.mark.parametrize("lang,text,product", [
    ("es", "una funda del s23 y el cargador de 25 w, cuanto es todo?", "1 funda s23; 1 cargador 25 w"),
    ("pt-BR", "quanto fica tudo: 2 capinhas do s23 e o carregador de 25w", "2 capinhas s23; 1 carregador 25w"),
    ("en", "how much for a case for the iphone 13 and the 20w charger altogether", "1 case iphone 13; 1 charger 20w"),
    ("es", "tienen funda para el s23 y cargador samsung?", "funda s23; cargador samsung"),  # no total asked: a list
])
def test_the_total_asked_of_several_products_counts_one_of_each_unsaid(lang, text, product):
    assert read(text, lang)["product"] == product
