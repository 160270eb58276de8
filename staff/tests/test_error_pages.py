"""The back office's refusals and missing pages (403, 404, 500) are pages in the staff language with a way back, not
Django's bare English; the customer's approval page keeps its own not-found page and the APIs answer JSON. The
platform's home page reads in the browser's language, naming kinds and languages in words."""

from __future__ import annotations

from django.template import loader
from django.test import Client, RequestFactory
from django.utils import translation
from django.views.defaults import server_error

from testing.organisations import signed_in


def test_an_agent_refused_the_dashboard_reads_why_in_portuguese_and_a_way_back(db):
    page = signed_in("demobank", "agent").get("/workspace/dashboard/")
    shown = page.content.decode()
    assert page.status_code == 403
    assert "Você não pode abrir esta página" in shown and "Forbidden" not in shown
    assert '<html lang="pt-br">' in shown and 'href="/admin/"' in shown


def test_a_missing_page_on_an_organisation_host_is_in_its_language(db):
    for host, words in (("demobank.localhost", "Página não encontrada"), ("demoschool.localhost", "Pàgina no trobada"),
                        ("demostore.localhost", "Página no encontrada")):
        page = Client(HTTP_HOST=host).get("/nonexistent/")
        shown = page.content.decode()
        assert page.status_code == 404 and words in shown, (host, shown[:300])
        assert "Not Found" not in shown and "requested resource" not in shown


def test_the_server_error_page_renders_without_a_request_context():
    with translation.override("ca"):
        shown = loader.get_template("500.html").render()  # as Django's server_error does: no request, no context
        answered = server_error(RequestFactory().get("/"))
    assert "Alguna cosa ha fallat per la nostra banda" in shown and 'href="/admin/"' in shown
    assert answered.status_code == 500 and "Alguna cosa ha fallat" in answered.content.decode()


def test_the_customers_approval_page_and_the_apis_keep_their_own_not_found(db):
    client = Client(HTTP_HOST="demobank.localhost")
    approval = client.get("/approve/no-such-token/")
    assert approval.status_code == 404 and "Página não encontrada" not in approval.content.decode()
    api = client.post("/api/approvals/999999/decision", {"decision": "approve"})  # no customer token: DRF's refusal
    assert api.status_code in (401, 403, 404) and api["Content-Type"].startswith("application/json")
    assert "code" in api.json() or "detail" in api.json()


def test_the_platform_home_follows_the_browsers_language_and_names_kinds_and_languages(db):
    page = Client(HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE="es").get("/")
    shown = page.content.decode()
    assert page.status_code == 200 and '<html lang="es">' in shown
    assert "Organización" in shown and "Administración multiorganización" in shown
    assert '<td class="kind">Banco</td>' in shown and '<td class="language" lang="pt-BR">Português (Brasil)</td>' in shown
    assert ">bank<" not in shown and ">pt-BR<" not in shown and ">store<" not in shown
    english = Client(HTTP_HOST="localhost", HTTP_ACCEPT_LANGUAGE="en").get("/").content.decode()
    assert '<td class="kind">Bank</td>' in english and "Organisation" in english
