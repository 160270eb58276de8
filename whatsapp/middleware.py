"""The webhook's POST, answered ahead of the middleware stack.

Meta's notification carries no session, cookie, CSRF token or staff language, and its signature — checked against
the channel of the `phone_number_id` it names — decides whose it is, not the host. So on the platform's host a
POST to the webhook skips the organisation lookup by host (one query and a `SET search_path`), sessions,
authentication, CSRF, the second factor, axes, CSP, the staff language and time zone and messages: about half
of the acknowledgement's CPU before (profiled through magie.wsgi). What still applies: Django's handler (request
signals, so the pooled connection goes back after the answer; its body-size limit DATA_UPLOAD_MAX_MEMORY_SIZE;
an unexpected error is a logged 500), SecurityMiddleware (the HTTPS redirect in production, HSTS, nosniff,
referrer policy), the view's own size limit (413 before the body is read) and signature check (401), and a 503
with Retry-After when every pooled connection is lent. Any other request — another host or path, the GET
handshake, another method — goes down the stack unchanged.

First in MIDDLEWARE (magie/settings/base.py).
"""

from __future__ import annotations

from typing import cast

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.db import connection
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.http.request import split_domain_port
from django.middleware.security import SecurityMiddleware
from django_tenants.utils import remove_www

from magie.middleware import pool_exhausted_response
from whatsapp.views import WEBHOOK_PATH, webhook_post


class WebhookMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self.secured = SecurityMiddleware(self._answer)

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if (request.method != "POST" or not request.path_info.startswith(WEBHOOK_PATH)
                or request.path_info[len(WEBHOOK_PATH):][:1] not in ("", "/") or not self._on_platform_host(request)):
            return self.get_response(request)
        return cast(HttpResponseBase, self.secured(request))  # a sync chain: never an awaitable

    @staticmethod
    def _on_platform_host(request: HttpRequest) -> bool:
        try:
            host = request.get_host()  # ALLOWED_HOSTS checked, as on every request
        except DisallowedHost:
            return False  # the stack answers it (django-tenants: 404)
        return remove_www(split_domain_port(host)[0]) == settings.MAGIE_BASE_DOMAIN

    @staticmethod
    def _answer(request: HttpRequest) -> HttpResponse:
        # The platform's schema, as django-tenants' middleware would set it (no query: the INSERT names its schema;
        # a secret not cached yet is read from the public table).
        connection.set_schema_to_public()  # type: ignore[attr-defined]  # django-tenants' backend
        try:
            return webhook_post(request)
        except Exception as error:
            response = pool_exhausted_response(error)
            if response is None:
                raise
            return response
