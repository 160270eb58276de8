"""One interface for model providers: perceive a message, then respond to it using tools through the registry."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from agent.tools.base import ToolCallRecord
from asks.perception.contract import Perception


@dataclass
class Usage:
    prompt: int = 0
    completion: int = 0

    def add(self, other: Usage) -> None:
        self.prompt += other.prompt
        self.completion += other.completion


@dataclass
class PerceiveInput:
    text: str
    lang: str
    org_kind: str
    now: Any
    tz: str
    currency: str
    asked_for: str | None
    replies_to: str | None


@dataclass
class AskScope:
    """All the model may see of the conversation: the Ask in focus, its own messages and slots, this turn."""

    kind: str | None
    status: str | None
    slots: dict[str, Any]
    missing: list[str]
    messages: list[dict[str, str]]  # [{"role": "customer"|"bot", "text": ...}] attributed to this Ask only
    decision: str
    rule: str
    changes: list[dict[str, Any]]
    choices: tuple[str, ...]
    ask_id: int | None = None
    message_id: int | None = None  # the inbound message (a clarify question's buttons point back at it)
    said: dict[str, Any] = field(default_factory=dict)  # the slot values this message said (for clarify questions)
    closed_kind: str | None = None
    parked_kinds: list[tuple[int, str]] = field(default_factory=list)
    markers: frozenset[str] = frozenset()  # the wording markers of this message (warranty, stock, cheap, …)


@dataclass
class RespondInput:
    lang: str
    org_kind: str
    org_name: str
    currency: str
    tz: str
    now: Any  # the turn's clock (the message's time): "today" is its date in `tz`, never the machine's
    scope: AskScope
    call_tool: Callable[[str, str | dict], ToolCallRecord]
    retry_note: str | None = None  # a guard's reason, for the second draft


@dataclass
class Draft:
    text: str
    buttons: list[dict[str, str]] = field(default_factory=list)
    asked_for: str | None = None
    usage: Usage = field(default_factory=Usage)
    context: Any = None  # what the provider needs to redraft this turn without calling tools again


class ProviderUnavailable(Exception):
    """The model could not be reached after retries: the turn records it and answers honestly."""


class MalformedCompletion(ProviderUnavailable):
    """The model answered, but with nothing usable (no choices, a refusal, a cut or filtered answer, calls of tools
    it was not given, arguments that are no JSON object, text that cannot be stored or sent): handled like a
    timeout. The message says what was wrong, never what was sent."""


class Provider(Protocol):
    name: str
    remote: bool  # it waits on the network (the turn then holds no database connection meanwhile)

    def perceive(self, request: PerceiveInput) -> tuple[Perception, Usage]: ...

    def respond(self, request: RespondInput) -> Draft: ...

    def redraft(self, request: RespondInput, draft: Draft, note: str) -> Draft:
        """A second draft for the same turn, told why the first was refused; no tool is called again."""
