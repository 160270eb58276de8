"""The guard contract: what a guard reads and what it answers, as frozen plain values.

A guard is `def guard(inp: GuardInput, deadline: float) -> GuardVerdict`, a pure function of the draft, the
turn's tool outputs, the history the Ask scope allows and the policy's vocabulary. `deadline` is a
point of the guard thread's own CPU time (`deadline_after()`): a guard with a loop that can grow with its input
checks it cooperatively (`past()`) and answers `GuardVerdict.budget_exceeded(...)` (a failure) once it has passed.
CPU time, not the wall clock: the budget bounds the guard's own work on its input, so a machine busy with other
work (a peak of turns, other processes) never turns a good draft into a hand-off. Guards store nothing and import nothing of
`agent` or the channels.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from guards.evidence import Evidence
from language.locales import Lang

OrgKind = Literal["bank", "school", "store"]
Role = Literal["customer", "bot"]


@dataclass(frozen=True)
class ToolOutput:
    """One tool call of the turn: its name, whether it succeeded, the JSON it returned, the tool's declared
    `evidence` (what its fields mean; None = read from key names, see `guards.evidence.inferred`) and the call's
    `arguments` (their declared quantities count too: a party size a booking was made for)."""

    tool: str
    ok: bool
    data: Any  # dict | list: the tool's JSON answer
    evidence: Evidence | None = None
    arguments: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class HistoryItem:
    """One earlier message of the conversation, as the Ask scope allows the guards to see it."""

    role: Role
    text: str


@dataclass(frozen=True)
class AvailableTool:
    """What a guard may know of an available tool: its name and the names of its arguments."""

    name: str
    arguments: tuple[str, ...] = ()


SlotHolds = Literal["kind", "name", "value"]


@dataclass(frozen=True)
class AskSlot:
    """A slot the open Ask still misses, typed by what it holds: `kind` (a kind or category of the catalogue: a
    product's category, a cuisine, a genre), `name` (one thing by its name or reference: a recipient, a Pix key, a
    device's model, a restaurant) or `value` (an amount, a moment, a count). What a question offers is read by the
    slot it asks for (`guards.kinds.slot_asked`)."""

    name: str
    holds: SlotHolds


@dataclass(frozen=True)
class OrgRules:
    """The organisation's rules as facts a draft may not promise to bypass (`guards.checks.policy`): the kinds of
    effect (risk classes) whose approval is always asked, the largest amount of one request, and whether any tool
    refunds or discounts (never, unless a tool of this turn returned one)."""

    approval_always: tuple[str, ...] = ()
    approval_sometimes: tuple[str, ...] = ()
    amount_max_cents: int | None = None


@dataclass(frozen=True)
class GuardInput:
    draft: str
    lang: Lang
    currency: str
    org_kind: OrgKind
    tool_outputs: Sequence[ToolOutput] = ()
    history: Sequence[HistoryItem] = ()
    ask_kind: str | None = None
    ask_slots: Mapping[str, Any] = field(default_factory=dict)
    # The open Ask's missing slots, in asking order (`asks.kinds.missing_slots`); empty when no Ask is open or
    # nothing is missing: then only a question's words say whether it asks for a kind (`guards.kinds`).
    missing_slots: tuple[AskSlot, ...] = ()
    effects_executed: Sequence[str] = ()  # effect tools that executed this turn ("send_pix", "create_booking")
    # Effect tools of the Ask in scope that executed on an earlier turn (a completed Ask's completing tool): a reply
    # after it ("All set, have a nice day!") may restate it, on a turn that executed and was refused nothing.
    effects_earlier: Sequence[str] = ()
    tools_available: Sequence[AvailableTool] = ()
    internal_vocabulary: tuple[str, ...] = ()
    # Languages the claims are read in besides `lang`: those the organisation serves and the customer used.
    languages: tuple[Lang, ...] = ()
    # Hosts a link in the draft may point to (the organisation's own pages); hosts of links in this turn's tool
    # results are allowed too. Empty: only those.
    allowed_hosts: tuple[str, ...] = ()
    # The kind of each effect tool ("send_pix": "money", "create_booking": "booking"): a claim must be of the kind of
    # an effect executed. A tool not listed is read from its name's words.
    effect_kinds: Mapping[str, str] = field(default_factory=dict)
    # The day it is for the organisation (ISO), for "tomorrow"; and the time zones results' moments are read in
    # (the organisation's, the customer's when known).
    today: str = ""
    time_zones: tuple[str, ...] = ()
    # Names a draft may say without a tool returning them: the organisation's, the customer's.
    known_names: tuple[str, ...] = ()
    # Values the tools accept and speak of (the categories of a catalogue, the kinds of a service).
    vocabulary: tuple[str, ...] = ()
    # The organisation's rules (`OrgRules`) and the phone numbers it owns (its channels): any other number a draft
    # sends the customer to is someone else's.
    rules: OrgRules = field(default_factory=OrgRules)
    own_phones: tuple[str, ...] = ()
    # What several guards read of this input, read once by the first that asks (`guards.checks.amounts.result_read`):
    # not an input, never compared, and not carried to a copy (`dataclasses.replace` gives the copy its own).
    readings: dict[Any, Any] = field(default_factory=dict, init=False, compare=False, repr=False)

    @property
    def claim_languages(self) -> tuple[Lang, ...]:
        return tuple(dict.fromkeys((self.lang, *self.languages)))

    def outputs_of(self, tool: str) -> list[ToolOutput]:
        """The successful outputs of `tool` in this turn, in call order."""
        return [output for output in self.tool_outputs if output.tool == tool and output.ok]


@dataclass(frozen=True)
class GuardVerdict:
    """`passed`, or a failure with the guard's name as `code`, a localised `explanation` for the model's retry
    prompt and the offending spans/values as `evidence`. `problem` is empty for what the guard found in the draft,
    else why the guard itself could not say (`PROBLEMS`). What is stored (`note`) is the code, the problem and the
    evidence, never the explanation: staff read words chosen at display, in their own language
    (`staff.trace_words.guard_explanation`)."""

    passed: bool
    code: str = ""
    explanation: str = ""
    evidence: tuple[str, ...] = ()
    problem: str = ""

    @classmethod
    def ok(cls) -> GuardVerdict:
        return PASSED

    @classmethod
    def fail(cls, code: str, explanation: str, evidence: Sequence[str] = (), problem: str = "") -> GuardVerdict:
        return cls(passed=False, code=code, explanation=explanation, evidence=tuple(str(e) for e in evidence),
                   problem=problem)

    @classmethod
    def budget_exceeded(cls, code: str, lang: Lang = "en") -> GuardVerdict:
        from guards.messages import BUDGET_EXCEEDED  # messages import nothing of the contract; lazy to keep it so

        return cls.fail(code, BUDGET_EXCEEDED[lang], (BUDGET_EXCEEDED_EVIDENCE,), problem="budget_exceeded")

    def note(self) -> dict[str, Any]:
        """The failure as records keep it (a turn's trace, an escalation's evidence): stable codes and the evidence,
        no sentence in any language. A problem is its code alone (its evidence is only the runner's marker)."""
        if self.problem:
            return {"code": self.code, "evidence": [], "guard_problem": self.problem}
        return {"code": self.code, "evidence": list(self.evidence)}


PASSED = GuardVerdict(passed=True)
BUDGET_EXCEEDED_EVIDENCE = "budget exceeded"
# Why a guard failed without judging the draft: it ran out of time, it raised, the policy names no such guard.
PROBLEMS = ("budget_exceeded", "guard_error", "unknown_guard")


def deadline_after(seconds: float) -> float:
    """The deadline `seconds` of this thread's CPU time from now (the guard runs on this thread)."""
    return time.thread_time() + seconds


def past(deadline: float) -> bool:
    """Whether this thread has spent its CPU time up to the guard's deadline (see `deadline_after`)."""
    return time.thread_time() > deadline
