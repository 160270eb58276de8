"""Staff roles inside one organisation's schema, as Django groups with model permissions.

- admin: edits the organisation's policy and channel credentials, manages staff, sees everything;
- agent: works escalated chats (claim, reply, resolve in the inbox), sees conversations and Asks;
- auditor: sees everything, changes nothing.
Users and groups live in the organisation's own schema, so no role reaches another organisation.
"""

from __future__ import annotations

from django.apps import apps
from django.contrib.auth.management import create_permissions
from django.contrib.auth.models import Group, Permission
from django.db import models

from magie.tenancy import schema_name_current


class Role(models.TextChoices):
    ADMIN = "admin", "Organisation admin"
    AGENT = "agent", "Human agent"
    AUDITOR = "auditor", "Auditor"


# Apps whose models an organisation's staff may see in its back office.
BACKOFFICE_APPS = ("tenants", "auth", "conversations", "asks", "bank", "booking", "store", "approvals", "guards", "agent",
                   "inbox", "whatsapp", "staff", "privacy", "staff_auth")
ADMIN_CHANGES = {
    ("tenants", "organisationpolicy"), ("tenants", "whatsappchannel"), ("auth", "user"),
    ("store", "product"), ("store", "useddeviceprice"),  # the catalogue and the buying prices
    ("bank", "banksettings"), ("bank", "contact"),  # night limit; customers' saved contacts (money moves via services)
    ("booking", "activity"), ("booking", "activityequipment"), ("booking", "instructor"),  # the school's catalogue;
    ("booking", "equipmenttype"), ("booking", "timeslot"),  # bookings and payment links change through services only
    ("agent", "agentsettings"),  # the organisation's model provider
    ("conversations", "customer"),  # adding sandbox customers only (CustomerAdmin never edits a customer)
    ("tenants", "staffsecurity"),  # the second factor required of admins
    ("inbox", "cannedreply"),  # the replies agents pick in the inbox
    ("inbox", "team"), ("inbox", "agentavailability"),  # teams, agents' teams and capacities
    ("inbox", "inboxsettings"),  # the service level and staffed hours
    ("staff", "staffprofile"),  # each member's back-office language
    ("privacy", "retentionsettings"),  # how long message contents and traces are kept
}
# Customers' data rights (privacy/): exporting and erasing a customer's data is the admins' alone, and recorded.
ADMIN_PERMISSIONS = {("privacy", "export_customer_data"), ("privacy", "erase_customer_data")}
# Admins see and clear their organisation's login lockouts (django-axes), which nobody else sees.
ADMIN_VIEW_DELETE = {("staff", "loginlockout")}
# Audit logs of what staff saw: read by admins and auditors, never by the agents they record.
AUDITED_ONLY = ("customerdataview",)
# Models each role may add and change besides viewing (engines import nothing of tenants, so the list lives here).
ROLE_EXTRA_CHANGES: dict[str, set[tuple[str, str]]] = {
    Role.ADMIN: set(ADMIN_CHANGES),
    Role.AGENT: {("inbox", "escalation"), ("inbox", "escalationreply"),  # escalated chats: claim, reply, resolve,
                 ("inbox", "escalationnote")},  # and private notes on them
}


def _permissions_for(role: str) -> list[Permission]:
    view = Permission.objects.filter(content_type__app_label__in=BACKOFFICE_APPS, codename__startswith="view_")
    if role == Role.AGENT:
        view = view.filter(content_type__app_label__in=("conversations", "asks", "inbox")).exclude(
            content_type__app_label="inbox", content_type__model__in=AUDITED_ONLY)
    for app_label, model_name in ADMIN_VIEW_DELETE:  # the admins' alone
        view = view.exclude(content_type__app_label=app_label, content_type__model=model_name)
    chosen = list(view)
    if role == Role.ADMIN:
        for app_label, model_name in sorted(ADMIN_VIEW_DELETE):
            chosen += Permission.objects.filter(content_type__app_label=app_label, content_type__model=model_name,
                                                codename__regex=r"^(view|delete)_")
        for app_label, codename in sorted(ADMIN_PERMISSIONS):
            chosen += Permission.objects.filter(content_type__app_label=app_label, codename=codename)
    for app_label, model_name in sorted(ROLE_EXTRA_CHANGES.get(role, ())):
        chosen += Permission.objects.filter(
            content_type__app_label=app_label,
            content_type__model=model_name,
            codename__regex=r"^(add|change|view)_",
        )
    return chosen


def roles_sync(*, permissions_create: bool = True) -> dict[str, Group]:
    """Create the three groups in the current schema and give them exactly their permissions. Idempotent.
    `permissions_create=False` when the schema was just made (its migrations created every permission)."""
    if schema_name_current() == "public":
        raise RuntimeError("roles live in an organisation's schema; enter its tenant_context first")
    for app_config in apps.get_app_configs() if permissions_create else ():
        create_permissions(app_config, verbosity=0)
    groups = {}
    for role in Role:
        group, _ = Group.objects.get_or_create(name=role.value)
        group.permissions.set(_permissions_for(role))
        groups[role.value] = group
    return groups


def user_role(user: object) -> str | None:
    names = set(user.groups.values_list("name", flat=True))  # type: ignore[attr-defined]
    return next((role.value for role in Role if role.value in names), None)
