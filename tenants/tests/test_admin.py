"""The back office: an organisation admin edits its policy, an auditor only reads; secrets are never shown."""

import logging
from datetime import timedelta

import pytest
from django.db import connection
from django_tenants.utils import schema_context

from tenants.demo import demo_channel_secrets
from tenants.forms import PolicyForm
from tenants.models import OrganisationPolicy, PolicyVersion, WhatsAppChannel
from tenants.policy import policy_snapshot
from tenants.services import policy_update
from testing.organisations import page_queries, signed_in


def policy_post_data(policy: OrganisationPolicy, **overrides) -> dict:
    """The change form's fields as the page shows them (minutes, amounts in the organisation's format), changed
    by `overrides`; a None override leaves the field out."""
    form = PolicyForm(instance=policy)
    data = {name: form[name].value() for name in form.fields}
    data.update(overrides)
    return {key: value for key, value in data.items() if value is not None}


@pytest.fixture
def bank_policy(demobank):
    policy = OrganisationPolicy.objects.get(organisation=demobank)
    connection.set_schema_to_public()
    return policy


def test_admin_edits_the_policy_and_a_version_names_them(bank_policy):
    client = signed_in("demobank", "admin")
    url = f"/admin/tenants/organisationpolicy/{bank_policy.pk}/change/"
    assert client.get(url).status_code == 200
    response = client.post(url, policy_post_data(bank_policy, ask_stale_after="5", money_mode="above_amount",
                                                 money_threshold="500,00", _confirmed="1"))
    assert response.status_code == 302, response.content.decode()[:2000]
    bank_policy.refresh_from_db()
    assert bank_policy.gates["money"] == {"mode": "above_amount", "threshold_cents": 50_000, "daily_cap_cents": None,
                                          "channel": "in_chat_button"}
    assert PolicyVersion.objects.get(organisation=bank_policy.organisation, number=2).changed_by == "admin@demobank"


def test_the_admin_form_names_the_field_of_an_invalid_value(bank_policy):
    client = signed_in("demobank", "admin")
    url = f"/admin/tenants/organisationpolicy/{bank_policy.pk}/change/"
    response = client.post(url, policy_post_data(bank_policy, money_mode="above_amount", money_threshold=""))
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert "money_threshold" in errors and "precisa do valor acima do qual pedir" in errors["money_threshold"][0]
    bank_policy.refresh_from_db()
    assert bank_policy.version == 1


def test_an_auditor_sees_the_policy_but_cannot_change_it(bank_policy):
    client = signed_in("demobank", "auditor")
    url = f"/admin/tenants/organisationpolicy/{bank_policy.pk}/change/"
    assert client.get(url).status_code == 200  # read-only view
    client.post(url, policy_post_data(bank_policy, ask_stale_after="1"))
    bank_policy.refresh_from_db()
    assert bank_policy.version == 1 and policy_snapshot(bank_policy)["ask_stale_after_seconds"] == 600


def test_an_agent_cannot_open_the_policy(bank_policy):
    client = signed_in("demobank", "agent")
    assert client.get(f"/admin/tenants/organisationpolicy/{bank_policy.pk}/change/").status_code in (302, 403)


def test_one_organisation_cannot_open_another_ones_policy(bank_policy):
    client = signed_in("demostore", "admin")
    response = client.get(f"/admin/tenants/organisationpolicy/{bank_policy.pk}/change/")
    assert response.status_code == 302  # "doesn't exist" → redirected to the index, nothing shown


def all_secrets() -> list[str]:
    return [value for schema in ("demobank", "demoschool", "demostore") for value in demo_channel_secrets(schema).values()]


def test_secrets_appear_in_no_admin_page(db):
    channel = WhatsAppChannel.objects.get(organisation__schema_name="demobank")
    pages = []
    bank = signed_in("demobank", "admin")
    for url in ("/admin/tenants/whatsappchannel/", f"/admin/tenants/whatsappchannel/{channel.pk}/change/",
                f"/admin/tenants/whatsappchannel/{channel.pk}/history/", "/admin/"):
        response = bank.get(url)
        assert response.status_code == 200, url
        pages.append(response.content.decode())
    platform = signed_in(None, "platform")
    for url in ("/admin/tenants/whatsappchannel/", f"/admin/tenants/whatsappchannel/{channel.pk}/change/"):
        response = platform.get(url)
        assert response.status_code == 200, url
        pages.append(response.content.decode())
    for page in pages:
        for secret in all_secrets():
            assert secret not in page


def test_saving_credentials_keeps_blank_secrets_and_logs_no_secret(db, caplog):
    channel = WhatsAppChannel.objects.get(organisation__schema_name="demobank")
    client = signed_in("demobank", "admin")
    url = f"/admin/tenants/whatsappchannel/{channel.pk}/change/"
    connection.force_debug_cursor = True  # SQL is logged with its parameters when DEBUG is on
    try:
        with caplog.at_level(logging.DEBUG):
            response = client.post(url, {"phone_number_id": channel.phone_number_id, "display_phone_number": "+55 11 1",
                                         "app_secret": "", "verify_token": "", "access_token": "brand-new-token-42"})
    finally:
        connection.force_debug_cursor = False
    assert response.status_code == 302
    from tenants.models import ChannelRekey
    from tenants.services import channel_rekey_decide

    rekey = ChannelRekey.objects.get(channel=channel)
    assert rekey.changes == ["access_token"]  # blank secrets are not part of the key change
    with caplog.at_level(logging.DEBUG):
        channel_rekey_decide(rekey_id=rekey.pk, approve=True, decided_by="platform@public")  # the second person
    channel.refresh_from_db()
    assert channel.app_secret == demo_channel_secrets("demobank")["app_secret"]  # blank kept the stored value
    assert channel.access_token == "brand-new-token-42"
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert "whatsapp channel" in logged  # the save was logged…
    for secret in [*all_secrets(), "brand-new-token-42"]:
        assert secret not in logged  # …without a secret
    assert "brand-new-token-42" not in repr(channel) + str(channel)


def test_a_phone_number_id_belongs_to_one_organisation_only(demostore):
    from django.core.exceptions import ValidationError

    from tenants.services import whatsapp_channel_save

    with pytest.raises(ValidationError) as refused:
        whatsapp_channel_save(organisation=demostore, phone_number_id="100000000000001", app_secret="x",
                              verify_token="y", access_token="z")
    assert "phone_number_id" in refused.value.message_dict
    with schema_context("public"):
        assert WhatsAppChannel.objects.get(phone_number_id="100000000000001").organisation.schema_name == "demobank"


def test_admin_sets_the_largest_amount_per_request_in_currency_units(bank_policy):
    client = signed_in("demobank", "admin")
    url = f"/admin/tenants/organisationpolicy/{bank_policy.pk}/change/"
    assert "Maior valor por pedido" in client.get(url).content.decode()  # the bank's staff read Portuguese
    response = client.post(url, policy_post_data(bank_policy, amount_max="25.000,00"))
    assert response.status_code == 302, response.content.decode()[:2000]
    bank_policy.refresh_from_db()
    assert bank_policy.amount_max_cents == 2_500_000
    version = PolicyVersion.objects.get(organisation=bank_policy.organisation, number=2)
    assert version.changes == {"amount_max_cents": {"old": 100_000_000_00, "new": 2_500_000}}


@pytest.mark.parametrize("value", ["0", "-5", "99.999.999.999.999,00", "25000.00"])
def test_an_amount_maximum_outside_the_platform_ceiling_is_refused_naming_the_field(bank_policy, value):
    client = signed_in("demobank", "admin")
    url = f"/admin/tenants/organisationpolicy/{bank_policy.pk}/change/"
    response = client.post(url, policy_post_data(bank_policy, amount_max=value))
    assert response.status_code == 200
    assert "amount_max" in response.context["adminform"].form.errors
    bank_policy.refresh_from_db()
    assert bank_policy.version == 1 and bank_policy.amount_max_cents == 100_000_000_00


def test_the_policy_version_list_costs_the_same_for_more_versions(bank_policy, demobank):
    """Each row shows its changes in the organisation's currency: the organisation comes with the rows, not one
    query per version."""
    client = signed_in("demobank", "admin")
    url = "/admin/tenants/policyversion/"
    page_queries(client, url)  # the session's first statements are not the list's
    few = page_queries(client, url)
    connection.set_tenant(demobank)
    for minutes in (7, 8, 9, 11):
        policy_update(organisation=demobank, changes={"ask_stale_after": timedelta(minutes=minutes)},
                      changed_by="admin@demobank")
    connection.set_schema_to_public()
    assert page_queries(client, url) == few


def test_the_staff_list_costs_the_same_for_more_members(bank_policy, demobank):
    """Each member's role is named from their groups, fetched for the whole page at once."""
    from django.contrib.auth.models import Group, User

    client = signed_in("demobank", "admin")
    url = "/admin/auth/user/"
    page_queries(client, url)
    few = page_queries(client, url)
    with schema_context("demobank"):
        agents = Group.objects.get(name="agent")
        for index in range(4):
            User.objects.create_user(username=f"agent-{index}", is_staff=True).groups.add(agents)
    assert page_queries(client, url) == few

