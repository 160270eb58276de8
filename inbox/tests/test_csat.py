"""The satisfaction question: sent on resolution (five signed options, in the customer's language), the tap recorded
once and bound to that conversation, answered by code in the turn; forged or foreign taps rate nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from agent.tests.helpers import Conversation
from conversations.models import Message
from inbox.csat import csat_parse, csat_payload
from inbox.errors import CsatAlreadyRated, CsatTapRefused
from inbox.models import Escalation, InboxSettings, SatisfactionRating
from inbox.services import csat_record, escalation_claim, escalation_resolve
from inbox.tests.helpers import chat_make, escalation_make, staff
from workspace.selectors.team import satisfaction


def resolved(conversation=None) -> Escalation:
    escalation = escalation_make(conversation or chat_make())
    escalation_claim(escalation_id=escalation.pk, user=staff("agent"))
    escalation_resolve(escalation_id=escalation.pk, user=staff("agent"), note="done")
    escalation.refresh_from_db()
    return escalation


def question(escalation: Escalation) -> Message:
    return Message.objects.filter(conversation_id=escalation.conversation_id, direction="out").latest("pk")


def tap(escalation: Escalation, payload: str, *, conversation_id: int | None = None) -> Message:
    conversation = escalation.conversation if conversation_id is None else chat_make()
    return Message.objects.create(
        conversation=conversation, direction=Message.Direction.INBOUND, channel="whatsapp",
        channel_message_id=f"wamid.tap-{Message.objects.count()}-{timezone.now().timestamp()}",
        kind=Message.Kind.LIST, text="5", payload=payload, sent_at=timezone.now())


def test_resolving_sends_the_question_with_five_signed_options_in_the_customers_language(demobank):
    from asks.tests.chat import Chat

    chat = Chat("es", customer="5491100003333")
    chat.say("quiero mandar 100 a Pedro")
    escalation = resolved(chat.last_message.conversation)

    asked = question(escalation)
    assert asked.text.startswith("¿Cómo valoras la atención de nuestro equipo?")
    assert [button["title"] for button in asked.buttons] == [
        "1 – Muy mala", "2 – Mala", "3 – Regular", "4 – Buena", "5 – Excelente"]
    assert [csat_parse(button["id"]) for button in asked.buttons] == [
        csat_parse(csat_payload(escalation.pk, score)) for score in range(1, 6)]
    assert all(csat_parse(button["id"]).valid for button in asked.buttons)
    assert escalation.csat_asked_at == asked.sent_at
    assert not hasattr(asked, "escalation_reply") or asked.escalation_reply is None  # not a person's reply


def test_no_question_when_the_organisation_turned_it_off(demobank):
    InboxSettings.objects.create(csat_enabled=False)
    escalation = resolved()
    assert question(escalation).buttons == [] and escalation.csat_asked_at is None


def test_a_tap_is_recorded_once_for_that_chat_and_its_resolver(demobank):
    escalation = resolved()
    first = tap(escalation, question(escalation).buttons[3]["id"])  # "4"

    rating = csat_record(message=first)

    assert (rating.score, rating.escalation, rating.agent) == (4, escalation, staff("agent"))
    assert csat_record(message=first) == rating  # the same tap again (a repeated turn): the same rating
    with pytest.raises(CsatAlreadyRated):
        csat_record(message=tap(escalation, question(escalation).buttons[0]["id"]))
    assert list(SatisfactionRating.objects.values_list("score", flat=True)) == [4]


@pytest.mark.parametrize("forge", ["signature", "score", "other_chat", "unresolved"])
def test_a_tap_that_rates_nothing_is_refused_and_records_nothing(demobank, forge):
    escalation = resolved()
    payload = csat_payload(escalation.pk, 5)
    conversation_id = None
    if forge == "signature":
        payload = payload[:-1] + ("0" if payload[-1] != "0" else "1")
    elif forge == "score":
        payload = csat_payload(escalation.pk, 9)
    elif forge == "other_chat":
        conversation_id = -1  # a tap stored in another customer's conversation
    else:
        open_one = escalation_make(chat_make())
        Escalation.objects.filter(pk=open_one.pk).update(csat_asked_at=timezone.now())
        escalation, payload = open_one, csat_payload(open_one.pk, 5)

    with pytest.raises(CsatTapRefused):
        csat_record(message=tap(escalation, payload, conversation_id=conversation_id))
    assert not SatisfactionRating.objects.exists()


def test_the_turn_records_the_tap_and_thanks_the_customer_without_the_model(demobank):
    conversation = Conversation(customer="5511977770001", channel="whatsapp")
    conversation.say("oi")
    from conversations.models import Conversation as ConversationRow

    row = ConversationRow.objects.get(customer__channel_user_id="5511977770001")
    escalation = resolved(row)
    options = question(escalation).buttons

    thanked = conversation.say(options[4]["title"], kind="list", payload=options[4]["id"])
    again = conversation.say(options[0]["title"], kind="list", payload=options[0]["id"])

    assert (thanked.rule, thanked.provider, thanked.reply) == ("csat_recorded", "none", "Obrigado pela sua avaliação!")
    assert (again.rule, again.reply) == ("csat_already_rated", "Você já avaliou este atendimento. Obrigado!")
    assert SatisfactionRating.objects.get().score == 5
    now = timezone.now()
    figures = satisfaction(since=now - timedelta(hours=1), until=now + timedelta(minutes=1))
    assert figures["counts"] == {1: 0, 2: 0, 3: 0, 4: 0, 5: 1}
    assert (figures["total"], figures["average"], figures["asked"], figures["answered"]) == (1, 5.0, 1, 1)
    assert figures["response_rate"] == 100.0
