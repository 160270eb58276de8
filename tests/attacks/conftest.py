"""Fixtures of the attack suites: the real signed webhook (the channel tests' own fixtures), and helpers that run
a message's turn as the agent's worker would."""

from __future__ import annotations

from whatsapp.tests.conftest import _whatsapp_settings, platform, turns  # noqa: F401 - fixtures re-exported
