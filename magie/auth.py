"""The customer-facing app flow's one authentication: `Authorization: Token <key>`.

An engine subclasses `CustomerTokenAuthentication` and says how a key becomes its customer (`principal_for`); the
header parsing and the answers are the same everywhere: no `Token` header → not this scheme (None, so the view's
permissions decide); a malformed header or an unknown key → 401 with `WWW-Authenticate: Token`. Tokens are stored
as their SHA-256 (`token_digest`): `principal_for` receives the digest of the presented key.
"""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.request import Request

from magie.tokens import token_digest


class CustomerTokenAuthentication(BaseAuthentication):
    keyword = "Token"

    def principal_for(self, digest: str) -> tuple[Any, Any] | None:
        """(request.user, request.auth) for the token stored as `digest`, or None when no such token exists."""
        raise NotImplementedError

    def applies(self, request: Request) -> bool:
        """Whether this API exists on the current organisation (else the kind permission answers 404, not 401)."""
        return True

    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        if not self.applies(request):
            return None
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() != self.keyword.lower().encode():
            return None
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed("Authorization: Token <key>")
        try:
            key = parts[1].decode()
        except UnicodeError as error:
            raise exceptions.AuthenticationFailed("invalid token") from error
        found = self.principal_for(token_digest(key))
        if found is None:
            raise exceptions.AuthenticationFailed("invalid token")
        return found

    def authenticate_header(self, request: Request) -> str:
        return self.keyword
