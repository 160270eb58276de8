"""The `openai` provider: the openai SDK against any OpenAI-compatible server, strict function tools.

The model perceives through a forced `record_perception` call (the Perception contract as a strict schema), then
proposes tool calls that go through the registry; its final message is the draft. It sees only the Ask in focus:
that Ask's messages and slots and this turn's tool results — never the raw window of earlier messages. Timeouts
and 429/5xx are retried by the SDK with backoff; after that `ProviderUnavailable` is raised and the turn records it.
"""

from __future__ import annotations

import json
from typing import Any

import openai
from django.conf import settings

from agent.providers.base import Draft, PerceiveInput, ProviderUnavailable, RespondInput, Usage
from agent.providers.url_policy import model_base_url_refusal
from agent.registry import tool_schemas
from asks.perception.contract import Perception, perception_json_schema

MAX_TOOL_ROUNDS = 4

PERCEIVE_PROMPT = (
    "You read one customer message for {org_kind} organisation in {lang}. Call record_perception with what THIS "
    "message says: the request kind it mentions (or null), slot values (amounts in cents of {currency}), and the "
    "markers (correction, new_request, confirm, cancel, greeting, help). Never infer values the message does not say."
)
RESPOND_PROMPT = (
    "You are the WhatsApp assistant of {org_name}. Answer in {lang}, briefly. You work on ONE customer request: "
    "kind={kind}, status={status}, known values={slots}, still missing={missing}. The code decided: {decision} "
    "({rule}). Use only the tools given; ids and references come only from tool results (never invent them). "
    "Amounts, names and availability you mention must come from tool results or the customer's messages. Never "
    "say a payment or booking was made unless a tool result says so. Never mention tools, systems or JSON. If a "
    "value is missing, ask for it."
)


def _usage(response: Any) -> Usage:
    usage = getattr(response, "usage", None)
    return Usage(prompt=getattr(usage, "prompt_tokens", 0) or 0, completion=getattr(usage, "completion_tokens", 0) or 0)


class OpenAIProvider:
    name = "openai"

    def __init__(self, *, api_key: str, base_url: str | None, model: str) -> None:
        self.model = model
        self.refused = model_base_url_refusal(base_url)  # SSRF guard, again at call time (url_policy.py)
        if self.refused:
            base_url = None  # no client towards a refused address; every call answers ProviderUnavailable
        self.client = openai.OpenAI(api_key=api_key or "unset", base_url=base_url,
                                    timeout=settings.OPENAI_TIMEOUT_SECONDS, max_retries=settings.OPENAI_MAX_RETRIES)

    def _complete(self, **kwargs: Any) -> Any:
        if self.refused:
            raise ProviderUnavailable(self.refused)
        try:
            return self.client.chat.completions.create(model=self.model, **kwargs)
        except (openai.APIConnectionError, openai.APITimeoutError, openai.RateLimitError,
                openai.InternalServerError) as error:
            raise ProviderUnavailable(f"{type(error).__name__}: {error}") from error
        except openai.APIStatusError as error:
            raise ProviderUnavailable(f"status {error.status_code}: {error.message}") from error

    def perceive(self, request: PerceiveInput) -> tuple[Perception, Usage]:
        tool = {"type": "function", "function": {"name": "record_perception", "strict": True,
                                                 "description": "Record what the message says.",
                                                 "parameters": perception_json_schema()}}
        response = self._complete(
            messages=[
                {"role": "system", "content": PERCEIVE_PROMPT.format(org_kind=request.org_kind, lang=request.lang,
                                                                      currency=request.currency)},
                {"role": "user", "content": request.text},
            ],
            tools=[tool], tool_choice={"type": "function", "function": {"name": "record_perception"}},
        )
        calls = response.choices[0].message.tool_calls or []
        try:
            arguments = json.loads(calls[0].function.arguments)
            arguments.update({"perceiver": f"openai:{self.model}", "lang": request.lang,
                              "asked_for": request.asked_for, "replies_to": request.replies_to})
            return Perception.model_validate(arguments), _usage(response)
        except (IndexError, ValueError) as error:
            raise ProviderUnavailable(f"the model returned no valid perception: {error}") from error

    def respond(self, request: RespondInput) -> Draft:
        scope = request.scope
        system = RESPOND_PROMPT.format(org_name=request.org_name, lang=request.lang, kind=scope.kind,
                                       status=scope.status, slots=json.dumps(scope.slots, ensure_ascii=False),
                                       missing=scope.missing, decision=scope.decision, rule=scope.rule)
        if request.retry_note:
            system += "\n" + request.retry_note
        messages: list[dict[str, Any]] = [{"role": "system", "content": system}]
        for item in scope.messages:
            messages.append({"role": "user" if item["role"] == "customer" else "assistant", "content": item["text"]})
        usage = Usage()
        for _ in range(MAX_TOOL_ROUNDS):
            response = self._complete(messages=messages, tools=tool_schemas(request.org_kind))
            usage.add(_usage(response))
            reply = response.choices[0].message
            if not reply.tool_calls:
                return Draft(text=reply.content or "", usage=usage, context=messages)
            messages.append({"role": "assistant", "content": reply.content,
                             "tool_calls": [{"id": c.id, "type": "function",
                                             "function": {"name": c.function.name,
                                                          "arguments": c.function.arguments}}
                                            for c in reply.tool_calls]})
            for tool_call in reply.tool_calls:
                record = request.call_tool(tool_call.function.name, tool_call.function.arguments)
                messages.append({"role": "tool", "tool_call_id": tool_call.id,
                                 "content": json.dumps(record.result, ensure_ascii=False)})
        raise ProviderUnavailable(f"no reply after {MAX_TOOL_ROUNDS} tool rounds")

    def redraft(self, request: RespondInput, draft: Draft, note: str) -> Draft:
        """The same conversation and tool results, the refused draft, and why: a text-only second try."""
        messages = [*(draft.context or []), {"role": "assistant", "content": draft.text},
                    {"role": "system", "content": note}]
        response = self._complete(messages=messages)
        return Draft(text=response.choices[0].message.content or "", usage=_usage(response), context=messages)
