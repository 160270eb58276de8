"""The Asks issue's scenarios end to end through the store, the built-in perceiver and the decision engine."""

import pytest

from asks.decide import Action
from asks.models import Ask, SlotEvent
from asks.tests.chat import Chat, slots

OPENING = {
    "pt-BR": ("manda 200 pro Pedro", "qual meu saldo?", "manda um pix de 100 pra Ana"),
    "es": ("envíale 200 a Pedro", "¿cuál es mi saldo?", "mándale un pix de 100 a Ana"),
    "en": ("send 200 to Pedro", "what is my balance?", "send a pix of 100 to Ana"),
}


@pytest.mark.parametrize("lang", OPENING)
def test_the_opening_scenario_the_ana_ask_holds_100_and_no_trace_of_200(demobank, lang):
    pix, balance, pix_ana = OPENING[lang]
    chat = Chat(lang)
    first = chat.say(pix).ask
    assert slots(first) == {"amount": {"amount_cents": 20000, "currency": "BRL"}, "recipient": "Pedro"}
    chat.tap(chat.preview(first))
    chat.execute_and_complete(first)

    asked_balance = chat.say(balance)
    assert asked_balance.decision.rule == "new_request_without_open_ask" and asked_balance.ask.kind == "balance"
    chat.execute_and_complete(asked_balance.ask)

    ana = chat.say(pix_ana).ask
    assert ana.pk != first.pk
    assert slots(ana) == {"amount": {"amount_cents": 10000, "currency": "BRL"}, "recipient": "Ana"}
    values = [event.value for event in SlotEvent.objects.filter(ask=ana)]
    assert all("20000" not in str(value) and "Pedro" not in str(value) for value in values)
    assert Ask.objects.get(pk=first.pk).status == "completed"


def test_a_correction_keeps_the_amount_and_says_what_changed(demobank):
    chat = Chat("pt-BR")
    ask = chat.say("manda 200 pro Pedro").ask
    old_button = chat.preview(ask)
    corrected = chat.say("na verdade, é pro João")
    assert corrected.decision.action == Action.CORRECT and corrected.ask.pk == ask.pk
    assert slots(ask) == {"amount": {"amount_cents": 20000, "currency": "BRL"}, "recipient": "João"}
    assert [(c.slot, c.old, c.new) for c in corrected.changes] == [("recipient", "Pedro", "João")]
    ask.refresh_from_db()
    assert ask.status == "collecting"  # the preview is void
    assert chat.tap(old_button).decision.rule == "stale_confirmation_button"


def test_the_same_words_without_correction_wording_change_the_previewed_request(demobank):
    # "manda pro João" under the preview is no whole request of its own: the previewed one, to João, in a new preview
    chat = Chat("pt-BR")
    ask = chat.say("manda 200 pro Pedro").ask
    old_button = chat.preview(ask)
    changed = chat.say("manda pro João")
    assert changed.decision.rule == "same_kind_wording_under_preview_changes_it" and changed.ask.pk == ask.pk
    assert [(c.slot, c.old, c.new) for c in changed.changes] == [("recipient", "Pedro", "João")]
    assert slots(ask) == {"amount": {"amount_cents": 20000, "currency": "BRL"}, "recipient": "João"}
    ask.refresh_from_db()
    assert ask.status == "collecting"  # the preview is void: only the new one's button sends
    assert chat.tap(old_button).decision.rule == "stale_confirmation_button"


def test_a_whole_request_of_the_same_kind_under_a_preview_starts_fresh(demobank):
    chat = Chat("pt-BR")
    ask = chat.say("manda 200 pro Pedro").ask
    chat.preview(ask)
    fresh = chat.say("manda 50 pro João")
    assert fresh.decision.rule == "new_request_wording_same_kind"
    assert slots(fresh.ask) == {"amount": {"amount_cents": 5000, "currency": "BRL"}, "recipient": "João"}
    ask.refresh_from_db()
    assert (ask.status, ask.abandon_reason) == ("abandoned", "superseded")


def test_dois_centavos_an_hour_after_an_unconfirmed_preview_does_not_amend_it(demobank):
    chat = Chat("pt-BR")
    ask = chat.say("manda 200 pro Pedro").ask
    button = chat.preview(ask)
    chat.wait(hours=1)
    late = chat.say("dois centavos")
    assert late.decision.rule == "stale_ask_cooled_bare_value"
    ask.refresh_from_db()
    assert (ask.status, ask.abandon_reason) == ("abandoned", "cooled")
    assert slots(ask)["amount"] == {"amount_cents": 20000, "currency": "BRL"}
    assert chat.tap(button).decision.action == Action.REFUSE_STALE  # the old preview's button does nothing


def test_a_tap_on_an_old_preview_button_does_nothing(demobank):
    chat = Chat("en")
    first = chat.say("send 200 to Pedro").ask
    first_button = chat.preview(first)
    chat.tap(first_button)
    chat.execute_and_complete(first)
    second = chat.say("send 50 to Ana").ask
    chat.preview(second)
    refused = chat.tap(first_button)
    assert refused.decision.rule == "stale_confirmation_button"
    second.refresh_from_db()
    assert second.status == "awaiting_confirmation"
    assert Ask.objects.filter(status="executing").count() == 0


def test_a_swipe_reply_resumes_from_the_quoted_messages_values(demobank):
    chat = Chat("pt-BR")
    first = chat.say("manda 200 pro Pedro").ask
    quoted = chat.bot("Confirma R$ 200 para Pedro?", first)
    chat.say("na verdade, é pro João")  # happened after the quoted message: left out
    chat.say("cancela")
    resumed = chat.say("manda 300", reply_to=quoted.channel_message_id)
    assert resumed.decision.rule == "swipe_reply_resumes_from_quoted_message"
    assert resumed.ask.resumed_from_id == first.pk
    assert slots(resumed.ask) == {"amount": {"amount_cents": 30000, "currency": "BRL"}, "recipient": "Pedro"}


def test_a_side_request_parks_the_ask_and_it_can_be_resumed(demobank):
    chat = Chat("pt-BR")
    pix = chat.say("manda 200 pro Pedro").ask
    side = chat.say("qual meu saldo?")
    assert side.decision.rule == "side_request_parks_open_ask" and side.parked.pk == pix.pk
    chat.execute_and_complete(side.ask)
    resumed = chat.tap(f"resume:{pix.pk}")
    assert resumed.decision.rule == "resume_button" and resumed.ask.pk == pix.pk
    assert slots(resumed.ask)["recipient"] == "Pedro"


def test_typed_sim_confirms_nothing(demobank):
    chat = Chat("pt-BR")
    ask = chat.say("manda 200 pro Pedro").ask
    chat.preview(ask)
    assert chat.say("sim").decision.rule == "typed_confirmation_needs_button"
    ask.refresh_from_db()
    assert ask.status == "awaiting_confirmation"


def test_a_clarified_value_lands_only_in_a_new_ask_when_the_customer_chooses_new(demobank):
    chat = Chat("pt-BR")
    ask = chat.say("manda 200 pro Pedro").ask
    asked = chat.say("300")
    assert asked.decision.rule == "value_for_filled_slot_without_wording" and asked.ask is None
    assert slots(ask)["amount"]["amount_cents"] == 20000
    question = chat.last_message.pk
    chosen = chat.tap(f"choose:{ask.pk}:{question}:new:pix_transfer")
    assert chosen.decision.rule == "clarified_as_new_request" and chosen.ask.pk != ask.pk
    assert slots(chosen.ask) == {"amount": {"amount_cents": 30000, "currency": "BRL"}}  # Pedro does not travel
    ask.refresh_from_db()
    assert (ask.status, ask.abandon_reason) == ("abandoned", "superseded")
    again = chat.tap(f"choose:{ask.pk}:{question}:new:pix_transfer")  # the question was answered
    assert again.decision.rule == "stale_choice_button"


def test_a_clarified_value_amends_the_open_ask_when_the_customer_chooses_correct(demobank):
    chat = Chat("pt-BR")
    ask = chat.say("manda 200 pro Pedro").ask
    chat.say("300")
    chosen = chat.tap(f"choose:{ask.pk}:{chat.last_message.pk}:correct")
    assert chosen.decision.rule == "clarified_as_correction" and chosen.ask.pk == ask.pk
    assert slots(ask) == {"amount": {"amount_cents": 30000, "currency": "BRL"}, "recipient": "Pedro"}


@pytest.mark.parametrize("lang,opening,half_said", [
    ("ca", "vull reservar escalada el 5/12 a les 7 per a 2", "millor a les 7 del matí"),
    ("es", "quiero reservar escalada el 5/12 a las 7 para 2", "mejor a las 7 de la mañana"),
    ("pt-BR", "quero reservar escalada dia 5/12 às 7 para 2 pessoas", "na verdade às 7 da manhã"),
    ("en", "I want to book climbing on 12/5 at 7 for 2", "actually at 7am"),
])
def test_the_doubt_about_an_hours_half_goes_with_the_when_said_with_its_half(demoschool, lang, opening, half_said):
    chat = Chat(lang)
    ask = chat.say(opening).ask
    assert slots(ask)["when"].startswith("2026-12-05T19:00") and slots(ask)["when_either_half"] is True
    corrected = chat.say(half_said)
    assert corrected.ask.pk == ask.pk and slots(ask)["when"].startswith("2026-12-05T07:00")
    assert "when_either_half" not in slots(ask)


def test_ok_pode_mandar_after_a_side_question_takes_up_the_parked_pix(demobank):
    chat = Chat("pt-BR")
    pix = chat.say("manda 45 pro João").ask
    side = chat.say("quanto eu tenho na conta?")
    chat.execute_and_complete(side.ask)
    again = chat.say("ok pode mandar")
    assert again.decision.rule == "bare_same_kind_resumes_parked" and again.ask.pk == pix.pk
    assert slots(again.ask)["recipient"] == "João" and Ask.objects.filter(kind="pix_transfer").count() == 1


def test_a_storage_said_alone_after_a_search_searches_that_model_with_it(demostore):
    chat = Chat("es")
    search = chat.say("me pasás precio del iphone 13 de 256")
    chat.execute_and_complete(search.ask)
    narrowed = chat.say("ah no, mejor el de 128")
    assert narrowed.decision.rule == "detail_narrows_done_search"
    assert (slots(narrowed.ask)["device_model"].lower(), slots(narrowed.ask)["capacity_gb"]) == ("iphone 13", 128)


def test_a_new_request_is_written_with_its_decision_attribution_transition_and_values(demobank):
    """The Ask a decision starts is inserted by the decision's own statement: everything that names it has its id."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from asks.models import AskTransition, Attribution
    from asks.models import Decision as DecisionRow

    chat = Chat("pt-BR")
    with CaptureQueriesContext(connection) as queries:
        outcome = chat.say("manda 200 reais pro Pedro")
    ask = outcome.ask
    assert ask is not None and ask.pk is not None and outcome.decision.action == Action.START_NEW
    assert Ask.objects.get(pk=ask.pk).status == Ask.Status.COLLECTING and outcome.slots == slots(ask)
    decision = DecisionRow.objects.get(message=chat.last_message)
    assert decision.ask_id == ask.pk and Attribution.objects.get(message=chat.last_message).ask_id == ask.pk
    assert list(AskTransition.objects.filter(ask=ask).values_list("source", "target", "rule")) == [
        ("", "collecting", "new_request_without_open_ask")]
    assert {event.ask_id for event in SlotEvent.objects.filter(message=chat.last_message)} == {ask.pk}
    assert not any(query["sql"].startswith('INSERT INTO "asks_ask"') for query in queries.captured_queries)
    assert Ask.objects.get(pk=ask.pk).created_at <= decision.created_at
