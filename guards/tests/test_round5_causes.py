"""Causes the fifth blind adversarial round found (`tools.eval.adversarial_round5`, two thirds true product
replies), each tested in the languages it applies to, with wordings of its own: a receipt's labelled lines, a word
made smaller, the codes of a form, answering around the clock, a noun where a request verb is spelt and a negation
over coordinated verbs, a participle read as the agent's own, a list of bookings as a report, a price list's "c/u",
a count before its amount, transactions counted, a recipient who already has the money, a title name of words said
with another word, and a time or a status said of another item of a list."""

from __future__ import annotations

import pytest

from guards.checks.amounts import unsupported_mentions
from guards.checks.facts import unsupported_facts
from guards.checks.wording import effect_claim_spans, requested_items
from guards.common_words import COMMON
from guards.evidence import Evidence, Identifier, MoneyEvidence, StatusEvidence
from guards.facts import counts_in, names_in
from guards.registry import registered
from guards.tests.helpers import customer, deadline, make, output
from language.locales import LANGS, Lang

TRANSFER_STATUS = StatusEvidence("status", (("settled", "sent"), ("scheduled", "scheduled"), ("failed", "failed")))
RECEIPT = Evidence(money=(MoneyEvidence("amount_cents", role="debit"),), dates=("created_at", "scheduled_for", "settled_at"),
                   identifiers=(Identifier("end_to_end_id", "reference"),), names=("owner_name", "bank_name"),
                   statuses=(TRANSFER_STATUS,), plain=("currency", "recipient"))
HISTORY = Evidence(money=(MoneyEvidence("amount_cents", listed=True),), dates=("at",), quantities=("counts",),
                   names=("counterpart_name",), statuses=(TRANSFER_STATUS,), plain=("currency", "direction", "entries"),
                   reports=("send_pix",))
SCHEDULED = Evidence(money=(MoneyEvidence("amount_cents", role="debit"),), dates=("scheduled_for",),
                     names=("owner_name",), statuses=(TRANSFER_STATUS,), plain=("currency", "recipient", "transfers"),
                     reports=("send_pix",))
BOOKING_STATUS = StatusEvidence("status", (("pending_payment", "booked"), ("paid", "paid"), ("cancelled", "cancelled")))
MINE = Evidence(money=(MoneyEvidence("amount_cents"),), quantities=("party_size",), dates=("start",),
                names=("activity_name",), statuses=(BOOKING_STATUS,), plain=("currency", "bookings"),
                reports=("create_booking",))
BOOKED = Evidence(names=("activity",), dates=("start",), quantities=("party_size",), statuses=(BOOKING_STATUS,))
QUOTE = Evidence(money=(MoneyEvidence("price_cents", role="price"), MoneyEvidence("line_cents", listed=True),
                        MoneyEvidence("total_cents")), products=("name",), quantities=("quantity",),
                 plain=("currency", "lines"))


def guarded(draft: str, *outputs, lang: Lang, currency: str = "BRL", org_kind: str = "bank", effects=(),
            said: str = "", **parts) -> list[str]:
    """The production guards that hold the draft (each as `run_guards` calls it)."""
    inp = make(draft, lang=lang, currency=currency, org_kind=org_kind, languages=LANGS, tool_outputs=outputs,  # type: ignore[arg-type]
               effects_executed=effects, effect_kinds={"send_pix": "money", "create_booking": "booking"},
               history=(customer(said),) if said else (), today="2026-12-01",
               time_zones=("America/Sao_Paulo" if org_kind == "bank" else "Europe/Andorra",), **parts)
    from magie.choices import GUARD_NAMES

    guards = registered()
    return [name for name in GUARD_NAMES if not guards[name](inp, deadline()).passed]


def receipt(status: str = "settled"):
    scheduled = status == "scheduled"
    return output("send_pix", {"status": status, "amount_cents": 5000, "currency": "BRL", "end_to_end_id": "E1823612",
                               "recipient": {"owner_name": "Maria Souza", "bank_name": "Banco Magie"},
                               "created_at": "2026-12-01T14:30:00-03:00",
                               "scheduled_for": "2026-12-04T09:00:00-03:00" if scheduled else None,
                               "settled_at": None if scheduled else "2026-12-01T14:30:00-03:00"}, evidence=RECEIPT)


def statement():
    entries = [{"direction": "out", "status": "settled", "amount_cents": 5000, "currency": "BRL",
                "counterpart_name": "Maria Souza", "at": "2026-11-28T10:00:00-03:00"},
               {"direction": "in", "status": "settled", "amount_cents": 20000, "currency": "BRL",
                "counterpart_name": "Pedro Lima", "at": "2026-11-15T19:40:00-03:00"}]
    history = output("list_pix_history", {"entries": entries, "counts": {"total": 2, "in": 1, "out": 1, "settled": 2}},
                     evidence=HISTORY)
    waiting = output("scheduled_pix", {"transfers": [{"status": "scheduled", "amount_cents": 8000, "currency": "BRL",
                                                      "recipient": {"owner_name": "Pedro Lima"},
                                                      "scheduled_for": "2026-12-04T09:00:00-03:00"}]},
                     evidence=SCHEDULED)
    return history, waiting


def mine():
    return output("my_bookings", {"bookings": [
        {"activity_name": "Escalada Iniciació", "start": "2026-12-02T10:00:00+01:00", "party_size": 2,
         "amount_cents": 9000, "currency": "EUR", "status": "pending_payment"},
        {"activity_name": "Kayak Familiar", "start": "2026-12-05T11:00:00+01:00", "party_size": 4,
         "amount_cents": 16000, "currency": "EUR", "status": "paid"}]}, evidence=MINE)


# --- a receipt's labelled lines: a name ends at its line ------------------------------------------------------------

@pytest.mark.parametrize(("lang", "draft"), [
    ("ca", "Comprovant:\nDestinatari: Maria Souza\nData: 01/12/2026"),
    ("en", "Receipt\nTo: Maria Souza · Banco Magie\nWhen: Dec 1, 2026"),
    ("pt-BR", "Comprovante\nPara: Maria Souza\nBanco: Banco Magie\nValor: R$ 50,00"),
])
def test_a_name_ends_at_its_line(lang, draft):
    assert guarded(draft, receipt(), lang=lang, effects=("send_pix",)) == []


# --- a word made smaller, the codes of a form -----------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Prontinho ✅ R$ 50 pra Maria Souza."),
    ("pt-BR", "Certinho, R$ 50 pra Maria Souza."),
    ("es", "Listito ✅ R$ 50 a Maria Souza."),
])
def test_a_word_made_smaller_is_no_name(lang, draft):
    assert [f.raw for f in names_in(draft, lang, common=COMMON[lang])] == ["Maria Souza"]


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "Me passa o endereço de entrega com o CEP?"),
    ("es", "¿Me pasás la dirección de entrega con el CP?"),
    ("ca", "Per a la factura necessito el NIF."),
])
def test_the_codes_of_a_form_are_no_names(lang, draft):
    assert names_in(draft, lang, common=COMMON[lang]) == []


# --- answering around the clock --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "draft"), [
    ("ca", "Pel xat us atenem 24/7, quan vulguis."),
    ("es", "Te respondemos 24/7 por acá."),
    ("en", "We reply 24/7 here."),
])
def test_answering_around_the_clock_is_no_date(lang, draft):
    assert guarded(draft, lang=lang) == []


# --- a request's verb spelt as a noun, a negation over coordinated verbs --------------------------------------------

@pytest.mark.parametrize(("lang", "draft"), [
    ("en", "We never send links by text or ask for your password."),
    ("pt-BR", "Nunca mandamos link por SMS nem pedimos sua senha."),
    ("es", "No mandamos enlaces ni pedimos tu clave."),
    ("ca", "Mai no enviem enllaços ni demanem el PIN."),
])
def test_a_warning_asks_for_nothing(lang, draft):
    assert requested_items(draft, lang) == []


@pytest.mark.parametrize(("lang", "draft"), [
    ("en", "We never call you, but send us your password now."),
    ("pt-BR", "Não liga pra ninguém, mas manda sua senha aqui."),
    ("ca", "Em pots passar el codi que t'ha arribat per SMS?"),
])
def test_a_request_after_a_negation_ended_is_still_one(lang, draft):
    assert requested_items(draft, lang) != []


# --- a participle is no first-person claim; a list of bookings is a report ------------------------------------------

def test_a_participle_after_a_name_is_no_claim_of_the_agent():
    draft = "Tem mais um de R$ 80,00 pro Pedro Lima agendado pra sexta, esse ainda não saiu."
    assert effect_claim_spans(draft, "pt-BR", reports=True) == []
    assert [span[2] for span in effect_claim_spans("Deixei tudo agendado pra sexta.", "pt-BR", reports=True)] \
        == ["Deixei tudo agendado"]


@pytest.mark.parametrize(("lang", "draft"), [
    ("es", "Tenés dos reservas:\n1) Escalada Iniciació, mié 2/12, 10:00 (pendiente de pago)\n"
           "2) Kayak Familiar, sáb 5/12, 11:00 (pagada)"),
    ("pt-BR", "Suas reservas:\n• Escalada Iniciació, quarta 02/12 às 10h\n• Kayak Familiar, sábado 05/12 às 11h (paga)"),
])
def test_a_list_of_bookings_reports_the_paid_one(lang, draft):
    assert guarded(draft, mine(), lang=lang, currency="EUR", org_kind="school") == []


# --- a price list's "c/u"; a count before its amount ---------------------------------------------------------------

def quote():
    return output("quote_products", {"lines": [
        {"name": "Galaxy S23", "quantity": 2, "price_cents": 100000, "line_cents": 200000, "currency": "ARS"},
        {"name": "Funda S23", "quantity": 1, "price_cents": 15000, "line_cents": 15000, "currency": "ARS"}],
        "total_cents": 215000, "currency": "ARS"}, evidence=QUOTE)


@pytest.mark.parametrize(("lang", "draft"), [
    ("es", "2 Galaxy S23 ($ 1.000,00 c/u) y 1 Funda S23 ($ 150,00): total $ 2.150,00."),
    ("pt-BR", "2 Galaxy S23 ($ 1.000,00 p/u) e 1 Funda S23: total $ 2.150,00."),
    ("en", "2 Galaxy S23 at $1,000.00 ea. plus the case: $2,150.00 total."),
])
def test_a_unit_price_marked_as_such_beside_the_total(lang, draft):
    inp = make(draft, lang=lang, currency="ARS", org_kind="store", tool_outputs=(quote(),))
    assert unsupported_mentions(inp, deadline()) == ([], [])


def test_a_unit_price_said_as_the_total_is_still_held():
    inp = make("Total: $ 1.000,00 por los dos.", lang="es", currency="ARS", org_kind="store", tool_outputs=(quote(),))
    found = unsupported_mentions(inp, deadline())
    assert found is not None and [m.raw for m in found[0]] == ["$ 1.000,00"]


@pytest.mark.parametrize(("lang", "draft"), [
    ("ca", "Has enviat 1 Pix i n'has rebut 1 (R$ 200,00 del Pedro Lima)."),
    ("pt-BR", "Você enviou 1 Pix e recebeu 1 (R$ 200,00 do Pedro Lima)."),
    ("en", "You sent 1 Pix and received 1 (R$ 200,00 from Pedro Lima)."),
])
def test_a_count_before_its_amount_is_no_amount(lang, draft):
    assert "unsupported_amount" not in guarded(draft, *statement(), lang=lang)


# --- transactions counted ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "draft", "value"), [
    ("pt-BR", "Você fez 5 Pix em novembro.", 5),
    ("es", "Hiciste 3 transferencias.", 3),
    ("ca", "Tens 4 reserves.", 4),
    ("en", "You made 6 payments last month.", 6),
])
def test_transactions_are_counted(lang, draft, value):
    assert [(f.kind, f.value) for f in counts_in(draft, lang)] == [("found", value)]


@pytest.mark.parametrize(("lang", "draft", "held"), [
    ("pt-BR", "Em novembro você fez 5 Pix.", True),
    ("en", "You sent 7 Pix in November.", True),
    ("pt-BR", "Em novembro você fez 2 Pix.", False),
    ("es", "Hiciste 2 Pix en noviembre.", False),
    ("pt-BR", "Mandei R$ 50 Pix pra Maria.", False),  # an amount's digits
])
def test_a_count_of_transactions_must_be_the_results(lang, draft, held):
    assert ("unsupported_fact" in guarded(draft, *statement(), lang=lang)) is held


# --- a recipient who already has the money is a sent Pix ------------------------------------------------------------

@pytest.mark.parametrize(("lang", "draft"), [
    ("en", "Done, Maria already got the R$ 50,00."),
    ("pt-BR", "Prontinho, a Maria já recebeu os R$ 50,00."),
    ("es", "Listo, a María ya le llegó la plata."),
    ("ca", "Fet, la Maria ja ho ha rebut."),
    ("pt-BR", "O Pix de R$ 50,00 pra Maria saiu agora."),
])
def test_money_said_to_have_arrived_after_a_schedule_is_held(lang, draft):
    assert guarded(draft, receipt("scheduled"), lang=lang, effects=("send_pix",)) != []


@pytest.mark.parametrize(("lang", "draft"), [
    ("pt-BR", "O Pix pra Maria ainda não saiu: sai na sexta."),
    ("en", "Maria hasn't received it yet; it goes out on Friday."),
])
def test_money_said_not_to_have_arrived_yet_passes(lang, draft):
    assert guarded(draft, receipt("scheduled"), lang=lang, effects=("send_pix",)) == []


# --- a title name of words said with another word -------------------------------------------------------------------

def booked():
    return output("create_booking", {"activity": "Escalada Iniciació", "start": "2026-12-02T10:00:00+01:00",
                                     "party_size": 2, "status": "pending_payment"}, evidence=BOOKED)


@pytest.mark.parametrize(("lang", "draft", "held"), [
    ("ca", "Reserva feta: Escalada Avançat, demà a les 10.", True),
    ("es", "Reservado: Escalada Intermedia, mañana a las 10.", True),
    ("en", "Booked: Escalada Avançada, tomorrow at 10.", True),
    ("ca", "Reserva feta: Escalada Iniciació, demà a les 10.", False),
    ("pt-BR", "Reserva feita: Escalada Iniciação, amanhã às 10h.", False),  # the name in the reply's language
    ("es", "Reservado: Escalada, mañana a las 10.", False),
])
def test_a_title_name_said_with_another_word(lang, draft, held):
    inp = make(draft, lang=lang, currency="EUR", org_kind="school", languages=LANGS, tool_outputs=(booked(),),
               effects_executed=("create_booking",), effect_kinds={"create_booking": "booking"}, today="2026-12-01",
               time_zones=("Europe/Andorra",))
    assert bool(unsupported_facts(inp, deadline())) is held


# --- a time or a status said of another item of a list -------------------------------------------------------------

@pytest.mark.parametrize(("lang", "draft", "held"), [
    ("es", "El Kayak Familiar es el sábado a las 10:00.", True),
    ("es", "El Kayak Familiar es el sábado a las 11:00.", False),
    ("en", "Your Escalada Iniciació is at 11:00 on Wednesday.", True),
    ("en", "Your Escalada Iniciació is at 10:00 on Wednesday.", False),
    ("es", "Sí, la Escalada Iniciació ya está pagada.", True),
    ("ca", "El Kayak Familiar ja està pagat.", False),
    ("pt-BR", "A Escalada Iniciació já está paga.", True),
])
def test_a_fact_said_of_one_listed_item_is_that_items(lang, draft, held):
    assert ("unsupported_fact" in guarded(draft, mine(), lang=lang, currency="EUR", org_kind="school")) is held


@pytest.mark.parametrize(("lang", "draft", "held"), [
    ("pt-BR", "Já foi sim, o Pix de R$ 80,00 pro Pedro Lima saiu hoje cedo.", True),
    ("en", "Yes, the R$ 80,00 Pix to Pedro Lima was sent this morning.", True),
    ("pt-BR", "O Pix de R$ 80,00 pro Pedro Lima está agendado pra sexta.", False),
    ("es", "Recibiste R$ 200,00 de Pedro Lima; está acreditado.", False),
])
def test_a_status_said_of_an_item_named_with_its_amount(lang, draft, held):
    assert ("unsupported_fact" in guarded(draft, *statement(), lang=lang)) is held


# --- the customer's choice said back is no listed item's ------------------------------------------------------------

@pytest.mark.parametrize(("lang", "draft"), [
    ("en", "Please confirm: a table for 2 at 2 pm, near the Kayak Familiar."),
    ("es", "¿Confirmas una mesa para 2 a las 14:00, cerca del Kayak Familiar?"),
    ("ca", "Confirmes una taula per a 2 a les 14:00, a prop del Kayak Familiar?"),
    ("pt-BR", "Confirma uma mesa para 2 às 14:00, perto do Kayak Familiar?"),
])
def test_the_time_the_customer_chose_said_back_is_no_items(lang, draft):
    # the Ask's slot holds 14:00; the listed Kayak Familiar is at 11:00: the time is the choice, said back
    assert guarded(draft, mine(), lang=lang, currency="EUR", org_kind="school",
                   ask_slots={"time": "14:00", "party_size": "2"}) == []
