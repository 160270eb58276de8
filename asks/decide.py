"""The decision engine: one inbound message + the open Ask + parked Asks + the clock + the policy → one decision.

Pure and deterministic: no database, no model, no I/O. `asks.services` gathers the views, calls `decide`, applies
the result and records the rule that fired. The table below is the contract; rules are tried in this order and the
first that matches fires (each row has its test in asks/tests/test_decide.py).

| # | when | decision | rule |
|---|------|----------|------|
| T1 | a confirm/decline tap for the open Ask, naming the approval it awaits | confirm / cancel | button_confirms / button_declines |
| T2 | any other confirm/decline tap (old preview, closed Ask, replaced request) | refuse_stale | stale_confirmation_button |
| T3 | a resume tap for a parked Ask | resume | resume_button |
| T4 | a resume tap for an Ask no longer parked | refuse_stale | stale_resume_button |
| T5 | a clarify choice "change the open request", the open Ask unchanged since | correct | clarified_as_correction |
| T6 | a clarify choice "start a new request of kind K" | start_new | clarified_as_new_request |
| T7 | a clarify choice whose question is no longer current | refuse_stale | stale_choice_button |
| Q1 | a swipe-reply quoting a message of a parked Ask | resume | swipe_reply_resumes_parked |
| Q2 | a swipe-reply quoting a message of another (closed) Ask | resume | swipe_reply_resumes_from_quoted_message |
| C1 | cancel wording, an Ask open; or a bare refusal (`decline`: "não", "no gracias", "nope, that's wrong") under the open Ask's preview (awaiting confirmation), no values, no request kind | cancel (the preview's buttons then stale) | customer_cancelled |
| D1 | cancel wording, nothing open, the last request done was one with a cancel follow-up (a booking, a Pix still scheduled), or the message names its kind ("cancela la reserva") | start_new (the follow-up kind) | cancel_of_done_request |
| C2 | cancel wording, nothing open | cancel | cancel_without_open_ask |
| Q3 | a swipe-reply quoting an earlier message of the open Ask (not executing, not a bare typed yes) | resume (open superseded: its preview is void, a new one follows) | swipe_reply_resumes_open_from_quoted_message |
| R1 | resume wording ("pode continuar o pix", "sigamos con lo de antes"), a parked Ask of the kind said (or the latest parked one when no kind is said) | resume (open parked or superseded) | typed_resume_of_parked |
| R2 | the kind of a parked Ask said again with no values ("ok, pode mandar" after a side question), no open Ask of that kind | resume (open parked or superseded) | bare_same_kind_resumes_parked |
| D2 | no Ask open, the last request done has a change follow-up (a booking, a Pix still scheduled), values that differ from its own (not another activity, nor another recipient, without change wording), no other request kind said (its own only with change wording); a part of the day said alone keeps the day and drops the time | start_new (the follow-up kind, the done request's values carried, the new ones as corrections) | change_of_done_request |
| N0a | no Ask open, the question's own kind said again with a time of day alone ("¿y a las 15?" after the free places), not stale | as no request kind said: N0b or N0c (the question's activity, day and party kept) | request_after_its_question / question_asked_again |
| N0 | no Ask open, a request kind said that the last request done, a question, leads to (a booking after the free times it asked, `QUESTION_LEADS_TO`), not stale | start_new (the question's values carried, the new ones over them) | request_after_its_question |
| N0b | no Ask open, no request kind, values right after a question answered (not stale): with the question's values they complete the request it leads to | start_new (that request, the question's values carried) | request_after_its_question |
| N0c | the same, values that do not complete it ("i l'escalada?" after a price) | start_new (the question again, its values carried, the new ones over them) | question_asked_again |
| N5 | no Ask open, the last request done a product search (of a model or product), only a storage or a model said ("y el 13?": the line's other model) | start_new (that search, the storage or model said) | detail_narrows_done_search |
| N1 | no Ask open, a request kind said | start_new | new_request_without_open_ask |
| N4 | no Ask open, no request kind, values that complete exactly one kind's request (all its required slots; the kind with the most of them; never a Pix) | start_new | values_complete_a_request |
| N2b | no Ask open, no request kind, values that are part of exactly one kind's request (the only kind, questions aside, that takes any of them; it takes them all and needs one; never a follow-up or a Pix): "climbing", then "tomorrow at 9", then "2 people" | start_new (the next bare values fill it, F2) | value_starts_the_only_request |
| N2 | no Ask open, values but no request kind | clarify | value_without_request |
| N3 | no Ask open, nothing actionable | clarify | nothing_to_act_on |
| S1 | another request kind mid-Ask, policy `suspend` | start_new (open parked) | side_request_parks_open_ask |
| S2 | another request kind mid-Ask, policy `supersede` | start_new (open superseded) | side_request_supersedes_open_ask |
| W1 | correction wording | correct | correction_wording |
| W2 | correction wording with nothing to correct (or, under a preview, only the values it shows) | clarify (a preview shown is void: its buttons do nothing) | correction_without_value |
| F1 | typed confirmation, no values, while awaiting confirmation (before W3: "sim, pode mandar") | clarify | typed_confirmation_needs_button |
| W4 | new-request wording of the open Ask's kind, the Ask collecting and not stale, values that only fill its empty slots (or repeat its own; never a key where a contact is held, nor a name where a key is) | fill | same_kind_fills_collecting_ask |
| W5 | the same, but a value differs only in the slot the previous reply asked for ("então manda 200" after the night limit's refusal) | correct | answers_the_slot_asked_for |
| W6 | new-request wording of the open Ask's kind under its preview (awaiting confirmation, not stale), values that differ from it or fill its empty slots but are no whole request alone ("manda pro João" under the preview of "manda 40 pra Maria", "então agenda pra amanhã" under one for today), a who said only in place of the same kind of who | correct (the new preview shows the change) | same_kind_wording_under_preview_changes_it |
| W3 | new-request wording of the open Ask's kind | start_new (open superseded, or cooled if stale) | new_request_wording_same_kind |
| K1 | the open Ask is stale, the request kind said again | start_new (open cooled) | stale_ask_cooled_kind_restarts |
| K2 | the open Ask is stale, a bare value | clarify (open cooled) | stale_ask_cooled_bare_value |
| K3 | the open Ask is stale, nothing actionable | clarify (open cooled) | stale_ask_cooled |
| E1 | the open Ask is executing | clarify | ask_executing |
| F2 | values only for empty slots (or equal to the current ones, or completing them: a time of day for a `when` holding a date only; `when_either_half` never conflicts) | fill | fills_missing_slots |
| F5 | a value for the filled slot the previous reply asked for ("a las 9" after the free times of the day) | correct | answers_the_slot_asked_for |
| F6 | the open Ask awaits confirmation (a preview shown), no request kind said, values differing only in how much or when (never who) | correct (the new preview shows the change) | value_under_preview_changes_it |
| F7 | a key where a contact is held, or a name where a key is (nothing else differing), the previous reply having asked for another slot (the amount) or under a preview: it fits no question | clarify (as F4: the question or the preview put again, the value not taken) | no_new_information |
| F3 | a value different from a filled slot's, without wording (a key where a contact is held, or a name where a key is, differs from it; a key or a name answers a question for either) | clarify (correct it, or a new request?) | value_for_filled_slot_without_wording |
| F4 | nothing new | clarify (re-ask the next missing slot) | no_new_information |

Before the table: a `day_shift` said ("the next day", "l'endemà", "the day before") becomes the `when` of the open
Ask, else of the request just done, moved by that many days (its time kept) and read as change wording; with no day
held it is dropped. A change follow-up kind said ("the Pix I scheduled, change it") under the open Ask of its base
kind is that kind; of the request just done, its change in so many words (D2). A count ahead said with no unit ("es para
dentro de 4", "daqui a 4", "in 4") is a number of days for the open Ask, else the request just done, that holds a
day (the unit it was said in; its time kept) and read as change wording; with no day held it is dropped and the day
is asked as before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, Literal

from asks.kinds import FOLLOW_UPS, QUESTION_LEADS_TO, REQUIRED_BY_KIND, SLOTS_BY_KIND, missing_slots, slot_values
from asks.perception.contract import Perception
from asks.statuses import AskStatus
from asks.when import EITHER_HALF, WHEN_UNIT, WITH_WHEN, at_the_time_of, is_date_only, is_time_only, shifted_when


class Action(StrEnum):
    FILL = "fill"
    CORRECT = "correct"
    START_NEW = "start_new"
    RESUME = "resume"
    CANCEL = "cancel"
    CONFIRM = "confirm"
    REFUSE_STALE = "refuse_stale"
    CLARIFY = "clarify"


@dataclass(frozen=True)
class AskView:
    id: int
    kind: str
    status: str
    slots: Mapping[str, Any]
    last_activity_at: datetime
    pending_approval_id: int | None = None


@dataclass(frozen=True)
class Tap:
    """A button tap as parsed from its payload. `message_id` is the clarified message (choose taps), `None` when the
    question it answers is no longer open."""

    action: Literal["confirm", "decline", "resume", "choose"]
    ask_id: int | None = None
    approval_id: int | None = None  # confirm/decline: the request the (validly signed) button decides
    choice: str = ""  # choose: "correct" or "new:<kind>"
    message_id: int | None = None


@dataclass(frozen=True)
class Quote:
    """The message a swipe-reply quotes and the Ask it belongs to (the open one, a parked or a closed one)."""

    ask_id: int
    ask_kind: str
    ask_status: str
    message_id: int


@dataclass(frozen=True)
class Inbound:
    at: datetime
    perception: Perception
    tap: Tap | None = None
    quote: Quote | None = None
    asked_for: str | None = None  # the slot the previous reply asked for: a value for it answers, not corrects


@dataclass(frozen=True)
class DecisionPolicy:
    """The part of the organisation's policy the engine reads."""

    ask_stale_after_seconds: int
    side_request: Literal["suspend", "supersede"]


@dataclass(frozen=True)
class DecidedAction:
    action: Action
    rule: str
    ask_id: int | None = None  # the existing Ask acted upon
    kind: str | None = None  # the kind of the Ask started (start_new, resume from a quote)
    values: Mapping[str, Any] = field(default_factory=dict)  # slot values this message brings to that Ask
    close_open: Literal["superseded", "cooled", "cancelled"] | None = None  # close the open Ask first, so
    park_open: bool = False  # … or park it first
    resume_from: tuple[int, int] | None = None  # (ask id, message id) whose values a swipe-reply resumes from
    choices: tuple[str, ...] = ()  # clarify: what to offer the customer
    carried_from: int | None = None  # start_new: the done Ask whose values the new one starts from
    void_preview: bool = False  # clarify: the preview the open Ask awaits is void (its buttons do nothing then)


def _is_stale(ask: AskView, at: datetime, policy: DecisionPolicy) -> bool:
    return (at - ask.last_activity_at).total_seconds() > policy.ask_stale_after_seconds


def _make_way(open_ask: AskView | None, new_kind: str, policy: DecisionPolicy) -> dict[str, Any]:
    """How the open Ask leaves room for another: same kind → superseded; other kind → parked or superseded."""
    if open_ask is None:
        return {}
    if open_ask.kind != new_kind and policy.side_request == "suspend" and open_ask.status != AskStatus.EXECUTING:
        return {"park_open": True}
    return {"close_open": "superseded"}


def _decide_tap(tap: Tap, open_ask: AskView | None, parked: Sequence[AskView], values: Mapping[str, Any],
                policy: DecisionPolicy) -> DecidedAction:
    if tap.action in ("confirm", "decline"):
        current = (
            open_ask is not None
            and open_ask.id == tap.ask_id
            and open_ask.status == AskStatus.AWAITING_CONFIRMATION
            and open_ask.pending_approval_id is not None
            and tap.approval_id == open_ask.pending_approval_id
        )
        if not current:
            return DecidedAction(Action.REFUSE_STALE, "stale_confirmation_button", ask_id=tap.ask_id)
        assert open_ask is not None  # `current` says so
        if tap.action == "confirm":
            return DecidedAction(Action.CONFIRM, "button_confirms", ask_id=open_ask.id)
        return DecidedAction(Action.CANCEL, "button_declines", ask_id=open_ask.id)
    if tap.action == "resume":
        target = next((ask for ask in parked if ask.id == tap.ask_id), None)
        if target is None:
            return DecidedAction(Action.REFUSE_STALE, "stale_resume_button", ask_id=tap.ask_id)
        return DecidedAction(Action.RESUME, "resume_button", ask_id=target.id, **_make_way(open_ask, target.kind, policy))
    if tap.message_id is None:
        return DecidedAction(Action.REFUSE_STALE, "stale_choice_button", ask_id=tap.ask_id)
    if tap.choice == "correct":
        if open_ask is None or open_ask.id != tap.ask_id or open_ask.status not in (AskStatus.COLLECTING, AskStatus.AWAITING_CONFIRMATION):
            return DecidedAction(Action.REFUSE_STALE, "stale_choice_button", ask_id=tap.ask_id)
        return DecidedAction(Action.CORRECT, "clarified_as_correction", ask_id=open_ask.id,
                        values=_restrict(values, open_ask.kind))
    if tap.choice.startswith("new:"):
        kind = tap.choice.removeprefix("new:")
        return DecidedAction(Action.START_NEW, "clarified_as_new_request", kind=kind, values=_restrict(values, kind),
                        **_make_way(open_ask, kind, policy))
    return DecidedAction(Action.REFUSE_STALE, "stale_choice_button", ask_id=tap.ask_id)


def _restrict(values: Mapping[str, Any], kind: str) -> dict[str, Any]:
    allowed = SLOTS_BY_KIND.get(kind, ())
    return {name: value for name, value in values.items() if name in allowed}


def decide(*, open_ask: AskView | None, parked: Sequence[AskView], inbound: Inbound, policy: DecisionPolicy,
           org_kinds: Sequence[str], done: AskView | None = None) -> DecidedAction:
    """Exactly one decision and the rule that fired (see the module's table). `done` is the conversation's latest
    Ask when it completed and its kind has follow-ups (`asks.kinds.FOLLOW_UPS`), read only when nothing is open."""
    perception = inbound.perception
    markers = perception.markers
    kind: str | None = perception.request_kind if perception.request_kind in org_kinds else None
    if kind in FOLLOW_UPS and open_ask is not None and open_ask.kind == FOLLOW_UPS[kind]:
        kind = open_ask.kind  # "change the scheduled pix" under the preview of one being scheduled: that one
    said = slot_values(perception, None)
    added = said.pop("party_added", None)  # "one more person is joining": added to the party
    removed = said.pop("party_removed", None)  # "one of us can't come": taken from it
    if added is not None or removed is not None:
        holder = next((ask for ask in (open_ask, done) if ask is not None
                       and ask.slots.get("party_size")), None)  # the open request's, else the one just done
        base = holder.slots.get("party_size") if holder is not None else None
        if base is not None and int(base) + int(added or 0) - int(removed or 0) >= 1:
            said["party_size"] = int(base) + int(added or 0) - int(removed or 0)
            if holder is open_ask:  # "uno no puede venir" while booking: the wording says what changes (rule W1)
                markers = markers | {"correction"}

    shift = said.pop("day_shift", None)  # "push it to the next day": counted from the request's own day
    if shift is not None:
        holder = next((ask for ask in (open_ask, done) if ask is not None and ask.slots.get("when")), None)
        moved = shifted_when(holder.slots["when"], int(shift), said.get("when")) if holder is not None else None
        if moved is not None:
            said["when"] = moved
            # the wording says what changes: under the open request's preview a change (rule W1), of the one just
            # done its change follow-up (rule D2), never a new request of the same kind
            markers = markers | {"correction"}

    unitless = said.pop("when_unitless", None)  # "es para dentro de 4": days only if the request holds a day
    in_weeks = said.pop("when_unitless_weeks", None)
    if unitless is not None and "when" not in said:
        holder = next((ask for ask in (open_ask, done) if ask is not None and ask.slots.get("when")), None)
        if holder is not None:  # the unit of the day it holds; with none held, the count is dropped (the day asked)
            if holder.slots.get(WHEN_UNIT) == "week" and in_weeks is not None:
                # "dentro de 2" after "dentro de una semana": two weeks, and the unit kept for a further count
                unitless, said[WHEN_UNIT] = in_weeks, "week"
            said["when"] = at_the_time_of(holder.slots["when"], unitless) or unitless
            markers = markers | {"correction"}

    if "same_time" in markers and (holder := next((ask for ask in (open_ask, done) if ask is not None
                                                   and ask.slots.get("when")), None)) is not None:
        # "entonces pasado mañana a la misma hora": the day said, at the time the request already holds
        if (kept := at_the_time_of(holder.slots["when"], said.get("when"))) is not None:
            said["when"] = kept
            said.pop(EITHER_HALF, None)

    if inbound.tap is not None:
        return _decide_tap(inbound.tap, open_ask, parked, said, policy)

    quote = inbound.quote
    if quote is not None and (open_ask is None or quote.ask_id != open_ask.id):
        if quote.ask_status == AskStatus.SUSPENDED and any(ask.id == quote.ask_id for ask in parked):
            return DecidedAction(Action.RESUME, "swipe_reply_resumes_parked", ask_id=quote.ask_id,
                            values=_restrict(said, quote.ask_kind), **_make_way(open_ask, quote.ask_kind, policy))
        return DecidedAction(Action.RESUME, "swipe_reply_resumes_from_quoted_message", kind=quote.ask_kind,
                        values=_restrict(said, quote.ask_kind), resume_from=(quote.ask_id, quote.message_id),
                        **_make_way(open_ask, quote.ask_kind, policy))

    if "cancel" in markers:
        if open_ask is not None and open_ask.status != AskStatus.EXECUTING:
            return DecidedAction(Action.CANCEL, "customer_cancelled", ask_id=open_ask.id)
        undo = _follow_up("cancel", done, perception.request_kind, org_kinds) if open_ask is None else None
        if undo is not None:
            return DecidedAction(Action.START_NEW, "cancel_of_done_request", kind=undo, values=_restrict(said, undo))
        return DecidedAction(Action.CANCEL, "cancel_without_open_ask")

    if ("decline" in markers and open_ask is not None and open_ask.status == AskStatus.AWAITING_CONFIRMATION
            and not said and perception.request_kind is None):
        # "não", "no gracias", "no, està malament" under a preview: the request called off, its buttons stale with it.
        # Declining executes nothing, so typed words may do it (only a yes needs the button); a no that says what
        # instead ("não, pra Maria") has values and is a correction (W1), and a bare no with nothing previewed (a
        # question being collected, a booking done) changes nothing here
        return DecidedAction(Action.CANCEL, "customer_cancelled", ask_id=open_ask.id)

    if (quote is not None and open_ask is not None and quote.ask_id == open_ask.id and open_ask.status != AskStatus.EXECUTING
            and not ("confirm" in markers and not _restrict(said, open_ask.kind))):
        return DecidedAction(Action.RESUME, "swipe_reply_resumes_open_from_quoted_message", kind=open_ask.kind,
                        values=_restrict(said, open_ask.kind), resume_from=(open_ask.id, quote.message_id),
                        close_open="superseded")

    if "resume" in markers and parked and quote is None:
        target = next((ask for ask in parked if kind is None or ask.kind == kind), None)
        if target is not None and not (open_ask is not None and kind == open_ask.kind):
            return DecidedAction(Action.RESUME, "typed_resume_of_parked", ask_id=target.id,
                            values=_restrict(said, target.kind), **_make_way(open_ask, target.kind, policy))

    if (kind is not None and quote is None and not _restrict(said, kind) and (open_ask is None or open_ask.kind != kind)
            and (target := next((ask for ask in parked if ask.kind == kind), None)) is not None):
        # "ok, pode mandar" after a side question parked "manda 45 pro João": the same kind asked again with nothing
        # new is the parked request taken up (its preview shown again), not an empty one started beside it
        return DecidedAction(Action.RESUME, "bare_same_kind_resumes_parked", ask_id=target.id, values={},
                             **_make_way(open_ask, target.kind, policy))

    if (open_ask is None and done is not None and done.kind == "product_search" and kind is None and said
            and set(said) <= _SEARCH_NARROWERS and (done.slots.get("device_model") or done.slots.get("product"))):
        # "ah no, mejor el de 128" right after the iPhone 13 256 was shown: the same search, the storage said instead
        values = {name: done.slots[name] for name in SLOTS_BY_KIND["product_search"] if done.slots.get(name)} | said
        line = str(done.slots.get("device_model") or done.slots.get("product") or "").split()
        if str(said.get("device_model", "x"))[:1].isdigit():
            if not line:
                return DecidedAction(Action.CLARIFY, "value_without_request", choices=("new:product_search",))
            # "y el 13?" after the iPhone 14: the line's other model, the storage and product of the first dropped
            head = line[0].rstrip("0123456789")  # "s23" → "s": "y el 21?" is the s21
            values = {"device_model": f"{line[0]} {said['device_model']}" if head == line[0] else
                      f"{head}{said['device_model']}"}
        return DecidedAction(Action.START_NEW, "detail_narrows_done_search", kind="product_search", values=values)

    if open_ask is None and done is not None:
        change = _change_of_done(done, said, perception.request_kind, markers, org_kinds)
        if change is not None:
            return change

    if (open_ask is None and kind is not None and done is not None and kind == done.kind
            and done.kind in QUESTION_LEADS_TO and set(said) <= _TIME_ASKED_AGAIN and is_time_only(said.get("when"))
            and not _is_stale(done, inbound.at, policy)):
        # "vale, ¿y a las 15?" right after the free places of climbing tomorrow were listed: the same question at
        # another hour, its activity, day and party kept (N0b/N0c below), not a new question about the hour alone
        kind = None

    if open_ask is None:
        if kind is not None and done is not None and QUESTION_LEADS_TO.get(done.kind) == kind and not _is_stale(
                done, inbound.at, policy):
            # "hay plazas para raquetas pasado mañana por la tarde?" answered, then "genial, reserva para 3": the
            # booking starts from what the question said, and what this message says is its own
            return DecidedAction(Action.START_NEW, "request_after_its_question", kind=kind,
                                 values=_restrict(said, kind), carried_from=done.id)
        if kind is None and said and done is not None and done.kind in QUESTION_LEADS_TO and not _is_stale(
                done, inbound.at, policy):
            # values alone right after a question answered: with its values they make the request it leads to
            # ("hay plazas para esquí pasado mañana?" then "vale, a las 3 para 2"), else they ask it again ("quant
            # costa l'esqui?" then "i l'escalada?")
            lead = QUESTION_LEADS_TO[done.kind]
            if lead in org_kinds and not missing_slots(lead, {**_restrict(done.slots, lead), **_restrict(said, lead)}):
                return DecidedAction(Action.START_NEW, "request_after_its_question", kind=lead,
                                     values=_restrict(said, lead), carried_from=done.id)
            if done.kind in org_kinds and _restrict(said, done.kind):
                return DecidedAction(Action.START_NEW, "question_asked_again", kind=done.kind,
                                     values=_restrict(said, done.kind), carried_from=done.id)
        if kind is not None:
            return DecidedAction(Action.START_NEW, "new_request_without_open_ask", kind=kind, values=_restrict(said, kind))
        complete = _completed_kind(said, org_kinds)
        if complete is not None:
            return DecidedAction(Action.START_NEW, "values_complete_a_request", kind=complete,
                            values=_restrict(said, complete))
        likely = _only_likely_kind(said, org_kinds)
        if likely is not None:
            # "climbing", "tomorrow at 9", "2 people" typed one a message at the school: the one request the values
            # are part of starts with them, and the next bare values fill it (F2) until it is whole
            return DecidedAction(Action.START_NEW, "value_starts_the_only_request", kind=likely,
                                 values=_restrict(said, likely))
        if said:
            takers = tuple(f"new:{k}" for k in org_kinds
                           if k not in FOLLOW_UPS and set(said) & set(SLOTS_BY_KIND.get(k, ())))
            return DecidedAction(Action.CLARIFY, "value_without_request", choices=takers)
        return DecidedAction(Action.CLARIFY, "nothing_to_act_on", choices=tuple(f"resume:{a.id}" for a in parked))

    values = _restrict(said, open_ask.kind)
    stale = _is_stale(open_ask, inbound.at, policy)
    held_when = open_ask.slots.get("when")
    if (inbound.asked_for == "when" and values.get("day_part") and "when" not in values
            and isinstance(held_when, str) and "T" in held_when):
        # "doncs la del vespre" after the time said was not free: the day kept, its time chosen again in that part
        values = {**values, "when": held_when[:10]}

    if kind is not None and kind != open_ask.kind:
        way = _make_way(open_ask, kind, policy)
        rule = "side_request_parks_open_ask" if way.get("park_open") else "side_request_supersedes_open_ask"
        if stale and open_ask.status != AskStatus.EXECUTING:
            way = {"close_open": "cooled"}
            rule = "stale_ask_cooled_kind_restarts"
        return DecidedAction(Action.START_NEW, rule, kind=kind, values=_restrict(said, kind), **way)

    if open_ask.status == AskStatus.EXECUTING:
        return DecidedAction(Action.CLARIFY, "ask_executing", ask_id=open_ask.id)

    if "correction" in markers:
        previewed = open_ask.status == AskStatus.AWAITING_CONFIRMATION
        if not values or previewed and all(open_ask.slots.get(name) == value for name, value in values.items()):
            # "no" to what the preview shows, or "nao pro pedro" under Pedro's (no, or not to him?): nothing to
            # change it to is said, and its buttons must not send what was just refused
            return DecidedAction(Action.CLARIFY, "correction_without_value", ask_id=open_ask.id, void_preview=previewed)
        return DecidedAction(Action.CORRECT, "correction_wording", ask_id=open_ask.id, values=values)

    if "confirm" in markers and open_ask.status == AskStatus.AWAITING_CONFIRMATION and not values:
        # "sim, pode mandar" is a typed yes, not a new request; typed words never confirm (only the button does)
        return DecidedAction(Action.CLARIFY, "typed_confirmation_needs_button", ask_id=open_ask.id)

    conflicting = {name for name, value in values.items() if name not in WITH_WHEN  # they go with the `when` said
                   and open_ask.slots.get(name) not in (None, value) and not _completes(name, open_ask.slots[name], value)}
    held_who = {name for name in _WHO if open_ask.slots.get(name)}
    # a key typed where a contact's name is held (or a name where a key is) fills no empty slot: it names another
    # who, and who gets paid never changes unasked ("pix pro João", asked how much, then Ana's e-mail)
    crossed = set(values) & _WHO if held_who and not set(values) & held_who else set()
    if ("new_request" in markers and kind == open_ask.kind and open_ask.status == AskStatus.COLLECTING and values
            and not conflicting and not crossed and not stale):
        # "então agenda pra amanhã", "manda 1000 então" after the bot's own question or refusal: the request it is
        # still collecting, said again with what it lacked; nothing it holds changes, so nothing is asked about
        return DecidedAction(Action.FILL, "same_kind_fills_collecting_ask", ask_id=open_ask.id, values=values)
    if ("new_request" in markers and kind == open_ask.kind and open_ask.status == AskStatus.COLLECTING
            and conflicting and conflicting <= _answering(inbound.asked_for) and not stale):
        # "então manda 200" after a refusal of the amount (the night limit) that asked for another: the same
        # request with that amount, its recipient kept (no preview was shown for the refused one)
        return DecidedAction(Action.CORRECT, "answers_the_slot_asked_for", ask_id=open_ask.id, values=values)

    if ("new_request" in markers and kind == open_ask.kind and open_ask.status == AskStatus.AWAITING_CONFIRMATION
            and values and set(values) & _WHO <= conflicting and missing_slots(kind, values) and not stale):
        # "manda pro João" right under the preview of "manda 40 pra Maria": not a whole request of its own but a
        # change of the one previewed (who, how much or when), the rest kept; the new preview shows it in full and
        # only its button sends. Who is replaced only by the same kind of who (a key said for a contact starts anew).
        # A day said for a Pix previewed for today ("então agenda pra amanhã") is such a change too.
        return DecidedAction(Action.CORRECT, "same_kind_wording_under_preview_changes_it", ask_id=open_ask.id,
                             values=values)
    if "new_request" in markers and kind == open_ask.kind:
        return DecidedAction(Action.START_NEW, "new_request_wording_same_kind", kind=kind, values=values,
                        close_open="cooled" if stale else "superseded")
    if crossed and not conflicting - crossed and (
            open_ask.status == AskStatus.AWAITING_CONFIRMATION or inbound.asked_for not in (None, *_WHO)):
        # a key typed when the amount was asked ("pix pro João", "how much?", a CPF), or under a preview: it fits no
        # question asked and is not taken, nothing new (F4): the question (or the preview's buttons) is put again,
        # naming who is paid
        return DecidedAction(Action.CLARIFY, "no_new_information", ask_id=open_ask.id)
    conflicting |= crossed

    if stale:
        if kind is not None:
            return DecidedAction(Action.START_NEW, "stale_ask_cooled_kind_restarts", kind=kind, values=values,
                            close_open="cooled")
        if values:
            return DecidedAction(Action.CLARIFY, "stale_ask_cooled_bare_value", close_open="cooled",
                            choices=(f"new:{open_ask.kind}",))
        return DecidedAction(Action.CLARIFY, "stale_ask_cooled", close_open="cooled")

    if conflicting and conflicting <= _answering(inbound.asked_for):
        # the customer answers the question the bot just put: no "change or new?" about it
        return DecidedAction(Action.CORRECT, "answers_the_slot_asked_for", ask_id=open_ask.id, values=values)
    if (conflicting and open_ask.status == AskStatus.AWAITING_CONFIRMATION and kind is None
            and conflicting <= _PREVIEW_CHANGES and not set(values) & _WHO):
        # "80" or "amanhã" right under a preview: a change of it, shown in full in the new preview it gets; who is
        # paid never changes from a bare value (a CPF typed there is asked about)
        return DecidedAction(Action.CORRECT, "value_under_preview_changes_it", ask_id=open_ask.id, values=values)
    if conflicting:
        return DecidedAction(Action.CLARIFY, "value_for_filled_slot_without_wording", ask_id=open_ask.id,
                        choices=("correct", f"new:{open_ask.kind}"))
    if values:
        return DecidedAction(Action.FILL, "fills_missing_slots", ask_id=open_ask.id, values=values)
    return DecidedAction(Action.CLARIFY, "no_new_information", ask_id=open_ask.id)


def _follow_up(verb: str, done: AskView | None, kind_said: str | None, org_kinds: Sequence[str]) -> str | None:
    """The follow-up kind (`<kind>_<verb>`) of the request done, or of the kind the message names, if the
    organisation takes it."""
    for base in (done.kind if done is not None else None, kind_said):
        candidate = f"{base}_{verb}"
        if base and candidate in org_kinds and FOLLOW_UPS.get(candidate) == base:
            return candidate
    return None


def _change_of_done(done: AskView, said: Mapping[str, Any], kind_said: str | None, markers: frozenset[str],
                    org_kinds: Sequence[str]) -> DecidedAction | None:
    """A change of the request just done ("de fet, som 2", "change it to 9am"), or None (module table, D2)."""
    worded = "correction" in markers
    if kind_said == f"{done.kind}_change":  # "muda esse pix agendado pra 75": the change said in so many words
        kind_said, worded = done.kind, True
    if kind_said is not None and not (kind_said == done.kind and worded):
        return None
    follow = _follow_up("change", done, None, org_kinds)
    if follow is None:
        return None
    values = _restrict(said, follow)
    held_when = done.slots.get("when")
    if values.get("day_part") and "when" not in values and isinstance(held_when, str) and "T" in held_when:
        values["when"] = held_when[:10]  # "passa-la a la tarda": the day kept, its time chosen again in that part
    changed = {name for name, value in values.items() if name not in WITH_WHEN and done.slots.get(name) != value}
    if not changed or ("activity" in changed and not worded):  # "i esquí per a 2?" is a booking of its own
        return None
    if changed & _WHO and not worded:  # "e 30 pra Ana" after a Pix to Pedro is no change of who gets it
        return None
    return DecidedAction(Action.START_NEW, "change_of_done_request", kind=follow, values=values, carried_from=done.id)


# The slots whose values answer a question for a slot: a part of the day or a pick among the times listed answers
# "which time?" ("vale pues la de la tarde" after the free times, with the morning said before).
# A key answers "to whom?" and a contact's name "which key?": both say who is paid.
_ANSWERS: dict[str, frozenset[str]] = {"when": frozenset({"when", *WITH_WHEN, "day_part", "offer_pick"}),
                                       "recipient": frozenset({"recipient", "pix_key"}),
                                       "pix_key": frozenset({"pix_key", "recipient"})}


def _answering(asked_for: str | None) -> frozenset[str]:
    """The slots a value for which answers the question for `asked_for` (itself, and those of `_ANSWERS`)."""
    if asked_for is None:
        return frozenset()
    return _ANSWERS.get(asked_for, frozenset({asked_for}))


# What a value said alone right after a product search changes in it (N5).
_SEARCH_NARROWERS = frozenset({"capacity_gb", "device_model"})


# What a bare value under a preview may change (F6): how much and when, never who (`_WHO`).
_PREVIEW_CHANGES = frozenset({"amount", "when", "when_either_half", "party_size", "day_part"})
_WHO = frozenset({"recipient", "pix_key"})


# Money moves only on a request said in words: values alone ("50 pro João") are asked about, whatever they fill.
_NEVER_FROM_VALUES = frozenset({"pix_transfer"})


def _completed_kind(said: Mapping[str, Any], org_kinds: Sequence[str]) -> str | None:
    """The one request kind whose required slots the values said all fill ("escalada, dilluns a les 9, 2 persones"
    is a booking; "galaxy s23" a product search): the kind with the most required groups wins ("iphone 13 128 GB
    91 %" is a used-device quote, not a search); a tie or none is no kind."""
    complete = [(len(REQUIRED_BY_KIND[kind]), kind) for kind in org_kinds
                if kind not in _NEVER_FROM_VALUES and kind not in FOLLOW_UPS and REQUIRED_BY_KIND.get(kind)
                and not missing_slots(kind, _restrict(said, kind))]
    complete.sort(reverse=True)
    if not complete or (len(complete) > 1 and complete[0][0] == complete[1][0]):
        return None
    return complete[0][1]


# What a question asked again at another hour says ("¿y a las 15?"): a time of day, nothing else (N0b, N0c).
_TIME_ASKED_AGAIN = frozenset({"when", EITHER_HALF})


def _only_likely_kind(said: Mapping[str, Any], org_kinds: Sequence[str]) -> str | None:
    """The one request kind of the organisation that bare values are a part of (N2b): the only kind that takes any of
    them (questions aside: they need nothing), taking them all and needing at least one ("2 people" at the school is
    a booking's party); a follow-up or a Pix never, and none when two kinds take them ("128 GB": a search or a
    quote?)."""
    takers = [kind for kind in org_kinds if kind not in FOLLOW_UPS and kind not in QUESTION_LEADS_TO
              and set(said) & set(SLOTS_BY_KIND.get(kind, ()))]
    if len(takers) != 1 or takers[0] in _NEVER_FROM_VALUES:
        return None
    kind = takers[0]
    needed = {slot for group in REQUIRED_BY_KIND.get(kind, ()) for slot in group}
    return kind if set(said) <= set(SLOTS_BY_KIND.get(kind, ())) and set(said) & needed else None


def _completes(slot: str, held: Any, value: Any) -> bool:
    """Whether `value` only completes what the slot holds: a time of day for a `when` holding a date alone (the
    services join them, asks/when.py), so "a las 9" after "el sábado" fills the Ask rather than changing it."""
    return slot == "when" and is_time_only(value) and is_date_only(held)


def decision_policy(policy: Any) -> DecisionPolicy:
    """The engine's view of a `tenants.policy.Policy` (anything with those two attributes)."""
    return DecisionPolicy(ask_stale_after_seconds=int(policy.ask_stale_after.total_seconds()),
                          side_request=policy.side_request)
