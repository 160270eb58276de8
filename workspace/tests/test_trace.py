"""The one-page trace of an Ask and of a conversation: every step in order, who decided, the transfer, the policy
version; its exports; who may read it; the links to it from the admin pages."""

from __future__ import annotations

import csv
import io
import json
import re
from html.parser import HTMLParser

import pytest
from django.db import connection
from django.utils import translation

from asks.decide import Action
from magie.choices import ApprovalChannel, RiskClass
from staff.tests.test_trace_words import decide_rules, failure_codes, passed_rules, record_keys, tool_names
from staff.trace_words import decision_label, failure_label, key_label, rule_label, tool_label
from tenants.models import Organisation
from testing.organisations import signed_in
from workspace.selectors.trace import ask_for_transfer, trace_for_ask, trace_for_conversation
from workspace.tests.helpers import pix_sent


@pytest.fixture
def pix(demobank):
    sent = pix_sent()
    connection.set_schema_to_public()
    return sent


def test_the_ask_trace_holds_every_step_of_one_pix_in_order(demobank):
    pix = pix_sent()

    trace = trace_for_ask(organisation=demobank, ask_id=pix.ask_id)

    kinds = [entry.kind for entry in trace.entries]
    for kind in ("message", "decision", "slot", "transition", "turn", "tool_call", "draft", "guard",
                 "preview", "approval_decision", "execution", "transfer"):
        assert kind in kinds, kind
    assert kinds.index("preview") < kinds.index("approval_decision") < kinds.index("execution") < kinds.index("transfer")
    first_turn = [entry.kind for entry in trace.entries][:kinds.index("approval_decision")]
    assert first_turn.index("decision") < first_turn.index("tool_call") < first_turn.index("draft")  # as they ran
    assert "reply" not in kinds  # every reply is on the page as its stored message
    assert [entry.at for entry in trace.entries] == sorted(entry.at for entry in trace.entries)
    decision = next(entry for entry in trace.entries if entry.kind == "approval_decision")
    assert decision.detail["decided_by"] == "terminal:5511999990001"
    assert decision.detail["channel"] == "in_chat_button"
    assert decision.detail["status"] == "executed"
    [transfer] = [entry for entry in trace.entries if entry.kind == "transfer"]
    assert transfer.detail["end_to_end_id"] == pix.transfer.end_to_end_id
    assert transfer.detail["amount_cents"] == 20000
    rules = {entry.detail["rule"] for entry in trace.entries if entry.kind == "decision"}
    assert rules == {"new_request_without_open_ask", "button_confirms"}
    calls = [entry.detail["name"] for entry in trace.entries if entry.kind == "tool_call"]
    assert calls == ["lookup_pix_key", "send_pix", "send_pix"]
    assert {entry.policy_version for entry in trace.entries} == {demobank.policy.version}
    assert trace.policy_version == demobank.policy.version


def test_the_policy_version_of_each_step_is_the_one_in_force_at_its_time(demobank):
    from tenants.services import policy_update

    first = pix_sent()
    policy_update(organisation=demobank, changes={"ask_stale_after": demobank.policy.ask_stale_after * 2},
                  changed_by="admin@demobank")
    second = pix_sent(text="manda 30 pra Ana")

    version = Organisation.objects.get(pk=demobank.pk).policy.version
    assert {e.policy_version for e in trace_for_ask(organisation=demobank, ask_id=first.ask_id).entries} == {version - 1}
    assert {e.policy_version for e in trace_for_ask(organisation=demobank, ask_id=second.ask_id).entries} == {version}


def test_the_conversation_trace_holds_every_ask_of_the_chat(demobank):
    first = pix_sent()
    second = pix_sent(text="manda 30 pra Ana")

    trace = trace_for_conversation(organisation=demobank, conversation_id=first.conversation_id)

    assert [ask.pk for ask in trace.asks][-2:] == [first.ask_id, second.ask_id]
    transfers = [entry.detail["end_to_end_id"] for entry in trace.entries if entry.kind == "transfer"]
    assert transfers[-2:] == [first.transfer.end_to_end_id, second.transfer.end_to_end_id]


def test_a_transfer_leads_to_the_ask_that_made_it(demobank):
    pix = pix_sent()

    assert ask_for_transfer(end_to_end_id=pix.transfer.end_to_end_id) == pix.ask_id
    assert ask_for_transfer(end_to_end_id="E000unknown") is None


def test_the_auditor_reads_the_trace_page_with_who_decided_and_the_end_to_end_id(pix):
    response = signed_in("demobank", "auditor").get(f"/workspace/trace/ask/{pix.ask_id}/")

    assert response.status_code == 200
    page = response.content.decode()
    for text in (pix.transfer.end_to_end_id, "terminal:5511999990001", "Pedro Henrique Almeida", "R$"):
        assert text in page, text
    # the codes behind the words stay on the page, small in <code>, for the auditor who looks them up
    for code in ("button_confirms", "new_request_without_open_ask", "lookup_pix_key"):
        assert code in page, code


class _VisibleText(HTMLParser):
    """The text a reader sees: not the attributes, nor the codes the page keeps in <code>, nor scripts."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0  # inside <code>, <script>, <style>

    def handle_starttag(self, tag, attrs):
        self.hidden += tag in ("code", "script", "style")

    def handle_endtag(self, tag):
        self.hidden -= tag in ("code", "script", "style")

    def handle_data(self, data):
        if not self.hidden:
            self.parts.append(data)


def _visible(page: str) -> str:
    """The visible text of the page's content (from #content-main on: not the menus)."""
    parser = _VisibleText()
    parser.feed(page[page.index('id="content-main"'):])
    return " ".join(parser.parts)


def _codes() -> set[str]:
    """Every code the history of an Ask can hold (the lists staff/tests/test_trace_words.py checks for words), with
    an underscore (a plain word like "confirm" may be Portuguese or a customer's text)."""
    codes = {*decide_rules(), *passed_rules()[0], *tool_names(), *failure_codes(), *record_keys(),
             *(action.value for action in Action), *ApprovalChannel.values, *RiskClass.values, "pix_transfer",
             "new_request"}
    return {code for code in codes if "_" in code}


@pytest.mark.parametrize("page", ["ask", "conversation"])
def test_an_auditor_reads_in_portuguese_how_the_pix_was_approved_without_a_code_cents_or_iso_time(pix, page):
    url = f"/workspace/trace/ask/{pix.ask_id}/" if page == "ask" else f"/workspace/trace/conversation/{pix.conversation_id}/"
    text = _visible(signed_in("demobank", "auditor").get(url).content.decode())  # demobank staff read Portuguese

    shown = sorted(code for code in _codes() if re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text))
    assert not shown, shown
    assert not re.search(r"\d{4}-\d{2}-\d{2}T\d{2}", text)  # times are the organisation's, as Portuguese writes them
    assert "20000" not in text and "R$\xa0200,00" in text  # money, not cents
    with translation.override("pt-br"):
        for words in (decision_label("start_new"), rule_label("button_confirms"), tool_label("send_pix"),
                      failure_label("approval_required"), key_label("recipient_ref"), rule_label("send_pix_succeeded")):
            assert words in text, words


def test_an_agent_may_not_read_traces(pix):
    assert signed_in("demobank", "agent").get(f"/workspace/trace/ask/{pix.ask_id}/").status_code == 403


def test_another_organisations_staff_find_no_such_ask(pix):
    assert signed_in("demoschool", "auditor").get(f"/workspace/trace/ask/{pix.ask_id}/").status_code == 404


def test_the_csv_export_names_the_customer_and_the_policy_version_in_a_named_file(pix):
    response = signed_in("demobank", "auditor").get(f"/workspace/trace/ask/{pix.ask_id}/export.csv")

    assert response.status_code == 200
    disposition = response["Content-Disposition"]
    assert disposition.startswith(f'attachment; filename="trace_demobank_ask-{pix.ask_id}_') and disposition.endswith('.csv"')
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    [customer] = {row["customer"] for row in rows}
    assert customer.endswith("(5511999990001)")
    assert all(row["policy_version"] for row in rows)
    assert pix.transfer.end_to_end_id in {json.loads(row["detail"]).get("end_to_end_id") for row in rows}


def test_the_json_export_is_the_whole_trace(pix):
    response = signed_in("demobank", "admin").get(f"/workspace/trace/conversation/{pix.conversation_id}/export.json")

    assert response.status_code == 200
    assert f'trace_demobank_conversation-{pix.conversation_id}_' in response["Content-Disposition"]
    document = json.loads(response.content)
    version = Organisation.objects.get(schema_name="demobank").policy.version  # in force since before the chat
    assert (document["organisation"], document["policy_version"]) == ("demobank", version)
    assert pix.ask_id in [ask["id"] for ask in document["asks"]]
    assert "approval_decision" in {entry["kind"] for entry in document["entries"]}


def test_the_transfer_link_redirects_to_its_asks_trace(pix):
    response = signed_in("demobank", "auditor").get(f"/workspace/trace/transfer/{pix.transfer.end_to_end_id}/")

    assert response.status_code == 302
    assert response["Location"] == f"/workspace/trace/ask/{pix.ask_id}/#transfer-{pix.transfer.end_to_end_id}"


@pytest.mark.parametrize(("page", "target"), [
    ("approvals/approvalrequest/{approval}/change/", "ask"), ("agent/turn/{turn}/change/", "ask"),
    ("asks/ask/{ask}/change/", "ask"), ("approvals/approvalrequest/", "ask"), ("asks/ask/", "ask"),
    ("agent/turn/", "ask"),
    # the bank knows no Asks: its pages link to the transfer's trace, which redirects to its Ask's
    ("bank/pixtransfer/{transfer}/change/", "transfer"), ("bank/pixtransfer/", "transfer"),
])
def test_the_admin_pages_link_to_the_trace(pix, page, target):
    url = "/admin/" + page.format(approval=pix.approval.pk, turn=pix.preview.pk, transfer=pix.transfer.pk,
                                  ask=pix.ask_id)
    response = signed_in("demobank", "auditor").get(url)

    assert response.status_code == 200
    link = {"ask": f'href="/workspace/trace/ask/{pix.ask_id}/"',
            "transfer": f'href="/workspace/trace/transfer/{pix.transfer.end_to_end_id}/"'}[target]
    assert link in response.content.decode()


def test_a_trace_costs_the_same_queries_for_a_longer_conversation(demobank):
    """One query per table, whatever the number of Asks, turns, approvals and transfers in the chat."""
    from django.test.utils import CaptureQueriesContext

    first = pix_sent()
    with CaptureQueriesContext(connection) as short:
        trace_for_conversation(organisation=demobank, conversation_id=first.conversation_id)
    for amount in (30, 40):
        pix_sent(text=f"manda {amount} pra Ana")
    with CaptureQueriesContext(connection) as long:
        trace = trace_for_conversation(organisation=demobank, conversation_id=first.conversation_id)
    assert len([entry for entry in trace.entries if entry.kind == "transfer"]) == 3
    assert len(long) == len(short)


def test_the_asks_admin_page_reads_its_decisions_values_and_status_changes_in_staff_words(pix):
    text = _visible(signed_in("demobank", "auditor").get(f"/admin/asks/ask/{pix.ask_id}/change/").content.decode())

    shown = sorted(code for code in _codes() if re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text))
    assert not shown, shown
    assert "R$\xa0200,00" in text and "20000" not in text
    with translation.override("pt-br"):
        assert decision_label("start_new") in text and rule_label("preview_shown") in text


def test_the_inbox_sidebar_names_the_open_asks_kind_status_and_values_in_staff_words(demobank):
    from agent.tests.helpers import Conversation
    from inbox.tests.helpers import escalation_make

    chat = Conversation(customer="5511999990001")
    preview = chat.say("manda 50 pra Ana")  # awaiting the customer's approval
    escalation = escalation_make(preview.ask.conversation, ask_id=preview.ask_id)
    connection.set_schema_to_public()

    text = _visible(signed_in("demobank", "admin").get(f"/inbox/{escalation.pk}/").content.decode())

    assert "R$\xa050,00" in text and "amount_cents" not in text
    assert not re.search(r"(?<![\w-])(pix_transfer|awaiting_confirmation)(?![\w-])", text)


def test_the_agent_turns_list_names_provider_decision_and_rule_in_staff_words(pix):
    text = _visible(signed_in("demobank", "auditor").get("/admin/agent/turn/").content.decode())

    shown = sorted(code for code in _codes() if re.search(rf"(?<![\w-]){re.escape(code)}(?![\w-])", text))
    assert not shown, shown
    with translation.override("pt-br"):
        assert rule_label("button_confirms") in text and decision_label("start_new") in text
