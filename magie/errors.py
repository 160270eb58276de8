"""The base of every typed domain error: a stable `code`, an HTTP status, and structured extras."""

from __future__ import annotations

from typing import Any


class DomainError(Exception):
    code = "domain_error"
    http_status = 400
    retryable = False

    def __init__(self, message: str = "", **extra: Any) -> None:
        super().__init__(message or self.code)
        self.message = message or self.code
        self.extra = extra

    def as_dict(self) -> dict[str, object]:
        return {"code": self.code, "message": self.message, "extra": self.extra}


class NotFound(DomainError):
    """Raised alike for "missing" and "someone else's"."""

    code, http_status = "not_found", 404


class IdempotencyKeyReused(DomainError):
    """The idempotency key was already used for a request with other arguments; nothing ran (bank and booking)."""

    code, http_status = "idempotency_key_reused", 409


class TextInvalid(DomainError):
    """Text an engine cannot store or look up as it is: a NUL, a lone surrogate, or longer than its field."""

    code, http_status = "text_invalid", 400
