"""Meta's pace is followed, not fought: a 429 (130429) pauses the number for every send from it, each further 429
after a pause doubles the pause, the end of a pause is probed at a low rate, and a throttled reply is tried again
until its time budget (the customer's window, then the template) instead of failing after a count of attempts.
Time is compressed through the settings (pauses of tens of milliseconds), never slept out."""

from __future__ import annotations

import heapq
import time

import pytest

from inbox.models import Escalation
from whatsapp.models import Delivery
from whatsapp.sender import rate_acquire, rate_reset, rate_throttled
from whatsapp.services import RETRY, delivery_send
from whatsapp.tests.conftest import BANK_NUMBER
from whatsapp.tests.test_delivery import reply

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_rate():
    rate_reset(phone_number_id=BANK_NUMBER)
    yield
    rate_reset(phone_number_id=BANK_NUMBER)


def drain(message_ids: list[int], *, deadline_seconds: float) -> None:
    """Run the deliveries as the worker does: each retry when its countdown says, until all are done."""
    due = [(time.monotonic(), message_id) for message_id in message_ids]
    heapq.heapify(due)
    deadline = time.monotonic() + deadline_seconds
    while due:
        at, message_id = heapq.heappop(due)
        assert at < deadline, f"{len(due) + 1} deliveries still waiting"
        time.sleep(max(0.0, at - time.monotonic()))
        outcome = delivery_send(message_id=message_id)
        if outcome.state == RETRY:
            heapq.heappush(due, (time.monotonic() + outcome.retry_in, message_id))


def test_a_throttling_storm_pauses_the_number_and_every_reply_is_sent_none_failed(demobank, fake_graph, settings):
    # Five minutes of 429s against pauses of 1 s doubling to 60 s, compressed 100×: 3 s against 10 ms to 0.6 s.
    settings.WHATSAPP_THROTTLE_PAUSE_SECONDS, settings.WHATSAPP_THROTTLE_PAUSE_MAX_SECONDS = 0.01, 0.6
    settings.WHATSAPP_THROTTLE_BUDGET_SECONDS = 60  # the window, compressed
    replies = [reply(f"Resposta {n}") for n in range(20)]
    storm_ends = time.monotonic() + 3.0
    fake_graph.storm_until = storm_ends
    drain([message.pk for message in replies], deadline_seconds=30)

    deliveries = Delivery.objects.filter(message__in=replies)
    assert sorted(deliveries.values_list("status", flat=True)) == ["sent"] * 20  # none failed
    assert not Escalation.objects.exists()
    throttled = [request for request in fake_graph.requests if request.status == 429]
    accepted = fake_graph.sent()
    assert len(accepted) == 20 and all(request.at >= storm_ends for request in accepted)
    # Paced by the number's pauses (at most a probe-rate handful after each), not 20 replies backing off alone
    # (6–8 calls each before): about a dozen pauses fit in the storm.
    assert len(throttled) <= 5 * 15, len(throttled)
    for delivery in deliveries:  # the storm is one entry per delivery, with its count
        assert [attempt.get("throttled", False) for attempt in delivery.attempts][-1] is False
        assert sum(1 for attempt in delivery.attempts if attempt.get("throttled")) <= 1


def test_one_wave_of_429s_is_one_pause_and_a_pause_blocks_every_send_from_the_number(settings):
    settings.WHATSAPP_THROTTLE_PAUSE_SECONDS, settings.WHATSAPP_THROTTLE_PAUSE_MAX_SECONDS = 0.2, 10.0
    first = rate_throttled(phone_number_id=BANK_NUMBER)
    again = rate_throttled(phone_number_id=BANK_NUMBER)  # an answer to a send that left before the pause
    assert first == pytest.approx(0.2, abs=0.01) and 0 < again <= first
    assert rate_acquire(phone_number_id=BANK_NUMBER) > 0  # paused: no send
    time.sleep(first + 0.05)
    assert rate_acquire(phone_number_id=BANK_NUMBER) == 0  # the pause is over: a probe goes
    assert rate_throttled(phone_number_id=BANK_NUMBER) == pytest.approx(0.4, abs=0.01)  # still throttled: doubled


def test_after_a_pause_the_number_sends_at_the_probe_rate_first(settings):
    settings.WHATSAPP_THROTTLE_PAUSE_SECONDS = 0.05
    settings.WHATSAPP_THROTTLE_PROBE_PER_SECOND = 3
    rate_throttled(phone_number_id=BANK_NUMBER)
    time.sleep(0.1)
    granted = [rate_acquire(phone_number_id=BANK_NUMBER) == 0 for _ in range(10)]
    assert granted == [True] * 3 + [False] * 7


def test_a_reply_throttled_past_its_budget_fails_and_staff_are_told(demobank, fake_graph, settings,
                                                                   django_capture_on_commit_callbacks):
    settings.WHATSAPP_THROTTLE_BUDGET_SECONDS = 0
    fake_graph.storm_until = time.monotonic() + 60
    message = reply()
    with django_capture_on_commit_callbacks(execute=True):
        assert delivery_send(message_id=message.pk).state == "done"
    delivery = Delivery.objects.get(message=message)
    assert delivery.status == "failed" and delivery.error_code == 130429
    assert Escalation.objects.get(conversation=message.conversation).guard == "delivery_failed"
