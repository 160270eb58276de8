"""In Chromium, against the platform as `make run` starts it: an auditor opens the dashboard, sees outcome shares
that sum to 100% and match `ask_outcomes --json` for the same range, and follows one Pix from the dashboard to its
trace page, where every step is on one page. demobank's staff read pt-BR: figures are read with the decimal comma,
steps by their data attributes."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django_tenants.utils import schema_context

from inbox.tests.helpers import browser_signed_in
from tenants.models import Organisation
from tenants.services import policy_update
from workspace.tests.helpers import pix_sent

pytestmark = pytest.mark.browser
SCREENS = Path(settings.BASE_DIR) / "docs" / "screenshots"


def test_an_auditor_follows_one_pix_from_the_dashboard_to_its_trace(page, platform_up):
    with schema_context("demobank"):
        organisation = Organisation.objects.get(schema_name="demobank")
        # the guards share 2 cores with the platform under test: a roomy budget, so a slow run is not a refusal
        policy_update(organisation=organisation, changes={"guard_time_budget_ms": 10_000}, changed_by="test@demobank")
        pix = pix_sent()
        pix_sent(text="manda 30 pra Ana")
    out = io.StringIO()
    call_command("ask_outcomes", "--org", "demobank", "--json", stdout=out)
    command = json.loads(out.getvalue())["partition"]
    base = f"http://demobank.localhost:{platform_up.port}"

    browser_signed_in(page, schema="demobank", username="auditor", base=base)
    page.goto(f"{base}/workspace/dashboard/")
    assert page.locator("html").get_attribute("lang") == "pt-br"

    rows = page.locator("#section-outcomes table.figures tbody tr")
    shares = {}
    for index in range(rows.count()):
        cells = rows.nth(index).locator("td").all_inner_texts()
        shares[cells[1]] = (int(cells[2].replace(".", "")), float(cells[3].replace(",", ".")))  # pt-BR: 1.234 / 20,0
    total = shares.pop("total")
    assert total == (command["total"], 100.0)
    assert round(sum(share for _, share in shares.values()), 2) == 100.0
    assert {name: share for name, (_, share) in shares.items()} == command["shares"]
    assert {name: count for name, (count, _) in shares.items()} == command["counts"]
    assert page.locator("#section-outcomes svg").count() == 1
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / "dashboard.png"), full_page=True)

    page.click(f'#recent-asks tr[data-ask="{pix.ask_id}"] a.trace-link')
    page.wait_for_url(f"{base}/workspace/trace/ask/{pix.ask_id}/")
    kinds = set(page.locator("tr.entry").evaluate_all("rows => rows.map(r => r.dataset.kind)"))
    assert {"message", "decision", "slot", "transition", "turn", "tool_call", "draft", "guard", "preview",
            "approval_decision", "execution", "transfer"} <= kinds
    decision = page.locator("tr.entry-approval_decision")
    assert decision.locator(".decided-by").inner_text() == "terminal:5511999990001"
    assert decision.locator(".decision-channel").inner_text() == "Botão na conversa"  # in_chat_button, in pt-BR
    assert decision.locator(".decided-at").inner_text()
    assert page.locator("tr.entry-transfer .transfer-e2e").inner_text() == pix.transfer.end_to_end_id
    with schema_context("demobank"):  # the version in force when the Pix was asked for: the one set above
        version = Organisation.objects.get(schema_name="demobank").policy.version
    assert page.locator(".policy-version").inner_text().strip() == str(version)
    confirmed = page.locator("tr.entry-decision .summary").last  # the rule in pt-BR words, its code beside them
    assert "o cliente tocou no botão de aprovação" in confirmed.inner_text()
    assert "button_confirms" in confirmed.locator("code").inner_text()
    looked_up = page.locator("tr.entry-tool_call .summary").first
    assert "buscar o destinatário do Pix" in looked_up.inner_text()
    assert "lookup_pix_key" in looked_up.locator("code").inner_text()
    page.screenshot(path=str(SCREENS / "trace-ask.png"), full_page=True)

    with page.expect_download() as download:
        page.click("a.export-csv")
    assert download.value.suggested_filename.startswith(f"trace_demobank_ask-{pix.ask_id}_")

    page.click(".facts a[href*='/trace/conversation/']")
    page.wait_for_url(f"{base}/workspace/trace/conversation/{pix.conversation_id}/")  # count on the new page
    assert page.locator("tr.entry-transfer").count() == 2
    page.screenshot(path=str(SCREENS / "trace-conversation.png"), full_page=True)
