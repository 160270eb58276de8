"""Customer API tokens at rest: only their SHA-256 is stored (`bank.HolderToken`, `booking.CustomerToken`); the key
is handed to the customer once, when issued (`*_token_issue` returns it as `token.secret`), and kept nowhere.
A token is 256 random bits, so no salt or slow hash is needed to make a leaked table useless."""

from __future__ import annotations

import hashlib
import secrets


def token_digest(key: str) -> str:
    """What is stored of a customer token: its SHA-256 (hex)."""
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def token_new() -> tuple[str, str]:
    """A new random customer token: (the key to hand to the customer, the digest to store)."""
    key = secrets.token_urlsafe(32)
    return key, token_digest(key)


def token_digest_of_new() -> str:
    """A model default: the digest of a fresh key nobody will know (a token issued without `*_token_issue`)."""
    return token_new()[1]
