from django.contrib import admin

from asks.models import Ask, AskTransition, Decision, SlotEvent
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
    list_display = ["pk", "conversation", "kind", "status", "abandon_reason", "created_at", "closed_at"]
    list_filter = ["kind", "status", "abandon_reason", "created_at"]
    search_fields = ["conversation__customer__name", "conversation__customer__channel_user_id"]
    date_hierarchy = "created_at"
    list_select_related = ["conversation__customer"]
    inlines = [DecisionInline, SlotEventInline, TransitionInline]
