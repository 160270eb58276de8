"""Hand-written adversarial drafts (filled below)."""

from __future__ import annotations


def cases():
    return []
