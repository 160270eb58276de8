"""Which language and formats a staff member reads the back office in."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import get_language_from_request

from magie.choices import Language


def django_language(code: str) -> str:
    """An organisation's language code ("pt-BR") as Django names it in LANGUAGES ("pt-br")."""
    return code.lower()


def staff_language(request: HttpRequest) -> str:
    """The signed-in member's profile language, else the organisation's; on the platform host (and before
    sign-in there) the browser's Accept-Language among the four."""
    tenant = getattr(request, "tenant", None)
    user = getattr(request, "user", None)
    if tenant is not None and not tenant.is_platform:
        if user is not None and user.is_authenticated:
            from staff.models import StaffProfile

            chosen = StaffProfile.objects.filter(user_id=user.pk).values_list("language", flat=True).first()
            if chosen in Language.values:
                return django_language(chosen)
        if tenant.language in Language.values:
            return django_language(tenant.language)
    accepted = get_language_from_request(request)
    return accepted if accepted in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


def active_lang() -> str:
    """The active Django language as `language` names it ("pt-br" → "pt-BR"), for babel's money and dates."""
    from django.utils.translation import get_language

    code = (get_language() or settings.LANGUAGE_CODE).lower()
    return next((value for value in Language.values if value.lower() == code), "en")
