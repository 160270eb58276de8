"""The sweeper queues again the turns that never finished, in every organisation, and nothing else."""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone
from django_tenants.utils import schema_context

from conversations.models import Message
from conversations.services import message_mark_handled, message_store_inbound
from whatsapp.tasks import sweep_unhandled_task

pytestmark = pytest.mark.django_db


def stored(schema: str, wamid: str, *, age: timedelta, handled: bool = False, channel: str = "whatsapp") -> int:
    with schema_context(schema):
        message = message_store_inbound(channel_user_id="5511999990001", channel_message_id=wamid,
                                        sent_at=timezone.now() - age, text="oi", channel=channel).message
        Message.objects.filter(pk=message.pk).update(created_at=timezone.now() - age)
        if handled:
            message_mark_handled(message_id=message.pk, at=timezone.now())
        return message.pk


def test_old_unhandled_messages_of_every_organisation_are_queued_again(db, turns):
    old_bank = stored("demobank", "wamid.old-bank", age=timedelta(minutes=5))
    old_store = stored("demostore", "wamid.old-store", age=timedelta(minutes=5))
    stored("demobank", "wamid.recent", age=timedelta(seconds=5))
    stored("demobank", "wamid.handled", age=timedelta(minutes=5), handled=True)
    stored("demobank", "terminal-1", age=timedelta(minutes=5), channel="terminal")
    assert sweep_unhandled_task.apply().get() == {"demobank": 1, "demostore": 1}
    assert sorted(turns.calls) == sorted([("demobank", old_bank), ("demostore", old_store)])


def test_sweeping_twice_queues_once_while_the_turn_holds_its_lease(db, turns, settings):
    message_id = stored("demobank", "wamid.stuck", age=timedelta(minutes=2))
    sweep_unhandled_task.apply()
    sweep_unhandled_task.apply(kwargs={"older_than_seconds": 60})
    assert turns.message_ids() == [message_id]  # queued already: not queued again
    settings.WHATSAPP_TURN_LEASE_SECONDS = 0.05  # its task was lost: the lease lapses
    from whatsapp.admission import admission_reset

    admission_reset(schema_name="demobank")
    sweep_unhandled_task.apply()
    assert turns.message_ids() == [message_id, message_id]


def test_the_command_reports_what_it_queued(db, turns):
    stored("demoschool", "wamid.school", age=timedelta(seconds=90))
    out = io.StringIO()
    call_command("whatsapp_sweep", "--older-than", "120", stdout=out)
    assert out.getvalue().startswith("0 turn(s)") and turns.calls == []
    call_command("whatsapp_sweep", "--older-than", "60", stdout=out)
    assert "1 turn(s) queued\n  demoschool: 1" in out.getvalue()


def test_the_sweeper_is_in_the_beat_schedule():
    from magie.celery import app

    entry = next(e for e in app.conf.beat_schedule.values() if e["task"] == "whatsapp.sweep_unhandled")
    assert entry == {"task": "whatsapp.sweep_unhandled", "schedule": 60.0}
