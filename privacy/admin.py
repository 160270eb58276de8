"""The record of data requests (read-only: admins and auditors) and the organisation's retention windows (one row,
changed by admins)."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from unfold.admin import ModelAdmin

from magie.admin_readonly import ReadOnlyAdmin
from magie.admin_sites import backoffice_site
from privacy.models import DataRequest, RetentionSettings


@admin.register(DataRequest, site=backoffice_site)
class DataRequestAdmin(ReadOnlyAdmin):
    list_display = ["requested_at", "kind", "customer_link", "requested_by"]
    list_filter = ["kind", "requested_at"]
    date_hierarchy = "requested_at"
    fields = ["kind", "customer_link", "requested_by", "requested_at", "summary"]
    readonly_fields = fields

    @admin.display(description=_("customer"))
    def customer_link(self, obj: DataRequest) -> str:
        return format_html('<a href="{}">{}</a>', reverse("privacy:customer", args=[obj.customer_id]),
                           obj.customer_id)


@admin.register(RetentionSettings, site=backoffice_site)
class RetentionSettingsAdmin(ModelAdmin):
    fields = ["message_days", "trace_days", "updated_at"]
    readonly_fields = ["updated_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # the one row exists in every schema (migration 0001)

    def has_delete_permission(self, request: HttpRequest, obj: RetentionSettings | None = None) -> bool:
        return False

    def changelist_view(self, request: HttpRequest, extra_context: dict | None = None) -> HttpResponse:
        row = RetentionSettings.objects.first()
        if row is None:
            return super().changelist_view(request, extra_context)
        return HttpResponseRedirect(reverse("admin:privacy_retentionsettings_change", args=[row.pk]))
