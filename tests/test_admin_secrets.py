"""No secret on any admin page, for any role: every page the admin registries expose (index, app indexes, every
changelist, add page, change/view and history page of existing rows, the approval log's exports) is fetched over
HTTP as admin, agent and auditor on an organisation's host, and as the operator on the platform host, and its HTML
is searched for every secret value: the channel's app secret, verify token and access token, the organisation's
model key, a live approval link's token, their ciphertexts, SECRET_KEY and the field keys. New models registered in
either admin site are crawled without touching this test."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.db import connection
from django.urls import NoReverseMatch, reverse
from django_tenants.utils import schema_context

from agent.models import AgentSettings
from agent.tests.helpers import Conversation
from approvals.models import ApprovalRequest
from approvals.tests.test_flow import set_money_gate
from conversations.rendering import message_text_for_customer
from magie.admin_sites import backoffice_site, platform_site
from tenants.demo import demo_channel_secrets
from tenants.models import Organisation
from testing.organisations import signed_in

MODEL_KEY = "sk-crawl-secret-model-key-4f1d9a"
ROWS_PER_MODEL = 3


def raw_column(table: str, column: str) -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute(f'SELECT "{column}" FROM {table}')  # noqa: S608 (fixed names)
        return [value for (value,) in cursor.fetchall() if value]


@pytest.fixture
def planted(demobank):
    """Every kind of secret present in demobank (and the platform), with rows for the crawler to open."""
    AgentSettings.objects.update_or_create(pk=1, defaults={
        "provider": "builtin", "openai_model": "m", "openai_base_url": "https://api.openai.com/v1",
        "openai_api_key": MODEL_KEY})
    set_money_gate(demobank, channel="app")
    Conversation().say("manda 200 pro Pedro")  # a pending approval whose link is live
    request = ApprovalRequest.objects.get(status="pending")
    link_token = re.search(r"/approve/([^/\s]+)/", message_text_for_customer(message=request.shown_in))[1]
    secrets = {**{f"demobank {k}": v for k, v in demo_channel_secrets("demobank").items()},
               **{f"demostore {k}": v for k, v in demo_channel_secrets("demostore").items()},
               "model key": MODEL_KEY, "approval link token": link_token, "SECRET_KEY": settings.SECRET_KEY}
    secrets |= {f"field key {i}": key for i, key in enumerate(settings.MAGIE_FIELD_KEYS)}
    ciphertexts = raw_column("agent_agentsettings", "openai_api_key") + raw_column("approvals_approvalrequest",
                                                                                  "link_token")
    connection.set_schema_to_public()
    for column in ("app_secret", "verify_token", "access_token"):
        ciphertexts += raw_column("tenants_whatsappchannel", column)
    secrets |= {f"ciphertext {i}": value.removeprefix("fernet:")[:40] for i, value in enumerate(ciphertexts)}
    return secrets


def _reverse(site, name: str, *args) -> str | None:
    urlconf = settings.PUBLIC_SCHEMA_URLCONF if site is platform_site else settings.ROOT_URLCONF
    try:
        return reverse(f"{site.name}:{name}", args=args, urlconf=urlconf)
    except NoReverseMatch:
        return None


def admin_urls(site, schema: str | None) -> list[str]:
    """The site's pages, discovered from its registry, with up to ROWS_PER_MODEL existing rows per model."""
    urls = [_reverse(site, "index"), _reverse(site, "password_change")]
    labels = set()
    with schema_context(schema or "public"):
        for model in site._registry:
            meta = model._meta
            labels.add(meta.app_label)
            prefix = f"{meta.app_label}_{meta.model_name}"
            urls += [_reverse(site, f"{prefix}_changelist"), _reverse(site, f"{prefix}_add")]
            for pk in model._default_manager.order_by("-pk").values_list("pk", flat=True)[:ROWS_PER_MODEL]:
                urls += [_reverse(site, f"{prefix}_change", pk), _reverse(site, f"{prefix}_history", pk)]
    urls += [_reverse(site, "app_list", label) for label in sorted(labels)]
    return [url for url in urls if url]


def assert_no_secret(body: str, secrets: dict[str, str], where: str) -> None:
    leaked = [name for name, value in secrets.items() if value and value in body]
    assert not leaked, f"{where} shows {leaked}"


@pytest.mark.parametrize("role", ["admin", "agent", "auditor"])
def test_no_admin_page_of_an_organisation_shows_a_secret_to_any_role(planted, role):
    urls = admin_urls(backoffice_site, "demobank")
    client = signed_in("demobank", role)
    statuses = {}
    for url in urls:
        response = client.get(url)
        statuses[url] = response.status_code
        assert response.status_code in (200, 302, 403, 404), (url, response.status_code)
        assert_no_secret(response.content.decode(), planted, f"{url} as {role}")
    shown = [url for url, status in statuses.items() if status == 200]
    assert len(shown) >= {"admin": 40, "agent": 8, "auditor": 30}[role], shown  # the crawl really saw pages
    if role in ("admin", "auditor"):  # the very pages that used to show the secrets in clear
        with schema_context("demobank"):
            request = ApprovalRequest.objects.get(status="pending")
        for name, args in (("tenants_whatsappchannel_change", [1]), ("agent_agentsettings_change", [1]),
                           ("approvals_approvalrequest_change", [request.pk]),
                           ("conversations_conversation_change", [request.conversation_id])):
            url = reverse(f"admin:{name}", args=args)
            if name == "tenants_whatsappchannel_change":
                with schema_context("public"):
                    channel = Organisation.objects.get(schema_name="demobank").whatsapp_channels.get()
                url = reverse(f"admin:{name}", args=[channel.pk])
            assert client.get(url).status_code == 200, url
        page = client.get(reverse("admin:conversations_conversation_change",
                                  args=[request.conversation_id])).content.decode()
        assert f"/approve/[redacted approval {request.pk}]/" in page  # the link is there, redacted


def test_the_approval_log_exports_carry_no_link_token(planted):
    client = signed_in("demobank", "auditor")
    with schema_context("demobank"):
        ids = [str(pk) for pk in ApprovalRequest.objects.values_list("pk", flat=True)]
    for action in ("export_json", "export_csv"):
        response = client.post(reverse("admin:approvals_approvalrequest_changelist"),
                               {"action": action, "_selected_action": ids})
        assert response.status_code == 200 and "Pedro Henrique Almeida" in response.content.decode()
        if action == "export_json":  # the chain's messages: the link is there, redacted
            assert "redacted approval" in response.content.decode()
        assert_no_secret(response.content.decode(), planted, action)


def test_no_platform_admin_page_shows_a_secret_to_the_operator(planted):
    urls = admin_urls(platform_site, None)
    client = signed_in(None, "platform")
    shown = 0
    for url in urls:
        response = client.get(url)
        assert response.status_code in (200, 302, 403, 404), (url, response.status_code)
        assert_no_secret(response.content.decode(), planted, f"platform {url}")
        shown += response.status_code == 200
    assert len(urls) >= 10 and shown >= 10, urls
