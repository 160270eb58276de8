from django.contrib import admin

from asks.models import Ask, AskTransition, Decision, SlotEvent
from magie.admin_readonly import ReadOnlyAdmin, ReadOnlyInline
from magie.admin_sites import backoffice_site


class SlotEventInline(ReadOnlyInline):
    model = SlotEvent
    fields = ["created_at", "slot", "action", "previous", "value", "message"]
    readonly_fields = fields


class TransitionInline(ReadOnlyInline):
    model = AskTransition
    fields = ["created_at", "source", "target", "rule", "message"]
    readonly_fields = fields


class DecisionInline(ReadOnlyInline):
    model = Decision
    fields = ["created_at", "message", "action", "rule", "detail"]
    readonly_fields = fields


@admin.register(Ask, site=backoffice_site)
class AskAdmin(ReadOnlyAdmin):
    list_display = ["pk", "conversation", "kind", "status", "abandon_reason", "created_at", "closed_at"]
    list_filter = ["kind", "status", "abandon_reason"]
    inlines = [DecisionInline, SlotEventInline, TransitionInline]
