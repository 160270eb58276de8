"""Staff login hardening: the TOTP second factor (django-otp) and the client address axes counts failures by.

Who needs a second factor: anyone who has set one up (it is then always asked), every member of a role whose rule
the organisation turned on (`admin_totp_required`, `agent_totp_required`, `auditor_totp_required`), and every operator of the platform when
MAGIE_OPERATOR_TOTP_REQUIRED is on (the default in production: an operator can re-key any channel). After the password, such a user is sent to
`/admin/second-factor/` until a code is verified; a user without a confirmed device enrols there (QR code and key,
then a first code), and is then shown ten recovery codes, once. The devices (staff_auth: the authenticator's key
encrypted, the recovery codes hashed) live in the user's schema, like the users; wrong codes are throttled by
django-otp (1, 2, 4 … seconds) and said so. A recovery code is accepted on the same page instead of a code, once.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import segno
from django.conf import settings
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from django_otp import login as otp_login

from staff_auth.models import RecoveryCodeDevice, StaffTOTPDevice, recovery_code_normal
from staff_auth.services import (
    recovery_code_use,
    recovery_codes_left,
    recovery_codes_make,
    totp_device_for_enrolment,
    totp_enrolment_confirm,
)
from tenants.roles import Role, user_role

SECOND_FACTOR_PATH = "/admin/second-factor/"
EXEMPT_PREFIXES = (SECOND_FACTOR_PATH, "/admin/logout/", "/admin/login/", "/static/", "/approve/", "/webhooks/",
                   "/api/", "/pay/", "/admin/jsi18n/")


def client_ip(request: HttpRequest) -> str:
    """The peer address (a proxy in front must be the one to set REMOTE_ADDR to the client's)."""
    return request.META.get("REMOTE_ADDR", "")


def _confirmed_device(user) -> StaffTOTPDevice | None:
    return StaffTOTPDevice.objects.filter(user=user, confirmed=True).order_by("pk").first()


def second_factor_required(request: HttpRequest, user) -> bool:
    """True when this signed-in user must pass a second factor in this request's organisation (or platform)."""
    if _confirmed_device(user) is not None:
        return True
    tenant = getattr(request, "tenant", None)
    if tenant is None:
        return False
    if tenant.is_platform:
        return bool(settings.MAGIE_OPERATOR_TOTP_REQUIRED)
    required = {Role.ADMIN.value: tenant.admin_totp_required, Role.AGENT.value: tenant.agent_totp_required,
                Role.AUDITOR.value: tenant.auditor_totp_required}
    return bool(required.get(user_role(user) or "", False))


class SecondFactorMiddleware:
    """After django-otp's middleware: a staff member who needs a second factor and has not passed it this session
    reaches nothing but the second-factor page (pages are redirected there; JSON endpoints answer 403)."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if (user is not None and user.is_authenticated and user.is_staff and not user.is_verified()
                and not request.path.startswith(EXEMPT_PREFIXES) and second_factor_required(request, user)):
            if request.path.startswith("/simulator/") and request.path != "/simulator/":
                return JsonResponse({"code": "second_factor_required",
                                     "message": _("Enter your authenticator code at /admin/second-factor/ first.")},
                                    status=403)
            return redirect(f"{SECOND_FACTOR_PATH}?{urlencode({'next': request.get_full_path()})}")
        return self.get_response(request)


def _next_url(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or "/admin/"
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        return "/admin/"
    return target


def actor_of(request: HttpRequest) -> str:
    """Who acts, as audit rows name staff: "username@schema"."""
    return f"{request.user.get_username()}@{getattr(getattr(request, 'tenant', None), 'schema_name', 'public')}"


def _looks_like_recovery_code(token: str) -> bool:
    return len(recovery_code_normal(token)) == 16


def _wait_message(device) -> str | None:
    allowed, data = device.verify_is_allowed()
    if allowed:
        return None
    until = (data or {}).get("locked_until")
    if until is None:
        return _("Too many wrong codes: wait a few seconds, then enter the current code.")
    return _("Too many wrong codes: try again after %(time)s.") % {
        "time": date_format(timezone.localtime(until), "TIME_FORMAT")}


def _page_context(request: HttpRequest, **context: Any) -> dict[str, Any]:
    return {"site_header": getattr(getattr(request, "tenant", None), "name", "Magie"), "next": _next_url(request),
            **context}


def _recovery_codes_page(request: HttpRequest, codes: list[str]) -> HttpResponse:
    """The new codes, this once: they are stored hashed and never shown again."""
    return render(request, "staff/recovery_codes.html", _page_context(
        request, title=_("Your recovery codes"), codes=codes, left=len(codes)))


@staff_member_required
@require_http_methods(["GET", "POST"])
def second_factor(request: HttpRequest) -> HttpResponse:
    """Verify a code of the user's authenticator app or one of their recovery codes, or enrol an authenticator (QR
    code + key, then a first code, then the recovery codes shown once)."""
    user: Any = request.user  # django-otp's middleware gives it is_verified()
    if user.is_verified():
        return redirect(_next_url(request))
    confirmed = _confirmed_device(user)
    enrolling = confirmed is None
    device = totp_device_for_enrolment(user=user) if confirmed is None else confirmed
    error = ""
    if request.method == "POST":
        token = request.POST.get("otp_token", "").strip().replace(" ", "")
        wait = _wait_message(device)
        if not enrolling and _looks_like_recovery_code(token):
            codes = RecoveryCodeDevice.objects.filter(user=user).first()
            recovery_wait = _wait_message(codes) if codes is not None else None
            recovery = None if recovery_wait else recovery_code_use(user=user, code=token, address=client_ip(request))
            if recovery_wait:
                error = recovery_wait
            elif recovery is not None:
                otp_login(request, recovery)
                messages.warning(request, _("You signed in with a recovery code; %(left)s left. Make new ones at "
                                            "%(url)s when you have your phone again.") % {
                    "left": recovery_codes_left(user=user), "url": f"{SECOND_FACTOR_PATH}recovery-codes/"})
                return redirect(_next_url(request))
            else:
                error = _("That recovery code is not valid or was already used.")
        elif wait:
            error = wait
        elif not (token.isdigit() and len(token) == device.digits):
            error = _("Enter the %(digits)s-digit code your authenticator app shows now.") % {"digits": device.digits}
        elif device.verify_token(token):
            if enrolling:
                totp_enrolment_confirm(device=device, actor=actor_of(request), address=client_ip(request))
            otp_login(request, device)
            if enrolling:
                messages.success(request, _("Second factor set up: it will be asked at every sign-in."))
                return _recovery_codes_page(request, recovery_codes_make(
                    user=user, actor=actor_of(request), address=client_ip(request)))
            return redirect(_next_url(request))
        else:
            error = _("That code is not the current one: check your device's clock and try again.")
    context = _page_context(
        request, title=_("Set up a second factor") if enrolling else _("Second factor"), enrolling=enrolling,
        error=error, required=second_factor_required(request, user), role=user_role(user))
    if enrolling:
        url = device.config_url
        context["qr_svg"] = segno.make(url, error="m").svg_inline(scale=4)
        context["key_b32"] = url.split("secret=", 1)[1].split("&", 1)[0]
    return render(request, "staff/second_factor.html", context, status=200 if not error else 400)


@staff_member_required
@require_http_methods(["GET", "POST"])
def recovery_codes(request: HttpRequest) -> HttpResponse:
    """How many recovery codes are left; a post makes a new set (the old codes stop working) and shows it once.
    Only in a session that passed the second factor: a stolen password alone cannot make codes."""
    user: Any = request.user
    if _confirmed_device(user) is None or not user.is_verified():
        return redirect(f"{SECOND_FACTOR_PATH}?{urlencode({'next': request.get_full_path()})}")
    if request.method == "POST":
        return _recovery_codes_page(request, recovery_codes_make(user=user, actor=actor_of(request),
                                                                 address=client_ip(request)))
    return render(request, "staff/recovery_codes.html", _page_context(
        request, title=_("Recovery codes"), codes=[], left=recovery_codes_left(user=user)))


def lockout_response(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    """django-axes' answer to a locked-out sign-in: 429 and what to do, in the admin's look."""
    from axes.helpers import get_client_username, get_failure_limit

    from tenants.login_throttle import StaffLoginHandler

    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    # The name typed in this very sign-in (the form's, else the credentials the failure carried), never another
    # attempt's; and which rule refused it: this address as a whole, or this name from this address.
    field = getattr(settings, "AXES_USERNAME_FORM_FIELD", "username")
    typed = request.POST.get(field) if request.method == "POST" else None
    username = (typed if typed is not None else get_client_username(request, credentials)) or ""
    address_locked = StaffLoginHandler._address_over_limit(request)
    return render(request, "staff/locked_out.html", {
        "username": username.strip(), "address_locked": address_locked,
        "address_limit": settings.MAGIE_LOGIN_ADDRESS_FAILURE_LIMIT,
        "failure_limit": get_failure_limit(request, credentials),
        "minutes": minutes, "title": _("Sign-in locked"),
        "site_header": getattr(getattr(request, "tenant", None), "name", "Magie"),
    }, status=429)
