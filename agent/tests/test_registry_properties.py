"""Property tests (hypothesis): the tool registry driven with arbitrary JSON — any tool name, any arguments (objects
with the tools' own fields or any others, values of any type and size, text with NUL and lone surrogates, the
references this conversation really holds), raw strings, non-objects — for every organisation kind. Whatever comes
in: no exception escapes, the result is a well-formed success or typed failure, the record can be stored in a jsonb
column, and nothing takes effect without an approved request."""

import json
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from agent import registry
from agent.references import reference_issue
from agent.tools.base import ToolContext
from approvals.models import ApprovalRequest
from asks.tests.chat import Chat
from bank.models import PixTransfer
from booking.models import Booking, TimeSlot
from store.models import UsedDeviceQuote
from tenants.selectors import policy_current
from tenants.services import policy_update

ODD_TEXT = ["", " ", "\x00", "a\x00b", "\ud800", "x\udfff", "rcp_", "rcp_x", "slt_\x00", "bkg_" + "a" * 60,
            "9999-12-31", "0001-01-01", "2027-02-30", "2026-12-31T25:61:00", "null", "NaN", "Pedro", "escalada",
            "iphone 13", "ski", "9" * 400, "é" * 300, "Robert'); DROP TABLE bank_pixtransfer;--"]
NUMBERS = st.one_of(st.integers(), st.integers(min_value=-(2**70), max_value=2**70),
                    st.sampled_from([0, 1, -1, 2**31, 2**63, 2**63 - 1, 10**15, 10**15 + 1, 10**22, 10**30]),
                    st.floats(allow_nan=True, allow_infinity=True))
TEXT = st.one_of(st.text(max_size=40), st.sampled_from(ODD_TEXT),
                 st.text(max_size=10).map(lambda t: t + "\x00"), st.text(max_size=10).map(lambda t: "\ud83d" + t))
SCALARS = st.one_of(st.none(), st.booleans(), NUMBERS, TEXT)
JSON = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                    st.dictionaries(TEXT, inner, max_size=4)), max_leaves=12)


def _arguments(tool_names: list[str], fields: dict[str, list[str]], live: list[str]):
    """Arguments as a model might send them: the tool's own fields with any values (live references among them),
    any object, a JSON text of anything, any text, or no object at all."""
    value = st.one_of(JSON, st.sampled_from(live)) if live else JSON
    own_fields = st.sampled_from(tool_names).flatmap(
        lambda name: st.fixed_dictionaries({f: value for f in fields[name]},
                                           optional={"extra": value}))
    any_object = st.dictionaries(st.one_of(st.sampled_from(sorted({f for fs in fields.values() for f in fs})), TEXT),
                                 value, max_size=5)
    return st.one_of(own_fields, own_fields.map(json.dumps), any_object, JSON.map(json.dumps), TEXT,
                     st.lists(JSON, max_size=3), NUMBERS, st.none())


def _storable(value) -> None:
    """The value goes into a jsonb column as the turn's trace would put it (real PostgreSQL decides)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT %s::jsonb", [json.dumps(value)])


def _check_record(record, ctx) -> None:
    result = record.result
    assert isinstance(result, dict) and isinstance(result.get("ok"), bool)
    if not result["ok"]:
        assert isinstance(result["error"]["code"], str) and isinstance(result["error"]["message"], str)
    assert record.executed_effect is False  # nothing here executes an approved request
    _storable({"name": record.name, "arguments": record.arguments, "result": result, **record.extra})


def _context(org, chat: Chat, text: str, **extra) -> ToolContext:
    ask = chat.say(text).ask
    assert ask is not None
    return ToolContext(conversation_id=ask.conversation_id, ask_id=ask.pk, message_id=chat.last_message.pk,
                       customer_ref=chat.customer, customer_name="Cliente", org_kind=org.kind, language=org.language,
                       currency=org.currency, time_zone=org.time_zone, policy=policy_current(organisation=org),
                       now=timezone.now(), **extra)


PROPERTY = settings(max_examples=250, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def _fields(kind: str) -> dict[str, list[str]]:
    return {name: list(tool.args.model_fields) for name, tool in registry.tools_for(kind).items()}


def _names(kind: str):
    real = sorted(registry.tools_for(kind))
    others = ["create_booking", "send_pix", "search_catalog", "SEND_PIX", "send_pix ", "send_pix\x00", "", "\ud800"]
    return st.one_of(st.sampled_from(real), st.sampled_from(others), TEXT, st.none(), st.integers())


@pytest.fixture
def bank_world(demobank):
    chat = Chat("pt-BR")
    ctx = _context(demobank, chat, "manda 200 pro Pedro")
    live = [registry.call(ctx, "lookup_pix_key", {"key": None, "contact_name": name}).result["data"]["recipient_ref"]
            for name in ("Pedro", "Ana")]
    return ctx, live


def test_any_call_in_a_bank_is_answered_and_moves_no_money(bank_world):
    ctx, live = bank_world
    transfers = PixTransfer.objects.count()

    @PROPERTY
    @given(name=_names("bank"), arguments=_arguments(sorted(registry.tools_for("bank")), _fields("bank"), live))
    def check(name, arguments):
        _check_record(registry.call(ctx, name, arguments), ctx)
        assert PixTransfer.objects.count() == transfers  # money is gated: no transfer without an approved request

    check()
    assert not ApprovalRequest.objects.filter(status=ApprovalRequest.Status.EXECUTED).exists()


@pytest.fixture
def school_world(demoschool):
    """Bookings are gated here, so every effect tool of the school needs an approval."""
    gates = {risk: dict(rule.__dict__) for risk, rule in policy_current(organisation=demoschool).gates.items()}
    gates["reversible"]["mode"] = "always"
    policy_update(organisation=demoschool, changes={"gates": gates}, changed_by="test@demoschool")
    chat = Chat("ca", customer="376600001")
    ctx = _context(demoschool, chat, "vull reservar escalada demà a les 9 per a 2")
    slots = TimeSlot.objects.filter(start__gt=timezone.now())[:2]
    live = [reference_issue(kind="slot", conversation_id=ctx.conversation_id, ask_id=ctx.ask_id,
                            payload={"slot_id": slot.pk}, issued_by="check_availability", now=ctx.now)
            for slot in slots]
    live.append(reference_issue(kind="booking", conversation_id=ctx.conversation_id, ask_id=ctx.ask_id,
                                payload={"booking_id": 10**9}, issued_by="create_booking", now=ctx.now))
    return ctx, live


def test_any_call_in_a_school_is_answered_and_books_nothing(school_world):
    ctx, live = school_world
    bookings = Booking.objects.count()

    @PROPERTY
    @given(name=_names("school"), arguments=_arguments(sorted(registry.tools_for("school")), _fields("school"), live))
    def check(name, arguments):
        _check_record(registry.call(ctx, name, arguments), ctx)
        assert Booking.objects.count() == bookings  # no booking without an approved request

    check()
    assert not ApprovalRequest.objects.filter(status=ApprovalRequest.Status.EXECUTED).exists()


def test_any_call_in_a_store_is_answered(demostore):
    ctx = _context(demostore, Chat("es", customer="5491100001111"), "¿tienen el iPhone 13 de 128?")

    @PROPERTY
    @given(name=_names("store"), arguments=_arguments(sorted(registry.tools_for("store")), _fields("store"), []))
    def check(name, arguments):
        quotes = UsedDeviceQuote.objects.count()
        record = registry.call(ctx, name, arguments)
        _check_record(record, ctx)
        recorded = UsedDeviceQuote.objects.count() - quotes
        assert recorded == (1 if record.name == "quote_used_device" and record.result["ok"] else 0)

    check()


def test_references_stay_refused_after_they_expire_even_when_well_formed(bank_world):
    ctx, live = bank_world
    later = ToolContext(**{**ctx.__dict__, "now": ctx.now + timedelta(hours=1)})
    result = registry.call(later, "send_pix", {"recipient_ref": live[0], "amount_cents": 100,
                                               "scheduled_for": None}).result
    assert result["error"]["code"] == "invalid_reference" and result["error"]["detail"]["reason"] == "expired"
