"""Typed errors of the channel. Webhook refusals carry the HTTP status Meta (or an attacker) gets back."""

from __future__ import annotations

from magie.errors import DomainError


class WebhookRefused(DomainError):
    code, http_status = "webhook_refused", 400


class BodyTooLarge(WebhookRefused):
    code, http_status = "body_too_large", 413


class MalformedPayload(WebhookRefused):
    code, http_status = "malformed_payload", 400


class SignatureInvalid(WebhookRefused):
    code, http_status = "signature_invalid", 401


class TooManyFailures(WebhookRefused):
    code, http_status = "too_many_failures", 429


class HandshakeRefused(WebhookRefused):
    code, http_status = "handshake_refused", 403


class OutboundInvalid(DomainError):
    """The outbound message breaks a Cloud API limit; refused before any call (the delivery is failed)."""

    code, http_status = "outbound_invalid", 422
