"""Every table of an organisation's schema is decided on: a rule says whether rows of it belong to a customer and
what an export, an erasure and the retention windows do to them (privacy/rules.py)."""

from django.apps import apps
from django.conf import settings

from privacy.rules import RULES


def test_every_model_of_an_organisations_schema_has_a_rule():
    tenant_apps = {app.split(".")[-1] for app in settings.TENANT_APPS}
    models = {model._meta.label for model in apps.get_models()
              if not model._meta.proxy and model._meta.app_config.name.split(".")[-1] in tenant_apps}
    missing = sorted(models - set(RULES))
    assert not missing, (f"no data-rights rule for {missing}: add one to privacy/rules.py (and docs/data-rights.md) "
                         "saying whether its rows belong to a customer and what erasure does to them")
    assert set(RULES) - models == set()
