"""Builders for guard inputs in tests."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from guards.contract import AvailableTool, GuardInput, HistoryItem, OrgKind, ToolOutput, deadline_after
from guards.evidence import Evidence, Identifier, StatusEvidence
from language.locales import LANGS, Lang

LATER = 10.0  # seconds: a deadline no pure test reaches


def deadline() -> float:
    return deadline_after(LATER)


def customer(text: str) -> HistoryItem:
    return HistoryItem("customer", text)


def bot(text: str) -> HistoryItem:
    return HistoryItem("bot", text)


def make(draft: str, lang: Lang = "en", currency: str = "USD", org_kind: OrgKind = "bank", **parts) -> GuardInput:
    return GuardInput(draft=draft, lang=lang, currency=currency, org_kind=org_kind, **parts)


def output(tool: str, data, ok: bool = True, evidence=None, arguments=None) -> ToolOutput:
    return ToolOutput(tool=tool, ok=ok, data=data, evidence=evidence, arguments=arguments or {})


BANK_TOOLS = (AvailableTool("check_balance", ("account_type",)),
              AvailableTool("send_pix", ("amount", "recipient", "pix_key", "scheduled_for")))
STORE_TOOLS = (AvailableTool("search_catalog", ("query", "capacity_gb", "max_price_cents")),
               AvailableTool("quote_used_device", ("device_model", "capacity_gb", "battery_health")))


def facts_draft() -> GuardInput:
    """The issue's 5,000-fact draft: 1,000 lines of a school's day (a name, a date, a time, a party size and a
    booking reference each) against the results that support every one of them."""
    zone = ZoneInfo("Europe/Andorra")
    first = datetime(2026, 12, 2, 8, 0, tzinfo=zone)
    names = ("Marta Vidal", "Jordi Puig", "Anna Soler", "Pere Riba", "Laia Font")
    bookings: list[dict[str, object]] = []
    for i in range(1000):
        start = first + timedelta(days=i % 20, minutes=30 * (i % 20))
        bookings.append({"booking_ref": f"BK-{1000 + i}", "activity": names[i % 5], "start": start.isoformat(),
                         "party_size": 1 + i % 6, "status": "pending_payment"})
    evidence = Evidence(names=("activity",), dates=("start",), quantities=("party_size",),
                        identifiers=(Identifier("booking_ref", "reference"),),
                        statuses=(StatusEvidence("status", (("pending_payment", "booked"),)),))
    lines = []
    for booking in bookings:
        start = datetime.fromisoformat(str(booking["start"]))
        lines.append(f"• {booking['activity']}: {start.day} de desembre a les {start:%H:%M}, "
                     f"{booking['party_size']} persones, reserva {booking['booking_ref']}")
    output = ToolOutput("list_bookings", True, {"bookings": bookings}, evidence=evidence)
    return GuardInput(draft="Les reserves del mes:\n" + "\n".join(lines), lang="ca", currency="EUR", org_kind="school",
                      languages=LANGS, tool_outputs=(output,), history=(HistoryItem("customer", "quines reserves tinc?"),),
                      today="2026-12-01", time_zones=("Europe/Andorra",))
