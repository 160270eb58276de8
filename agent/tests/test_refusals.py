"""Engine refusals that close the request (`ToolSpec.closes_ask`), end to end: a Pix to the customer's own account
fails its Ask with the engine's code, the customer reads what to do instead, no approval is asked, no money moves."""

import pytest
from django.utils import timezone

from agent import registry
from agent.references import reference_issue
from agent.replies import say
from agent.tests.helpers import Conversation
from agent.tests.test_openai_provider import gates_without_money_approval
from agent.tools.base import ToolContext
from approvals.models import ApprovalRequest
from asks.models import Ask
from bank.demo import CARLA_CPF
from bank.models import Account, PixKey, PixTransfer
from tenants.selectors import policy_current

CARLA = "5511999990001"


def balances() -> list[int]:
    return list(Account.objects.order_by("pk").values_list("balance_cents", flat=True))


@pytest.mark.parametrize("lang,said", [
    ("pt-BR", "manda 10 para +55 11 99999-0001"),
    ("es", "quiero enviar 10 a la clave +55 11 99999-0001"),
    ("en", "please send 10 to the key +55 11 99999-0001"),
    ("pt-BR", f"faz um pix de 25 reais para a chave {CARLA_CPF}"),
])
def test_a_pix_to_ones_own_key_fails_the_request_with_a_next_step_and_asks_no_approval(demobank, lang, said):
    before = balances()
    chat = Conversation(customer=CARLA)
    turn = chat.say(said)
    assert turn.reply == say(lang, "own_account"), turn.reply
    assert (turn.ask.kind, turn.ask.status, turn.ask.failure_code) == ("pix_transfer", "failed", "same_account")
    refused = turn.tool_calls[-1]
    assert refused["name"] == "lookup_pix_key" and refused["result"]["error"]["detail"]["code"] == "same_account"
    assert refused["result"]["error"]["closes_request"] is True
    assert refused["result"]["error"]["next_step"] == turn.reply
    assert not ApprovalRequest.objects.exists() and not PixTransfer.objects.exists() and balances() == before
    again = chat.say(said)  # nothing was left open or parked: the same refusal, no offer to resume
    assert again.reply == turn.reply and not again.reply_message.buttons and again.rule == "new_request_without_open_ask"
    assert Ask.objects.filter(status="failed", failure_code="same_account").count() == 2


def test_without_an_approval_gate_the_pix_to_ones_own_key_still_moves_nothing(demobank):
    gates_without_money_approval(demobank)
    before = balances()
    turn = Conversation(customer=CARLA).say("manda 10 para +5511999990001")
    assert turn.reply == say("pt-BR", "own_account") and turn.ask.failure_code == "same_account"
    assert [call["name"] for call in turn.tool_calls] == ["lookup_pix_key"]  # send_pix is never called
    assert not PixTransfer.objects.exists() and balances() == before


def test_a_preview_for_a_reference_to_ones_own_key_is_refused_and_no_request_is_made(demobank):
    """The preview checks the recipient again: a reference issued before the key credited the customer's own
    account (or by any other way) never becomes an approval request."""
    chat = Conversation(customer=CARLA)
    ask = chat.say("manda 200 pro Pedro").ask
    now = timezone.now()
    ctx = ToolContext(conversation_id=ask.conversation_id, ask_id=ask.pk, message_id=chat.last.pk,
                      customer_ref=CARLA, customer_name="Carla", org_kind="bank", language="es", currency="BRL",
                      time_zone="America/Sao_Paulo", policy=policy_current(organisation=demobank), now=now)
    token = reference_issue(kind="recipient", conversation_id=ask.conversation_id, ask_id=ask.pk,
                            payload={"key": "+5511999990001", "owner_name": "Carla Souza"}, issued_by="test", now=now)
    before, requests = balances(), ApprovalRequest.objects.count()
    result = registry.call(ctx, "send_pix", {"recipient_ref": token, "amount_cents": 1000,
                                             "scheduled_for": None}).result
    assert result["ok"] is False and result["error"]["detail"]["code"] == "same_account"
    assert result["error"]["closes_request"] is True and result["error"]["next_step"] == say("es", "own_account")
    assert ApprovalRequest.objects.count() == requests and balances() == before and not PixTransfer.objects.exists()


def test_an_approved_pix_whose_key_now_credits_ones_own_account_fails_with_the_next_step(demobank):
    chat = Conversation(customer=CARLA)
    preview = chat.say("manda 10 pra Ana")
    assert preview.ask.status == "awaiting_confirmation"
    before = balances()
    carla_account = Account.objects.get(holder__customer_ref=CARLA)
    PixKey.objects.filter(value="ana.costa@exemplo.com.br").update(account=carla_account)  # moved before the tap
    tapped = chat.tap(preview)
    assert tapped.reply == say("pt-BR", "own_account")
    ask = Ask.objects.get(pk=preview.ask_id)
    assert (ask.status, ask.failure_code) == ("failed", "same_account")
    assert not PixTransfer.objects.exists() and balances() == before
