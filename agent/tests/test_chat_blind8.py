"""The real misses of the blind set b8 (branch blind30b8), each through `manage.py chat --json` in its language, the
effect checked in the organisation's schema: an activity named by a name that holds another word of the tables is
that activity ("caminhada com raquetes" is snowshoeing, no hike), an accessory's power said after it tells which
one is quoted ("1 carregador 20w"), and the total asked of several products is quoted, one of each unless a count
is said ("quanto fica tudo")."""

from __future__ import annotations

from datetime import timedelta
from itertools import count
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from agent.tests.demo_effects import booking_of

_ids = count(1)


@pytest.mark.parametrize("asked,then", [
    # b8-school-pt-BR-03: the times of every activity were listed, then "which activity?"
    ("tem vaga na caminhada com raquetes amanha as 15h? somos eu e minha esposa", "pode reservar entao"),
    ("quero fazer caminhada com raquetes amanha as 15h pra 2 pessoas", None),
])
def test_an_activity_named_in_full_is_that_activity_not_a_word_inside_it(db, chat_json, asked, then):
    customer = f"3690{next(_ids):07d}"
    replies = chat_json("demoschool", asked, *([then] if then else []), customer=customer)
    assert replies[-1]["kind"] == "booking" and replies[-1]["state"] == "completed", replies
    booking = booking_of(customer)
    start = booking.slot.start.astimezone(ZoneInfo("Europe/Andorra"))
    tomorrow = timezone.now().astimezone(ZoneInfo("Europe/Andorra")).date() + timedelta(days=1)
    assert (booking.slot.activity.slug, booking.party_size, start.date(), start.strftime("%H:%M")) == (
        "snowshoeing", 2, tomorrow, "15:00")


@pytest.mark.parametrize("said,lang,total", [
    # b8-store-pt-BR-06: both chargers were listed, no total
    ("quero 2 capas do iphone 13 e 1 carregador 20w, quanto fica tudo", "pt-BR", "69.000,00"),
    ("2 fundas para el iphone 13 y 1 cargador de 25 w", "es", "62.000,00"),
    ("1 case for the s23 and 2 chargers 20 w please, how much", "en", "99,500.00"),
])
def test_an_accessorys_power_said_after_it_tells_which_one_is_quoted(db, chat_json, said, lang, total):
    replies = chat_json("demostore", said, customer=f"3691{next(_ids):07d}")
    assert total in replies[-1]["text"], replies
    assert "20 W" in replies[-1]["text"] or "25 W" in replies[-1]["text"], replies


@pytest.mark.parametrize("said,total", [
    ("una funda del s23 y el cargador de 25 w, cuanto es todo?", "47.500,00"),
    ("quanto fica tudo: 2 capinhas do s23 e o carregador de 25w", "57.000,00"),
    ("how much for a case for the iphone 13 and the 20w charger altogether", "57,000.00"),
])
def test_the_total_asked_of_several_products_is_quoted(db, chat_json, said, total):
    replies = chat_json("demostore", said, customer=f"3692{next(_ids):07d}")
    assert f"Total: ARS{total}" in replies[-1]["text"].replace("\xa0", "") or f"Total: ${total}" in replies[-1]["text"], replies
