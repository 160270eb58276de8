"""The `openai` provider: the openai SDK against any OpenAI-compatible server, strict function tools.

The model perceives through a forced `record_perception` call (the Perception contract as a strict schema), then
proposes tool calls that go through the registry; its final message is the draft — except after a refusal that
closes the request, whose next step (built by code, in the tool's result) is the draft and ends the calls. It sees
only the Ask in focus: that Ask's messages and slots and this turn's tool results — never the raw window of earlier
messages. Timeouts and 429/5xx are retried by the SDK with backoff; after that `ProviderUnavailable` is raised and
the turn records it.

Nothing a completion carries is trusted: every answer is read through `_message`, `_text` and `_calls`, and one
that is not usable — no choices, a refusal, `finish_reason` length or content_filter, a call of a tool that was
not offered, arguments that are no JSON object or longer than the registry takes, more calls than
`MAX_CALLS_PER_ROUND`, text with a NUL or a lone surrogate or longer than a WhatsApp message — raises
`MalformedCompletion` (a `ProviderUnavailable`) before any of its calls runs, so the turn answers as for a timeout.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

import openai
from django.conf import settings
from pydantic import ValidationError

from agent.providers.base import Draft, MalformedCompletion, PerceiveInput, ProviderUnavailable, RespondInput, Usage
from agent.providers.url_policy import model_base_url_refusal
from agent.registry import MAX_ARGUMENTS_CHARS, tool_schemas
from asks.perception.contract import Perception, perception_json_schema
from magie.bounds import text_problem, text_storable
from magie.tracing import traced

MAX_TOOL_ROUNDS = 4
MAX_CALLS_PER_ROUND = 8  # a turn needs one or two; dozens at once is a broken or hostile answer
MAX_REPLY_CHARS = 4096  # one WhatsApp text message
MAX_ERROR_CHARS = 300  # what the trace keeps of a server's error message
MAX_TOKENS_COUNTED = 10**9

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
    return Usage(prompt=_count(getattr(usage, "prompt_tokens", 0)), completion=_count(getattr(usage, "completion_tokens", 0)))


def _count(value: Any) -> int:
    """A token count as reported, or 0 when it is none (a string, a negative or absurd number)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_TOKENS_COUNTED:
        return 0
    return value


def _message(response: Any) -> Any:
    """The first choice's message, or MalformedCompletion saying why there is none usable."""
    choices = getattr(response, "choices", None)
    if not isinstance(choices, list) or not choices:
        raise MalformedCompletion("the completion has no choices")
    choice = choices[0]
    finish_reason = getattr(choice, "finish_reason", None)
    if finish_reason in ("length", "content_filter"):
        raise MalformedCompletion(f"the completion stopped early (finish_reason {finish_reason})")
    message = getattr(choice, "message", None)
    if message is None:
        raise MalformedCompletion("the completion's choice has no message")
    if getattr(message, "refusal", None):
        raise MalformedCompletion("the model refused to answer")
    return message


def _text(message: Any) -> str:
    """The message's text, checked: text at all, storable, short enough to send as one message."""
    content = getattr(message, "content", None)
    if content is None:
        return ""
    if not isinstance(content, str):
        raise MalformedCompletion("the message content is not text")
    if text_problem(content) is not None:
        raise MalformedCompletion("the message content has a NUL or a lone surrogate")
    if len(content) > MAX_REPLY_CHARS:
        raise MalformedCompletion(f"the message content is longer than {MAX_REPLY_CHARS} characters")
    return content


def _calls(message: Any, offered: set[str]) -> list[tuple[str, str, str]]:
    """(id, tool name, arguments) of every call the message makes, all checked before any of them runs."""
    calls = getattr(message, "tool_calls", None) or []
    if not isinstance(calls, list):
        raise MalformedCompletion("tool_calls is not a list")
    if len(calls) > MAX_CALLS_PER_ROUND:
        raise MalformedCompletion(f"{len(calls)} tool calls in one answer (at most {MAX_CALLS_PER_ROUND})")
    checked = []
    for call in calls:
        function = getattr(call, "function", None)
        call_id, name = getattr(call, "id", None), getattr(function, "name", None)
        arguments = getattr(function, "arguments", None)
        if not isinstance(call_id, str) or not call_id or len(call_id) > 256:
            raise MalformedCompletion("a tool call without a usable id")
        if not isinstance(name, str) or name not in offered:
            raise MalformedCompletion("a call of a tool that was not offered")
        if not isinstance(arguments, str) or len(arguments) > MAX_ARGUMENTS_CHARS:
            raise MalformedCompletion("a tool call whose arguments are not text of a usable length")
        if not isinstance(_json_object(arguments), dict):
            raise MalformedCompletion("a tool call whose arguments are not a JSON object")
        checked.append((call_id, name, arguments))
    return checked


def _missing_fields(arguments: dict[str, Any]) -> list[str]:
    """The contract's fields (and slot names) a perception left out; those the code sets itself aside."""
    schema = perception_json_schema()
    set_by_code = {"perceiver", "lang", "asked_for", "replies_to"}
    missing = [name for name in schema["required"] if name not in arguments and name not in set_by_code]
    slots = arguments.get("slots")
    if isinstance(slots, dict):
        slot_names = schema["$defs"]["Slots"]["required"]
        missing += [f"slots.{name}" for name in slot_names if name not in slots]
    return missing[:5]


def _json_object(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):  # not JSON, a number of thousands of digits, nesting thousands deep
        return None


def _said(text: str) -> str:
    """A server's own words, made storable and short, for the turn's trace."""
    return text_storable(text)[:MAX_ERROR_CHARS]


@lru_cache(maxsize=64)
def _client(api_key: str, base_url: str | None, timeout: float, max_retries: int) -> openai.OpenAI:
    """One SDK client per process and configuration (building one costs ~0.1 s: its TLS context and connection
    pool), shared by the turns of every thread; the SDK's client is safe to share."""
    # No redirect followed: the base URL passed the allow-list, a Location it answers has not (and would get the
    # API key); a 3xx is an APIStatusError, answered as "model unavailable".
    return openai.OpenAI(api_key=api_key or "unset", base_url=base_url, timeout=timeout, max_retries=max_retries,
                         http_client=openai.DefaultHttpxClient(follow_redirects=False))


class OpenAIProvider:
    name = "openai"
    remote = True  # waits on the network: the turn gives its database connection back first

    def __init__(self, *, api_key: str, base_url: str | None, model: str) -> None:
        self.model = model
        self.refused = model_base_url_refusal(base_url)  # SSRF guard, again at call time (url_policy.py)
        if self.refused:
            base_url = None  # no client towards a refused address; every call answers ProviderUnavailable
        self.client = _client(api_key, base_url, settings.OPENAI_TIMEOUT_SECONDS, settings.OPENAI_MAX_RETRIES)

    @traced("model.call")
    def _complete(self, **kwargs: Any) -> Any:
        if self.refused:
            raise ProviderUnavailable(self.refused)
        try:
            return self.client.chat.completions.create(model=self.model, **kwargs)
        except (openai.APIConnectionError, openai.APITimeoutError, openai.RateLimitError,
                openai.InternalServerError) as error:
            raise ProviderUnavailable(_said(f"{type(error).__name__}: {error}")) from error
        except openai.APIStatusError as error:
            raise ProviderUnavailable(_said(f"status {error.status_code}: {error.message}")) from error
        except openai.APIError as error:  # a body the SDK could not read as a completion
            raise MalformedCompletion(_said(f"{type(error).__name__}: {error}")) from error
        except ValueError as error:  # a body that is not JSON at all
            raise MalformedCompletion(f"the answer is not JSON ({type(error).__name__})") from error

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
        calls = _calls(_message(response), {"record_perception"})
        if not calls:
            raise MalformedCompletion("the model recorded no perception")
        arguments = json.loads(calls[0][2])  # a JSON object: `_calls` checked it
        missing = _missing_fields(arguments)
        if missing:  # strict mode sends every field; an answer without them was not made under the schema
            raise MalformedCompletion(f"the perception lacks {', '.join(missing)}")
        arguments.update({"perceiver": f"openai:{self.model}", "lang": request.lang,
                          "asked_for": request.asked_for, "replies_to": request.replies_to})
        try:
            return Perception.model_validate(arguments), _usage(response)
        except ValidationError as error:
            wrong = sorted({".".join(map(str, e["loc"]))[:60] for e in error.errors(include_input=False)})[:5]
            raise MalformedCompletion(_said(f"the perception does not match the contract: {', '.join(wrong)}")) from error

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
        tools = tool_schemas(request.org_kind)
        offered = {tool["function"]["name"] for tool in tools}
        for _ in range(MAX_TOOL_ROUNDS):
            response = self._complete(messages=messages, tools=tools)
            usage.add(_usage(response))
            reply = _message(response)
            text, calls = _text(reply), _calls(reply, offered)
            if not calls:
                if not text.strip():
                    raise MalformedCompletion("an answer with neither text nor tool calls")
                return Draft(text=text, usage=usage, context=messages)
            messages.append({"role": "assistant", "content": text or None,
                             "tool_calls": [{"id": call_id, "type": "function",
                                             "function": {"name": name, "arguments": arguments}}
                                            for call_id, name, arguments in calls]})
            for call_id, name, arguments in calls:
                record = request.call_tool(name, arguments)
                error = record.result.get("error") if not record.result.get("ok") else None
                if isinstance(error, dict) and error.get("closes_request"):
                    # The request is closed (`ToolSpec.closes_ask`): nothing more is called for it, and the reply is
                    # the next step code wrote into the result, not the model's rewording of it.
                    return Draft(text=str(error.get("next_step") or ""), usage=usage, context=messages)
                messages.append({"role": "tool", "tool_call_id": call_id,
                                 "content": json.dumps(record.result, ensure_ascii=False)})
        raise ProviderUnavailable(f"no reply after {MAX_TOOL_ROUNDS} tool rounds")

    def redraft(self, request: RespondInput, draft: Draft, note: str) -> Draft:
        """The same conversation and tool results, the refused draft, and why: a text-only second try."""
        messages = [*(draft.context or []), {"role": "assistant", "content": draft.text},
                    {"role": "system", "content": note}]
        response = self._complete(messages=messages)
        text = _text(_message(response))
        if not text.strip():
            raise MalformedCompletion("an empty second draft")
        return Draft(text=text, usage=_usage(response), context=messages)
