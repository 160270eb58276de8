"""What a customer handed to people is told: staffed now or when, and the wait, from the organisation's settings."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from inbox.models import Escalation, InboxSettings
from inbox.selectors import handoff_outlook
from inbox.tests.helpers import chat_make, escalation_make

SAO_PAULO = ZoneInfo("America/Sao_Paulo")  # demobank's zone


def local(year: int, month: int, day: int, hour: int, minute: int) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=SAO_PAULO)


def test_defaults_staff_weekdays_nine_to_six_in_the_organisation_zone(demobank):
    assert handoff_outlook(at=local(2026, 12, 7, 10, 0)).staffed_now  # a Monday
    friday_evening = handoff_outlook(at=local(2026, 12, 4, 18, 0))  # the end is exclusive
    assert not friday_evening.staffed_now
    assert friday_evening.opens_at == local(2026, 12, 7, 9, 0)  # Monday morning, not Saturday
    assert friday_evening.expected_wait == timedelta(minutes=15)  # no history: the promised target


def test_same_day_opening_and_utc_input(demobank):
    early = handoff_outlook(at=local(2026, 12, 7, 7, 30).astimezone(ZoneInfo("UTC")))
    assert (early.staffed_now, early.opens_at) == (False, local(2026, 12, 7, 9, 0))


def test_no_hours_at_all_has_no_opening(demobank):
    InboxSettings.objects.create(staffed_hours={})
    outlook = handoff_outlook(at=local(2026, 12, 7, 10, 0))
    assert (outlook.staffed_now, outlook.opens_at) == (False, None)


def test_expected_wait_is_the_median_first_claim_of_the_last_week(demobank):
    now = local(2026, 12, 7, 10, 0)
    for minutes in (2, 4, 6, 8, 40):
        escalation = escalation_make(chat_make())
        Escalation.objects.filter(pk=escalation.pk).update(
            created_at=now - timedelta(hours=1), claimed_at=now - timedelta(hours=1) + timedelta(minutes=minutes))
    assert handoff_outlook(at=now).expected_wait == timedelta(minutes=6)
    assert handoff_outlook(at=now + timedelta(days=8)).expected_wait == timedelta(minutes=15)  # too old: target


@pytest.mark.parametrize("hours", [
    {"monday": [["09:00", "18:00"]]}, {"mon": [["18:00", "09:00"]]}, {"mon": [["9:00", "18:00"]]},
    {"mon": [["09:00", "24:30"]]}, {"mon": "09:00-18:00"}, [], {"mon": [["09:00"]]},
])
def test_malformed_hours_are_refused_with_the_field_named(demobank, hours):
    with pytest.raises(ValidationError) as refused:
        InboxSettings(staffed_hours=hours).full_clean()
    assert "staffed_hours" in refused.value.message_dict


def test_one_settings_row_per_organisation(demobank):
    InboxSettings.objects.create()
    with pytest.raises(IntegrityError), transaction.atomic():
        InboxSettings.objects.create()
