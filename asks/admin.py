from django.contrib import admin
from django.utils.translation import gettext_lazy

from asks.models import Ask, AskTransition, Decision, SlotEvent
from magie.admin_links import staff_page_link
from magie.admin_readonly import ReadOnlyAdmin, ReadOnlyInline
from magie.admin_sites import backoffice_site
from magie.tenancy import tenancy_current
from staff.columns import record_number
from staff.stored_words import ask_kind_label, slot_label, status_label
from staff.templatetags.staff_tags import kv_table
from staff.trace_words import AmountWriter, decision_label, record_table, rule_label, value_label


def _money() -> AmountWriter:
    tenancy = tenancy_current()
    return AmountWriter(currency=tenancy.currency, language=tenancy.language)


class SlotEventInline(ReadOnlyInline):
    """A value's changes in the staff member's words: the detail's name, amounts as money, times in the zone."""

    model = SlotEvent
    readonly_fields = ["created_at", "slot_shown", "action", "previous_shown", "value_shown", "message"]
    fields = list(readonly_fields)

    @admin.display(description=gettext_lazy("value"))
    def slot_shown(self, obj: SlotEvent) -> str:
        return slot_label(obj.slot)

    @admin.display(description=gettext_lazy("previous value"))
    def previous_shown(self, obj: SlotEvent) -> str:
        return _slot_value(obj.slot, obj.previous)

    @admin.display(description=gettext_lazy("new value"))
    def value_shown(self, obj: SlotEvent) -> str:
        return _slot_value(obj.slot, obj.value)


def _slot_value(slot: str, value: object) -> str:
    shown = value_label(slot, value, _money())
    return "—" if shown is None else str(shown)


class TransitionInline(ReadOnlyInline):
    model = AskTransition
    readonly_fields = ["created_at", "source_shown", "target_shown", "rule_shown", "message"]
    fields = list(readonly_fields)

    @admin.display(description=gettext_lazy("from"))
    def source_shown(self, obj: AskTransition) -> str:
        return status_label(obj.source) if obj.source else "—"

    @admin.display(description=gettext_lazy("to"))
    def target_shown(self, obj: AskTransition) -> str:
        return status_label(obj.target)

    @admin.display(description=gettext_lazy("rule"))
    def rule_shown(self, obj: AskTransition) -> str:
        return rule_label(obj.rule)


class DecisionInline(ReadOnlyInline):
    model = Decision
    readonly_fields = ["created_at", "message", "action_shown", "rule_shown", "detail_shown"]
    fields = list(readonly_fields)

    @admin.display(description=gettext_lazy("detail"))
    def detail_shown(self, obj: Decision) -> str:
        return kv_table(record_table(obj.detail, _money()))

    @admin.display(description=gettext_lazy("decision"))
    def action_shown(self, obj: Decision) -> str:
        return decision_label(obj.action)

    @admin.display(description=gettext_lazy("rule"))
    def rule_shown(self, obj: Decision) -> str:
        return rule_label(obj.rule)


@admin.register(Ask, site=backoffice_site)
class AskAdmin(ReadOnlyAdmin):
    list_display = [record_number, "conversation", "kind_shown", "status", "abandon_reason", "created_at", "closed_at", "trace"]
    list_filter = ["kind", "status", "abandon_reason", "created_at"]
    search_fields = ["conversation__customer__name", "conversation__customer__channel_user_id"]
    date_hierarchy = "created_at"
    list_select_related = ["conversation__customer"]
    inlines = [DecisionInline, SlotEventInline, TransitionInline]
    exclude = ["kind"]  # shown as kind_shown, in the staff member's words

    def get_readonly_fields(self, request, obj=None):
        return [*super().get_readonly_fields(request, obj), "kind_shown", "trace"]

    @admin.display(description=gettext_lazy("kind"), ordering="kind")
    def kind_shown(self, obj: Ask) -> str:
        return ask_kind_label(obj.kind)

    @admin.display(description=gettext_lazy("trace"))
    def trace(self, obj: Ask) -> str:
        return staff_page_link("workspace:trace_ask", obj.pk)
