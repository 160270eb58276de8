"""Admin forms: the policy with one field per gate part, and channel credentials with write-only secrets."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from unfold.widgets import (
    UnfoldAdminCheckboxSelectMultipleWidget,
    UnfoldAdminIntegerFieldWidget,
    UnfoldAdminSelectWidget,
)

from magie.choices import GUARD_LABELS, GUARD_NAMES, ApprovalChannel, GateMode, OnToolFailure, RiskClass, SideRequest
from staff.fields import MinutesField, MoneyField, TermListField
from tenants.models import OrganisationPolicy, WhatsAppChannel
from tenants.policy import MAX_APPROVAL_EXPIRY, MAX_STALE, gate_field, policy_snapshot, validate_policy

GATE_PARTS = ("mode", "threshold", "daily_cap", "channel")


class PolicyForm(forms.ModelForm):
    """The organisation's policy in the staff's words: minutes, money in the organisation's currency, one term a
    line. `clean` reports every error at once (each field's and the policy's rules) and leaves `snapshot`, the
    policy as it would be saved."""

    ask_stale_after = MinutesField(
        max_minutes=int(MAX_STALE.total_seconds() // 60), label=_("An open request goes stale after"),
        help_text=_("In minutes. After this, a bare value such as “200” no longer lands in the open request: the "
                    "agent asks what it is for."))
    on_tool_failure = forms.ChoiceField(choices=OnToolFailure.choices, widget=UnfoldAdminSelectWidget,
                                        label=_("When a system call fails"))
    side_request = forms.ChoiceField(choices=SideRequest.choices, widget=UnfoldAdminSelectWidget,
                                     label=_("When the customer asks something else"))
    approval_expiry = MinutesField(
        max_minutes=int(MAX_APPROVAL_EXPIRY.total_seconds() // 60), label=_("An approval expires after"),
        help_text=_("In minutes. A preview not approved within this time can no longer be approved; the customer "
                    "asks again."))
    amount_max = MoneyField(
        label=_("Largest amount per request"),
        help_text=_("In the organisation's currency. A Pix, a price ceiling or any amount above this is refused "
                    "(the customer is told the maximum) before it reaches an approval or a system."))
    enabled_guards = forms.MultipleChoiceField(
        choices=[(name, GUARD_LABELS[name]) for name in GUARD_NAMES], widget=UnfoldAdminCheckboxSelectMultipleWidget,
        required=False, label=_("Checks on every reply"),
        help_text=_("Every draft reply passes these checks before it is sent. A check turned off lets that kind of "
                    "mistake reach customers."))
    internal_vocabulary = TermListField(
        required=False, label=_("Words never said to customers"),
        help_text=_("One term a line, e.g. the name of an internal system. A reply containing one is stopped."))
    guard_retries = forms.IntegerField(
        min_value=0, max_value=3, widget=UnfoldAdminIntegerFieldWidget, label=_("Redrafts after a failed check"),
        help_text=_("How many times the agent rewrites a reply that failed a check before a person takes over."))
    guard_time_budget_ms = forms.IntegerField(
        min_value=10, max_value=10_000, widget=UnfoldAdminIntegerFieldWidget,
        label=_("Time for the checks (milliseconds)"),
        help_text=_("Checks still running after this count as failed."))

    class Meta:
        model = OrganisationPolicy
        fields: list[str] = []

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        policy = self.instance if self.instance.pk else OrganisationPolicy()
        organisation = getattr(policy, "organisation", None) if policy.organisation_id else None
        currency = organisation.currency if organisation else "USD"
        lang = organisation.language if organisation else "en"
        for field in self.fields.values():
            if isinstance(field, MoneyField):
                field.configure(currency=currency, lang=lang)
        snapshot = policy_snapshot(policy)
        self.initial.update({
            "ask_stale_after": policy.ask_stale_after, "approval_expiry": policy.approval_expiry,
            "on_tool_failure": policy.on_tool_failure, "side_request": policy.side_request,
            "amount_max": policy.amount_max_cents, "enabled_guards": list(policy.enabled_guards),
            "internal_vocabulary": list(policy.internal_vocabulary), "guard_retries": policy.guard_retries,
            "guard_time_budget_ms": policy.guard_time_budget_ms,
        })
        for risk in RiskClass.values:
            rule = snapshot["gates"].get(risk, {})
            self.initial.update({gate_field(risk, "mode"): rule.get("mode"),
                                 gate_field(risk, "channel"): rule.get("channel"),
                                 gate_field(risk, "threshold"): rule.get("threshold_cents"),
                                 gate_field(risk, "daily_cap"): rule.get("daily_cap_cents")})

    def _value(self, name: str, old: Any) -> Any:
        """The cleaned value, or the policy's current one when this field has its own error (so the policy's
        rules are still checked for every other field, and all errors come in one answer)."""
        return self.cleaned_data[name] if name in self.cleaned_data else old

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        old = policy_snapshot(self.instance if self.instance.pk else OrganisationPolicy())
        stale, expiry = self._value("ask_stale_after", None), self._value("approval_expiry", None)
        self.snapshot = old | {
            "ask_stale_after_seconds": int(stale.total_seconds()) if stale else old["ask_stale_after_seconds"],
            "approval_expiry_seconds": int(expiry.total_seconds()) if expiry else old["approval_expiry_seconds"],
            "on_tool_failure": self._value("on_tool_failure", old["on_tool_failure"]),
            "side_request": self._value("side_request", old["side_request"]),
            "enabled_guards": list(self._value("enabled_guards", old["enabled_guards"])),
            "internal_vocabulary": list(self._value("internal_vocabulary", old["internal_vocabulary"])),
            "guard_retries": self._value("guard_retries", old["guard_retries"]),
            "guard_time_budget_ms": self._value("guard_time_budget_ms", old["guard_time_budget_ms"]),
            "amount_max_cents": self._value("amount_max", old["amount_max_cents"]),
            "gates": {
                risk: {
                    key: self._value(gate_field(risk, part), old["gates"][risk][key])
                    for part, key in (("mode", "mode"), ("threshold", "threshold_cents"),
                                      ("daily_cap", "daily_cap_cents"), ("channel", "channel"))
                }
                for risk in RiskClass.values
            },
        }
        if self.snapshot["amount_max_cents"] is None:
            self.snapshot["amount_max_cents"] = old["amount_max_cents"]
        try:
            validate_policy(self.snapshot)  # errors are keyed by this form's field names
        except forms.ValidationError as rules:
            for field, messages in rules.message_dict.items():
                if field not in self.errors:  # a field's own error already says what is wrong with it
                    for message in messages:
                        self.add_error(field if field in self.fields else None, message)
        return data

    def _post_clean(self) -> None:  # the policy is written by policy_update from `snapshot`, never by the form
        pass


def _declare_gate_fields() -> None:
    """When to ask, the amount or daily cap, and the channel, per kind of action, declared on the class."""
    for risk in RiskClass.values:
        fields = {
            gate_field(risk, "mode"): forms.ChoiceField(choices=GateMode.choices, widget=UnfoldAdminSelectWidget,
                                                        label=_("When to ask")),
            gate_field(risk, "threshold"): MoneyField(
                required=False, label=_("Ask above"),
                help_text=_("Only with “Ask above an amount”: up to this amount no approval is asked.")),
            gate_field(risk, "daily_cap"): MoneyField(
                required=False, label=_("Daily cap"),
                help_text=_("Only with “Pre-authorised up to a daily cap”: what a customer may do in a day without "
                            "approval.")),
            gate_field(risk, "channel"): forms.ChoiceField(
                choices=ApprovalChannel.choices, widget=UnfoldAdminSelectWidget, label=_("Where the customer approves")),
        }
        PolicyForm.base_fields.update(fields)
        PolicyForm.declared_fields.update(fields)


_declare_gate_fields()

SECRET_HELP = _("Write-only: the stored value is never shown. Leave blank to keep it.")


class WhatsAppChannelForm(forms.ModelForm):
    app_secret = forms.CharField(widget=forms.PasswordInput(render_value=False), required=False, help_text=SECRET_HELP,
                                 label=_("App secret"))
    verify_token = forms.CharField(widget=forms.PasswordInput(render_value=False), required=False,
                                   help_text=SECRET_HELP, label=_("Webhook verify token"))
    access_token = forms.CharField(widget=forms.PasswordInput(render_value=False), required=False,
                                   help_text=SECRET_HELP, label=_("Access token"))

    class Meta:
        model = WhatsAppChannel
        fields = ["phone_number_id", "display_phone_number"]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if not self.instance.pk:
            for name in WhatsAppChannel.SECRET_FIELDS:
                if not data.get(name):
                    self.add_error(name, _("Required for a new channel."))
        return data
