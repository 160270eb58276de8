from __future__ import annotations

from django.db import transaction

from magie.choices import Language
from staff.models import StaffProfile


@transaction.atomic
def staff_language_set(*, user_id: int, language: str) -> StaffProfile:
    """Set a member's back-office language ("" = the organisation's). Raises ValueError for an unknown one."""
    if language and language not in Language.values:
        raise ValueError(f"unknown language {language!r}")
    profile, _ = StaffProfile.objects.select_for_update().get_or_create(user_id=user_id)
    profile.language = language
    profile.save(update_fields=["language"])
    return profile
