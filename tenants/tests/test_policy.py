"""Policies: validated with the field named, versioned (who, when, old → new), readable as of any date."""

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone, translation

from magie.choices import GUARD_NAMES
from tenants.models import OrganisationPolicy, PolicyVersion
from tenants.selectors import policy_current, policy_in_force
from tenants.services import policy_update


def fields_of(error: ValidationError) -> set[str]:
    return set(error.message_dict)


def test_a_new_organisation_has_the_default_policy_as_version_1(demobank):
    policy = policy_current(organisation=demobank)
    assert policy.ask_stale_after == timedelta(minutes=10)
    assert policy.approval_expiry == timedelta(minutes=15)
    assert policy.guard_retries == 1
    assert policy.gates["money"].mode == "always"
    assert set(policy.enabled_guards) == set(GUARD_NAMES)
    assert PolicyVersion.objects.get(organisation=demobank, number=1).changed_by == "system (created)"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"ask_stale_after": timedelta(minutes=-5)}, "ask_stale_after"),
        ({"ask_stale_after": timedelta(0)}, "ask_stale_after"),
        ({"approval_expiry": timedelta(days=3)}, "approval_expiry"),
        ({"enabled_guards": ["unsupported_amount", "vibes_check"]}, "enabled_guards"),
        ({"guard_retries": 9}, "guard_retries"),
        ({"guard_time_budget_ms": 0}, "guard_time_budget_ms"),
        ({"on_tool_failure": "shrug"}, "on_tool_failure"),
        ({"side_request": "merge"}, "side_request"),
        ({"internal_vocabulary": ["ok", ""]}, "internal_vocabulary"),
        ({"colour": "blue"}, "colour"),
        ({"amount_max_cents": 0}, "amount_max"),
        ({"amount_max_cents": 10**15 + 1}, "amount_max"),
        ({"amount_max_cents": True}, "amount_max"),
        ({"amount_max_cents": "a lot"}, "amount_max"),
    ],
)
def test_invalid_values_are_refused_with_the_field_named(demobank, changes, field):
    with pytest.raises(ValidationError) as refused:
        policy_update(organisation=demobank, changes=changes, changed_by="admin@demobank")
    assert field in fields_of(refused.value)
    assert OrganisationPolicy.objects.get(organisation=demobank).version == 1  # nothing written


def gates_with(demobank, risk: str, **rule) -> dict:
    gates = OrganisationPolicy.objects.get(organisation=demobank).gates
    gates[risk] = gates[risk] | rule
    return gates


def test_above_amount_without_an_amount_is_refused_naming_the_threshold(demobank):
    with pytest.raises(ValidationError) as refused:
        policy_update(organisation=demobank, changes={"gates": gates_with(demobank, "money", mode="above_amount")},
                      changed_by="admin@demobank")
    assert fields_of(refused.value) == {"money_threshold"}


def test_preauthorised_cap_without_a_cap_and_an_unknown_channel_name_both_fields(demobank):
    gates = gates_with(demobank, "reversible", mode="preauthorised_cap", channel="carrier_pigeon")
    with pytest.raises(ValidationError) as refused:
        policy_update(organisation=demobank, changes={"gates": gates}, changed_by="admin@demobank")
    assert fields_of(refused.value) == {"reversible_daily_cap", "reversible_channel"}


@pytest.mark.parametrize(("rule", "field", "message"), [
    ({"mode": "above_amount"}, "money_threshold", "“Ask above an amount” needs the amount above which to ask."),
    ({"mode": "always", "threshold_cents": 500}, "money_threshold",
     "Leave it empty: this amount is used only with “Ask above an amount”."),
    ({"mode": "preauthorised_cap"}, "money_daily_cap", "“Pre-authorised up to a daily cap” needs the daily cap."),
    ({"mode": "above_amount", "threshold_cents": 500, "daily_cap_cents": 900}, "money_daily_cap",
     "Leave it empty: a daily cap is used only with “Pre-authorised up to a daily cap”."),
])
def test_each_gate_amount_goes_with_its_one_mode(demobank, rule, field, message):
    with translation.override("en"), pytest.raises(ValidationError) as refused:
        policy_update(organisation=demobank, changes={"gates": gates_with(demobank, "money", **rule)},
                      changed_by="admin@demobank")
    assert refused.value.message_dict == {field: [message]}


def test_a_change_is_versioned_with_who_and_old_and_new(demobank):
    gates = gates_with(demobank, "money", mode="above_amount", threshold_cents=50_000)
    policy_update(organisation=demobank, changes={"gates": gates, "ask_stale_after": timedelta(minutes=5)},
                  changed_by="admin@demobank")
    version = PolicyVersion.objects.get(organisation=demobank, number=2)
    assert version.changed_by == "admin@demobank"
    assert version.changes["ask_stale_after_seconds"] == {"old": 600, "new": 300}
    assert version.changes["gates"]["old"]["money"]["mode"] == "always"
    assert version.changes["gates"]["new"]["money"] == {
        "mode": "above_amount", "threshold_cents": 50_000, "daily_cap_cents": None, "channel": "in_chat_button"
    }
    assert set(version.changes) == {"ask_stale_after_seconds", "gates"}


def test_a_save_without_a_change_writes_no_version(demobank):
    policy_update(organisation=demobank, changes={"guard_retries": 1}, changed_by="admin@demobank")
    assert PolicyVersion.objects.filter(organisation=demobank).count() == 1


def test_the_policy_in_force_on_a_given_day_is_the_one_an_auditor_sees(demobank):
    before_change = timezone.now()
    PolicyVersion.objects.filter(organisation=demobank, number=1).update(changed_at=before_change - timedelta(days=2))
    policy_update(organisation=demobank, changes={"ask_stale_after": timedelta(minutes=3)}, changed_by="a@demobank")
    PolicyVersion.objects.filter(organisation=demobank, number=2).update(changed_at=before_change + timedelta(days=1))

    assert policy_in_force(organisation=demobank, at=before_change).ask_stale_after == timedelta(minutes=10)
    assert policy_in_force(organisation=demobank, at=before_change + timedelta(days=2)).ask_stale_after == timedelta(
        minutes=3
    )


def test_the_largest_amount_per_request_defaults_to_100_million_and_older_versions_read_as_the_default(demobank):
    assert policy_current(organisation=demobank).amount_max_cents == 100_000_000_00
    version = PolicyVersion.objects.get(organisation=demobank, number=1)
    snapshot = {key: value for key, value in version.snapshot.items() if key != "amount_max_cents"}
    PolicyVersion.objects.filter(pk=version.pk).update(snapshot=snapshot)  # as written before the field existed
    assert policy_in_force(organisation=demobank, at=timezone.now()).amount_max_cents == 100_000_000_00


def test_a_gate_threshold_above_the_platform_ceiling_is_refused(demobank):
    gates = gates_with(demobank, "money", mode="above_amount", threshold_cents=10**15 + 1)
    with pytest.raises(ValidationError) as refused:
        policy_update(organisation=demobank, changes={"gates": gates}, changed_by="admin@demobank")
    assert fields_of(refused.value) == {"money_threshold"}


@pytest.mark.parametrize(("language", "ceiling"), [
    ("pt-br", "10.000.000.000.000"), ("es", "10.000.000.000.000"), ("ca", "10.000.000.000.000"),
    ("en", "10,000,000,000,000")])
def test_the_platform_ceiling_in_a_refusal_is_written_as_the_staff_language_writes_numbers(demobank, language, ceiling):
    # A Portuguese admin read "no máximo 10,000,000,000,000 unidades": a comma where pt-BR writes a decimal point.
    gates = gates_with(demobank, "money", mode="above_amount", threshold_cents=10**15 + 1)
    with translation.override(language), pytest.raises(ValidationError) as refused:
        policy_update(organisation=demobank, changes={"gates": gates, "amount_max_cents": 10**15 + 1},
                      changed_by="admin@demobank")
    for field in ("money_threshold", "amount_max"):
        assert ceiling in refused.value.message_dict[field][0]
