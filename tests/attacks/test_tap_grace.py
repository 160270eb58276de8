"""Attack: pay with a tap that arrives after its request expired (issue 27). Expiry is judged on arrival; a tap that
claims to be made before expiry gets a small, bounded grace for the channel's delay (`MAGIE_TAP_GRACE_SECONDS`, at
most 30 s) and no more; every record carries the server's time, the claimed one only beside it. Through the real
signed webhook and the real turn, the database checked."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone
from django_tenants.utils import schema_context

from bank.models import PixTransfer
from tests.attacks.test_taps_and_sandbox import (
    CARLA,
    _shift_back,
    at,
    balance,
    preview,
    refusals,
    reloaded,
    tap,
    transfers,
)

pytestmark = pytest.mark.django_db


def expired_ago(request, seconds: float):
    """The server's clock moves on: the request expired `seconds` ago."""
    return _shift_back(request, (request.expires_at - timezone.now()) + timedelta(seconds=seconds))


@pytest.mark.parametrize("late_by", [2, 6])
def test_a_tap_made_before_expiry_arriving_within_the_grace_executes_stamped_by_the_server(
        demobank, platform, turns, django_capture_on_commit_callbacks, settings, late_by):
    settings.MAGIE_TAP_GRACE_SECONDS = 10
    capture = django_capture_on_commit_callbacks
    carla_before = balance(CARLA)
    turn, request = preview(capture, platform)
    request = expired_ago(request, late_by)
    claimed = int((request.expires_at - timedelta(seconds=20)).timestamp())
    started = timezone.now()
    tapped = tap(capture, platform, turn.reply_message.buttons[0], timestamp=claimed)
    done = reloaded(request)
    assert done.status == "executed" and done.decided_by == f"whatsapp:{CARLA}"
    assert done.decided_at == tapped.created_at and done.decided_at >= started > done.expires_at  # server time
    assert done.decision_claimed_at == at(claimed)  # beside it
    assert done.executed_at >= done.decided_at
    with schema_context("demobank"):
        assert PixTransfer.objects.get().created_at >= started
    assert balance(CARLA) == carla_before - 20_000 and refusals(request) == []


@pytest.mark.parametrize("claim", ["before_expiry", "after_expiry"])
def test_a_tap_arriving_past_the_grace_is_refused_with_the_servers_time_on_every_record(
        demobank, platform, turns, django_capture_on_commit_callbacks, settings, claim):
    settings.MAGIE_TAP_GRACE_SECONDS = 5
    capture = django_capture_on_commit_callbacks
    carla_before = balance(CARLA)
    turn, request = preview(capture, platform)
    request = expired_ago(request, 8)
    claimed = int((request.expires_at + timedelta(seconds=-1 if claim == "before_expiry" else 1)).timestamp())
    late = tap(capture, platform, turn.reply_message.buttons[0], timestamp=claimed)
    now = reloaded(request)
    assert (now.status, now.decided_by, now.decided_at, now.executed_at) == ("expired", "", None, None)
    assert transfers() == 0 and balance(CARLA) == carla_before
    [refusal] = refusals(request)
    assert (refusal.reason, refusal.claimed_at, refusal.received_at) == ("late", at(claimed), late.created_at)
    assert refusal.received_at > now.expires_at + timedelta(seconds=5)
    assert late.created_at.isoformat() in now.reason  # expired at the tap's arrival, the server's time


def test_a_tap_claiming_a_time_after_expiry_gets_no_grace(demobank, platform, turns,
                                                          django_capture_on_commit_callbacks, settings):
    settings.MAGIE_TAP_GRACE_SECONDS = 30
    capture = django_capture_on_commit_callbacks
    turn, request = preview(capture, platform)
    request = expired_ago(request, 2)  # well inside 30 s, but the tap says it was made after expiry
    claimed = int((request.expires_at + timedelta(seconds=1)).timestamp()) + 1
    tap(capture, platform, turn.reply_message.buttons[0], timestamp=claimed)
    assert reloaded(request).status == "expired" and transfers() == 0
    assert [refusal.reason for refusal in refusals(request)] == ["late"]


@pytest.mark.parametrize(("value", "starts"), [("0", True), ("30", True), ("31", False), ("3600", False),
                                               ("-1", False)])
def test_the_grace_is_bounded_at_start_up(value, starts):
    env = os.environ | {"DJANGO_SETTINGS_MODULE": "magie.settings.test", "MAGIE_TAP_GRACE_SECONDS": value}
    result = subprocess.run([sys.executable, "-c", "import django; django.setup()"], env=env, capture_output=True,
                            text=True, cwd=settings.BASE_DIR, timeout=120)
    assert (result.returncode == 0) is starts, result.stderr[-500:]
    if not starts:
        assert "MAGIE_TAP_GRACE_SECONDS must be between 0 and 30" in result.stderr
