"""The dashboard's figures as tables (headers, rows): what the page shows under each chart and what its CSV holds."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from staff.labels import escalation_reason_label as guard_label
from staff.stored_words import ask_kind_label
from workspace.charts import bar_chart, column_chart, share_bar
from workspace.wording import OUTCOME_LABELS

# The column that holds a stored code, shown as code on the page (the words are in the column before it).
CODE_COLUMNS = {"outcomes": 1}
SECTIONS = ("outcomes", "outcomes_by_kind", "approvals", "escalations", "weekly_fallback", "guard_rejections",
            "turns", "service_level", "agents", "satisfaction")


def _outcomes(f: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    p = f["outcomes"]
    rows = [[str(OUTCOME_LABELS[name]), name, p["counts"][name], p["shares"][name]] for name in p["counts"]]
    rows.append([_("Total"), "total", p["total"], round(sum(p["shares"].values()), 2) if p["total"] else 0.0])
    return [_("Outcome"), _("code"), _("Asks"), _("Share (%)")], rows


def _by_kind(f: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    names = list(f["outcomes"]["counts"])
    rows = [[ask_kind_label(kind), item["total"], *[item["shares"][name] for name in names]]
            for kind, item in f["outcomes"]["by_kind"].items()]
    return [_("Kind"), _("Asks"), *[f"{OUTCOME_LABELS[name]} (%)" for name in names]], rows


def _approvals(f: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    a = f["approvals"]
    rows = [[_("Requests"), a["total"]], [_("Approved"), a["approved"]], [_("Declined"), a["declined"]],
            [_("Expired"), a["expired"]], [_("Voided by a correction"), a["voided"]], [_("Pending"), a["pending"]],
            [_("Simulator tests (not counted)"), a["simulated"]],
            [_("Approval rate (% of requests)"), a["approval_rate"]], [_("Decline rate (% of requests)"), a["decline_rate"]],
            [_("Expiry rate (% of requests)"), a["expiry_rate"]],
            [_("Median time to decision (s)"), a["median_seconds"] if a["median_seconds"] is not None else ""]]
    return [_("Figure"), _("Value")], rows


def _escalations(f: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    e = f["escalations"]
    return [_("Guard"), _("Escalations")], [*[[guard_label(guard), count] for guard, count in e["by_guard"]],
                                            [_("Total"), e["total"]], [_("of which for an Ask"), e["with_ask"]],
                                            [_("of which with no Ask"), e["without_ask"]]]


def _weekly(f: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    return ([_("Week of"), _("Turns"), _("Handed to a person"), _("Fallback rate (%)")],
            [[w["week"].isoformat(), w["turns"], w["handed"], w["rate"]] for w in f["weekly"]])


def _guards(f: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    return [_("Guard"), _("Drafts rejected")], [[guard_label(guard), count] for guard, count in f["guards"]]


def _turns(f: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    t = f["turns"]
    return [_("Figure"), _("Value")], [[_("Turns"), t["total"]], [_("Failed turns"), t["failed"]],
                                       [_("Median latency (ms)"), t["median_ms"] if t["median_ms"] is not None else ""],
                                       [_("p95 latency (ms)"), t["p95_ms"] if t["p95_ms"] is not None else ""]]


def _blank(value: Any) -> Any:
    return "" if value is None else value


def _service_level(f: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    s = f["service_level"]
    return [_("Figure"), _("Value")], [
        [_("First response target (min)"), s["first_response_target_minutes"]],
        [_("Resolution target (min)"), s["resolution_target_minutes"]],
        [_("Chats handed to a person"), s["total"]],
        [_("First response late (answered late or still waiting past the target)"), s["first_response_breached"]],
        [_("Resolution late (resolved late or still open past the target)"), s["resolution_breached"]],
        [_("Chats with a breach"), s["breached"]],
        [_("Breach rate (% of chats handed to a person)"), s["breach_rate"]],
        [_("Unresolved chats in breach now"), s["breached_now"]]]


def _agents(f: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    return ([_("Agent"), _("Chats resolved"), _("Chats held now"), _("Median first response (min)"),
             _("Median resolution time (min)"), _("Chats with a breach"), _("Ratings"), _("Average rating (1–5)")],
            [[a["agent"], a["handled"], a["holding"], _blank(a["first_response_minutes"]),
              _blank(a["resolution_minutes"]), a["breached"], a["ratings"], _blank(a["rating"])]
             for a in f["agents"]])


def _satisfaction(f: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    c = f["satisfaction"]
    return [_("Score"), _("Ratings")], [
        *[[score, n] for score, n in c["counts"].items()], [_("Total"), c["total"]],
        [_("Average rating (1–5)"), _blank(c["average"])], [_("Questions sent"), c["asked"]],
        [_("of which answered"), c["answered"]], [_("Response rate (% of questions sent)"), c["response_rate"]]]


BUILDERS = {"outcomes": _outcomes, "outcomes_by_kind": _by_kind, "approvals": _approvals,
            "escalations": _escalations, "weekly_fallback": _weekly, "guard_rejections": _guards, "turns": _turns,
            "service_level": _service_level, "agents": _agents, "satisfaction": _satisfaction}


def section_table(section: str, figures: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
    return BUILDERS[section](figures)


def section_title(section: str) -> str:
    return {"outcomes": _("Ask outcomes"), "outcomes_by_kind": _("Ask outcomes by kind"),
            "approvals": _("Approvals"), "escalations": _("Escalations by guard"),
            "weekly_fallback": _("Weekly fallback rate (handed to a person ÷ turns)"),
            "guard_rejections": _("Guard rejections by guard"), "turns": _("Turns and latency"),
            "service_level": _("Service level (first response and resolution targets)"),
            "agents": _("Agents"), "satisfaction": _("Customer satisfaction (ratings of resolved chats)")}[section]


def section_chart(section: str, figures: dict[str, Any]):
    title = section_title(section)
    if section == "outcomes":
        p = figures["outcomes"]
        return share_bar([(str(OUTCOME_LABELS[name]), p["shares"][name]) for name in p["counts"]], label=title)
    if section == "outcomes_by_kind":
        return bar_chart([(ask_kind_label(kind), item["total"]) for kind, item in figures["outcomes"]["by_kind"].items()],
                         label=title)
    if section == "approvals":
        a = figures["approvals"]
        return bar_chart([(_("Approved"), a["approved"]), (_("Declined"), a["declined"]),
                          (_("Expired"), a["expired"]), (_("Voided by a correction"), a["voided"]),
                          (_("Pending"), a["pending"])], label=title)
    if section == "escalations":
        return bar_chart([(guard_label(guard), count) for guard, count in figures["escalations"]["by_guard"]],
                         label=title)
    if section == "weekly_fallback":
        return column_chart([(w["week"].strftime("%d/%m"), w["rate"]) for w in figures["weekly"]], label=title,
                            unit="%")
    if section == "guard_rejections":
        return bar_chart([(guard_label(guard), count) for guard, count in figures["guards"]], label=title)
    if section == "service_level":
        s = figures["service_level"]
        return bar_chart([(_("First response late"), s["first_response_breached"]),
                          (_("Resolution late"), s["resolution_breached"])], label=title)
    if section == "satisfaction":
        return bar_chart([(str(score), n) for score, n in figures["satisfaction"]["counts"].items()], label=title)
    if section == "agents":
        return bar_chart([(a["agent"], a["handled"]) for a in figures["agents"]], label=title)
    t = figures["turns"]
    return bar_chart([(_("Median latency (ms)"), t["median_ms"] or 0), (_("p95 latency (ms)"), t["p95_ms"] or 0)],
                     label=title, unit=" ms")
