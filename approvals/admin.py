from django.contrib import admin
from django.http import HttpResponse
from django.utils.translation import gettext_lazy as _

from approvals.audit import export_csv, export_json
from approvals.models import ApprovalRequest
from magie.admin_links import staff_page_link
from magie.admin_readonly import ReadOnlyAdmin
from magie.admin_sites import backoffice_site
from staff.columns import money_column, record_number
from staff.stored_words import approval_reason_label, channel_label, risk_label


@admin.register(ApprovalRequest, site=backoffice_site)
class ApprovalLogAdmin(ReadOnlyAdmin):
    """The approval log: what was shown, to whom, on which channel, the decision, who, when, the execution."""

    list_display = [record_number, "tool", "risk_shown", "channel", "status", "amount", "created_at", "decided_by",
                    "decided_at", "executed_at", "trace"]
    list_filter = ["status", "tool", "channel", "risk", "created_at"]
    search_fields = ["conversation__customer__name", "conversation__customer__channel_user_id", "decided_by", "tool"]
    date_hierarchy = "created_at"
    list_select_related = ["conversation__customer"]
    amount = money_column("amount_cents", _("amount"), currency_field=None)
    actions = ["export_json", "export_csv"]
    # Bearer secrets of its buttons and link: never displayed. Stored codes are shown in words (the `_shown` fields).
    exclude = ["nonce", "link_hash", "link_token", "risk", "decision_channel", "reason"]

    def get_readonly_fields(self, request, obj=None):
        return [*super().get_readonly_fields(request, obj), "risk_shown", "decision_channel_shown", "reason_shown",
                "trace"]

    @admin.display(description=_("risk"), ordering="risk")
    def risk_shown(self, obj: ApprovalRequest) -> str:
        return risk_label(obj.risk)

    @admin.display(description=_("decided on"))
    def decision_channel_shown(self, obj: ApprovalRequest) -> str:
        return channel_label(obj.decision_channel) or "—"

    @admin.display(description=_("reason"))
    def reason_shown(self, obj: ApprovalRequest) -> str:
        """Why it expired, was voided or failed, in the reader's words (the stored reason is a code)."""
        return approval_reason_label(obj.reason) or "—"

    @admin.display(description=_("trace"))
    def trace(self, obj: ApprovalRequest) -> str:
        return staff_page_link("workspace:trace_ask", obj.ask_id)

    @admin.action(description=_("Export selected as JSON (the whole chain)"))
    def export_json(self, request, queryset):
        return HttpResponse(export_json(queryset.order_by("pk")), content_type="application/json")

    @admin.action(description=_("Export selected as CSV"))
    def export_csv(self, request, queryset):
        response = HttpResponse(export_csv(queryset.order_by("pk")), content_type="text/csv")
        response["Content-Disposition"] = 'attachment; filename="approvals.csv"'
        return response

    def get_actions(self, request):  # read-only for everyone, auditors included, but exports allowed
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)
        return actions
