"""A staff member's own settings, and the staff's own view of two tables other apps keep (its roles, Django
groups; its login lockouts, django-axes'), in the organisation's schema beside its users."""

from __future__ import annotations

from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.models import Group
from django.db import models
from django.utils.translation import gettext_lazy as _

from magie.choices import Language
from staff.stored_words import role_label


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


class StaffRole(Group):
    """A role: a Django group whose stored name is a code ("auditor"), named in the reader's words wherever the
    back office shows it (the member's roles, the role filter, the role page)."""

    class Meta:
        proxy = True
        verbose_name = _("role")
        verbose_name_plural = _("roles")

    def __str__(self) -> str:
        return role_label(self.name)


class LoginLockout(AccessAttempt):
    """django-axes' failed sign-ins of this organisation's staff, as the back office lists them (deleting a row
    unlocks it). Its columns keep axes' own words, which the staff catalogue translates (`staff.axes_words`)."""

    class Meta:
        proxy = True
        verbose_name = _("login lockout")
        verbose_name_plural = _("login lockouts")
