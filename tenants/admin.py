"""Platform admin (organisations) and each organisation's back-office pages for its policy and channel."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django_tenants.admin import TenantAdminMixin
from django_tenants.utils import schema_context
from unfold.admin import ModelAdmin, StackedInline, TabularInline
from unfold.forms import AdminPasswordChangeForm, UserChangeForm, UserCreationForm

from magie.admin_readonly import ReadOnlyAdmin
from magie.admin_sites import backoffice_site, platform_site
from magie.choices import RiskClass
from staff.models import LoginLockout, StaffProfile, StaffRole
from staff.selectors import active_lang
from staff.stored_words import role_label
from staff_auth.models import StaffAuthEvent
from staff_auth.services import login_lockouts_clear
from tenants.errors import RekeyAlreadyDecided, RekeyNeedsSecondPerson
from tenants.forms import GATE_PARTS, PolicyForm, WhatsAppChannelForm
from tenants.models import (
    ChannelRekey,
    Domain,
    Organisation,
    OrganisationPolicy,
    PolicyVersion,
    StaffSecurity,
    WhatsAppChannel,
)
from tenants.policy import gate_field, policy_snapshot
from tenants.policy_changes import policy_changes, policy_version_rows
from tenants.services import (
    channel_rekey_decide,
    channel_rekey_request,
    organisation_complete,
    organisation_staff_security_update,
    policy_update,
    whatsapp_channel_save,
)

SYSTEM_CREATED = _("system (created)")


def actor(request) -> str:
    return f"{request.user.get_username()}@{request.tenant.schema_name}"


class DomainInline(TabularInline):
    model = Domain
    extra = 0


@admin.register(Organisation, site=platform_site)
class OrganisationAdmin(TenantAdminMixin, ModelAdmin):
    list_display = ["schema_name", "name", "kind", "language", "languages", "time_zone", "currency", "created_at",
                    "lockouts_link"]
    list_filter = ["kind", "language", "currency", "created_at"]
    search_fields = ["schema_name", "name"]
    date_hierarchy = "created_at"
    inlines = [DomainInline]

    def save_related(self, request, form, formsets, change) -> None:
        """An organisation added here gets what `organisation_create` makes besides its schema — a primary domain
        unless the form gave one, the policy (version 1), the staff roles — in the same transaction as the form:
        without a policy every turn of its customers is refused."""
        super().save_related(request, form, formsets, change)
        organisation_complete(form.instance, new=not change)

    @admin.display(description=_("login lockouts"))
    def lockouts_link(self, obj: Organisation) -> str:
        if obj.is_platform:
            return ""
        return format_html('<a href="{}">{}</a>', reverse("admin:tenants_organisation_lockouts", args=[obj.pk]),
                           _("Login lockouts"))

    def get_urls(self):
        own = [path("<int:pk>/lockouts/", self.admin_site.admin_view(self.lockouts_view),
                    name="tenants_organisation_lockouts")]
        return own + super().get_urls()

    def lockouts_view(self, request, pk: int):
        """The platform operator's view of one organisation's login lockouts, and its way to clear them: when every
        admin of an organisation is locked, nobody inside it can."""
        if not self.has_change_permission(request):
            raise PermissionDenied
        organisation = get_object_or_404(Organisation, pk=pk)
        if organisation.is_platform:
            raise Http404
        with schema_context(organisation.schema_name):
            attempts = LoginLockout.objects.order_by("-attempt_time")
            if request.method == "POST":
                chosen = attempts.filter(pk__in=request.POST.getlist("attempt")) if "attempt" in request.POST else (
                    attempts.none())
                cleared = login_lockouts_clear(attempts=chosen, actor=actor(request))
                messages.success(request, ngettext("%(count)d lockout cleared.", "%(count)d lockouts cleared.",
                                                   cleared) % {"count": cleared})
                return redirect(request.path)
            rows = list(attempts.values("pk", "username", "ip_address", "failures_since_start", "attempt_time"))
        context = {**self.admin_site.each_context(request), "opts": self.opts, "organisation": organisation,
                   "rows": rows, "title": _("Login lockouts of %(organisation)s") % {"organisation": organisation.name}}
        return TemplateResponse(request, "staff/organisation_lockouts.html", context)


class ChannelAdminMixin(admin.ModelAdmin):
    """Secrets are form-only fields: never rendered, never in a list, kept when left blank."""

    form = WhatsAppChannelForm
    list_display = ["phone_number_id", "display_phone_number", "secrets_state"]

    def organisation_for(self, request, obj) -> Organisation:
        """The organisation a saved channel belongs to (the platform's form names it, a back office is its own)."""
        raise NotImplementedError

    @admin.display(description=_("secrets"))
    def secrets_state(self, obj: WhatsAppChannel) -> str:
        return str(_("set") if all(getattr(obj, name) for name in WhatsAppChannel.SECRET_FIELDS) else _("missing"))

    def save_model(self, request, obj, form, change) -> None:
        """The number is saved at once; new secrets become a key change that a second person must approve."""
        saved = whatsapp_channel_save(
            organisation=self.organisation_for(request, obj),
            phone_number_id=form.cleaned_data["phone_number_id"],
            display_phone_number=form.cleaned_data["display_phone_number"],
        )
        obj.pk = saved.pk
        rekey = channel_rekey_request(channel=saved, requested_by=actor(request),
                                      **{name: form.cleaned_data.get(name) for name in WhatsAppChannel.SECRET_FIELDS})
        if rekey is not None:
            messages.warning(request, gettext(
                "The new secrets are not in use yet: another admin of the organisation, or the platform operator, "
                "must approve the key change in Channel key changes."))

    def get_fields(self, request, obj=None):  # view-only pages show no secret field at all
        fields = super().get_fields(request, obj)
        if self.has_change_permission(request, obj):
            return fields
        return [name for name in fields if name not in WhatsAppChannel.SECRET_FIELDS]

    def get_form(self, request, obj=None, change=False, **kwargs):
        fields = kwargs.pop("fields", None) or self.get_fields(request, obj)
        fields = [name for name in fields if name not in WhatsAppChannel.SECRET_FIELDS]
        return super().get_form(request, obj, change, fields=fields, **kwargs)


@admin.register(WhatsAppChannel, site=platform_site)
class PlatformChannelAdmin(ChannelAdminMixin, ModelAdmin):
    list_display = ["phone_number_id", "display_phone_number", "organisation", "secrets_state"]

    fields = ["organisation", "phone_number_id", "display_phone_number", *WhatsAppChannel.SECRET_FIELDS]

    def organisation_for(self, request, obj):
        return obj.organisation


@admin.register(PolicyVersion, site=platform_site)
class PlatformPolicyVersionAdmin(ReadOnlyAdmin):
    list_display = ["organisation", "number", "changed_at", "changed_by"]
    list_filter = ["organisation", "changed_at"]
    search_fields = ["changed_by", "organisation__name"]
    date_hierarchy = "changed_at"


if TYPE_CHECKING:  # the mixin's super() is the ModelAdmin it is mixed into
    _AdminBase = admin.ModelAdmin
else:
    _AdminBase = object


class OwnOrganisationMixin(_AdminBase):
    """Back-office pages see only the rows of the organisation whose host they are served on."""

    def get_queryset(self, request):
        return super().get_queryset(request).filter(organisation=request.tenant)

    def organisation_for(self, request, obj):
        return request.tenant


@admin.register(OrganisationPolicy, site=backoffice_site)
class PolicyAdmin(OwnOrganisationMixin, ModelAdmin):
    """The organisation's one policy. A change that loosens a protection is shown as sentences on a confirmation
    page first ("Pix acima de R$ 1.000,00 passa a pedir aprovação"); only the confirmed post is saved."""

    form = PolicyForm
    list_display = ["__str__", "version", "updated_at"]
    date_hierarchy = "updated_at"
    confirmation_template = "staff/policy_confirm.html"

    def get_fieldsets(self, request, obj=None):
        gates = [
            (_("Approval · %(kind)s") % {"kind": label}, {"fields": [gate_field(risk, p) for p in GATE_PARTS]})
            for risk, label in RiskClass.choices
        ]
        return [
            (_("Requests"), {"fields": ["ask_stale_after", "on_tool_failure", "side_request"]}),
            (_("Approvals"), {"fields": ["approval_expiry", "amount_max"]}),
            *gates,
            (_("Checks on replies"), {"fields": ["enabled_guards", "internal_vocabulary", "guard_retries",
                                                 "guard_time_budget_ms"]}),
        ]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        if request.method == "POST" and object_id:
            confirmation = self._confirmation(request, object_id)
            if confirmation is not None:
                return confirmation
        return super().changeform_view(request, object_id, form_url, extra_context)

    def _confirmation(self, request, object_id):
        """The confirmation page when the posted policy is valid and loosens a protection, else None (the post
        then goes the usual way: saved, or shown again with every error)."""
        policy = self.get_object(request, unquote(object_id))
        if policy is None or not self.has_change_permission(request, policy):
            return None
        if request.POST.get("_confirmed") == str(policy.version):  # confirmed against the policy still in force
            return None
        before = policy_snapshot(policy)
        form = self.get_form(request, policy, change=True)(request.POST, request.FILES, instance=policy)
        if not form.is_valid():
            return None
        organisation = request.tenant
        changes = policy_changes(old=before, new=form.snapshot, kind=organisation.kind,  # type: ignore[attr-defined]
                                 currency=organisation.currency, lang=active_lang())
        if not any(change.risky for change in changes):
            return None
        posted = [(name, value) for name in request.POST
                  if name not in ("csrfmiddlewaretoken", "_continue", "_confirmed")
                  for value in request.POST.getlist(name)]
        context = {**self.admin_site.each_context(request), "title": _("Confirm the policy change"),
                   "opts": self.opts, "original": policy, "changes": changes, "posted": posted,
                   "risky": [c for c in changes if c.risky], "others": [c for c in changes if not c.risky],
                   "cancel_url": request.path}
        return TemplateResponse(request, self.confirmation_template, context)

    def save_model(self, request, obj, form, change) -> None:
        policy_update(organisation=request.tenant, changes=form.snapshot, changed_by=actor(request))


@admin.register(PolicyVersion, site=backoffice_site)
class PolicyVersionAdmin(OwnOrganisationMixin, PlatformPolicyVersionAdmin):  # type: ignore[misc]
    list_display = ["number", "changed_at", "changed_by_shown", "changes_shown"]  # type: ignore[assignment]
    fields = ("number", "changed_at", "changed_by_shown", "changes_shown", "snapshot_shown")
    readonly_fields = fields
    list_select_related = ["organisation"]  # each row's changes are shown in its currency

    @admin.display(description=_("changes"))
    def changes_shown(self, obj) -> str:
        """What the version changed, field by field, before → after, in the policy form's words and formats."""
        rows = policy_version_rows(obj.changes or {}, currency=obj.organisation.currency, lang=active_lang())
        if not rows:
            return "—"
        head = format_html("<tr><th>{}</th><th>{}</th><th>{}</th></tr>", _("setting"), _("before"), _("after"))
        body = format_html_join("", "<tr><td>{}</td><td>{}</td><td>{}</td></tr>", rows)
        return format_html('<table class="policy-version-changes"><thead>{}</thead><tbody>{}</tbody></table>',
                           head, body)

    @admin.display(description=_("policy after this version"))
    def snapshot_shown(self, obj) -> str:
        """The whole policy as this version left it, setting by setting, in the policy form's words and formats."""
        whole = {key: {"old": {} if key == "gates" else None, "new": value} for key, value in (obj.snapshot or {}).items()}
        rows = policy_version_rows(whole, currency=obj.organisation.currency, lang=active_lang())
        body = format_html_join("", "<tr><td>{}</td><td>{}</td></tr>", ((what, after) for what, _old, after in rows))
        return format_html('<table class="policy-version-snapshot"><tbody>{}</tbody></table>', body) if rows else "—"

    @admin.display(description=_("changed by"), ordering="changed_by")
    def changed_by_shown(self, obj) -> str:
        """Who changed it ("admin@demobank"), or the platform when it created the organisation's first version."""
        return str(SYSTEM_CREATED) if obj.changed_by == "system (created)" else obj.changed_by
    list_filter = ["changed_at"]  # type: ignore[misc,assignment]
    search_fields = ["changed_by"]  # type: ignore[misc]


@admin.register(WhatsAppChannel, site=backoffice_site)
class BackofficeChannelAdmin(OwnOrganisationMixin, ChannelAdminMixin, ModelAdmin):
    fields = ["phone_number_id", "display_phone_number", *WhatsAppChannel.SECRET_FIELDS]

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class StaffProfileInline(StackedInline):
    """The member's back-office language (empty: the organisation's)."""

    model = StaffProfile
    fields = ["language"]
    can_delete = False
    extra = 1
    max_num = 1


class RoleFilter(admin.SimpleListFilter):
    title = _("role")
    parameter_name = "role"

    def lookups(self, request, model_admin):
        return [(role.pk, str(role)) for role in StaffRole.objects.order_by("name")]

    def queryset(self, request, queryset):
        return queryset.filter(groups__pk=self.value()) if self.value() else queryset


@admin.register(User, site=backoffice_site)
class StaffAdmin(UserAdmin, ModelAdmin):
    """Staff of this organisation only (its schema); no superusers or per-user permissions: roles are groups."""

    form = UserChangeForm
    add_form = UserCreationForm
    change_password_form = AdminPasswordChangeForm
    list_display = ["username", "email", "is_active", "role", "last_login"]
    list_filter = ["is_active", RoleFilter, "date_joined"]
    search_fields = ["username", "email", "first_name", "last_name"]
    date_hierarchy = "date_joined"
    inlines = [StaffProfileInline]
    fieldsets = [(None, {"fields": ["username", "password"]}),
                 (_("Staff"), {"fields": ["email", "is_active", "groups"]})]

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("groups")  # the role column: one query per page

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        if db_field.name == "groups":  # each role offered by its name in the reader's words
            kwargs["queryset"] = StaffRole.objects.order_by("name")
        return super().formfield_for_manytomany(db_field, request, **kwargs)

    @admin.display(description=_("role"))
    def role(self, obj) -> str:
        return ", ".join(role_label(group.name) for group in obj.groups.all())

    def save_model(self, request, obj, form, change) -> None:
        obj.is_staff = True
        obj.is_superuser = False
        super().save_model(request, obj, form, change)


PERMISSION_ACTIONS = {"add": _("Can add %(name)s"), "change": _("Can change %(name)s"),
                      "delete": _("Can delete %(name)s"), "view": _("Can view %(name)s")}


def permission_label(permission) -> str:
    """A permission as the reader says it: Django stores its name in English when the table is created."""
    action, _sep, model_name = permission.codename.partition("_")
    model = permission.content_type.model_class()
    if action not in PERMISSION_ACTIONS or model is None or model._meta.model_name != model_name:
        # a permission of the app's own (privacy.export_customer_data): its name is a msgid of the catalogues
        return f"{permission.content_type} | {gettext(permission.name)}"
    opts = model._meta
    return f"{apps_verbose_name(opts.app_label)} | {PERMISSION_ACTIONS[action] % {'name': opts.verbose_name}}"


def apps_verbose_name(app_label: str) -> str:
    from django.apps import apps

    return str(apps.get_app_config(app_label).verbose_name)


@admin.register(StaffRole, site=backoffice_site)
class RoleAdmin(ReadOnlyAdmin):
    list_display = ["role_name"]
    fields = readonly_fields = ["role_name", "permission_list"]

    @admin.display(description=_("name"), ordering="name")
    def role_name(self, obj) -> str:
        return role_label(obj.name)

    @admin.display(description=_("permissions"))
    def permission_list(self, obj) -> str:
        labels = [permission_label(permission) for permission in
                  obj.permissions.select_related("content_type").order_by("content_type__app_label", "codename")]
        return ", ".join(labels)


@admin.register(StaffSecurity, site=backoffice_site)
class StaffSecurityAdmin(ModelAdmin):
    """This organisation's staff-login rules; changed through `organisation_staff_security_update`."""

    fields = ["admin_totp_required", "agent_totp_required", "auditor_totp_required"]
    list_display = ["name", "admin_totp_required", "agent_totp_required", "auditor_totp_required"]

    def get_queryset(self, request):
        return super().get_queryset(request).filter(pk=request.tenant.pk)

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def save_model(self, request, obj, form, change) -> None:
        organisation_staff_security_update(organisation=request.tenant,
                                           admin_totp_required=form.cleaned_data["admin_totp_required"],
                                           agent_totp_required=form.cleaned_data["agent_totp_required"],
                                           auditor_totp_required=form.cleaned_data["auditor_totp_required"],
                                           changed_by=actor(request))


@admin.register(LoginLockout, site=backoffice_site)
@admin.register(LoginLockout, site=platform_site)
class LoginLockoutAdmin(ModelAdmin):
    """Failed sign-ins of this organisation's staff (django-axes, this schema only; on the platform, its operators').
    Deleting a row unlocks it, through `login_lockouts_clear`: each unlock is a StaffAuthEvent naming who did it."""

    list_display = ["username", "ip_address", "failures_since_start", "attempt_time"]
    readonly_fields = ["username", "ip_address", "user_agent", "failures_since_start", "attempt_time"]
    fields = list(readonly_fields)
    search_fields = ["username", "ip_address"]
    list_filter = ["attempt_time"]
    date_hierarchy = "attempt_time"

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def delete_model(self, request, obj) -> None:
        login_lockouts_clear(attempts=LoginLockout.objects.filter(pk=obj.pk), actor=actor(request))

    def delete_queryset(self, request, queryset) -> None:
        login_lockouts_clear(attempts=queryset, actor=actor(request))


@admin.register(StaffAuthEvent, site=backoffice_site)
@admin.register(StaffAuthEvent, site=platform_site)
class StaffAuthEventAdmin(ReadOnlyAdmin):
    """Second factors set up, recovery codes made and used, lockouts cleared: who, whose, when, from where."""

    list_display = ["at", "kind", "username", "actor", "address"]
    fields = readonly_fields = ["at", "kind", "username", "actor", "address", "detail"]
    list_filter = ["kind", "at"]
    search_fields = ["username", "actor", "address"]
    date_hierarchy = "at"


@admin.register(ChannelRekey, site=platform_site)
class ChannelRekeyAdmin(ReadOnlyAdmin):
    """Key changes of WhatsApp channels: who asked, who approved or refused, when. Never a secret: the new values
    are write-only and emptied once decided. Deciding is a page of its own, for whoever may re-key a channel."""

    list_display = ["requested_at", "channel", "changes_shown", "status", "requested_by", "decided_by", "decided_at",
                    "decide_link"]
    fields = readonly_fields = ["channel", "changes_shown", "status", "requested_by", "requested_at", "decided_by",
                                "decided_at"]
    list_filter = ["status", "requested_at"]
    list_select_related = ["channel"]
    date_hierarchy = "requested_at"

    @admin.display(description=_("secrets changed"))
    def changes_shown(self, obj: ChannelRekey) -> str:
        labels = {name: str(WhatsAppChannelForm.base_fields[name].label or name) for name in obj.changes}
        return ", ".join(labels.values())

    @admin.display(description=_("decision"))
    def decide_link(self, obj: ChannelRekey) -> str:
        if obj.status != ChannelRekey.Status.PENDING:
            return ""
        return format_html('<a href="{}">{}</a>', reverse("admin:tenants_channelrekey_decide", args=[obj.pk]),
                           _("Approve or refuse"))

    def get_urls(self):
        own = [path("<int:pk>/decide/", self.admin_site.admin_view(self.decide_view), name="tenants_channelrekey_decide")]
        return own + super().get_urls()

    def decide_view(self, request, pk: int):
        rekey = get_object_or_404(self.get_queryset(request).select_related("channel"), pk=pk)
        may_decide = request.user.has_perm("tenants.change_whatsappchannel")
        if not self.has_view_permission(request, rekey):
            raise PermissionDenied
        if request.method == "POST":
            if not may_decide:
                raise PermissionDenied
            try:
                decided = channel_rekey_decide(rekey_id=rekey.pk, approve=request.POST.get("decision") == "approve",
                                               decided_by=actor(request))
            except RekeyNeedsSecondPerson:
                messages.error(request, gettext("You asked for this key change: another person must approve it."))
            except RekeyAlreadyDecided:
                messages.error(request, gettext("This key change was already decided."))
            else:
                messages.success(request, gettext("Key change %(status)s.") % {"status": decided.get_status_display()})
            return redirect(reverse("admin:tenants_channelrekey_changelist"))
        context = {**self.admin_site.each_context(request), "opts": self.opts, "rekey": rekey,
                   "changes": self.changes_shown(rekey), "may_decide": may_decide,
                   "own_request": rekey.requested_by == actor(request),
                   "title": _("Key change of %(channel)s") % {"channel": rekey.channel}}
        return TemplateResponse(request, "staff/channel_rekey_decide.html", context)


@admin.register(ChannelRekey, site=backoffice_site)
class BackofficeChannelRekeyAdmin(OwnOrganisationMixin, ChannelRekeyAdmin):  # type: ignore[misc]
    pass
