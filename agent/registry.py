"""The tool registry: per organisation kind a small set of strictly typed tools. Every call from a model passes here:
the arguments are parsed as JSON and validated against the tool's strict schema, opaque references are resolved,
the policy's approval gate is applied, and only then does the engine's service run. Nothing raises out of `call`:
every refusal is a structured result the model can act on."""

from __future__ import annotations

import json
import time
from typing import Any

from pydantic import ValidationError

from agent.gate import approval_gate
from agent.references import ReferenceRefused, reference_resolve
from agent.tools import bank, school, store
from agent.tools.base import ToolCallRecord, ToolContext, ToolFailure, ToolSpec, failure_from
from asks.perception.contract import strict_json_schema
from magie.errors import DomainError

TOOLS_BY_ORG_KIND: dict[str, tuple[ToolSpec, ...]] = {"bank": bank.TOOLS, "school": school.TOOLS, "store": store.TOOLS}
# Which finding tool issues the reference an acting tool needs (told to the model when a reference is refused).
ISSUER = {"send_pix": "lookup_pix_key", "create_booking": "check_availability", "send_payment_link": "create_booking"}


def tools_for(org_kind: str) -> dict[str, ToolSpec]:
    return {tool.name: tool for tool in TOOLS_BY_ORG_KIND.get(org_kind, ())}


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
    tool = tools_for(ctx.org_kind).get(name)
    return ToolCallRecord(name=name, arguments=raw_arguments, result=result,
                          ms=round((time.perf_counter() - started) * 1000, 2), executed_effect=executed,
                          extra={"risk": tool.risk if tool else None,
                                 "approval": ctx.approval.pk if ctx.approval is not None else None})


def _call(ctx: ToolContext, name: str, raw_arguments: str | dict[str, Any]) -> tuple[dict[str, Any], bool]:
    tool = tools_for(ctx.org_kind).get(name)
    if tool is None:
        return ToolFailure("unknown_tool", f"no tool named {name!r}",
                           detail={"available": sorted(tools_for(ctx.org_kind))}).as_result(), False
    try:
        arguments = json.loads(raw_arguments) if isinstance(raw_arguments, str) else raw_arguments
    except json.JSONDecodeError as error:
        return ToolFailure("invalid_argument", f"arguments are not valid JSON: {error.msg}").as_result(), False
    try:
        args = tool.args.model_validate(arguments)
    except ValidationError as error:
        fields = [{"field": ".".join(map(str, e["loc"])), "problem": e["msg"]} for e in error.errors()]
        return ToolFailure("invalid_argument", "arguments do not match the tool's schema",
                           detail={"fields": fields}).as_result(), False
    try:
        for argument, kind in tool.references:  # an invented, expired or foreign reference stops the call first
            reference_resolve(token=getattr(args, argument), kind=kind, conversation_id=ctx.conversation_id,
                              ask_id=ctx.ask_id or 0, now=ctx.now)
        gate = approval_gate(ctx, tool, args)
        if gate is not None:
            return gate.as_result(), False
        return tool.run(ctx, args), tool.effect
    except ReferenceRefused as refused:
        return ToolFailure("invalid_reference", f"this reference is {refused.reason}; references come only from "
                           f"{ISSUER.get(name, 'a finding tool')} in this conversation",
                           call_first=ISSUER.get(name), detail={"reason": refused.reason}).as_result(), False
    except ToolFailure as failure:
        return failure.as_result(), False
    except DomainError as error:
        return failure_from(error).as_result(), False
