"""An organisation lists the languages it answers customers in; its own language is always one of them."""

import pytest
from django.core.exceptions import ValidationError

from magie.tenancy import Tenancy
from tenants.models import Organisation
from tenants.services import organisation_languages_set


def test_the_demo_school_serves_catalan_first_then_spanish_and_english(db):
    school = Organisation.objects.get(schema_name="demoschool")
    assert school.served_languages == ("ca", "es", "en")
    assert Tenancy.of(school).languages == ("ca", "es", "en")


def test_setting_languages_keeps_the_own_language_once_and_refuses_unknown_ones(db):
    bank = Organisation.objects.get(schema_name="demobank")
    bank = organisation_languages_set(organisation=bank, languages=["pt-BR", "en", "en"])
    assert bank.languages == ["en"] and bank.served_languages == ("pt-BR", "en")
    with pytest.raises(ValidationError) as refused:
        organisation_languages_set(organisation=bank, languages=["fr"])
    assert "languages" in refused.value.message_dict
    bank.refresh_from_db()
    assert bank.languages == ["en"]
