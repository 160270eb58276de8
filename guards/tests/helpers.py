"""Builders for guard inputs in tests."""

from __future__ import annotations

from guards.contract import AvailableTool, GuardInput, HistoryItem, OrgKind, ToolOutput, deadline_after
from language.locales import Lang

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
