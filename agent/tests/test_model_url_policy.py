"""An organisation's model base URL comes only from the platform's allow-list; internal addresses (loopback,
link-local, private) are refused unless listed literally; checked in the admin form and again when a client is made."""

from __future__ import annotations

import pytest
from django.db import connection

from agent.models import AgentSettings, Turn
from agent.providers.url_policy import ModelUrlRefused, model_base_url_check
from agent.tests.helpers import Conversation, perception_args
from testing.fake_openai import completion
from testing.organisations import signed_in

PUBLIC_ONLY = ["https://api.openai.com/v1", "https://*.openai.azure.com"]
SSRF = ["http://127.0.0.1:8000/v1", "http://localhost:5432/", "http://169.254.169.254/latest/meta-data",
        "http://10.0.0.5/v1", "http://[::1]:8080/v1", "http://192.168.1.1/v1", "https://api.openai.com.evil.test/v1",
        "https://user:pw@api.openai.com/v1", "ftp://api.openai.com/v1", "https://api.openai.com/v2",
        "file:///etc/passwd", "http://api.openai.com/v1"]


@pytest.mark.parametrize("url", SSRF)
def test_urls_off_the_allow_list_or_internal_are_refused(settings, url):
    settings.MAGIE_MODEL_URL_ALLOWLIST = PUBLIC_ONLY
    with pytest.raises(ModelUrlRefused):
        model_base_url_check(url)


def test_listed_urls_pass_and_internal_ones_only_when_named_literally(settings):
    settings.MAGIE_MODEL_URL_ALLOWLIST = [*PUBLIC_ONLY, "http://10.0.0.5:8080/v1", "http://*.0.0.1:*"]
    assert model_base_url_check("https://api.openai.com/v1") == "https://api.openai.com/v1"
    assert model_base_url_check("https://api.openai.com/v1/") == "https://api.openai.com/v1/"
    assert model_base_url_check("http://10.0.0.5:8080/v1")  # an operator listed this internal gateway
    with pytest.raises(ModelUrlRefused, match="internal address"):  # matched only through a wildcard
        model_base_url_check("http://127.0.0.1:4010/v1")


@pytest.mark.parametrize("url", ["http://127.0.0.1:8000/v1", "http://169.254.169.254/latest", "http://10.1.2.3/v1"])
def test_the_admin_form_refuses_an_ssrf_url_and_changes_nothing(demobank, settings, url):
    settings.MAGIE_MODEL_URL_ALLOWLIST = PUBLIC_ONLY
    row = AgentSettings.objects.create(provider="openai", openai_model="m", openai_base_url="")
    connection.set_schema_to_public()
    admin = signed_in("demobank", "admin")
    response = admin.post(f"/admin/agent/agentsettings/{row.pk}/change/", {
        "provider": "openai", "openai_model": "m", "openai_base_url": url, "openai_api_key": ""})
    page = response.content.decode()
    assert response.status_code == 200 and "não está na lista de endereços permitidos da plataforma" in page  # pt-BR
    connection.set_tenant(demobank)
    assert AgentSettings.objects.get().openai_base_url == ""
    accepted = admin.post(f"/admin/agent/agentsettings/{row.pk}/change/", {
        "provider": "openai", "openai_model": "m", "openai_base_url": "https://api.openai.com/v1",
        "openai_api_key": ""})
    assert accepted.status_code == 302
    assert AgentSettings.objects.get().openai_base_url == "https://api.openai.com/v1"


def test_a_refused_url_stored_anyway_is_refused_again_when_the_client_is_made(demobank, settings, fake_openai):
    """A row written around the form (an old row, a script): the turn calls nothing and says the model is down."""
    settings.MAGIE_MODEL_URL_ALLOWLIST = PUBLIC_ONLY
    AgentSettings.objects.create(provider="openai", openai_model="m", openai_base_url=fake_openai.base_url,
                                 openai_api_key="sk-test")
    turn = Conversation().say("qual meu saldo?")
    assert fake_openai.requests == []  # not one request reached the internal address
    assert turn.status == Turn.Status.FAILED and "model URL refused" in turn.error and turn.reply
    settings.MAGIE_MODEL_URL_ALLOWLIST = [*PUBLIC_ONLY, "http://127.0.0.1:*/v1"]  # listed: now it is called
    fake_openai.replies = [completion(tool_calls=[("record_perception", perception_args("balance"))]),
                           completion("Seu saldo é R$ 5.000,00.")]
    Conversation().say("qual meu saldo?")
    assert len(fake_openai.requests) >= 1
