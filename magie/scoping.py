"""Every organisation's schema has every app's tables; these keep each engine to the organisations of its kind.

A bank's back office shows no booking pages and its API answers 404 for the store's endpoints.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib import admin
from rest_framework.exceptions import NotFound
from rest_framework.permissions import BasePermission

from magie.tenancy import NoOrganisation, tenancy_current


def current_kind() -> str | None:
    """The current organisation's kind; None on the platform host (no organisation)."""
    try:
        return tenancy_current().kind
    except NoOrganisation:
        return None


if TYPE_CHECKING:  # the mixin's super() is the ModelAdmin (or inline) it is mixed into
    _AdminBase = admin.ModelAdmin
else:
    _AdminBase = object


class KindScopedAdminMixin(_AdminBase):
    """Admin pages of an engine appear only in back offices of `organisation_kinds`."""

    organisation_kinds: tuple[str, ...] = ()

    def _kind_allowed(self, request) -> bool:
        tenant = getattr(request, "tenant", None)
        return tenant is not None and tenant.kind in self.organisation_kinds

    def has_module_permission(self, request) -> bool:
        return self._kind_allowed(request) and super().has_module_permission(request)

    def has_view_permission(self, request, obj=None) -> bool:
        return self._kind_allowed(request) and super().has_view_permission(request, obj)

    def has_add_permission(self, request, *args) -> bool:
        return self._kind_allowed(request) and super().has_add_permission(request, *args)

    def has_change_permission(self, request, obj=None) -> bool:
        return self._kind_allowed(request) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return self._kind_allowed(request) and super().has_delete_permission(request, obj)


def organisation_kind_is(*kinds: str) -> type[BasePermission]:
    """A DRF permission: the API exists only on organisations of these kinds (others get 404, not 403)."""

    class OrganisationKindIs(BasePermission):
        def has_permission(self, request, view) -> bool:
            if current_kind() not in kinds:
                raise NotFound()
            return True

    return OrganisationKindIs
