"""Debian's chromium driven by Playwright (no `playwright install`: the machine cannot download browsers)."""

import os
import shutil

import pytest

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


def chromium_path() -> str:
    path = os.environ.get("MAGIE_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        raise RuntimeError("Browser tests need Debian's chromium: `apt-get install chromium` (or set MAGIE_CHROMIUM).")
    return path


@pytest.fixture(scope="session")
def browser():
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # Playwright's sync API runs an event loop in this thread
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def site(live_server, committed):
    """`site("demobank")` → the base URL of that organisation's back office on the live server."""
    port = live_server.url.rsplit(":", 1)[-1]
    return lambda schema: f"http://{schema}.localhost:{port}" if schema else f"http://localhost:{port}"
