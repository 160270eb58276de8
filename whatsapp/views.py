"""HTTP: the Cloud API webhook (platform host). The simulator's endpoints are in whatsapp/simulator_views.py."""

from __future__ import annotations

import logging

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from whatsapp import conf
from whatsapp.errors import BodyTooLarge, WebhookRefused
from whatsapp.services import webhook_handshake, webhook_receive

logger = logging.getLogger(__name__)


def _refusal(error: WebhookRefused) -> JsonResponse:
    return JsonResponse(error.as_dict(), status=error.http_status)


@csrf_exempt
@require_http_methods(["GET", "POST"])
def webhook(request: HttpRequest) -> HttpResponse:
    """GET: Meta's subscription handshake. POST: notifications — verified over the raw body, appended to the raw
    inbound log, one task published, then 200 (the worker parses and stores them)."""
    if request.method == "GET":
        try:
            challenge = webhook_handshake(mode=request.GET.get("hub.mode", ""),
                                          token=request.GET.get("hub.verify_token", ""),
                                          challenge=request.GET.get("hub.challenge", ""))
        except WebhookRefused as error:
            return _refusal(error)
        return HttpResponse(challenge, content_type="text/plain")
    limit = int(conf.setting("WHATSAPP_MAX_BODY_BYTES"))
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    if declared > limit:  # refuse before reading it
        return _refusal(BodyTooLarge("the body is too large", limit=limit))
    body = request.body  # the raw bytes, before anything parses them: the signature covers exactly these
    try:
        outcome = webhook_receive(body=body, signature=request.headers.get("X-Hub-Signature-256", ""))
    except WebhookRefused as error:
        return _refusal(error)
    return JsonResponse({"status": "ok", **outcome.as_dict()})  # accepted=False: a redelivery, or not ours
