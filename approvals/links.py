"""One-time links to the approval page (channel `app`). The link is a bearer secret, so nobody but the customer
may ever read it:

- its token is random (256 bits) and independent of the request's button nonce; the database keeps only a keyed
  hash of it (`link_hash`, HMAC with SECRET_KEY, to find the request) and, while the request is pending, the token
  encrypted with MAGIE_FIELD_KEYS (`link_token`) so the outbox can render the link when it sends the message;
- the stored message text, the turn trace, exports and every staff page carry the link redacted
  (`…/approve/[redacted approval 12]/`); `approval_links_render` puts the real token back only on the way out to
  the customer (registered with conversations.rendering, called by the channel at send time);
- it decides only its own request, recorded as `app-link:<that request's customer>`; it expires with the request;
  once the request is decided, expired or voided the encrypted copy is wiped (the model's transitions), so the link
  can only show the outcome from then on and can never be rendered again.

Design choice: an encrypted copy rather than minting a fresh token at send time, so a delivery retried after a
timeout sends the same working link the customer may already have.
"""

from __future__ import annotations

import re
import secrets

from django.utils.crypto import salted_hmac

from approvals.models import ApprovalRequest

SALT = "magie.approvals.link"
REDACTED = "[redacted approval {pk}]"
REDACTED_IN_TEXT = re.compile(r"/approve/\[redacted approval (\d+)\]/")


def link_hash(token: str) -> str:
    return salted_hmac(SALT, token, algorithm="sha256").hexdigest()


def approval_link_issue(request: ApprovalRequest) -> None:
    """Give a new (unsaved) request its link: the hash to find it by, the token encrypted for the outbox."""
    token = secrets.token_urlsafe(32)
    request.link_hash = link_hash(token)
    request.link_token = token


def approval_link_redacted(request: ApprovalRequest, base_url: str) -> str:
    """The link as the message text stores it and staff see it; the outbox renders the real one."""
    return f"{base_url}/approve/{REDACTED.format(pk=request.pk)}/"


def approval_links_render(message, text: str) -> str:
    """For the customer's copy only: each redacted link of this message's conversation, with its real token while
    its request is pending. A request that is decided, expired or voided keeps its link redacted."""
    if "/approve/[redacted approval " not in text:
        return text
    ids = {int(found) for found in REDACTED_IN_TEXT.findall(text)}
    tokens = {
        request.pk: request.link_token.reveal()
        for request in ApprovalRequest.objects.filter(pk__in=ids, conversation_id=message.conversation_id,
                                                      status=ApprovalRequest.Status.PENDING)
        if request.link_token
    }

    def real(found: re.Match) -> str:
        token = tokens.get(int(found[1]))
        return f"/approve/{token}/" if token else found[0]

    return REDACTED_IN_TEXT.sub(real, text)


def approval_from_token(token: str) -> ApprovalRequest | None:
    """The request a link names, or None for an unknown, altered or forged token."""
    if not token or len(token) > 128:
        return None
    return ApprovalRequest.objects.filter(link_hash=link_hash(token)).select_related("conversation__customer").first()
