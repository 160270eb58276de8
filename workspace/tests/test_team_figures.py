"""The dashboard's people figures: the service level against the organisation's targets (breaches counted, answered
late or still waiting past the target) and each agent's first response, resolution time and chats handled."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from inbox.models import Escalation, InboxSettings
from inbox.selectors import escalation_sla, escalations_with_sla
from inbox.services import escalation_claim, escalation_reply, escalation_resolve
from inbox.tests.helpers import chat_make, escalation_make, staff
from workspace.selectors.team import agent_figures, service_level


def _aged(escalation: Escalation, minutes: int) -> None:
    """As if handed over `minutes` ago."""
    Escalation.objects.filter(pk=escalation.pk).update(created_at=timezone.now() - timedelta(minutes=minutes))
    escalation.refresh_from_db()


def test_breaches_are_counted_against_the_targets(demobank):
    InboxSettings.objects.create(first_response_target=timedelta(minutes=15), resolution_target=timedelta(hours=1))
    agent = staff("agent")
    on_time = escalation_make(chat_make())  # answered at once, resolved at once: no breach
    escalation_claim(escalation_id=on_time.pk, user=agent)
    escalation_reply(escalation_id=on_time.pk, user=agent, text="Olá!")
    escalation_resolve(escalation_id=on_time.pk, user=agent, note="ok")
    waiting = escalation_make(chat_make())  # 20 min unanswered: first response late, resolution still in time
    _aged(waiting, 20)
    answered_late = escalation_make(chat_make())  # answered now, 90 min after: both late
    _aged(answered_late, 90)
    escalation_claim(escalation_id=answered_late.pk, user=agent)
    escalation_reply(escalation_id=answered_late.pk, user=agent, text="Desculpe a demora.")
    escalation_make(chat_make(), guard="delivery_failed")  # a notice: no promise, not counted
    now = timezone.now()

    figures = service_level(since=now - timedelta(days=1), until=now + timedelta(minutes=1), now=now)

    assert figures["total"] == 3
    assert figures["first_response_breached"] == 2 and figures["resolution_breached"] == 1
    assert figures["breached"] == 2 and figures["breached_now"] == 2
    assert figures["breach_rate"] == 66.67
    assert (figures["first_response_target_minutes"], figures["resolution_target_minutes"]) == (15.0, 60.0)


def test_the_running_clock_shows_what_is_due_next(demobank):
    targets = InboxSettings(first_response_target=timedelta(minutes=15), resolution_target=timedelta(hours=1))
    escalation = escalation_make(chat_make())
    _aged(escalation, 20)
    now = timezone.now()

    sla = escalation_sla(escalation, targets, now)

    assert sla["running"].name == "first_response" and sla["running"].breached and sla["breached"]
    assert not sla["resolution"].breached
    escalation.first_response_at = now
    sla = escalation_sla(escalation, targets, now)
    assert sla["running"].name == "resolution" and not sla["running"].breached
    assert sla["first_response"].breached  # answered, but late: stays a breach


def test_each_agent_has_their_first_response_resolution_time_and_chats_handled(demobank):
    agent, admin = staff("agent"), staff("admin")
    for minutes in (10, 30):  # agent: answered and resolved now, handed over 10 and 30 min ago
        escalation = escalation_make(chat_make())
        _aged(escalation, minutes)
        escalation_claim(escalation_id=escalation.pk, user=agent)
        escalation_reply(escalation_id=escalation.pk, user=agent, text="Olá!")
        escalation_resolve(escalation_id=escalation.pk, user=agent, note="ok")
    held = escalation_make(chat_make())
    escalation_claim(escalation_id=held.pk, user=admin)
    escalation_make(chat_make())  # nobody's yet: in no agent's figures
    now = timezone.now()

    rows = agent_figures(since=now - timedelta(days=1), until=now + timedelta(minutes=1), now=now)

    assert [(row["agent"], row["handled"], row["holding"]) for row in rows] == [("agent", 2, 0), ("admin", 0, 1)]
    assert rows[0]["first_response_minutes"] == 20.0 and rows[0]["resolution_minutes"] == 20.0
    assert rows[1]["first_response_minutes"] is None and rows[1]["resolution_minutes"] is None


def test_a_change_of_the_targets_does_not_rewrite_past_breaches(demobank):
    policy = InboxSettings.objects.create(first_response_target=timedelta(minutes=15),
                                          resolution_target=timedelta(hours=1))
    agent = staff("agent")
    before = escalation_make(chat_make())  # handed over under 15 min, answered 20 min later: a breach
    _aged(before, 20)
    escalation_claim(escalation_id=before.pk, user=agent)
    escalation_reply(escalation_id=before.pk, user=agent, text="Olá!")
    policy.first_response_target = timedelta(minutes=30)  # the organisation relaxes its promise
    policy.save()
    after = escalation_make(chat_make())  # handed over under 30 min, answered 20 min later: in time
    _aged(after, 20)
    escalation_claim(escalation_id=after.pk, user=agent)
    escalation_reply(escalation_id=after.pk, user=agent, text="Olá!")
    now = timezone.now()

    figures = service_level(since=now - timedelta(days=1), until=now + timedelta(minutes=1), now=now)
    clocks = {e.pk: e.sla for e in escalations_with_sla(Escalation.objects.filter(pk__in=[before.pk, after.pk]))}

    assert figures["total"] == 2 and figures["first_response_breached"] == 1
    assert clocks[before.pk]["first_response"].breached and not clocks[after.pk]["first_response"].breached
    assert clocks[before.pk]["first_response"].due == before.created_at + timedelta(minutes=15)
    assert clocks[after.pk]["first_response"].due == after.created_at + timedelta(minutes=30)
    assert figures["first_response_target_minutes"] == 30.0  # the dashboard states the target in force now
