"""What a tool is, what it receives, and the one shape of its results (success, or a typed failure)."""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict

from agent.writes import TurnWrites
from guards.evidence import Evidence
from magie.errors import DomainError
from tenants.policy import Policy

STRICT = ConfigDict(extra="forbid", frozen=True)


class ToolArgs(BaseModel):
    model_config = STRICT


@dataclass
class ToolContext:
    """Everything a tool may use besides its arguments: who is asking, in which Ask, under which policy, when."""

    conversation_id: int
    ask_id: int | None
    message_id: int
    customer_ref: str
    customer_name: str
    org_kind: str
    language: str
    currency: str
    time_zone: str
    policy: Policy
    now: datetime
    public_base_url: str = ""
    calls: int = 0  # tool calls made in this turn (part of effects' idempotency keys)
    approval: Any = None  # the approved request this call executes (the continuation after a decision)
    approval_requested: Any = None  # the request the gate created in this turn (the reply becomes its preview)
    approval_decided: int | None = None  # the request a tap of this turn decided (executed once in `act`)
    # this message started the Ask, or reopened it (voiding its request), in this (builtin turn's one) transaction:
    # the Ask has no pending request but those this turn makes
    no_pending_request: bool = False
    ask_without_code: bool = False  # this message started the Ask and held no Pix code: the Ask has none to read
    writes: TurnWrites | None = None  # the turn's unit of work (`agent.writes`); None: each service on its own
    # A turn of the WhatsApp simulator (or the continuation of a request shown there): the bank moves and reads
    # only test holders' money (bank.interface.SandboxBank), whoever the sandbox identity's number belongs to.
    test_money_only: bool = False


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    risk: str  # money | external_message | third_party_data | own_data | reversible | none
    args: type[ToolArgs]
    run: Callable[[ToolContext, Any], dict[str, Any]]
    amount_of: Callable[[Any], int | None] = lambda args: None  # what the gate compares with thresholds
    effect: bool = False  # executes something (not a read)
    references: tuple[tuple[str, str], ...] = ()  # (argument, reference kind) checked before anything else
    # The preview a gated call shows, built by code from system data: {"facts": {...}, "text": "..."}.
    preview: Callable[[ToolContext, Any], dict[str, Any]] | None = None
    # What the customer already spent today in this tool's risk class (for `preauthorised_cap`).
    spent_today: Callable[[ToolContext], int] | None = None
    # The Ask kinds this tool's success completes (the effect of an effect kind, the read of a read kind).
    completes: tuple[str, ...] = ()
    # Engine error codes that mean one slot's value cannot be used (engine code → slot): the turn holds the Ask
    # and re-asks that slot, as the policy's `on_tool_failure` says.
    failed_slots: Mapping[str, str] = field(default_factory=dict)
    # Engine error codes no slot's value can fix (the customer has no account here, a Pix to their own account):
    # the turn closes the Ask as failed, so it is never parked and offered back to run into the same refusal, and
    # the reply says what the customer can do instead (`agent.replies.NEXT_STEPS`, also in the refused call's
    # result as `next_step`, with `closes_request`, for a model to read).
    closes_ask: frozenset[str] = frozenset()
    # What the fields of this tool's result mean (money with currency and unit, quantities, dates, identifiers): the
    # guards read the result through it, so an account number never supports an amount (guards.evidence).
    evidence: Evidence = Evidence()
    # Every field name the result may hold, at any depth (`fields_of` the engine's result types, plus what the tool
    # adds): the registry refuses to start when one of a guarded kind is not in `evidence` (`agent.registry`).
    returns: tuple[str, ...] = ()
    # What an effect does, in the guards' words ("money", "booking", "order"): a draft's claim must be of the kind of
    # an effect this turn executed (a booking is no Pix).
    effect_kind: str = ""


def fields_of(*types: type, extra: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The field names of the dataclasses `types` and of the dataclasses they hold (a receipt's recipient, a
    statement's entries), and `extra`, in order, once each."""
    names: list[str] = []

    def walk(kind: Any) -> None:
        for arg in typing.get_args(kind):
            walk(arg)
        if dataclasses.is_dataclass(kind) and isinstance(kind, type):
            hints = typing.get_type_hints(kind)
            for item in dataclasses.fields(kind):
                names.append(item.name)
                walk(hints[item.name])

    for kind in types:
        walk(kind)
    return tuple(dict.fromkeys([*names, *extra]))


def engine_tools(*tools: ToolSpec, failed_slots: Mapping[str, str],
                 closes_ask: frozenset[str]) -> tuple[ToolSpec, ...]:
    """The tools of one engine, each told that engine's refusals of one slot (`ToolSpec.failed_slots`) and those
    that close the request (`ToolSpec.closes_ask`): the engine refuses the same way whichever of its tools called
    it."""
    return tuple(replace(tool, failed_slots=failed_slots, closes_ask=closes_ask) for tool in tools)


class ToolFailure(Exception):
    """A typed failure a tool returns to the model (never a crash): code, retryable, alternatives, what to call."""

    def __init__(self, code: str, message: str, *, retryable: bool = False, alternatives: list | None = None,
                 call_first: str | None = None, detail: dict | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.retryable = code, message, retryable
        self.alternatives, self.call_first, self.detail = alternatives or [], call_first, detail or {}

    def as_result(self) -> dict[str, Any]:
        error: dict[str, Any] = {"code": self.code, "message": self.message, "retryable": self.retryable}
        if self.alternatives:
            error["alternatives"] = self.alternatives
        if self.call_first:
            error["call_first"] = self.call_first
        if self.detail:
            error["detail"] = self.detail
        return {"ok": False, "error": _jsonable(error)}


# Engine error codes → the structured failure kinds the model sees (the engine's code travels in detail.code).
FAILURE_KIND = {
    **dict.fromkeys(["key_not_found", "contact_not_found", "account_not_found", "transfer_not_found",
                     "product_not_found", "slot_not_found", "activity_not_found", "booking_not_found",
                     "model_not_quoted", "not_found"], "not_found"),
    **dict.fromkeys(["slot_taken", "out_of_stock", "instructor_unavailable", "out_of_equipment",
                     "idempotency_key_reused", "contact_ambiguous", "booking_not_payable"], "conflict"),
    **dict.fromkeys(["night_limit_exceeded", "lookup_budget_exceeded", "insufficient_funds", "party_too_large"],
                    "limit_exceeded"),
    **dict.fromkeys(["invalid_key", "amount_invalid", "same_account", "schedule_invalid", "invalid_party_size",
                     "invalid_argument", "quote_incomplete", "slot_in_the_past", "text_invalid",
                     "approval_invalid", "txid_invalid"], "invalid_argument"),
}


def failure_from(error: DomainError) -> ToolFailure:
    kind = FAILURE_KIND.get(error.code, "failed")
    extra = {k: v for k, v in error.extra.items() if k != "alternatives"}
    return ToolFailure(kind, error.message, retryable=error.code == "lookup_budget_exceeded" or error.retryable,
                       alternatives=list(error.extra.get("alternatives") or []),
                       detail={"code": error.code, **_jsonable(extra)})


def _jsonable(value: Any) -> Any:
    kind = type(value)  # the plain types first, by identity: every tool's answer passes here
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if kind is dict:
        return {k if type(k) is str else str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


def result_fields(result: Any) -> dict[str, Any]:
    """`dataclasses.asdict(result)` for an engine's result of plain fields (texts, numbers, datetimes, None): the
    same dict without asdict's deep copy of each value (`ok` makes the answer JSON's own values anyway)."""
    names = _field_names(type(result))
    if names is None:
        return dataclasses.asdict(result)
    return {name: getattr(result, name) for name in names}


_RESULT_PLAIN_TYPES = (str, int, float, bool, datetime, type(None))
_RESULT_FIELD_NAMES: dict[type, tuple[str, ...] | None] = {}


def _field_names(kind: type) -> tuple[str, ...] | None:
    """The dataclass's field names if each is annotated with plain types only (else None: asdict's way)."""
    if kind not in _RESULT_FIELD_NAMES:
        hints = typing.get_type_hints(kind)
        plain = all(all(arg in _RESULT_PLAIN_TYPES for arg in (typing.get_args(hint) or (hint,)))
                    for hint in (hints[f.name] for f in dataclasses.fields(kind)))
        _RESULT_FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(kind)) if plain else None
    return _RESULT_FIELD_NAMES[kind]


def ok(data: Any) -> dict[str, Any]:
    return {"ok": True, "data": _jsonable(data)}


@dataclass
class ToolCallRecord:
    name: str
    arguments: Any
    result: dict[str, Any]
    ms: float
    executed_effect: bool = False
    extra: dict = field(default_factory=dict)
