
import pytest

from guards.checks.store import (
    quote_without_required_info,
    sold_out_offered,
    stock_contradiction,
    warranty_without_data,
)
from guards.contract import deadline_after
from guards.tests.helpers import deadline, make, output


def hit(model, capacity, *, stock=3, sold_out=False, warranty=12, price=300000, name=None):
    return {"id": 1, "sku": f"{model}-{capacity}", "name": name or f"{model} {capacity}GB", "brand": "Apple",
            "model": model, "capacity_gb": capacity, "condition": "new", "price_cents": price, "currency": "BRL",
            "stock": stock, "available": stock > 0 and not sold_out, "sold_out": sold_out, "warranty_months": warranty}


CATALOG = [hit("iPhone 13", 128), hit("iPhone 13", 256, stock=0, sold_out=True), hit("Galaxy S23", 256, warranty=None)]


def store(draft, lang="pt-BR", hits=CATALOG, **parts):
    outputs = [output("search_catalog", {"count": len(hits), "results": hits})] if hits is not None else []
    return make(draft, lang=lang, currency="BRL", org_kind="store", tool_outputs=outputs, **parts)


# --- stock_contradiction -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,draft", [
    ("pt-BR", "Temos o iPhone 15 Pro disponível!"),
    ("es", "Tenemos el iPhone 15 Pro disponible."),
    ("ca", "Tenim l'iPhone 15 Pro disponible."),
    ("en", "We have the iPhone 15 Pro in stock."),
])
def test_an_item_the_search_did_not_return_said_available_fails(lang, draft):
    verdict = stock_contradiction(store(draft, lang=lang), deadline())
    assert not verdict.passed and verdict.evidence == ("iPhone 15 Pro",)


@pytest.mark.parametrize("lang,draft", [
    ("pt-BR", "Infelizmente o iPhone 13 128GB está esgotado."),
    ("es", "Lo siento, el iPhone 13 128GB está agotado."),
    ("ca", "Ho sento, l'iPhone 13 128GB està esgotat."),
    ("en", "Sorry, the iPhone 13 128GB is out of stock."),
])
def test_a_returned_item_in_stock_said_unavailable_fails(lang, draft):
    assert not stock_contradiction(store(draft, lang=lang), deadline()).passed


def test_what_the_search_said_passes():
    draft = "Temos o iPhone 13 128GB por R$ 3.000,00, mas o de 256GB está esgotado."
    assert stock_contradiction(store(draft), deadline()).passed
    assert sold_out_offered(store(draft), deadline()).passed


def test_a_capacity_the_search_did_not_return_said_available_fails():
    assert not stock_contradiction(store("Temos o iPhone 13 512GB em estoque."), deadline()).passed


def test_availability_claim_without_any_search_fails():
    assert not stock_contradiction(store("Temos o Galaxy S24 disponível.", hits=None), deadline()).passed


# --- sold_out_offered ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,draft", [
    ("pt-BR", "O iPhone 13 256GB está disponível por R$ 3.500,00."),
    ("es", "El iPhone 13 256GB está disponible."),
    ("ca", "L'iPhone 13 256GB està disponible."),
    ("en", "The iPhone 13 256GB is available for $3,500."),
])
def test_sold_out_item_offered_fails(lang, draft):
    verdict = sold_out_offered(store(draft, lang=lang), deadline())
    assert not verdict.passed and verdict.code == "sold_out_offered"


def test_capacity_alone_refers_to_the_model_named_before():
    verdict = sold_out_offered(store("O iPhone 13 é ótimo. O de 256GB temos à venda."), deadline())
    assert not verdict.passed and verdict.evidence == ("256GB",)


def test_stock_zero_counts_as_sold_out():
    hits = [hit("Moto G84", 256, stock=0)]
    assert not sold_out_offered(store("O Moto G84 256GB custa R$ 1.500,00.", hits=hits), deadline()).passed


# --- warranty_without_data -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,draft", [
    ("pt-BR", "O Galaxy S23 256GB tem garantia de 12 meses."),
    ("es", "El Galaxy S23 256GB tiene 1 año de garantía."),
    ("ca", "El Galaxy S23 256GB té 1 any de garantia."),
    ("en", "The Galaxy S23 256GB comes with a 12-month warranty."),
])
def test_warranty_stated_for_a_record_without_warranty_data_fails(lang, draft):
    assert not warranty_without_data(store(draft, lang=lang), deadline()).passed


def test_warranty_stated_for_a_record_with_data_passes():
    assert warranty_without_data(store("O iPhone 13 128GB tem garantia de 12 meses."), deadline()).passed


def test_saying_the_warranty_is_unknown_passes():
    draft = "Sobre o Galaxy S23, não tenho informação de garantia no momento."
    assert warranty_without_data(store(draft), deadline()).passed


def test_warranty_without_a_named_item_uses_the_turns_hits():
    only_unknown = [hit("Galaxy S23", 256, warranty=None)]
    assert not warranty_without_data(store("Ele tem garantia de 1 ano.", hits=only_unknown), deadline()).passed


# --- quote_without_required_info -----------------------------------------------------------------------------------

@pytest.mark.parametrize("lang,draft", [
    ("pt-BR", "Pelo seu iPhone 12 pagamos R$ 1.800,00."),
    ("es", "Por tu iPhone 12 pagamos 800 euros."),
    ("ca", "Pel teu iPhone 12 paguem 800 euros."),
    ("en", "We'd pay $800 for your iPhone 12."),
])
def test_quote_before_capacity_and_battery_are_known_fails(lang, draft):
    inp = store(draft, lang=lang, hits=None, ask_kind="used_device_quote", ask_slots={"device_model": "iPhone 12"})
    assert not quote_without_required_info(inp, deadline()).passed


def test_quote_with_all_three_slots_passes():
    slots = {"device_model": "iPhone 12", "capacity_gb": 128, "battery_health": 88}
    assert quote_without_required_info(store("Pelo seu iPhone 12 pagamos R$ 1.800,00.", hits=None,
                                             ask_slots=slots), deadline()).passed


def test_quote_after_a_successful_quote_call_passes():
    quote = output("quote_used_device", {"price_cents": 180000, "capacity_gb": 128, "battery_health": 88})
    inp = make("Pelo seu iPhone 12 pagamos R$ 1.800,00.", lang="pt-BR", currency="BRL", org_kind="store",
               tool_outputs=[quote])
    assert quote_without_required_info(inp, deadline()).passed


def test_a_price_of_a_catalog_item_is_not_a_quote():
    assert quote_without_required_info(store("O iPhone 13 128GB custa R$ 3.000,00."), deadline()).passed


def test_store_guards_give_up_past_their_deadline():
    draft = " ".join("Temos o iPhone 13 128GB." for _ in range(50))
    for guard in (stock_contradiction, sold_out_offered):
        verdict = guard(store(draft), deadline_after(-1))
        assert not verdict.passed and verdict.evidence == ("budget exceeded",)
    verdict = warranty_without_data(store("O Galaxy S23 tem garantia de 1 ano."), deadline_after(-1))
    assert verdict.evidence == ("budget exceeded",)
