"""SGD dialogues as guard inputs, typed the way a tool declares its evidence.

Each SYSTEM turn is a draft, with what a production turn would hand the guards:

* tool outputs: the dialogue's service calls so far, each result typed from its schema: money, counts, dates and
  times, identifiers (`guards.calibration.slot_evidence`), and every other string slot a name (restaurants,
  events, stylists, cities, streets, recipients); a transactional call answered NOTIFY_FAILURE is a failed
  output (ok False), one answered NOTIFY_SUCCESS an executed effect of its kind (money for a transfer or
  payment, a booking otherwise);
* the Ask's confirmed slots: the user's dialogue state (the latest surface form of each slot), the canonical values
  of the state the system asks to confirm (its CONFIRM acts: "San Fran" is held as "San Francisco", "afternoon
  12" as 12:00, as a perceiver normalises an Ask's slots) and the schema's defaults of the optional slots of the
  intents in play (SGD fills "party_size 2" nobody said);
* the effects of the Ask in scope that executed on an earlier turn (`GuardInput.effects_earlier`: the tools whose
  call succeeded for the intent the customer's last message is still on, or for any when it starts none), as the
  product gives a completed Ask's completing tool;
* the open Ask's missing slots (`GuardInput.missing_slots`), from the dialogue state at that turn: for each frame
  of the customer's last message with an active intent, the intent's required slots in the service's schema that
  the customer's state (its `slot_values`) does not fill, in the schema's order; each typed from the schema — a
  categorical slot with values other than booleans and digits, or a slot named as a kind ("cuisine", "genre",
  "category", "…_type"), holds a kind; a slot the evidence types as money, a moment or a count holds a value; any
  other string slot a name. Never from the system turn's own acts (what it requests or offers is the draft's gold
  label);
* the history (customer and earlier system turns), the services' categorical values as vocabulary, the
  dialogues' "today" (1 March 2019, per the corpus README), lang "en", currency USD, every language read as the
  turn passes them (`language.locales.LANGS`).

Splits: the dialogues are cut in five parts by a stable hash of their id (`guards.calibration._part_of`); part 5
is held out (`HELD_OUT_PART`): no pattern or table was tuned on it, and its figures are reported apart.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from guards.calibration import Services, _part_of, _snake, dialogues, schemas, slot_evidence
from guards.checks.facts import effect_kind_of
from guards.contract import AskSlot, GuardInput, HistoryItem, OrgKind, SlotHolds, ToolOutput
from guards.evidence import Evidence
from language.locales import LANGS
from tools.eval.source_values import SourceValues

TODAY = "2019-03-01"
PARTS = 5
HELD_OUT_PART = 5
_BOOLEAN = {"True", "False", "true", "false", "dontcare"}
# A slot whose name says it holds a kind of thing (`Corpus.slot_holds`).
_KIND_SLOT_RE = re.compile(r"(?:^|_)(?:cuisine|genre|category|type|kind|style|subcategory)(?:_|$)")


def split_of(dialogue_id: str) -> str:
    return "held_out" if _part_of(dialogue_id, PARTS) == HELD_OUT_PART else "dev"


def service_evidence(service: dict) -> Evidence:
    """A service's evidence: `slot_evidence`, plus every other string slot a name (see the module doc)."""
    base = slot_evidence(service["slots"])
    typed = base.declared
    names = tuple(slot["name"] for slot in service["slots"] if slot["name"] not in typed
                  and not set(slot.get("possible_values") or ()) <= _BOOLEAN | {str(i) for i in range(10)}
                  or slot["name"] not in typed and not slot.get("is_categorical"))
    return replace(base, names=tuple(dict.fromkeys(names)))


@dataclass
class Turn:
    """One system turn as a guard input, with what the mutations need."""

    dialogue_id: str
    turn: int
    split: str
    inp: GuardInput
    frames: list[dict]
    succeeded: tuple[str, ...] = ()
    failed: tuple[str, ...] = ()
    names_by_slot: dict[str, str] = field(default_factory=dict)
    # values this turn's own SGD acts state that no source of the dialogue so far holds (see `unsourced_values`)
    unsourced: tuple[str, ...] = ()
    # whether a transaction of an earlier turn of the dialogue succeeded (a goodbye may say it is done)
    after_success: bool = False
    # the numbers and clock times the dialogue's sources so far write (`tools.eval.source_values`)
    source_values: SourceValues = field(default_factory=SourceValues)
    # every word of the dialogue's annotations, whole dialogue (`annotated_words`)
    annotated: frozenset[str] = frozenset()


class Corpus:
    """The corpus' services, typed once."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.schema = schemas(path)
        self.services = Services(self.schema)
        self.evidence = {name: service_evidence(service) for name, service in self.schema.items()}
        self.vocabulary = {name: tuple(sorted({value for slot in service["slots"]
                                               for value in slot.get("possible_values") or ()
                                               if value not in _BOOLEAN and not value.isdigit()}))
                           for name, service in self.schema.items()}

    def slot_holds(self, service: str, slot: str) -> SlotHolds:
        """What a slot of a service holds, from its schema (see the module doc)."""
        found = next((item for item in self.schema.get(service, {}).get("slots", []) if item["name"] == slot), None)
        values = set(found.get("possible_values") or ()) if found else set()
        if _KIND_SLOT_RE.search(slot) or found and found.get("is_categorical") \
                and values - _BOOLEAN - {str(i) for i in range(10)}:
            return "kind"
        evidence = self.evidence.get(service)
        if found and found.get("is_categorical") or evidence is not None and (
                slot in evidence.quantities or slot in evidence.dates or any(m.field == slot for m in evidence.money)):
            return "value"
        return "name"

    def missing(self, frames: list[dict]) -> tuple[AskSlot, ...]:
        """The open Ask's missing slots at a customer's message: its frames' active intents' required slots their
        state does not fill (see the module doc)."""
        found: dict[str, AskSlot] = {}
        for frame in frames:
            intent, service = frame.get("active_intent"), frame["service"]
            if intent in (None, "NONE"):
                continue
            filled = frame.get("slot_values", {})
            for candidate in self.schema.get(service, {}).get("intents", []):
                if candidate["name"] == intent:
                    for slot in candidate.get("required_slots", []):
                        if not filled.get(slot) and slot not in found:
                            found[slot] = AskSlot(slot, self.slot_holds(service, slot))
        return tuple(found.values())

    def defaults(self, service: str, intent: str) -> dict[str, str]:
        for candidate in self.schema.get(service, {}).get("intents", []):
            if candidate["name"] == intent:
                return {k: v for k, v in candidate.get("optional_slots", {}).items() if v not in _BOOLEAN}
        return {}

    def turns(self, *, split: str | None = None, limit: int | None = None) -> Iterator[Turn]:
        for index, dialogue in enumerate(dialogues(self.path)):
            if limit is not None and index >= limit:
                return
            if split is not None and split != "all" and split_of(dialogue["dialogue_id"]) != split:
                continue
            yield from self.dialogue_turns(dialogue)

    def dialogue_turns(self, dialogue: dict) -> Iterator[Turn]:
        names = list(dict.fromkeys([*dialogue.get("services", []),
                                    *(f["service"] for t in dialogue["turns"] for f in t.get("frames", []))]))
        tools = self.services.tools(names)
        vocabulary = tuple(dict.fromkeys(v for n in names for v in self.vocabulary.get(n, ())))
        org_kind: OrgKind = "bank" if any(self.services.is_money_service(n) for n in names if n in self.schema) \
            else "school"
        history: list[HistoryItem] = []
        outputs: list[ToolOutput] = []
        state: dict[str, Any] = {}
        intents: dict[str, str] = {}
        split = split_of(dialogue["dialogue_id"])
        sources: set[str] = set()  # every word a source of the turn holds: see `unsourced_values`
        said = SourceValues()  # the numbers and times of the same sources
        read_outputs: dict[int, ToolOutput] = {}  # the outputs whose values are read into `said` (kept: no id reused)
        after_success = False
        annotated = annotated_words(dialogue)
        done: dict[tuple[str, str], list[str]] = {}  # (service, intent) -> its effect tools that succeeded
        in_scope: set[tuple[str, str]] = set()  # the intents the customer's last message is about
        missing: tuple[AskSlot, ...] = ()  # the open Ask's missing slots after the customer's last message
        for turn in dialogue["turns"]:
            sources.update(WORD_RE.findall(turn["utterance"].lower()) if turn["speaker"] == "USER" else ())
            if turn["speaker"] == "USER":
                said.add(turn["utterance"])
                in_scope = {(frame["service"], frame["active_intent"]) for frame in turn.get("frames", [])
                            if frame.get("active_intent") not in (None, "NONE")}
                missing = self.missing(turn.get("frames", []))
                for frame in turn.get("frames", []):
                    for slot, values in frame.get("slot_values", {}).items():
                        if values:
                            state[slot] = values[-1]
                    if frame.get("active_intent") not in (None, "NONE"):
                        intents[frame["service"]] = frame["active_intent"]
                history.append(HistoryItem("customer", turn["utterance"]))
                continue
            succeeded, failed = [], []
            effect_kinds = {}  # this turn's effects only: an earlier turn's failure says nothing of this one
            for frame in turn.get("frames", []):
                call = frame.get("service_call")
                if not call:
                    continue
                service, method = frame["service"], call["method"]
                tool = _snake(method)
                acts = {action.get("act") for action in frame.get("actions", [])}
                transactional = self.services.transactional(service, method)
                evidence = self.evidence.get(service) or self.services.evidence_for(service, frame.get("service_results"))
                if transactional:
                    effect_kinds[tool] = effect_kind_of(method)
                if transactional and "NOTIFY_FAILURE" in acts:
                    failed.append(tool)
                    # the engine's refusal, with the alternatives it offers (SGD's results of a failed call)
                    outputs.append(ToolOutput(tool, False, {"code": "failed",
                                                            "alternatives": frame.get("service_results", [])},
                                              evidence, dict(call.get("parameters", {}))))
                    continue
                if transactional and "NOTIFY_SUCCESS" in acts:
                    succeeded.append(tool)
                    done.setdefault((service, intents.get(service, "")), []).append(tool)
                outputs.append(ToolOutput(tool, True, frame.get("service_results", []), evidence,
                                          dict(call.get("parameters", {}))))
            slots = dict(state)
            for frame in turn.get("frames", []):  # the state the system confirms, as canonical values
                for action in frame.get("actions", []):
                    if action.get("act") == "CONFIRM" and action.get("slot"):
                        values = action.get("canonical_values") or action.get("values") or []
                        if values:
                            slots[f"{action['slot']}_confirmed"] = values[0]
            for service, intent in intents.items():
                for key, value in self.defaults(service, intent).items():
                    slots.setdefault(key, value)
            sources.update(_words_of(slots.values(), vocabulary, *(output.arguments.values() for output in outputs),
                                     *(_result_values(output.data) for output in outputs)))
            for value in slots.values():
                said.add(value)
            for output in outputs:
                if id(output) not in read_outputs:
                    read_outputs[id(output)] = output
                    for value in (*output.arguments.values(), *_result_values(output.data)):
                        said.add(value)
            # the Ask in scope completed on an earlier turn: its effects (the intent the customer is still on, or
            # every one when the message starts none: "No, that's all, thanks")
            earlier = [tool for key, tools_done in done.items() if not in_scope or key in in_scope
                       for tool in tools_done if tool not in succeeded]
            inp = GuardInput(draft=turn["utterance"], lang="en", currency="USD", org_kind=org_kind,
                             tool_outputs=tuple(outputs), history=tuple(history), ask_slots=slots,
                             missing_slots=missing,
                             effects_executed=tuple(dict.fromkeys(succeeded)), tools_available=tools,
                             effects_earlier=tuple(dict.fromkeys(earlier)),
                             languages=LANGS, effect_kinds=dict(effect_kinds), today=TODAY, vocabulary=vocabulary)
            yield Turn(dialogue["dialogue_id"], turn["turn"], split, inp, turn.get("frames", []),
                       tuple(succeeded), tuple(failed), unsourced=unsourced_values(turn.get("frames", []), sources),
                       after_success=after_success, source_values=said.copy(), annotated=annotated)
            after_success = after_success or bool(succeeded)
            history.append(HistoryItem("bot", turn["utterance"]))
            said.add(turn["utterance"])
            sources.update(WORD_RE.findall(turn["utterance"].lower()))
            outputs = [output for output in outputs if output.ok]  # a refusal belongs to its own turn


def annotated_words(dialogue: dict) -> frozenset[str]:
    """Every word of the dialogue's annotations, from its first turn to its last: the customer's messages, every
    act's slot values (and canonical values) of either speaker, every service call's parameters and every service
    result's values. The system's own utterances are no annotation: they are what SGD's writers wrote. A value a
    reply states whose words are none of these is the writer's text (`tools.eval.guards.writers_text`)."""
    words: set[str] = set()
    for turn in dialogue["turns"]:
        if turn["speaker"] == "USER":
            words.update(WORD_RE.findall(turn["utterance"].lower()))
        for frame in turn.get("frames", []):
            for action in frame.get("actions", []):
                for value in (*action.get("values", []), *action.get("canonical_values", [])):
                    words.update(WORD_RE.findall(str(value).lower()))
            for values in frame.get("slot_values", {}).values():
                words.update(WORD_RE.findall(" ".join(map(str, values)).lower()))
            call = frame.get("service_call") or {}
            words.update(WORD_RE.findall(" ".join(map(str, call.get("parameters", {}).values())).lower()))
            for row in frame.get("service_results", []) or []:
                if isinstance(row, dict):
                    words.update(WORD_RE.findall(" ".join(map(str, row.values())).lower()))
    return frozenset(words)


def spans_of(turn: Turn) -> list[tuple[str, str, int, int]]:
    """(service, slot, start, end) of the slot values the system turn says, from SGD's own spans."""
    found = []
    for frame in turn.frames:
        for slot, start, end in frame.get("spans", []):
            found.append((frame.get("service", ""), slot, start, end))
    return sorted(set(found), key=lambda span: span[2])


WORD_RE = re.compile(r"[a-z0-9]+")


def _result_values(data: Any) -> list[str]:
    """The string values of a result (a list of rows, or a refusal holding its alternatives), and its length."""
    rows = data.get("alternatives", []) if isinstance(data, dict) else data
    values = [str(len(rows))] if isinstance(rows, list) and rows else []
    for row in rows if isinstance(rows, list) else ():
        if isinstance(row, dict):
            values.extend(str(value) for value in row.values())
    return values


def _words_of(*groups: Any) -> set[str]:
    return {word for group in groups for value in group for word in WORD_RE.findall(str(value).lower())}


def unsourced_values(frames: list[dict], sources: set[str]) -> tuple[str, ...]:
    """The values SGD's acts for a system turn state (INFORM, OFFER, CONFIRM…) of which a word is in no source of
    the dialogue so far: no customer message, earlier reply, service call or result, confirmed slot, schema default
    or categorical value. SGD's simulator informs such values from its own database ("The salon is located in San
    Francisco" after a booking whose result names no city); a draft stating one states a fact no tool returned,
    which is what the guards hold. Written apart from the guards, from SGD's own annotations."""
    found = []
    for frame in frames:
        for action in frame.get("actions", []):
            if action.get("act") in ("REQUEST", "GOODBYE", "REQ_MORE") or not action.get("slot"):
                continue
            for value in action.get("values", []):
                readings = [value, *action.get("canonical_values", [])]
                if all(set(WORD_RE.findall(str(reading).lower())) - sources for reading in readings):
                    found.append(value)
    return tuple(dict.fromkeys(found))
