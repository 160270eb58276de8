from django import forms
from django.contrib import admin
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from unfold.admin import ModelAdmin

from agent import admin_trace
from agent.models import AgentSettings, FailedTurn, Turn
from agent.providers.url_policy import ModelUrlRefused, model_base_url_check
from magie.admin_links import staff_page_link
from magie.admin_readonly import ReadOnlyAdmin
from magie.admin_sites import backoffice_site
from staff.columns import record_number
from staff.stored_words import slot_label, status_label
from staff.trace_words import decision_label, failure_label, provider_label, rule_label


def _words_filter(field: str, title, label_of) -> type[admin.SimpleListFilter]:
    """A list filter over the codes stored in `field`, each offered in the staff member's words."""

    class WordsFilter(admin.SimpleListFilter):
        parameter_name = field

        def lookups(self, request, model_admin):
            codes = model_admin.get_queryset(request).exclude(**{field: ""}).values_list(field, flat=True)
            return [(code, label_of(code)) for code in sorted(set(codes))]

        def queryset(self, request, queryset):
            return queryset.filter(**{field: self.value()}) if self.value() else queryset

    WordsFilter.title = title
    return WordsFilter


@admin.register(Turn, site=backoffice_site)
class TurnAdmin(ReadOnlyAdmin):
    """One row per turn: what was perceived, decided (and by which rule), called, drafted and sent."""

    list_display = [record_number, "message", "ask", "status", "provider_shown", "decision_shown", "rule_shown", "queries",
                    "started_at", "trace"]
    list_filter = ["status", _words_filter("provider", _("provider"), provider_label),
                   _words_filter("decision", _("decision"), decision_label), "started_at"]
    search_fields = ["message__text", "reply", "rule", "message__conversation__customer__name",
                     "message__conversation__customer__channel_user_id"]
    date_hierarchy = "started_at"
    list_select_related = ["message", "ask"]

    # The change page: the trace as rows in the reader's words (agent.admin_trace), the stored JSON collapsed below.
    fields = ["message", "ask", "status_shown", "provider_shown", "decision_shown", "rule_shown", "started_at",
              "finished_at", "queries", "perception_shown", "tool_calls_shown", "drafts_shown", "reply",
              "reply_message", "asked_for_shown", "tokens_shown", "error_code_shown", "error", "error_class",
              "traceback_hash", "trace", "raw_json"]

    def get_readonly_fields(self, request, obj=None):
        return list(self.fields)

    @admin.display(description=_("status"), ordering="status")
    def status_shown(self, obj: Turn) -> str:
        return status_label(obj.status)

    @admin.display(description=_("perception"))
    def perception_shown(self, obj: Turn) -> str:
        return admin_trace.perception_rows(obj, admin_trace.reader_money())

    @admin.display(description=_("tool calls"))
    def tool_calls_shown(self, obj: Turn) -> str:
        return admin_trace.tool_call_rows(obj, admin_trace.reader_money())

    @admin.display(description=_("drafts and checks"))
    def drafts_shown(self, obj: Turn) -> str:
        return admin_trace.draft_rows(obj)

    @admin.display(description=_("tokens"))
    def tokens_shown(self, obj: Turn) -> str:
        return admin_trace.token_rows(obj, admin_trace.reader_money())

    @admin.display(description=_("asked for"))
    def asked_for_shown(self, obj: Turn) -> str:
        return slot_label(obj.asked_for) if obj.asked_for else "—"

    @admin.display(description=_("error code"), ordering="error_code")
    def error_code_shown(self, obj: Turn) -> str:
        return failure_label(obj.error_code) if obj.error_code else "—"

    @admin.display(description=_("stored JSON"))
    def raw_json(self, obj: Turn) -> str:
        return admin_trace.raw_json(obj)

    @admin.display(description=_("provider"), ordering="provider")
    def provider_shown(self, obj: Turn) -> str:
        return provider_label(obj.provider)

    @admin.display(description=_("decision"), ordering="decision")
    def decision_shown(self, obj: Turn) -> str:
        return decision_label(obj.decision) if obj.decision else "—"

    @admin.display(description=_("rule"), ordering="rule")
    def rule_shown(self, obj: Turn) -> str:
        return rule_label(obj.rule) if obj.rule else "—"

    @admin.display(description=_("trace"))
    def trace(self, obj: Turn) -> str:
        if obj.ask_id:
            return staff_page_link("workspace:trace_ask", obj.ask_id)
        return staff_page_link("workspace:trace_conversation", obj.message.conversation_id)


@admin.register(FailedTurn, site=backoffice_site)
class FailedTurnAdmin(ReadOnlyAdmin):
    """The dead-letter list: turns that raised (or found the model unreachable), newest first, with what failed;
    the same traceback hash means the same bug. Each was answered once and its message marked handled."""

    list_display = [record_number, "started_at", "message", "error_code_shown", "error_class", "traceback_hash", "reply"]
    list_filter = [_words_filter("error_code", _("error code"), failure_label), "error_class", "started_at"]
    search_fields = ["traceback_hash", "error", "message__text"]
    date_hierarchy = "started_at"
    ordering = ["-pk"]

    def get_queryset(self, request):
        return super().get_queryset(request).filter(status=Turn.Status.FAILED).select_related("message")

    @admin.display(description=_("error code"), ordering="error_code")
    def error_code_shown(self, obj: Turn) -> str:
        return failure_label(obj.error_code) if obj.error_code else "—"


# Why a model URL is refused, in the staff member's words (`ModelUrlRefused.extra["why"]`).
MODEL_URL_REFUSALS = {
    "scheme": _("Only http:// or https:// addresses with a host name are accepted."),
    "credentials": _("A model address cannot hold a user name or password: put the key in the key field."),
    "port": _("The port of this address is not a number."),
    "unresolved": _("The name %(host)s does not resolve to any address."),
    "not_allowed": _("This model address is not on the platform's list of allowed addresses (allowed: "
                     "%(allowed)s)."),
    "internal": _("%(host)s points to an internal network address (this machine, the local link or a private "
                  "network)."),
}


def model_url_refusal_words(error: ModelUrlRefused) -> str:
    """The refusal as staff read it; a refusal with no staff words yet keeps its English message."""
    words = MODEL_URL_REFUSALS.get(error.extra.get("why", ""))
    if words is None:
        return error.message
    allowed = error.extra.get("allowed", "")
    return str(words) % {"host": error.extra.get("host", ""),
                         "allowed": allowed if allowed != "none" else gettext("none")}


class AgentSettingsForm(forms.ModelForm):
    openai_base_url = forms.URLField(required=False, assume_scheme="https", label=_("Model base URL"))
    openai_api_key = forms.CharField(widget=forms.PasswordInput(render_value=False), required=False,
                                     label=_("Model API key"),
                                     help_text=_("Write-only: never shown again. Leave blank to keep the stored key."))

    class Meta:
        model = AgentSettings
        fields = ["provider", "openai_model", "openai_base_url"]

    def clean_openai_base_url(self) -> str:
        url = self.cleaned_data.get("openai_base_url") or ""
        if url:
            try:
                model_base_url_check(url)
            except ModelUrlRefused as error:
                raise forms.ValidationError(model_url_refusal_words(error)) from None
        return url

    def save(self, commit=True):
        settings = super().save(commit=False)
        if self.cleaned_data.get("openai_api_key"):
            settings.openai_api_key = self.cleaned_data["openai_api_key"]
        if commit:
            settings.save()
        return settings


@admin.register(AgentSettings, site=backoffice_site)
class AgentSettingsAdmin(ModelAdmin):
    form = AgentSettingsForm
    fields = ["provider", "openai_model", "openai_base_url", "openai_api_key"]
    list_display = ["provider", "openai_model", "openai_base_url"]

    def has_add_permission(self, request) -> bool:
        return not AgentSettings.objects.exists() and super().has_add_permission(request)

    def get_fields(self, request, obj=None):  # view-only pages show no secret field at all
        fields = super().get_fields(request, obj)
        return fields if self.has_change_permission(request, obj) else [f for f in fields if f != "openai_api_key"]
