"""Issue 30's examples, each through the real `manage.py chat --json` (command, turn, database) in its language:
a person on request, disputes handed over, bookings cancelled and changed, the school's catalogue answered, the
reply language kept across product names. The effect (or its absence) is checked in the organisation's schema."""

from __future__ import annotations

import io
import json
from datetime import timedelta
from itertools import count
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.core.management import call_command
from django.utils import timezone
from django_tenants.utils import schema_context

from asks.models import Ask
from bank.models import Holder, PixTransfer
from bank.services import contact_save, pix_key_register
from booking.models import Booking
from conversations.models import Conversation
from inbox.models import Escalation

_ids = count(1)


@pytest.fixture
def chat(monkeypatch):
    """`chat(org, *lines, customer=None)` → the parsed JSON replies of one `manage.py chat --json` run."""

    def run(org: str, *lines: str, customer: str | None = None) -> list[dict]:
        customer = customer or f"3470{next(_ids):07d}"
        monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
        out = io.StringIO()
        call_command("chat", "--org", org, "--customer", customer, "--json", stdout=out)
        return [json.loads(line) for line in out.getvalue().splitlines() if line.strip()]

    return run


def escalations(org: str, customer: str) -> list[Escalation]:
    with schema_context(org):
        return list(Escalation.objects.filter(conversation__customer__channel_user_id=customer))


def asks(org: str, customer: str) -> list[Ask]:
    with schema_context(org):
        return list(Ask.objects.filter(conversation__customer__channel_user_id=customer))


def school_booking(customer: str) -> Booking:
    """The customer's one booking at the demo school (exactly one), its slot and activity read with it."""
    with schema_context("demoschool"):
        [booking] = Booking.objects.filter(customer_ref=customer).select_related("slot__activity")
    return booking


# A person on request ----------------------------------------------------------------------------------------------

QUIET = {"Vou passar você para uma pessoa": "Até lá, não respondo sozinho.",
         "Et passo amb una persona": "Fins llavors no respondré pel meu compte.",
         "Te paso con una persona": "Hasta entonces no respondo por mi cuenta.",
         "I'm passing you to a person": "Until then I won't reply on my own."}


@pytest.mark.parametrize("org,said,told", [
    ("demobank", "quero falar com um atendente", "Vou passar você para uma pessoa"),
    ("demoschool", "vull parlar amb una persona", "Et passo amb una persona"),  # was read as a party of 1
    ("demostore", "quiero hablar con alguien", "Te paso con una persona"),
    ("demobank", "I want to talk to a person", "I'm passing you to a person"),
    ("demobank", "tem como um humano me atender?", "Vou passar você para uma pessoa"),  # the person before the verb
    ("demoschool", "hi ha algú de carn i ossos?", "Et passo amb una persona"),  # someone asked to be there
    ("demostore", "no quiero hablar con una máquina", "Te paso con una persona"),  # the bot refused
])
def test_a_person_asked_for_takes_the_chat_and_the_bot_stays_quiet(db, chat, org, said, told):
    customer = f"3480{next(_ids):07d}"
    replies = chat(org, said, "hola?", "e agora?", customer=customer)
    assert replies[0]["text"].startswith(told) and replies[0]["rule"] == "person_requested_to_person", replies
    assert replies[0]["text"].endswith(QUIET[told]), replies[0]["text"]  # says honestly that the bot stops
    [escalation] = escalations(org, customer)
    assert escalation.guard == "person_requested" and escalation.evidence == {"message": said}
    assert asks(org, customer) == []  # no booking of a party of 1, no menu, no request opened
    assert len(replies) <= 2  # the next message is acknowledged once at most, then silence until staff hand back


@pytest.mark.parametrize("said", ["preciso aumentar o limite do meu pix", "can you raise my night limit?"])
def test_a_limit_to_change_goes_to_a_person_with_its_own_reason(db, chat, said):
    customer = f"3485{next(_ids):07d}"
    replies = chat("demobank", said, customer=customer)
    assert replies[0]["rule"] == "limit_change_to_person", replies  # not a Pix request asking "for whom?"
    [escalation] = escalations("demobank", customer)
    assert escalation.guard == "limit_change_requested"
    assert asks("demobank", customer) == []


# Disputes and "I already paid" ------------------------------------------------------------------------------------

@pytest.mark.parametrize("org,said,told", [
    ("demostore", "me lo cobraron dos veces", "Te paso con una persona"),  # got a product list
    ("demoschool", "Ya fui esta mañana y pagué", "Te paso con una persona"),  # seed 004's own example: a greeting
])
def test_a_disputed_payment_goes_to_a_person(db, chat, org, said, told):
    customer = f"3490{next(_ids):07d}"
    replies = chat(org, said, customer=customer)
    assert replies[0]["text"].startswith(told) and replies[0]["rule"] == "payment_dispute_to_person", replies
    [escalation] = escalations(org, customer)
    assert escalation.guard == "payment_dispute"
    assert asks(org, customer) == []


# The reply language is the customer's, not a product name's ------------------------------------------------------

@pytest.mark.parametrize("lines", [
    ("hola, busco un celular", "un iPhone 12"),
    ("hola", "tienen cable lightning?"),
])
def test_a_product_name_does_not_turn_a_spanish_chat_english(db, chat, lines):
    customer = f"3500{next(_ids):07d}"
    replies = chat("demostore", *lines, "y cuánto sale?", customer=customer)
    with schema_context("demostore"):
        assert Conversation.objects.get(customer__channel_user_id=customer).language in ("", "es")
    assert not any(english in reply["text"] for reply in replies for english in ("I found", "Hi!", "Which"))


# Verbs with enclitics are read by lemma -----------------------------------------------------------------------------

CARLA = "5511999990001"  # the demo bank's sandbox customer (R$ 5.000,00, contacts Pedro, Ana, João, Maria)


def test_enviarle_sends_the_pix_it_says(db, chat):
    replies = chat("demobank", "quiero enviarle 30 a Ana", "/tap 1", customer=CARLA)
    assert replies[0]["state"] == "awaiting_confirmation" and replies[0]["buttons"], replies
    with schema_context("demobank"):
        [transfer] = PixTransfer.objects.all()
        assert (transfer.amount_cents, transfer.recipient_name, transfer.status) == (3000, "Ana Beatriz Costa",
                                                                                      "settled")


@pytest.mark.parametrize("said,cents,owner", [
    ("tranfere 30 pro Pdero", 3000, "Pedro Henrique Almeida"),
    ("trasnfere 25 pra mraia", 2500, "Maria Oliveira Santos"),
])
def test_a_typing_slip_in_a_contacts_name_is_previewed_with_the_real_name(db, chat, said, cents, owner):
    replies = chat("demobank", said, "/tap 1", customer=CARLA)
    assert replies[0]["state"] == "awaiting_confirmation" and owner in replies[0]["text"], replies
    assert replies[0]["slots"]["recipient"] == owner.split()[0]  # the request names the saved contact, not the slip
    with schema_context("demobank"):
        [transfer] = PixTransfer.objects.all()
        assert (transfer.amount_cents, transfer.recipient_name, transfer.status) == (cents, owner, "settled")


def test_a_slip_close_to_two_contacts_asks_which_and_pays_nobody(db, chat):
    with schema_context("demobank"):
        pix_key_register(key="+5511912340000", owner_name="Mario Souza Lima", owner_document="52998224725",
                         bank_name="Banco Exemplo", bank_ispb="00000000")
        contact_save(holder=Holder.objects.get(customer_ref=CARLA), nickname="Mario", key="+5511912340000")
    replies = chat("demobank", "manda 20 pra mraia", customer=CARLA)
    assert replies[0]["text"] == "Qual destes você quer dizer?\n• Maria\n• Mario", replies
    with schema_context("demobank"):
        assert not PixTransfer.objects.exists()


# The school answers what it offers and what it costs from its catalogue ------------------------------------------

@pytest.mark.parametrize("said,names,prices", [
    ("quines activitats feu?", ("Escalada", "Esquí alpí", "Raquetes de neu"), ("35,00 € per persona",)),
    ("¿tienen plazas de escalada pasado mañana?", ("Escalada",), ("35,00 € por persona",)),
    ("how much is alpine skiing?", ("Alpine skiing",), ("€45.00 per person",)),
])
def test_the_school_answers_its_activities_and_prices_from_the_catalogue(db, chat, said, names, prices):
    customer = f"3510{next(_ids):07d}"
    replies = chat("demoschool", said, customer=customer)
    text = replies[0]["text"]
    assert replies[0]["kind"] == "availability" and all(name in text for name in names), text
    assert all(price.replace(" ", "\xa0") in text.replace(" ", "\xa0") for price in prices), text
    with schema_context("demoschool"):
        assert not Booking.objects.filter(customer_ref=customer).exists()  # a question books nothing


# Plural and other languages' words for the store's products ------------------------------------------------------

@pytest.mark.parametrize("said", ["tienen fundas?", "vocês vendem capinha?", "do you sell phone cases?"])
def test_cases_are_found_in_the_plural_and_in_any_language(db, chat, said):
    replies = chat("demostore", said)
    text = replies[0]["text"]
    assert replies[0]["kind"] == "product_search", replies
    assert "Funda de silicona para iPhone 13" in text and "Funda transparente para Galaxy S23" in text, text


def test_several_products_asked_at_once_are_each_searched(db, chat):
    text = chat("demostore", "tienen funda para el s23 y cargador samsung?")[0]["text"]
    assert "Funda transparente para Galaxy S23" in text and "Cargador rápido Samsung 25 W" in text, text
    text = chat("demostore", "tem capinha e carregador pro iphone 13?")[0]["text"]  # no charger names the phone
    assert "Funda de silicona para iPhone 13" in text and "Cargador rápido USB-C 20 W" in text, text


def test_several_products_with_counts_are_quoted_with_a_total(db, chat):
    text = chat("demostore", "quote for 2 iphone 14 and 1 case for s23")[0]["text"]
    assert "2 × iPhone 14 128 GB" in text and "3,500,000.00" in text and "Total: ARS3,509,500.00" in text, text
    text = chat("demostore", "cuánto me salen 2 fundas para el s23 y 3 cargadores samsung?")[0]["text"]
    assert "Total: $133.000,00" in text, text  # 2 × 9.500 + 3 × 38.000
    # a count for a product the catalogue has several of is no quote: the products are listed
    text = chat("demostore", "quero 2 iphone 13 e 1 capinha")[0]["text"]
    assert "Total" not in text and "iPhone 13 128 GB Medianoche" in text, text


# A first message is read in its language even when a model name is most of it ---------------------------------------

def test_tem_iphone_14_is_answered_in_portuguese(db, chat):
    customer = f"3520{next(_ids):07d}"
    replies = chat("demostore", "tem iphone 14?", customer=customer)
    assert replies[0]["kind"] == "product_search" and replies[0]["text"].startswith("Encontrei"), replies
    assert "iPhone 14 128 GB" in replies[0]["text"]
    with schema_context("demostore"):
        assert Conversation.objects.get(customer__channel_user_id=customer).language == "pt-BR"


# Values that make a whole request are that request; a model the store lacks is answered with what it has ----------

def test_an_activity_a_day_and_a_party_are_a_booking(db, chat):
    customer = f"3530{next(_ids):07d}"
    replies = chat("demoschool", "raquetes de neu, demà passat a les 15:00, som 2", customer=customer)
    assert replies[0]["kind"] == "booking" and replies[0]["rule"] == "values_complete_a_request", replies
    booking = school_booking(customer)
    start = booking.slot.start.astimezone(ZoneInfo("Europe/Madrid"))
    assert (booking.slot.activity.slug, booking.party_size, start.hour) == ("snowshoeing", 2, 15)


def test_a_model_the_store_lacks_is_answered_with_the_ones_it_has(db, chat):
    replies = chat("demostore", "quiero un iPhone 12")
    text = replies[0]["text"]
    assert text.startswith("Ahora no tengo iPhone 12") and "iPhone 13 128 GB" in text, text


# A booking made is cancelled or changed through the engine, in the customer's language ----------------------------

BOOK_CA = "reserva escalada demà passat a les 9 per a 3"


@pytest.mark.parametrize("said,told", [
    ("podeu anul·lar la reserva?", "Reserva cancel·lada: Escalada"),  # started a new booking
    ("cancel·la-ho", "Reserva cancel·lada: Escalada"),  # fell through to a greeting
])
def test_a_booking_made_is_cancelled(db, chat, said, told):
    customer = f"3540{next(_ids):07d}"
    replies = chat("demoschool", BOOK_CA, said, customer=customer)
    assert replies[-1]["text"].startswith(told) and replies[-1]["kind"] == "booking_cancel", replies
    booking = school_booking(customer)
    assert booking.status == Booking.Status.CANCELLED


def test_de_fet_som_2_changes_the_same_booking(db, chat):
    customer = f"3550{next(_ids):07d}"
    replies = chat("demoschool", BOOK_CA, "de fet, som 2", customer=customer)
    assert replies[-1]["text"].startswith("Reserva canviada: Escalada") and "2 persones" in replies[-1]["text"], replies
    booking = school_booking(customer)  # the same booking, not a second one
    start = booking.slot.start.astimezone(ZoneInfo("Europe/Madrid"))
    assert (booking.party_size, booking.amount_cents, booking.status, start.hour) == (2, 7000, "pending_payment", 9)


@pytest.mark.parametrize("lines,party,hour", [
    (("book climbing for 2 the day after tomorrow at 3pm", "change it to 9am"), 2, 9),
    (("reserva escalada pasado mañana a las 9 para 2", "al final seremos 4"), 4, 9),
])
def test_a_booking_made_gets_another_time_or_party(db, chat, lines, party, hour):
    customer = f"3560{next(_ids):07d}"
    replies = chat("demoschool", *lines, customer=customer)
    assert replies[-1]["kind"] == "booking_change" and replies[-1]["state"] == "completed", replies
    booking = school_booking(customer)
    start = booking.slot.start.astimezone(ZoneInfo("Europe/Madrid"))
    assert (booking.party_size, start.hour, booking.status) == (party, hour, "pending_payment")


def test_a_cancellation_with_no_booking_says_so_and_a_new_booking_is_not_a_change(db, chat):
    customer = f"3570{next(_ids):07d}"
    replies = chat("demoschool", "cancela mi reserva", customer=customer)
    assert replies[0]["text"] == "No tienes ninguna reserva pendiente que pueda cambiar o cancelar.", replies
    replies = chat("demoschool", BOOK_CA, "i esquí per a 2 demà passat a les 15?", customer=customer)
    with schema_context("demoschool"):  # another activity without change wording: a second booking
        assert sorted(b.slot.activity.slug for b in Booking.objects.filter(customer_ref=customer)) == ["climbing", "ski"]


# A part of the day answers the bot's own question, or chooses among the free times -------------------------------

def test_la_del_vespre_answers_the_seven_or_nineteen_question(db, chat):
    from booking.models import Activity
    from booking.tests.factories import TZ, instructor, local, slot

    customer = f"3580{next(_ids):07d}"
    with schema_context("demoschool"):
        climbing = Activity.objects.get(slug="climbing")
        teacher = instructor(climbing)
        day = (timezone.now().astimezone(TZ) + timedelta(days=1)).date()
        for hour in (7, 19):
            slot(climbing, teacher, local(day, hour), capacity=4, duration=timedelta(hours=2))
    replies = chat("demoschool", "vull reservar escalada demà a les 7 per a 2", "la del vespre", customer=customer)
    assert "07:00 i les 19:00" in replies[0]["text"], replies  # asked, not guessed
    assert replies[1]["text"].startswith("Reserva feta: Escalada") and ", 19:00, " in replies[1]["text"], replies
    booking = school_booking(customer)
    assert booking.slot.start.astimezone(TZ).hour == 19


@pytest.mark.parametrize("lines,hour", [
    (("book snowshoeing for 2 the day after tomorrow", "the afternoon one"), 15),  # "one" was read as 13:00
    (("reserva esquí per a 2 demà passat al matí",), 9),
    (("quiero reservar escalada pasado mañana para 2", "mejor por la tarde"), 15),
])
def test_a_part_of_the_day_chooses_the_free_time(db, chat, lines, hour):
    customer = f"3590{next(_ids):07d}"
    chat("demoschool", *lines, customer=customer)
    booking = school_booking(customer)
    assert booking.slot.start.astimezone(ZoneInfo("Europe/Madrid")).hour == hour


# Everything said beside a Pix code counts -------------------------------------------------------------------------

ENERGIA_KEY, MERCADO_KEY = "contas@energiasul.com.br", "+5511987650000"  # keys of the demo directory


def pix_code(**fields: Any) -> str:
    from language.tests.test_brcode import encode

    return encode(**fields)


BILL = pix_code(key=ENERGIA_KEY, name="ENERGIA SUL DISTRIBUIDORA", city="PORTO ALEGRE", amount="187.45",
                txid="FATURA202612")
OPEN_CODE = pix_code(key=MERCADO_KEY, name="MERCADO BOM PRECO", city="SAO PAULO")


def local_day(days: int) -> str:
    return (timezone.now().astimezone(ZoneInfo("America/Sao_Paulo")) + timedelta(days=days)).date().isoformat()


def test_paga_amanha_beside_a_code_schedules_it_for_tomorrow(db, chat):
    replies = chat("demobank", f"paga amanhã {BILL}", "/tap 1", customer=CARLA)  # was paid today
    assert replies[0]["text"].startswith("Confirme o Pix agendado") and replies[0]["slots"]["when"] == local_day(1)
    with schema_context("demobank"):
        [transfer] = PixTransfer.objects.all()
        assert (transfer.amount_cents, transfer.txid, transfer.status) == (18745, "FATURA202612", "scheduled")
        assert transfer.scheduled_for.astimezone(ZoneInfo("America/Sao_Paulo")).date().isoformat() == local_day(1)


@pytest.mark.parametrize("said", [
    "envia 70 a joao manana",  # Spanish without its ñ: detected Portuguese, where "manana" is no word
    "envia 70 a joao dema",  # Catalan without its accent: detected Spanish
])
def test_a_day_word_of_another_language_schedules_the_pix_for_that_day(db, chat, said):
    replies = chat("demobank", said, "/tap 1", customer=CARLA)  # was paid today
    assert replies[0]["slots"]["when"] == local_day(1), replies
    with schema_context("demobank"):
        [transfer] = PixTransfer.objects.all()
        assert (transfer.amount_cents, transfer.status) == (7000, "scheduled")
        assert transfer.scheduled_for.astimezone(ZoneInfo("America/Sao_Paulo")).date().isoformat() == local_day(1)


def test_an_amount_beside_an_open_amount_code_is_its_amount(db, chat):
    replies = chat("demobank", f"please pay 35.90 with this one {OPEN_CODE}", "/tap 1", customer=CARLA)
    assert "R$35.90" in replies[0]["text"] and replies[0]["buttons"], replies  # the preview, not "how much?"
    with schema_context("demobank"):
        [transfer] = PixTransfer.objects.all()
        assert (transfer.amount_cents, transfer.recipient_key_value) == (3590, MERCADO_KEY)


def test_another_amount_beside_a_fixed_amount_code_is_explained_and_nothing_starts(db, chat):
    replies = chat("demobank", f"págale 200 reales con este código {BILL}", customer=CARLA)
    assert replies[0]["rule"] == "pix_code_amount_fixed", replies
    assert replies[0]["text"].startswith("Este código Pix fija el importe en 187,45\xa0BRL, así que no puedo pagar "
                                         "200,00\xa0BRL con él."), replies[0]["text"]
    assert "pide un código nuevo" in replies[0]["text"]  # what the customer can do
    assert asks("demobank", CARLA) == []
    with schema_context("demobank"):
        assert not PixTransfer.objects.exists()


# Refusals that say what is true and what to do --------------------------------------------------------------------

def test_the_night_limit_refusal_says_what_is_left_and_a_day_fills_the_same_request(db, chat):
    from agent.tests.test_chat_scenarios import _minutes_until_night

    wait = _minutes_until_night()
    replies = chat("demobank", *([f"/wait {wait}m"] if wait else []), "manda 1200 pro Pedro",
                   "então agenda pra amanhã", "/tap 1", customer=CARLA)
    assert "restam R$\xa01.000,00 para esta noite" in replies[0]["text"], replies[0]["text"]
    # the amount and the recipient kept: the day said goes on with them, straight to the preview
    assert replies[1]["rule"] == "same_kind_fills_collecting_ask" and "Pedro" in replies[1]["text"], replies
    assert replies[1]["text"].startswith("Confirme o Pix agendado") and "R$\xa01.200,00" in replies[1]["text"]
    with schema_context("demobank"):
        [transfer] = PixTransfer.objects.all()
        assert (transfer.amount_cents, transfer.recipient_name, transfer.status) == (120000, "Pedro Henrique Almeida",
                                                                                      "scheduled")


@pytest.mark.parametrize("said,told", [
    ("qual o meu limite de pix a noite?", "Seu limite noturno de Pix (das 20:00 às 06:00) é de R$\xa01.000,00; restam "
                                          "R$\xa0{left} para esta noite. Seu saldo é R$\xa04.700,00."),
    ("cual es mi limite de noche", "Tu límite nocturno de Pix (de 20:00 a 06:00) es de 1.000,00\xa0BRL; te quedan "
                                   "{left}\xa0BRL para esta noche. Tu saldo es 4.700,00\xa0BRL."),
])
def test_the_night_limit_asked_is_answered_with_what_is_left(db, chat, said, told):
    from zoneinfo import ZoneInfo

    from django.utils import timezone

    from bank.selectors import night_window

    # The Pix settles at the clock's time (a `/wait` moves the messages, not the settlement), so no wait: at night
    # the 300 sent counts against tonight's limit; by day the answer is of the next night, nothing sent in it yet.
    night = night_window(now=timezone.now(), zone=ZoneInfo("America/Sao_Paulo")) is not None
    replies = chat("demobank", "manda 300 pro Pedro", "/tap 1", said, customer=CARLA)
    assert replies[-1]["text"] == told.format(left="700,00" if night else "1.000,00"), replies[-1]["text"]
    assert replies[-1]["kind"] == "balance" and not escalations("demobank", CARLA)  # not a Pix, nor a person


def test_the_statement_says_sent_and_scheduled_apart(db, chat):
    replies = chat("demobank", "send 20 to Ana", "/tap 1", "schedule 35 to Pedro for tomorrow", "/tap 1",
                   "show me my statement", customer=CARLA)
    statement = replies[-1]["text"]
    assert "you sent 1 Pix, R$20.00 in total." in statement, statement  # the scheduled one is not counted as sent
    assert "Still scheduled: 1 Pix (R$35.00 to Pedro Henrique Almeida on " in statement, statement
    with schema_context("demobank"):
        assert sorted(PixTransfer.objects.values_list("status", flat=True)) == ["scheduled", "settled"]


# A party said of the group ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("lines,party", [
    (("voldria reservar escalada demà passat a les 9", "anirem dos"), 2),  # was asked again how many
    (("book climbing the day after tomorrow at 9am", "it's me plus two friends"), 3),
])
def test_a_party_said_with_a_verb_or_as_me_and_more_is_booked(db, chat, lines, party):
    customer = f"3600{next(_ids):07d}"
    chat("demoschool", *lines, customer=customer)
    booking = school_booking(customer)
    assert (booking.party_size, booking.slot.start.astimezone(ZoneInfo("Europe/Madrid")).hour) == (party, 9)


# A value under a preview changes it, in a new preview ------------------------------------------------------------

def test_an_amount_typed_under_a_preview_changes_it_in_a_new_preview(db, chat):
    replies = chat("demobank", "pix 25 pra Maria", "45", "/tap 1", customer=CARLA)
    assert replies[1]["rule"] == "value_under_preview_changes_it" and replies[1]["buttons"], replies
    assert "R$\xa045,00" in replies[1]["text"] and "Maria Oliveira Santos" in replies[1]["text"]
    with schema_context("demobank"):
        [transfer] = PixTransfer.objects.all()
        assert (transfer.amount_cents, transfer.recipient_name) == (4500, "Maria Oliveira Santos")


def test_manda_pro_joao_under_a_preview_for_maria_shows_a_new_preview_for_joao(db, chat):
    replies = chat("demobank", "manda 40 pra Maria", "manda pro João", "/tap 1", customer=CARLA)
    assert replies[1]["rule"] == "same_kind_wording_under_preview_changes_it" and replies[1]["buttons"], replies
    assert "João Pereira Lima" in replies[1]["text"] and "R$\xa040,00" in replies[1]["text"], replies[1]["text"]
    with schema_context("demobank"):
        [transfer] = PixTransfer.objects.all()
        assert (transfer.amount_cents, transfer.recipient_name) == (4000, "João Pereira Lima")


# A scheduled Pix is cancelled or changed through the bank; a change is shown first, saying what changes -------------

def the_transfer() -> PixTransfer:
    with schema_context("demobank"):
        [transfer] = PixTransfer.objects.all()  # the same scheduled Pix, never a second one
        return transfer


@pytest.mark.parametrize("said,told,last", [
    ("cancela aquele Pix agendado", "Pix agendado cancelado: R$\xa080,00 para Pedro Henrique Almeida",
     "Nada será enviado."),
    # the bank does not serve Catalan: the closest language it serves answers
    ("cancel·la el Pix programat", "Pix programado cancelado: 80,00\xa0BRL a Pedro Henrique Almeida",
     "No se enviará nada."),
])
def test_a_scheduled_pix_is_cancelled(db, chat, said, told, last):
    replies = chat("demobank", "agenda R$ 80 pro Pedro pra depois de amanhã", "/tap 1", said, customer=CARLA)
    assert replies[-1]["kind"] == "pix_transfer_cancel" and replies[-1]["state"] == "completed", replies
    assert replies[-1]["text"].startswith(told) and replies[-1]["text"].endswith(last), replies[-1]["text"]
    transfer = the_transfer()
    assert (transfer.status, transfer.amount_cents) == ("cancelled", 8000)


def test_muda_pra_depois_de_amanha_changes_the_day_after_a_preview_of_the_change(db, chat):
    replies = chat("demobank", "agenda 80 pro Pedro pra amanhã", "/tap 1", "muda pra depois de amanhã", "/tap 1",
                   customer=CARLA)
    preview = replies[2]
    assert preview["kind"] == "pix_transfer_change" and preview["state"] == "awaiting_confirmation", replies
    assert preview["buttons"] and preview["text"].startswith("Confirme a alteração do seu Pix agendado:"), preview
    assert "• Data: " in preview["text"] and " → " in preview["text"], preview["text"]  # what changes, said
    assert "Valor: R$\xa080,00 →" not in preview["text"]  # only what changes
    assert replies[3]["text"].startswith("Pix agendado alterado: R$\xa080,00 para Pedro Henrique Almeida"), replies
    transfer = the_transfer()
    due = transfer.scheduled_for.astimezone(ZoneInfo("America/Sao_Paulo")).date().isoformat()
    assert (transfer.status, transfer.amount_cents, due) == ("scheduled", 8000, local_day(2))


@pytest.mark.parametrize("tap,cents", [("/tap 1", 10000), ("/tap 2", 8000)])  # approved, or declined: unchanged
def test_cambia_el_monto_changes_the_amount_only_on_approval(db, chat, tap, cents):
    replies = chat("demobank", "manda 80 a Pedro mañana", "/tap 1", "cambia el monto a 100", tap, customer=CARLA)
    preview = replies[2]
    assert preview["kind"] == "pix_transfer_change" and preview["buttons"], replies
    assert "• Importe: 80,00\xa0BRL → 100,00\xa0BRL" in preview["text"], preview["text"]
    transfer = the_transfer()
    assert (transfer.status, transfer.amount_cents, transfer.recipient_name) == ("scheduled", cents,
                                                                                 "Pedro Henrique Almeida")


def test_values_for_someone_else_after_a_scheduled_pix_change_nothing(db, chat):
    replies = chat("demobank", "agenda 80 pro Pedro pra amanhã", "/tap 1", "e 30 pra Ana", customer=CARLA)
    assert replies[-1]["kind"] != "pix_transfer_change", replies  # who gets a Pix never changes without words
    transfer = the_transfer()
    assert (transfer.amount_cents, transfer.recipient_name, transfer.status) == (8000, "Pedro Henrique Almeida",
                                                                                 "scheduled")


def test_a_cancellation_with_no_scheduled_pix_says_a_pix_sent_cannot_be_undone(db, chat):
    replies = chat("demobank", "manda 20 pro João", "/tap 1", "cancela o pix", customer=CARLA)
    assert replies[-1]["text"] == ("Você não tem Pix agendado que eu possa alterar ou cancelar. Um Pix já enviado "
                                   "não pode ser desfeito."), replies
    assert the_transfer().status == "settled"


# The night limit's refusal keeps the request: another amount or a day goes on with it ----------------------------

def test_entao_manda_200_after_the_night_limit_pays_the_same_recipient(db, chat):
    from agent.tests.test_chat_scenarios import _minutes_until_night

    wait = _minutes_until_night()
    replies = chat("demobank", *([f"/wait {wait}m"] if wait else []), "manda 1200 pro Pedro", "então manda 200",
                   "/tap 1", customer=CARLA)
    assert "restam R$\xa01.000,00 para esta noite" in replies[0]["text"], replies[0]["text"]
    assert replies[1]["buttons"] and "Pedro Henrique Almeida" in replies[1]["text"], replies  # not "para quem?"
    assert "R$\xa0200,00" in replies[1]["text"]
    transfer = the_transfer()
    assert (transfer.amount_cents, transfer.recipient_name, transfer.status) == (20000, "Pedro Henrique Almeida",
                                                                                 "settled")


# A description said beside a Pix code goes with the transfer ------------------------------------------------------

@pytest.mark.parametrize("said,note,scheduled", [
    ("paga esse código, descrição: aluguel", "aluguel", False),
    ("paga amanhã, referente à conta de luz de dezembro", "conta de luz de dezembro", True),  # the note is no date
])
def test_a_note_beside_a_code_is_shown_and_kept_on_the_transfer(db, chat, said, note, scheduled):
    replies = chat("demobank", f"{said} {BILL}", "/tap 1", customer=CARLA)
    assert f"• Descrição: {note}" in replies[0]["text"] and replies[0]["buttons"], replies[0]["text"]
    transfer = the_transfer()
    assert (transfer.description, transfer.txid, transfer.amount_cents) == (note, "FATURA202612", 18745)
    assert transfer.status == ("scheduled" if scheduled else "settled")


# A budget said alone is the phones within it -----------------------------------------------------------------------

@pytest.mark.parametrize("said", ["tenes algo hasta 500 mil?", "do you have anything up to 500000?"])
def test_a_budget_alone_lists_the_phones_within_it(db, chat, said):
    replies = chat("demostore", said)
    text = replies[0]["text"]
    assert replies[0]["kind"] == "product_search" and "Redmi Note 12" in text, replies
    assert "iPhone" not in text and "Funda" not in text and "Cargador" not in text, text


@pytest.mark.parametrize("lines,model", [
    (("quiero vender mi iphone", "es un 13", "256", "88%"), ("iPhone 13", 256, 88)),
    (("sell my phone", "galaxy s21", "256gb", "battery 79"), ("Galaxy S21", 256, 79)),
])
def test_a_model_number_said_after_its_line_is_quoted(db, chat, lines, model):
    from store.models import UsedDeviceQuote

    customer = f"3560{next(_ids):07d}"
    replies = chat("demostore", *lines, customer=customer)
    assert replies[1]["text"] and replies[-1]["kind"] == "used_quote", replies
    with schema_context("demostore"):
        quote = UsedDeviceQuote.objects.order_by("-pk").first()
        assert quote is not None and (quote.quoted_model, quote.capacity_gb, quote.battery_health) == model


# Branch school30: a booking after the free times it asked, people leaving, not coming ---------------------------

@pytest.mark.parametrize("lines,activity,party,hour", [
    (("hay plazas para raquetas pasado mañana por la tarde?", "genial, reserva para 3"), "snowshoeing", 3, 15),
    (("hay plazas para esquí pasado mañana?", "vale, a las 3 para 2"), "ski", 2, 15),
])
def test_a_booking_after_the_free_times_it_asked_starts_from_them(db, chat, lines, activity, party, hour):
    customer = f"3580{next(_ids):07d}"
    replies = chat("demoschool", *lines, customer=customer)
    assert replies[-1]["kind"] == "booking" and replies[-1]["state"] == "completed", replies
    booking = school_booking(customer)
    start = booking.slot.start.astimezone(ZoneInfo("Europe/Madrid"))
    assert (booking.slot.activity.slug, booking.party_size, start.hour) == (activity, party, hour)


def test_one_of_us_cant_come_takes_one_from_the_party(db, chat):
    customer = f"3590{next(_ids):07d}"
    replies = chat("demoschool", "book climbing day after tomorrow at 3pm for 3", "one of us cant come anymore",
                   customer=customer)
    assert replies[-1]["kind"] == "booking_change", replies
    assert school_booking(customer).party_size == 2  # was read as a party of 1


@pytest.mark.parametrize("said", ["no vindrem, treu la reserva", "ya no hace falta la reserva, gracias"])
def test_not_coming_or_not_needing_it_cancels_the_booking(db, chat, said):
    customer = f"3600{next(_ids):07d}"
    replies = chat("demoschool", BOOK_CA, said, customer=customer)
    assert replies[-1]["kind"] == "booking_cancel", replies
    assert school_booking(customer).status == Booking.Status.CANCELLED


def test_thanks_in_english_keep_a_spanish_chat_spanish(db, chat):
    customer = f"3610{next(_ids):07d}"
    chat("demoschool", "reserva esquí pasado mañana a las 9 para 2", "perfect thanks!", customer=customer)
    with schema_context("demoschool"):
        assert Conversation.objects.get(customer__channel_user_id=customer).language == "es"
