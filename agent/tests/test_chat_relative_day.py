"""Issue 30: a day counted from the request's own ("the next day", "l'endemà", "the day before"), a change asked of a
scheduled Pix the customer does not have, and a number typed alone when the day was asked, through `manage.py chat
--json` with their effects in the database."""

from __future__ import annotations

from datetime import datetime, timedelta
from itertools import count
from zoneinfo import ZoneInfo

import pytest
from django_tenants.utils import schema_context

from agent.tests.test_chat_understanding import CARLA, chat  # noqa: F401 — the fixture
from bank.models import PixTransfer
from booking.models import Booking

_ids = count(1)
SCHOOL, BANK = ZoneInfo("Europe/Andorra"), ZoneInfo("America/Sao_Paulo")  # the demo organisations' time zones


def today(zone: ZoneInfo):
    return datetime.now(zone).date()


def bookings(customer: str) -> list[Booking]:
    with schema_context("demoschool"):
        return list(Booking.objects.filter(customer_ref=customer).exclude(status=Booking.Status.CANCELLED)
                    .select_related("slot"))


@pytest.mark.parametrize("lines", [
    ("book ski for 2 in 3 days at 3pm", "can we push it to the next day"),
    ("reserva esquí per d'aquí a 3 dies a les 3 per a 2", "ho podem passar a l'endemà?"),
])
def test_the_next_day_moves_a_booking_a_day_after_its_own_keeping_its_time(db, chat, lines):  # noqa: F811
    customer = f"3710{next(_ids):07d}"
    replies = chat("demoschool", *lines, customer=customer)
    assert replies[-1]["kind"] == "booking_change", replies
    [booking] = bookings(customer)
    start = booking.slot.start.astimezone(SCHOOL)
    assert (start.date() - today(SCHOOL)).days == 4 and start.hour == 15, replies
    assert booking.party_size == 2


def test_the_day_before_moves_a_scheduled_pix_only_after_its_new_preview(db, chat):  # noqa: F811
    replies = chat("demobank", "agenda 50 pro pedro pra depois de amanhã", "/tap 1", "muda pro dia anterior", "/tap 1",
                   customer=CARLA)
    change = replies[-2]
    assert change["kind"] == "pix_transfer_change" and change["state"] == "awaiting_confirmation", replies
    assert change["buttons"] and change["slots"]["when"][:10] == (
        today(BANK) + timedelta(days=1)).isoformat()  # the Pix's day less one, not today's
    with schema_context("demobank"):
        [transfer] = PixTransfer.objects.all()
        assert transfer.status == "scheduled" and transfer.amount_cents == 5000
        assert (transfer.scheduled_for.astimezone(BANK).date() - today(BANK)).days == 1


@pytest.mark.parametrize("said,told", [
    ("el pix que le programe a maria lo podes cambiar a 40?", ("No tienes ningún Pix programado",
                                                               "Para programar un Pix nuevo, dime")),
    ("muda o pix que eu agendei pro joão pra 50", ("Você não tem Pix agendado", "Para agendar um novo Pix, me diga")),
])
def test_a_change_of_a_scheduled_pix_the_customer_lacks_says_so_and_makes_none(db, chat, said, told):  # noqa: F811
    replies = chat("demobank", said, customer=CARLA)
    text = replies[-1]["text"]
    assert text.startswith(told[0]) and told[1] in text and not replies[-1]["buttons"], replies  # and what to do
    with schema_context("demobank"):
        assert not PixTransfer.objects.exists()


@pytest.mark.parametrize("lines,asked", [
    (("voldria reservar esquí", "dos"), "És el nombre de persones, o un dia del mes?"),
    (("i want to book skiing", "two"), "Is that the number of people, or a day of the month?"),
])
def test_a_number_alone_for_the_day_is_asked_about_never_guessed(db, chat, lines, asked):  # noqa: F811
    customer = f"3720{next(_ids):07d}"
    replies = chat("demoschool", *lines, customer=customer)
    assert replies[-1]["text"].startswith(asked) and "party_size" not in replies[-1]["slots"], replies
    assert bookings(customer) == []
