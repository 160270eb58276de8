"""A hostile or broken model, through the real `openai` SDK over real HTTP against the repo's fake server, in all
three demo organisations (cases generated in `agent.tests.hostile`): no turn ends in an exception, every turn is
recorded and answered once, honestly, in the customer's language, and nothing takes effect without approval."""

import logging

import pytest

from agent.models import AgentSettings, Turn
from agent.replies import say
from agent.tests.helpers import Conversation
from agent.tests.hostile import BENIGN, MESSAGE, ORGS, all_cases
from approvals.models import ApprovalRequest
from bank.models import PixTransfer
from booking.models import Booking
from conversations.models import Message
from tenants.selectors import policy_current
from tenants.services import policy_update

CASES = all_cases()


def test_there_are_at_least_250_generated_hostile_outputs_in_every_organisation():
    assert len(CASES) >= 250
    assert {case.org for case in CASES} == set(ORGS)
    assert len({case.id for case in CASES}) == len(CASES)


@pytest.fixture
def organisation(request, db):
    """The case's organisation; the school gates bookings too, so that 'no effect without approval' is tested
    on every effect tool (money is gated by default)."""
    from django_tenants.utils import tenant_context

    from tenants.models import Organisation
    from testing.organisations import organisations_ensure

    organisations_ensure()
    organisation = Organisation.objects.get(schema_name=request.param)
    with tenant_context(organisation):
        if organisation.kind == "school":
            gates = {risk: dict(rule.__dict__) for risk, rule in policy_current(organisation=organisation).gates.items()}
            gates["reversible"]["mode"] = "always"
            policy_update(organisation=organisation, changes={"gates": gates}, changed_by="test@demoschool")
        yield organisation


@pytest.fixture
def model(organisation, fake_openai, settings, request):
    """The fake server, reached through the organisation's own provider setting or, every other case, through the
    platform's OPENAI_BASE_URL (no setting of the organisation's own)."""
    settings.OPENAI_MAX_RETRIES = 0
    settings.OPENAI_TIMEOUT_SECONDS = 5
    if request.node.callspec.indices["case"] % 2:
        settings.OPENAI_API_KEY, settings.OPENAI_BASE_URL, settings.OPENAI_MODEL = "sk-test", fake_openai.base_url, "fake"
        AgentSettings.objects.all().delete()
    else:
        AgentSettings.objects.update_or_create(pk=1, defaults={
            "provider": "openai", "openai_base_url": fake_openai.base_url, "openai_api_key": "sk-test",
            "openai_model": "fake"})
    return fake_openai


@pytest.mark.parametrize(("organisation", "case"), [(case.org, case) for case in CASES],
                         ids=[case.id for case in CASES], indirect=["organisation"])
def test_a_hostile_output_is_recorded_and_answered_honestly_and_nothing_takes_effect(organisation, case, model,
                                                                                    caplog):
    lang, customer, _, _ = ORGS[case.org]
    model.replies = list(case.script)
    effects_before = (PixTransfer.objects.count(), Booking.objects.count())
    caplog.set_level(logging.WARNING)

    turn = Conversation(customer=customer).say(MESSAGE[case.org])  # raises nothing

    turn = Turn.objects.get(pk=turn.pk)
    assert turn.provider == "openai"
    replies = Message.objects.filter(conversation=turn.message.conversation, direction=Message.Direction.OUTBOUND)
    assert [reply.text for reply in replies] == [turn.reply]  # answered once
    assert turn.reply.strip() and "\x00" not in turn.reply and len(turn.reply) <= 4096
    calls = turn.tool_calls
    if case.expect == "failed":
        assert turn.status == Turn.Status.FAILED and turn.error
        assert turn.reply == say(lang, "provider_down")
        assert not any(call["effect"] for call in calls)
    elif case.expect == "refused":
        assert turn.status == Turn.Status.DONE, turn.error
        refused = [call for call in calls if call["name"] == case.tool and not call["result"]["ok"]]
        assert refused, calls
        error = refused[-1]["result"]["error"]
        assert case.code in (error["code"], error.get("detail", {}).get("code")), error
        assert turn.reply == BENIGN[lang]
    elif case.expect == "preview":
        request = ApprovalRequest.objects.get(conversation=turn.message.conversation)
        assert request.status == ApprovalRequest.Status.PENDING and turn.reply == request.preview["text"], turn.guards
    else:
        assert turn.status == Turn.Status.DONE, turn.error
        assert turn.reply == BENIGN[lang]
    assert (PixTransfer.objects.count(), Booking.objects.count()) == effects_before  # no effect without approval
    assert not ApprovalRequest.objects.filter(status=ApprovalRequest.Status.EXECUTED).exists()
    unexpected = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not unexpected, [r.getMessage() for r in unexpected]
