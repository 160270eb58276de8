"""Issue 13's scenarios, each through the real `manage.py chat --json` (the command, its turn, the database), in the
demo organisations and in the languages the bullet applies to. One JSON object per reply is parsed; nothing in the
turn is patched. Times offered by the engine are read from the reply that offered them, never hard-coded."""

from __future__ import annotations

import io
import json
import re
from datetime import datetime
from itertools import count
from zoneinfo import ZoneInfo

import pytest
from django.core.management import call_command
from django_tenants.utils import schema_context

from approvals.models import ApprovalRequest
from asks.models import SlotEvent
from bank.models import Account, PixTransfer
from conversations.models import Conversation
from inbox.models import Escalation
from store.models import Product

_ids = count(1)


@pytest.fixture
def chat(monkeypatch):
    """`chat(org, *lines, customer=None)` → the parsed JSON replies of one `manage.py chat --json` run (a new
    sandbox customer unless `customer` is given)."""

    def run(org: str, *lines: str, customer: str | None = None) -> list[dict]:
        customer = customer or f"3460{next(_ids):07d}"
        monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
        out = io.StringIO()
        call_command("chat", "--org", org, "--customer", customer, "--json", stdout=out)
        return [json.loads(line) for line in out.getvalue().splitlines() if line.strip()]

    return run


def conversation_language(org: str, customer: str) -> str:
    with schema_context(org):
        return Conversation.objects.get(customer__channel_user_id=customer).language


def first_offered_time(text: str) -> str:
    found = re.search(r"—[^\n]*?(\d{1,2}:\d{2})", text)
    assert found, text
    return found[1]


# 1. Per-customer language ----------------------------------------------------------------------------------------

BOOK = {
    "es": ("Hola, quiero reservar escalada para mañana a las 7 para 2 personas", "Horarios libres",
           "mejor a las {time}", "Reserva hecha"),
    "en": ("Hi, I would like to book climbing tomorrow at 7am for 2 people", "Free times",
           "actually make it {time}", "Booked"),
    "ca": ("Hola, vull reservar escalada demà a les 7 per a 2 persones", "Horaris lliures",
           "millor a les {time}", "Reserva feta"),
}


@pytest.mark.parametrize("lang", ["es", "en", "ca"])
def test_a_customer_books_at_the_catalan_school_in_their_own_language(db, chat, lang):
    customer = f"44{next(_ids):09d}"
    opening, offered, choose, booked = BOOK[lang]
    first = chat("demoschool", opening, customer=customer)
    assert len(first) == 1 and first[0]["text"].startswith(offered), first  # 7:00 is never offered: the free times
    assert first[0]["slots"]["party_size"] == 2 and first[0]["slots"]["when"]  # "mañana", "tomorrow", "demà" read
    time = first_offered_time(first[0]["text"])
    second = chat("demoschool", choose.format(time=time), customer=customer)
    assert second[-1]["state"] == "completed" and booked in second[-1]["text"], second
    assert conversation_language("demoschool", customer) == ("" if lang == "ca" else lang)


def test_the_language_follows_the_customer_and_a_short_reply_keeps_it(db, chat):
    customer = f"44{next(_ids):09d}"
    replies = chat("demoschool", "What times are free for climbing tomorrow?", "2", "Y para esquí, ¿qué horarios hay?",
                   customer=customer)
    assert replies[0]["text"].startswith("Free times") or replies[0]["text"].startswith("No free times")
    assert replies[1]["text"].startswith("Hi!")  # "2" says nothing of a language: the customer's English stays
    assert conversation_language("demoschool", customer) == "es"
    assert "Horarios" in replies[-1]["text"] or "No hay horarios" in replies[-1]["text"], replies[-1]


def test_a_language_the_organisation_does_not_serve_is_not_used(db, chat):
    customer = f"44{next(_ids):09d}"
    replies = chat("demostore", "Olá, vocês têm o iPhone 13 em estoque?", customer=customer)  # pt-BR is served
    assert replies[0]["text"].startswith("Encontrei"), replies
    replies = chat("demobank", "Hola, quin és el meu saldo si us plau?", customer="5511999990001")
    assert replies[0]["text"].startswith(("Seu saldo", "Tu saldo", "Your balance")), replies  # the bank has no Catalan
    assert conversation_language("demobank", "5511999990001") in ("", "es", "en")


# 2. Values rendered for the customer's locale ----------------------------------------------------------------------

RAW = re.compile(r"\{|'type'|\d{4}-\d{2}-\d{2}|\d{2}:\d{2}:\d{2}|486\.?205\.?731-?44")


def assert_rendered(replies: list[dict]) -> None:
    for reply in replies:
        assert not RAW.search(reply["text"]), reply["text"]


def test_bank_bare_values_are_rendered_and_the_key_masked_in_portuguese(db, chat):
    replies = chat("demobank", "1890 jenny@example.com", "manda 10 pro 48620573144", customer="5511999990001")
    assert replies[0]["text"] == "O que você quer fazer com R$\xa01.890,00, j***@example.com?"
    assert_rendered(replies)


@pytest.mark.parametrize("lang,said,expected", [
    ("ca", "a les 15 per a 2 persones", "Què vols fer amb 15:00, 2 persones?"),
    ("en", "at 3pm for 2 people please", "What would you like to do with 15:00, 2 people?"),
    ("es", "a las 15 para 2 personas por favor", "¿Qué quieres hacer con 15:00, 2 personas?"),
])
def test_school_bare_values_read_as_people_write_them(db, chat, lang, said, expected):
    replies = chat("demoschool", said)
    assert replies[0]["text"] == expected and replies[0]["buttons"]
    assert_rendered(replies)


@pytest.mark.parametrize("opening,correction,changed", [
    ("Quiero reservar escalada mañana a las 10 para 2", "mejor a las 9", "cambié la fecha"),
    ("I want to book climbing tomorrow at 10 for 2", "actually at 9", "I changed the date"),
    ("Vull reservar escalada demà a les 10 per a 2", "millor a les 9", "he canviat la data"),
])
def test_a_changed_date_is_said_with_babel_dates_in_the_customers_language(db, chat, opening, correction, changed):
    customer = f"44{next(_ids):09d}"
    replies = chat("demoschool", opening, correction, customer=customer)
    assert changed in replies[1]["text"] and "10:00 → " in replies[1]["text"] and "09:00" in replies[1]["text"]
    assert_rendered(replies)


# 3. Seed rules: swipe-reply and typed resume, the failed slot of a key, limits before the preview, scheduled Pix ----

CARLA = "5511999990001"  # the demo bank's sandbox customer (R$ 5.000,00, contacts Pedro, Ana, João, Maria)


def approvals_pending() -> list[int]:
    with schema_context("demobank"):
        return list(ApprovalRequest.objects.filter(status="pending").values_list("amount_cents", flat=True))


def carla_balance() -> int:
    with schema_context("demobank"):
        return Account.objects.get(holder__customer_ref=CARLA, kind="customer").balance_cents


@pytest.mark.parametrize("opening,reply,approve", [
    ("manda 200 pro Pedro", "manda 300", "Aprovar"),
    ("quiero enviar 200 a Pedro por Pix", "mejor 300", "Aprobar"),
    ("please send 200 to Pedro", "make it 300", "Approve"),
])
def test_a_swipe_reply_to_the_open_requests_preview_resumes_from_it_with_a_new_preview(db, chat, opening, reply,
                                                                                      approve):
    before = carla_balance()
    replies = chat("demobank", opening, f"/reply 2 {reply}", "/tap 1", customer=CARLA)
    assert replies[1]["rule"] == "swipe_reply_resumes_open_from_quoted_message"
    assert replies[1]["state"] == "awaiting_confirmation" and replies[1]["buttons"][0] == approve  # new buttons
    assert replies[1]["slots"]["recipient"] == "Pedro" and replies[1]["slots"]["amount"]["amount_cents"] == 30000
    assert replies[2]["rule"] == "button_confirms" and replies[2]["state"] == "completed"  # the new button works
    assert carla_balance() == before - 30000 and approvals_pending() == []


def test_a_swipe_reply_at_the_school_resumes_the_open_booking_as_it_stood_then(db, chat):
    customer = f"44{next(_ids):09d}"
    replies = chat("demoschool", "vull reservar escalada demà a les 7 per a 2", "millor per a 3", "/reply 2 per a 1",
                   customer=customer)
    assert replies[1]["slots"]["party_size"] == 3
    assert replies[2]["rule"] == "swipe_reply_resumes_open_from_quoted_message" and replies[2]["ask"] != replies[0]["ask"]
    assert replies[2]["slots"] == {**replies[0]["slots"], "party_size": 1}  # message 2's state, then this change
    assert replies[2]["text"].startswith(("Horaris lliures", "No hi ha horaris", "Reserva feta"))  # still Catalan


def test_a_swipe_reply_to_a_closed_request_resumes_it_too(db, chat):
    replies = chat("demobank", "manda 200 pro Pedro", "cancela", "/reply 2 manda 250", customer=CARLA)
    assert replies[2]["rule"] == "swipe_reply_resumes_from_quoted_message" and replies[2]["buttons"]


@pytest.mark.parametrize("org,customer,lines,resumed", [
    ("demobank", CARLA, ("manda 50 pro Pedro", "qual meu saldo?", "pode continuar o pix"), "pix_transfer"),
    ("demostore", "5491155550001", ("¿cuánto me dan por mi iPhone 12?", "¿tienen el iPhone 13?",
                                    "sigamos con lo de antes"), "used_quote"),
])
def test_a_typed_resume_continues_the_parked_request_not_a_new_empty_one(db, chat, org, customer, lines, resumed):
    replies = chat(org, *lines, customer=customer)
    assert replies[1]["buttons"]  # the side request offered to resume the parked one
    assert replies[2]["rule"] == "typed_resume_of_parked" and replies[2]["kind"] == resumed
    assert replies[2]["ask"] == replies[0]["ask"] and replies[2]["slots"] == replies[0]["slots"]


def test_a_key_not_found_clears_the_key_and_keeps_the_rest(db, chat):
    replies = chat("demobank", "manda 10 para 529.982.247-25", customer=CARLA)  # a valid CPF no one registered
    assert "chave Pix não foi encontrada" in replies[0]["text"]
    assert "pix_key" not in replies[0]["slots"] and replies[0]["slots"]["amount"]["amount_cents"] == 1000
    with schema_context("demobank"):
        assert SlotEvent.objects.filter(slot="pix_key", action="clear").count() == 1
        assert not SlotEvent.objects.filter(slot="amount", action="clear").exists()


def _minutes_until_night() -> int:
    zone = ZoneInfo("America/Sao_Paulo")
    now = datetime.now(zone)
    night = now.replace(hour=22, minute=0, second=0, microsecond=0)
    if not (6 <= now.hour < 20):
        return 0
    return int((night - now).total_seconds() // 60) + 1


def test_the_night_limit_is_checked_before_the_preview_is_offered(db, chat):
    wait = _minutes_until_night()
    replies = chat("demobank", *([f"/wait {wait}m"] if wait else []), "manda 1500 pro Pedro", customer=CARLA)
    assert replies[0]["text"] == "Não foi possível: limite noturno de Pix excedido." and not replies[0]["buttons"]
    assert approvals_pending() == []


def test_the_balance_is_checked_before_the_preview_is_offered(db, chat):
    replies = chat("demobank", "send 9000 to Pedro please", customer=CARLA)  # R$ 5.000,00 in the account
    assert replies[0]["text"] == "That was not possible: insufficient funds." and not replies[0]["buttons"]
    assert approvals_pending() == []


@pytest.mark.parametrize("said,preview,confirmed", [
    ("manda 20 reais pro Pedro amanhã", "Confirme o Pix agendado", "agendado para"),
    ("send 20 reais to Pedro tomorrow", "Confirm the scheduled Pix", "scheduled for"),
])
def test_a_scheduled_pix_is_previewed_and_confirmed_as_scheduled_with_its_date(db, chat, said, preview, confirmed):
    before = carla_balance()
    replies = chat("demobank", said, "/tap 1", customer=CARLA)
    tomorrow = replies[0]["slots"]["when"]
    assert replies[0]["text"].startswith(preview) and replies[0]["buttons"]
    assert replies[1]["state"] == "completed" and confirmed in replies[1]["text"]
    day = str(int(tomorrow[8:10]))
    assert day in replies[0]["text"] and day in replies[1]["text"]  # the date, written out by babel
    with schema_context("demobank"):
        transfer = PixTransfer.objects.get()
        assert transfer.status == "scheduled" and transfer.scheduled_for.date().isoformat() == tomorrow
    assert carla_balance() == before  # nothing moves before its day


# 4. Store: catalogue data for warranty, stock, sold-out, price ranges and budgets; bare answers; disputes -----------

def catalogue(**filters) -> list:
    with schema_context("demostore"):
        return list(Product.objects.filter(**filters).order_by("pk"))


@pytest.mark.parametrize("question,months,none,unknown", [
    ("¿qué garantía tiene el iPhone 13?", "garantía de {n} meses", "sin garantía", "garantía a confirmar"),
    ("what warranty does the iPhone 13 have?", "{n}-month warranty", "no warranty", "warranty to be confirmed"),
    ("qual a garantia do iPhone 13?", "garantia de {n} meses", "sem garantia", "garantia a confirmar"),
])
def test_warranty_questions_are_answered_from_each_products_record(db, chat, question, months, none, unknown):
    replies = chat("demostore", question)
    text = replies[0]["text"]
    assert_rendered(replies)
    listed = [p for p in catalogue() if p.name in text]
    assert listed, text
    for product in listed:
        line = next(line for line in text.splitlines() if product.name in line)
        expected = (unknown if product.warranty_months is None else none if product.warranty_months == 0
                    else months.format(n=product.warranty_months))
        assert expected in line, line


def test_stock_and_sold_out_come_from_the_catalogue(db, chat):
    sold_out = next(p for p in catalogue() if p.sold_out or p.stock == 0)
    in_stock = next(p for p in catalogue(stock__gt=1, sold_out=False) if p.capacity_gb)
    for product, expected in ((sold_out, "agotado"), (in_stock, f"{in_stock.stock} en stock")):
        replies = chat("demostore", f"¿hay stock del {product.model}?")
        line = next(line for line in replies[0]["text"].splitlines() if product.name in line)
        assert expected in line and "(—)" not in line, line
        assert line.count(f"{product.capacity_gb} GB") <= 1  # capacity printed once


def test_a_budget_lists_phones_within_it_cheapest_first_with_the_price_range(db, chat):
    replies = chat("demostore", "un celular barato hasta 500000 pesos")
    assert replies[0]["kind"] == "product_search" and replies[0]["rule"] == "new_request_without_open_ask"
    text = replies[-1]["text"]
    within = [p for p in catalogue(price_cents__lte=50_000_000, capacity_gb__isnull=False)]
    assert text.startswith("Hasta $500.000,00 encontré:") and within
    listed = [p for p in within if p.name in text]
    assert listed and all(p.price_cents <= 50_000_000 for p in listed)
    assert not [p for p in catalogue(capacity_gb__isnull=True) if p.name in text]  # accessories are no phones
    if len({p.price_cents for p in listed}) > 1:
        assert "Precios de" in text


def test_bare_answers_to_the_stores_own_questions_are_accepted(db, chat):
    replies = chat("demostore", "¿cuánto me dan por mi iPhone 12?", "128", "87")
    assert [r["rule"] for r in replies[1:]] == ["fills_missing_slots", "fills_missing_slots"]
    assert replies[-1]["state"] == "completed" and replies[-1]["slots"]["capacity_gb"] == 128
    assert "128 GB" in replies[-1]["text"] and "87\xa0%" in replies[-1]["text"]
    assert_rendered(replies)  # the quote's validity date too, by babel


@pytest.mark.parametrize("org,said,handoff", [
    ("demostore", "ya fui y pagué", "Te paso con una persona"),
    ("demobank", "eu já paguei e foi cobrado duas vezes", "Vou passar para uma pessoa"),
    ("demostore", "I already paid for it yesterday", "I'm passing this to a person"),
])
def test_a_payment_dispute_goes_to_a_person_with_a_note(db, chat, org, said, handoff):
    customer = f"44{next(_ids):09d}"
    replies = chat(org, said, "hola?", customer=customer)
    assert replies[0]["text"].startswith(handoff) and replies[0]["rule"] == "payment_dispute_to_person"
    assert len(replies) == 1  # people have the chat now: the next message gets no automatic reply
    with schema_context(org):
        escalation = Escalation.objects.get(conversation__customer__channel_user_id=customer)
        assert escalation.guard == "payment_dispute" and "already paid" in escalation.reason
        assert escalation.evidence == {"message": said}
