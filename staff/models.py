"""A staff member's own settings, in the organisation's schema beside its users."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from magie.choices import Language


class StaffProfile(models.Model):
    """Created on first need; an empty language means "the organisation's"."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="staff_profile",
                                verbose_name=_("staff member"))
    language = models.CharField(
        _("language"), max_length=8, choices=Language.choices, blank=True,
        help_text=_("The language of the back office for this person. Empty: the organisation's language."))

    class Meta:
        verbose_name = _("staff profile")
        verbose_name_plural = _("staff profiles")

    def __str__(self) -> str:
        return str(self.user)
