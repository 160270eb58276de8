"""Approval metrics: effects without approval (must stay 0), rates, time to decision, expiries, rubber-stamping."""

import io
import json
from datetime import timedelta

from django.core.management import call_command
from django.db.models import F
from django.utils import timezone

from agent.tests.helpers import Conversation
from approvals.models import ApprovalRequest
from approvals.selectors import approval_metrics
from approvals.tests.test_flow import set_money_gate


def metrics() -> dict:
    out = io.StringIO()
    call_command("approval_metrics", "--org", "demobank", stdout=out)
    return json.loads(out.getvalue())


def test_approved_declined_and_expired_are_counted_and_nothing_ran_unapproved(demobank):
    conversation = Conversation()
    conversation.tap(conversation.say("manda 10 pro Pedro"), 0)  # approved → executed
    conversation.tap(conversation.say("manda 20 pra Ana"), 1)  # declined
    preview = conversation.say("manda 30 pro João")
    # 16 minutes pass on the server's clock, the one expiry is judged on
    ApprovalRequest.objects.filter(pk=preview.ask.pending_approval_id).update(
        created_at=F("created_at") - timedelta(minutes=16), expires_at=F("expires_at") - timedelta(minutes=16))
    conversation.now += timedelta(minutes=16)
    conversation.tap(preview, 0)  # expired
    report = metrics()
    assert report["effects_executed_without_approval"] == 0 and report["unapproved_effects"] == []
    assert report["by_status"] == {"executed": 1, "declined": 1, "expired": 1}
    assert report["expired"] == 1 and report["approval_rate"] == 33.33 and report["decline_rate"] == 33.33
    assert report["median_seconds_to_decision"] is not None


def test_an_effect_run_without_the_approval_the_policy_required_is_reported(demobank):
    set_money_gate(demobank, mode="none")
    Conversation().say("manda 10 pro Pedro")  # ran without approval: allowed by the policy then
    set_money_gate(demobank, mode="always")
    assert metrics()["effects_executed_without_approval"] == 0  # judged by the policy in force at the time
    from agent.models import Turn
    from tenants.models import PolicyVersion

    turn = Turn.objects.get()
    # pretend the policy that allowed it had never existed: the effect is now one the policy did not allow
    PolicyVersion.objects.filter(organisation=demobank, number__gt=1, number__lt=3).update(
        changed_at=timezone.now() + timedelta(days=1))
    assert turn.tool_calls[-1]["effect"] is True
    assert metrics()["effects_executed_without_approval"] == 1


def test_a_customer_approving_everything_within_seconds_raises_a_warning(demobank):
    conversation = Conversation()
    conversation.gap = timedelta(seconds=2)  # taps two seconds after each preview
    for amount in (1, 2, 3, 4, 5):
        conversation.tap(conversation.say(f"manda {amount} pro Pedro"), 0)
    now = timezone.now()
    report = approval_metrics(since=now - timedelta(days=1), until=now + timedelta(days=1),
                              effects_without_approval=0)
    assert len(report["rubber_stamping"]) == 1 and report["rubber_stamping"][0]["approved"] == 5
    assert ApprovalRequest.objects.filter(status="executed").count() == 5
