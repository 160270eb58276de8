"""`/metrics` on the platform `make run` starts, scraped after real webhook traffic: every family the operators'
dashboard and alerts read has values, from the web server's processes and the worker's alike (multi-process)."""

from __future__ import annotations

import threading
import time
import urllib.request

import pytest
from django.test import RequestFactory, override_settings
from django_tenants.utils import schema_context
from prometheus_client.parser import text_string_to_metric_families

from conversations.models import Customer
from testing.organisations import organisations_ensure
from testing.servers import PlatformProcess
from tests.test_platform_up import wait_for, webhook
from workspace.metrics import metrics_allowed


@pytest.fixture(scope="module")
def observed_platform(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        organisations_ensure()
        process = PlatformProcess(extra_env={"MAGIE_METRICS_DATABASE_SECONDS": "0"})
    yield process
    process.stop()


def scrape(port: int) -> dict[str, list]:
    """{family name: [(sample name, labels, value)]} of one scrape."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}/metrics", headers={"Host": "localhost"})
    with urllib.request.urlopen(request, timeout=30) as response:
        text = response.read().decode()
    return {family.name: [(sample.name, sample.labels, sample.value) for sample in family.samples]
            for family in text_string_to_metric_families(text)}


def value(families: dict[str, list], sample_name: str, **labels: str) -> float:
    return sum(v for name, sample_labels, v in families.get(sample_name.removesuffix("_total").removesuffix(
        "_count").removesuffix("_sum"), []) if name == sample_name and labels.items() <= sample_labels.items())


def test_every_family_has_values_after_real_webhook_traffic(observed_platform, committed):
    from inbox.models import Escalation

    port = observed_platform.port
    waiting = {"depth": 0.0, "age": 0.0}
    sent: list[int] = []
    burst_done = threading.Event()

    def burst() -> None:
        threads = [threading.Thread(target=lambda i=i: sent.append(
            webhook(port, text="qual meu saldo?", customer=f"5511960{i:06d}")[0])) for i in range(40)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        burst_done.set()

    threading.Thread(target=burst).start()
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (waiting["depth"] and waiting["age"]):
        families = scrape(port)  # while the worker works through the burst, something waits
        waiting["depth"] = max(waiting["depth"], value(families, "magie_queue_depth"))
        waiting["age"] = max(waiting["age"], value(families, "magie_queue_age_seconds"))
        time.sleep(0.05)
    burst_done.wait(120)
    assert sent == [200] * 40
    assert waiting["depth"] > 0 and waiting["age"] > 0, waiting

    def answered() -> int:
        with schema_context("demobank"):
            return Customer.objects.filter(channel_user_id__startswith="5511960",
                                           conversation__messages__direction="out").distinct().count()

    wait_for(lambda: answered() == 40, "the worker to answer the burst", timeout=240)
    with schema_context("demobank"):  # one chat handed to people this week (the fallback rate's numerator)
        customer = Customer.objects.filter(channel_user_id__startswith="5511960").first()
        Escalation.objects.create(conversation=customer.conversation, guard="amounts", reason="test")

    def delivered() -> float:
        return value(scrape(port), "magie_outbound_sends_total", status="sent")

    wait_for(lambda: delivered() >= 40, "the replies to be sent", timeout=120)
    families = scrape(port)
    assert value(families, "magie_webhook_seconds_count", status="200") >= 40
    assert value(families, "magie_turns_total", outcome="done") >= 40
    assert value(families, "magie_turn_seconds_count", outcome="done") >= 40
    assert value(families, "magie_turn_seconds_sum", outcome="done") > 0
    guards = {labels["guard"] for name, labels, v in families["magie_guard_verdicts"] if v > 0}
    assert len(guards) >= 3, guards
    assert value(families, "magie_db_pool_connections", role="web") > 0
    assert value(families, "magie_week_turns", organisation="demobank") >= 40
    assert value(families, "magie_week_escalations", organisation="demobank") >= 1
    assert 0 < value(families, "magie_week_fallback_rate", organisation="demobank") < 1
    assert "magie_week_dead_letters" in families


@pytest.mark.parametrize(("production", "token", "allow", "address", "header", "allowed"), [
    (False, "", [], "127.0.0.1", "", True),  # development: loopback
    (False, "", [], "10.1.2.3", "", False),
    (True, "", [], "127.0.0.1", "", False),  # production: nothing by default
    (True, "", ["10.0.0.0/8"], "10.1.2.3", "", True),  # … the networks listed
    (True, "", ["10.0.0.0/8"], "192.168.1.2", "", False),
    (True, "s3cret", [], "203.0.113.9", "Bearer s3cret", True),  # … or whoever carries the token
    (True, "s3cret", ["10.0.0.0/8"], "10.1.2.3", "Bearer wrong", False),
])
def test_who_may_scrape(production, token, allow, address, header, allowed):
    request = RequestFactory().get("/metrics", REMOTE_ADDR=address, HTTP_AUTHORIZATION=header)
    with override_settings(PRODUCTION=production, MAGIE_METRICS_TOKEN=token, MAGIE_METRICS_ALLOW=allow):
        assert metrics_allowed(request) is allowed
