"""The `openai` provider through the real SDK over real HTTP against a local fake OpenAI-compatible server."""

import json

from django.db import connection

from agent.models import Turn
from agent.replies import say
from agent.tests.helpers import Conversation, perception_args
from approvals.models import ApprovalRequest
from bank.models import PixTransfer
from tenants.selectors import policy_current
from tenants.services import policy_update
from testing.fake_openai import completion


def gates_without_money_approval(organisation):
    gates = {risk: dict(rule.__dict__) for risk, rule in policy_current(organisation=organisation).gates.items()}
    gates["money"]["mode"] = "none"
    policy_update(organisation=organisation, changes={"gates": gates}, changed_by="test@demobank")


def test_tool_calls_go_through_the_registry_and_the_reply_is_the_models(demobank, use_openai):
    use_openai.replies = [
        completion(tool_calls=[("record_perception", perception_args("pix_transfer", {"new_request"},
                                                                     recipient="Pedro"))]),
        completion(tool_calls=[("lookup_pix_key", {"key": None, "contact_name": "Pedro"})]),
        completion("Quanto você quer enviar para Pedro Henrique Almeida?", prompt_tokens=321, completion_tokens=12),
    ]
    turn = Conversation().say("manda um pix pro Pedro")
    assert turn.provider == "openai" and turn.status == "done"
    assert turn.reply == "Quanto você quer enviar para Pedro Henrique Almeida?"
    assert turn.tool_calls[0]["name"] == "lookup_pix_key"
    assert turn.tool_calls[0]["result"]["data"]["owner_name"] == "Pedro Henrique Almeida"
    assert turn.tokens == {"prompt": 50 + 50 + 321, "completion": 10 + 10 + 12}
    tool_result = use_openai.requests[2]["messages"][-1]
    assert tool_result["role"] == "tool" and "Pedro Henrique Almeida" in tool_result["content"]


def test_the_schemas_as_sent_are_strict(demobank, use_openai):
    use_openai.replies = [completion(tool_calls=[("record_perception", perception_args("balance"))]),
                          completion("ok")]
    Conversation().say("qual meu saldo?")
    perceive, respond = use_openai.requests[0], use_openai.requests[1]
    assert perceive["tool_choice"] == {"type": "function", "function": {"name": "record_perception"}}

    def check(node):
        if isinstance(node, dict):
            if "properties" in node:
                assert node["additionalProperties"] is False and set(node["required"]) == set(node["properties"])
            for value in node.values():
                check(value)
        elif isinstance(node, list):
            for value in node:
                check(value)

    for request in (perceive, respond):
        for tool in request["tools"]:
            assert tool["function"]["strict"] is True
            check(tool["function"]["parameters"])
    assert {t["function"]["name"] for t in respond["tools"]} == {"get_balance", "lookup_pix_key", "send_pix",
                                                                 "list_pix_history", "scheduled_pix",
                                                                 "cancel_scheduled_pix", "change_scheduled_pix"}


def test_a_500_then_success_is_retried_by_the_sdk(demobank, use_openai, settings):
    settings.OPENAI_MAX_RETRIES = 2
    use_openai.replies = [500, completion(tool_calls=[("record_perception", perception_args("balance"))]),
                          completion(tool_calls=[("get_balance", {})]), completion("Seu saldo é R$ 5.000,00.")]
    turn = Conversation().say("qual meu saldo?")
    assert turn.status == "done" and turn.reply == "Seu saldo é R$ 5.000,00."
    assert len(use_openai.requests) == 4


def test_a_timeout_then_success_is_retried(demobank, use_openai, settings):
    settings.OPENAI_TIMEOUT_SECONDS = 0.5
    use_openai.delays = [1.5]
    use_openai.replies = [completion("too late"),
                          completion(tool_calls=[("record_perception", perception_args("balance"))]),
                          completion(tool_calls=[("get_balance", {})]), completion("Seu saldo é R$ 5.000,00.")]
    turn = Conversation().say("qual meu saldo?")
    assert turn.status == "done" and turn.reply == "Seu saldo é R$ 5.000,00."


def test_persistent_failure_is_recorded_on_the_turn_and_answered_honestly(demobank, use_openai, settings):
    settings.OPENAI_MAX_RETRIES = 1
    use_openai.replies = [500, 503]
    turn = Conversation().say("qual meu saldo?")
    assert turn.status == "failed"
    assert turn.error.startswith("InternalServerError: Error code: 503")  # the last of the SDK's tries
    assert "instabilidade" in turn.reply


def test_the_model_sees_only_the_new_asks_messages(demobank, use_openai):
    """After a completed Pix of 200 and a balance Ask, nothing the fake server receives for a new Pix says 200."""
    gates_without_money_approval(demobank)
    conversation = Conversation()
    from agent.models import AgentSettings

    AgentSettings.objects.update(provider="builtin")
    assert conversation.say("manda 200 pro Pedro").tool_calls[-1]["result"]["ok"]  # sent (no approval configured)
    assert conversation.say("qual meu saldo?").reply.startswith("Seu saldo é R$")
    AgentSettings.objects.update(provider="openai")
    use_openai.replies = [
        completion(tool_calls=[("record_perception", perception_args("pix_transfer", {"new_request"},
                                                                     amount={"amount_cents": 10000, "currency": "BRL"},
                                                                     recipient="Ana"))]),
        completion(tool_calls=[("lookup_pix_key", {"key": None, "contact_name": "Ana"})]),
        completion("Confirma?"),
    ]
    conversation.say("manda um pix de 100 pra Ana")
    assert len(use_openai.raw_bodies) == 3
    for body in use_openai.raw_bodies:
        assert b"200" not in body, body.decode()[:500]
        assert "Pedro" not in body.decode("utf-8")
    sent = json.loads(use_openai.raw_bodies[1])
    assert [m["role"] for m in sent["messages"]] == ["system", "user"]
    assert connection.schema_name == "demobank"
    assert Turn.objects.filter(message__conversation__customer__channel_user_id="5511999990001").count() == 3


def test_a_pix_to_ones_own_key_ends_the_calls_and_the_reply_is_codes_next_step(demobank, use_openai):
    """The model is given the refusal with its next step; the provider calls it no more (the scripted answer
    after the refusal is never asked for), and the customer reads code's words, not the model's."""
    use_openai.replies = [
        completion(tool_calls=[("record_perception", perception_args(
            "pix_transfer", {"new_request"}, amount={"amount_cents": 1000, "currency": "BRL"},
            pix_key={"type": "phone", "value": "+5511999990001"}))]),
        completion(tool_calls=[("lookup_pix_key", {"key": "+5511999990001", "contact_name": None})]),
        completion(tool_calls=[("lookup_pix_key", {"key": None, "contact_name": "Pedro"})]),  # never asked for
        completion("Tudo certo, enviei o Pix para o Pedro!"),
    ]
    turn = Conversation().say("manda 10 para +5511999990001")
    assert len(use_openai.requests) == 2 and len(use_openai.replies) == 2
    assert turn.provider == "openai" and turn.status == "done"
    assert turn.reply == say("pt-BR", "own_account")
    assert (turn.ask.status, turn.ask.failure_code) == ("failed", "same_account")
    assert [call["name"] for call in turn.tool_calls] == ["lookup_pix_key"]
    assert turn.tool_calls[0]["result"]["error"]["next_step"] == turn.reply
    assert not ApprovalRequest.objects.exists() and not PixTransfer.objects.exists()


def test_a_customer_with_no_account_reads_the_next_step_whatever_the_model_would_say(demobank, use_openai):
    use_openai.replies = [
        completion(tool_calls=[("record_perception", perception_args("balance", lang="es"))]),
        completion("Un momento…", tool_calls=[("get_balance", {})]),
        completion("Tu saldo es de R$ 1.000,00."),  # never asked for
    ]
    turn = Conversation(customer="34611112222").say("¿cuál es mi saldo?")
    assert turn.reply == say("es", "no_account") and len(use_openai.requests) == 2
    assert (turn.ask.status, turn.ask.failure_code) == ("failed", "account_not_found")
