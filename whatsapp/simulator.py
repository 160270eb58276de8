"""The simulator's phone: builds Cloud API webhook bodies as Meta does, signs them with the organisation's app
secret and POSTs them over real HTTP to the platform's webhook, so the secret never reaches the browser."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
import urllib.error
import urllib.request
import uuid
from typing import Any

from django.conf import settings

from tenants.models import Organisation, WhatsAppChannel
from whatsapp import conf

DEFAULT_WA_IDS = {"bank": "5511999990001", "school": "376612345678", "store": "5491155550001"}


def signature_header(*, body: bytes, secret: str) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def webhook_body(*, phone_number_id: str, display_phone_number: str, wa_id: str, name: str,
                 message: dict[str, Any]) -> bytes:
    """One `messages` change carrying `message` (its `from`, `id` and `timestamp` are filled in), serialised as Meta
    does (non-ASCII escaped as \\uXXXX)."""
    message = {"from": wa_id, "id": f"wamid.sim-{uuid.uuid4().hex}", "timestamp": str(int(time.time())), **message}
    payload = {"object": "whatsapp_business_account", "entry": [{"id": "simulator", "changes": [{
        "field": "messages",
        "value": {
            "messaging_product": "whatsapp",
            "metadata": {"display_phone_number": display_phone_number, "phone_number_id": phone_number_id},
            "contacts": [{"profile": {"name": name}, "wa_id": wa_id}],
            "messages": [message],
        },
    }]}]}
    return json.dumps(payload).encode()


def phone_message(*, text: str = "", button_id: str = "", button_title: str = "", as_list: bool = False,
                  reply_to: str = "") -> dict[str, Any]:
    """What the customer's phone sends: a text, or a tap on a reply button / list row (its id is our payload)."""
    if button_id:
        reply = {"id": button_id, "title": button_title}
        message: dict[str, Any] = {"type": "interactive", "interactive": (
            {"type": "list_reply", "list_reply": reply} if as_list else {"type": "button_reply", "button_reply": reply})}
    else:
        message = {"type": "text", "text": {"body": text}}
    if reply_to:
        message["context"] = {"from": "", "id": reply_to}
    return message


def webhook_url(*, scheme: str, port: str) -> str:
    configured = conf.setting("WHATSAPP_WEBHOOK_URL")
    if configured:
        return configured
    default_port = {"http": "80", "https": "443"}.get(scheme)
    host = settings.MAGIE_BASE_DOMAIN + ("" if port == default_port else f":{port}")
    return f"{scheme}://{host}/webhooks/whatsapp"


def simulator_post(*, organisation: Organisation, url: str, wa_id: str, name: str,
                   message: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """POST one signed webhook body for `organisation`'s first number; (HTTP status, JSON answer)."""
    channel = WhatsAppChannel.objects.filter(organisation=organisation).order_by("pk").first()
    if channel is None:
        return 409, {"code": "no_channel", "message": "this organisation has no WhatsApp channel"}
    body = webhook_body(phone_number_id=channel.phone_number_id,
                        display_phone_number=channel.display_phone_number, wa_id=wa_id, name=name, message=message)
    request = urllib.request.Request(url, data=body, method="POST", headers={
        "Content-Type": "application/json",
        "X-Hub-Signature-256": signature_header(body=body, secret=channel.app_secret),
    })
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # the platform is ours: no proxy
    try:
        with opener.open(request, timeout=15) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    except OSError as error:
        return 502, {"code": "webhook_unreachable", "message": str(error)[:200], "url": url}
    try:
        answer = json.loads(raw or b"{}")
    except ValueError:
        answer = {"raw": raw[:200].decode(errors="replace")}
    return status, answer
