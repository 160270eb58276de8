"""The real misses of the blind set b4 (branch blind30b4), each through `manage.py chat --json` in its language,
the effect checked in the organisation's schema."""

from __future__ import annotations

from itertools import count
from zoneinfo import ZoneInfo

import pytest
from django_tenants.utils import schema_context

from agent.tests.demo_effects import BANK_CUSTOMER, pix_made
from bank.models import PixTransfer
from booking.models import Booking
from store.models import UsedDeviceQuote

_ids = count(1)


@pytest.mark.parametrize("start,typed,amount,recipient", [
    ("pix pro joao", "ana.costa@exemplo.com.br", "nao nao, 80 reais pro joao mesmo", "João Pereira Lima"),  # b4-bank-pt-BR-05
    ("quiero mandar plata a ana", "+5521987654321", "no, 30 reales", "Ana Beatriz Costa"),  # b4-bank-es-10
    ("send money to maria", "ana.costa@exemplo.com.br", "no i mean 50 to maria", "Maria Oliveira Santos"),  # b4-bank-en-09
])
def test_a_key_typed_where_the_amount_was_asked_is_asked_about_not_paid_to(db, chat_json, start, typed, amount,
                                                                              recipient):
    """Another person's key typed when the bot asked how much: the contact being paid is not replaced by its holder
    in silence; the key is not taken, the amount asked again naming the contact, and the amount said next goes to
    the contact first named."""
    replies = chat_json("demobank", start, typed, customer=BANK_CUSTOMER)
    assert replies[1]["rule"] == "no_new_information" and recipient in replies[1]["text"], replies
    assert "pix_key" not in replies[1]["slots"], replies
    assert pix_made() == []
    replies = chat_json("demobank", amount, "/tap 1", customer=BANK_CUSTOMER)
    assert replies[0]["state"] == "awaiting_confirmation" and recipient in replies[0]["text"], replies
    [pix] = pix_made()
    assert (pix.recipient_name, pix.status) == (recipient, PixTransfer.Status.SETTLED)


@pytest.mark.parametrize("said,lang,capacity,battery", [
    ("cuanto me dan por un iphone 13 de 128 perdon es de 256, bateria 95", "es", 256, 95),  # b4-store-es-12
    ("quote for galaxy s21 128 battery 95 sorry battery is 85", "en", 128, 85),  # b4-store-en-11
    ("quanto pagam num iphone 12 de 64 quer dizer 128 bateria 90", "pt-BR", 128, 90),
    ("quant em doneu per un iphone 13 de 256 amb bateria 80 vull dir 88", "ca", 256, 88),
])
def test_a_figure_taken_back_in_the_same_message_is_quoted_as_said_again(db, chat_json, said, lang, capacity,
                                                                          battery):
    customer = f"549117{next(_ids):05d}"
    replies = chat_json("demostore", said, customer=customer)
    assert replies[-1]["kind"] == "used_quote" and replies[-1]["state"] == "completed", replies
    with schema_context("demostore"):
        [quote] = UsedDeviceQuote.objects.all()
    assert (quote.capacity_gb, quote.battery_health) == (capacity, battery)


@pytest.mark.parametrize("said,slug,party,hour", [
    ("we wanna go snowshoeing tomorrow morning 2 of us", "snowshoeing", 2, 9),  # b4-school-en-09: was 02:00
    ("reserva raquetas manana por la tarde 3 personas", "snowshoeing", 3, 15),
    ("reserva raquetes dema al mati 2 persones", "snowshoeing", 2, 9),
])
def test_a_count_of_people_after_a_part_of_the_day_is_the_party_not_the_hour(db, chat_json, said, slug, party, hour):
    customer = f"3764{next(_ids):07d}"
    replies = chat_json("demoschool", said, customer=customer)
    assert replies[-1]["kind"] == "booking" and replies[-1]["state"] == "completed", replies
    with schema_context("demoschool"):
        [booking] = Booking.objects.filter(customer_ref=customer).select_related("slot__activity")
    start = booking.slot.start.astimezone(ZoneInfo("Europe/Andorra"))
    assert (booking.slot.activity.slug, booking.party_size, start.hour) == (slug, party, hour)


@pytest.mark.parametrize("again", [
    "i a les 3?",  # b4-school-ca-19: was a question about free times, the booking left waiting
    "y a las 3?",
    "and at 3pm?",
])
def test_a_time_asked_back_after_the_bot_asked_which_time_books_it(db, chat_json, again):
    """The day after tomorrow's 09:00 snowshoeing has one place left: the bot asks which time; "and at 3?" answers."""
    customer = f"3765{next(_ids):07d}"
    replies = chat_json("demoschool", "reserva raquetes per dema passat a les 9 per a 2", again, customer=customer)
    assert replies[0]["state"] == "collecting" and replies[-1]["state"] == "completed", replies
    with schema_context("demoschool"):
        [booking] = Booking.objects.filter(customer_ref=customer).select_related("slot__activity")
    start = booking.slot.start.astimezone(ZoneInfo("Europe/Andorra"))
    assert (booking.slot.activity.slug, booking.party_size, start.hour) == ("snowshoeing", 2, 15)
