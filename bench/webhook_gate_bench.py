"""What a stranger's unsigned 3 MB webhook body costs the server, with 3 channels and with 1,000 (issue 27).

Run: `.venv/bin/python bench/webhook_gate_bench.py` (DATABASE_URL optional: embedded otherwise). About a minute.
WEBHOOK_GATE_BENCH_REQUESTS (default 20) requests per row.

What it does:
  1. Creates (once) the bench organisation `benchgate` and gives it 3 WhatsApp channels, then 1,000 (numbers
     99100000000xxxx, each with its own app secret); removes them at the end.
  2. Posts a 3 MB body with a wrong `X-Hub-Signature-256` through the whole Django stack (test client on the
     platform host: the webhook middleware, the view, routing, the signature check) and reads this process's CPU
     time: naming a known number, naming an unknown one, on a channel's own URL, and naming no number at all.
  3. Checks every answer is 401 and that no raw body was stored.

Before issue 27 the body was checked against every channel's secret when it named no channel of ours: 21 ms with 3
channels, 527 ms with 103. Now the channel is found (by the numbers the body names, or the URL) before one HMAC.
"""

from __future__ import annotations

import json
import logging
import os
import time

os.environ.setdefault("WHATSAPP_SIGNATURE_FAILURES_LIMIT", "1000000")  # the rows measure the check, not the hold-back

import _setup  # noqa: F401 - django.setup() on the configured (or embedded) database
from _setup import bench_organisation
from django.test import Client

from tenants.models import WhatsAppChannel
from tenants.services import whatsapp_channel_save
from whatsapp.inbound.models import InboundBody

REQUESTS = int(os.environ.get("WEBHOOK_GATE_BENCH_REQUESTS", "20"))
PREFIX = "99100000000"
BODY_BYTES = 3 * 1024 * 1024 - 4096


def number(i: int) -> str:
    return f"{PREFIX}{i:04d}"


def body(named: str | None) -> bytes:
    value: dict = {"messaging_product": "whatsapp", "messages": [
        {"from": "5511999990001", "id": "wamid.BENCH", "timestamp": "1733000000", "type": "text",
         "text": {"body": ""}}]}
    if named is not None:
        value["metadata"] = {"phone_number_id": named}
    payload = {"object": "whatsapp_business_account", "entry": [{"id": "WABA", "changes": [
        {"field": "messages", "value": value}]}]}
    padding = BODY_BYTES - len(json.dumps(payload))
    value["messages"][0]["text"]["body"] = "x" * padding
    return json.dumps(payload).encode()


def channels_ensure(organisation, count: int) -> None:
    for i in range(count):
        whatsapp_channel_save(organisation=organisation, phone_number_id=number(i), app_secret=f"bench-secret-{i}",
                              verify_token=f"bench-verify-{i}", access_token=f"bench-token-{i}")


def cpu_ms_per_request(client: Client, data: bytes, path: str) -> float:
    header = "sha256=" + "0" * 64
    client.post(path, data=data, content_type="application/json", HTTP_X_HUB_SIGNATURE_256=header)  # warm
    started = time.process_time()
    for _ in range(REQUESTS):
        response = client.post(path, data=data, content_type="application/json", HTTP_X_HUB_SIGNATURE_256=header)
        assert response.status_code == 401, (path, response.status_code, response.content[:200])
    return (time.process_time() - started) * 1000 / REQUESTS


def main() -> None:
    logging.disable(logging.WARNING)  # every refusal is logged: thousands of lines otherwise
    organisation = bench_organisation("benchgate", "bank")
    WhatsAppChannel.objects.filter(phone_number_id__startswith=PREFIX).delete()
    stored_before = InboundBody.objects.count()
    client = Client(HTTP_HOST="localhost")
    cases = {
        "names a known number": (body(number(0)), "/webhooks/whatsapp"),
        "names an unknown number": (body("99199999999999"), "/webhooks/whatsapp"),
        "names no number": (body(None), "/webhooks/whatsapp"),
        "a channel's own URL": (body(None), f"/webhooks/whatsapp/{number(1)}"),
    }
    print(f"3 MB body, wrong signature, {REQUESTS} requests per row: CPU ms per request of this process "
          "(Django stack, routing, HMAC)")
    print(f"{'case':<26}{'3 channels':>12}{'1,000 channels':>16}")
    results: dict[str, list[float]] = {name: [] for name in cases}
    try:
        for count in (3, 1000):
            channels_ensure(organisation, count)
            for name, (data, path) in cases.items():
                results[name].append(cpu_ms_per_request(client, data, path))
        for name, (three, thousand) in results.items():
            print(f"{name:<26}{three:>12.1f}{thousand:>16.1f}")
        assert InboundBody.objects.count() == stored_before, "a refused body was stored"
        print("every answer 401; raw bodies stored: 0")
    finally:
        WhatsAppChannel.objects.filter(phone_number_id__startswith=PREFIX).delete()


if __name__ == "__main__":
    main()
