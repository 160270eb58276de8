"""Every builtin customer template (agent/replies.py, approvals/previews.py), rendered in every language with
representative values and the tool results the builtin provider has when it says it, passes every guard.

A template that trips a guard hands a good reply to a person (the statement's "você fez N Pix enviados" did).
Each template key needs its context below: a new template fails this test until it has one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest

from agent.drafting import guard_input
from agent.providers.base import Draft
from agent.replies import MESSAGES, kind_name, money, party, reason, say, slot_name, slot_value, when
from agent.tools.base import ToolCallRecord, ToolContext
from approvals.previews import TEXT as PREVIEW_TEXT
from approvals.previews import booking_preview, pix_change_preview, pix_preview, word
from conversations import wording
from guards.runner import run_guards
from language.locales import LANGS
from magie.choices import GUARD_NAMES
from tenants.policy import Policy

CURRENCY = {"bank": "BRL", "school": "EUR", "store": "ARS"}
HOSTS = {"bank": "demobank.localhost", "school": "demoschool.localhost", "store": "demostore.localhost"}
TZ = "America/Sao_Paulo"
NOW = datetime(2026, 12, 1, 14, 30, tzinfo=UTC)
OWNER = {"owner_name": "Pedro Henrique Almeida", "masked_document": "***.205.731-**", "bank_name": "Banco Magie",
         "key_type": "phone", "key_value": "+55 11 9****-4321"}


def products_quote() -> ToolCallRecord:
    """What `quote_products` returns for "2 iphone 14 and 1 case for s23"."""
    lines = [{"name": "iPhone 14 128 GB Blanco estelar", "quantity": 2, "price_cents": 175000000,
              "line_cents": 350000000, "currency": "ARS", "stock": 3},
             {"name": "Funda transparente para Galaxy S23", "quantity": 1, "price_cents": 950000,
              "line_cents": 950000, "currency": "ARS", "stock": 12}]
    return ok("quote_products", {"lines": lines, "unmatched": [], "currency": "ARS", "total_cents": 350950000},
              {"items": [{"query": "iphone 14", "quantity": 2}, {"query": "case s23", "quantity": 1}]})


def ok(name: str, data: dict, arguments: dict | None = None, effect: bool = False) -> ToolCallRecord:
    return ToolCallRecord(name=name, arguments=arguments or {}, result={"ok": True, "data": data}, ms=1.0,
                          executed_effect=effect)


def failed(name: str, code: str, detail: dict | None = None, arguments: dict | None = None) -> ToolCallRecord:
    error = {"code": code, "message": code, "retryable": False, "detail": detail or {}}
    return ToolCallRecord(name=name, arguments=arguments or {}, result={"ok": False, "error": error}, ms=1.0)


def lookup() -> ToolCallRecord:
    return ok("lookup_pix_key", {"recipient_ref": "ref_7f3a", **OWNER}, {"key": None, "contact_name": "Pedro"})


def receipt(cents: int = 25000, scheduled: bool = False) -> ToolCallRecord:
    day = datetime(2026, 12, 2, 12, tzinfo=UTC)  # 09:00 in São Paulo
    return ok("send_pix", {"transfer_id": 41, "end_to_end_id": "E12345678202612011430ABCDEF01234",
                           "status": "scheduled" if scheduled else "settled", "amount_cents": cents, "currency": "BRL",
                           "recipient": OWNER, "description": "", "created_at": NOW.isoformat(),
                           "scheduled_for": day.isoformat() if scheduled else None,
                           "settled_at": None if scheduled else NOW.isoformat(), "failure_code": ""},
              {"recipient_ref": "ref_7f3a", "amount_cents": cents, "scheduled_for": "2026-12-02" if scheduled else None},
              effect=True)


def offers(party: int = 2) -> ToolCallRecord:
    start = NOW + timedelta(days=1)
    slots = [{"slot_ref": f"ref_s{i}", "activity": "ski", "activity_name": "Esquí", "instructor": "Marta",
              "start": (start + timedelta(hours=i)).isoformat(), "end": (start + timedelta(hours=i + 2)).isoformat(),
              "places_left": 6 - i, "capacity": 6, "price_cents": 4500, "currency": "EUR"} for i in range(3)]
    return ok("check_availability", {"slots": slots}, {"activity": "ski", "date": None, "party_size": party})


def hits(warranty: int | None = 12) -> ToolCallRecord:
    found = [{"id": i, "sku": f"IP13-{128 * (i + 1)}", "name": f"iPhone 13 {128 * (i + 1)} GB", "brand": "Apple",
              "model": "iPhone 13", "capacity_gb": 128 * (i + 1), "condition": "new", "price_cents": p,
              "currency": "ARS", "stock": s, "available": s > 0, "sold_out": s == 0, "warranty_months": warranty}
             for i, (p, s) in enumerate([(89999900, 4), (104999900, 0)])]
    return ok("search_catalog", {"hits": found}, {"query": "iphone 13", "capacity_gb": None, "max_price_cents": None})


@dataclass
class Context:
    """What the builtin provider has when it says a template: org kind, values, this turn's calls, what the customer
    said and the Ask's slots."""

    kind: str
    values: Callable[[str], dict] = lambda lang: {}
    records: Callable[[], list[ToolCallRecord]] = list
    said: tuple[str, ...] = ()
    slots: dict = field(default_factory=dict)
    preview: dict | None = None  # the facts of the approval request this turn made (its preview shows them)


def _slot_lines(lang: str) -> str:
    data = offers().result["data"]["slots"]
    return "\n".join(f"• {s['activity_name']} — {when(datetime.fromisoformat(s['start']), lang, TZ)} ({s['places_left']})"
                     for s in data)


def _offered_moment(index: int, lang: str) -> str:
    return when(datetime.fromisoformat(offers().result["data"]["slots"][index]["start"]), lang, TZ)


def _offered_day(lang: str) -> str:
    return wording.day(lang, datetime.fromisoformat(offers().result["data"]["slots"][0]["start"]).date())


def _offered_clock(index: int) -> str:
    """The time of day of one of the offers, as the change notes write it."""
    start = datetime.fromisoformat(offers().result["data"]["slots"][index]["start"])
    return when(start, "en", TZ)[-5:]


def _product_lines(lang: str) -> str:
    return "\n".join(f"• {h['name']} — {money(h['price_cents'], h['currency'], lang)}{'' if h['available'] else ' (—)'}"
                     for h in hits().result["data"]["hits"])


def _booking(lang: str) -> dict:
    start = NOW + timedelta(days=1)
    return {"activity": "Esquí", "start": when(start, lang, TZ), "party": party(lang, 2),
            "amount": money(9000, "EUR", lang),
            "url": "http://demoschool.localhost:8000/pay/Zq81xkT-2mA/"}


def _booking_records() -> list[ToolCallRecord]:
    start = NOW + timedelta(days=1)
    booked = ok("create_booking", {"booking_ref": "ref_b9", "activity": "ski", "start": start.isoformat(),
                                   "party_size": 2, "amount_cents": 9000, "currency": "EUR",
                                   "status": "pending_payment"}, {"slot_ref": "ref_s0", "party_size": 2}, effect=True)
    link = ok("send_payment_link", {"path": "/pay/Zq81xkT-2mA/", "amount_cents": 9000, "currency": "EUR",
                                    "expires_at": (start + timedelta(hours=1)).isoformat(),
                                    "url": "http://demoschool.localhost:8000/pay/Zq81xkT-2mA/"},
              {"booking_ref": "ref_b9"})
    return [offers(), booked, link]


def _held(status: str = "pending_payment") -> dict:
    start = NOW + timedelta(days=1)
    return {"booking_ref": "ref_b9", "slot_ref": "ref_s0", "activity": "ski", "activity_name": "Esquí",
            "start": start.isoformat(), "party_size": 2, "amount_cents": 9000, "currency": "EUR", "status": status}


def _changed_records() -> list[ToolCallRecord]:
    link = ok("send_payment_link", {"path": "/pay/Zq81xkT-2mA/", "amount_cents": 9000, "currency": "EUR",
                                    "expires_at": (NOW + timedelta(days=1, hours=1)).isoformat(),
                                    "url": "http://demoschool.localhost:8000/pay/Zq81xkT-2mA/"},
              {"booking_ref": "ref_b9"})
    return [ok("my_bookings", {"bookings": [_held()]}),
            ok("change_booking", _held(), {"booking_ref": "ref_b9", "slot_ref": "ref_s0", "party_size": 2},
               effect=True), link]


def _history(lang: str) -> dict:
    return {"since": "2026-12-01", "until": "2026-12-01", "count": 3, "total": money(45000, "BRL", lang)}


def _no_history_records() -> list[ToolCallRecord]:
    return [ok("list_pix_history", {"since": "2026-12-01T00:00:00-03:00", "until": "2026-12-02T00:00:00-03:00",
                                    "entries": [], "counts": {"out": 0, "in": 0}, "settled_out_cents": 0,
                                    "settled_in_cents": 0}, {"since": None, "until": None})]


SCHEDULED_DAY = (NOW + timedelta(days=3)).date().isoformat()


def _scheduled_records() -> list[ToolCallRecord]:
    entry = {"transfer_id": 9, "direction": "out", "status": "scheduled", "amount_cents": 3500, "currency": "BRL",
             "counterpart_name": "Pedro Henrique Almeida", "at": (NOW + timedelta(days=3)).isoformat(),
             "end_to_end_id": f"E{9:031d}"}
    return [*_no_history_records(),
            ok("list_pix_history", {"since": "2026-12-02T00:00:00-03:00", "until": "2027-12-02T00:00:00-03:00",
                                    "entries": [entry], "counts": {"out": 1, "in": 0, "out_scheduled": 1},
                                    "settled_out_cents": 0, "settled_in_cents": 0},
               {"since": "2026-12-02", "until": "2027-12-01"})]


def _history_records() -> list[ToolCallRecord]:
    entries = [{"transfer_id": i, "direction": "out", "status": "settled", "amount_cents": a, "currency": "BRL",
                "counterpart_name": "Pedro Henrique Almeida", "at": NOW.isoformat(), "end_to_end_id": f"E{i:031d}"}
               for i, a in enumerate((5000, 15000, 25000))]
    return [ok("list_pix_history", {"since": "2026-12-01T00:00:00-03:00", "until": "2026-12-02T00:00:00-03:00",
                                    "entries": entries, "counts": {"out": 3, "in": 0}, "settled_out_cents": 45000,
                                    "settled_in_cents": 0}, {"since": None, "until": None})]


AMOUNT_SLOT = {"amount": {"amount_cents": 25000, "currency": "BRL"}, "recipient": "Pedro"}
# A scheduled Pix of R$ 80,00 to Pedro for 4 December, changed to R$ 100,00 for 7 December (or cancelled).
DUE, DUE_CHANGED = datetime(2026, 12, 4, 12, tzinfo=UTC), datetime(2026, 12, 7, 12, tzinfo=UTC)


def _planned(cents: int = 8000, due: datetime = DUE, status: str = "scheduled", ref: str = "trf_9a") -> dict:
    return {"transfer_ref": ref, "end_to_end_id": "E12345678202612011430ABCDEF01234", "status": status,
            "amount_cents": cents, "currency": "BRL", "recipient": OWNER, "description": "", "txid": "",
            "created_at": NOW.isoformat(), "scheduled_for": due.isoformat(), "settled_at": None, "failure_code": ""}


def _planned_list(*entries: dict) -> ToolCallRecord:
    return ok("scheduled_pix", {"transfers": list(entries or [_planned()])})


def _planned_day(lang: str, due: datetime = DUE) -> str:
    return wording.long_day(lang, due.astimezone(ZoneInfo(TZ)))


def _planned_line(lang: str, cents: int = 8000, due: datetime = DUE) -> str:
    return say(lang, "scheduled_pix_line", amount=money(cents, "BRL", lang), name=OWNER["owner_name"],
               date=_planned_day(lang, due))


def _change_records() -> list[ToolCallRecord]:
    return [_planned_list(), lookup(),
            ok("change_scheduled_pix", _planned(10000, DUE_CHANGED),
               {"transfer_ref": "trf_9a", "recipient_ref": "ref_7f3a", "amount_cents": 10000,
                "scheduled_for": "2026-12-07"}, effect=True)]


CONTEXTS: dict[str, Context] = {
    "approval_expired": Context("bank"),
    "done": Context("bank", records=lambda: [receipt()]),
    "approve": Context("bank"), "decline": Context("bank"),
    "ask_amount": Context("bank", lambda lang: {"to": say(lang, "to", name=OWNER["owner_name"])}, lambda: [lookup()]),
    "ask_recipient": Context("bank"), "ask_activity": Context("school"), "ask_when": Context("school"),
    "ask_party_size": Context("school"), "ask_device_model": Context("store"), "ask_capacity_gb": Context("store"),
    "ask_battery_health": Context("store"), "ask_product": Context("store"),
    "to": Context("bank", lambda lang: {"name": OWNER["owner_name"]}, lambda: [lookup()]),
    "balance": Context("bank", lambda lang: {"amount": money(500000, "BRL", lang)}, lambda: [ok(
        "get_balance", {"account_number": "12345-6", "balance_cents": 500000, "currency": "BRL"})]),
    "night_limit": Context("bank", lambda lang: {
        "amount": money(500000, "BRL", lang), "limit": money(100000, "BRL", lang), "left": money(70000, "BRL", lang),
        "starts": "20:00", "ends": "06:00"}, lambda: [ok(
            "get_balance", {"account_number": "12345-6", "balance_cents": 500000, "currency": "BRL",
                            "night_limit_cents": 100000, "night_left_cents": 70000, "night_starts": "20:00",
                            "night_ends": "06:00"})], said=("qual o meu limite de pix a noite?",)),
    "history": Context("bank", _history, _history_records, said=("quantos pix eu fiz esse mês?",)),
    "history_day": Context("bank", lambda lang: {"day": "2026-12-01", "count": 3, "total": money(45000, "BRL", lang)},
                           _history_records, said=("me mostra o extrato de hoje",)),
    "pix_needs_approval": Context(
        "bank", lambda lang: {"amount": money(25000, "BRL", lang), "name": OWNER["owner_name"],
                              "document": OWNER["masked_document"], "bank": OWNER["bank_name"]},
        lambda: [lookup(), failed("send_pix", "approval_required", {"approval_id": 7, "channel": "in_chat_button"},
                                  {"recipient_ref": "ref_7f3a", "amount_cents": 25000, "scheduled_for": None})],
        said=("manda 250 pro Pedro",), slots=AMOUNT_SLOT),
    "pix_sent": Context("bank", lambda lang: {"amount": money(25000, "BRL", lang), "name": OWNER["owner_name"],
                                              "e2e": "E12345678202612011430ABCDEF01234"},
                        lambda: [lookup(), receipt()], said=("manda 250 pro Pedro",), slots=AMOUNT_SLOT),
    "contact_not_found": Context("bank", lambda lang: {"name": "Zé"},
                                 lambda: [failed("lookup_pix_key", "not_found", {"code": "contact_not_found",
                                                                                 "contacts": ["Pedro", "Ana"]},
                                                 {"key": None, "contact_name": "Zé"})]),
    "saved_contacts": Context("bank", lambda lang: {"contacts": "Pedro, Ana, João, Maria"},
                              lambda: [failed("lookup_pix_key", "not_found", {
                                  "code": "contact_not_found", "contacts": ["Pedro", "Ana", "João", "Maria"]})]),
    "which_contact": Context("bank", lambda lang: {"lines": "• Maria\n• Mario"},
                             lambda: [failed("lookup_pix_key", "conflict", {"code": "contact_ambiguous",
                                                                            "candidates": ["Maria", "Mario"]},
                                             {"key": None, "contact_name": "mraia"})]),
    "pix_scheduled": Context("bank", lambda lang: {"amount": money(25000, "BRL", lang), "name": OWNER["owner_name"],
                                                   "date": "2 de dezembro de 2026",
                                                   "e2e": "E12345678202612011430ABCDEF01234"},
                             lambda: [lookup(), receipt(scheduled=True)], said=("manda 250 pro Pedro amanhã",),
                             slots=AMOUNT_SLOT),
    "places_left": Context("school", lambda lang: {"count": 4}, lambda: [offers()]),
    "key_not_found": Context("bank", records=lambda: [failed("lookup_pix_key", "not_found", {"code": "key_not_found"})]),
    "limit": Context("bank", lambda lang: {"reason": reason(lang, "insufficient_funds")},
                     lambda: [lookup(), failed("send_pix", "limit_exceeded", {"code": "insufficient_funds"})],
                     said=("manda 9000 pro Pedro",)),
    "booking_done": Context("school", _booking, _booking_records, said=("vull reservar esquí demà a les 9 per a 2",),
                            slots={"party_size": 2}),
    "slots": Context("school", lambda lang: {"lines": _slot_lines(lang)}, lambda: [offers()]),
    "booking_changed": Context("school", _booking, _changed_records, said=("de fet, som 2",), slots={"party_size": 2}),
    "booking_cancelled": Context("school", lambda lang: {k: v for k, v in _booking(lang).items()
                                                         if k in ("activity", "start", "party")},
                                 lambda: [ok("my_bookings", {"bookings": [_held()]}),
                                          ok("cancel_booking", _held("cancelled"), {"booking_ref": "ref_b9"},
                                             effect=True)], said=("cancel·la-ho",)),
    "no_upcoming_booking": Context("school", records=lambda: [ok("my_bookings", {"bookings": []})],
                                   said=("cancel·la la reserva",)),
    "which_booking": Context("school", lambda lang: {"lines": f"• Esquí — {_booking(lang)['start']} "
                                                               f"({party(lang, 2)})"},
                             lambda: [ok("my_bookings", {"bookings": [_held(), _held()]})],
                             said=("cancel·la la reserva",)),
    "booking_fixed": Context("school", records=lambda: [ok("my_bookings", {"bookings": [_held("paid")]}),
                                                        failed("cancel_booking", "failed",
                                                               {"code": "booking_not_cancellable"})],
                             said=("cancel·la-ho",)),
    "pix_schedule_changed": Context("bank", lambda lang: {"amount": money(10000, "BRL", lang),
                                                          "name": OWNER["owner_name"],
                                                          "date": _planned_day(lang, DUE_CHANGED),
                                                          "e2e": "E12345678202612011430ABCDEF01234"},
                                    _change_records, said=("cambia el monto a 100 y pásalo al lunes",)),
    "pix_schedule_cancelled": Context("bank", lambda lang: {"amount": money(8000, "BRL", lang),
                                                            "name": OWNER["owner_name"], "date": _planned_day(lang)},
                                      lambda: [_planned_list(),
                                               ok("cancel_scheduled_pix", _planned(status="cancelled"),
                                                  {"transfer_ref": "trf_9a"}, effect=True)],
                                      said=("cancela aquele Pix agendado",)),
    "no_scheduled_pix": Context("bank", records=lambda: [ok("scheduled_pix", {"transfers": []})],
                                said=("cancela o pix agendado",)),
    "schedule_new_instead": Context("bank", records=lambda: [ok("scheduled_pix", {"transfers": []})],
                                    said=("muda o pix que eu agendei pra 50",)),
    "bare_number_for_when": Context("school", said=("dos",)),
    "which_scheduled_pix": Context("bank", lambda lang: {"lines": "\n".join(
        (_planned_line(lang), _planned_line(lang, 3500, DUE_CHANGED)))},
        lambda: [_planned_list(_planned(), _planned(3500, DUE_CHANGED, ref="trf_9b"))],
        said=("cancela o pix agendado",)),
    "scheduled_pix_line": Context("bank", lambda lang: {"amount": money(8000, "BRL", lang),
                                                        "name": OWNER["owner_name"], "date": _planned_day(lang)},
                                  lambda: [_planned_list()], said=("cancela o pix agendado",)),
    "pix_fixed": Context("bank", records=lambda: [_planned_list(),
                                                  failed("cancel_scheduled_pix", "failed",
                                                         {"code": "transfer_not_cancellable"})],
                         said=("cancela o pix agendado",)),
    "price_per_person": Context("school", lambda lang: {"activity": "Esquí", "amount": money(4500, "EUR", lang),
                                                        "people": party(lang, 6)},
                                lambda: [offers()], said=("quant costa l'esquí?",)),
    "price_for_party": Context("school", lambda lang: {"activity": "Esquí", "amount": money(18000, "EUR", lang),
                                                       "people": party(lang, 4)},
                               lambda: [offers(4)], said=("quant em costarà l'esquí per a 4?",)),
    "no_slots": Context("school", records=lambda: [ok("check_availability", {"slots": []})]),
    "time_not_free": Context("school", lambda lang: {"time": _offered_moment(0, lang)}, lambda: [offers()],
                             said=("vull reservar esquí demà a les 15:00 per a 2",)),
    "time_just_taken": Context("school", lambda lang: {"time": _offered_moment(0, lang)},
                               lambda: [offers(), failed("create_booking", "conflict", {"code": "slot_taken"})],
                               said=("vull reservar esquí demà a les 15:00 per a 2",)),
    "times_not_free": Context("school", lambda lang: {"day": _offered_day(lang), "first": "03:00", "second": "15:00"},
                              lambda: [offers()], said=("vull reservar esquí demà a les 3 per a 2",)),
    "which_half": Context("school", lambda lang: {"day": _offered_day(lang), "first": _offered_clock(0),
                                                  "second": _offered_clock(1)},
                          lambda: [offers()], said=("vull reservar esquí demà a les 3 per a 2",)),
    "products": Context("store", lambda lang: {"lines": _product_lines(lang)}, lambda: [hits()]),
    "no_products": Context("store", records=lambda: [ok("search_catalog", {"hits": []})]),
    "no_products_but": Context("store", lambda lang: {"what": "iphone 12", "lines": _product_lines(lang)},
                               lambda: [ok("search_catalog", {"hits": []}), hits()]),
    "products_within": Context("store", lambda lang: {"budget": money(120000000, "ARS", lang),
                                                      "lines": _product_lines(lang)}, lambda: [hits()],
                               said=("un celular hasta 1200000 pesos",)),
    "no_products_within": Context("store", lambda lang: {"budget": money(5000000, "ARS", lang)},
                                  lambda: [ok("search_catalog", {"hits": []})], said=("un celular hasta 50000 pesos",)),
    "price_range": Context("store", lambda lang: {"low": money(89999900, "ARS", lang),
                                                  "high": money(104999900, "ARS", lang)}, lambda: [hits()]),
    "in_stock": Context("store", lambda lang: {"count": 4}, lambda: [hits()]),
    "sold_out": Context("store", records=lambda: [hits()]),
    "warranty_months": Context("store", lambda lang: {"count": 12}, lambda: [hits()]),
    "no_warranty": Context("store", records=lambda: [hits(warranty=0)]),
    "warranty_unknown": Context("store", records=lambda: [hits(warranty=None)]),
    "dispute_handoff": Context("store", said=("ya fui y pagué",)),
    "handoff": Context("bank"),
    "escalated_acknowledged": Context("store", said=("me cobraron dos veces!", "hola")),
    "person_handoff": Context("bank", said=("quero falar com um atendente",)),
    # The wait is the inbox's outlook (`inbox.selectors.handoff_outlook`), system data like a tool's result: the turn
    # finishes early with it (no guard runs there); here it stands as the record the words are built from.
    "person_handoff_staffed": Context("bank", lambda lang: {"wait": "15 min"}, said=("quero falar com um atendente",),
                                      records=lambda: [ok("handoff_outlook", {"expected_wait_minutes": 15})]),
    "person_handoff_closed": Context("school", said=("vull parlar amb una persona",)),
    "which_product": Context("store", lambda lang: {"lines": "\n".join(f"• {h['name']}" for h in hits().result["data"]["hits"])},
                             lambda: [ok("shown_products", {"products": [
                                 {"product_ref": f"prd_{h['id']}", "name": h["name"], "capacity_gb": h["capacity_gb"]}
                                 for h in hits().result["data"]["hits"]]})], said=("¿cuánto sale?",)),
    "quote_line": Context("store", lambda lang: {"count": 2, "name": "iPhone 14 128 GB Blanco estelar",
                                                 "each": money(175000000, "ARS", lang),
                                                 "amount": money(350000000, "ARS", lang)},
                          lambda: [products_quote()], said=("quote for 2 iphone 14 and 1 case for s23",)),
    "products_quote": Context("store", lambda lang: {
        "lines": f"• 2 × iPhone 14 128 GB Blanco estelar — {money(175000000, 'ARS', lang)}: "
                 f"{money(350000000, 'ARS', lang)}\n• 1 × Funda transparente para Galaxy S23 — "
                 f"{money(950000, 'ARS', lang)}: {money(950000, 'ARS', lang)}",
        "total": money(350950000, "ARS", lang)},
        lambda: [products_quote()], said=("quote for 2 iphone 14 and 1 case for s23",)),
    "quote": Context("store", lambda lang: {"model": "iPhone 12", "capacity": 128, "battery": 87,
                                            "amount": money(35000000, "ARS", lang),
                                            "until": when(NOW + timedelta(days=2), lang, TZ)},
                     lambda: [ok("quote_used_device", {"quote_id": 3, "device_model": "iphone 12", "brand": "Apple",
                                                       "model": "iPhone 12", "capacity_gb": 128, "battery_health": 87,
                                                       "base_cents": 40000000, "battery_percent": 87,
                                                       "price_cents": 35000000, "currency": "ARS",
                                                       "created_at": NOW.isoformat(),
                                                       "valid_until": (NOW + timedelta(days=2)).isoformat()})]),
    "cancelled": Context("bank"), "nothing_to_cancel": Context("bank"), "stale_button": Context("bank"),
    "value_without_request": Context("bank", lambda lang: {"value": slot_value(lang, "amount", AMOUNT_SLOT["amount"],
                                                                               TZ)}, said=("250",)),
    "correct_or_new": Context("bank", lambda lang: {"value": money(25000, "BRL", lang)}, said=("250",)),
    "stale_bare_value": Context("bank", lambda lang: {"value": money(25000, "BRL", lang)}, said=("250 reais",)),
    "stale": Context("bank"), "typed_confirm": Context("bank"), "executing": Context("bank"),
    "correction_without_value": Context("bank"),
    "greeting": Context("bank", lambda lang: {"what": ", ".join(kind_name(lang, k) for k in
                                                                ("balance", "pix_history", "pix_transfer"))}),
    "changed": Context("bank", lambda lang: {"slot": slot_name(lang, "amount"), "old": money(5000, "BRL", lang),
                                             "new": money(8000, "BRL", lang)},
                       said=("manda 50 pro Pedro", "não, 80"), slots={"amount": {"amount_cents": 8000, "currency": "BRL"}}),
    "time_added": Context("school", lambda lang: {"new": _offered_clock(0)}, lambda: [offers()],
                          said=("vull reservar esquí dissabte per a 2", "a les 9"), slots={"party_size": 2}),
    "time_changed": Context("school", lambda lang: {"old": _offered_clock(1), "new": _offered_clock(0)},
                            lambda: [offers()], said=("vull reservar esquí demà a les 10 per a 2", "a les 9"),
                            slots={"party_size": 2}),
    "unsupported": Context("bank"), "image_too_large": Context("bank"), "provider_down": Context("bank"),
    # a shared location's place is what the customer's message carried (its name and address)
    "location_received": Context("bank", lambda lang: {"place": "Padaria Estrela, Rua Augusta 1200"},
                                 said=("Padaria Estrela, Rua Augusta 1200",)),
    "call_permission_accepted": Context("bank"), "call_permission_declined": Context("bank"),
    "turn_failed": Context("bank"),
    "failed": Context("bank", lambda lang: {"reason": reason(lang, "unexpected")}),
    "no_account": Context("bank", records=lambda: [failed("get_balance", "not_found", {"code": "account_not_found"})],
                          said=("qual meu saldo?",)),
    "own_account": Context("bank", records=lambda: [failed("lookup_pix_key", "invalid_argument",
                                                           {"code": "same_account"})],
                           said=("manda 10 para +5511999990001",)),
    "button_new": Context("bank"), "button_correct": Context("bank"),
    "button_resume": Context("bank", lambda lang: {"kind": kind_name(lang, "pix_transfer")}),
    "resume_offer": Context("bank", lambda lang: {"kind": kind_name(lang, "pix_transfer")}),
    "history_none": Context("bank", lambda lang: {"since": "2026-12-01", "until": "2026-12-02"},
                            _no_history_records, said=("me mostra o extrato",)),
    "history_day_none": Context("bank", lambda lang: {"day": "2026-12-01"}, _no_history_records,
                                said=("me mostra o extrato de hoje",)),
    "history_scheduled": Context("bank", lambda lang: {"count": 1, "lines": say(
        lang, "history_scheduled_line", amount=money(3500, "BRL", lang), name="Pedro Henrique Almeida",
        day=SCHEDULED_DAY)}, _scheduled_records, said=("me mostra o extrato",)),
    "history_scheduled_line": Context("bank", lambda lang: {"amount": money(3500, "BRL", lang),
                                                             "name": "Pedro Henrique Almeida", "day": SCHEDULED_DAY},
                                      _scheduled_records, said=("me mostra o extrato",)),
    "pix_code_amount_fixed": Context("bank", lambda lang: {"amount": money(18745, "BRL", lang),
                                                           "said": money(20000, "BRL", lang)},
                                     said=("paga 200 [Pix code] de 187,45",)),
    # Refusals of a Pix code (agent/pixcode.py): the turn ends before any tool, the customer's message was a code.
    **{key: Context("bank", said=("paga isso [Pix code]",)) for key in (
        "pix_code_damaged", "pix_code_invalid", "pix_code_several", "pix_code_dynamic_refused",
        "pix_code_dynamic_unavailable", "pix_code_expired")},
}


def _pix_preview(lang: str, scheduled: bool = False) -> str:
    return pix_preview(owner_name=OWNER["owner_name"], masked_document=OWNER["masked_document"],
                       bank_name=OWNER["bank_name"], key="+5511987654321", amount_cents=25000, currency="BRL",
                       when=NOW + timedelta(days=1) if scheduled else NOW, scheduled=scheduled, lang=lang,
                       tz=TZ)["text"]


def _booking_preview(lang: str, action: str = "") -> str:
    return booking_preview(activity="Esquí", start=NOW + timedelta(days=1), party_size=2, amount_cents=9000,
                           currency="EUR", slot_id=5, lang=lang, tz=TZ, action=action)["text"]


ANA = {"owner_name": "Ana Beatriz Costa", "masked_document": "***.456.789-**", "bank_name": "Banco Magie",
       "key_type": "email", "key_value": "ana.costa@exemplo.com.br"}


def _pix_change_preview(lang: str, *, changed: bool, to: dict | None = None) -> str:
    """A scheduled Pix's change (R$ 80,00 on 4 December → R$ 100,00 on 7 December, or to Ana), or its cancellation."""
    old = {"owner_name": OWNER["owner_name"], "masked_document": OWNER["masked_document"],
           "bank_name": OWNER["bank_name"], "key": "+5511987654321", "amount_cents": 8000, "currency": "BRL",
           "date": "2026-12-04"}
    if not changed:
        return pix_change_preview(transfer_id=41, old=old, new=None, lang=lang)["text"]
    if to is not None:
        new = {**old, "owner_name": to["owner_name"], "masked_document": to["masked_document"],
               "bank_name": to["bank_name"], "key": to["key_value"]}
    else:
        new = {**old, "amount_cents": 10000, "date": "2026-12-07"}
    return pix_change_preview(transfer_id=41, old=old, new=new, lang=lang)["text"]


PREVIEW_CONTEXTS: dict[str, tuple[Context, Callable[[str], str]]] = {
    "pix": (Context("bank", records=lambda: [lookup(), failed("send_pix", "approval_required", {"approval_id": 7})],
                    said=("manda 250 pro Pedro",), slots=AMOUNT_SLOT), _pix_preview),
    "pix_scheduled": (Context("bank", records=lambda: [lookup(), failed("send_pix", "approval_required",
                                                                        {"approval_id": 7},
                                                                        {"recipient_ref": "ref_7f3a",
                                                                         "amount_cents": 25000,
                                                                         "scheduled_for": "2026-12-02"})],
                              said=("manda 250 pro Pedro amanhã",), slots=AMOUNT_SLOT),
                      lambda lang: _pix_preview(lang, scheduled=True)),
    "booking": (Context("school", records=lambda: [offers(), failed("create_booking", "approval_required")],
                        said=("esquí demà a les 9 per a 2",), slots={"party_size": 2}), _booking_preview),
    "booking_change": (Context("school", records=lambda: [ok("my_bookings", {"bookings": [_held()]}), offers(),
                                                          failed("change_booking", "approval_required")],
                               said=("de fet, som 2",), slots={"party_size": 2}),
                       lambda lang: _booking_preview(lang, "change")),
    "booking_cancel": (Context("school", records=lambda: [ok("my_bookings", {"bookings": [_held()]}),
                                                          failed("cancel_booking", "approval_required")],
                               said=("cancel·la-ho",)),
                       lambda lang: _booking_preview(lang, "cancel")),
    "pix_code_differs": (Context("bank", records=lambda: [lookup(), failed("send_pix", "approval_required",
                                                                           {"approval_id": 7})],
                                 said=("paga isso [Pix code]",), slots=AMOUNT_SLOT,
                                 preview={"facts": {"merchant_name": "LOJA DO ZE", "txid": "PED991"}}),
                         lambda lang: pix_preview(owner_name=OWNER["owner_name"], masked_document=OWNER["masked_document"],
                                                  bank_name=OWNER["bank_name"], key="+5511987654321",
                                                  amount_cents=25000, currency="BRL", when=NOW, scheduled=False,
                                                  lang=lang, tz=TZ, pix_code={"merchant_name": "LOJA DO ZE",
                                                                              "txid": "PED991",
                                                                              "names_match": False})["text"]),
    **{key: (Context("bank", records=lambda: [_planned_list(), lookup(),
                                               failed("change_scheduled_pix", "approval_required",
                                                      {"approval_id": 7})],
                     said=("cambia el monto a 100 y pásalo al lunes",),
                     slots={"amount": {"amount_cents": 10000, "currency": "BRL"}, "recipient": "Pedro",
                            "when": "2026-12-07"}),
             lambda lang: _pix_change_preview(lang, changed=True))
       for key in ("pix_change", "pix_change_line", "pix_change_amount", "pix_change_date")},
    "pix_change_recipient": (Context("bank", records=lambda: [_planned_list(), lookup(), ok(
        "lookup_pix_key", {"recipient_ref": "ref_8b", **ANA}, {"key": None, "contact_name": "Ana"}),
        failed("change_scheduled_pix", "approval_required", {"approval_id": 7})],
        said=("na verdade, muda pra Ana",), slots={"recipient": "Ana"}),
        lambda lang: _pix_change_preview(lang, changed=True, to=ANA)),
    "pix_cancel": (Context("bank", records=lambda: [_planned_list(),
                                                    failed("cancel_scheduled_pix", "approval_required",
                                                           {"approval_id": 7})],
                           said=("cancela aquele Pix agendado",)),
                   lambda lang: _pix_change_preview(lang, changed=False)),
    "pix_note": (Context("bank", records=lambda: [lookup(), failed("send_pix", "approval_required",
                                                                   {"approval_id": 7})],
                         said=("paga esse código [Pix code], descrição: aluguel",), slots=AMOUNT_SLOT),
                 lambda lang: pix_preview(owner_name=OWNER["owner_name"], masked_document=OWNER["masked_document"],
                                          bank_name=OWNER["bank_name"], key="+5511987654321", amount_cents=25000,
                                          currency="BRL", when=NOW, scheduled=False, lang=lang, tz=TZ,
                                          note="aluguel")["text"]),
    "approve": (Context("bank"), lambda lang: word(lang, "approve")),
    "decline": (Context("bank"), lambda lang: word(lang, "decline")),
    "link": (Context("bank", records=lambda: [lookup(), failed("send_pix", "approval_required", {"approval_id": 7})],
                     said=("manda 250 pro Pedro",), slots=AMOUNT_SLOT),
             lambda lang: _pix_preview(lang) + "\n" + word(
                 lang, "link", url="http://demobank.localhost:8000/approve/Xk2-9_PqLmN0vT/")),
}


def _policy() -> Policy:
    return Policy(ask_stale_after=timedelta(minutes=10), on_tool_failure="hold", side_request="park", gates={},
                  approval_expiry=timedelta(minutes=15), enabled_guards=tuple(GUARD_NAMES), internal_vocabulary=(),
                  guard_retries=1, guard_time_budget_ms=2000)


def _failures(context: Context, text: str, lang: str) -> list:
    inp = guard_input(draft=Draft(text), lang=lang, currency=CURRENCY[context.kind], org_kind=context.kind,
                      records=context.records(), history=[{"role": "customer", "text": t} for t in context.said],
                      ask_kind=None, ask_slots=context.slots, policy=_policy(), allowed_hosts=[HOSTS[context.kind]],
                      context=ToolContext(conversation_id=1, ask_id=1, message_id=1, customer_ref="c", customer_name="",
                                          org_kind=context.kind, language=lang, currency=CURRENCY[context.kind],
                                          time_zone=TZ, policy=_policy(), now=NOW,
                                          approval_requested=SimpleNamespace(preview=context.preview)
                                          if context.preview else None), own_phones=())
    report = run_guards(inp, list(GUARD_NAMES), 2000)
    return [(f.code, f.evidence) for f in report.failures]


def test_every_template_has_a_context():
    assert set(CONTEXTS) == set(MESSAGES)
    assert set(PREVIEW_CONTEXTS) == set(PREVIEW_TEXT)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", sorted(MESSAGES))
def test_a_reply_template_trips_no_guard(key, lang):
    context = CONTEXTS[key]
    text = say(lang, key, **context.values(lang))
    assert _failures(context, text, lang) == [], text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", sorted(PREVIEW_TEXT))
def test_a_preview_template_trips_no_guard(key, lang):
    context, render = PREVIEW_CONTEXTS[key]
    text = render(lang)
    assert _failures(context, text, lang) == [], text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key,guards", [
    ("pix_sent", {"effect_claim_without_effect", "unsupported_fact"}),
    ("booking_done", {"effect_claim_without_effect", "unsupported_amount", "unsupported_fact"}),
    ("history", {"effect_claim_without_effect", "unsupported_amount", "unsupported_fact"}),  # "3 Pix": no list
    ("history_day", {"effect_claim_without_effect", "unsupported_amount", "unsupported_fact"}),
    ("balance", {"unsupported_amount"})])
def test_without_the_results_behind_it_the_same_template_is_refused(key, guards, lang):
    """The templates pass because of what the tools returned, not because the guards ignore them: the statement
    makes "você fez 3 Pix enviados" a report, the receipt makes "Pix enviado" true and names its recipient."""
    context = CONTEXTS[key]
    text = say(lang, key, **context.values(lang))
    bare = Context(context.kind, said=context.said, slots={k: v for k, v in context.slots.items() if k != "amount"})
    assert {code for code, _ in _failures(bare, text, lang)} == guards, text


@pytest.mark.parametrize("status,earlier", [("completed", ("send_pix",)), ("collecting", ())])
def test_a_completed_asks_effect_is_an_earlier_effect_of_its_replies(status, earlier):
    # "Tudo certo, até mais!" after the Pix an earlier turn sent restates it; a balance read is no effect
    inp = guard_input(draft=Draft("Pix enviado! Até mais."), lang="pt-BR", currency="BRL", org_kind="bank", records=[],
                      history=[], ask_kind="pix_transfer", ask_slots={}, policy=_policy(), allowed_hosts=[],
                      own_phones=(), ask_status=status)
    assert inp.effects_earlier == earlier
    assert guard_input(draft=Draft("Saldo informado."), lang="pt-BR", currency="BRL", org_kind="bank", records=[],
                       history=[], ask_kind="balance", ask_slots={}, policy=_policy(), allowed_hosts=[], own_phones=(),
                       ask_status="completed").effects_earlier == ()
