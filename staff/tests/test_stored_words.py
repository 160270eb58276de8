"""What the records store as codes or English (a refused model address, an approval's reason, a policy version's
diff, a role's name) reaches staff in their language; the stored value itself does not change."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.contrib.auth.models import Group
from django.db import connection
from django.utils import timezone, translation

from agent.providers.url_policy import ModelUrlRefused, model_base_url_check
from staff.stored_words import approval_reason_label
from tenants.models import OrganisationPolicy, PolicyVersion
from tenants.services import policy_update
from testing.organisations import signed_in


@pytest.mark.parametrize(("url", "portuguese"), [
    ("http://user:secret@api.openai.com/v1", "não pode conter usuário nem senha"),
    ("https://models.example.org/v1", "não está na lista de endereços permitidos da plataforma"),
    ("ftp://api.openai.com/v1", "Só são aceitos endereços http:// ou https://"),
])
def test_a_refused_model_address_is_explained_in_the_staff_language(demobank, url, portuguese):
    from agent.admin import AgentSettingsForm

    with pytest.raises(ModelUrlRefused) as refused:  # the operator's log keeps the English message
        model_base_url_check(url)
    assert refused.value.message.isascii()
    with translation.override("pt-br"):
        form = AgentSettingsForm(data={"provider": "openai", "openai_model": "gpt-4o-mini", "openai_base_url": url})
        assert not form.is_valid()
        errors = " ".join(form.errors.get("openai_base_url", []))
    assert portuguese in errors, errors


def test_an_approvals_stored_reason_is_shown_in_the_readers_words_and_zone():
    with translation.override("ca"), timezone.override("Europe/Madrid"):
        expired = approval_reason_label(f"expired (checked at {datetime(2026, 12, 1, 16, 40, tzinfo=UTC).isoformat()})")
        moved_on = approval_reason_label("the request moved on (reopen)")
        replaced = approval_reason_label("replaced by a newer preview")
    assert expired.startswith("ha caducat (comprovat el ") and "17:40" in expired, expired
    assert moved_on == "la petició ha continuat (reobert per canviar una dada)"
    assert replaced == "substituïda per una previsualització més nova"
    assert approval_reason_label("insufficient_funds") == "insufficient_funds"  # an error code stays as it is


def test_a_policy_versions_change_is_a_table_of_settings_in_minutes_and_money(demobank):
    gates = OrganisationPolicy.objects.get(organisation=demobank).gates
    gates["money"] = gates["money"] | {"mode": "above_amount", "threshold_cents": 100050}
    policy_update(organisation=demobank, changes={"approval_expiry": 1800, "gates": gates},
                  changed_by="admin@demobank")
    version = PolicyVersion.objects.filter(organisation=demobank).order_by("-number").first()
    assert version is not None and "approval_expiry_seconds" in version.changes  # stored as it was
    connection.set_schema_to_public()
    page = signed_in("demobank", "admin").get(f"/admin/tenants/policyversion/{version.pk}/change/").content.decode()
    assert 'class="policy-version-changes"' in page
    assert "Uma aprovação expira após" in page and "15 minutos" in page
    assert "30 minutos" in page and "R$\xa01.000,50" in page and "Dinheiro · Pedir acima de" in page
    assert "approval_expiry_seconds" not in page and "threshold_cents" not in page  # no raw JSON keys


def test_roles_are_named_in_the_staff_language(demobank):
    from staff.models import StaffRole

    with translation.override("pt-br"):
        assert {str(role) for role in StaffRole.objects.filter(name__in=["admin", "agent", "auditor"])} == {
            "administrador", "atendente", "auditor"}
    assert Group.objects.filter(name="agent").exists()  # the stored name, the code, is unchanged
    connection.set_schema_to_public()
    client = signed_in("demobank", "admin")
    staff_list = client.get("/admin/auth/user/").content.decode()
    assert "administrador" in staff_list and "atendente" in staff_list
