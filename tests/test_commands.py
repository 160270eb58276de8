"""The operator commands: seed_demo twice changes nothing; create_organisation validates and creates."""

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import models
from django_tenants.utils import schema_context

from tenants.models import Domain, Organisation, PolicyVersion, WhatsAppChannel


def counts() -> dict[str, int]:
    tables: dict[str, type[models.Model]] = {"organisations": Organisation, "domains": Domain, "versions": PolicyVersion, "channels": WhatsAppChannel}
    numbers = {name: model._default_manager.count() for name, model in tables.items()}
    for schema in ("demobank", "demoschool", "demostore"):
        with schema_context(schema):
            numbers[f"{schema}.users"] = get_user_model().objects.count()
    return numbers


def test_seed_demo_twice_changes_nothing_and_prints_urls_and_logins(db):
    before = counts()
    out = io.StringIO()
    call_command("seed_demo", stdout=out)
    assert counts() == before
    printed = out.getvalue()
    for url in ("http://demobank.localhost:8000/admin/", "http://demoschool.localhost:8000/admin/",
                "http://demostore.localhost:8000/admin/"):
        assert url in printed
    assert "admin, agent, auditor" in printed


def test_demo_organisations_have_their_language_currency_and_kind(db):
    found = {o.schema_name: (o.kind, o.language, o.currency) for o in Organisation.objects.exclude(schema_name="public")}
    assert found == {"demobank": ("bank", "pt-BR", "BRL"), "demoschool": ("school", "ca", "EUR"),
                     "demostore": ("store", "es", "ARS")}


def test_create_organisation_refuses_a_bad_time_zone_naming_it(db):
    with pytest.raises(CommandError, match="time_zone"):
        call_command("create_organisation", "coopcred", "--name", "Coop", "--kind", "bank", "--time-zone", "Mars/Base")
    assert not Organisation.objects.filter(schema_name="coopcred").exists()


def test_create_organisation_refuses_a_schema_name_that_is_no_host_name(db):
    with pytest.raises(CommandError, match="schema_name"):
        call_command("create_organisation", "coop_cred", "--name", "Coop", "--kind", "bank")


def test_create_organisation_refuses_a_brand_colour_that_is_no_colour(db):
    with pytest.raises(CommandError, match="brand_colour"):
        call_command("create_organisation", "coopcred", "--name", "Coop", "--kind", "bank", "--brand-colour", "teal")
    assert not Organisation.objects.filter(schema_name="coopcred").exists()
