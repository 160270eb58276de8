"""The satisfaction question's options: each names the escalation it rates and the score, signed (HMAC with the
platform's secret) so a forged or altered tap rates nothing. Pure functions; `inbox.services` sends and records."""

from __future__ import annotations

import hmac
from dataclasses import dataclass

from django.utils.crypto import salted_hmac

from inbox.wording import csat_words

SALT = "magie.inbox.satisfaction-button"
PREFIX = "csat"
SCORES = (1, 2, 3, 4, 5)


def _signature(escalation_id: int, score: int) -> str:
    return salted_hmac(SALT, f"{escalation_id}:{score}", algorithm="sha256").hexdigest()[:24]


def csat_payload(escalation_id: int, score: int) -> str:
    return f"{PREFIX}:{escalation_id}:{score}:{_signature(escalation_id, score)}"


@dataclass(frozen=True)
class CsatTap:
    escalation_id: int
    score: int
    valid: bool  # the signature matches and the score is 1–5


def csat_parse(payload: str) -> CsatTap | None:
    """The rating a tap's payload stands for (`valid` False when forged or out of range), or None when the payload
    is no satisfaction option at all."""
    parts = (payload or "").split(":")
    if len(parts) != 4 or parts[0] != PREFIX:
        return None
    try:
        escalation_id, score = int(parts[1]), int(parts[2])
    except ValueError:
        return CsatTap(0, 0, False)
    valid = score in SCORES and hmac.compare_digest(parts[3], _signature(escalation_id, score))
    return CsatTap(escalation_id, score, valid)


def csat_options(escalation_id: int, language: str) -> list[dict[str, str]]:
    """The five options, worded in the customer's language."""
    return [{"id": csat_payload(escalation_id, score), "title": csat_words(language, score)} for score in SCORES]
