"""HTTP: the Cloud API webhook (platform host). The simulator's endpoints are in whatsapp/simulator_views.py.

A POST on the platform host reaches `webhook_post` from `whatsapp.middleware.WebhookMiddleware`, ahead of the rest
of the middleware stack; the URL below serves the GET handshake, refuses other methods, and still answers a POST
that arrives another way (another host of the platform)."""

from __future__ import annotations

import logging

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from whatsapp import conf
from whatsapp.errors import BodyTooLarge, WebhookRefused
from whatsapp.services import webhook_handshake, webhook_receive

logger = logging.getLogger(__name__)

WEBHOOK_PATH = "/webhooks/whatsapp"  # magie/urls_public.py mounts whatsapp.urls here


def _refusal(error: WebhookRefused) -> JsonResponse:
    return JsonResponse(error.as_dict(), status=error.http_status)


def webhook_post(request: HttpRequest) -> HttpResponse:
    """Notifications: the declared size checked before the body is read (413), verified over the raw body (401),
    appended to the raw inbound log, one task published, then 200 (the worker parses and stores them)."""
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


@csrf_exempt
@require_http_methods(["GET", "POST"])
def webhook(request: HttpRequest) -> HttpResponse:
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
