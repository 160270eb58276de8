from django import forms
from django.contrib import admin

from agent.models import AgentSettings, Turn
from magie.admin_readonly import ReadOnlyAdmin
from magie.admin_sites import backoffice_site


@admin.register(Turn, site=backoffice_site)
class TurnAdmin(ReadOnlyAdmin):
    """One row per turn: what was perceived, decided (and by which rule), called, drafted and sent."""

    list_display = ["pk", "message", "ask", "status", "provider", "decision", "rule", "queries", "started_at"]
    list_filter = ["status", "provider", "decision"]


class AgentSettingsForm(forms.ModelForm):
    openai_base_url = forms.URLField(required=False, assume_scheme="https")
    openai_api_key = forms.CharField(widget=forms.PasswordInput(render_value=False), required=False,
                                     help_text="Write-only: never shown again. Leave blank to keep the stored key.")

    class Meta:
        model = AgentSettings
        fields = ["provider", "openai_model", "openai_base_url"]

    def save(self, commit=True):
        settings = super().save(commit=False)
        if self.cleaned_data.get("openai_api_key"):
            settings.openai_api_key = self.cleaned_data["openai_api_key"]
        if commit:
            settings.save()
        return settings


@admin.register(AgentSettings, site=backoffice_site)
class AgentSettingsAdmin(admin.ModelAdmin):
    form = AgentSettingsForm
    fields = ["provider", "openai_model", "openai_base_url", "openai_api_key"]
    list_display = ["provider", "openai_model", "openai_base_url"]

    def has_add_permission(self, request) -> bool:
        return not AgentSettings.objects.exists() and super().has_add_permission(request)
