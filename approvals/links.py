"""Signed one-time links to the approval page (channel `app`). The signature (HMAC with SECRET_KEY) binds the
request and its random nonce; expiry is the request's own; once decided, the page only shows the outcome."""

from __future__ import annotations

from django.core import signing

from approvals.models import ApprovalRequest

SALT = "magie.approvals.link"


def approval_link_token(request: ApprovalRequest) -> str:
    return signing.Signer(salt=SALT).sign_object({"a": request.pk, "n": request.nonce}, compress=True)


def approval_link(request: ApprovalRequest, base_url: str) -> str:
    return f"{base_url}/approve/{approval_link_token(request)}/"


def approval_from_token(token: str) -> ApprovalRequest | None:
    """The request a link names, or None for a forged, altered or foreign token."""
    try:
        data = signing.Signer(salt=SALT).unsign_object(token)
    except signing.BadSignature:
        return None
    return ApprovalRequest.objects.filter(pk=data.get("a"), nonce=data.get("n")).first()
