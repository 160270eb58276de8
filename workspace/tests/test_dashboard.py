"""The dashboard: outcomes that partition the Asks (shares summing to 100%, the same as `ask_outcomes --json`),
approvals, escalations, the weekly fallback rate, guard rejections, turns; its charts, tables and CSVs; who reads it."""

from __future__ import annotations

import csv
import io
import json
from datetime import timedelta
from zoneinfo import ZoneInfo

from django.core.management import call_command
from django.db import connection
from django.utils import formats, timezone, translation

from agent.models import Turn
from asks.selectors import shares_of
from asks.tests.chat import Chat
from inbox.tests.helpers import escalation_make
from staff.labels import escalation_reason_label
from testing.organisations import signed_in
from workspace.ranges import day_range
from workspace.selectors.dashboard import dashboard_figures, guard_rejections, outcome_partition
from workspace.tests.helpers import pix_sent


def _mixed_asks() -> None:
    """One Ask per outcome: completed, superseded, cancelled, handed to a person, still open."""
    chat = Chat("pt-BR", start=timezone.now())
    balance = chat.say("qual meu saldo?").ask
    assert balance is not None
    chat.execute_and_complete(balance)
    chat.say("manda 200 pro Pedro")
    chat.say("manda pro João")  # supersedes the Pedro Ask
    chat.say("cancela")  # cancels the João Ask
    other = Chat("pt-BR", customer="5511988887777", start=timezone.now())
    handed = other.say("manda 50 pra Ana").ask
    assert handed is not None
    escalation_make(handed.conversation, ask_id=handed.pk)
    Chat("pt-BR", customer="5511977776666", start=timezone.now()).say("quero mandar um pix")


def test_shares_sum_to_exactly_one_hundred():
    assert shares_of({"a": 1, "b": 1, "c": 1}, 3) == {"a": 33.34, "b": 33.33, "c": 33.33}
    assert sum(shares_of({"a": 2, "b": 5, "c": 11, "d": 0}, 18).values()) == 100.0
    assert shares_of({"a": 0}, 0) == {"a": 0.0}


def test_each_ask_counts_in_exactly_one_outcome_and_a_handed_one_is_not_completed(demobank):
    _mixed_asks()
    now = timezone.now()

    partition = outcome_partition(since=now - timedelta(hours=1), until=now + timedelta(hours=1))

    assert partition["counts"] == {"completed": 1, "failed": 0, "abandoned": 1, "superseded": 1,
                                   "handed_to_person": 1, "open": 1}
    assert partition["total"] == 5
    assert sum(partition["shares"].values()) == 100.0
    assert partition["by_kind"]["pix_transfer"]["counts"]["handed_to_person"] == 1
    assert all(round(sum(kind["shares"].values()), 2) == 100.0 for kind in partition["by_kind"].values())


def test_the_dashboard_shows_the_same_shares_as_ask_outcomes_json(demobank):
    _mixed_asks()
    days = day_range(organisation=demobank)
    out = io.StringIO()
    call_command("ask_outcomes", "--org", "demobank", "--json", "--since", days.first.isoformat(),
                 "--until", days.end.isoformat(), stdout=out)
    command = json.loads(out.getvalue())["partition"]
    connection.set_schema_to_public()

    response = signed_in("demobank", "auditor").get(f"/workspace/dashboard/?{days.query}")
    csv_response = signed_in("demobank", "auditor").get(f"/workspace/dashboard/outcomes.csv?{days.query}")

    assert response.status_code == 200
    page = response.content.decode()
    charts = page.split('id="content-main"')[1].split('id="recent-asks"')[0]
    assert "<svg" in charts and "<script" not in charts  # server-side SVG, no chart script
    # columns: outcome (in the staff member's language), code, Asks, share (%)
    rows = {row[1]: row for row in list(csv.reader(io.StringIO(csv_response.content.decode())))[1:]}
    assert {name: float(rows[name][3]) for name in command["shares"]} == command["shares"]
    assert {name: int(rows[name][2]) for name in command["counts"]} == command["counts"]
    assert float(rows["total"][3]) == 100.0
    assert csv_response["Content-Disposition"] == (
        f'attachment; filename="outcomes_demobank_{days.first.isoformat()}_{days.end.isoformat()}.csv"')
    assert '<html lang="pt-br"' in page  # demobank's staff read Portuguese: decimals with a comma
    with translation.override("pt-br"):
        for name, share in command["shares"].items():
            assert f"<td>{formats.localize(share)}</td>" in page, name


def test_approvals_turns_and_the_fallback_rate_come_from_the_records(demobank):
    pix = pix_sent()
    escalation_make(pix.preview.ask.conversation, ask_id=None)
    now = timezone.now()

    figures = dashboard_figures(since=now - timedelta(days=1), until=now + timedelta(days=1),
                                zone=ZoneInfo(demobank.time_zone))

    assert (figures["approvals"]["total"], figures["approvals"]["approved"]) == (1, 1)
    assert figures["approvals"]["approval_rate"] == 100.0 and figures["approvals"]["decline_rate"] == 0.0
    assert figures["approvals"]["median_seconds"] is not None
    assert figures["turns"]["total"] == 2 and figures["turns"]["p95_ms"] > 0
    assert figures["escalations"]["by_guard"] == [("no_full_account_number", 1)]
    week = next(week for week in figures["weekly"] if week["turns"])
    assert (week["turns"], week["handed"], week["rate"]) == (2, 1, 50.0)


def test_guard_rejections_are_counted_per_guard_from_the_turns_verdicts(demobank):
    pix = pix_sent()
    Turn.objects.filter(pk=pix.preview.pk).update(guards=[
        {"passed": False, "total_ms": 3, "failures": [{"code": "no_full_account_number", "explanation": "x",
                                                        "evidence": []},
                                                       {"code": "amount_matches", "explanation": "y", "evidence": []}]},
        {"passed": False, "total_ms": 3, "failures": [{"code": "no_full_account_number", "explanation": "x",
                                                        "evidence": []}]},
    ])
    now = timezone.now()

    assert guard_rejections(since=now - timedelta(days=1), until=now + timedelta(days=1)) == [
        ("no_full_account_number", 2), ("amount_matches", 1)]


def test_every_section_downloads_as_csv_and_only_admins_and_auditors_read_it(demobank):
    pix_sent()
    connection.set_schema_to_public()
    auditor = signed_in("demobank", "auditor")
    for section in ("outcomes_by_kind", "approvals", "escalations", "weekly_fallback", "guard_rejections", "turns"):
        response = auditor.get(f"/workspace/dashboard/{section}.csv")
        assert response.status_code == 200 and response["Content-Type"] == "text/csv", section
        rows = list(csv.reader(io.StringIO(response.content.decode())))
        assert len(rows) >= (1 if section == "guard_rejections" else 2), section  # no draft was rejected here
    assert signed_in("demobank", "admin").get("/workspace/dashboard/").status_code == 200
    assert signed_in("demobank", "agent").get("/workspace/dashboard/").status_code == 403
    assert auditor.get("/workspace/dashboard/?since=2026-13-01").status_code == 400


def test_the_dashboard_lists_the_latest_asks_with_links_to_their_traces(demobank):
    pix = pix_sent()
    connection.set_schema_to_public()

    page = signed_in("demobank", "auditor").get("/workspace/dashboard/?kind=pix_transfer").content.decode()

    assert f'href="/workspace/trace/ask/{pix.ask_id}/"' in page


def test_latency_percentiles_come_from_the_histogram_to_within_its_step():
    from workspace.selectors.dashboard import _percentile

    histogram = {0: 50, 10: 45, 30: 5}  # 100 turns: 50 under 10 ms, 45 at 100-110 ms, 5 at 300-310 ms

    assert _percentile(histogram, 100, 0.5) == 10.0
    assert _percentile(histogram, 100, 0.95) == 110.0
    assert _percentile({}, 0, 0.95) is None


def test_the_dashboard_names_each_guard_in_the_readers_words_not_its_code(demobank):
    pix = pix_sent()
    escalation_make(pix.preview.ask.conversation, ask_id=None)  # handed over by no_full_account_number
    connection.set_schema_to_public()
    auditor = signed_in("demobank", "auditor")  # demobank staff read Portuguese
    page = auditor.get("/workspace/dashboard/").content.decode()
    with translation.override("pt-br"):
        label = escalation_reason_label("no_full_account_number")
    assert label != "no_full_account_number" and label in page
    assert ">no_full_account_number<" not in page


def test_a_range_no_calendar_holds_is_refused_on_the_page_in_the_readers_words(demobank):
    # From year 1 to 9999 the weekly buckets ran past the calendar: a 500 after a second of work.
    connection.set_schema_to_public()
    auditor = signed_in("demobank", "auditor")  # reads the back office in Portuguese (the organisation's)
    for query, words in [("since=0001-01-01&until=9999-12-31", "maior ou igual a 1 de Janeiro de 2000"),
                         ("until=9999-12-31", "menor ou igual a"),
                         ("since=1999-12-31", "maior ou igual a"),
                         ("since=2026-13-01", "Informe uma data válida."),
                         ("since=2026-12-10&until=2026-12-01", "maior ou igual a")]:
        response = auditor.get(f"/workspace/dashboard/?{query}")
        assert response.status_code == 400, query
        page = response.content.decode()
        assert words in page and 'id="asks-total"' in page, query  # the page, with its form, and what was wrong
        csv_answer = auditor.get(f"/workspace/dashboard/turns.csv?{query}")
        assert csv_answer.status_code == 400 and words in csv_answer.content.decode(), query


def test_a_range_of_at_most_ten_years_is_shown(demobank):
    connection.set_schema_to_public()
    today = timezone.now().astimezone(ZoneInfo(demobank.time_zone)).date()
    since = today + timedelta(days=1) - timedelta(days=3660)  # up to and including today
    response = signed_in("demobank", "auditor").get(f"/workspace/dashboard/?since={since.isoformat()}")
    assert response.status_code == 200
    refused = signed_in("demobank", "auditor").get(f"/workspace/dashboard/?since={(since - timedelta(days=1)).isoformat()}")
    assert refused.status_code == 400


def test_the_dashboard_figures_equal_ask_outcomes_and_approval_metrics_for_the_same_range(demobank):
    """One set of figures: the page's cards are what `ask_outcomes --json` and `approval_metrics` print for the
    range shown (simulator tests counted in neither, every rate a share of all requests), and the escalations that
    name no Ask — in no Ask outcome — are counted apart and said so."""
    from agent.tests.helpers import Conversation
    from approvals.models import ApprovalRequest
    from bank.demo import DEMO_CUSTOMER_REF
    from conversations.models import Customer, Message
    from inbox.tests.helpers import chat_make

    customer = Conversation(customer=DEMO_CUSTOMER_REF)
    customer.tap(customer.say("manda 10 pro Pedro"), 0)  # approved and executed
    declined = customer.say("manda 20 pra Ana")
    customer.tap(declined, 1)
    tested = customer.say("manda 40 pro Pedro")
    customer.tap(tested, 0)
    # a staff test: shown in the simulator to a sandbox identity (approvals.selectors.SIMULATED)
    request = ApprovalRequest.objects.get(ask_id=tested.ask_id)
    Message.objects.filter(pk=request.shown_in_id).update(channel=Message.Channel.SIMULATOR)
    ApprovalRequest.objects.filter(pk=request.pk).update(decided_by="simulator:admin")
    Customer.objects.filter(conversation__pk=request.conversation_id).update(is_sandbox=True)
    customer.say("manda 30 pro João")  # still pending
    escalation_make(declined.ask.conversation, ask_id=declined.ask_id)  # that Ask: handed to a person
    escalation_make(chat_make(name="Disputa"), ask_id=None, guard="payment_dispute")
    days = day_range(organisation=demobank)

    def command(*arguments: str) -> dict:
        out = io.StringIO()
        call_command(*arguments, "--org", "demobank", "--since", days.first.isoformat(), "--until",
                     days.end.isoformat(), stdout=out)
        return json.loads(out.getvalue())

    outcomes, approvals = command("ask_outcomes", "--json")["partition"], command("approval_metrics")
    connection.set_schema_to_public()
    page = signed_in("demobank", "auditor").get(f"/workspace/dashboard/?{days.query}").content.decode()

    def value(element_id: str) -> str:
        return page.split(f'id="{element_id}"', 1)[1].split('data-value="', 1)[1].split('"', 1)[0]

    assert approvals["simulated"]["requests"] == 1 and approvals["requests"] >= 3  # the test counts something
    assert float(value("approval-rate")) == approvals["approval_rate"]
    assert float(value("decline-rate")) == approvals["decline_rate"]
    assert float(value("median-decision")) == approvals["median_seconds_to_decision"]
    assert int(value("expiries")) == approvals["expired"]
    assert int(value("asks-total")) == outcomes["total"]
    with_ask = int(page.split('data-with-ask="', 1)[1].split('"', 1)[0])
    without_ask = int(page.split('data-without-ask="', 1)[1].split('"', 1)[0])
    assert with_ask == outcomes["counts"]["handed_to_person"] == 1  # one escalation per Ask handed over here
    assert without_ask == 1 and int(value("escalations-total")) == with_ask + without_ask
    with translation.override("pt-br"):  # demobank's staff: the denominator in words, numbers as they write them
        approved = sum(approvals["by_status"].get(s, 0) for s in ("approved", "executed", "execution_failed"))
        words = translation.ngettext("approved: %(part)s of %(whole)s approval request",
                                     "approved: %(part)s of %(whole)s approval requests", approvals["requests"])
        assert words != "approved: %(part)s of %(whole)s approval requests"
        assert words % {"part": approved, "whole": approvals["requests"]} in page
        assert f'{formats.localize(approvals["approval_rate"])}%</div>' in page
        charts = page.split('id="section-outcomes"', 1)[1].split("</svg>", 1)[0]
        assert all(f"{formats.localize(share)}%" in charts for share in outcomes["shares"].values())
