"""Choose the organisation's provider: its own setting, else the platform's (OpenAI when a key is set)."""

from __future__ import annotations

from django.conf import settings

from agent.providers.base import Provider
from agent.providers.builtin import BuiltinProvider


def provider_for_current_organisation() -> Provider:
    from agent.models import AgentSettings
    from agent.providers.openai import OpenAIProvider

    own = AgentSettings.objects.first()
    choice = own.provider if own else "default"
    key = (own.openai_api_key.reveal() if own else "") or settings.OPENAI_API_KEY
    if choice == "builtin" or (choice == "default" and not settings.OPENAI_API_KEY):
        return BuiltinProvider()
    return OpenAIProvider(
        api_key=key,
        base_url=(own.openai_base_url if own else "") or settings.OPENAI_BASE_URL,
        model=(own.openai_model if own else "") or settings.OPENAI_MODEL,
    )
