"""Who may read the workspace's audit pages: an organisation's admins and auditors (and superusers)."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User

READING_ROLES = ("admin", "auditor")  # names of tenants.roles.Role's groups


def user_may_audit(user: User | AnonymousUser) -> bool:
    """Traces and dashboards: staff of this organisation in the `admin` or `auditor` role."""
    if not (user.is_active and user.is_staff):
        return False
    return bool(user.is_superuser or user.groups.filter(name__in=READING_ROLES).exists())
