"""Choose the organisation's provider: its own setting, else the platform's (OpenAI when a key is set)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import connection
from django.db.models.expressions import RawSQL

from agent.providers.base import Provider
from agent.providers.builtin import BuiltinProvider

_UNREAD: Any = object()
_settings_of: dict[str, tuple[str, Any]] = {}  # schema → (stamp, its AgentSettings row or None), per process


def agent_settings_stamp_sql() -> str:
    """SQL for a digest of the organisation's AgentSettings row (NULL without one), to fold into a statement the
    caller sends anyway: any edit of the row changes it, so the next turn reads the row again."""
    from agent.models import AgentSettings

    table = connection.ops.quote_name(AgentSettings._meta.db_table)
    return f"(SELECT md5(s::text) FROM {table} s ORDER BY s.id LIMIT 1)"


def provider_for_current_organisation(*, stamp: str | None = _UNREAD) -> Provider:
    """The provider the organisation's AgentSettings (else the platform's settings) name. Given `stamp`
    (`agent_settings_stamp_sql`, read by the caller with its own statement), the row is not read again while
    the stamp is the one this process read it under."""
    from agent.models import AgentSettings
    from agent.providers.openai import OpenAIProvider

    schema = str(getattr(connection, "schema_name", ""))
    cached = _settings_of.get(schema) if stamp is not _UNREAD else None
    if cached is not None and cached[0] == (stamp or ""):
        own = cached[1]
    else:
        table = connection.ops.quote_name(AgentSettings._meta.db_table)
        own = AgentSettings.objects.annotate(stamp=RawSQL(f"md5({table}::text)", [])).order_by("pk").first()
        _settings_of[schema] = ((getattr(own, "stamp", "") if own else "") or "", own)
    choice = own.provider if own else "default"
    key = (own.openai_api_key.reveal() if own else "") or settings.OPENAI_API_KEY
    if choice == "builtin" or (choice == "default" and not settings.OPENAI_API_KEY):
        return BuiltinProvider()
    return OpenAIProvider(
        api_key=key,
        base_url=(own.openai_base_url if own else "") or settings.OPENAI_BASE_URL,
        model=(own.openai_model if own else "") or settings.OPENAI_MODEL,
    )
