"""Issue 30 gaps (branch gap30c), each through `manage.py chat --json` in its language, the effect checked in the
organisation's schema: a customer writing a language the organisation does not serve is answered in the nearest one
it serves (and short Portuguese lines stay Portuguese at the bank); a count for each product just listed, and a
count before one product, are quoted; a count ahead said with no unit after a day counted in weeks is weeks."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from itertools import count
from zoneinfo import ZoneInfo

import pytest
from django_tenants.utils import schema_context

from agent.tests.demo_effects import BANK_CUSTOMER, pix_made
from conversations.models import Conversation

_ids = count(1)


def _language(schema: str, customer: str) -> str:
    with schema_context(schema):
        return Conversation.objects.get(customer__channel_user_id=customer).language


# A language the organisation does not serve: the nearest it does ---------------------------------------------------

@pytest.mark.parametrize("said,words", [
    ("voldria 2 iphone 14 i 1 funda s23", "Tu presupuesto"),  # Catalan at the store (es, pt-BR, en): Spanish
    ("quant val l'iphone 14?", "Encontré"),
])
def test_catalan_at_the_store_is_answered_in_spanish(db, chat_json, said, words):
    customer = f"3710{next(_ids):07d}"
    replies = chat_json("demostore", said, customer=customer)
    assert replies[-1]["text"].startswith(words), replies
    assert _language("demostore", customer) in ("es", ""), replies  # "": the store's own language


def test_catalan_then_a_short_line_keeps_the_chat_in_spanish(db, chat_json):
    customer = f"3711{next(_ids):07d}"
    replies = chat_json("demostore", "teniu fundes per al s23?", "i quant val?", customer=customer)
    assert replies[0]["text"].startswith("Encontré"), replies
    assert _language("demostore", customer) in ("es", ""), replies


def test_portuguese_at_the_school_is_answered_in_spanish(db, chat_json):
    customer = f"3712{next(_ids):07d}"
    replies = chat_json("demoschool", "quanto custa a aula de escalada?", customer=customer)
    assert "35" in replies[-1]["text"], replies
    assert _language("demoschool", customer) == "es", replies


@pytest.mark.parametrize("said", ["qual meu saldo hj", "vou pagar a conta amanhã", "me manda o extrato",
                                  "quanto tenho na conta", "tem como ver meus pix", "quero falar com alguém"])
def test_short_portuguese_lines_at_the_bank_stay_portuguese(db, chat_json, said):
    """The bank serves no Catalan; reading among all four languages must not take Portuguese for it."""
    replies = chat_json("demobank", said, customer=BANK_CUSTOMER)
    assert _language("demobank", BANK_CUSTOMER) in ("pt-BR", ""), replies


# A count for each product just listed ------------------------------------------------------------------------------

@pytest.mark.parametrize("lines,expected", [
    (("tienen fundas?", "quiero 2 de cada uno"),
     ("2 × Funda transparente para Galaxy S23", "2 × Funda de silicona para iPhone 13", "Total: $43.000,00")),
    (("vocês têm capinha?", "quero 1 de cada"),
     ("1 × Funda transparente para Galaxy S23", "1 × Funda de silicona para iPhone 13", "21.500,00")),
    (("do you have cases?", "2 of each"),
     ("2 × Funda transparente para Galaxy S23", "2 × Funda de silicona para iPhone 13", "Total: ARS43,000.00")),
    (("teniu fundes?", "en vull dos de cada"),
     ("2 × Funda transparente para Galaxy S23", "Total: $43.000,00")),
])
def test_a_count_of_each_product_listed_quotes_each(db, chat_json, lines, expected):
    customer = f"3720{next(_ids):07d}"
    replies = chat_json("demostore", *lines, customer=customer)
    assert replies[-1]["kind"] == "product_search", replies
    assert all(words in replies[-1]["text"] for words in expected), replies


def test_a_count_of_each_with_nothing_listed_asks_which_product(db, chat_json):
    customer = f"3721{next(_ids):07d}"
    replies = chat_json("demostore", "quiero 2 de cada uno", customer=customer)
    assert "Total" not in replies[-1]["text"], replies


# A count before one product ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("said,expected", [
    ("quero 3 capinhas do iphone 13", ("3 × Funda de silicona para iPhone 13", "36.000,00")),
    ("quiero 2 fundas para el s23", ("2 × Funda transparente para Galaxy S23", "Total: $19.000,00")),
    ("how much for 2 iphone 14?", ("2 × iPhone 14 128 GB", "Total: ARS3,500,000.00")),
])
def test_a_count_before_one_product_is_quoted(db, chat_json, said, expected):
    customer = f"3730{next(_ids):07d}"
    replies = chat_json("demostore", said, customer=customer)
    assert all(words in replies[-1]["text"] for words in expected), replies


def test_a_count_before_a_product_of_several_lists_them(db, chat_json):
    """Three iPhone 13 of which? No quote of a product the customer did not name: the iPhone 13s are listed."""
    customer = f"3731{next(_ids):07d}"
    text = chat_json("demostore", "quero 3 iphone 13", customer=customer)[-1]["text"]
    assert "Total" not in text and "iPhone 13 128 GB Medianoche" in text, text


# A count ahead with no unit after a day counted in weeks -----------------------------------------------------------

def _bank_today() -> date:
    return datetime.now(ZoneInfo("America/Sao_Paulo")).date()


@pytest.mark.parametrize("lines,weeks", [
    (("programa 30 a ana dentro de una semana", "no, dentro de 2", "/tap 1"), 2),
    (("agenda 30 pra ana daqui a uma semana", "não, daqui a 2", "/tap 1"), 2),
    (("schedule 30 to ana in a week", "sorry, in 2", "/tap 1"), 2),
    (("programa 30 a ana dentro de 3 días", "no, dentro de 4", "/tap 1"), None),  # days stay days
])
def test_a_count_with_no_unit_keeps_the_unit_of_weeks_said_before(db, chat_json, lines, weeks):
    replies = chat_json("demobank", *lines, customer=BANK_CUSTOMER)
    [pix] = pix_made()
    ahead = timedelta(weeks=weeks) if weeks else timedelta(days=4)
    day = pix.scheduled_for.astimezone(ZoneInfo("America/Sao_Paulo")).date()
    assert (pix.amount_cents, day) == (3000, _bank_today() + ahead), replies
