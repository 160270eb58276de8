"""The tool registry: per organisation kind a small set of strictly typed tools. Every call from a model passes here:
the arguments are parsed as JSON and validated against the tool's strict schema, opaque references are resolved,
the policy's approval gate is applied, and only then does the engine's service run. Nothing raises out of `call`:
every refusal is a structured result the model can act on.

Whatever a model sends is bounded here first: a name that is no tool, arguments over `MAX_ARGUMENTS_CHARS`, JSON
that does not parse (a number of thousands of digits, nesting thousands deep) or is not an object, values outside
the bounded argument types (`agent.tools.arguments`). The record of the call keeps what arrived, made storable (a
NUL or lone surrogate replaced, long arguments cut), so the turn's trace can always be written."""

from __future__ import annotations

import json
import time
from typing import Any

from pydantic import ValidationError

from agent.gate import approval_gate
from agent.references import ReferenceRefused, reference_resolve
from agent.replies import next_step
from agent.tools import bank, school, store
from agent.tools.arguments import FAILED_SLOTS as ARGUMENT_FAILED_SLOTS
from agent.tools.arguments import argument_context
from agent.tools.base import ToolCallRecord, ToolContext, ToolFailure, ToolSpec, failure_from
from asks.perception.contract import strict_json_schema
from guards.evidence import undeclared
from magie.bounds import json_storable, text_storable
from magie.choices import OrganisationKind
from magie.errors import DomainError

TOOLS_BY_ORG_KIND: dict[str, tuple[ToolSpec, ...]] = {
    OrganisationKind.BANK: bank.TOOLS, OrganisationKind.SCHOOL: school.TOOLS, OrganisationKind.STORE: store.TOOLS,
}
# Which finding tool issues the reference an acting tool needs (told to the model when a reference is refused).
ISSUER = {"send_pix": "lookup_pix_key", "create_booking": "check_availability", "send_payment_link": "create_booking",
          "cancel_scheduled_pix": "scheduled_pix", "change_scheduled_pix": "scheduled_pix"}
MAX_ARGUMENTS_CHARS = 16_384  # a real call is a few hundred characters
TRACED_ARGUMENTS_CHARS = 2_000  # what the trace keeps of arguments that were refused for their size
MAX_NAME_CHARS = 64
MAX_FIELD_PROBLEMS = 10
# The bounds of `agent.tools.arguments` a value may break (pydantic error types), most specific first.
BOUNDS = ("reference_malformed", "amount_too_large", "date_out_of_range", "date_invalid", "text_not_storable")
SAME_AS = {"string_unicode": "text_not_storable"}  # pydantic's own refusal of a lone surrogate


class UndeclaredEvidence(Exception):
    """A tool returns a field of a guarded kind (money, a date, a name, a count…) that its evidence does not type."""


def evidence_problems() -> list[str]:
    """What the tools' declarations leave untyped: a tool with no `returns`, a returned field of a guarded kind its
    evidence does not declare (`guards.evidence.undeclared`), a declared field the tool neither returns nor takes."""
    problems = []
    for org_kind, tools in TOOLS_BY_ORG_KIND.items():
        for tool in tools:
            if not tool.returns:
                problems.append(f"{org_kind}.{tool.name}: declares no returned fields")
                continue
            for name in undeclared(tool.returns, tool.evidence):
                problems.append(f"{org_kind}.{tool.name}: returns {name!r} without evidence for it")
            unknown = sorted(tool.evidence.declared - set(tool.returns) - set(tool.args.model_fields))
            if unknown:
                problems.append(f"{org_kind}.{tool.name}: evidence names fields it has not: {unknown}")
    return problems


def evidence_check() -> None:
    """Refuse to start with a tool whose results the guards could not read (`evidence_problems`)."""
    problems = evidence_problems()
    if problems:
        raise UndeclaredEvidence("; ".join(problems))


def tools_for(org_kind: str) -> dict[str, ToolSpec]:
    return {tool.name: tool for tool in TOOLS_BY_ORG_KIND.get(org_kind, ())}


def completing_tool(org_kind: str, ask_kind: str) -> str | None:
    """The tool whose success completes an Ask of this kind (declared by the tool: `ToolSpec.completes`)."""
    return next((tool.name for tool in tools_for(org_kind).values() if ask_kind in tool.completes), None)


def failed_slot(org_kind: str, tool_name: str, code: str | None) -> str | None:
    """The slot a refusal of this tool concerns: the engine's (declared by the tool: `ToolSpec.failed_slots`) or
    an argument bound's (`agent.tools.arguments.FAILED_SLOTS`)."""
    tool = tools_for(org_kind).get(tool_name)
    if tool is None or not code:
        return None
    return tool.failed_slots.get(code) or ARGUMENT_FAILED_SLOTS.get(code)


def refusal_closes(org_kind: str, tool_name: str, code: str | None) -> bool:
    """Whether this refusal of this tool is one no slot's value can fix, so the Ask closes as failed (declared by
    the engine's tools: `ToolSpec.closes_ask`)."""
    tool = tools_for(org_kind).get(tool_name)
    return tool is not None and code is not None and code in tool.closes_ask


def tool_schemas(org_kind: str) -> list[dict[str, Any]]:
    """OpenAI strict function tools: no extra properties, every field required (optional ones nullable)."""
    return [
        {"type": "function", "function": {"name": tool.name, "description": tool.description, "strict": True,
                                          "parameters": strict_json_schema(tool.args)}}
        for tool in tools_for(org_kind).values()
    ]


def call(ctx: ToolContext, name: str, raw_arguments: str | dict[str, Any]) -> ToolCallRecord:
    """Run one tool call as a model proposed it. Returns the record of the call (result included)."""
    started = time.perf_counter()
    ctx.calls += 1
    result, executed = _call(ctx, name, raw_arguments)
    tool = _tool(ctx, name)
    if tool is not None:
        _closing_told(ctx, tool, result)
    return ToolCallRecord(name=_traced_name(name), arguments=_traced_arguments(raw_arguments),
                          result=json_storable(result), ms=round((time.perf_counter() - started) * 1000, 2),
                          executed_effect=executed,
                          extra={"risk": tool.risk if tool else None,
                                 "approval": ctx.approval.pk if ctx.approval is not None else None})


def refusal_code(result: dict[str, Any]) -> str | None:
    """The engine's code of a refused call (`detail.code`), or None for a success or a refusal without one."""
    error = result.get("error") if not result.get("ok") else None
    detail = error.get("detail") if isinstance(error, dict) else None
    code = detail.get("code") if isinstance(detail, dict) else None
    return code if isinstance(code, str) else None


def _closing_told(ctx: ToolContext, tool: ToolSpec, result: dict[str, Any]) -> None:
    """A refusal that closes the Ask (`ToolSpec.closes_ask`) tells whoever reads the result so, with what the
    customer reads next, built here by code in their language (`agent.replies.NEXT_STEPS`): the turn makes it
    the reply, whichever provider drafted (`agent.turn.steps.draft`)."""
    code = refusal_code(result)
    if code is None or code not in tool.closes_ask:
        return
    result["error"]["closes_request"] = True
    result["error"]["next_step"] = next_step(ctx.language, code)


def _tool(ctx: ToolContext, name: object) -> ToolSpec | None:
    return tools_for(ctx.org_kind).get(name) if isinstance(name, str) else None


def _traced_name(name: object) -> str:
    return text_storable(name if isinstance(name, str) else repr(name))[:MAX_NAME_CHARS]


def _traced_arguments(raw_arguments: object) -> Any:
    if isinstance(raw_arguments, str) and len(raw_arguments) > TRACED_ARGUMENTS_CHARS:
        return text_storable(raw_arguments[:TRACED_ARGUMENTS_CHARS]) + f"… ({len(raw_arguments)} characters)"
    return json_storable(raw_arguments)


def _parsed(raw_arguments: object) -> dict[str, Any] | ToolFailure:
    """The arguments as a JSON object, or the failure saying why they are none."""
    if isinstance(raw_arguments, str):
        if len(raw_arguments) > MAX_ARGUMENTS_CHARS:
            return ToolFailure("invalid_argument", f"arguments are longer than {MAX_ARGUMENTS_CHARS} characters",
                               detail={"code": "arguments_too_long"})
        try:
            raw_arguments = json.loads(raw_arguments)
        except json.JSONDecodeError as error:
            return ToolFailure("invalid_argument", f"arguments are not valid JSON: {error.msg}",
                               detail={"code": "arguments_not_json"})
        except (ValueError, RecursionError):  # a number of thousands of digits, or nesting thousands deep
            return ToolFailure("invalid_argument", "arguments are not usable JSON (a number too long or nesting "
                               "too deep)", detail={"code": "arguments_not_json"})
    if not isinstance(raw_arguments, dict):
        return ToolFailure("invalid_argument", "arguments must be a JSON object with the tool's fields",
                           detail={"code": "arguments_not_object"})
    return raw_arguments


def _refusal(tool: ToolSpec, error: ValidationError) -> ToolFailure:
    """The typed failure for arguments outside the tool's schema or bounds (the first bound broken names it).
    Whatever is wrong with a reference argument (given as text) makes it no reference."""
    name = tool.name
    errors = error.errors(include_url=False, include_input=False)
    fields = [{"field": text_storable(".".join(map(str, e["loc"])))[:MAX_NAME_CHARS],
               "problem": text_storable(e["msg"])[:200]} for e in errors[:MAX_FIELD_PROBLEMS]]
    references = {argument for argument, _ in tool.references}

    def kind(e: dict) -> str:
        if e["loc"] and e["loc"][0] in references and e["type"] in ("string_unicode", "string_too_long"):
            return "reference_malformed"
        return SAME_AS.get(e["type"], e["type"])

    by_type = {kind(e): e for e in reversed(errors)}
    if set(by_type) - set(BOUNDS):  # the shape is wrong (a field missing, extra or of another type): say that first
        return ToolFailure("invalid_argument", "arguments do not match the tool's schema",
                           detail={"code": "invalid_argument", "fields": fields})
    if "reference_malformed" in by_type:
        return ToolFailure("invalid_reference", f"this is not a reference; references come only from "
                           f"{ISSUER.get(name, 'a finding tool')} in this conversation", call_first=ISSUER.get(name),
                           detail={"reason": "malformed", "fields": fields})
    if "amount_too_large" in by_type:
        maximum = by_type["amount_too_large"]["ctx"]["max_cents"]
        return ToolFailure("limit_exceeded", f"the amount is above this organisation's maximum of {maximum} cents "
                           "per request; ask the customer for another amount",
                           detail={"code": "amount_too_large", "max_cents": maximum, "fields": fields})
    code = next(kind for kind in BOUNDS if kind in by_type)
    return ToolFailure("invalid_argument", "an argument is outside what this tool accepts",
                       detail={"code": code, "fields": fields})


def _call(ctx: ToolContext, name: object, raw_arguments: object) -> tuple[dict[str, Any], bool]:
    tool = _tool(ctx, name)
    if tool is None:
        return ToolFailure("unknown_tool", f"no tool named {_traced_name(name)!r}",
                           detail={"available": sorted(tools_for(ctx.org_kind))}).as_result(), False
    arguments = _parsed(raw_arguments)
    if isinstance(arguments, ToolFailure):
        return arguments.as_result(), False
    try:
        args = tool.args.model_validate(arguments, context=argument_context(
            now=ctx.now, amount_max_cents=ctx.policy.amount_max_cents))
    except ValidationError as error:
        return _refusal(tool, error).as_result(), False
    try:
        for argument, kind in tool.references:  # an invented, expired or foreign reference stops the call first
            reference_resolve(token=getattr(args, argument), kind=kind, conversation_id=ctx.conversation_id,
                              ask_id=ctx.ask_id or 0, now=ctx.now, writes=ctx.writes)
        gate = approval_gate(ctx, tool, args)
        if gate is not None:
            return gate.as_result(), False
        return tool.run(ctx, args), tool.effect
    except ReferenceRefused as refused:
        return ToolFailure("invalid_reference", f"this reference is {refused.reason}; references come only from "
                           f"{ISSUER.get(str(name), 'a finding tool')} in this conversation",
                           call_first=ISSUER.get(str(name)), detail={"reason": refused.reason}).as_result(), False
    except ToolFailure as failure:
        return failure.as_result(), False
    except DomainError as error:
        return failure_from(error).as_result(), False
