"""The simulator's HTTP endpoints on each organisation's host: admins only, sandbox customers only, and only where
the platform has it on (whatsapp/simulator.py says why). Refusals answer with what to do: 404 when it is off, 403
for other roles or a customer who is not a sandbox customer, 400 for a malformed message."""

from __future__ import annotations

import base64
import binascii
import json
import logging
from functools import wraps

from django.conf import settings
from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_GET, require_POST

from magie.errors import DomainError
from whatsapp.selectors import phone_messages
from whatsapp.simulator import (
    SimulatorOff,
    SimulatorRefused,
    phone_message,
    sandbox_customer_get,
    sandbox_customers,
    simulator_check_access,
    simulator_receive,
)

logger = logging.getLogger(__name__)


def _refusal(error: DomainError, *, page: bool, request: HttpRequest | None = None) -> HttpResponse:
    """The page's refusal is the back office's error page (403, 404) saying why; the endpoints' is JSON."""
    if page:
        return render(request, f"{error.http_status}.html", {"message": error.args[0]}, status=error.http_status)
    return JsonResponse({"code": error.code, "message": error.args[0], "extra": error.extra}, status=error.http_status)


def simulator_access(*, page: bool = False):
    def decorate(view):
        @staff_member_required
        @wraps(view)
        def guarded(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            try:
                simulator_check_access(user=request.user)
            except (SimulatorOff, SimulatorRefused) as error:
                logger.warning("simulator refused to %s: %s", request.user.get_username(), error.code)
                return _refusal(error, page=page, request=request)
            return view(request, *args, **kwargs)
        return guarded
    return decorate


@simulator_access(page=True)
@ensure_csrf_cookie
@require_GET
def simulator_page(request: HttpRequest) -> HttpResponse:
    customers = sandbox_customers()
    return render(request, "whatsapp/simulator.html", {"organisation": request.tenant,  # type: ignore[attr-defined]
                                                            "customers": customers})


@simulator_access()
@require_GET
def simulator_messages(request: HttpRequest) -> HttpResponse:
    wa_id = request.GET.get("wa_id", "")
    try:
        sandbox_customer_get(wa_id=wa_id)
    except SimulatorRefused as error:
        return _refusal(error, page=False)
    return JsonResponse({"wa_id": wa_id, "messages": phone_messages(wa_id=wa_id)})


IMAGE_TYPES = ("image/png", "image/jpeg", "image/webp")


def _image(value: object) -> tuple[bytes | None, str]:
    """(bytes, mime type) of a `data:image/…;base64,…` URL within the size bound, else (None, "")."""
    if not isinstance(value, str) or not value.startswith("data:") or ";base64," not in value:
        return None, ""
    mime, encoded = value[5:].split(";base64,", 1)
    if mime not in IMAGE_TYPES or len(encoded) > settings.MAGIE_PIX_QR_IMAGE_MAX_BYTES * 4 // 3 + 4:
        return None, ""
    try:
        return base64.b64decode(encoded, validate=True), mime
    except (binascii.Error, ValueError):
        return None, ""


@simulator_access()
@require_POST
def simulator_send(request: HttpRequest) -> HttpResponse:
    """Body: {"wa_id", "name", "text"}, {"wa_id", "image": "data:image/png;base64,…", "text": caption} or
    {"wa_id", "button_id", "button_title", "list": bool}; any of them with "reply_to" (a swipe-reply)."""
    try:
        data = json.loads(request.body or b"{}")
    except ValueError:
        return JsonResponse({"code": "malformed", "message": "JSON expected"}, status=400)
    if not isinstance(data, dict):
        return JsonResponse({"code": "malformed", "message": "a JSON object expected"}, status=400)
    wa_id = str(data.get("wa_id", "")).strip()
    text, button_id = str(data.get("text", "")), str(data.get("button_id", ""))
    image, image_mime = _image(data.get("image"))
    if data.get("image") is not None and image is None:
        return JsonResponse({"code": "invalid", "message": "image: a base64 data URL of a PNG, JPEG or WebP photo, "
                             f"at most {settings.MAGIE_PIX_QR_IMAGE_MAX_BYTES} bytes"}, status=400)
    if not wa_id.isdigit() or not (text.strip() or button_id or image is not None):
        return JsonResponse({"code": "invalid", "message": "wa_id (digits) and a text, a photo or a button are needed"},
                            status=400)
    message = phone_message(text=text, button_id=button_id, button_title=str(data.get("button_title", "")),
                            as_list=bool(data.get("list")), reply_to=str(data.get("reply_to", "")),
                            image_mime=image_mime)
    try:
        outcome = simulator_receive(staff_username=request.user.get_username(), wa_id=wa_id,
                                    name=str(data.get("name", "")), message=message, image=image)
    except DomainError as error:
        return _refusal(error, page=False)
    logger.info("simulator message %s stored by %s", outcome.message_id, request.user.get_username())
    return JsonResponse({"stored": int(outcome.stored), "turn_queued": outcome.turn_queued,
                         "message_id": outcome.message_id})
