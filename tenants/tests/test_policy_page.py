"""The policy page as the bank's admin uses it (Portuguese, reais): minutes, amounts, terms, every error at once,
and a confirmation in sentences before a change that loosens a protection."""

import pytest

from tenants.models import OrganisationPolicy, PolicyVersion
from tenants.tests.test_admin import policy_post_data
from testing.organisations import signed_in


@pytest.fixture
def page(demobank):
    policy = OrganisationPolicy.objects.get(organisation=demobank)
    return policy, signed_in("demobank", "admin"), f"/admin/tenants/organisationpolicy/{policy.pk}/change/"


def test_minutes_typed_are_saved_as_minutes(page):
    policy, client, url = page
    response = client.post(url, policy_post_data(policy, ask_stale_after="15", approval_expiry="10"))
    assert response.status_code == 302, response.content.decode()[:3000]
    policy.refresh_from_db()
    assert policy.ask_stale_after.total_seconds() == 15 * 60 and policy.approval_expiry.total_seconds() == 10 * 60
    shown = client.get(url).content.decode()
    assert 'value="15"' in shown and "minutos" in shown  # shown again in minutes, with the unit


def test_an_amount_in_the_organisations_format_is_saved_to_the_cent(page):
    policy, client, url = page
    response = client.post(url, policy_post_data(policy, amount_max="1.000,50"))
    assert response.status_code == 302, response.content.decode()[:3000]
    policy.refresh_from_db()
    assert policy.amount_max_cents == 100_050
    shown = client.get(url).content.decode()
    assert 'value="1.000,50"' in shown and "R$\xa01.000,50" in shown  # the field and its formatted echo


def test_an_amount_with_the_wrong_separator_is_refused_with_an_example(page):
    policy, client, url = page
    response = client.post(url, policy_post_data(policy, amount_max="1000.50"))
    assert response.status_code == 200
    assert "1.000,50" in response.context["adminform"].form.errors["amount_max"][0]
    policy.refresh_from_db()
    assert policy.version == 1


def test_the_vocabulary_round_trips_and_an_untouched_save_changes_nothing(page):
    policy, client, url = page
    response = client.post(url, policy_post_data(policy, internal_vocabulary="SisBank\ncore legado\nFila P2"))
    assert response.status_code == 302
    policy.refresh_from_db()
    assert policy.internal_vocabulary == ["SisBank", "core legado", "Fila P2"]
    form = client.get(url).context["adminform"].form
    assert form["internal_vocabulary"].value() == "SisBank\ncore legado\nFila P2"
    version = policy.version
    assert client.post(url, policy_post_data(policy)).status_code == 302  # saved untouched
    policy.refresh_from_db()
    assert policy.version == version and policy.internal_vocabulary == ["SisBank", "core legado", "Fila P2"]


def test_every_error_comes_in_one_answer(page):
    policy, client, url = page
    response = client.post(url, policy_post_data(policy, approval_expiry="abc", money_mode="above_amount",
                                                 money_threshold="", internal_vocabulary="SisBank\nSisBank",
                                                 amount_max="1000.50"))
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert {"approval_expiry", "money_threshold", "internal_vocabulary", "amount_max"} <= set(errors)
    policy.refresh_from_db()
    assert policy.version == 1


def test_a_lower_gate_is_shown_as_a_sentence_and_saved_only_once_confirmed(page):
    policy, client, url = page
    data = policy_post_data(policy, money_mode="above_amount", money_threshold="1.000,00")
    response = client.post(url, data)
    assert response.status_code == 200
    page_text = response.content.decode()
    assert "Pix acima de R$\xa01.000,00 passa a pedir aprovação" in page_text
    assert "Antes: sempre pedia aprovação." in page_text
    policy.refresh_from_db()
    assert policy.version == 1  # nothing saved yet
    assert 'name="_confirmed" value="1"' in page_text  # confirmed against version 1
    confirmed = client.post(url, {**data, "_confirmed": "1", "_save": "1"})
    assert confirmed.status_code == 302
    policy.refresh_from_db()
    assert policy.gates["money"]["mode"] == "above_amount" and policy.gates["money"]["threshold_cents"] == 100_000
    assert PolicyVersion.objects.filter(organisation=policy.organisation).count() == 2


@pytest.mark.parametrize("overrides", [{"approval_expiry": "30"}, {"enabled_guards": ["unsupported_amount"]},
                                       {"external_message_mode": "none"}])
def test_a_longer_expiry_a_check_off_or_a_gate_off_asks_for_confirmation(page, overrides):
    policy, client, url = page
    response = client.post(url, policy_post_data(policy, **overrides))
    assert response.status_code == 200 and "policy-confirmation" in response.content.decode()
    policy.refresh_from_db()
    assert policy.version == 1


def test_a_stricter_change_is_saved_without_confirmation(page):
    policy, client, url = page
    response = client.post(url, policy_post_data(policy, approval_expiry="5", third_party_data_mode="always"))
    assert response.status_code == 302
    policy.refresh_from_db()
    assert policy.version == 2


def test_a_confirmation_of_a_policy_changed_meanwhile_is_asked_again(page):
    policy, client, url = page
    data = policy_post_data(policy, money_mode="above_amount", money_threshold="1.000,00")
    from tenants.services import policy_update

    policy_update(organisation=policy.organisation, changes={"guard_retries": 2}, changed_by="other@demobank")
    again = client.post(url, {**data, "_confirmed": "1", "_save": "1"})  # confirmed against version 1, now 2
    assert again.status_code == 200 and "policy-confirmation" in again.content.decode()
    policy.refresh_from_db()
    assert policy.version == 2 and policy.gates["money"]["mode"] == "always"
