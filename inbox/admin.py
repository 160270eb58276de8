from django import forms
from django.contrib import admin
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from unfold.admin import ModelAdmin

from inbox.canned import VARIABLES
from inbox.models import (
    AgentAvailability,
    CannedReply,
    CustomerDataView,
    Escalation,
    EscalationNote,
    EscalationReply,
    InboxSettings,
    SatisfactionRating,
    Team,
)
from magie.admin_links import staff_page_link
from magie.admin_readonly import ReadOnlyAdmin, ReadOnlyInline
from magie.admin_sites import backoffice_site
from magie.choices import Language
from magie.tenancy import tenancy_current
from staff.columns import record_number
from staff.labels import escalation_reason_label
from staff.selectors import active_lang
from staff.templatetags.staff_tags import kv_table
from staff.trace_words import AmountWriter, guard_explanation, key_label, record_table


def _money() -> AmountWriter:
    """Amounts in the organisation's currency, written as the reader's language writes them."""
    return AmountWriter(currency=tenancy_current().currency, language=active_lang())


class EscalationReplyInline(ReadOnlyInline):
    model = EscalationReply
    readonly_fields = ["created_at", "author", "message"]
    fields = list(readonly_fields)


class EscalationNoteInline(ReadOnlyInline):
    model = EscalationNote
    readonly_fields = ["created_at", "author", "text"]
    fields = list(readonly_fields)


@admin.register(CannedReply, site=backoffice_site)
class CannedReplyAdmin(ModelAdmin):
    """The organisation's canned replies (admins edit them; agents pick them in the inbox)."""

    list_display = ["title", "language", "text", "created_at"]
    list_filter = ["language"]
    search_fields = ["title", "text"]
    fields = ["title", "language", "text"]

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        """The text's help names the variables as code (a name, not words to translate)."""
        if db_field.name == "text":
            kwargs["help_text"] = format_html("{} {}", db_field.help_text, format_html_join(
                ", ", "<code>{{{{{}}}}}</code>", ((name,) for name in VARIABLES)))
        return super().formfield_for_dbfield(db_field, request, **kwargs)

    def formfield_for_choice_field(self, db_field, request, **kwargs):
        """The language is one of the organisation's (a choice, never free text), or blank for any customer."""
        if db_field.name == "language":
            kwargs["choices"] = [("", gettext("any customer")), *[
                (code, Language(code).label) for code in tenancy_current().languages if code in Language.values]]
        return super().formfield_for_choice_field(db_field, request, **kwargs)


@admin.register(Escalation, site=backoffice_site)
class EscalationAdmin(ReadOnlyAdmin):
    """The audit view of escalations (everyone with the view permission reads; the inbox page is where people act)."""

    list_display = [record_number, "conversation", "status", "why", "created_at", "claimed_by", "resolved_by", "inbox_link",
                    "trace"]
    list_filter = ["status", "guard", "created_at"]
    date_hierarchy = "created_at"
    list_select_related = ["conversation__customer", "claimed_by", "resolved_by"]  # named in every row
    search_fields = ["guard", "reason", "conversation__customer__name", "conversation__customer__channel_user_id"]
    readonly_fields = ["conversation", "ask", "why", "explanation", "evidence_shown", "first_draft", "second_draft",
                       "notes_shown", "status", "created_at", "claimed_by", "claimed_at", "resolved_by", "resolved_at",
                       "language", "resolution_note", "trace"]
    fields = list(readonly_fields)
    inlines = [EscalationReplyInline, EscalationNoteInline]

    @admin.display(description=_("explanation"))
    def explanation(self, obj: Escalation) -> str:
        """Worded from the stored code and parameters in the reader's language (never the stored text)."""
        return guard_explanation(obj.guard, obj.evidence)

    @admin.display(description=_("evidence"))
    def evidence_shown(self, obj: Escalation) -> str:
        return kv_table(record_table(obj.evidence, _money()))

    @admin.display(description=_("notes"))
    def notes_shown(self, obj: Escalation) -> str:
        """Later hand-offs of the same chat: when, why (worded) and what was found; any stored shape reads."""
        money, rows = _money(), []
        for note in obj.notes if isinstance(obj.notes, list) else []:
            if isinstance(note, dict):
                row = record_table({"at": note.get("at"), "guard": note.get("guard", "")}, money)
                row[str(_("explanation"))] = guard_explanation(note.get("guard"), note.get("evidence"))
                row[key_label("evidence")] = record_table(note.get("evidence") or {}, money)
                rows.append(row)
        return kv_table(rows)

    @admin.display(description=_("trace"))
    def trace(self, obj: Escalation) -> str:
        if obj.ask_id:
            return staff_page_link("workspace:trace_ask", obj.ask_id)
        return staff_page_link("workspace:trace_conversation", obj.conversation_id)

    @admin.display(description=_("why"), ordering="guard")
    def why(self, obj: Escalation) -> str:
        return escalation_reason_label(obj.guard)

    @admin.display(description=_("inbox"))
    def inbox_link(self, obj: Escalation) -> str:
        return staff_page_link("inbox:detail", obj.pk, label=gettext("open in the inbox"))


@admin.register(CustomerDataView, site=backoffice_site)
class CustomerDataViewAdmin(ReadOnlyAdmin):
    """The audit log of customers' bank data shown in the inbox: who saw whose balance and Pix, when, in which
    chat. Admins and auditors read it (agents have no view permission); nobody changes it."""

    list_display = ["viewed_at", "viewer", "customer", "escalation", "shown", "page", "pix_count"]
    list_filter = ["viewed_at", "viewer", "shown"]
    date_hierarchy = "viewed_at"
    list_select_related = ["viewer", "customer", "escalation"]
    search_fields = ["viewer__username", "customer__name", "customer__channel_user_id"]
    readonly_fields = ["viewed_at", "viewer", "customer", "escalation", "shown", "page", "pix_count"]
    fields = list(readonly_fields)


class TeamForm(forms.ModelForm):
    """The reasons a team takes, one code a line (stored as a list)."""

    reasons = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 4}), label=_("reasons it takes"),
                              help_text=_("Reason codes (for example payment_dispute), one a line; none: every "
                                          "reason no other team takes."))

    class Meta:
        model = Team
        fields = ["name", "reasons"]

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.initial["reasons"] = "\n".join(self.instance.reasons or [])

    def clean_reasons(self) -> list[str]:
        return [line.strip() for line in (self.cleaned_data.get("reasons") or "").splitlines() if line.strip()]


@admin.register(Team, site=backoffice_site)
class TeamAdmin(ModelAdmin):
    """Teams (queues): which hand-overs each takes; admins edit them."""

    form = TeamForm
    list_display = ["name", "reasons_shown", "created_at"]
    search_fields = ["name"]

    @admin.display(description=_("reasons it takes"))
    def reasons_shown(self, obj: Team) -> str:
        return ", ".join(escalation_reason_label(code) for code in obj.reasons) or gettext("every other reason")


@admin.register(AgentAvailability, site=backoffice_site)
class AgentAvailabilityAdmin(ModelAdmin):
    """Each agent's team and capacity (admins); whether they are available is their own switch in the inbox."""

    list_display = ["user", "team", "available", "capacity", "last_assigned_at"]
    list_filter = ["team", "available"]
    list_select_related = ["user", "team"]
    fields = ["user", "team", "capacity", "available"]


@admin.register(InboxSettings, site=backoffice_site)
class InboxSettingsAdmin(ModelAdmin):
    """The organisation's service level (first response and resolution targets) and staffed hours: one row."""

    list_display = ["__str__", "first_response_target", "resolution_target"]
    fields = ["first_response_target", "resolution_target", "csat_enabled", "staffed_hours"]

    def has_add_permission(self, request) -> bool:
        return super().has_add_permission(request) and not InboxSettings.objects.exists()


@admin.register(SatisfactionRating, site=backoffice_site)
class SatisfactionRatingAdmin(ReadOnlyAdmin):
    """Customers' ratings of resolved chats (the tap on the question sent at resolution); nobody changes them."""

    list_display = ["rated_at", "score", "agent", "chat"]
    list_filter = ["score", "agent", "rated_at"]
    date_hierarchy = "rated_at"
    list_select_related = ["agent", "escalation__conversation__customer"]
    readonly_fields = ["rated_at", "score", "agent", "escalation", "message"]
    fields = list(readonly_fields)

    @admin.display(description=_("escalated chat"))
    def chat(self, obj: SatisfactionRating) -> str:
        """The customer's name (or number) linking to the chat in the inbox, not the row's developer name."""
        customer = obj.escalation.conversation.customer
        return staff_page_link("inbox:detail", obj.escalation_id,
                               label=f"{customer.name or customer.channel_user_id} · #{obj.escalation_id}")
