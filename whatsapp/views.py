"""HTTP: the Cloud API webhook (platform host) and the simulator (each organisation's host, staff only)."""

from __future__ import annotations

import json
import logging

from django.contrib.admin.views.decorators import staff_member_required
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt, ensure_csrf_cookie
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from whatsapp import conf
from whatsapp.errors import BodyTooLarge, WebhookRefused
from whatsapp.selectors import phone_messages
from whatsapp.services import webhook_handshake, webhook_receive
from whatsapp.simulator import DEFAULT_WA_IDS, phone_message, simulator_post, webhook_url

logger = logging.getLogger(__name__)


def _refusal(error: WebhookRefused) -> JsonResponse:
    return JsonResponse(error.as_dict(), status=error.http_status)


@csrf_exempt
@require_http_methods(["GET", "POST"])
def webhook(request: HttpRequest) -> HttpResponse:
    """GET: Meta's subscription handshake. POST: notifications, verified over the raw body, stored, then 200."""
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
    return JsonResponse({"status": "ok", **outcome.as_dict()})


@staff_member_required
@ensure_csrf_cookie
@require_GET
def simulator_page(request: HttpRequest) -> HttpResponse:
    organisation = request.tenant
    return render(request, "whatsapp/simulator.html", {
        "organisation": organisation, "wa_id": DEFAULT_WA_IDS.get(organisation.kind, "5511999990001"),
    })


@staff_member_required
@require_GET
def simulator_messages(request: HttpRequest) -> JsonResponse:
    wa_id = request.GET.get("wa_id", "")
    return JsonResponse({"wa_id": wa_id, "messages": phone_messages(wa_id=wa_id) if wa_id else []})


@staff_member_required
@require_POST
def simulator_send(request: HttpRequest) -> JsonResponse:
    """Body: {"wa_id", "name", "text"} or {"wa_id", "button_id", "button_title", "list": bool}, + "reply_to"."""
    try:
        data = json.loads(request.body or b"{}")
    except ValueError:
        return JsonResponse({"code": "malformed", "message": "JSON expected"}, status=400)
    wa_id = str(data.get("wa_id", "")).strip()
    text, button_id = str(data.get("text", "")), str(data.get("button_id", ""))
    if not wa_id.isdigit() or not (text.strip() or button_id):
        return JsonResponse({"code": "invalid", "message": "wa_id (digits) and a text or a button are needed"},
                            status=400)
    message = phone_message(text=text, button_id=button_id, button_title=str(data.get("button_title", "")),
                            as_list=bool(data.get("list")), reply_to=str(data.get("reply_to", "")))
    url = webhook_url(scheme=request.scheme, port=request.get_port())
    status, answer = simulator_post(organisation=request.tenant, url=url, wa_id=wa_id,
                                    name=str(data.get("name", "")), message=message)
    logger.info("simulator on %s posted to the webhook: %s", connection.schema_name, status)
    return JsonResponse({"webhook_status": status, "webhook_answer": answer}, status=200 if status == 200 else 502)
