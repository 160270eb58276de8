"""The back office's sidebar, grouped by the work: the one place that says which page sits where.

`SECTIONS` maps a section key to its items, in sidebar order. Other apps add their pages with `nav_register` (from
their `AppConfig.ready()`), so no one edits this file to plug a page in. unfold calls `navigation` on every page
(settings `UNFOLD["SIDEBAR"]["navigation"]`); an item is shown when the staff member has its permission and the organisation is of one of its kinds; a section with nothing to show is hidden.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.apps import apps
from django.http import HttpRequest
from django.urls import NoReverseMatch, reverse
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from magie.choices import OrganisationKind

Link = str | Callable[[HttpRequest], str]


@dataclass(frozen=True)
class NavItem:
    title: str | Promise
    link: Link  # a URL name ("inbox:queue", "admin:asks_ask_changelist") or a callable(request) → URL
    icon: str  # a Material Symbols name
    permission: str | None = None  # the Django permission a staff member needs; None → any signed-in staff
    kinds: tuple[str, ...] = ()  # organisation kinds that see it; empty → every kind


@dataclass(frozen=True)
class Section:
    title: str | Promise
    items: list[NavItem]


def _changelist(app_model: str) -> str:
    app_label, model = app_model.split(".")
    return f"admin:{app_label}_{model}_changelist"


def _policy_link(request: HttpRequest) -> str:
    """Straight to the organisation's one policy (its list would hold a single row)."""
    # by its label, as every menu item names its model: staff sits below the apps and imports none of them
    policy = apps.get_model("tenants", "OrganisationPolicy").objects.filter(organisation=getattr(request, "tenant", None)).only("pk").first()
    if policy is None:
        return reverse(_changelist("tenants.organisationpolicy"))
    return reverse("admin:tenants_organisationpolicy_change", args=[policy.pk])


def _item(title, app_model: str, icon: str, kinds: tuple[str, ...] = ()) -> NavItem:
    app_label, model = app_model.split(".")
    return NavItem(title, _changelist(app_model), icon, f"{app_label}.view_{model}", kinds)


def _kind_section(title, kind: str, pages: list[tuple[Promise, str, str]]) -> Section:
    """A section only organisations of `kind` see: its pages as (title, "app.model", icon)."""
    return Section(title, [_item(page_title, app_model, icon, (kind,)) for page_title, app_model, icon in pages])


SECTIONS: dict[str, Section] = {
    "policies": Section(_("Policies"), [
        NavItem(_("Agent policy"), _policy_link, "policy", "tenants.view_organisationpolicy"),
        _item(_("Policy history"), "tenants.policyversion", "history"),
        _item(_("Model provider"), "agent.agentsettings", "smart_toy"),
        _item(_("WhatsApp number"), "tenants.whatsappchannel", "call"),
        _item(_("Channel key changes"), "tenants.channelrekey", "key"),
    ]),
    "conversations": Section(_("Conversations & Asks"), [
        _item(_("Conversations"), "conversations.conversation", "forum"),
        _item(_("Customers"), "conversations.customer", "group"),
        _item(_("Asks"), "asks.ask", "assignment"),
        _item(_("Turns"), "agent.turn", "sync_alt"),
        _item(_("Failed turns"), "agent.failedturn", "error"),
    ]),
    "approvals": Section(_("Approvals"), [
        _item(_("Approval log"), "approvals.approvalrequest", "verified_user"),
    ]),
    "inbox": Section(_("Inbox"), [
        NavItem(_("Escalated chats"), "inbox:queue", "inbox", "inbox.view_escalation"),
        _item(_("Escalation records"), "inbox.escalation", "folder_open"),
        _item(_("Canned replies"), "inbox.cannedreply", "quickreply"),
        _item(_("Teams"), "inbox.team", "groups"),
        _item(_("Agent availability"), "inbox.agentavailability", "how_to_reg"),
        _item(_("Service level and hours"), "inbox.inboxsettings", "timer"),
        _item(_("Satisfaction ratings"), "inbox.satisfactionrating", "sentiment_satisfied"),
    ]),
    "dashboards": Section(_("Dashboards"), []),
    "bank": _kind_section(_("Bank"), OrganisationKind.BANK, [
        (_("Pix transfers"), "bank.pixtransfer", "payments"),
        (_("Account holders"), "bank.holder", "person"),
        (_("Accounts"), "bank.account", "account_balance"),
        (_("Pix keys"), "bank.pixkey", "key"),
        (_("Saved contacts"), "bank.contact", "contacts"),
        (_("Bank settings"), "bank.banksettings", "tune"),
        (_("Bank data shown to staff"), "inbox.customerdataview", "visibility"),  # the audit log (not agents)
    ]),
    "school": _kind_section(_("School"), OrganisationKind.SCHOOL, [
        (_("Bookings"), "booking.booking", "event_available"),
        (_("Time slots"), "booking.timeslot", "calendar_month"),
        (_("Activities"), "booking.activity", "downhill_skiing"),
        (_("Instructors"), "booking.instructor", "school"),
        (_("Equipment"), "booking.equipmenttype", "inventory_2"),
        (_("Payment links"), "booking.paymentlink", "link"),
    ]),
    "store": _kind_section(_("Store"), OrganisationKind.STORE, [
        (_("Products"), "store.product", "smartphone"),
        (_("Trade-in prices"), "store.useddeviceprice", "sell"),
        (_("Trade-in quotes"), "store.useddevicequote", "request_quote"),
    ]),
    "staff": Section(_("Staff"), [
        _item(_("Staff members"), "auth.user", "badge"),
        _item(_("Roles"), "staff.staffrole", "shield_person"),
        _item(_("Staff security"), "tenants.staffsecurity", "lock"),
        _item(_("Login lockouts"), "staff.loginlockout", "no_accounts"),
        _item(_("Sign-in events"), "staff_auth.staffauthevent", "manage_history"),
    ]),
}

PLATFORM_SECTIONS: dict[str, Section] = {
    "organisations": Section(_("Platform"), [
        _item(_("Organisations"), "tenants.organisation", "apartment"),
        _item(_("WhatsApp numbers"), "tenants.whatsappchannel", "call"),
        _item(_("Channel key changes"), "tenants.channelrekey", "key"),
        _item(_("Policy history"), "tenants.policyversion", "history"),
        _item(_("Operator lockouts"), "axes.accessattempt", "no_accounts"),
        _item(_("Sign-in events"), "staff_auth.staffauthevent", "manage_history"),
    ]),
}


def nav_register(section: str, item: NavItem) -> None:
    """Add `item` at the end of `section` (a key of SECTIONS); the same link registered twice is kept once."""
    items = SECTIONS[section].items
    if all(existing.link != item.link for existing in items):
        items.append(item)


def _visible(request: HttpRequest, item: NavItem) -> str | None:
    """The item's URL when this staff member in this organisation may see it, else None."""
    tenant = getattr(request, "tenant", None)
    if item.kinds and getattr(tenant, "kind", None) not in item.kinds:
        return None
    if item.permission and not request.user.has_perm(item.permission):
        return None
    try:
        return item.link(request) if callable(item.link) else reverse(item.link)
    except NoReverseMatch:  # a page this host does not serve
        return None


def _groups(request: HttpRequest, sections: dict[str, Section]) -> list[dict]:
    groups = []
    for section in sections.values():
        items = []
        for item in section.items:
            url = _visible(request, item)
            if url is not None:
                items.append({"title": item.title, "icon": item.icon, "link": url,
                              "active": request.path.startswith(url) and url.rstrip("/") != "/admin"})
        if items:
            groups.append({"title": section.title, "separator": True, "collapsible": False, "items": items})
    return groups


def navigation(request: HttpRequest) -> list[dict]:
    """unfold's sidebar: the platform's sections on its host, the organisation's on an organisation's host."""
    tenant = getattr(request, "tenant", None)
    return _groups(request, PLATFORM_SECTIONS if tenant is None or tenant.is_platform else SECTIONS)


def account_links(request: HttpRequest) -> list[dict]:
    """The member's own menu (under their name): their recovery codes, and their language on an organisation's
    host."""
    tenant = getattr(request, "tenant", None)
    codes = [{"title": _("Recovery codes"), "link": reverse("recovery-codes")}]
    if tenant is None or tenant.is_platform:
        return codes
    return [{"title": _("Your language"), "link": reverse("staff-language")}, *codes]
