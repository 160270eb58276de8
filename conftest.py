"""Shared fixtures: the demo organisations in the test database, tenant-aware clients, a real Celery worker."""

from __future__ import annotations

import io
import os

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.backends.signals import connection_created
from django.test import Client
from django_tenants.utils import tenant_context

from tenants.models import Organisation
from testing.organisations import organisation_laid_out_today, organisations_ensure, tenant_tables_truncate
from testing.platform import WorkerProcess, tasks_through_broker, truncate_retrying_install


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """Build the test database once, with the three demo organisations seeded as `make run` seeds them."""
    with django_db_blocker.unblock():
        call_command("seed_demo", verbosity=0, stdout=io.StringIO())


@pytest.fixture(scope="session", autouse=True)
def _truncate_survives_live_readers():
    """The test process empties its database while `up`'s processes, workers and live servers may still read it."""
    connection_created.connect(truncate_retrying_install, weak=False)
    truncate_retrying_install(connection)
    yield
    connection_created.disconnect(truncate_retrying_install)


@pytest.fixture(autouse=True)
def _publish_circuit_closed():
    """A test that broke the broker on purpose leaves publishing paused (magie.circuit), and one that broke the
    Redis of the signature checks leaves them paused (whatsapp.strangers); the next test starts closed."""
    yield
    from magie.queueing import publish_circuit
    from whatsapp.strangers import checks_circuit

    publish_circuit.reset()
    checks_circuit.reset()


@pytest.fixture(autouse=True)
def _turn_admission_forgotten():
    """Admission leases live in Redis (whatsapp.admission), not in the database a test rolls back: each test starts
    with none, so one test's queued turns never fill another's organisation."""
    yield
    from whatsapp.admission import admission_reset

    for schema_name in ("demobank", "demoschool", "demostore"):
        admission_reset(schema_name=schema_name)


@pytest.fixture(autouse=True)
def _webhook_secrets_forgotten():
    """The webhook caches verified app secrets per process (whatsapp.services); a test that re-keyed a channel is
    rolled back, so its secret must not verify the next test's bodies."""
    yield
    from whatsapp.services import _secret_cache

    _secret_cache.clear()


@pytest.fixture(autouse=True)
def _public_schema_after_test(request):
    """A request or tenant_context may leave the connection in a tenant schema; start every test in public."""
    yield
    if not request.instance or not hasattr(request.instance, "setUpClass"):
        connection.set_schema_to_public()


def _organisation(schema_name: str):
    organisations_ensure()
    organisation = Organisation.objects.get(schema_name=schema_name)
    with tenant_context(organisation):
        organisation_laid_out_today(organisation)
        yield organisation


@pytest.fixture
def demobank(db):
    yield from _organisation("demobank")


@pytest.fixture
def demoschool(db):
    yield from _organisation("demoschool")


@pytest.fixture
def demostore(db):
    yield from _organisation("demostore")


@pytest.fixture
def committed(transactional_db):
    """For tests whose rows other connections (threads, workers, live servers) must see: rows are committed,
    and removed again afterwards from the organisations' schemas too."""
    organisations_ensure()
    yield
    connection.set_schema_to_public()
    tenant_tables_truncate()


@pytest.fixture
def host_client():
    """`host_client("demobank")` → a Django test client whose requests go to that organisation's host."""

    def make(schema_name: str | None) -> Client:
        host = "localhost" if schema_name is None else f"{schema_name}.localhost"
        return Client(HTTP_HOST=host)

    return make


@pytest.fixture(scope="session")
def celery_worker_process(django_db_setup, django_db_blocker):
    """One real worker process for the session (prefork, concurrency 2) on the test database."""
    with django_db_blocker.unblock():
        worker = WorkerProcess(concurrency=2)
    yield worker
    worker.stop()


@pytest.fixture
def real_worker(celery_worker_process, committed):
    """Within this test, `.delay()` goes through the broker to the real worker process instead of running inline."""
    with tasks_through_broker(celery_worker_process.queue):
        yield celery_worker_process


@pytest.fixture(scope="session")
def browser():
    """One headless Debian chromium for the whole run (one Playwright per thread: never start a second)."""
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # Playwright's sync API runs an event loop in this thread
    from playwright.sync_api import sync_playwright

    from testing.platform import CHROMIUM_ARGS, chromium_path

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, request):
    """A page of its own context. In a test with committed rows (`site`, `platform_up`) the rows are set up first, so
    the page, which may still be polling the server, is closed before its tables are emptied (the emptying
    otherwise met the poll's queries: a PostgreSQL deadlock answered 500 in the server's log)."""
    if "committed" in request.fixturenames:
        request.getfixturevalue("committed")
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def site(live_server, committed):
    """`site("demobank")` → the base URL of that organisation's host on the live server."""
    port = live_server.url.rsplit(":", 1)[-1]
    return lambda schema: f"http://{schema}.localhost:{port}" if schema else f"http://localhost:{port}"


@pytest.fixture
def fake_openai():
    """A local OpenAI-compatible server (real HTTP) with scripted answers; it records every request."""
    from testing.fake_openai import FakeOpenAI

    server = FakeOpenAI()
    yield server
    server.close()


@pytest.fixture
def use_openai(fake_openai):
    """The current organisation talks to the fake OpenAI server (its own provider setting)."""
    from agent.models import AgentSettings

    AgentSettings.objects.update_or_create(pk=1, defaults={
        "provider": "openai", "openai_base_url": fake_openai.base_url, "openai_api_key": "sk-test", "openai_model": "fake",
    })
    return fake_openai


@pytest.fixture(scope="module")
def platform_process(django_db_setup, django_db_blocker):
    """The platform exactly as `make run` starts it (`manage.py up`: the production server with its static files
    and pool, a Celery worker and beat, settings magie.settings.base) on a free port against the test database;
    one per test module, on a queue of its own (its worker and beat never touch other tests' tasks), stopped after
    the module. Use it through `platform_up`, which makes sure the demo organisations are committed."""
    from testing.servers import PlatformProcess

    with django_db_blocker.unblock():
        organisations_ensure()
        process = PlatformProcess()
    yield process
    process.stop()


@pytest.fixture
def platform_up(platform_process, committed):
    """`platform_up.url` → http://127.0.0.1:<port> of the running platform (send `Host: <schema>.localhost`)."""
    return platform_process
