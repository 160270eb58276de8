"""Button payloads the agent sends and the decision engine reads back. A payload names what it answers, so a tap on
an old message can be recognised as old. Confirmation payloads are signed (HMAC with the platform's secret) and
name the approval request they decide: a forged or altered one reads as stale, and so does one naming a request
its Ask no longer awaits."""

from __future__ import annotations

import hmac

from django.utils.crypto import salted_hmac

from asks.decide import Tap

SALT = "magie.asks.confirmation-button"


def _signature(action: str, ask_id: int, approval_id: int) -> str:
    return salted_hmac(SALT, f"{action}:{ask_id}:{approval_id}", algorithm="sha256").hexdigest()[:32]


def confirm_payload(ask_id: int, approval_id: int) -> str:
    return f"confirm:{ask_id}:{approval_id}:{_signature('confirm', ask_id, approval_id)}"


def decline_payload(ask_id: int, approval_id: int) -> str:
    return f"decline:{ask_id}:{approval_id}:{_signature('decline', ask_id, approval_id)}"


def resume_payload(ask_id: int) -> str:
    return f"resume:{ask_id}"


def choose_payload(ask_id: int | None, message_id: int | None, choice: str) -> str:
    return f"choose:{ask_id or 0}:{message_id}:{choice}"


def parse_tap(payload: str) -> Tap | None:
    """The tap a payload stands for, or None when it is none of ours (then the message is read as text)."""
    parts = payload.split(":")
    try:
        if parts[0] in ("confirm", "decline") and len(parts) == 4:
            action, ask_id, approval_id, signature = parts[0], int(parts[1]), int(parts[2]), parts[3]
            valid = hmac.compare_digest(signature, _signature(action, ask_id, approval_id))
            return Tap(action, ask_id=ask_id, approval_id=approval_id if valid else None)  # type: ignore[arg-type]
        if parts[0] == "resume" and len(parts) == 2:
            return Tap("resume", ask_id=int(parts[1]))
        if parts[0] == "choose" and len(parts) >= 4:
            return Tap("choose", ask_id=int(parts[1]) or None, message_id=int(parts[2]), choice=":".join(parts[3:]))
    except ValueError:
        return None
    return None
