"""A time said after a date keeps the day: the pure merge, and through the store, the perceiver and the decision."""

import pytest

from asks.tests.chat import Chat, slots
from asks.when import is_time_only, shifted_when, when_merge


@pytest.mark.parametrize(
    ("previous", "said", "merged"),
    [
        ("2026-03-05", "09:00:00", "2026-03-05T09:00:00+01:00"),
        ("2026-03-07T15:00:00+01:00", "09:00:00", "2026-03-07T09:00:00+01:00"),
        ("2026-03-30", "09:00:00", "2026-03-30T09:00:00+02:00"),  # after the switch to summer time
        ("2026-03-07T15:00:00+01:00", "2026-03-08", "2026-03-08"),  # a new day replaces, as said
        ("2026-03-07T15:00:00+01:00", "2026-03-08T10:00:00+01:00", "2026-03-08T10:00:00+01:00"),
        (None, "09:00:00", "09:00:00"),
        ("09:00:00", "10:00:00", "10:00:00"),  # no day yet: still a time alone
    ],
)
def test_when_merge(previous, said, merged):
    assert when_merge(previous=previous, said=said, time_zone="Europe/Andorra") == merged


def test_is_time_only():
    assert [is_time_only(v) for v in ("09:00:00", "2026-03-05", "2026-03-05T09:00:00+01:00", None, 9)] == [
        True, False, False, False, False]


def test_a_time_after_a_date_keeps_the_day_in_the_ask(demoschool):
    chat = Chat("ca", customer="376600001")
    ask = chat.say("vull reservar esquí demà per a 2").ask
    day = slots(ask)["when"]
    assert len(day) == 10  # a date alone
    chat.say("millor a les 9")
    assert slots(ask)["when"] == f"{day}T09:00:00+01:00"


def test_a_when_shifted_keeps_its_time_or_takes_the_one_said_with_the_shift():
    assert shifted_when("2026-12-07", 1) == "2026-12-08"  # a Pix's day
    assert shifted_when("2026-12-09T15:00:00+01:00", 1) == "2026-12-10T15:00:00+01:00"
    assert shifted_when("2026-12-09T15:00:00+01:00", -1, "09:00:00") == "2026-12-08T09:00:00+01:00"
    assert shifted_when("09:00:00", 1) is None and shifted_when(None, 1) is None  # no day to count from
