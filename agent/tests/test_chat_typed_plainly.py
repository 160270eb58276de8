"""Messages typed the way customers type them (issue 30's perturbations, branch gen30d), each cause through
`manage.py chat --json` in its language, the effect checked in the organisation's schema: an apology opening a
correction with no comma after it, an English contraction typed without its apostrophe, a Catalan "l·l" typed "ll",
a cedilla or a tilde left out, a people count typed right after a part of the day, and WhatsApp shorthand."""

from __future__ import annotations

from itertools import count
from zoneinfo import ZoneInfo

import pytest
from django_tenants.utils import schema_context

from bank.models import PixTransfer
from booking.models import Booking
from conversations.models import Conversation
from inbox.models import Escalation
from store.models import UsedDeviceQuote

_ids = count(1)
BANK_CUSTOMER = "5511999990001"  # the demo bank's sandbox customer: contacts Pedro, Ana, João, Maria


def _bookings(customer: str) -> list[Booking]:
    with schema_context("demoschool"):
        return list(Booking.objects.filter(customer_ref=customer).select_related("slot__activity"))


def _escalated(schema: str, customer: str) -> bool:
    with schema_context(schema):
        return Escalation.objects.filter(conversation__customer__channel_user_id=customer).exists()


@pytest.mark.parametrize("correction", ["perdon era para pedro", "perdón, era para Pedro"])
def test_an_apology_opening_a_correction_needs_no_comma(db, chat_json, correction):
    replies = chat_json("demobank", "envia 20 a ana", correction, "/tap 1", customer=BANK_CUSTOMER)
    assert replies[1]["state"] == "awaiting_confirmation" and "Pedro" in replies[1]["text"], replies
    with schema_context("demobank"):
        [pix] = PixTransfer.objects.all()
    assert pix.amount_cents == 2000 and "Pedro" in pix.recipient_name


def test_an_apology_then_the_activity_meant_changes_the_booking(db, chat_json):
    customer = f"3640{next(_ids):07d}"
    replies = chat_json("demoschool", "reserva escalada pasado mañana a las 3 para 2", "perdon queria decir esqui",
                        customer=customer)
    assert replies[1]["kind"] == "booking_change", replies
    [booking] = [b for b in _bookings(customer) if b.status != Booking.Status.CANCELLED]
    assert (booking.slot.activity.slug, booking.party_size) == ("ski", 2)


@pytest.mark.parametrize("change,party", [("sorry were actually 5", 5), ("actually well be 5", 5),
                                          ("oh wait we're 3 actually", 3)])
def test_an_english_contraction_typed_without_its_apostrophe_changes_the_party(db, chat_json, change, party):
    customer = f"3641{next(_ids):07d}"
    replies = chat_json("demoschool", "book snowshoeing for 4 day after tomorrow afternoon", change,
                        customer=customer)
    assert replies[1]["kind"] == "booking_change" and replies[1]["state"] == "completed", replies
    assert [b.party_size for b in _bookings(customer) if b.status != Booking.Status.CANCELLED] == [party]


@pytest.mark.parametrize("cancel", ["vull cancellar", "podeu anullar la reserva"])
def test_a_catalan_cancel_typed_without_its_middle_dot_cancels(db, chat_json, cancel):
    customer = f"3642{next(_ids):07d}"
    replies = chat_json("demoschool", "reserva escalada demà passat a les 9 per a 2", cancel, customer=customer)
    assert replies[1]["kind"] == "booking_cancel" and replies[1]["state"] == "completed", replies
    assert [b.status for b in _bookings(customer)] == [Booking.Status.CANCELLED]


def test_a_charge_not_known_typed_without_its_cedilla_is_handed_to_a_person(db, chat_json):
    customer = f"5511778{next(_ids):04d}"
    chat_json("demobank", "cobraram uma tarifa q eu nao conheco", customer=customer)
    assert _escalated("demobank", customer)


def test_a_spanish_day_typed_without_its_tilde_keeps_the_school_chat_spanish(db, chat_json):
    customer = f"3643{next(_ids):07d}"
    replies = chat_json("demoschool", "reserva esqui para manana a las 9 para 1", customer=customer)
    assert replies[0]["state"] == "completed" and replies[0]["text"].startswith("Reserva hecha"), replies
    with schema_context("demoschool"):
        assert Conversation.objects.get(customer__channel_user_id=customer).language == "es"
    [booking] = _bookings(customer)
    start = booking.slot.start.astimezone(ZoneInfo("Europe/Madrid"))
    assert (booking.slot.activity.slug, booking.party_size, start.hour) == ("ski", 1, 9)


def test_people_counted_after_a_part_of_the_day_are_the_party_not_an_hour(db, chat_json):
    customer = f"3644{next(_ids):07d}"
    replies = chat_json("demoschool", "sign us up for climbing day after tomorrow morning 3 people",
                        customer=customer)
    assert replies[-1]["kind"] == "booking" and replies[-1]["state"] == "completed", replies
    assert not _escalated("demoschool", customer)
    [booking] = _bookings(customer)
    start = booking.slot.start.astimezone(ZoneInfo("Europe/Madrid"))
    assert (booking.slot.activity.slug, booking.party_size, start.hour) == ("climbing", 3, 9)


def test_shorthand_for_how_much_asks_a_used_device_quote(db, chat_json):
    customer = f"5411{next(_ids):07d}"
    replies = chat_json("demostore", "qto vcs pagam no meu iphone 14", "128gb", "bateria 88", customer=customer)
    assert replies[-1]["kind"] == "used_quote", replies
    with schema_context("demostore"):
        [quote] = UsedDeviceQuote.objects.all()
    assert (quote.capacity_gb, quote.battery_health) == (128, 88)
