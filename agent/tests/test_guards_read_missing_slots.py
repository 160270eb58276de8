"""The guards read the open Ask's missing slots through the turn: a question offering kinds of the catalogue while
the Ask misses its product passes; a question offering examples while a Pix misses its recipient offers people no
tool returned, and is held, whatever its words (`guards.kinds.slot_asked`)."""

from agent.drafting import ask_missing, open_missing
from agent.tests.helpers import Conversation, perception_args
from guards.contract import AskSlot
from testing.fake_openai import completion


def test_a_question_offering_kinds_passes_while_the_ask_misses_its_product(demostore, use_openai):
    question = "¿Qué estás buscando? ¿Fundas Premium, Smartwatches u otra cosa?"
    use_openai.replies = [
        completion(tool_calls=[("record_perception", perception_args("product_search", {"new_request"}, lang="es"))]),
        completion(question)]
    turn = Conversation().say("quiero comprar algo")
    assert turn.ask is not None and turn.ask.kind == "product_search"
    assert turn.drafts == [question] and [g["passed"] for g in turn.guards] == [True]
    assert turn.reply == question


def test_people_offered_while_a_pix_misses_its_recipient_are_held(demobank, use_openai):
    # a kind's words ("algum tipo de contato, como …") would pass it, were the Ask's missing slot not a name
    question = "Para quem vai o Pix? Algum tipo de contato, como Maria Souza ou outro?"
    use_openai.replies = [
        completion(tool_calls=[("record_perception", perception_args("pix_transfer", {"new_request"}, lang="pt-BR",
                                                                     amount={"amount_cents": 5000, "currency": "BRL"}))]),
        completion(question), completion(question)]
    turn = Conversation().say("quero mandar 50 reais")
    assert turn.ask is not None and turn.ask.kind == "pix_transfer"
    assert turn.guards[0]["passed"] is False
    assert turn.guards[0]["failures"][0]["code"] == "unsupported_fact"
    assert any("Maria Souza" in found for found in turn.guards[0]["failures"][0]["evidence"])


def test_the_missing_slots_travel_typed_and_only_for_an_open_ask():
    assert ask_missing(["product"]) == (AskSlot("product", "kind"),)
    assert ask_missing(["recipient", "amount"]) == (AskSlot("recipient", "name"), AskSlot("amount", "value"))
    assert open_missing(["recipient"], "collecting") == ["recipient"]
    assert open_missing(["recipient"], "completed") == []
