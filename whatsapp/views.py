"""HTTP: the Cloud API webhook (platform host). The simulator's endpoints are in whatsapp/simulator_views.py.

A POST on the platform host reaches `webhook_post` from `whatsapp.middleware.WebhookMiddleware`, ahead of the rest
of the middleware stack; the URL below serves the GET handshake, refuses other methods, and still answers a POST
that arrives another way (another host of the platform)."""

from __future__ import annotations

import logging
import re

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from magie.tracing import context_now
from whatsapp import conf
from whatsapp.errors import BodyTooLarge, SignatureInvalid, TooManyFailures, WebhookRefused
from whatsapp.publisher import inbound_publish_after_response
from whatsapp.services import Acknowledgement, webhook_handshake, webhook_receive
from whatsapp.strangers import stranger_failed, stranger_held_back

logger = logging.getLogger(__name__)

WEBHOOK_PATH = "/webhooks/whatsapp"  # magie/urls_public.py mounts whatsapp.urls here
CHANNEL_ID = re.compile(r"\d{5,32}")  # a phone_number_id, as WhatsAppChannel validates it


def _refusal(error: WebhookRefused) -> JsonResponse:
    return JsonResponse(error.as_dict(), status=error.http_status)


def webhook_channel(path_info: str) -> str | None:
    """The phone_number_id of a channel's own webhook URL (`/webhooks/whatsapp/<digits>`), None for the shared URL;
    ValueError for any other path under it."""
    if path_info == WEBHOOK_PATH:
        return None
    number = path_info.removeprefix(WEBHOOK_PATH + "/").removesuffix("/")
    if path_info.startswith(WEBHOOK_PATH + "/") and CHANNEL_ID.fullmatch(number):
        return number
    raise ValueError(path_info)


class Acknowledged(JsonResponse):
    """The 200 of a stored body, whose task is published when the server closes the response: WSGI servers (granian,
    gunicorn) call `close()` once its last byte has been sent (its Content-Length given), Django's test client
    before it returns. close() hands the publish to the process's publishing thread (`whatsapp.publisher`): the
    request thread is free for the next request at once, so neither the broker's round trip nor a broker that is
    down or hung holds an acknowledgement. A response never closed (the process killed first), or a publish never
    made, leaves its body to the inbound sweeper."""

    def __init__(self, outcome: Acknowledgement) -> None:
        super().__init__({"status": "ok", **outcome.as_dict()})  # accepted=False: a redelivery, nothing to publish
        # Its length said (CommonMiddleware, which would say it, is skipped): without it granian may send the
        # body chunked and end it only once `close()` has returned — after the publish.
        self["Content-Length"] = str(len(self.content))
        self.inbound_id, self.phone_number_ids = outcome.inbound_id, outcome.phone_number_ids
        self.trace_context = context_now()  # the webhook's span: the task published at close() continues its trace

    def close(self) -> None:
        inbound_id, self.inbound_id = self.inbound_id, None  # once, however often the server closes it
        try:
            if inbound_id is not None:
                # never raises: logged, and the sweeper publishes; left to its number's queued task if one is
                inbound_publish_after_response(inbound_id=inbound_id, numbers=self.phone_number_ids,
                                               trace_context=self.trace_context)
        finally:
            super().close()


def webhook_post(request: HttpRequest) -> HttpResponse:
    """Notifications: the declared size checked before the body is read (413), an address with too many failed
    signatures held back before it too (429, `whatsapp.strangers`), routed to its channel by the URL or
    the numbers it names and verified over the raw body with that channel's secret only (401), appended to the raw
    inbound log (committed), then 200 — and its task published once the 200 has left (`Acknowledged`); the worker
    parses and stores the notifications."""
    try:
        channel = webhook_channel(request.path_info)
    except ValueError:
        stranger_failed(request.META.get("REMOTE_ADDR", ""))
        return _refusal(SignatureInvalid("no such webhook"))
    limit = int(conf.setting("WHATSAPP_MAX_BODY_BYTES"))
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    if declared > limit:  # refuse before reading it
        return _refusal(BodyTooLarge("the body is too large", limit=limit))
    address = request.META.get("REMOTE_ADDR", "")
    held_back = stranger_held_back(address)
    if held_back:  # too many failed signatures from there: refused before the body is read
        response = _refusal(TooManyFailures("too many failed signatures from this address", seconds=held_back))
        response["Retry-After"] = str(held_back)
        return response
    body = request.body  # the raw bytes, before anything parses them: the signature covers exactly these
    try:
        outcome = webhook_receive(body=body, signature=request.headers.get("X-Hub-Signature-256", ""),
                                  channel=channel)
    except SignatureInvalid as error:
        stranger_failed(address)
        return _refusal(error)
    except WebhookRefused as error:
        return _refusal(error)
    return Acknowledged(outcome)


@csrf_exempt
@require_http_methods(["GET", "POST"])
def webhook(request: HttpRequest, phone_number_id: str = "") -> HttpResponse:
    """GET: Meta's subscription handshake. POST: `webhook_post`."""
    if request.method == "POST":
        return webhook_post(request)
    try:
        challenge = webhook_handshake(mode=request.GET.get("hub.mode", ""),
                                      token=request.GET.get("hub.verify_token", ""),
                                      challenge=request.GET.get("hub.challenge", ""))
    except WebhookRefused as error:
        return _refusal(error)
    return HttpResponse(challenge, content_type="text/plain")
