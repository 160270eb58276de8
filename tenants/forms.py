"""Admin forms: the policy with one field per gate part, and channel credentials with write-only secrets."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms

from tenants.choices import GUARD_NAMES, ApprovalChannel, GateMode, RiskClass
from tenants.models import OrganisationPolicy, WhatsAppChannel
from tenants.policy import gate_field, policy_snapshot, validate_policy

CENTS = Decimal(100)


def _to_cents(value: Decimal | None) -> int | None:
    return None if value is None else int((value * CENTS).to_integral_value())


class PolicyForm(forms.ModelForm):
    enabled_guards = forms.MultipleChoiceField(
        choices=[(name, name) for name in GUARD_NAMES], widget=forms.CheckboxSelectMultiple, required=False
    )
    amount_max = forms.DecimalField(
        decimal_places=2, max_digits=15, min_value=Decimal("0.01"), label="Largest amount per request",
        help_text="In the organisation's currency. A Pix, a price ceiling or any amount above this is refused "
                  "(the customer is told the maximum) before it reaches an approval or an engine.",
    )
    internal_vocabulary = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}), required=False,
        help_text="Words the agent must never say to customers, one per line (e.g. the name of an internal system).",
    )

    class Meta:
        model = OrganisationPolicy
        fields = ["ask_stale_after", "on_tool_failure", "side_request", "approval_expiry", "guard_retries",
                  "guard_time_budget_ms"]
        help_texts = {
            "ask_stale_after": "HH:MM:SS. After this an open request cools off and a bare value no longer lands in it.",
            "approval_expiry": "HH:MM:SS. A preview not decided within this time can no longer be approved.",
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        gates = self.instance.gates if self.instance.pk else OrganisationPolicy().gates
        for risk in RiskClass.values:
            rule = gates.get(risk, {})
            self.initial.setdefault(gate_field(risk, "mode"), rule.get("mode"))
            self.initial.setdefault(gate_field(risk, "channel"), rule.get("channel"))
            for part, key in (("threshold", "threshold_cents"), ("daily_cap", "daily_cap_cents")):
                cents = rule.get(key)
                self.initial.setdefault(gate_field(risk, part), None if cents is None else Decimal(cents) / CENTS)
        self.initial.setdefault("amount_max", Decimal(self.instance.amount_max_cents) / CENTS)
        if self.instance.pk:
            self.initial.setdefault("enabled_guards", list(self.instance.enabled_guards))
            self.initial.setdefault("internal_vocabulary", "\n".join(self.instance.internal_vocabulary))

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if self.errors:
            return data
        self.snapshot = policy_snapshot(self.instance) | {
            "ask_stale_after_seconds": int(data["ask_stale_after"].total_seconds()),
            "approval_expiry_seconds": int(data["approval_expiry"].total_seconds()),
            "on_tool_failure": data["on_tool_failure"],
            "side_request": data["side_request"],
            "enabled_guards": list(data["enabled_guards"]),
            "internal_vocabulary": [t.strip() for t in data["internal_vocabulary"].splitlines() if t.strip()],
            "guard_retries": data["guard_retries"],
            "guard_time_budget_ms": data["guard_time_budget_ms"],
            "amount_max_cents": _to_cents(data["amount_max"]),
            "gates": {
                risk: {
                    "mode": data[gate_field(risk, "mode")],
                    "threshold_cents": _to_cents(data[gate_field(risk, "threshold")]),
                    "daily_cap_cents": _to_cents(data[gate_field(risk, "daily_cap")]),
                    "channel": data[gate_field(risk, "channel")],
                }
                for risk in RiskClass.values
            },
        }
        validate_policy(self.snapshot)  # errors are keyed by this form's field names
        return data


def _declare_gate_fields() -> None:
    """One mode, threshold, daily cap and channel field per risk class, declared on the class for the admin."""
    for risk in RiskClass.values:
        fields = {
            gate_field(risk, "mode"): forms.ChoiceField(choices=GateMode.choices),
            gate_field(risk, "threshold"): forms.DecimalField(
                required=False, decimal_places=2, max_digits=14, help_text="Only with 'above_amount'."
            ),
            gate_field(risk, "daily_cap"): forms.DecimalField(
                required=False, decimal_places=2, max_digits=14, help_text="Only with 'preauthorised_cap'."
            ),
            gate_field(risk, "channel"): forms.ChoiceField(choices=ApprovalChannel.choices),
        }
        PolicyForm.base_fields.update(fields)
        PolicyForm.declared_fields.update(fields)


_declare_gate_fields()

SECRET_HELP = "Write-only: the stored value is never shown. Leave blank to keep it."


class WhatsAppChannelForm(forms.ModelForm):
    app_secret = forms.CharField(widget=forms.PasswordInput(render_value=False), required=False, help_text=SECRET_HELP)
    verify_token = forms.CharField(widget=forms.PasswordInput(render_value=False), required=False, help_text=SECRET_HELP)
    access_token = forms.CharField(widget=forms.PasswordInput(render_value=False), required=False, help_text=SECRET_HELP)

    class Meta:
        model = WhatsAppChannel
        fields = ["phone_number_id", "display_phone_number"]

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if not self.instance.pk:
            for name in WhatsAppChannel.SECRET_FIELDS:
                if not data.get(name):
                    self.add_error(name, "Required for a new channel.")
        return data
