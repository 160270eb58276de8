"""The deterministic `builtin` provider (the embedded default): the built-in perceiver, the next tool chosen from
the Ask's next missing step, replies from localised templates. No model, no network; the same input gives the
same turn."""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from agent.providers.base import Draft, PerceiveInput, RespondInput, Usage
from agent.replies import (
    change_note,
    failure_reason,
    kind_name,
    money,
    party,
    reason,
    say,
    slot_value,
    when,
)
from asks.buttons import choose_payload, resume_payload
from asks.kinds import kinds_offered
from asks.perception.builtin import perceive
from asks.perception.contract import Perception, org_kind_of
from asks.perception.store import PRODUCTS_APART, each_count, product_count
from asks.statuses import AskStatus
from asks.when import EITHER_HALF
from conversations import wording
from language.day_parts import closest_in_day_part, in_day_part
from language.locales import lang_of
from language.numbers import find_numbers
from language.picks import picked
from language.text import fold
from magie.tracing import traced

# The bank tools' word for a Pix accepted but not yet sent (bank.interface TransferReceipt.status).
TRANSFER_SCHEDULED = "scheduled"

# Words that name the kind of product, not a product: "un celular barato" searches the whole catalogue.
GENERIC_PRODUCT_WORDS = frozenset({"celular", "celulares", "celu", "celus", "telefono", "telefonos", "movil",
                                   "moviles", "smartphone", "smartphones", "phone", "phones", "aparelho", "mobil",
                                   "mobils", "barato", "barata", "baratos", "cheap", "un", "uno", "una", "um", "a"})
# How far ahead a statement looks for the Pix still scheduled (the bank schedules at most a year ahead).
SCHEDULE_AHEAD_DAYS = 365
OFFERS_LISTED = 5  # the free times a reply lists (`slot_lines`), which a pick ("the later one") counts among
PHONE_WORDS = frozenset({"celular", "celulares", "celu", "celus", "telefono", "telefonos", "movil", "moviles",
                         "smartphone", "smartphones", "phone", "phones", "mobil", "mobils"})



# What may stand beside a number typed alone: spaces and punctuation ("dos", "3.", "¿dos?")
_BARE_NUMBER_REST = re.compile(r"[\s.,!?¿¡…]*")

class BuiltinProvider:
    name = "builtin"
    remote = False

    @traced("model.call")
    def perceive(self, request: PerceiveInput) -> tuple[Perception, Usage]:
        perception = perceive(request.text, lang=lang_of(request.lang), org_kind=org_kind_of(request.org_kind),
                              now=request.now, tz=request.tz, currency=request.currency, asked_for=request.asked_for,
                              replies_to=request.replies_to)
        return perception, Usage()

    @traced("model.call")
    def respond(self, request: RespondInput) -> Draft:
        return Responder(request).respond()

    def redraft(self, request: RespondInput, draft: Draft, note: str) -> Draft:
        """Templates are deterministic: the second try is the same text (so a failing template reaches a person)."""
        return Draft(draft.text, buttons=list(draft.buttons), asked_for=draft.asked_for)


class Responder:
    def __init__(self, request: RespondInput) -> None:
        self.r = request
        self.lang = request.lang
        self.scope = request.scope

    def say(self, key: str, **values: Any) -> str:
        return say(self.lang, key, **values)

    def money(self, cents: int, currency: str | None = None) -> str:
        return money(cents, currency or self.r.currency, self.lang)

    def tool(self, name: str, **arguments: Any) -> dict:
        return self.r.call_tool(name, arguments).result

    def respond(self) -> Draft:
        scope = self.scope
        handler = getattr(self, f"on_{scope.decision}")
        draft = handler()
        prefix = self.changed_note()
        if prefix:
            draft.text = f"{prefix}\n{draft.text}"
        return draft

    # decisions -------------------------------------------------------------------------------------------------
    def changed_note(self) -> str:
        if self.scope.decision not in ("correct",):
            return ""
        notes = [change_note(self.lang, c["slot"], c["old"], c["new"], self.r.tz)
                 for c in self.scope.changes if c["old"] is not None and c["slot"] != EITHER_HALF]
        return " ".join(note for note in notes if note)

    def on_refuse_stale(self) -> Draft:
        return Draft(self.say("stale_button"))

    def on_cancel(self) -> Draft:
        return Draft(self.say("cancelled" if self.scope.kind else "nothing_to_cancel"))

    def on_confirm(self) -> Draft:
        return self.progress()

    def on_fill(self) -> Draft:
        return self.progress()

    on_correct = on_fill
    on_start_new = on_fill
    on_resume = on_fill

    def on_clarify(self) -> Draft:
        rule, scope = self.scope.rule, self.scope
        buttons = self.choice_buttons()
        value = self.said_value()
        if rule == "value_without_request":
            return Draft(self.say("value_without_request", value=value), buttons)
        if rule == "value_for_filled_slot_without_wording":
            return Draft(self.say("correct_or_new", value=value), buttons)
        if rule == "stale_ask_cooled_bare_value":
            return Draft(self.say("stale_bare_value", value=value), buttons)
        if rule == "stale_ask_cooled":
            return Draft(self.say("stale"))
        if rule == "typed_confirmation_needs_button" or (
                rule == "no_new_information" and scope.status == AskStatus.AWAITING_CONFIRMATION):
            return Draft(self.say("typed_confirm"))
        if rule == "ask_executing":
            return Draft(self.say("executing"))
        if rule == "correction_without_value":
            return Draft(self.say("correction_without_value"))
        if rule == "no_new_information" and scope.kind and scope.missing[:1] == ["when"] and self.bare_number():
            # "dos" typed when the day was asked: people, or a day of the month? Asked, never guessed
            return Draft(self.say("bare_number_for_when"), asked_for="when")
        if rule == "no_new_information" and scope.kind:
            return self.progress()
        what = ", ".join(kind_name(self.lang, k) for k in kinds_offered(self.r.org_kind))
        return Draft(self.say("greeting", what=what), buttons)

    def bare_number(self) -> bool:
        """Whether this customer message is a number from 2 to 31 alone ("dos", "3"): people or a day?"""
        said = next((m["text"] for m in reversed(self.scope.messages) if m.get("role") == "customer"), "")
        numbers = find_numbers(said, lang_of(self.lang))
        if len(numbers) != 1 or _BARE_NUMBER_REST.fullmatch(said[: numbers[0].start] + said[numbers[0].end :]) is None:
            return False
        value = numbers[0].value
        return value == value.to_integral_value() and 2 <= value <= 31 and not numbers[0].ordinal

    def said_value(self) -> str:
        values = {slot: value for slot, value in self.scope.said.items() if slot != EITHER_HALF}
        return ", ".join(slot_value(self.lang, slot, value, self.r.tz) for slot, value in values.items()) or "?"

    def choice_buttons(self) -> list[dict[str, str]]:
        buttons = []
        message_id = self.scope.message_id
        for choice in self.scope.choices:
            if choice == "correct":
                title = self.say("button_correct")
                payload = choose_payload(self.scope.ask_id, message_id, "correct")
            elif choice.startswith("new:"):
                title = self.say("button_new")
                if self.scope.rule == "value_without_request":
                    title = kind_name(self.lang, choice[4:]).capitalize()
                payload = choose_payload(self.scope.ask_id, message_id, choice)
            elif choice.startswith("resume:"):
                ask_id = int(choice[7:])
                kind = dict(self.scope.parked_kinds).get(ask_id, "")
                title = self.say("button_resume", kind=kind_name(self.lang, kind))
                payload = resume_payload(ask_id)
            else:
                continue
            buttons.append({"id": payload, "title": title[:20]})
        return buttons[:3]

    # progress of the Ask in focus ---------------------------------------------------------------------------------
    def progress(self) -> Draft:
        kind = self.scope.kind
        draft = getattr(self, f"step_{kind}")()
        if self.scope.parked_kinds and not self.scope.missing and self.scope.decision != "resume":
            ask_id, parked_kind = self.scope.parked_kinds[0]
            draft.text += "\n" + self.say("resume_offer", kind=kind_name(self.lang, parked_kind))
            draft.buttons.append({"id": resume_payload(ask_id),
                                  "title": self.say("button_resume", kind=kind_name(self.lang, parked_kind))[:20]})
        return draft

    def ask_for(self, slot: str, **values: Any) -> Draft:
        return Draft(self.say(f"ask_{slot}", **values), asked_for=slot)

    def fail(self, result: dict) -> Draft:
        # (a refusal that closes the request is answered with its next step by the turn, whatever is drafted here)
        return Draft(self.say("failed", reason=failure_reason(self.lang, result["error"], self.r.currency)))

    def step_balance(self) -> Draft:
        result = self.tool("get_balance")
        if not result["ok"]:
            return self.fail(result)
        data = result["data"]
        amount = self.money(data["balance_cents"], data["currency"])
        if "limit_asked" in self.scope.markers and data.get("night_limit_cents") is not None:
            return Draft(self.say("night_limit", starts=data["night_starts"], ends=data["night_ends"], amount=amount,
                                  limit=self.money(data["night_limit_cents"], data["currency"]),
                                  left=self.money(data["night_left_cents"], data["currency"])))
        return Draft(self.say("balance", amount=amount))

    def step_pix_history(self) -> Draft:
        when_slot = self.scope.slots.get("when")
        since = when_slot[:10] if isinstance(when_slot, str) and len(when_slot) >= 10 else None
        result = self.tool("list_pix_history", since=since, until=None)
        if not result["ok"]:
            return self.fail(result)
        data = result["data"]
        counts = data["counts"]
        sent = counts.get("out_settled", counts.get("sent", 0))  # sent is settled: a scheduled Pix is not sent yet
        first = date.fromisoformat(data["since"][:10])
        end = datetime.fromisoformat(data["until"])
        last = end.date() - timedelta(days=1) if end.time() == time(0) and end.date() > first else end.date()
        since, until = wording.day(self.lang, first), wording.day(self.lang, last)  # the statement's end is exclusive
        total = self.money(data["settled_out_cents"])
        if first == last:
            text = (self.say("history_day", day=since, count=sent, total=total) if sent
                    else self.say("history_day_none", day=since))
        else:
            text = (self.say("history", since=since, until=until, count=sent, total=total) if sent
                    else self.say("history_none", since=since, until=until))
        scheduled = self.scheduled_pix(data, last)
        return Draft(f"{text}\n{scheduled}" if scheduled else text)

    def scheduled_pix(self, data: dict, last: date) -> str:
        """The Pix still scheduled (in the statement read, and those due after its last day), said apart from the
        ones sent; "" when there are none."""
        entries = [e for e in data["entries"] if e["direction"] == "out" and e["status"] == TRANSFER_SCHEDULED]
        ahead = self.tool("list_pix_history", since=(last + timedelta(days=1)).isoformat(),
                          until=(last + timedelta(days=SCHEDULE_AHEAD_DAYS)).isoformat())
        if ahead["ok"]:
            entries += [e for e in ahead["data"]["entries"] if e["direction"] == "out" and e["status"] == TRANSFER_SCHEDULED]
        if not entries:
            return ""
        lines = "; ".join(self.say("history_scheduled_line", amount=self.money(e["amount_cents"], e["currency"]),
                                   name=e["counterpart_name"],
                                   day=wording.day(self.lang, self.local(datetime.fromisoformat(e["at"])).date()))
                          for e in entries[:5])
        return self.say("history_scheduled", count=len(entries), lines=lines)

    def step_pix_transfer(self) -> Draft:
        slots = self.scope.slots
        recipient = None
        if slots.get("recipient") or slots.get("pix_key"):
            key = slots["pix_key"]["value"] if slots.get("pix_key") else None
            looked = self.tool("lookup_pix_key", key=key, contact_name=None if key else slots["recipient"])
            if not looked["ok"]:
                return self.lookup_failed(looked, slots)
            recipient = looked["data"]
        amount = slots.get("amount")
        if recipient is None:
            return self.ask_for("recipient")
        if amount is None:
            return self.ask_for("amount", to=self.say("to", name=recipient["owner_name"]))
        when_slot = slots.get("when")
        scheduled = when_slot[:10] if isinstance(when_slot, str) and len(when_slot) >= 10 else None
        if scheduled and scheduled <= self.r.now.astimezone(ZoneInfo(self.r.tz)).date().isoformat():
            scheduled = None  # today (or a day gone) in the organisation's zone, on the turn's clock: now
        sent = self.tool("send_pix", recipient_ref=recipient["recipient_ref"], amount_cents=amount["amount_cents"],
                         scheduled_for=scheduled)
        formatted = self.money(amount["amount_cents"], amount["currency"])
        if sent["ok"]:
            if sent["data"].get("status") == TRANSFER_SCHEDULED and sent["data"].get("scheduled_for"):
                on = datetime.fromisoformat(sent["data"]["scheduled_for"])
                return Draft(self.say("pix_scheduled", amount=formatted, name=recipient["owner_name"],
                                      date=wording.long_day(self.lang, on), e2e=sent["data"]["end_to_end_id"]))
            return Draft(self.say("pix_sent", amount=formatted, name=recipient["owner_name"],
                                  e2e=sent["data"]["end_to_end_id"]))
        if sent["error"]["code"] == "approval_required":
            return Draft(self.say("pix_needs_approval", amount=formatted, name=recipient["owner_name"],
                                  document=recipient["masked_document"], bank=recipient["bank_name"]))
        if sent["error"]["code"] == "limit_exceeded":
            night = (sent["error"].get("detail") or {}).get("code") == "night_limit_exceeded"
            # what is left of the night limit is said: another amount (or a day) goes on with the same request
            return Draft(self.say("limit", reason=failure_reason(self.lang, sent["error"], self.r.currency)),
                         asked_for="amount" if night else None)
        return self.fail(sent)

    def step_pix_transfer_change(self) -> Draft:
        """The Pix just scheduled, changed to the recipient, amount and day the Ask now holds (the same scheduled
        Pix: the bank's change, shown first in a preview that says what changes), or the question that gets there."""
        held = self.the_scheduled_pix(latest=True)
        if isinstance(held, Draft):
            return held
        slots = self.scope.slots
        for slot in self.scope.missing:
            return self.ask_for(slot)
        key = slots["pix_key"]["value"] if slots.get("pix_key") else None
        looked = self.tool("lookup_pix_key", key=key, contact_name=None if key else slots["recipient"])
        if not looked["ok"]:
            return self.lookup_failed(looked, slots)
        recipient = looked["data"]
        changed = self.tool("change_scheduled_pix", transfer_ref=held["transfer_ref"],
                            recipient_ref=recipient["recipient_ref"], amount_cents=slots["amount"]["amount_cents"],
                            scheduled_for=str(slots["when"])[:10])
        if not changed["ok"]:
            if changed["error"]["code"] == "approval_required":  # the preview of the change is the reply
                return Draft(self.say("failed", reason=reason(self.lang, "approval_required")))
            return self.fail(changed)
        return Draft(self.scheduled_said("pix_schedule_changed", changed["data"]))

    def step_pix_transfer_cancel(self) -> Draft:
        """The scheduled Pix said (by recipient, amount or day), or the only one, cancelled; several: which one."""
        held = self.the_scheduled_pix(latest=False)
        if isinstance(held, Draft):
            return held
        cancelled = self.tool("cancel_scheduled_pix", transfer_ref=held["transfer_ref"])
        if not cancelled["ok"]:
            if cancelled["error"]["code"] == "approval_required":
                return Draft(self.say("failed", reason=reason(self.lang, "approval_required")))
            return self.fail(cancelled)
        return Draft(self.scheduled_said("pix_schedule_cancelled", cancelled["data"]))

    def scheduled_said(self, key: str, data: dict) -> str:
        on = self.local(datetime.fromisoformat(data["scheduled_for"]))
        return self.say(key, amount=self.money(data["amount_cents"], data["currency"]),
                        name=data["recipient"]["owner_name"], date=wording.long_day(self.lang, on),
                        e2e=data["end_to_end_id"])

    def the_scheduled_pix(self, *, latest: bool) -> dict | Draft:
        """The customer's scheduled Pix this follow-up is about: among those still to come, the ones matching the
        recipient, amount and day said (a cancellation's), then the only one, or (`latest`: a change of the Pix
        just scheduled) the latest made; none → the customer has none; several → which one."""
        found = self.tool("scheduled_pix")
        if not found["ok"]:
            return self.fail(found)
        transfers = found["data"]["transfers"]
        if not latest:
            slots = self.scope.slots
            name, amount, said_when = slots.get("recipient"), slots.get("amount"), slots.get("when")
            day = said_when[:10] if isinstance(said_when, str) and len(said_when) >= 10 else None
            if name:
                transfers = [t for t in transfers if fold(str(name)) in fold(t["recipient"]["owner_name"])]
            if isinstance(amount, dict):
                transfers = [t for t in transfers if t["amount_cents"] == amount.get("amount_cents")]
            if day:
                transfers = [t for t in transfers
                             if self.local(datetime.fromisoformat(t["scheduled_for"])).date().isoformat() == day]
        if not transfers:  # a change asked for says what can be done instead: a new Pix scheduled
            return Draft(self.say("no_scheduled_pix") + (" " + self.say("schedule_new_instead") if latest else ""))
        if len(transfers) > 1 and not latest:
            lines = "\n".join(self.say("scheduled_pix_line", amount=self.money(t["amount_cents"], t["currency"]),
                                        name=t["recipient"]["owner_name"],
                                        date=wording.long_day(self.lang,
                                                              self.local(datetime.fromisoformat(t["scheduled_for"]))))
                              for t in transfers[:5])
            return Draft(self.say("which_scheduled_pix", lines=lines), asked_for="recipient")
        return transfers[0]

    def lookup_failed(self, result: dict, slots: dict) -> Draft:
        code = result["error"].get("detail", {}).get("code")
        if code == "contact_not_found":
            contacts = result["error"]["detail"].get("contacts") or result["error"]["detail"].get("names") or []
            text = self.say("contact_not_found", name=slots.get("recipient"))
            if contacts:
                text += " " + self.say("saved_contacts", contacts=", ".join(str(name) for name in contacts))
            return Draft(text, asked_for="recipient")
        if code == "contact_ambiguous":  # a name (or a typing slip of one) that several saved contacts are close to
            candidates = result["error"]["detail"].get("candidates") or []
            return Draft(self.say("which_contact", lines="\n".join(f"• {name}" for name in candidates)),
                         asked_for="recipient")
        if code in ("key_not_found", "invalid_key"):
            return Draft(self.say("key_not_found"), asked_for="pix_key")
        return self.fail(result)

    def slot_lines(self, slots: list[dict]) -> str:
        return "\n".join(
            f"• {s['activity_name']} — {when(datetime.fromisoformat(s['start']), self.lang, self.r.tz)} "
            f"({self.say('places_left', count=s['places_left'])})" for s in slots[:OFFERS_LISTED]
        )

    def step_availability(self) -> Draft:
        slots = self.scope.slots
        said_when = slots.get("when")
        day = said_when[:10] if isinstance(said_when, str) and len(said_when) >= 10 else None
        result = self.tool("check_availability", activity=slots.get("activity"), date=day,
                           party_size=slots.get("party_size"))
        if not result["ok"]:
            return self.fail(result)
        found = result["data"]["slots"]
        if not found:
            return Draft(self.say("no_slots"))
        largest: dict[str, int] = {}  # each activity's largest group ("para cuántas personas son los grupos?")
        for offer in found:
            largest[offer["activity_name"]] = max(largest.get(offer["activity_name"], 0),
                                                     int(offer.get("capacity") or offer["places_left"]))
        size = slots.get("party_size")
        prices = []
        for offer in {offer["activity_name"]: offer for offer in found}.values():  # each activity once
            line = self.say("price_per_person", activity=offer["activity_name"],
                            amount=self.money(offer["price_cents"], offer["currency"]),
                            people=party(self.lang, largest[offer["activity_name"]]))
            if isinstance(size, int) and size > 1:  # a group said: what it costs them all (price × party)
                line += " " + self.say("price_for_party", activity=offer["activity_name"], people=party(self.lang, size),
                                       amount=self.money(offer["price_cents"] * size, offer["currency"]))
            prices.append(line)
        return Draft(self.say("slots", lines=self.slot_lines(found)) + "\n" + "\n".join(prices))

    def step_booking(self) -> Draft:
        slots = self.scope.slots
        for slot in self.scope.missing:
            return self.ask_for(slot)
        chosen = self.chosen_slot(slots)
        if isinstance(chosen, Draft):
            return chosen
        booked = self.tool("create_booking", slot_ref=chosen["slot_ref"], party_size=slots["party_size"])
        if not booked["ok"]:
            if booked["error"]["code"] == "conflict":  # taken between the look and the booking: the engine's fresh times
                lead = self.say("time_just_taken", time=when(datetime.fromisoformat(chosen["start"]), self.lang,
                                                             self.r.tz))
                alternatives = [{"activity_name": chosen["activity_name"], **alternative}  # the same activity's
                                for alternative in booked["error"].get("alternatives", [])]
                return self.free_times(alternatives, lead=lead)
            if booked["error"]["code"] == "approval_required":
                return Draft(self.say("failed", reason=reason(self.lang, "approval_required")))
            return self.fail(booked)
        data = booked["data"]
        link = self.tool("send_payment_link", booking_ref=data["booking_ref"])
        url = link["data"]["url"] if link["ok"] else ""
        return Draft(self.say("booking_done", activity=chosen["activity_name"],
                              start=when(datetime.fromisoformat(data["start"]), self.lang, self.r.tz),
                              party=party(self.lang, data["party_size"]),
                              amount=self.money(data["amount_cents"], data["currency"]),
                              url=url))

    def chosen_slot(self, slots: dict) -> dict | Draft:
        """The free offer at the time the slots ask for (activity, day, party), or the question to put: which half
        of the day, which of the free times (the time asked for not free, or no day said)."""
        wanted = slots["when"]
        day = wanted[:10] if len(wanted) >= 10 else None
        result = self.tool("check_availability", activity=slots.get("activity"), date=day,
                           party_size=slots.get("party_size"))
        if not result["ok"]:
            return self.fail(result)
        offers = result["data"]["slots"]
        part = slots.get("day_part")
        pick = slots.get("offer_pick")
        wanted_at = datetime.fromisoformat(wanted) if "T" in wanted else None
        if wanted_at is None:  # a day without a time (or a time without a day): the free times, of the part said
            within = [offer for offer in offers if part and self.in_part(offer["start"], part)]
            if len(within) == 1 and day:  # "al matí", "la de la tarde": the one free time of that part of the day
                return within[0]
            if not within and part and day and (closest := closest_in_day_part(
                    [self.local(datetime.fromisoformat(offer["start"])).hour for offer in offers], part)) is not None:
                return offers[closest]  # "la del vespre" between 09:00 and 15:00: the later one
            if pick and (chosen := picked((within or offers)[:OFFERS_LISTED], pick)) is not None:
                return chosen  # "the later one", "la segona": of the times listed, in their order
            return self.free_times(within or offers)
        readings = [wanted_at, self.other_half(wanted_at)] if slots.get(EITHER_HALF) else [wanted_at]
        if part and any(self.in_part(reading.isoformat(), part) for reading in readings):
            readings = [reading for reading in readings if self.in_part(reading.isoformat(), part)]  # "la del vespre"
        free = {reading: offer for reading in reversed(readings) for offer in reversed(offers)
                if datetime.fromisoformat(offer["start"]) == reading}  # the first offer at each reading
        if len(free) > 1 and pick:  # "07:00 or 19:00?" answered "the later one", "la primera"
            return free[sorted(free)[0 if pick == "first" else -1]]
        if len(free) > 1:  # "a las 7" and both 07:00 and 19:00 are free: the customer says which, no guess
            first, second = sorted(free)
            return Draft(self.say("which_half", day=wording.day(self.lang, self.local(first).date()),
                                  first=self.clock(first), second=self.clock(second)), asked_for="when")
        if not free:
            if pick and (chosen := picked(offers[:OFFERS_LISTED], pick)) is not None:
                return chosen  # the time asked was not free; of the free times listed instead, the one picked
            if len(readings) > 1:
                first, second = sorted(readings)
                lead = self.say("times_not_free", day=wording.day(self.lang, self.local(first).date()),
                                first=self.clock(first), second=self.clock(second))
            else:
                lead = self.say("time_not_free", time=when(wanted_at, self.lang, self.r.tz))
            return self.free_times(offers, lead=lead)
        return next(iter(free.values()))

    def step_booking_change(self) -> Draft:
        """The booking just made, moved to the time and party the Ask now holds (the same booking: the engine's
        change), or the question that gets there."""
        held = self.the_booking(latest=True)
        if isinstance(held, Draft):
            return held
        slots = self.scope.slots
        for slot in self.scope.missing:
            return self.ask_for(slot)
        wanted = slots["when"]
        start = datetime.fromisoformat(held["start"])
        part = slots.get("day_part")
        if "T" not in wanted and len(wanted) >= 10 and not part and wanted != self.local(start).date().isoformat():
            # another day said alone ("cámbiala para dentro de 3 días"): the booking's own time, on that day
            wanted = datetime.combine(date.fromisoformat(wanted[:10]), self.local(start).time().replace(tzinfo=None),
                                      tzinfo=ZoneInfo(self.r.tz)).isoformat()
            slots = {**slots, "when": wanted}
        # the booking's own time: said ("a les 9"), or its day with no time and no other part of the day (a day
        # part chose it: "per la tarda", then "som 5")
        at_its_time = (datetime.fromisoformat(wanted) == start if "T" in wanted
                       else wanted == self.local(start).date().isoformat() and (not part or self.in_part(held["start"], part)))
        same_time = at_its_time and fold(str(slots.get("activity"))) in fold(f"{held['activity']} {held['activity_name']}")
        # its own slot: the free places listed count the booking's own, the engine does not
        chosen = {"slot_ref": held["slot_ref"], "start": held["start"], "activity_name": held["activity_name"]} \
            if same_time else self.chosen_slot(slots)
        if isinstance(chosen, Draft):
            return chosen
        changed = self.tool("change_booking", booking_ref=held["booking_ref"], slot_ref=chosen["slot_ref"],
                            party_size=slots["party_size"])
        if not changed["ok"]:
            if changed["error"]["code"] == "conflict":
                lead = self.say("time_just_taken", time=when(datetime.fromisoformat(chosen["start"]), self.lang,
                                                             self.r.tz))
                alternatives = [{"activity_name": chosen["activity_name"], **alternative}
                                for alternative in changed["error"].get("alternatives", [])]
                return self.free_times(alternatives, lead=lead)
            return self.fail(changed)
        data = changed["data"]
        link = self.tool("send_payment_link", booking_ref=data["booking_ref"])
        url = link["data"]["url"] if link["ok"] else ""
        return Draft(self.say("booking_changed", activity=data["activity_name"],
                              start=when(datetime.fromisoformat(data["start"]), self.lang, self.r.tz),
                              party=party(self.lang, data["party_size"]),
                              amount=self.money(data["amount_cents"], data["currency"]), url=url))

    def step_booking_cancel(self) -> Draft:
        """The booking said (by activity or day), or the only one still to come, cancelled; several: which one."""
        held = self.the_booking(latest=False)
        if isinstance(held, Draft):
            return held
        cancelled = self.tool("cancel_booking", booking_ref=held["booking_ref"])
        if not cancelled["ok"]:
            return self.fail(cancelled)
        data = cancelled["data"]
        return Draft(self.say("booking_cancelled", activity=data["activity_name"],
                              start=when(datetime.fromisoformat(data["start"]), self.lang, self.r.tz),
                              party=party(self.lang, data["party_size"])))

    def the_booking(self, *, latest: bool) -> dict | Draft:
        """The customer's booking this follow-up is about: among those still to come, the ones matching the activity
        and day said (a cancellation's), then the only one, or (`latest`: a change of the booking just made) the
        latest made; none → the customer has none; several → which one."""
        found = self.tool("my_bookings")
        if not found["ok"]:
            return self.fail(found)
        bookings = found["data"]["bookings"]
        if not latest:
            activity, said_when = self.scope.slots.get("activity"), self.scope.slots.get("when")
            day = said_when[:10] if isinstance(said_when, str) and len(said_when) >= 10 else None
            if activity:
                bookings = [b for b in bookings if fold(activity) in fold(f"{b['activity']} {b['activity_name']}")]
            if day:
                bookings = [b for b in bookings if self.local(datetime.fromisoformat(b["start"])).date().isoformat()
                            == day]
        if not bookings:
            return Draft(self.say("no_upcoming_booking"))
        if len(bookings) > 1 and not latest:
            lines = "\n".join(f"• {b['activity_name']} — {when(datetime.fromisoformat(b['start']), self.lang, self.r.tz)}"
                              f" ({party(self.lang, b['party_size'])})" for b in bookings[:5])
            return Draft(self.say("which_booking", lines=lines), asked_for="when")
        return bookings[0]

    def free_times(self, offers: list[dict], *, lead: str = "") -> Draft:
        """The free times offered (or none), after `lead` (why the time asked for is not booked), asking which."""
        listed = self.say("slots", lines=self.slot_lines(offers)) if offers else self.say("no_slots")
        return Draft(f"{lead}\n{listed}" if lead else listed, asked_for="when")

    def in_part(self, start: str, part: str) -> bool:
        """Whether a time (ISO) falls in a part of the day, in the school's time zone."""
        return in_day_part(self.local(datetime.fromisoformat(start)).hour, part)

    def local(self, moment: datetime) -> datetime:
        return moment.astimezone(ZoneInfo(self.r.tz))

    def clock(self, moment: datetime) -> str:
        return wording.clock(self.lang, self.local(moment).time().replace(tzinfo=None))

    def other_half(self, moment: datetime) -> datetime:
        """The same day at the hour twelve hours away, in the school's time zone (07:00 ↔ 19:00, 12:00 ↔ 00:00)."""
        local = self.local(moment)
        return local.replace(hour=(local.hour + 12) % 24)

    def step_product_search(self) -> Draft:
        """Answers from catalogue data only: each product's price, its stock or sold-out state, its warranty when
        asked (months, none, or "to be confirmed" when the record has none), the price range, within a budget."""
        slots = self.scope.slots
        budget = slots.get("amount") if isinstance(slots.get("amount"), dict) else None
        words = str(slots.get("device_model") or slots.get("product") or "")
        if self.scope.missing and not budget:
            return self.about_shown_product()
        if self.scope.missing:  # a budget alone ("tenés algo hasta 500 mil?"): the phones within it
            words = "phones"
        if PRODUCTS_APART in words:  # several products asked at once: each searched, all shown
            return self.several_products(words.split(PRODUCTS_APART), budget=budget)
        if (each := each_count(words)) is not None:  # "quiero 2 de cada uno": that many of each product shown
            return self.each_shown_quote(each)
        count, product = product_count(str(slots.get("product") or ""))
        words = product_count(words)[1]
        if count and not budget:  # "quero 3 capinhas do iphone 13": three of the one product they name, quoted
            said = f"{product} {slots.get('device_model') or ''}".split()
            named = " ".join(dict.fromkeys(word for word in said if fold(word) not in GENERIC_PRODUCT_WORDS))
            if quote := self.products_quote([self.quote_item(count, named)]):
                return quote
        query = " ".join(word for word in words.split() if fold(word) not in GENERIC_PRODUCT_WORDS)
        result = self.tool("search_catalog", query=query, capacity_gb=slots.get("capacity_gb"),
                           max_price_cents=budget["amount_cents"] if budget else None, product_ref=None)
        if result["ok"] and not result["data"]["hits"] and not budget and len(query.split()) > 1:
            return self.close_products(query) or self.products_found(result, words=words, budget=budget)
        return self.products_found(result, words=words, budget=budget)

    def several_products(self, parts: list[str], *, budget: dict | None) -> Draft:
        """Each product of a message that asks for several ("funda para el s23 y cargador samsung") searched on its
        own, the products found shown together (each once, in the order asked). With a count said for any of them
        ("2 iphone 14 and 1 case for s23"), a quote of each × its count and the total, when each is one product."""
        counts = [product_count(part) for part in parts]
        if any(count for count, _ in counts) and not budget and (
                quote := self.products_quote([self.quote_item(count or 1, words) for count, words in counts])):
            return quote
        parts = [words for _, words in counts]
        hits: list[dict] = []
        for part in parts:
            query = " ".join(word for word in part.split() if fold(word) not in GENERIC_PRODUCT_WORDS)
            result = self.tool("search_catalog", query=query, capacity_gb=None,
                               max_price_cents=budget["amount_cents"] if budget else None, product_ref=None)
            if result["ok"] and not result["data"]["hits"] and len(query.split()) > 1:
                # "carregador pro iphone 13": no charger names the phone, the chargers are what was asked
                result = self.tool("search_catalog", query=query.split()[0], capacity_gb=None,
                                   max_price_cents=budget["amount_cents"] if budget else None, product_ref=None)
            if not result["ok"]:
                return self.fail(result)
            hits += [hit for hit in result["data"]["hits"][:3] if hit["id"] not in {seen["id"] for seen in hits}]
        return self.products_found({"ok": True, "data": {"hits": hits}}, words="", budget=budget)

    @staticmethod
    def quote_item(count: int, words: str, product_ref: str | None = None) -> dict:
        """One item of `quote_products`: `count` units of the product its words name, or of the one shown behind
        `product_ref`."""
        query = " ".join(word for word in words.split() if fold(word) not in GENERIC_PRODUCT_WORDS)
        return {"query": None if product_ref else query, "product_ref": product_ref, "quantity": count}

    def each_shown_quote(self, count: int) -> Draft:
        """`count` units of each product the last search showed ("quiero 2 de cada uno", "2 of each"), by their
        references (system data, never the earlier words), and the total; none shown → which product; one of them
        no longer on sale → the products, to choose from."""
        shown = self.tool("shown_products")
        products = shown["data"]["products"] if shown["ok"] else []
        if not products:
            return self.ask_for("product")
        quote = self.products_quote([self.quote_item(count, "", product["product_ref"]) for product in products])
        return quote or self.about_shown_product()

    def products_quote(self, items: list[dict]) -> Draft | None:
        """Each product × the count said for it and the total, from `quote_products`; None when a product's words
        find no single product on sale (the products are listed instead)."""
        result = self.tool("quote_products", items=items)
        if not result["ok"] or result["data"]["total_cents"] is None:
            return None
        data = result["data"]
        lines = "\n".join(self.say("quote_line", count=line["quantity"], name=line["name"],
                                    each=self.money(line["price_cents"], line["currency"]),
                                    amount=self.money(line["line_cents"], line["currency"]))
                          for line in data["lines"])
        return Draft(self.say("products_quote", lines=lines, total=self.money(data["total_cents"], data["currency"])))

    def close_products(self, query: str) -> Draft | None:
        """A model the catalogue lacks ("iphone 12"): what it has of the same name ("iphone"), said as such — not
        "nothing found" to a customer who can buy the next model."""
        family = query.split()[0]
        result = self.tool("search_catalog", query=family, capacity_gb=None, max_price_cents=None, product_ref=None)
        hits = result["data"]["hits"][:5] if result["ok"] else []
        if not hits:
            return None
        lines = "\n".join(self.product_line(hit, warranty="warranty" in self.scope.markers) for hit in hits)
        return Draft(self.say("no_products_but", what=query, lines=lines))

    def about_shown_product(self) -> Draft:
        """A follow-up naming no product ("¿cuánto sale?", "¿tiene garantía?") is about what the last search showed
        (system data behind references, never the earlier words): one product → answered from its record; several
        → which one, listing them (narrowed by a storage said); none → which product."""
        shown = self.tool("shown_products")
        products = shown["data"]["products"] if shown["ok"] else []
        capacity = self.scope.slots.get("capacity_gb")
        if capacity and any(product["capacity_gb"] == capacity for product in products):
            products = [product for product in products if product["capacity_gb"] == capacity]
        if not products:
            return self.ask_for("product")
        if len(products) > 1:
            names = "\n".join(f"• {self.product_name(product)}" for product in products)
            return Draft(self.say("which_product", lines=names), asked_for="product")
        result = self.tool("search_catalog", query="", capacity_gb=None, max_price_cents=None,
                           product_ref=products[0]["product_ref"])
        return self.products_found(result, words="", budget=None)

    def products_found(self, result: dict, *, words: str, budget: dict | None) -> Draft:
        markers = self.scope.markers
        if not result["ok"]:
            return self.fail(result)
        hits = result["data"]["hits"]
        if any(fold(word) in PHONE_WORDS for word in words.split()):  # "un celular": phones (they have storage)
            hits = [hit for hit in hits if hit["capacity_gb"]]
        if "cheap" in markers or budget:
            hits = sorted(hits, key=lambda h: (not h["available"], h["price_cents"]))
        hits = hits[:5]
        shown_budget = self.money(budget["amount_cents"], budget["currency"]) if budget else None
        if not hits:
            return Draft(self.say("no_products_within", budget=shown_budget) if budget else self.say("no_products"))
        lines = "\n".join(self.product_line(hit, warranty="warranty" in markers) for hit in hits)
        text = (self.say("products_within", budget=shown_budget, lines=lines) if budget
                else self.say("products", lines=lines))
        prices = sorted({hit["price_cents"] for hit in hits})
        if len(prices) > 1 and ("cheap" in markers or budget or len(hits) > 2):
            text += "\n" + self.say("price_range", low=self.money(prices[0], hits[0]["currency"]),
                                     high=self.money(prices[-1], hits[0]["currency"]))
        return Draft(text)

    @staticmethod
    def product_name(hit: dict) -> str:
        name = hit["name"]
        if hit["capacity_gb"] and f"{hit['capacity_gb']} GB" not in name:
            name += f" {hit['capacity_gb']} GB"
        return name

    def product_line(self, hit: dict, *, warranty: bool) -> str:
        name = self.product_name(hit)
        stock = (self.say("in_stock", count=hit["stock"]) if hit["available"] and hit.get("stock")
                 else self.say("sold_out") if not hit["available"] else "")
        details = [stock] if stock else []
        if warranty:
            months = hit.get("warranty_months")
            details.append(self.say("warranty_unknown") if months is None else self.say("no_warranty") if months == 0
                           else self.say("warranty_months", count=months))
        suffix = f" ({'; '.join(details)})" if details else ""
        return f"• {name} — {self.money(hit['price_cents'], hit['currency'])}{suffix}"

    def step_used_quote(self) -> Draft:
        slots = self.scope.slots
        if slots.get("device_model") and not any(char.isdigit() for char in str(slots["device_model"])):
            return self.ask_for("device_model")  # a line without its model ("mi iphone"): which one
        for slot in self.scope.missing:
            return self.ask_for(slot)
        result = self.tool("quote_used_device", device_model=slots.get("device_model"),
                           capacity_gb=slots.get("capacity_gb"), battery_health=slots.get("battery_health"))
        if not result["ok"]:
            return self.fail(result)
        data = result["data"]
        return Draft(self.say("quote", model=data["model"],
                              capacity=slot_value(self.lang, "capacity_gb", data["capacity_gb"], self.r.tz),
                              battery=slot_value(self.lang, "battery_health", data["battery_health"], self.r.tz),
                              amount=self.money(data["price_cents"], data["currency"]),
                              until=when(datetime.fromisoformat(data["valid_until"]), self.lang, self.r.tz)))
