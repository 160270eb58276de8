"""Generated hostile model outputs for the three demo organisations: broken completion bodies at the perceive and
the respond step, perceptions with values outside the contract, and well-formed tool calls with values outside
the tools' bounds. Each case is a script for the fake OpenAI server (`testing.fake_openai.FakeOpenAI`) and what the turn
must do with it:

* `failed` — the output is unusable: the turn is recorded as failed with the reason, nothing ran, and the
  customer reads the honest "technical problem" reply in their language;
* `refused` — a tool call was refused with `code` (a structured failure the model read), and the model's next
  answer is the reply;
* `preview` — a gated call was stopped by the approval gate: the reply is the preview built by code;
* `done` — the hostility was harmless (odd token counts, extra fields): the model's answer is the reply.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from agent.tests.helpers import perception_args
from testing.fake_openai import completion

ORGS: dict[str, tuple[str, str, dict[str, Any], tuple[str, dict[str, Any]]]] = {  # schema → (language, customer, a perception that opens an Ask, a read the model may call)
    "demobank": ("pt-BR", "5511999990001",
                 perception_args("pix_transfer", {"new_request"}, lang="pt-BR", recipient="Pedro",
                                 amount={"amount_cents": 5000, "currency": "BRL"}),
                 ("lookup_pix_key", {"key": None, "contact_name": "Pedro"})),
    "demoschool": ("ca", "376600001",
                   perception_args("availability", {"new_request"}, lang="ca", activity="escalada"),
                   ("check_availability", {"activity": "escalada", "date": None, "party_size": 2})),
    "demostore": ("es", "5491100001111",
                  perception_args("product_search", {"new_request"}, lang="es", product="iphone"),
                  ("search_catalog", {"query": "iphone", "capacity_gb": None, "max_price_cents": None})),
}
BENIGN = {"pt-BR": "Pode me dizer de novo o que você precisa?", "ca": "Em pots dir de nou què necessites?",
          "es": "¿Me dices de nuevo qué necesitas?"}
MESSAGE = {"demobank": "manda 50 pro Pedro", "demoschool": "vull fer escalada", "demostore": "¿tienen iphone?"}


@dataclass
class Case:
    id: str
    org: str
    script: list[Any]
    expect: str  # failed | refused | preview | done
    code: str | None = None  # for `refused`: the error code (or detail code) the refused call got
    tool: str | None = None  # for `refused`: which call was refused
    notes: dict = field(default_factory=dict)


# --- broken completion bodies -----------------------------------------------------------------------------------

def _with(valid: dict, change: Callable[[dict], Any]) -> Any:
    body = copy.deepcopy(valid)
    result = change(body)
    return body if result is None else result


def _message(valid: dict) -> dict:
    return valid["choices"][0]["message"]


def _call(valid: dict) -> dict:
    return _message(valid)["tool_calls"][0]


def _set(target: Callable[[dict], dict], key: str, value: Any) -> Callable[[dict], None]:
    return lambda body: target(body).__setitem__(key, value)


def _drop(target: Callable[[dict], dict], key: str) -> Callable[[dict], None]:
    return lambda body: target(body).pop(key)


def _function(valid: dict) -> dict:
    return _call(valid)["function"]


def _deep(depth: int) -> str:
    return '{"a": ' * depth + "1" + "}" * depth


BODY_BREAKS: dict[str, tuple[Callable[[dict], Any], bool]] = {  # name → (break a valid completion, unusable?)
    "empty_choices": (_set(lambda b: b, "choices", []), True),
    "no_choices": (_drop(lambda b: b, "choices"), True),
    "null_choices": (_set(lambda b: b, "choices", None), True),
    "choices_not_a_list": (_set(lambda b: b, "choices", "stop"), True),
    "choice_not_an_object": (_set(lambda b: b, "choices", ["stop"]), True),
    "null_message": (_set(lambda b: b["choices"][0], "message", None), True),
    "no_message": (_drop(lambda b: b["choices"][0], "message"), True),
    "finish_reason_length": (_set(lambda b: b["choices"][0], "finish_reason", "length"), True),
    "finish_reason_content_filter": (_set(lambda b: b["choices"][0], "finish_reason", "content_filter"), True),
    "refusal": (_set(lambda b: b["choices"][0], "message",
                     {"role": "assistant", "content": None, "refusal": "I can't help with that."}), True),
    "refusal_beside_an_answer": (_set(_message, "refusal", "I won't."), True),
    "text_with_nul": (_set(lambda b: b["choices"][0], "message", {"role": "assistant", "content": "ok\u0000"}), True),
    "text_with_lone_surrogate": (_set(lambda b: b["choices"][0], "message",
                                      {"role": "assistant", "content": "ok \ud800"}), True),
    "text_of_50000_characters": (_set(lambda b: b["choices"][0], "message",
                                      {"role": "assistant", "content": "ha" * 25_000}), True),
    "empty_text": (_set(lambda b: b["choices"][0], "message", {"role": "assistant", "content": ""}), True),
    "blank_text": (_set(lambda b: b["choices"][0], "message", {"role": "assistant", "content": " \n "}), True),
    "null_text_and_no_calls": (_set(lambda b: b["choices"][0], "message", {"role": "assistant", "content": None}),
                               True),
    "text_is_a_number": (_set(lambda b: b["choices"][0], "message", {"role": "assistant", "content": 42}), True),
    "text_is_a_list": (_set(lambda b: b["choices"][0], "message",
                            {"role": "assistant", "content": [{"type": "text", "text": "hi"}]}), True),
    "tool_calls_not_a_list": (_set(_message, "tool_calls", {"id": "x"}), True),
    "tool_calls_a_string": (_set(_message, "tool_calls", "get_balance"), True),
    "fifty_tool_calls": (lambda b: _message(b).__setitem__("tool_calls", [_call(b) | {"id": f"c{i}"}
                                                                         for i in range(50)]), True),
    "unknown_tool": (_set(_function, "name", "transfer_everything"), True),
    "tool_name_with_nul": (lambda b: _set(_function, "name", _function(b)["name"] + "\u0000")(b), True),
    "null_tool_name": (_set(_function, "name", None), True),
    "tool_name_of_100000_characters": (_set(_function, "name", "x" * 100_000), True),
    "call_without_function": (_drop(_call, "function"), True),
    "null_function": (_set(_call, "function", None), True),
    "call_without_id": (_drop(_call, "id"), True),
    "call_id_of_10000_characters": (_set(_call, "id", "c" * 10_000), True),
    "arguments_not_json": (_set(_function, "arguments", '{"key": '), True),
    "arguments_a_list": (_set(_function, "arguments", "[]"), True),
    "arguments_a_number": (_set(_function, "arguments", "42"), True),
    "arguments_null": (_set(_function, "arguments", "null"), True),
    "arguments_a_string": (_set(_function, "arguments", '"everything"'), True),
    "arguments_an_object_not_a_string": (_set(_function, "arguments", {"key": None}), True),
    "arguments_of_100000_characters": (_set(_function, "arguments", json.dumps({"x": "a" * 100_000})), True),
    "arguments_nested_2500_deep": (_set(_function, "arguments", _deep(2500)), True),
    "arguments_with_a_5000_digit_number": (_set(_function, "arguments", '{"n": ' + "9" * 5000 + "}"), True),
    "body_not_json": (lambda b: b"<html><body>502 Bad Gateway</body></html>", True),
    "body_empty": (lambda b: b"", True),
    "body_a_list": (lambda b: b"[]", True),
    "body_a_string": (lambda b: b'"hello"', True),
    "body_null": (lambda b: b"null", True),
    "body_cut_in_half": (lambda b: json.dumps(b).encode()[: len(json.dumps(b)) // 2], True),
    "usage_as_strings": (_set(lambda b: b, "usage", {"prompt_tokens": "many", "completion_tokens": None}), False),
    "usage_negative_and_huge": (_set(lambda b: b, "usage", {"prompt_tokens": -5, "completion_tokens": 10**30}),
                                False),
    "unknown_fields_everywhere": (lambda b: (b.update({"x_extra": {"deep": [1, 2]}}),
                                             b["choices"][0].update({"logprobs": "??"}),
                                             _message(b).update({"annotations": "??"}))[-1], False),
}
# Breaks that need a tool call in the completion to break (on a text answer they would test nothing new).
NEEDS_A_CALL = {"tool_calls_not_a_list", "tool_calls_a_string", "fifty_tool_calls", "unknown_tool",
                "tool_name_with_nul", "null_tool_name", "tool_name_of_100000_characters", "call_without_function",
                "null_function", "call_without_id", "call_id_of_10000_characters", "arguments_not_json",
                "arguments_a_list", "arguments_a_number", "arguments_null", "arguments_a_string",
                "arguments_an_object_not_a_string", "arguments_of_100000_characters", "arguments_nested_2500_deep",
                "arguments_with_a_5000_digit_number", "refusal_beside_an_answer"}


def body_cases() -> list[Case]:
    cases = []
    for org, (lang, _, perception, read) in ORGS.items():
        perceive_ok = completion(tool_calls=[("record_perception", perception)])
        respond_call, respond_text = completion(tool_calls=[read]), completion(BENIGN[lang])
        for name, (breaks, unusable) in BODY_BREAKS.items():
            # At the perceive step the only completion is the forced record_perception call.
            broken = _with(perceive_ok, breaks)
            script = [broken] if unusable else [broken, completion(BENIGN[lang])]
            cases.append(Case(f"{org}-perceive-{name}", org, script, "failed" if unusable else "done"))
            # At the respond step: a call (for breaks of calls) or the final text answer.
            base = respond_call if name in NEEDS_A_CALL else respond_text
            cases.append(Case(f"{org}-respond-{name}", org, [perceive_ok, _with(base, breaks)],
                              "failed" if unusable else "done"))
        # A usable first round, then a broken second one: what the read found is not half-answered.
        cases.append(Case(f"{org}-respond-second-round-empty-choices", org,
                          [perceive_ok, respond_call, {**respond_text, "choices": []}], "failed"))
    return cases


# --- perceptions outside the contract -------------------------------------------------------------------------

def _perception(org: str, **changes: Any) -> dict:
    args = copy.deepcopy(ORGS[org][2])
    for path, value in changes.items():
        target = args
        *parents, last = path.split("__")
        for parent in parents:
            target = target[parent]
        target[last] = value
    return args


PERCEPTION_BREAKS: dict[str, tuple[dict[str, Any], bool]] = {  # name → (changes, outside the contract?)
    "amount_2_pow_63": ({"slots__amount": {"amount_cents": 2**63, "currency": "BRL"}}, False),
    "amount_10_pow_22": ({"slots__amount": {"amount_cents": 10**22, "currency": "BRL"}}, False),
    "amount_10_pow_30": ({"slots__amount": {"amount_cents": 10**30, "currency": "BRL"}}, True),
    "negative_amount": ({"slots__amount": {"amount_cents": -100, "currency": "BRL"}}, True),
    "amount_as_text": ({"slots__amount": {"amount_cents": "lots", "currency": "BRL"}}, True),
    "amount_in_no_currency": ({"slots__amount": {"amount_cents": 100, "currency": "bitcoin"}}, True),
    "when_in_the_year_9999": ({"slots__when": "9999-12-31T23:59:59+00:00"}, True),
    "when_in_the_year_1": ({"slots__when": "0001-01-01"}, True),
    "when_not_a_date": ({"slots__when": "next blue moon"}, True),
    "when_of_1000_characters": ({"slots__when": "2026-01-01" + " " * 990}, True),
    "recipient_with_nul": ({"slots__recipient": "Pe\u0000dro"}, True),
    "recipient_with_lone_surrogate": ({"slots__recipient": "Pedro \udc80"}, True),
    "recipient_of_10000_characters": ({"slots__recipient": "P" * 10_000}, True),
    "party_of_10_pow_22": ({"slots__party_size": 10**22}, True),
    "party_of_zero": ({"slots__party_size": 0}, True),
    "capacity_of_2_pow_63": ({"slots__capacity_gb": 2**63}, True),
    "battery_of_1000_percent": ({"slots__battery_health": 1000}, True),
    "unknown_request_kind": ({"request_kind": "launch_rocket"}, True),
    "unknown_marker": ({"markers": ["sudo"]}, True),
    "slots_not_an_object": ({"slots": "all of them"}, True),
    "extra_field": ({"confidence": 0.99}, True),
    "missing_slots": ({}, True),  # handled below: the field is removed
    "perception_a_list": ({}, True),  # handled below: the arguments are a JSON list
}


def perception_cases() -> list[Case]:
    cases = []
    for org, (lang, *_rest) in ORGS.items():
        for name, (changes, outside) in PERCEPTION_BREAKS.items():
            if name == "missing_slots":
                arguments: Any = {k: v for k, v in _perception(org).items() if k != "slots"}
            elif name == "perception_a_list":
                arguments = "[" + json.dumps(_perception(org)) + "]"
            else:
                arguments = _perception(org, **changes)
            script = [completion(tool_calls=[("record_perception", arguments)]), completion(BENIGN[lang])]
            cases.append(Case(f"{org}-perception-{name}", org, script, "failed" if outside else "done"))
    return cases


# --- well-formed calls with values outside the tools' bounds ---------------------------------------------------

def _found(request: dict, key: str) -> str:
    """The first `key` in the last tool result the model was sent (a reference a finding tool issued)."""
    def search(node: Any) -> str | None:
        if isinstance(node, dict):
            if key in node:
                return node[key]
            return next((found for value in node.values() if (found := search(value))), None)
        if isinstance(node, list):
            return next((found for value in node if (found := search(value))), None)
        return None

    for message in reversed(request["messages"]):
        if message.get("role") == "tool":
            return search(json.loads(message["content"])) or "rcp_nothing-found"
    return "rcp_no-tool-result"


def _then(tool: str, ref: tuple[str, str], **arguments: Any) -> Callable[[dict], dict]:
    """A call of `tool` with the reference (argument, result key) the previous tool result carried."""
    argument, key = ref

    def reply(request: dict) -> dict:
        return completion(tool_calls=[(tool, {**arguments, argument: _found(request, key)})])

    reply.tool = tool  # type: ignore[attr-defined]
    return reply


RECIPIENT = ("recipient_ref", "recipient_ref")
SLOT = ("slot_ref", "slot_ref")
TOOL_VALUES: dict[str, list[tuple[str, list[Any], str, str | None]]] = {
    # org → [(name, the calls after the perception, expectation, code of the refused call)]
    "demobank": [
        ("send_pix_2_pow_63", [("lookup_pix_key", {"key": None, "contact_name": "Pedro"}),
                               _then("send_pix", RECIPIENT, amount_cents=2**63, scheduled_for=None)],
         "refused", "amount_too_large"),
        ("send_pix_10_pow_22", [("lookup_pix_key", {"key": None, "contact_name": "Pedro"}),
                                _then("send_pix", RECIPIENT, amount_cents=10**22, scheduled_for=None)],
         "refused", "amount_too_large"),
        ("send_pix_one_cent_over_the_maximum", [("lookup_pix_key", {"key": None, "contact_name": "Pedro"}),
                                                _then("send_pix", RECIPIENT, amount_cents=100_000_000_01,
                                                      scheduled_for=None)], "refused", "amount_too_large"),
        ("send_pix_negative", [("lookup_pix_key", {"key": None, "contact_name": "Pedro"}),
                               _then("send_pix", RECIPIENT, amount_cents=-500, scheduled_for=None)],
         "refused", "invalid_argument"),
        ("send_pix_fractional_cents", [("lookup_pix_key", {"key": None, "contact_name": "Pedro"}),
                                       _then("send_pix", RECIPIENT, amount_cents=12.5, scheduled_for=None)],
         "refused", "invalid_argument"),
        ("send_pix_amount_as_text", [("lookup_pix_key", {"key": None, "contact_name": "Pedro"}),
                                     _then("send_pix", RECIPIENT, amount_cents="5000", scheduled_for=None)],
         "refused", "invalid_argument"),
        ("send_pix_amount_true", [("lookup_pix_key", {"key": None, "contact_name": "Pedro"}),
                                  _then("send_pix", RECIPIENT, amount_cents=True, scheduled_for=None)],
         "refused", "invalid_argument"),
        ("send_pix_in_the_year_9999", [("lookup_pix_key", {"key": None, "contact_name": "Pedro"}),
                                       _then("send_pix", RECIPIENT, amount_cents=5000, scheduled_for="9999-12-31")],
         "refused", "date_out_of_range"),
        ("send_pix_on_the_30th_of_february", [("lookup_pix_key", {"key": None, "contact_name": "Pedro"}),
                                              _then("send_pix", RECIPIENT, amount_cents=5000,
                                                    scheduled_for="2027-02-30")], "refused", "date_invalid"),
        ("send_pix_reference_with_nul", [("send_pix", {"recipient_ref": "rcp_\u0000", "amount_cents": 5000,
                                                       "scheduled_for": None})], "refused", "invalid_reference"),
        ("send_pix_reference_of_10000_characters", [("send_pix", {"recipient_ref": "rcp_" + "a" * 10_000,
                                                                  "amount_cents": 5000, "scheduled_for": None})],
         "refused", "invalid_reference"),
        ("send_pix_invented_reference", [("send_pix", {"recipient_ref": "rcp_pedro", "amount_cents": 5000,
                                                       "scheduled_for": None})], "refused", "invalid_reference"),
        ("send_pix_as_asked", [("lookup_pix_key", {"key": None, "contact_name": "Pedro"}),
                               _then("send_pix", RECIPIENT, amount_cents=5000, scheduled_for=None)],
         "preview", None),
        ("history_since_the_year_9999", [("list_pix_history", {"since": "9999-12-31", "until": None})],
         "refused", "date_out_of_range"),
        ("history_until_the_year_1", [("list_pix_history", {"since": None, "until": "0001-01-01"})],
         "refused", "date_out_of_range"),
        ("lookup_key_with_nul", [("lookup_pix_key", {"key": "pedro@exemplo.com\u0000", "contact_name": None})],
         "refused", "text_not_storable"),
        ("lookup_contact_with_lone_surrogate", [("lookup_pix_key", {"key": None, "contact_name": "\ud83d"})],
         "refused", "text_not_storable"),
        ("lookup_key_of_1000_characters", [("lookup_pix_key", {"key": "9" * 1000, "contact_name": None})],
         "refused", "invalid_argument"),
        ("balance_with_extra_arguments", [("get_balance", {"account": "someone else's"})],
         "refused", "invalid_argument"),
    ],
    "demoschool": [
        ("availability_in_the_year_9999", [("check_availability", {"activity": None, "date": "9999-12-31",
                                                                   "party_size": None})],
         "refused", "date_out_of_range"),
        ("availability_for_2_pow_63_people", [("check_availability", {"activity": None, "date": None,
                                                                      "party_size": 2**63})],
         "refused", "invalid_argument"),
        ("availability_for_minus_one_people", [("check_availability", {"activity": None, "date": None,
                                                                       "party_size": -1})],
         "refused", "invalid_argument"),
        ("availability_activity_with_nul", [("check_availability", {"activity": "esqu\u0000i", "date": None,
                                                                    "party_size": None})],
         "refused", "text_not_storable"),
        ("availability_activity_of_a_hundred_digits", [("check_availability", {"activity": "9" * 100,
                                                                               "date": None, "party_size": None})],
         "refused", "invalid_argument"),
        ("book_for_10_pow_22_people", [("check_availability", {"activity": "escalada", "date": None,
                                                               "party_size": 1}),
                                       _then("create_booking", SLOT, party_size=10**22)],
         "refused", "invalid_argument"),
        ("book_an_invented_slot", [("create_booking", {"slot_ref": "slt_invented", "party_size": 2})],
         "refused", "invalid_reference"),
        ("pay_a_slot_as_if_booked", [("check_availability", {"activity": "escalada", "date": None,
                                                             "party_size": 1}),
                                     _then("send_payment_link", ("booking_ref", "slot_ref"))],
         "refused", "invalid_reference"),
        ("book_as_asked", [("check_availability", {"activity": "escalada", "date": None, "party_size": 1}),
                           _then("create_booking", SLOT, party_size=2)], "preview", None),
    ],
    "demostore": [
        ("search_with_nul", [("search_catalog", {"query": "iphone\u0000", "capacity_gb": None,
                                                 "max_price_cents": None})], "refused", "text_not_storable"),
        ("search_of_1000_characters", [("search_catalog", {"query": "iphone " * 150, "capacity_gb": None,
                                                           "max_price_cents": None})], "refused", "invalid_argument"),
        ("search_capacity_2_pow_63", [("search_catalog", {"query": "iphone", "capacity_gb": 2**63,
                                                          "max_price_cents": None})], "refused", "invalid_argument"),
        ("search_price_ceiling_10_pow_22", [("search_catalog", {"query": "iphone", "capacity_gb": None,
                                                                "max_price_cents": 10**22})],
         "refused", "amount_too_large"),
        ("search_negative_price_ceiling", [("search_catalog", {"query": "iphone", "capacity_gb": None,
                                                               "max_price_cents": -1})], "refused", "invalid_argument"),
        ("quote_battery_at_1000_percent", [("quote_used_device", {"device_model": "iPhone 12", "capacity_gb": 128,
                                                                  "battery_health": 1000})],
         "refused", "invalid_argument"),
        ("quote_model_with_lone_surrogate", [("quote_used_device", {"device_model": "iPhone \udfff",
                                                                    "capacity_gb": 128, "battery_health": 90})],
         "refused", "text_not_storable"),
        ("quote_capacity_2_pow_40", [("quote_used_device", {"device_model": "iPhone 12", "capacity_gb": 2**40,
                                                            "battery_health": 90})], "refused", "invalid_argument"),
    ],
}


def tool_value_cases() -> list[Case]:
    cases = []
    for org, entries in TOOL_VALUES.items():
        lang, _, perception, _ = ORGS[org]
        for name, calls, expect, code in entries:
            replies = [call if callable(call) else completion(tool_calls=[call]) for call in calls]
            last = calls[-1]
            refused_tool = (last[0] if isinstance(last, tuple) else last.tool) if expect == "refused" else None
            script = [completion(tool_calls=[("record_perception", perception)]), *replies, completion(BENIGN[lang])]
            cases.append(Case(f"{org}-tool-{name}", org, script, expect, code=code, tool=refused_tool))
    return cases


def all_cases() -> list[Case]:
    return [*body_cases(), *perception_cases(), *tool_value_cases()]
