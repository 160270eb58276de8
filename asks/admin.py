from django.contrib import admin
from django.utils.translation import gettext_lazy

from asks.models import Ask, AskTransition, Decision, SlotEvent
from magie.admin_links import staff_page_link
from magie.admin_readonly import ReadOnlyAdmin, ReadOnlyInline
from magie.admin_sites import backoffice_site


class SlotEventInline(ReadOnlyInline):
    model = SlotEvent
    readonly_fields = ["created_at", "slot", "action", "previous", "value", "message"]
    fields = list(readonly_fields)


class TransitionInline(ReadOnlyInline):
    model = AskTransition
    readonly_fields = ["created_at", "source", "target", "rule", "message"]
    fields = list(readonly_fields)


class DecisionInline(ReadOnlyInline):
    model = Decision
    readonly_fields = ["created_at", "message", "action", "rule", "detail"]
    fields = list(readonly_fields)


@admin.register(Ask, site=backoffice_site)
class AskAdmin(ReadOnlyAdmin):
    list_display = ["pk", "conversation", "kind", "status", "abandon_reason", "created_at", "closed_at", "trace"]
    list_filter = ["kind", "status", "abandon_reason", "created_at"]
    search_fields = ["conversation__customer__name", "conversation__customer__channel_user_id"]
    date_hierarchy = "created_at"
    list_select_related = ["conversation__customer"]
    inlines = [DecisionInline, SlotEventInline, TransitionInline]

    def get_readonly_fields(self, request, obj=None):
        return [*super().get_readonly_fields(request, obj), "trace"]

    @admin.display(description=gettext_lazy("trace"))
    def trace(self, obj: Ask) -> str:
        return staff_page_link("workspace:trace_ask", obj.pk)
