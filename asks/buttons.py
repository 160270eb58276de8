"""Button payloads the agent sends and the decision engine reads back. A payload names what it answers, so a tap on
an old message can be recognised as old."""

from __future__ import annotations

from asks.decide import Tap


def confirm_payload(ask_id: int, token: str) -> str:
    return f"confirm:{ask_id}:{token}"


def decline_payload(ask_id: int, token: str) -> str:
    return f"decline:{ask_id}:{token}"


def resume_payload(ask_id: int) -> str:
    return f"resume:{ask_id}"


def choose_payload(ask_id: int | None, message_id: int, choice: str) -> str:
    return f"choose:{ask_id or 0}:{message_id}:{choice}"


def parse_tap(payload: str) -> Tap | None:
    """The tap a payload stands for, or None when it is none of ours (then the message is read as text)."""
    parts = payload.split(":")
    try:
        if parts[0] in ("confirm", "decline") and len(parts) == 3:
            return Tap(parts[0], ask_id=int(parts[1]), token=parts[2])  # type: ignore[arg-type]
        if parts[0] == "resume" and len(parts) == 2:
            return Tap("resume", ask_id=int(parts[1]))
        if parts[0] == "choose" and len(parts) >= 4:
            return Tap("choose", ask_id=int(parts[1]) or None, message_id=int(parts[2]), choice=":".join(parts[3:]))
    except ValueError:
        return None
    return None
